<?php

declare(strict_types=1);

use Paystra\Hash;
use Paystra\Tests\OpenCart\Redirected;

/** The store side: the method at checkout, the signed form, and the return trip. */
final class CatalogTest extends OpenCartTestCase
{
    private const SUCCESS = 'https://store.test/index.php?route=checkout/success&language=en-gb';
    private const FAILURE = 'https://store.test/index.php?route=checkout/failure&language=en-gb';

    /** Clicks the confirm button; returns the JSON the checkout receives. */
    private function confirm(): array
    {
        $this->catalog()->confirm();
        return $this->store->objects['response']->json();
    }

    /** Posts a response to the callback (as return.php does); returns where the customer goes. */
    private function callback(array $posted): string
    {
        $this->store->objects['request']->post = $posted;
        try {
            $this->catalog()->callback();
        } catch (Redirected $redirect) {
            return $redirect->url;
        }
        return '';
    }

    private function model(): \Opencart\Catalog\Model\Extension\Paystra\Payment\Paystra
    {
        $this->store->objects['load']->model('extension/paystra/payment/paystra');
        return $this->store->objects['model_extension_paystra_payment_paystra'];
    }

    public function testTheMethodIsOfferedToCustomersPayingInRupees(): void
    {
        $method = $this->model()->getMethods(['country_id' => 99, 'zone_id' => 1]);
        self::assertSame('paystra', $method['code']);
        self::assertSame(['paystra' => ['code' => 'paystra.paystra', 'name' => 'Cards, UPI, Net Banking and Wallets (Paystra)']], $method['option']);
        self::assertSame('1', $method['sort_order']);
        $this->store->objects['session']->data['currency'] = 'USD';
        self::assertSame([], $this->model()->getMethods([]));
    }

    public function testNotOfferedWhenDisabledOutsideTheGeoZoneOrUnconfigured(): void
    {
        $config = $this->store->objects['config'];
        $config->values['payment_paystra_geo_zone_id'] = '3';
        $config->values['config_checkout_payment_address'] = '1';
        $this->store->objects['db']->rows = 0;
        self::assertSame([], $this->model()->getMethods(['country_id' => 99, 'zone_id' => 1]));
        self::assertContains("`geo_zone_id` = '3' AND `country_id` = '99'", $this->store->objects['db']->queries[0]);
        $this->store->objects['db']->rows = 1;
        self::assertSame('paystra', $this->model()->getMethods(['country_id' => 99, 'zone_id' => 1])['code']);
        $config->values['payment_paystra_status'] = '0';
        self::assertSame([], $this->model()->getMethods([]));
        $config->values['payment_paystra_status'] = '1';
        $config->values['payment_paystra_test_mode'] = '0';
        unset($this->store->objects['model_extension_paystra_payment_paystra']);
        self::assertSame([], $this->model()->getMethods([]), 'live mode without credentials');
    }

    public function testTheConfirmBlockFetchesTheFormFromConfirm(): void
    {
        self::assertSame('[view extension/paystra/payment/paystra]', $this->catalog()->index());
        [$route, $data] = $this->store->objects['load']->views[0];
        self::assertSame('https://store.test/index.php?route=extension/paystra/payment/paystra.confirm&language=en-gb', $data['confirm']);
        self::assertTrue($data['test_mode']);
        $twig = (string) file_get_contents(PLUGIN_ROOT . '/catalog/view/template/payment/paystra.twig');
        self::assertContains("url: '{{ confirm }}'", $twig);
        self::assertContains(".attr('name', name).val(value)", $twig, 'values are set, never parsed as HTML');
        self::assertContains('form.get(0).submit();', $twig);
    }

    public function testConfirmSignsTheOrderInTheSession(): void
    {
        $this->placedOrder(1499.5);
        $json = $this->confirm();
        $fields = $json['fields'];
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $json['action']);
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertMatches('/^OC-77-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame('https://store.test/extension/paystra/return.php', $fields['RETURN_URL']);
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('Rohan Gupta', $fields['CUST_NAME']);
        self::assertSame('rohan.gupta@example.com', $fields['CUST_EMAIL']);
        self::assertSame('9811122233', $fields['CUST_MOBILE']);
        self::assertSame('12', $fields['CUST_ID']);
        self::assertTrue(Hash::verify($fields, self::SALT));
        self::assertSame(['Content-Type: application/json'], $this->store->objects['response']->headers);
    }

