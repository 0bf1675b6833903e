<?php

declare(strict_types=1);

use Paystra\Hash;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Rejected;

/** WC_Gateway_Paystra against stand-ins of WordPress and WooCommerce (tests/bootstrap.php). */
final class GatewayTest extends WooCommerceTestCase
{
    private const RETURN_URL = 'http://localhost:8080/wc-api/wc_gateway_paystra/';
    private const WEBHOOK_URL = 'http://localhost:8080/wc-api/paystra_webhook/';

    /** Places an order and renders its order-pay page; returns the order and the posted fields. */
    private static function orderSentToPaystra(string $total = '1499.50', int $id = 42): array
    {
        $order = new WC_Order($id, $total);
        ob_start();
        self::gateway()->receipt_page($id);
        $html = (string) ob_get_clean();
        preg_match_all('/<input type="hidden" name="([A-Z_]+)" value="([^"]*)">/', $html, $inputs, PREG_SET_ORDER);
        $fields = [];
        foreach ($inputs as [, $name, $value]) {
            $fields[$name] = html_entity_decode($value, ENT_QUOTES);
        }
        return [$order, $fields, $html];
    }

    public function testTheGatewayIsRegisteredWithWooCommerce(): void
    {
        self::assertSame(['WC_Gateway_Paystra'], apply_filters('woocommerce_payment_gateways', []));
        self::assertTrue(WC()->payment_gateways()->payment_gateways()['paystra'] instanceof WC_Gateway_Paystra);
    }

    public function testSettingsOfferTheMerchantsCredentialsGatewayUrlAndTestMode(): void
    {
        $fields = self::gateway()->form_fields;
        foreach (['enabled', 'title', 'description', 'test_mode', 'pay_id', 'salt', 'key_salt', 'webhook_secret', 'gateway_url'] as $key) {
            self::assertTrue(isset($fields[$key]), "setting $key");
        }
        self::assertSame('password', $fields['salt']['type']);
        self::assertSame('password', $fields['webhook_secret']['type']);
        self::assertContains(self::WEBHOOK_URL, $fields['webhook_secret']['description']);
        self::assertSame('password', $fields['key_salt']['type']);
        self::assertSame('yes', $fields['test_mode']['default']);
    }

    public function testAPayIdThatIsNotSixteenDigitsIsRefused(): void
    {
        WC_Admin_Settings::$errors = [];
        self::assertSame('1000000000000009', self::gateway()->validate_pay_id_field('pay_id', ' 1000000000000009 '));
        self::assertSame('', self::gateway()->validate_pay_id_field('pay_id', '12345'));
        self::assertSame(1, count(WC_Admin_Settings::$errors));
    }

    public function testOfferedOnlyForRupeesAndWithCredentials(): void
    {
        self::assertTrue(self::gateway()->is_available());
        $GLOBALS['wp_test']['currency'] = 'USD';
        self::assertFalse(self::gateway()->is_available());
        $GLOBALS['wp_test']['currency'] = 'INR';
        self::useSettings(['test_mode' => 'no', 'gateway_url' => '']);
        self::assertFalse(self::gateway()->is_available(), 'live mode without credentials');
        self::useSettings(['enabled' => 'no']);
        self::assertFalse(self::gateway()->is_available());
    }

    public function testProcessPaymentSendsTheCustomerToTheOrderPayPage(): void
    {
        $order = new WC_Order(42, '10.00');
        $result = self::gateway()->process_payment(42);
        self::assertSame('success', $result['result']);
        self::assertSame($order->get_checkout_payment_url(true), $result['redirect']);
        self::assertSame('pending', $order->get_status());
    }

