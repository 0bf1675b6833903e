<?php

declare(strict_types=1);

use Paystra\Hash;
use Paystra\Plugin\Rejected;

/** The front controllers: the signed form, and the return trip to an order (or none). */
final class PaymentTest extends PrestaShopTestCase
{
    private const CONFIRMATION = 'https://shop.test/index.php?controller=order-confirmation&id_cart=31&id_module=7&id_order=1031&key=a1b2c3secure';

    /** Opens the redirect page for a cart; returns the form the page posts. */
    private static function cartSentToPaystra(float $total = 1499.5): array
    {
        self::cart($total);
        $controller = new PaystraRedirectModuleFrontController();
        $controller->postProcess();
        self::assertSame('module:paystra/views/templates/front/redirect.tpl', $controller->template);
        return Context::getContext()->smarty->vars['paystraForm'];
    }

    private static function validation(): PaystraValidationModuleFrontController
    {
        return new PaystraValidationModuleFrontController();
    }

    public function testTheRedirectPageCarriesASignedRequestForTheCart(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $fields = $form['fields'];
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $form['action']);
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertMatches('/^PS-31-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame('https://shop.test/module/paystra/validation', $fields['RETURN_URL']);
        self::assertSame('https://shop.test/module/paystra/webhook', $fields['NOTIFY_URL'] ?? null, 'the webhook endpoint');
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('Kavya Reddy', $fields['CUST_NAME']);
        self::assertSame('kavya.reddy@example.com', $fields['CUST_EMAIL']);
        self::assertSame('9988776655', $fields['CUST_MOBILE']);
        self::assertSame('5', $fields['CUST_ID']);
        self::assertTrue(Hash::verify($fields, self::SALT));
    }

    public function testTheTemplatePostsEveryFieldEscapedAndSubmitsItself(): void
    {
        $template = (string) file_get_contents(PLUGIN_ROOT . '/views/templates/front/redirect.tpl');
        self::assertContains('action="{$paystraForm.action|escape:\'htmlall\':\'UTF-8\'}"', $template);
        self::assertContains('{foreach from=$paystraForm.fields key=name item=value}', $template);
        self::assertContains('value="{$value|escape:\'htmlall\':\'UTF-8\'}"', $template);
        self::assertContains("document.getElementById('paystra-payment-form').submit();", $template);
    }

    public function testAnIncompleteCartGoesBackToTheCheckout(): void
    {
        $redirected = self::assertThrows(Redirected::class, static fn () => (new PaystraRedirectModuleFrontController())->postProcess());
        self::assertSame('https://shop.test/index.php?controller=order', $redirected->url);
        self::cart();
        $GLOBALS['ps']['payment_modules'] = [['name' => 'ps_wirepayment']];
        self::assertThrows(Redirected::class, static fn () => (new PaystraRedirectModuleFrontController())->postProcess());
    }

    public function testACartInAnotherCurrencyIsNotSent(): void
    {
        self::cart(10, 31, 2);
        $redirected = self::assertThrows(Redirected::class, static fn () => (new PaystraRedirectModuleFrontController())->postProcess());
        self::assertContains('cannot be paid with Paystra', $redirected->errors[0]);
        self::assertContains('rupees', $GLOBALS['ps']['logs'][0][1]);
    }

