<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
namespace Opencart\Catalog\Model\Extension\Paystra\Payment;

use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\SettledPayment;

// The Paystra PHP library ships inside the extension (system/library/paystra); HostedCheckout.php
// is the part every Paystra shop plugin shares.
require_once dirname(__DIR__, 3) . '/system/library/paystra/autoload.php';
require_once dirname(__DIR__, 3) . '/system/library/HostedCheckout.php';

/**
 * The payment method at checkout, and the Paystra library built from the extension's settings.
 */
class Paystra extends \Opencart\System\Engine\Model {
	/** Starts every gateway ORDER_ID of this store: OC-<order id>-<milliseconds>. */
	public const ORDER_PREFIX = 'OC';

	/** The method code OpenCart stores on the order: <extension>.<option>. */
	public const CODE = 'paystra.paystra';

	private ?HostedCheckout $checkout = null;

	/**
	 * Offered when enabled and configured, for the customer's address in the geo zone, and only
	 * while the customer pays in rupees.
	 */
	public function getMethods(array $address = []): array {
		$this->load->language('extension/paystra/payment/paystra');

		$status = (bool)$this->config->get('payment_paystra_status')
			&& ($this->session->data['currency'] ?? '') === 'INR'
			&& $this->inGeoZone($address)
			&& $this->isConfigured();

		if (!$status) {
			return [];
		}

		return [
			'code'       => 'paystra',
			'name'       => $this->language->get('heading_title'),
			'option'     => [
				'paystra' => [
					'code' => self::CODE,
					'name' => $this->language->get('heading_title')
				]
			],
			'sort_order' => $this->config->get('payment_paystra_sort_order')
		];
	}

	public function isTestMode(): bool {
		return HostedCheckout::flag($this->config->get('payment_paystra_test_mode'));
	}

	public function isConfigured(): bool {
		try {
			$this->checkout();
			return true;
		} catch (\Paystra\PaystraException $error) {
			return false;
		}
	}

	/** @throws \Paystra\ConfigError when the credentials are incomplete */
	public function checkout(): HostedCheckout {
		return $this->checkout ??= HostedCheckout::fromSettings([
			'pay_id'      => (string)$this->config->get('payment_paystra_pay_id'),
			'salt'        => (string)$this->config->get('payment_paystra_salt'),
			'key_salt'    => (string)$this->config->get('payment_paystra_key_salt'),
			'webhook_secret' => (string)$this->config->get('payment_paystra_webhook_secret'),
			'gateway_url' => (string)$this->config->get('payment_paystra_gateway_url'),
			'test_mode'   => $this->isTestMode()
		], self::ORDER_PREFIX);
	}

	/**
	 * The order total in rupees, as OpenCart shows it to the customer: the stored total (default
	 * currency) at the order's exchange rate, rounded to the rupee's decimal places.
	 */
	public function rupeeTotal(array $order_info): float {
		return (float)$this->currency->format((float)$order_info['total'], 'INR', (float)$order_info['currency_value'], false);
	}

	/**
	 * Where Paystra posts the response: return.php in the extension folder, which hands it on
	 * to the callback route with the customer's session cookie (see return.php).
	 */
	public function returnUrl(): string {
		return rtrim((string)$this->config->get('config_url'), '/') . '/extension/paystra/return.php';
	}

	/** Where Paystra sends the signed webhook (NOTIFY_URL): the catalog controller's webhook(). */
	public function webhookUrl(): string {
		return rtrim((string)$this->config->get('config_url'), '/') . '/index.php?route=extension/paystra/payment/paystra.webhook';
	}

	/**
	 * True when the order's history already has a Paystra settlement line (SettledPayment::note()):
	 * OpenCart keeps no other field for it, so that line is the record of the order's settlement.
	 */
	public function hasSettlement(int $order_id): bool {
		return $this->hasHistoryLine($order_id, SettledPayment::NOTE_PREFIX);
	}

	/** True when the order's history has a Paystra dispute line (Dispute::note()). */
	public function hasDispute(int $order_id): bool {
		return $this->hasHistoryLine($order_id, Dispute::NOTE_PREFIX);
	}

	/**
	 * The order's history, oldest first: each line's order_status_id and comment. A dispute is
	 * recorded only there (Dispute::recordedIn()), as is the status the hold took the order from.
	 *
	 * @return list<array{order_status_id: int, comment: string}>
	 */
	public function history(int $order_id): array {
		$query = $this->db->query("SELECT `order_status_id`, `comment` FROM `" . DB_PREFIX . "order_history` WHERE `order_id` = '" . $order_id . "' ORDER BY `order_history_id`");
		return array_map(static fn (array $row): array => ['order_status_id' => (int)$row['order_status_id'], 'comment' => (string)$row['comment']], $query->rows);
	}

	/**
	 * The status a disputed order is held in: the extension's setting, else the store's default
	 * order status (Pending in a new store).
	 */
	public function disputeStatusId(): int {
		return (int)$this->config->get('payment_paystra_dispute_status_id') ?: (int)$this->config->get('config_order_status_id');
	}

	private function hasHistoryLine(int $order_id, string $prefix): bool {
		$query = $this->db->query("SELECT `order_history_id` FROM `" . DB_PREFIX . "order_history` WHERE `order_id` = '" . $order_id . "' AND `comment` LIKE '" . $this->db->escape($prefix) . "%' LIMIT 1");
		return (bool)$query->num_rows;
	}

	private function inGeoZone(array $address): bool {
		$geo_zone_id = (int)$this->config->get('payment_paystra_geo_zone_id');
		if (!$geo_zone_id || !$this->config->get('config_checkout_payment_address')) {
			return true;
		}
		$query = $this->db->query("SELECT * FROM `" . DB_PREFIX . "zone_to_geo_zone` WHERE `geo_zone_id` = '" . $geo_zone_id . "' AND `country_id` = '" . (int)($address['country_id'] ?? 0) . "' AND (`zone_id` = '" . (int)($address['zone_id'] ?? 0) . "' OR `zone_id` = '0')");
		return (bool)$query->num_rows;
	}
}