    public function testTheOrderPayPagePostsASignedRequestToPaystra(): void
    {
        [$order, $fields, $html] = self::orderSentToPaystra('1499.50');
        self::assertContains('<form id="paystra-payment-form" method="post" action="http://127.0.0.1:4100/sandbox/paymentrequest">', $html);
        self::assertContains('document.getElementById("paystra-payment-form").submit();', $html);
        self::assertContains('<button type="submit"', $html, 'a button where scripts do not run');
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('1000000000000001', $fields['PAY_ID']);
        self::assertSame(self::RETURN_URL, $fields['RETURN_URL']);
        self::assertSame(self::WEBHOOK_URL, $fields['NOTIFY_URL'] ?? null, 'the webhook endpoint');
        self::assertMatches('/^WC-42-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame('Aarav Sharma', $fields['CUST_NAME']);
        self::assertSame('aarav.sharma@example.com', $fields['CUST_EMAIL']);
        self::assertSame('9876543210', $fields['CUST_MOBILE']);
        self::assertSame('7', $fields['CUST_ID']);
        self::assertTrue(Hash::verify($fields, self::SALT), 'HASH signs exactly the posted fields');
        self::assertSame($fields['ORDER_ID'], $order->get_meta(WC_Gateway_Paystra::META_ORDER_ID));
    }

    public function testEveryAttemptGetsItsOwnOrderId(): void
    {
        [, $first] = self::orderSentToPaystra();
        usleep(2000);
        [, $second] = self::orderSentToPaystra();
        self::assertFalse($first['ORDER_ID'] === $second['ORDER_ID'], 'a retry must not be refused as duplicate (018)');
    }

    public function testAnOrderInAnotherCurrencyIsNotSent(): void
    {
        $order = new WC_Order(43, '10.00', 'pending', 'USD');
        ob_start();
        self::gateway()->receipt_page(43);
        $html = (string) ob_get_clean();
        self::assertNotContains('<form', $html);
        self::assertSame('error', $GLOBALS['wp_test']['notices'][0][0]);
        self::assertSame('', $order->get_meta(WC_Gateway_Paystra::META_ORDER_ID));
    }

    public function testAPaidResponseCompletesThePaymentWithTheTxnId(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $url = self::gateway()->process_return(self::gatewayResponse($fields['ORDER_ID'], '149950'));
        self::assertSame($order->get_checkout_order_received_url(), $url);
        self::assertSame('processing', $order->get_status());
        self::assertSame('1763712000123456', $order->get_transaction_id());
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', implode("\n", $order->notes));
        self::assertSame('000', $order->get_meta(WC_Gateway_Paystra::META_CODE));
    }

    public function testADeclinedResponseFailsTheOrderAndOffersARetry(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $url = self::gateway()->process_return(self::declinedResponse($fields['ORDER_ID'], '149950'));
        self::assertSame('failed', $order->get_status());
        self::assertSame('', $order->get_transaction_id());
        self::assertSame($order->get_checkout_payment_url() . '&paystra=failed', $url);
        self::assertContains('004 Transaction declined by the issuing bank', implode("\n", $order->notes));
        self::assertSame('Transaction declined by the issuing bank', $order->get_meta(WC_Gateway_Paystra::META_MESSAGE));
    }

    public function testAPendingResponsePutsTheOrderOnHold(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $pending = self::gatewayResponse($fields['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']);
        self::assertSame($order->get_checkout_order_received_url(), self::gateway()->process_return($pending));
        self::assertSame('on-hold', $order->get_status());
    }

    public function testATamperedResponseIsRejectedAndTheOrderUntouched(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        foreach ([
            self::tamperedResponse($fields['ORDER_ID'], '149950', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']),
            self::tamperedResponse($fields['ORDER_ID'], '100', ['AMOUNT' => '149950']),
            self::gatewayResponse($fields['ORDER_ID'], '149950', [], 'not-the-salt-123'),
            ['PAY_ID' => '1000000000000002'] + self::gatewayResponse($fields['ORDER_ID'], '149950'),
        ] as $posted) {
            self::assertThrows(Rejected::class, static fn () => self::gateway()->process_return($posted));
        }
        self::assertSame('pending', $order->get_status());
        self::assertSame('', $order->get_transaction_id());
    }

    public function testAResponseForAnotherAmountOrOrderIsRejected(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        self::assertThrows(Rejected::class, static fn () => self::gateway()->process_return(self::gatewayResponse($fields['ORDER_ID'], '100')), 'paise');
        self::assertThrows(Rejected::class, static fn () => self::gateway()->process_return(self::gatewayResponse('WC-999-1763712000123', '149950')), 'names no Paystra order');
        new WC_Order(44, '1499.50', 'pending', 'INR', 'cod');
        self::assertThrows(Rejected::class, static fn () => self::gateway()->process_return(self::gatewayResponse('WC-44-1763712000123', '149950')), 'names no Paystra order');
        self::assertThrows(Rejected::class, static fn () => self::gateway()->process_return(self::gatewayResponse('PS-42-1763712000123', '149950')), 'not issued by this shop');
        self::assertSame('pending', $order->get_status());
    }

    public function testAPaidOrderStaysPaid(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $paid = self::gatewayResponse($fields['ORDER_ID'], '149950');
        self::gateway()->process_return($paid);
        $url = self::gateway()->process_return(self::declinedResponse('WC-42-1763712000000', '149950'));
        self::assertSame('processing', $order->get_status(), 'the failure of an older attempt does not undo the payment');
        self::assertSame($order->get_checkout_order_received_url(), $url);
        self::gateway()->process_return($paid);
        self::assertSame('1763712000123456', $order->get_transaction_id());
    }

    public function testTheReturnEndpointAnswers400ToAnUnverifiedResponse(): void
    {
        new WC_Order(42, '10.00');
        $_POST = ['PAY_ID' => '1000000000000001', 'ENCDATA' => 'tampered'];
        $die = self::assertThrows(WpDie::class, static fn () => self::gateway()->handle_return());
        self::assertSame(400, $die->args['response']);
        self::assertContains('not verify', $die->getMessage());
        self::assertSame('error', $GLOBALS['wp_test']['logs'][0][0], 'rejections are always logged');
        $_POST = [];
    }

    public function testTheWcApiHookPointsAtTheReturnHandler(): void
    {
        $gateway = self::gateway();
        $handlers = $GLOBALS['wp_test']['actions']['woocommerce_api_wc_gateway_paystra'];
        self::assertSame([$gateway, 'handle_return'], end($handlers));
        self::assertSame(self::RETURN_URL, $gateway->return_url());
    }

    public function testTheStatusActionAppliesTheGatewaysSignedAnswer(): void
    {
        [$order, $fields] = self::orderSentToPaystra('250.00');
        $answer = [
            'PAY_ID' => self::PAY_ID, 'ORDER_ID' => $fields['ORDER_ID'], 'AMOUNT' => '25000', 'CURRENCY_CODE' => '356',
            'TXNTYPE' => 'SALE', 'TXN_ID' => '1763712000555555', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000',
            'RESPONSE_MESSAGE' => 'Transaction successful',
        ];
        $GLOBALS['wp_test']['http'] = static fn (string $url, array $args): array => [
            'response' => ['code' => 200],
            'body' => json_encode(Hash::withHash($answer, self::SALT)),
        ];
        self::assertSame(['paystra_check_status' => 'Check Paystra payment status'], apply_filters('woocommerce_order_actions', [], $order));
        do_action('woocommerce_order_action_paystra_check_status', $order);
        $call = $GLOBALS['wp_test']['http_calls'][0];
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/transact', $call['url']);
        self::assertSame('application/json', $call['args']['headers']['Content-Type']);
        $sent = json_decode($call['args']['body'], true);
        ksort($sent);
        self::assertSame(['HASH', 'ORDER_ID', 'PAY_ID', 'TXNTYPE'], array_keys($sent));
        self::assertSame($fields['ORDER_ID'], $sent['ORDER_ID']);
        self::assertSame('STATUS', $sent['TXNTYPE']);
        self::assertSame('processing', $order->get_status());
        self::assertSame('1763712000555555', $order->get_transaction_id());
    }

    public function testAFailedStatusEnquiryOnlyAddsANote(): void
    {
        [$order] = self::orderSentToPaystra('250.00');
        self::gateway()->check_status($order);
        self::assertSame('pending', $order->get_status());
        self::assertContains('Paystra status enquiry failed: Cannot reach Paystra', end($order->notes));
    }

    public function testTestModeShowsTheSandboxTestData(): void
    {
        ob_start();
        self::gateway()->payment_fields();
        self::assertContains('4111 1111 1111 1111', (string) ob_get_clean());
        self::useSettings(['test_mode' => 'no', 'pay_id' => '1000000000000009', 'salt' => 's', 'key_salt' => 'k']);
        ob_start();
        self::gateway()->payment_fields();
        self::assertNotContains('4111', (string) ob_get_clean());
    }

    // ---- the webhook (NOTIFY_URL) ----

    public function testTheWebhookCompletesTheOrderWhenTheCustomerNeverReturned(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        [$status, $answer] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'payment.captured', 'order_id' => $fields['ORDER_ID'], 'status' => 'processing'], $answer);
        self::assertSame('processing', $order->get_status());
        self::assertSame('1763712000123456', $order->get_transaction_id());
        self::assertContains('Paystra 000 Transaction successful', implode("\n", $order->notes));
    }