    public function testAPaidResponseTurnsTheCartIntoAPaidOrderWithTheTxnId(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $url = self::validation()->handleResponse(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(self::CONFIRMATION, $url);
        $order = $GLOBALS['ps']['validated'][0];
        self::assertSame(31, $order['id_cart']);
        self::assertSame(2, $order['id_order_state'], 'PS_OS_PAYMENT');
        self::assertSame(1499.5, $order['amount_paid']);
        self::assertSame(['transaction_id' => '1763712000123456'], $order['extra_vars']);
        self::assertSame('a1b2c3secure', $order['secure_key']);
        self::assertSame(1, $order['currency_special']);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', $order['message']);
    }

    public function testADeclinedResponseCreatesNoOrderAndTheCheckoutSaysWhy(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $url = self::validation()->handleResponse(self::declinedResponse($form['fields']['ORDER_ID'], '149950'));
        self::assertSame('https://shop.test/module/paystra/validation?failed=004', $url);
        self::assertSame([], $GLOBALS['ps']['validated'], 'the cart stays a cart: the customer can try again');

        $GLOBALS['ps']['get'] = ['failed' => '004'];
        $redirected = self::assertThrows(Redirected::class, static fn () => self::validation()->postProcess());
        self::assertSame('https://shop.test/index.php?controller=order', $redirected->url);
        self::assertContains('Your bank declined the payment.', $redirected->errors[0]);
    }

    public function testAPendingResponseCreatesAnOrderAwaitingConfirmation(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $url = self::validation()->handleResponse(self::gatewayResponse($form['fields']['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']));
        self::assertSame(self::CONFIRMATION, $url);
        self::assertSame(42, $GLOBALS['ps']['validated'][0]['id_order_state'], 'Awaiting Paystra confirmation');
    }

    public function testATamperedResponseIsRejectedAndNothingChanges(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $orderId = $form['fields']['ORDER_ID'];
        foreach ([
            self::tamperedResponse($orderId, '149950', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']),
            self::tamperedResponse($orderId, '100', ['AMOUNT' => '149950']),
            self::gatewayResponse($orderId, '149950', [], 'not-the-salt-123'),
            ['PAY_ID' => '1000000000000002'] + self::gatewayResponse($orderId, '149950'),
        ] as $posted) {
            self::assertThrows(Rejected::class, static fn () => self::validation()->handleResponse($posted));
        }
        self::assertSame([], $GLOBALS['ps']['validated']);
        self::assertSame(3, $GLOBALS['ps']['logs'][0][0], 'logged as an error');
    }

    public function testAResponseForAnotherAmountOrCartIsRejected(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $handle = static fn (array $posted) => self::validation()->handleResponse($posted);
        self::assertThrows(Rejected::class, static fn () => $handle(self::gatewayResponse($form['fields']['ORDER_ID'], '149900')), 'paise');
        self::assertThrows(Rejected::class, static fn () => $handle(self::gatewayResponse('PS-999-1763712000123', '149950')), 'names no cart');
        self::cart(1499.5, 33, 2);
        self::assertThrows(Rejected::class, static fn () => $handle(self::gatewayResponse('PS-33-1763712000123', '149950')), 'names no cart');
        self::assertThrows(Rejected::class, static fn () => $handle(self::gatewayResponse('WC-31-1763712000123', '149950')), 'not issued by this shop');
        self::assertSame([], $GLOBALS['ps']['validated']);
    }

    public function testACartBecomesOneOrder(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $paid = self::gatewayResponse($form['fields']['ORDER_ID'], '149950');
        self::validation()->handleResponse($paid);
        self::assertSame(self::CONFIRMATION, self::validation()->handleResponse($paid));
        self::assertSame(self::CONFIRMATION, self::validation()->handleResponse(self::declinedResponse('PS-31-1763712000000', '149950')));
        self::assertSame(1, count($GLOBALS['ps']['validated']));
    }

    public function testTheGatewaysPostLeavesTheCustomersCookieAlone(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $_SERVER['REQUEST_METHOD'] = 'POST';
        $GLOBALS['ps']['get'] = self::gatewayResponse($form['fields']['ORDER_ID'], '149950');
        $controller = self::validation();
        $controller->init();
        self::assertFalse(Context::getContext()->cookie->writable);
        $redirected = self::assertThrows(Redirected::class, static fn () => $controller->postProcess());
        self::assertSame(self::CONFIRMATION, $redirected->url);

        $GLOBALS['ps']['get'] = ['PAY_ID' => self::PAY_ID, 'ENCDATA' => 'tampered'];
        $rejected = self::validation();
        $rejected->postProcess();
        self::assertSame('module:paystra/views/templates/front/rejected.tpl', $rejected->template);
    }

    public function testACustomerVisitKeepsTheCookieWritable(): void
    {
        $controller = self::validation();
        $controller->init();
        self::assertTrue(Context::getContext()->cookie->writable);
        self::assertThrows(Redirected::class, static fn () => $controller->postProcess());
    }

    // ---- the webhook (NOTIFY_URL) ----

    /** POSTs a delivery to the webhook controller; returns the HTTP status and the JSON answer. */
    private static function deliver(array $delivery): array
    {
        $controller = new class () extends PaystraWebhookModuleFrontController {
            public string $body = '';
            public array $sent = [];
            protected function rawBody(): string
            {
                return $this->body;
            }
            protected function send(array $answer): void
            {
                $this->sent = $answer;
            }
        };
        $controller->body = $delivery['body'];
        $_SERVER['HTTP_X_PAYSTRA_SIGNATURE'] = $delivery['header'];
        $controller->init();
        $controller->postProcess();
        unset($_SERVER['HTTP_X_PAYSTRA_SIGNATURE']);
        self::assertFalse(Context::getContext()->cookie->writable, 'no cookie for the gateway');
        return $controller->sent;
    }

    public function testTheWebhookTurnsThePaidCartIntoAnOrderWhenTheCustomerNeverReturned(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        [$status, $answer] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'payment.captured', 'order_id' => $form['fields']['ORDER_ID'], 'status' => 'order 1031 state 2'], $answer);
        self::assertSame(1, count($GLOBALS['ps']['validated']));
        self::assertSame(2, $GLOBALS['ps']['validated'][0]['id_order_state'], 'PS_OS_PAYMENT');
        self::assertSame(['transaction_id' => '1763712000123456'], $GLOBALS['ps']['validated'][0]['extra_vars']);
    }

