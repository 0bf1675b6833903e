<?php

declare(strict_types=1);

use Paystra\Hash;

/** The payment module through osCommerce's checkout: confirmation, return, process. */
final class ModuleTest extends OsCommerceTestCase
{
    private const PAYMENT_ERROR = 'https://store.test/catalog/checkout_payment.php?payment_error=paystra&error=';

    /** Runs return.php in its own PHP process with the given POST fields. */
    private static function relay(array $post): string
    {
        $code = '$_POST = json_decode(getenv("PAYSTRA_POST"), true); include getenv("PAYSTRA_RELAY");';
        $process = proc_open([PHP_BINARY, '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, [
            'PAYSTRA_POST' => json_encode($post), 'PAYSTRA_RELAY' => CATALOG . '/ext/modules/payment/paystra/return.php',
        ]);
        $output = (string) stream_get_contents($pipes[1]);
        $errors = (string) stream_get_contents($pipes[2]);
        proc_close($process);
        self::assertSame('', $errors);
        return $output;
    }

    public function testTheModuleIsOfferedToCustomersPayingInRupees(): void
    {
        $module = new TestPaystra();
        self::assertTrue($module->enabled);
        self::assertSame(['id' => 'paystra', 'module' => 'Cards, UPI, Net Banking and Wallets (Paystra)'], $module->selection());
        self::assertSame(2, $module->order_status);
        self::assertContains('4111 1111 1111 1111', $module->confirmation()['title']);
        $GLOBALS['currency'] = 'USD';
        self::assertFalse((new TestPaystra())->enabled);
    }

    public function testNotOfferedOutsideItsZoneDisabledOrWithoutCredentials(): void
    {
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_ZONE'] = '4';
        $GLOBALS['osc']['zones'] = [['zone_id' => 1200]];
        self::assertFalse((new TestPaystra())->enabled);
        self::assertContains("geo_zone_id = '4' and zone_country_id = '99'", end($GLOBALS['osc']['queries']));
        $GLOBALS['osc']['zones'] = [['zone_id' => 0]];
        self::assertTrue((new TestPaystra())->enabled, 'zone 0 is the whole country');
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_ZONE'] = '0';
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_TEST_MODE'] = 'False';
        self::assertFalse((new TestPaystra())->enabled, 'live mode without credentials');
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_TEST_MODE'] = 'True';
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_STATUS'] = 'False';
        self::assertFalse((new TestPaystra())->enabled);
    }

    public function testTheConfirmationFormPostsASignedRequestToPaystra(): void
    {
        [$action, $fields] = self::confirmationForm();
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $action);
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertMatches('/^OS-12_48213-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame('https://store.test/catalog/ext/modules/payment/paystra/return.php', $fields['RETURN_URL']);
        self::assertSame('https://store.test/catalog/ext/modules/payment/paystra/webhook.php', $fields['NOTIFY_URL'] ?? null);
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('Ananya Iyer', $fields['CUST_NAME']);
        self::assertSame('ananya.iyer@example.com', $fields['CUST_EMAIL']);
        self::assertSame('4423456789', $fields['CUST_MOBILE'], 'the last 10 digits');
        self::assertTrue(Hash::verify($fields, self::SALT));
        self::assertSame([$fields['ORDER_ID'] => '149950'], $_SESSION['paystra_orders']);
    }

    public function testTheTotalIsConvertedAtTheStoresRupeeRate(): void
    {
        $GLOBALS['order']->info['total'] = 18.0;
        $GLOBALS['currencies']->currencies['INR']['value'] = 83.2468;
        [, $fields] = self::confirmationForm();
        self::assertSame('149844', $fields['AMOUNT']);
    }

