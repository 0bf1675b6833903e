<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
namespace Opencart\Catalog\Controller\Extension\Paystra\Payment;

use Paystra\Plugin\Dispute;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;

/**
 * Checkout: the confirm step's button asks confirm() for the signed form and posts it to
 * Paystra. Return: Paystra posts PAY_ID and ENCDATA to return.php, which hands them to
 * callback() with the customer's session; callback() verifies before the order changes.
 * Webhook: Paystra's server posts a signed event to webhook() (the NOTIFY_URL), so the order is
 * paid even when the customer closes the tab; both record the outcome with apply(). When Paystra
 * pays the money out, its settlement.processed event puts the UTR and settlement date in each
 * order's history (recordSettlement()). A cardholder's dispute moves its order to the disputed
 * status with a line of the reason and the deadline, and back when won (recordDispute()).
 */
class Paystra extends \Opencart\System\Engine\Controller {
	/** The confirm step's payment block. */
	public function index(): string {
		$this->load->language('extension/paystra/payment/paystra');
		$this->load->model('extension/paystra/payment/paystra');

		$data['language'] = $this->config->get('config_language');
		$data['test_mode'] = $this->model_extension_paystra_payment_paystra->isTestMode();
		$data['confirm'] = $this->url->link('extension/paystra/payment/paystra.confirm', 'language=' . $this->config->get('config_language'), true);

		return $this->load->view('extension/paystra/payment/paystra', $data);
	}

	/** JSON: the signed hosted-checkout form of the order in the session, or an error. */
	public function confirm(): void {
		$this->load->language('extension/paystra/payment/paystra');
		$this->load->model('extension/paystra/payment/paystra');
		$this->load->model('checkout/order');

		$json = [];
		$order_info = isset($this->session->data['order_id']) ? $this->model_checkout_order->getOrder((int)$this->session->data['order_id']) : [];

		if (!$order_info) {
			$json['error'] = $this->language->get('error_order');
		} elseif (($this->session->data['payment_method']['code'] ?? '') !== \Opencart\Catalog\Model\Extension\Paystra\Payment\Paystra::CODE) {
			$json['error'] = $this->language->get('error_payment_method');
		} elseif ($order_info['currency_code'] !== 'INR') {
			$json['error'] = $this->language->get('error_unavailable');
		}

		if (!$json) {
			$model = $this->model_extension_paystra_payment_paystra;
			try {
				$form = $model->checkout()->request(
					(string)(int)$order_info['order_id'],
					$model->rupeeTotal($order_info),
					[
						'name'   => trim($order_info['firstname'] . ' ' . $order_info['lastname']),
						'email'  => (string)$order_info['email'],
						'mobile' => (string)$order_info['telephone'],
						'id'     => $order_info['customer_id'] ? (string)$order_info['customer_id'] : ''
					],
					$model->returnUrl(),
					$model->webhookUrl()
				);
				$json['action'] = $form['action'];
				$json['fields'] = $form['fields'];
			} catch (\InvalidArgumentException | \Paystra\PaystraException $error) {
				$this->log->write('Paystra: payment request for order ' . (int)$order_info['order_id'] . ' not built: ' . $error->getMessage());
				$json['error'] = $this->language->get('error_unavailable');
			}
		}

		$this->response->addHeader('Content-Type: application/json');
		$this->response->setOutput(json_encode($json));
	}

	/**
	 * POST PAY_ID + ENCDATA (from return.php): verify, record the outcome in the order's history,
	 * then send the customer to the success or failure page.
	 */
	public function callback(): void {
		$this->load->language('extension/paystra/payment/paystra');
		$this->load->model('extension/paystra/payment/paystra');
		$this->load->model('checkout/order');

		$model = $this->model_extension_paystra_payment_paystra;

		try {
			$outcome = $model->checkout()->response([
				'PAY_ID'  => $this->request->post['PAY_ID'] ?? '',
				'ENCDATA' => $this->request->post['ENCDATA'] ?? ''
			]);
			$order_info = $this->orderOf($outcome);
		} catch (Rejected $error) {
			$this->log->write('Paystra: response rejected: ' . $error->getMessage());
			$this->response->addHeader($this->request->server['SERVER_PROTOCOL'] . ' 400 Bad Request');
			$this->response->setOutput('<!doctype html><meta charset="utf-8"><title>' . $this->language->get('heading_title') . '</title><p>' . $this->language->get('text_rejected') . '</p>');
			return;
		}

		try {
			$order_info = $this->apply($order_info, $outcome);
		} catch (Rejected $busy) {
			$this->log->write('Paystra: response not applied: ' . $busy->getMessage());
			$this->response->addHeader($this->request->server['SERVER_PROTOCOL'] . ' 503 Service Unavailable');
			$this->response->setOutput('<!doctype html><meta charset="utf-8"><title>' . $this->language->get('heading_title') . '</title><p>' . $this->language->get('text_rejected') . '</p>');
			return;
		}

		if ($outcome->isFailed() && !$this->isPaid($order_info)) {
			$this->response->redirect($this->url->link('checkout/failure', 'language=' . $this->config->get('config_language'), true));
		} else {
			$this->response->redirect($this->url->link('checkout/success', 'language=' . $this->config->get('config_language'), true));
		}
	}