    public function testASecondDeliveryAndTheLateReturnMakeNoSecondOrder(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        self::deliver($delivery);
        self::assertSame(200, self::deliver($delivery)[0]);
        self::assertSame(self::CONFIRMATION, self::validation()->handleResponse(self::gatewayResponse($form['fields']['ORDER_ID'], '149950')), 'the customer still sees the confirmation');
        self::assertSame(1, count($GLOBALS['ps']['validated']));
        self::assertSame([], $GLOBALS['ps']['states']);
    }

    public function testAReturnAndAWebhookAtTheSameMomentMakeOneOrder(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $delivery = self::webhookDelivery($form['fields']['ORDER_ID'], '149950');
        $webhook = null;
        // The webhook holds the cart's lock when the return asks for it: the return waits, then
        // looks the cart's order up inside the lock, finds the webhook's and makes none.
        self::$whileWaiting = static function () use ($delivery, &$webhook): void {
            $webhook = self::deliver($delivery);
        };
        self::assertSame(self::CONFIRMATION, self::validation()->handleResponse(self::gatewayResponse($form['fields']['ORDER_ID'], '149950')));
        self::assertSame([200, 'order 1031 state 2'], [$webhook[0], $webhook[1]['status']]);
        self::assertSame(['GET_LOCK paystra_PS_31', 'GET_LOCK paystra_PS_31', 'RELEASE_LOCK paystra_PS_31', 'RELEASE_LOCK paystra_PS_31'], self::$locks);
        self::assertSame("SELECT GET_LOCK('paystra_PS_31', 10)", Db::getInstance()->queries[0], 'through Db::getInstance()');
        self::assertSame([false, false, false, false], Db::getInstance()->useCache, 'never from the query cache');
        self::assertSame(1, count($GLOBALS['ps']['validated']), 'one order from the cart');
    }

    public function testAWebhookForACartStillLockedIsAnswered503(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        self::$lockBusy = true;
        [$status, $answer] = self::deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(503, $status);
        self::assertSame(true, $answer['retry']);
        self::assertSame([], $GLOBALS['ps']['validated']);
    }