    public function testTheTotalIsConvertedAtTheOrdersRateBeforePaise(): void
    {
        $this->placedOrder(18.0);
        $this->orders()->orders[77]['currency_value'] = 83.2468;
        self::assertSame('149844', $this->confirm()['fields']['AMOUNT'], '18 × 83.2468 = 1498.4424 → ₹1,498.44');
    }

    public function testConfirmRefusesWithoutAPaystraOrderInRupees(): void
    {
        self::assertSame(['error' => 'Your order was not found. Please go through checkout again.'], $this->confirm());
        $this->placedOrder(10, 78, 'INR', 'cod.cod');
        self::assertSame('Choose Paystra as the payment method first.', $this->confirm()['error']);
        $this->placedOrder(10, 79, 'USD');
        self::assertContains('cannot be paid with Paystra', $this->confirm()['error']);
    }

    public function testAPaidResponseAddsTheHistoryWithTheTxnIdAndNotifies(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::assertSame(self::SUCCESS, $this->callback(self::gatewayResponse($orderId, '149950')));
        $history = $this->orders()->history[0];
        self::assertSame(77, $history['order_id']);
        self::assertSame(2, $history['order_status_id']);
        self::assertTrue($history['notify']);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', $history['comment']);
    }

    public function testADeclinedResponseFailsTheOrderAndShowsTheFailurePage(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::assertSame(self::FAILURE, $this->callback(self::declinedResponse($orderId, '149950')));
        self::assertSame(10, $this->orders()->history[0]['order_status_id']);
        self::assertFalse($this->orders()->history[0]['notify']);
        self::assertContains('004 Transaction declined by the issuing bank', $this->orders()->history[0]['comment']);
    }