	/**
	 * POST index.php?route=extension/paystra/payment/paystra.webhook: Paystra's signed event. The
	 * raw body goes to the library's Webhook::verify as it arrived, and nothing in it is acted on
	 * until the signature (webhook secret), the timestamp and the data's HASH (salt) pass; the
	 * verifier reads the JSON before that only to name the likeliest cause of a failed signature.
	 * A payment outcome goes into the order's history as the customer's return would put it, a
	 * settlement's UTR and date into the history of each of its orders, a dispute into its
	 * order's (recordDispute()). JSON: 200 for every
	 * verified event (the gateway stops retrying), 400 with the reason for a refused one, 503 for
	 * one to deliver again (an order locked by another request, a settlement not fetched yet).
	 */
	public function webhook(): void {
		$this->load->model('extension/paystra/payment/paystra');
		$this->load->model('checkout/order');

		$header = $this->request->server['HTTP_X_PAYSTRA_SIGNATURE'] ?? null;
		try {
			$checkout = $this->model_extension_paystra_payment_paystra->checkout();
			[$status, $answer] = $checkout->receiveWebhook(
				$this->rawBody(),
				is_string($header) ? $header : null,
				function (Outcome $outcome): string {
					return (string)$this->apply($this->orderOf($outcome), $outcome)['order_status_id'];
				},
				function (string $level, string $message): void {
					if ($level === 'error') {
						$this->log->write($message);
					}
				},
				settle: fn (SettledPayment $payment): bool => $this->recordSettlement($payment),
				dispute: fn (Dispute $dispute): bool => $this->recordDispute($dispute)
			);
		} catch (\Paystra\PaystraException $error) {
			$this->log->write('Paystra: webhook refused: ' . $error->getMessage());
			[$status, $answer] = [400, ['received' => false, 'reason' => 'not-configured', 'error' => $error->getMessage()]];
		}

		if ($status !== 200) {
			$this->response->addHeader(($this->request->server['SERVER_PROTOCOL'] ?? 'HTTP/1.1') . ($status === 503 ? ' 503 Service Unavailable' : ' 400 Bad Request'));
		}
		$this->response->addHeader('Content-Type: application/json');
		$this->response->addHeader('Cache-Control: no-store');
		$this->response->setOutput(\Paystra\Plugin\HostedCheckout::json($answer));
	}

	/** The request body exactly as it arrived: the signature covers these bytes. */
	protected function rawBody(): string {
		return (string)file_get_contents('php://input');
	}

	/**
	 * The Paystra order in rupees a verified outcome names, with the outcome's amount.
	 *
	 * @throws Rejected
	 */
	private function orderOf(Outcome $outcome): array {
		$order_info = ctype_digit($outcome->ref) ? $this->model_checkout_order->getOrder((int)$outcome->ref) : [];
		if (!$order_info || ($order_info['payment_method']['code'] ?? '') !== \Opencart\Catalog\Model\Extension\Paystra\Payment\Paystra::CODE || $order_info['currency_code'] !== 'INR') {
			throw new Rejected('ORDER_ID ' . $outcome->orderId . ' names no Paystra order of this store.');
		}
		$model = $this->model_extension_paystra_payment_paystra;
		$model->checkout()->expectAmount($outcome, $model->rupeeTotal($order_info));
		return $order_info;
	}