    public function testAFailedEventAfterTheCaptureChangesNothing(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        self::validation()->handleResponse(self::gatewayResponse($form['fields']['ORDER_ID'], '149950'));
        [$status, $answer] = self::deliver(self::declinedDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(200, $status);
        self::assertSame('order 1031 state 2', $answer['status']);
        self::assertSame([], $GLOBALS['ps']['states']);
    }

    public function testAPendingOrderBecomesPaidOrFailedByTheLaterEvent(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $orderId = $form['fields']['ORDER_ID'];
        self::deliver(self::webhookDelivery($orderId, '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']));
        self::assertSame(42, $GLOBALS['ps']['validated'][0]['id_order_state'], 'Awaiting Paystra confirmation');
        self::deliver(self::webhookDelivery($orderId, '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']));
        self::deliver(self::webhookDelivery($orderId, '149950'));
        self::deliver(self::declinedDelivery($orderId, '149950'));
        self::assertSame([[1031, 2]], $GLOBALS['ps']['states'], 'paid once, then never undone');

        self::cartSentToPaystra(1499.5);
        $GLOBALS['ps'] = ['cartOrders' => [], 'validated' => [], 'states' => []] + $GLOBALS['ps'];
        self::deliver(self::webhookDelivery($orderId, '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']));
        self::deliver(self::declinedDelivery($orderId, '149950'));
        self::assertSame([[1031, 8]], $GLOBALS['ps']['states'], 'PS_OS_ERROR');
    }

    public function testADeclinedEventMakesNoOrder(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        [$status, $answer] = self::deliver(self::declinedDelivery($form['fields']['ORDER_ID'], '149950'));
        self::assertSame(200, $status);
        self::assertSame('no order (payment failed)', $answer['status']);
        self::assertSame([], $GLOBALS['ps']['validated']);
    }

    public function testTamperedWrongSecretAndStaleDeliveriesAreRefusedWith400(): void
    {
        $form = self::cartSentToPaystra(1499.5);
        $orderId = $form['fields']['ORDER_ID'];
        foreach ([
            'signature-mismatch' => self::tamperedDelivery(self::webhookDelivery($orderId, '149950')),
            'wrong-secret' => self::webhookDelivery($orderId, '149950', [], '', null, 'wh_another_merchant'),
            'stale-timestamp' => self::webhookDelivery($orderId, '149950', [], '', null, self::WEBHOOK_SECRET, time() - 600),
        ] as $reason => $delivery) {
            self::assertSame([400, ['received' => false, 'reason' => $reason, 'error' => \Paystra\Webhook::MESSAGES[$reason]]], self::deliver($delivery));
        }
        self::assertSame([], $GLOBALS['ps']['validated']);
        self::assertSame(3, end($GLOBALS['ps']['logs'])[0], 'logged as an error');
    }

    public function testTheShopsOwnWebhookSecretIsUsedAndUnknownCartsAre200(): void
    {
        Configuration::updateValue(Paystra::WEBHOOK_SECRET, 'wh_shop_3');
        $form = self::cartSentToPaystra(1499.5);
        self::assertSame(400, self::deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'))[0]);
        self::assertSame(200, self::deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950', [], '', null, 'wh_shop_3'))[0]);
        [$status, $answer] = self::deliver(self::webhookDelivery('PS-999-1763712000123', '149950', [], '', null, 'wh_shop_3'));
        self::assertSame(200, $status);
        self::assertContains('names no cart', $answer['ignored']);
    }

    // ---- settlements (settlement.processed on the same controller) ----

    /** The module's checkout with Paystra's JSON API answered by $transport (no network in tests). */
    private function gatewayAnswers(callable $transport): void
    {
        (new \ReflectionProperty($this->module, 'checkout'))->setValue($this->module, self::withTransport($this->module->checkout(), $transport));
    }

    /** Cart 31, paid by the webhook: order 1031, what a settlement finds. */
    private static function paidOrder(): string
    {
        $form = self::cartSentToPaystra(1499.5);
        self::assertSame(200, self::deliver(self::webhookDelivery($form['fields']['ORDER_ID'], '149950'))[0]);
        self::assertSame(1031, (int) Order::getIdByCartId(31));
        return $form['fields']['ORDER_ID'];
    }

    public function testASettlementRecordsTheUtrAndDateOfTheOrderOnce(): void
    {
        $orderId = self::paidOrder();
        $first = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::paymentLine('WC-31-1763712000123', '149950')]);
        $second = self::settlementAnswer([self::paymentLine($orderId, '149950')], ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'UTR' => 'PYSTN26328000009']);
        $calls = [];
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $first, 'setl_ffffffffffffffffffff' => $second], $calls));
        $delivery = self::settlementDelivery($first);
        [$status, $answer] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame([['order_id' => $orderId, 'result' => 'recorded']], $answer['orders']);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', $calls[0]['url']);
        $recorded = $this->module->settlementOf(1031);
        self::assertSame([self::SETTLEMENT_ID, self::UTR, '2026-11-23'], [$recorded['settlement_id'], $recorded['utr'], $recorded['settlement_date']]);
        self::assertContains('Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR . ': ₹1,499.50', $recorded['note']);
        self::assertSame(2, (new Order(1031))->getCurrentState(), 'the state stays as it is');
        self::assertSame('RELEASE_LOCK paystra_PS_31', end(self::$locks), "under the cart's lock");

        $rows = Db::getInstance()->tables;
        foreach ([$delivery, self::settlementDelivery($first), self::settlementDelivery($second)] as $again) {
            [$status, $answer] = self::deliver($again);
            self::assertSame([200, 'unchanged'], [$status, $answer['orders'][0]['result']]);
        }
        self::assertSame($rows, Db::getInstance()->tables);
    }

    public function testACarriedForwardSettlementRecordsItsDateWithoutAUtr(): void
    {
        $orderId = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::refundLine('PS-30-1763711000000', '900000')], ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD']);
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        self::assertSame('recorded', self::deliver(self::settlementDelivery($answer))[1]['orders'][0]['result']);
        self::assertSame('', $this->module->settlementOf(1031)['utr']);
        self::assertContains('carried forward with no UTR', $this->module->settlementOf(1031)['note']);
    }

    public function testSettledPaymentsOfOtherCartsAreIgnoredAndAnUnreachableGatewayRetried(): void
    {
        $orderId = self::paidOrder();
        Cart::store(32, ['id_customer' => 5, 'id_currency' => 1, 'total' => 500.0]);
        $GLOBALS['ps']['cartOrders'][32] = 1032;
        Order::store(1032, ['module' => 'ps_checkpayment', 'current_state' => 2]);
        $answer = self::settlementAnswer([self::paymentLine('PS-99-1763712000123', '50000'), self::paymentLine('PS-32-1763712000123', '50000'), self::paymentLine($orderId, '100')]);
        $delivery = self::settlementDelivery($answer);
        $this->gatewayAnswers(static fn (string $url): array => throw new \Paystra\GatewayError("Cannot reach the gateway at $url (connection refused)."));
        self::assertSame(503, self::deliver($delivery)[0], 'no answer from Paystra: the gateway delivers it again');
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        [$status, $body] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['ignored', 'ignored', 'ignored'], array_column($body['orders'], 'result'));
        self::assertContains('names no Paystra order', $body['orders'][1]['reason']);
        self::assertContains('is for 100 paise', $body['orders'][2]['reason']);
        self::assertSame([], Db::getInstance()->tables['ps_paystra_settlement']);
    }

    public function testASettlementNotSavedIsAnError(): void
    {
        $orderId = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950')]);
        $this->gatewayAnswers(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        Db::getInstance()->failWrites = true;
        self::assertThrows(\RuntimeException::class, static fn () => self::deliver(self::settlementDelivery($answer)), 'was not saved');
        self::assertSame(null, $this->module->settlementOf(1031));
    }

    // ---- disputes (dispute.created, dispute.won, dispute.lost on the same controller) ----

    public function testADisputeMovesTheOrderToTheDisputeStateAndRecordsTheReasonAndTheDeadline(): void
    {
        $orderId = self::paidOrder();
        [$status, $answer] = self::deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(200, $status);
        self::assertSame(['dispute.created', self::DISPUTE_ID, 'recorded'], [$answer['type'], $answer['dispute_id'], $answer['result']]);
        self::assertSame(43, (new Order(1031))->getCurrentState(), 'Paystra dispute open');
        self::assertSame([1031, 43], end($GLOBALS['ps']['states']), "a line in the order's history");
        $dispute = $this->module->disputeOf(1031);
        self::assertSame([self::DISPUTE_ID, 'OPEN', '13.1', '2026-12-07', '2'], [$dispute['dispute_id'], $dispute['status'], $dispute['reason_code'], $dispute['respond_by'], $dispute['state_before']]);
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard.', $dispute['note']);
        self::assertSame('RELEASE_LOCK paystra_PS_31', end(self::$locks));

        $before = [Db::getInstance()->tables, $GLOBALS['ps']['states']];
        self::assertSame('unchanged', self::deliver(self::disputeDelivery($orderId, '149950'))[1]['result'], 'the same event again');
        self::assertSame($before, [Db::getInstance()->tables, $GLOBALS['ps']['states']]);
    }

    public function testAWonDisputeGivesTheOrderBackItsStateAndALostOneKeepsIt(): void
    {
        $orderId = self::paidOrder();
        (new Order(1031))->setCurrentState(4);
        self::deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame('recorded', self::deliver(self::disputeDelivery($orderId, '149950', 'dispute.won'))[1]['result']);
        self::assertSame(4, (new Order(1031))->getCurrentState(), 'Shipped again');
        self::assertSame(['WON', 'Evidence accepted by the issuer'], [$this->module->disputeOf(1031)['status'], $this->module->disputeOf(1031)['resolution']]);
        self::assertContains('won: Evidence accepted by the issuer.', $this->module->disputeOf(1031)['note']);
        foreach (['dispute.created', 'dispute.lost'] as $late) {
            self::assertSame('unchanged', self::deliver(self::disputeDelivery($orderId, '149950', $late))[1]['result'], "$late after the win");
        }
        self::assertSame(4, (new Order(1031))->getCurrentState());

        Db::getInstance()->tables['ps_paystra_dispute'] = [];
        self::deliver(self::disputeDelivery($orderId, '149950', 'dispute.created', ['DISPUTE_ID' => 'dsp_ffffffffffffffffffff']));
        self::deliver(self::disputeDelivery($orderId, '149950', 'dispute.lost', ['DISPUTE_ID' => 'dsp_ffffffffffffffffffff']));
        self::assertSame(43, (new Order(1031))->getCurrentState(), 'lost: the order stays held for the merchant to refund');
        self::assertContains('lost: No answer by the deadline. The ₹1,499.50 went back to the customer', $this->module->disputeOf(1031)['note']);
    }

    public function testACancelledOrderKeepsItsStateAndOtherCartsAreIgnored(): void
    {
        $orderId = self::paidOrder();
        (new Order(1031))->setCurrentState(6);
        self::assertSame('recorded', self::deliver(self::disputeDelivery($orderId, '149950'))[1]['result']);
        self::assertSame(6, (new Order(1031))->getCurrentState());
        self::assertSame('OPEN', $this->module->disputeOf(1031)['status']);

        [$status, $answer] = self::deliver(self::disputeDelivery('PS-99-1763712000123', '149950'));
        self::assertSame([200, 'ignored'], [$status, $answer['result']]);
        self::assertContains('names no Paystra order', $answer['ignored']);
    }

    public function testADisputeOfALockedCartIsRetriedAndOneNotSavedIsAnError(): void
    {
        $orderId = self::paidOrder();
        self::$lockBusy = true;
        self::assertSame(503, self::deliver(self::disputeDelivery($orderId, '149950'))[0]);
        self::assertSame(null, $this->module->disputeOf(1031));
        self::$lockBusy = false;
        Db::getInstance()->failWrites = true;
        self::assertThrows(\RuntimeException::class, static fn () => self::deliver(self::disputeDelivery($orderId, '149950')), 'was not saved');
        self::assertSame(2, (new Order(1031))->getCurrentState(), 'no state without its record');
    }
}