    public function testAPaidResponseLetsCheckoutProcessCreateTheOrderWithTheTxnId(): void
    {
        [, $fields] = self::confirmationForm();
        self::assertSame(501, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        [$table, $row] = $GLOBALS['osc']['performed'][0];
        self::assertSame('orders_status_history', $table);
        self::assertSame(501, $row['orders_id']);
        self::assertSame(1, $row['orders_status_id'], 'the order status checkout_process.php used');
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', $row['comments']);
        self::assertSame(false, isset($_SESSION['paystra_orders']));
    }

    public function testAPendingResponseUsesThePendingStatus(): void
    {
        $GLOBALS['order']->info['order_status'] = 2;
        [, $fields] = self::confirmationForm();
        self::assertSame(501, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026'])));
        self::assertSame(1, $GLOBALS['order']->info['order_status']);
    }

    public function testADeclinedResponseCreatesNoOrderAndTellsTheCustomerWhy(): void
    {
        [, $fields] = self::confirmationForm();
        $url = self::checkoutProcess(self::declinedResponse($fields['ORDER_ID'], '149950'));
        self::assertSame(self::PAYMENT_ERROR . urlencode('Paystra answered: 004 Transaction declined by the issuing bank. No money was taken; you can try again or choose another payment method.'), $url);
        self::assertSame([], $GLOBALS['osc']['performed']);
        $_GET['error'] = urldecode(substr($url, strlen(self::PAYMENT_ERROR)));
        self::assertContains('004 Transaction declined', (new TestPaystra())->get_error()['error']);
    }

    public function testATamperedResponseCreatesNoOrder(): void
    {
        [, $fields] = self::confirmationForm();
        $orderId = $fields['ORDER_ID'];
        foreach ([
            self::tamperedResponse($orderId, '149950', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']),
            self::tamperedResponse($orderId, '100', ['AMOUNT' => '149950']),
            self::gatewayResponse($orderId, '149950', [], 'not-the-salt-123'),
            ['PAY_ID' => '1000000000000002'] + self::gatewayResponse($orderId, '149950'),
            [],
        ] as $posted) {
            self::assertSame(self::PAYMENT_ERROR . urlencode(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED), self::checkoutProcess($posted));
        }
        self::assertSame([], $GLOBALS['osc']['performed']);
        $log = (string) file_get_contents(ERROR_LOG);
        self::assertContains('Paystra: response rejected: The response HASH does not verify', $log);
        self::assertContains('Paystra: response rejected: The response is for another merchant', $log);
    }

    public function testAResponseForAnotherAmountOrAttemptCreatesNoOrder(): void
    {
        [, $fields] = self::confirmationForm();
        $notVerified = self::PAYMENT_ERROR . urlencode(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED);
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149900')));
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse('OS-12_48213-1763712000123', '149950')), 'never issued to this checkout');
        $GLOBALS['order']->info['total'] = 1500.0;
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')), 'the cart changed since');
        self::assertSame([], $GLOBALS['osc']['performed']);
    }

    public function testEachResponseIsUsedOnceAndEveryOpenAttemptCounts(): void
    {
        [, $first] = self::confirmationForm();
        usleep(2000);
        [, $second] = self::confirmationForm();
        self::assertSame(2, count($_SESSION['paystra_orders']));
        $paid = self::gatewayResponse($first['ORDER_ID'], '149950');
        self::assertSame(501, self::checkoutProcess($paid), 'an earlier tab\'s attempt is still accepted');
        self::assertSame(self::PAYMENT_ERROR . urlencode(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED), self::checkoutProcess($paid), 'a replay creates no second order');
    }

    public function testReturnPhpHandsTheResponseToCheckoutProcessFromTheStoresOwnPage(): void
    {
        $posted = self::gatewayResponse('OS-12_48213-1763712000123', '149950');
        $html = self::relay($posted);
        self::assertContains('<form id="paystra-response" method="post" action="../../../../checkout_process.php">', $html);
        self::assertContains('<input type="hidden" name="ENCDATA" value="' . $posted['ENCDATA'] . '">', $html);
        self::assertContains("document.getElementById('paystra-response').submit();", $html);
        self::assertNotContains('<form', self::relay(['PAY_ID' => '1', 'ENCDATA' => '<b>']));
    }

    public function testInstallAddsEveryKeyAndRemoveDeletesThem(): void
    {
        $module = new TestPaystra();
        $module->install();
        $inserts = array_values(array_filter($GLOBALS['osc']['queries'], static fn ($sql) => str_starts_with($sql, 'insert into configuration')));
        self::assertSame(count($module->keys()), count($inserts));
        foreach ($module->keys() as $index => $key) {
            self::assertContains("'$key'", $inserts[$index]);
        }
        self::assertSame([
            'MODULE_PAYMENT_PAYSTRA_STATUS', 'MODULE_PAYMENT_PAYSTRA_TEST_MODE', 'MODULE_PAYMENT_PAYSTRA_PAY_ID',
            'MODULE_PAYMENT_PAYSTRA_SALT', 'MODULE_PAYMENT_PAYSTRA_KEY_SALT', 'MODULE_PAYMENT_PAYSTRA_WEBHOOK_SECRET', 'MODULE_PAYMENT_PAYSTRA_GATEWAY_URL',
            'MODULE_PAYMENT_PAYSTRA_ZONE', 'MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID', 'MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID',
            'MODULE_PAYMENT_PAYSTRA_SORT_ORDER',
        ], $module->keys());
        self::assertContains("tep_cfg_select_option(array(\\'True\\', \\'False\\'), ", $inserts[0]);
        self::assertContains("'tep_get_order_status_name'", $inserts[8]);
        $module->remove();
        self::assertContains("delete from configuration where configuration_key in ('MODULE_PAYMENT_PAYSTRA_STATUS', ", end($GLOBALS['osc']['queries']));
        self::assertSame(0, $module->check());
    }

    // ---- the webhook (NOTIFY_URL) ----

    /** The order checkout_process.php created from the customer's return ($status: its status id). */
    private static function orderFromTheReturn(array $posted, int $status): void
    {
        $GLOBALS['order']->info['order_status'] = $status;
        self::assertSame(501, self::checkoutProcess($posted));
        $GLOBALS['osc']['orders'][501] = ['status' => $GLOBALS['order']->info['order_status'], 'total' => 1499.5, 'currency' => 'INR', 'history' => [$GLOBALS['osc']['performed'][0][1]['comments']]];
    }

    private static function deliver(array $delivery): array
    {
        return (new TestPaystra())->webhook($delivery['body'], $delivery['header']);
    }

    public function testTheWebhookPaysAnOrderTheReturnLeftPending(): void
    {
        [, $fields] = self::confirmationForm();
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID'] = '4';
        self::orderFromTheReturn(self::gatewayResponse($fields['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']), 1);
        self::assertSame(4, $GLOBALS['osc']['orders'][501]['status']);
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        [$status, $answer] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame('2', $answer['status']);
        self::assertSame(2, $GLOBALS['osc']['orders'][501]['status']);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', end($GLOBALS['osc']['orders'][501]['history']));

        $performed = count($GLOBALS['osc']['performed']);
        self::assertSame(200, self::deliver($delivery)[0], 'a second delivery');
        self::assertSame(200, self::deliver(self::declinedDelivery($fields['ORDER_ID'], '149950'))[0], 'a failure after the capture');
        self::assertSame(2, $GLOBALS['osc']['orders'][501]['status']);
        self::assertSame($performed, count($GLOBALS['osc']['performed']), 'nothing more written');
    }

    public function testTheWebhookAfterAPaidReturnChangesNothing(): void
    {
        [, $fields] = self::confirmationForm();
        self::orderFromTheReturn(self::gatewayResponse($fields['ORDER_ID'], '149950'), 2);
        $performed = count($GLOBALS['osc']['performed']);
        self::assertSame([200, '2'], array_map(static fn ($a) => is_array($a) ? $a['status'] : $a, self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'))));
        self::assertSame($performed, count($GLOBALS['osc']['performed']));
    }

    public function testAPaymentWhoseCustomerNeverReturnedIsAnswered200AndLogged(): void
    {
        [, $fields] = self::confirmationForm();
        [$status, $answer] = self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'));
        self::assertSame(200, $status, 'the gateway stops retrying');
        self::assertContains('this customer has not', $answer['ignored']);
        self::assertContains('creates the order when the customer returns', (string) file_get_contents(ERROR_LOG));
        self::assertSame([], $GLOBALS['osc']['performed']);
    }

    public function testTamperedWrongSecretAndStaleDeliveriesAreRefusedWith400(): void
    {
        [, $fields] = self::confirmationForm();
        $orderId = $fields['ORDER_ID'];
        foreach ([
            'signature-mismatch' => self::tamperedDelivery(self::webhookDelivery($orderId, '149950')),
            'wrong-secret' => self::webhookDelivery($orderId, '149950', [], '', null, 'wh_another_merchant'),
            'stale-timestamp' => self::webhookDelivery($orderId, '149950', [], '', null, self::WEBHOOK_SECRET, time() - 600),
        ] as $reason => $delivery) {
            self::assertSame([400, ['received' => false, 'reason' => $reason, 'error' => \Paystra\Webhook::MESSAGES[$reason]]], self::deliver($delivery));
        }
        self::assertContains('Paystra webhook refused (wrong-secret)', (string) file_get_contents(ERROR_LOG));
    }

    public function testTheStoresOwnWebhookSecretIsUsed(): void
    {
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_WEBHOOK_SECRET'] = 'wh_store_5';
        [, $fields] = self::confirmationForm();
        self::assertSame(400, self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'))[0]);
        self::assertSame(200, self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950', [], '', null, 'wh_store_5'))[0]);
    }
}