	/**
	 * The outcome in the order's history, from the return or the webhook. A paid order stays
	 * paid: a replayed response, a second delivery or an older attempt's failure adds nothing,
	 * and an order already in the outcome's status (the return and the webhook of one attempt)
	 * gets no second line.
	 *
	 * @return array the order afterwards
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	private function apply(array $order_info, Outcome $outcome): array {
		$model = $this->model_extension_paystra_payment_paystra;
		// The order read again inside its lock: of a return and a webhook arriving together, the
		// second sees the first one's history line and adds none.
		return $model->checkout()->withOrderLock($this->orderLock(), (string)(int)$order_info['order_id'], function () use ($order_info, $outcome): array {
			$order_info = $this->model_checkout_order->getOrder((int)$order_info['order_id']) ?: $order_info;
			$this->applyLocked($order_info, $outcome);
			return $this->model_checkout_order->getOrder((int)$order_info['order_id']) ?: $order_info;
		});
	}

	/**
	 * A settled payment in its order's history, once: a line with the order's status unchanged
	 * and the customer not notified, holding the UTR, the settlement date and id and the amounts.
	 * OpenCart has no order field for them, so that line is the record: an order whose history
	 * already has one keeps it (a repeated event, or a second settlement naming the order,
	 * changes nothing).
	 *
	 * @return bool true when recorded now, false when the order already had a settlement
	 * @throws Rejected when the ORDER_ID names no Paystra order of this store, or another amount
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	private function recordSettlement(SettledPayment $payment): bool {
		$model = $this->model_extension_paystra_payment_paystra;
		$order_info = ctype_digit($payment->ref) ? $this->model_checkout_order->getOrder((int)$payment->ref) : [];
		if (!$order_info || ($order_info['payment_method']['code'] ?? '') !== \Opencart\Catalog\Model\Extension\Paystra\Payment\Paystra::CODE || $order_info['currency_code'] !== 'INR') {
			throw new Rejected('ORDER_ID ' . $payment->orderId . ' names no Paystra order of this store.');
		}
		$model->checkout()->expectSettledAmount($payment, $model->rupeeTotal($order_info));
		$order_id = (int)$order_info['order_id'];
		return $model->checkout()->withOrderLock($this->orderLock(), (string)$order_id, function () use ($model, $order_id, $order_info, $payment): bool {
			if ($model->hasSettlement($order_id)) {
				return false;
			}
			$order_info = $this->model_checkout_order->getOrder($order_id) ?: $order_info;
			$this->model_checkout_order->addHistory($order_id, (int)$order_info['order_status_id'], $payment->note(), false);
			return true;
		});
	}

	/**
	 * A dispute event in its order's history, once, under the order's lock (Dispute::decide()),
	 * the customer not notified: opened, a paid order moves to the disputed status (the
	 * extension's setting, Pending by default) with the reason and the deadline to respond; won,
	 * it goes back to the status it had before the hold; lost, a line (the money went back to the
	 * customer; the order keeps its status for the merchant). OpenCart has no order field for it,
	 * so those lines are the record: a repeated event, or an opening delivered after the decision,
	 * changes nothing.
	 *
	 * @return bool true when the order changed, false when it already had the event
	 * @throws Rejected when the ORDER_ID names no Paystra order of this store
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	private function recordDispute(Dispute $dispute): bool {
		$model = $this->model_extension_paystra_payment_paystra;
		$order_info = ctype_digit($dispute->ref) ? $this->model_checkout_order->getOrder((int)$dispute->ref) : [];
		if (!$order_info || ($order_info['payment_method']['code'] ?? '') !== \Opencart\Catalog\Model\Extension\Paystra\Payment\Paystra::CODE || $order_info['currency_code'] !== 'INR') {
			throw new Rejected('ORDER_ID ' . $dispute->orderId . ' names no Paystra order of this store.');
		}
		$order_id = (int)$order_info['order_id'];
		return $model->checkout()->withOrderLock($this->orderLock(), (string)$order_id, function () use ($model, $order_id, $order_info, $dispute): bool {
			$history = $model->history($order_id);
			$decision = $dispute->decide($dispute->recordedIn(array_column($history, 'comment')));
			if ($decision === Dispute::NOTHING) {
				return false;
			}
			$order_info = $this->model_checkout_order->getOrder($order_id) ?: $order_info;
			$current = (int)$order_info['order_status_id'];
			$status = $current;
			if ($decision === Dispute::HOLD && $this->isPaid($order_info)) {
				$status = $model->disputeStatusId();
			} elseif ($decision === Dispute::RESTORE && $current === $model->disputeStatusId()) {
				$status = (int)$this->config->get('payment_paystra_order_status_id');
				foreach ($history as $line) {
					if (str_starts_with($line['comment'], Dispute::NOTE_PREFIX . $dispute->disputeId . ' ')) {
						break;
					}
					$status = $line['order_status_id'];
				}
			}
			$this->model_checkout_order->addHistory($order_id, $status, $dispute->note(), false);
			return true;
		});
	}

	/** The order's lock: a MySQL named lock on OpenCart's own connection. */
	private function orderLock(): \Paystra\Plugin\MysqlOrderLock {
		return new \Paystra\Plugin\MysqlOrderLock(function (string $sql) {
			$row = $this->db->query($sql)->row;
			return $row ? reset($row) : null;
		});
	}

	private function applyLocked(array $order_info, Outcome $outcome): void {
		// A disputed payment was captured long ago: no answer about it takes the order off hold.
		if ($this->isPaid($order_info) || $this->model_extension_paystra_payment_paystra->hasDispute((int)$order_info['order_id'])) {
			return;
		}
		$status_id = match (true) {
			$outcome->isPaid()    => (int)$this->config->get('payment_paystra_order_status_id'),
			$outcome->isPending() => (int)$this->config->get('payment_paystra_pending_status_id'),
			default               => (int)$this->config->get('payment_paystra_failed_status_id')
		};
		if ((int)$order_info['order_status_id'] === $status_id) {
			return;
		}
		$this->model_checkout_order->addHistory((int)$order_info['order_id'], $status_id, $outcome->summary(), $outcome->isPaid());
	}

	private function isPaid(array $order_info): bool {
		$paid = array_merge((array)$this->config->get('config_processing_status'), (array)$this->config->get('config_complete_status'));
		return in_array((int)$order_info['order_status_id'], array_map('intval', $paid), true);
	}
}