    public function testAPendingResponseUsesThePendingStatus(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::assertSame(self::SUCCESS, $this->callback(self::gatewayResponse($orderId, '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026'])));
        self::assertSame(1, $this->orders()->history[0]['order_status_id']);
    }

    public function testATamperedResponseGets400AndChangesNothing(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        foreach ([
            self::tamperedResponse($orderId, '149950', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']),
            self::tamperedResponse($orderId, '100', ['AMOUNT' => '149950']),
            self::gatewayResponse($orderId, '149950', [], 'not-the-salt-123'),
            ['PAY_ID' => '1000000000000002'] + self::gatewayResponse($orderId, '149950'),
            [],
        ] as $posted) {
            $this->store->objects['response']->headers = [];
            self::assertSame('', $this->callback($posted));
            self::assertSame(['HTTP/1.1 400 Bad Request'], $this->store->objects['response']->headers);
            self::assertContains('could not verify this payment response', $this->store->objects['response']->output);
        }
        self::assertSame([], $this->orders()->history);
        self::assertContains('Paystra: response rejected', $this->store->objects['log']->lines[0]);
    }

    public function testAResponseForAnotherAmountOrOrderIsRejected(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $this->callback(self::gatewayResponse($orderId, '149900'));
        $this->callback(self::gatewayResponse('OC-404-1763712000123', '149950'));
        $this->placedOrder(1499.5, 80, 'INR', 'cod.cod');
        $this->callback(self::gatewayResponse('OC-80-1763712000123', '149950'));
        $this->callback(self::gatewayResponse('PS-77-1763712000123', '149950'));
        self::assertSame([], $this->orders()->history);
        self::assertSame(4, count($this->store->objects['log']->lines));
    }

    public function testAPaidOrderStaysPaid(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $paid = self::gatewayResponse($orderId, '149950');
        $this->callback($paid);
        self::assertSame(self::SUCCESS, $this->callback($paid));
        self::assertSame(self::SUCCESS, $this->callback(self::declinedResponse('OC-77-1763712000000', '149950')));
        self::assertSame(1, count($this->orders()->history));
    }

    // ---- the webhook (NOTIFY_URL) ----

    /** POSTs a delivery to the webhook route; returns the HTTP status and the JSON answer. */
    private function deliver(array $delivery): array
    {
        $controller = new class ($this->store) extends \Opencart\Catalog\Controller\Extension\Paystra\Payment\Paystra {
            public string $body = '';
            protected function rawBody(): string
            {
                return $this->body;
            }
        };
        $controller->body = $delivery['body'];
        $this->store->objects['request']->server['HTTP_X_PAYSTRA_SIGNATURE'] = $delivery['header'];
        $response = $this->store->objects['response'];
        $response->headers = [];
        $controller->webhook();
        self::assertTrue(in_array('Content-Type: application/json', $response->headers, true));
        $status = in_array('HTTP/1.1 400 Bad Request', $response->headers, true) ? 400 : (in_array('HTTP/1.1 503 Service Unavailable', $response->headers, true) ? 503 : 200);
        return [$status, $response->json()];
    }

    public function testConfirmSendsTheWebhookUrlAsNotifyUrl(): void
    {
        $this->placedOrder(1499.5);
        $fields = $this->confirm()['fields'];
        self::assertSame('https://store.test/index.php?route=extension/paystra/payment/paystra.webhook', $fields['NOTIFY_URL'] ?? null);
        self::assertTrue(Hash::verify($fields, self::SALT));
    }

    public function testTheWebhookPaysTheOrderWhenTheCustomerNeverReturned(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $delivery = self::webhookDelivery($orderId, '149950');
        [$status, $answer] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'payment.captured', 'order_id' => $orderId, 'status' => '2'], $answer);
        self::assertSame(1, count($this->orders()->history));
        self::assertSame(2, $this->orders()->history[0]['order_status_id']);
        self::assertTrue($this->orders()->history[0]['notify']);
        self::assertContains('TXN_ID 1763712000123456', $this->orders()->history[0]['comment']);
    }

    public function testASecondDeliveryAndTheLateReturnAddNothing(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $delivery = self::webhookDelivery($orderId, '149950');
        $this->deliver($delivery);
        self::assertSame(200, $this->deliver($delivery)[0]);
        self::assertSame(self::SUCCESS, $this->callback(self::gatewayResponse($orderId, '149950')));
        self::assertSame(1, count($this->orders()->history));
    }

    public function testAReturnAndAWebhookAtTheSameMomentAddOneHistoryLine(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $delivery = self::webhookDelivery($orderId, '149950');
        $webhook = null;
        // The webhook holds the order's lock when the return asks for it: the return waits, then
        // reads the order inside the lock, finds it paid and adds nothing.
        self::$whileWaiting = function () use ($delivery, &$webhook): void {
            $webhook = $this->deliver($delivery);
        };
        self::assertSame(self::SUCCESS, $this->callback(self::gatewayResponse($orderId, '149950')));
        self::assertSame([200, '2'], [$webhook[0], $webhook[1]['status']]);
        $name = 'paystra_OC_' . explode('-', $orderId)[1];
        self::assertSame(["GET_LOCK $name", "GET_LOCK $name", "RELEASE_LOCK $name", "RELEASE_LOCK $name"], self::$locks);
        self::assertTrue(in_array("SELECT GET_LOCK('$name', 10)", $this->store->objects['db']->queries, true), 'through $this->db');
        self::assertSame(1, count($this->orders()->history), 'one history line');
    }

    public function testAWebhookForAnOrderStillLockedIsAnswered503(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::$lockBusy = true;
        [$status, $answer] = $this->deliver(self::webhookDelivery($orderId, '149950'));
        self::assertSame(503, $status);
        self::assertSame(true, $answer['retry']);
        self::assertSame([], $this->orders()->history);
    }

    public function testAFailedEventAfterTheCaptureChangesNothing(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $this->callback(self::gatewayResponse($orderId, '149950'));
        [$status, $answer] = $this->deliver(self::declinedDelivery($orderId, '149950'));
        self::assertSame(200, $status);
        self::assertSame('2', $answer['status']);
        self::assertSame(1, count($this->orders()->history));
    }

    public function testAFailedEventFailsAPendingOrderOnce(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        $this->deliver(self::webhookDelivery($orderId, '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']));
        $this->deliver(self::declinedDelivery($orderId, '149950'));
        $this->callback(self::declinedResponse($orderId, '149950'));
        self::assertSame([1, 10], array_column($this->orders()->history, 'order_status_id'));
    }

    public function testTamperedWrongSecretAndStaleDeliveriesAreRefusedWith400(): void
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        foreach ([
            'signature-mismatch' => self::tamperedDelivery(self::webhookDelivery($orderId, '149950')),
            'wrong-secret' => self::webhookDelivery($orderId, '149950', [], '', null, 'wh_another_merchant'),
            'stale-timestamp' => self::webhookDelivery($orderId, '149950', [], '', null, self::WEBHOOK_SECRET, time() - 600),
        ] as $reason => $delivery) {
            self::assertSame([400, ['received' => false, 'reason' => $reason, 'error' => \Paystra\Webhook::MESSAGES[$reason]]], $this->deliver($delivery));
        }
        self::assertSame([], $this->orders()->history);
        self::assertContains('Paystra webhook refused (stale-timestamp)', end($this->store->objects['log']->lines));
    }

    public function testTheStoresOwnWebhookSecretIsUsedAndUnknownOrdersAre200(): void
    {
        $this->store->objects['config']->values['payment_paystra_webhook_secret'] = 'wh_store_7';
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::assertSame(400, $this->deliver(self::webhookDelivery($orderId, '149950'))[0]);
        self::assertSame(200, $this->deliver(self::webhookDelivery($orderId, '149950', [], '', null, 'wh_store_7'))[0]);
        [$status, $answer] = $this->deliver(self::webhookDelivery('OC-404-1763712000123', '149950', [], '', null, 'wh_store_7'));
        self::assertSame(200, $status);
        self::assertContains('names no Paystra order', $answer['ignored']);
    }

    // ---- settlements (settlement.processed on the same route) ----

    /** The extension's checkout with Paystra's JSON API answered by $transport (no network in tests). */
    private function gatewayAnswers(callable $transport): void
    {
        $model = $this->model();
        (new \ReflectionProperty($model, 'checkout'))->setValue($model, self::withTransport($model->checkout(), $transport));
    }

    /** Order 77, paid by the webhook: what a settlement finds. */
    private function paidOrder(): string
    {
        $this->placedOrder(1499.5);
        $orderId = $this->confirm()['fields']['ORDER_ID'];
        self::assertSame(200, $this->deliver(self::webhookDelivery($orderId, '149950'))[0]);
        self::assertSame(2, $this->orders()->orders[77]['order_status_id']);
        return $orderId;
    }

    public function testASettlementPutsItsUtrAndDateInTheOrdersHistoryOnce(): void
    {
        $orderId = $this->paidOrder();
        $first = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::paymentLine('MG-77-1763712000123', '149950')]);
        $second = self::settlementAnswer([self::paymentLine($orderId, '149950')], ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'UTR' => 'PYSTN26328000009']);
        $calls = [];
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $first, 'setl_ffffffffffffffffffff' => $second], $calls));
        $delivery = self::settlementDelivery($first);
        [$status, $answer] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame([['order_id' => $orderId, 'result' => 'recorded']], $answer['orders']);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', $calls[0]['url']);
        $line = end($this->orders()->history);
        self::assertSame([77, 2, false], [$line['order_id'], $line['order_status_id'], $line['notify']], 'the status unchanged, the customer not notified');
        self::assertContains('Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR . ': ₹1,499.50', $line['comment']);
        self::assertSame('RELEASE_LOCK paystra_OC_77', end(self::$locks));

        $history = $this->orders()->history;
        foreach ([$delivery, self::settlementDelivery($first), self::settlementDelivery($second)] as $again) {
            [$status, $answer] = $this->deliver($again);
            self::assertSame([200, 'unchanged'], [$status, $answer['orders'][0]['result']]);
        }
        self::assertSame($history, $this->orders()->history);
    }

    public function testACarriedForwardSettlementSaysSoWithoutAUtr(): void
    {
        $orderId = $this->paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::refundLine('OC-70-1763711000000', '900000')], ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD']);
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        self::assertSame('recorded', $this->deliver(self::settlementDelivery($answer))[1]['orders'][0]['result']);
        self::assertContains('carried forward with no UTR', end($this->orders()->history)['comment']);
    }

    public function testSettledPaymentsOfOtherOrdersAreIgnoredAndAnUnreachableGatewayRetried(): void
    {
        $orderId = $this->paidOrder();
        $this->placedOrder(500.0, 78, 'INR', 'cod.cod');
        $answer = self::settlementAnswer([self::paymentLine('OC-999-1763712000123', '50000'), self::paymentLine('OC-78-1763712000123', '50000'), self::paymentLine($orderId, '100')]);
        $delivery = self::settlementDelivery($answer);
        $this->gatewayAnswers(static fn (string $url): array => throw new \Paystra\GatewayError("Cannot reach the gateway at $url (connection refused)."));
        self::assertSame(503, $this->deliver($delivery)[0], 'no answer from Paystra: the gateway delivers it again');
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        $history = $this->orders()->history;
        [$status, $body] = $this->deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['ignored', 'ignored', 'ignored'], array_column($body['orders'], 'result'));
        self::assertContains('names no Paystra order', $body['orders'][1]['reason']);
        self::assertContains('is for 100 paise', $body['orders'][2]['reason']);
        self::assertSame($history, $this->orders()->history);
    }

    // ---- disputes (dispute.created, dispute.won, dispute.lost on the same route) ----

    /** The order's Paystra dispute lines in its history. */
    private function disputeLines(int $order_id = 77): array
    {
        return array_values(array_filter($this->orders()->history, static fn (array $line): bool => $line['order_id'] === $order_id && str_starts_with($line['comment'], 'Paystra dispute ')));
    }

    public function testADisputeMovesThePaidOrderToTheDisputedStatusWithTheReasonAndTheDeadline(): void
    {
        $orderId = $this->paidOrder();
        [$status, $answer] = $this->deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(200, $status);
        self::assertSame(['dispute.created', self::DISPUTE_ID, 'recorded'], [$answer['type'], $answer['dispute_id'], $answer['result']]);
        self::assertSame(1, $this->orders()->orders[77]['order_status_id'], 'Pending, the disputed status');
        $lines = $this->disputeLines();
        self::assertSame(1, count($lines));
        self::assertSame([1, false], [$lines[0]['order_status_id'], $lines[0]['notify']], 'the customer is not notified');
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard.', $lines[0]['comment']);
        self::assertSame('RELEASE_LOCK paystra_OC_77', end(self::$locks));

        $history = $this->orders()->history;
        self::assertSame('unchanged', $this->deliver(self::disputeDelivery($orderId, '149950'))[1]['result'], 'the same event again');
        self::assertSame($history, $this->orders()->history);
    }

    public function testAWonDisputeGivesTheOrderBackTheStatusItHadBeforeTheHold(): void
    {
        $orderId = $this->paidOrder();
        $this->orders()->addHistory(77, 5, 'Delivered.', true);
        $this->deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(1, $this->orders()->orders[77]['order_status_id']);
        self::assertSame('recorded', $this->deliver(self::disputeDelivery($orderId, '149950', 'dispute.won'))[1]['result']);
        self::assertSame(5, $this->orders()->orders[77]['order_status_id'], 'Complete again');
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' won: Evidence accepted by the issuer.', $this->disputeLines()[1]['comment']);
        foreach (['dispute.created', 'dispute.won', 'dispute.lost'] as $late) {
            self::assertSame('unchanged', $this->deliver(self::disputeDelivery($orderId, '149950', $late))[1]['result'], "$late after the win");
        }
        self::assertSame(2, count($this->disputeLines()));
    }

    public function testALostDisputeAddsALineAndAReplayedPaymentDoesNotTakeTheOrderOffHold(): void
    {
        $orderId = $this->paidOrder();
        $this->deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame('recorded', $this->deliver(self::disputeDelivery($orderId, '149950', 'dispute.lost'))[1]['result']);
        self::assertContains('lost: No answer by the deadline. The ₹1,499.50 went back to the customer', $this->disputeLines()[1]['comment']);
        $history = $this->orders()->history;
        [$status, $answer] = $this->deliver(self::webhookDelivery($orderId, '149950'));
        self::assertSame([200, '1'], [$status, $answer['status']]);
        self::assertSame($this->callback(self::gatewayResponse($orderId, '149950')), self::SUCCESS);
        self::assertSame($history, $this->orders()->history, 'held in Pending, which is also the pending status here');
    }

    public function testDisputesOfOtherOrdersAreIgnoredAndALockedOrderRetried(): void
    {
        $orderId = $this->paidOrder();
        [$status, $answer] = $this->deliver(self::disputeDelivery('OC-404-1763712000123', '149950'));
        self::assertSame([200, 'ignored'], [$status, $answer['result']]);
        self::assertContains('names no Paystra order', $answer['ignored']);
        self::$lockBusy = true;
        self::assertSame(503, $this->deliver(self::disputeDelivery($orderId, '149950'))[0]);
        self::assertSame([], $this->disputeLines());
    }
}
