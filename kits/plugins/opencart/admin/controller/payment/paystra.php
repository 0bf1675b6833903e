<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
namespace Opencart\Admin\Controller\Extension\Paystra\Payment;

/**
 * Extensions › Extensions › Payments › Paystra: the settings form (saved over AJAX, as every
 * OpenCart 4 extension form is) and the defaults written on install.
 */
class Paystra extends \Opencart\System\Engine\Controller {
	private const ROUTE = 'extension/paystra/payment/paystra';

	/** Settings a blank password box leaves as they were. */
	private const SECRETS = ['payment_paystra_salt', 'payment_paystra_key_salt', 'payment_paystra_webhook_secret'];

	public function index(): void {
		$this->load->language(self::ROUTE);

		$this->document->setTitle($this->language->get('heading_title'));

		$token = 'user_token=' . $this->session->data['user_token'];

		$data['breadcrumbs'] = [];
		$data['breadcrumbs'][] = ['text' => $this->language->get('text_home'), 'href' => $this->url->link('common/dashboard', $token)];
		$data['breadcrumbs'][] = ['text' => $this->language->get('text_extension'), 'href' => $this->url->link('marketplace/extension', $token . '&type=payment')];
		$data['breadcrumbs'][] = ['text' => $this->language->get('heading_title'), 'href' => $this->url->link(self::ROUTE, $token)];

		$data['save'] = $this->url->link(self::ROUTE . '.save', $token);
		$data['back'] = $this->url->link('marketplace/extension', $token . '&type=payment');

		$data['text_return_url'] = sprintf($this->language->get('text_return_url'), HTTP_CATALOG . 'extension/paystra/return.php');
		$data['text_webhook_url'] = sprintf($this->language->get('text_webhook_url'), HTTP_CATALOG . 'index.php?route=extension/paystra/payment/paystra.webhook');
		$data['help_gateway_url'] = sprintf($this->language->get('help_gateway_url'), 'https://secure.paystra.example/pg', 'https://paystra.example/sandbox');

		foreach (['test_mode', 'pay_id', 'gateway_url', 'order_status_id', 'pending_status_id', 'failed_status_id', 'dispute_status_id', 'geo_zone_id', 'status', 'sort_order'] as $key) {
			$data['payment_paystra_' . $key] = $this->config->get('payment_paystra_' . $key);
		}
		foreach (self::SECRETS as $key) {
			$data[$key . '_saved'] = (string)$this->config->get($key) !== '';
		}

		$this->load->model('localisation/order_status');
		$data['order_statuses'] = $this->model_localisation_order_status->getOrderStatuses();

		$this->load->model('localisation/geo_zone');
		$data['geo_zones'] = $this->model_localisation_geo_zone->getGeoZones();

		$data['header'] = $this->load->controller('common/header');
		$data['column_left'] = $this->load->controller('common/column_left');
		$data['footer'] = $this->load->controller('common/footer');

		$this->response->setOutput($this->load->view(self::ROUTE, $data));
	}

	public function save(): void {
		$this->load->language(self::ROUTE);

		$json = [];
		$post = array_map(static fn ($value) => is_string($value) ? trim($value) : $value, $this->request->post);

		foreach (self::SECRETS as $key) {
			if (($post[$key] ?? '') === '') {
				$post[$key] = (string)$this->config->get($key);
			}
		}

		if (!$this->user->hasPermission('modify', self::ROUTE)) {
			$json['error']['warning'] = $this->language->get('error_permission');
		}
		if (($post['payment_paystra_pay_id'] ?? '') !== '' && !preg_match('/^\d{16}$/', $post['payment_paystra_pay_id'])) {
			$json['error']['pay-id'] = $this->language->get('error_pay_id');
		}
		if (empty($post['payment_paystra_test_mode']) && (($post['payment_paystra_pay_id'] ?? '') === '' || $post['payment_paystra_salt'] === '' || $post['payment_paystra_key_salt'] === '')) {
			$json['error']['warning'] = $this->language->get('error_credentials');
		}
		if (($post['payment_paystra_gateway_url'] ?? '') !== '' && !preg_match('#^https?://[^\s/]+#i', $post['payment_paystra_gateway_url'])) {
			$json['error']['gateway-url'] = $this->language->get('error_gateway_url');
		}

		if (!$json) {
			$this->load->model('setting/setting');
			$this->model_setting_setting->editSetting('payment_paystra', $post);
			$json['success'] = $this->language->get('text_success');
		}

		$this->response->addHeader('Content-Type: application/json');
		$this->response->setOutput(json_encode($json));
	}

	/** Defaults: test mode against the sandbox, Processing when paid, Failed when not, Pending while disputed. */
	public function install(): void {
		$this->load->model('setting/setting');
		$this->model_setting_setting->editSetting('payment_paystra', [
			'payment_paystra_test_mode'         => 1,
			'payment_paystra_order_status_id'   => 2,
			'payment_paystra_pending_status_id' => 1,
			'payment_paystra_failed_status_id'  => 10,
			'payment_paystra_dispute_status_id' => 1,
			'payment_paystra_status'            => 0,
			'payment_paystra_sort_order'        => 0
		]);
	}
}