    public function testASecondDeliveryAndTheLateReturnChangeNothing(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        $before = [$order->get_status(), $order->notes, $order->saves, $order->meta];
        [$status] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(200, $status);
        self::assertSame($order->get_checkout_order_received_url(), self::gateway()->process_return(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        self::assertSame($before, [$order->get_status(), $order->notes, $order->saves, $order->meta]);
    }

    public function testAReturnAndAWebhookAtTheSameMomentCompleteThePaymentOnce(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        $webhook = null;
        $saves = $order->saves;
        // The webhook holds the order's lock when the return asks for it: the return waits, then
        // reads the order inside the lock, finds it paid and records nothing.
        self::$whileWaiting = static function () use ($delivery, &$webhook): void {
            $webhook = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        };
        self::assertSame($order->get_checkout_order_received_url(), self::gateway()->process_return(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        self::assertSame([200, 'processing'], [$webhook[0], $webhook[1]['status']]);
        $name = 'paystra_WC_' . $order->get_id();
        self::assertSame(["GET_LOCK $name", "GET_LOCK $name", "RELEASE_LOCK $name", "RELEASE_LOCK $name"], self::$locks);
        self::assertSame("SELECT GET_LOCK('$name', 10)", $GLOBALS['wpdb']->queries[0], 'through $wpdb');
        self::assertSame(1, count(array_filter($order->notes, static fn ($note) => str_contains($note, 'Paystra 000'))), 'one payment note');
        self::assertSame($saves + 1, $order->saves);
    }

    public function testAWebhookForAnOrderStillLockedIsAnswered503(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        self::$lockBusy = true;
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        [$status, $answer] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(503, $status);
        self::assertSame(true, $answer['retry']);
        self::assertSame('pending', $order->get_status());
    }

    public function testTheWebhookAfterTheReturnAddsNothing(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        self::gateway()->process_return(self::declinedResponse($fields['ORDER_ID'], '149950'));
        $notes = $order->notes;
        $delivery = self::declinedDelivery($fields['ORDER_ID'], '149950');
        self::assertSame(200, self::gateway()->process_webhook($delivery['body'], $delivery['header'])[0]);
        self::assertSame('failed', $order->get_status());
        self::assertSame($notes, $order->notes, 'the same answer is recorded once');
    }

    public function testAFailedEventAfterTheCaptureChangesNothing(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $captured = self::webhookDelivery($fields['ORDER_ID'], '149950');
        self::gateway()->process_webhook($captured['body'], $captured['header']);
        $notes = $order->notes;
        $failed = self::declinedDelivery($fields['ORDER_ID'], '149950');
        [$status, $answer] = self::gateway()->process_webhook($failed['body'], $failed['header']);
        self::assertSame(200, $status);
        self::assertSame('processing', $answer['status']);
        self::assertSame('processing', $order->get_status());
        self::assertSame('1763712000123456', $order->get_transaction_id());
        self::assertSame($notes, $order->notes);
    }

    public function testAFailedEventFailsAPendingOrderAndAPendingOneLeavesItOnHold(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $pending = self::webhookDelivery($fields['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026', 'RESPONSE_MESSAGE' => 'Transaction pending']);
        self::gateway()->process_webhook($pending['body'], $pending['header']);
        self::assertSame('on-hold', $order->get_status());
        $failed = self::declinedDelivery($fields['ORDER_ID'], '149950');
        self::gateway()->process_webhook($failed['body'], $failed['header']);
        self::assertSame('failed', $order->get_status());
    }

    public function testTamperedWrongSecretAndStaleDeliveriesAreRefusedWith400(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        foreach ([
            'signature-mismatch' => self::tamperedDelivery($delivery),
            'wrong-secret' => self::webhookDelivery($fields['ORDER_ID'], '149950', [], '', null, 'wh_another_merchant'),
            'stale-timestamp' => self::webhookDelivery($fields['ORDER_ID'], '149950', [], '', null, self::WEBHOOK_SECRET, time() - 600),
        ] as $reason => $refused) {
            [$status, $answer] = self::gateway()->process_webhook($refused['body'], $refused['header']);
            self::assertSame(400, $status, $reason);
            self::assertSame(['received' => false, 'reason' => $reason, 'error' => \Paystra\Webhook::MESSAGES[$reason]], $answer);
        }
        self::assertSame('pending', $order->get_status());
        self::assertSame([], $order->notes);
        self::assertSame('error', $GLOBALS['wp_test']['logs'][count($GLOBALS['wp_test']['logs']) - 1][0], 'refusals are always logged');
    }

    public function testTheMerchantsOwnWebhookSecretIsUsed(): void
    {
        self::useSettings(['webhook_secret' => 'wh_shop_secret_1']);
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        $demo = self::webhookDelivery($fields['ORDER_ID'], '149950');
        self::assertSame(400, self::gateway()->process_webhook($demo['body'], $demo['header'])[0]);
        $own = self::webhookDelivery($fields['ORDER_ID'], '149950', [], '', null, 'wh_shop_secret_1');
        self::assertSame(200, self::gateway()->process_webhook($own['body'], $own['header'])[0]);
        self::assertSame('processing', $order->get_status());
    }

    public function testUnknownOrdersAndOtherAmountsAreAnswered200AndChangeNothing(): void
    {
        [$order, $fields] = self::orderSentToPaystra('1499.50');
        foreach ([self::webhookDelivery('WC-999-1763712000123', '149950'), self::webhookDelivery($fields['ORDER_ID'], '100'), self::webhookDelivery('PS-42-1763712000123', '149950')] as $delivery) {
            [$status, $answer] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
            self::assertSame(200, $status, 'the gateway stops retrying');
            self::assertTrue(isset($answer['ignored']));
        }
        self::assertSame('pending', $order->get_status());
    }

    public function testTheWebhookEndpointIsAWcApiHandlerThatAnswersJson(): void
    {
        $gateway = self::gateway();
        $handlers = $GLOBALS['wp_test']['actions']['woocommerce_api_paystra_webhook'];
        self::assertSame([$gateway, 'handle_webhook'], end($handlers));
        self::assertSame(self::WEBHOOK_URL, $gateway->webhook_url());
        $_SERVER['HTTP_X_PAYSTRA_SIGNATURE'] = 't=1,v1=nothex';
        $sent = self::assertThrows(WpSendJson::class, static fn () => $gateway->handle_webhook());
        unset($_SERVER['HTTP_X_PAYSTRA_SIGNATURE']);
        self::assertSame(400, $sent->status);
        self::assertSame('malformed-header', $sent->data['reason']);
    }

    // ---- settlements (settlement.processed on the same endpoint) ----

    /** Paystra answers the settlement call through the WordPress HTTP API with these settlements. */
    private static function gatewayHasSettlements(array ...$answers): void
    {
        $transport = self::settlementTransport(array_column($answers, null, 'SETTLEMENT_ID'));
        $GLOBALS['wp_test']['http'] = static function (string $url, array $args) use ($transport): array {
            [$status, $body] = $transport($url, $args['body']);
            return ['response' => ['code' => $status], 'body' => $body];
        };
    }

    /** Order 42, paid by the webhook: what a settlement finds. */
    private static function paidOrder(string $total = '1499.50', int $id = 42): array
    {
        [$order, $fields] = self::orderSentToPaystra($total, $id);
        $delivery = self::webhookDelivery($fields['ORDER_ID'], HostedCheckout::toPaise($total));
        self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame('processing', $order->get_status());
        return [$order, $fields['ORDER_ID']];
    }

    public function testASettlementRecordsTheUtrAndDateOnTheOrderAsMetaAndANote(): void
    {
        [$order, $orderId] = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::paymentLine('PS-42-1763712000123', '149950'), self::refundLine('WC-41-1763711000000', '5000')]);
        self::gatewayHasSettlements($answer);
        $delivery = self::settlementDelivery($answer);
        [$status, $body] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(200, $status);
        self::assertSame([['order_id' => $orderId, 'result' => 'recorded']], $body['orders'], "another shop's payment and a refund name no order here");
        self::assertSame(self::UTR, $order->get_meta(WC_Gateway_Paystra::META_UTR));
        self::assertSame('_paystra_utr', WC_Gateway_Paystra::META_UTR);
        self::assertSame('2026-11-23', $order->get_meta('_paystra_settlement_date'));
        self::assertSame(self::SETTLEMENT_ID, $order->get_meta('_paystra_settlement_id'));
        self::assertContains('Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR . ': ₹1,499.50, fee ₹29.99', end($order->notes));
        self::assertSame('processing', $order->get_status(), 'a settlement changes no status');
        $call = end($GLOBALS['wp_test']['http_calls']);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', $call['url']);
        self::assertSame(self::SETTLEMENT_ID, json_decode($call['args']['body'], true)['SETTLEMENT_ID']);
        self::assertSame('paystra_WC_42', substr((string) end(self::$locks), strlen('RELEASE_LOCK ')), "under the order's lock");
    }

    public function testARepeatedEventOrASecondSettlementChangesNothing(): void
    {
        [$order, $orderId] = self::paidOrder();
        $first = self::settlementAnswer([self::paymentLine($orderId, '149950')]);
        $second = self::settlementAnswer([self::paymentLine($orderId, '149950')], ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'UTR' => 'PYSTN26328000009', 'SETTLEMENT_DATE' => '2026-11-24']);
        self::gatewayHasSettlements($first, $second);
        $delivery = self::settlementDelivery($first);
        self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        $before = [$order->notes, $order->saves, $order->meta];
        foreach ([$delivery, self::settlementDelivery($first), self::settlementDelivery($second)] as $again) {
            [$status, $body] = self::gateway()->process_webhook($again['body'], $again['header']);
            self::assertSame(200, $status);
            self::assertSame('unchanged', $body['orders'][0]['result']);
        }
        self::assertSame($before, [$order->notes, $order->saves, $order->meta]);
        self::assertSame(self::UTR, $order->get_meta(WC_Gateway_Paystra::META_UTR));
    }

    public function testACarriedForwardSettlementRecordsItsDateWithoutAUtr(): void
    {
        [$order, $orderId] = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::refundLine('WC-40-1763711000000', '900000')], ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD']);
        self::gatewayHasSettlements($answer);
        $delivery = self::settlementDelivery($answer);
        self::assertSame('recorded', self::gateway()->process_webhook($delivery['body'], $delivery['header'])[1]['orders'][0]['result']);
        self::assertSame('', $order->get_meta(WC_Gateway_Paystra::META_UTR));
        self::assertSame('2026-11-23', $order->get_meta(WC_Gateway_Paystra::META_SETTLEMENT_DATE));
        self::assertContains('carried forward', end($order->notes));
    }

    public function testSettledPaymentsOfOrdersThatAreNotPaystrasOrOfAnotherAmountAreIgnored(): void
    {
        [$order, $orderId] = self::paidOrder();
        $cod = new WC_Order(44, '500.00', 'processing', 'INR', 'cod');
        $answer = self::settlementAnswer([self::paymentLine('WC-999-1763712000123', '50000'), self::paymentLine('WC-44-1763712000123', '50000'), self::paymentLine($orderId, '100')]);
        self::gatewayHasSettlements($answer);
        $delivery = self::settlementDelivery($answer);
        [$status, $body] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(200, $status);
        self::assertSame(['ignored', 'ignored', 'ignored'], array_column($body['orders'], 'result'));
        self::assertContains('names no Paystra order', $body['orders'][1]['reason']);
        self::assertContains('is for 100 paise', $body['orders'][2]['reason']);
        self::assertSame('', $order->get_meta(WC_Gateway_Paystra::META_UTR));
        self::assertSame([], $cod->meta);
    }

    public function testASettlementPaystraCannotBeAskedAboutNowIsRetried(): void
    {
        [$order, $orderId] = self::paidOrder();
        $delivery = self::settlementDelivery(self::settlementAnswer([self::paymentLine($orderId, '149950')]));
        $GLOBALS['wp_test']['http'] = null;
        [$status, $body] = self::gateway()->process_webhook($delivery['body'], $delivery['header']);
        self::assertSame(503, $status);
        self::assertContains('Cannot reach Paystra', $body['error']);
        self::assertSame('', $order->get_meta(WC_Gateway_Paystra::META_UTR));

        self::gatewayHasSettlements(self::settlementAnswer([self::paymentLine($orderId, '149950')]));
        self::$lockBusy = true;
        self::assertSame(503, self::gateway()->process_webhook($delivery['body'], $delivery['header'])[0], 'an order another request holds');
        self::$lockBusy = false;
        self::assertSame(200, self::gateway()->process_webhook($delivery['body'], $delivery['header'])[0]);
        self::assertSame(self::UTR, $order->get_meta(WC_Gateway_Paystra::META_UTR));
    }

    // ---- disputes (dispute.created, dispute.won, dispute.lost on the same endpoint) ----

    private static function deliverDispute(string $orderId, string $type = 'dispute.created', array $overrides = []): array
    {
        $delivery = self::disputeDelivery($orderId, '149950', $type, $overrides);
        return self::gateway()->process_webhook($delivery['body'], $delivery['header']);
    }

    public function testADisputePutsThePaidOrderOnHoldWithAPrivateNoteOfTheReasonAndTheDeadline(): void
    {
        [$order, $orderId] = self::paidOrder();
        [$status, $body] = self::deliverDispute($orderId);
        self::assertSame(200, $status);
        self::assertSame(['dispute.created', $orderId, self::DISPUTE_ID, 'recorded'], [$body['type'], $body['order_id'], $body['dispute_id'], $body['result']]);
        self::assertSame('on-hold', $order->get_status());
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard. ₹1,499.50 is held from your settlements', end($order->notes));
        self::assertSame(
            [self::DISPUTE_ID . ' created', self::DISPUTE_ID, 'OPEN', '2026-12-07', 'processing'],
            [$order->get_meta('_paystra_dispute'), $order->get_meta('_paystra_dispute_id'), $order->get_meta('_paystra_dispute_status'), $order->get_meta(WC_Gateway_Paystra::META_DISPUTE_RESPOND_BY), $order->get_meta(WC_Gateway_Paystra::META_DISPUTE_HELD_FROM)],
        );
        self::assertSame('RELEASE_LOCK paystra_WC_42', end(self::$locks), "under the order's lock");

        $before = [$order->get_status(), $order->notes, $order->meta, $order->saves];
        [$status, $body] = self::deliverDispute($orderId);
        self::assertSame([200, 'unchanged'], [$status, $body['result']], 'the same event again');
        self::assertSame($before, [$order->get_status(), $order->notes, $order->meta, $order->saves]);
    }

    public function testAWonDisputeGivesTheOrderBackTheStatusItHadBeforeTheHold(): void
    {
        [$order, $orderId] = self::paidOrder();
        $order->update_status('completed');
        self::deliverDispute($orderId);
        self::assertSame('on-hold', $order->get_status());
        [$status, $body] = self::deliverDispute($orderId, 'dispute.won');
        self::assertSame([200, 'recorded'], [$status, $body['result']]);
        self::assertSame('completed', $order->get_status());
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' won: Evidence accepted by the issuer. The ₹1,499.50 held is released in your next settlement', end($order->notes));
        self::assertSame([self::DISPUTE_ID . ' won', 'WON', ''], [$order->get_meta('_paystra_dispute'), $order->get_meta('_paystra_dispute_status'), $order->get_meta('_paystra_dispute_held_from')]);

        $notes = $order->notes;
        foreach (['dispute.won', 'dispute.created', 'dispute.lost'] as $late) {
            self::assertSame('unchanged', self::deliverDispute($orderId, $late)[1]['result'], "$late after the win");
        }
        self::assertSame(['completed', $notes], [$order->get_status(), $order->notes]);
    }

    public function testALostDisputeAddsANoteAndLeavesTheOrderOnHoldForTheMerchant(): void
    {
        [$order, $orderId] = self::paidOrder();
        self::deliverDispute($orderId);
        self::assertSame('recorded', self::deliverDispute($orderId, 'dispute.lost')[1]['result']);
        self::assertSame('on-hold', $order->get_status());
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' lost: No answer by the deadline. The ₹1,499.50 went back to the customer', end($order->notes));
        self::assertSame('LOST', $order->get_meta('_paystra_dispute_status'));
    }

    public function testAReplayedPaymentDoesNotTakeAnOrderOffHold(): void
    {
        [$order, $orderId] = self::paidOrder();
        self::deliverDispute($orderId);
        $notes = $order->notes;
        $captured = self::webhookDelivery($orderId, '149950');
        self::assertSame(200, self::gateway()->process_webhook($captured['body'], $captured['header'])[0]);
        self::gateway()->process_return(self::gatewayResponse($orderId, '149950'));
        self::assertSame(['on-hold', $notes], [$order->get_status(), $order->notes]);
    }

    public function testDisputesOfOrdersThatAreNotPaystrasAreIgnoredAndABusyOrderIsRetried(): void
    {
        [$order, $orderId] = self::paidOrder();
        $cod = new WC_Order(44, '1499.50', 'processing', 'INR', 'cod');
        foreach (['WC-999-1763712000123', 'WC-44-1763712000123'] as $other) {
            [$status, $body] = self::deliverDispute($other);
            self::assertSame([200, 'ignored'], [$status, $body['result']]);
            self::assertContains('names no Paystra order', $body['ignored']);
        }
        self::assertSame(['processing', []], [$cod->get_status(), $cod->notes]);

        self::$lockBusy = true;
        [$status, $body] = self::deliverDispute($orderId);
        self::assertSame([503, true], [$status, $body['retry']]);
        self::assertSame('processing', $order->get_status());
        self::$lockBusy = false;
        self::assertSame('recorded', self::deliverDispute($orderId)[1]['result'], "Paystra's retry");
        self::assertSame('on-hold', $order->get_status());
    }
}
