<?php

declare(strict_types=1);

use Paystra\Hash;

/** The payment module through osCommerce's checkout: confirmation, return, process. */
final class ModuleTest extends OsCommerceTestCase
{
    private const PAYMENT_ERROR = 'https://store.test/catalog/checkout_payment.php?payment_error=paystra&error=';
    private const SUCCESS = 'https://store.test/catalog/checkout_success.php';

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
        self::assertSame(5, $module->order_status, 'orders are written in the Preparing [Paystra] status');
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

    public function testTheConfirmationWritesThePreparingOrderAndPostsASignedRequestForIt(): void
    {
        [$action, $fields] = self::confirmationForm();
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $action);
        self::assertSame('149950', $fields['AMOUNT'], '₹1,499.50 in paise');
        self::assertMatches('/^OS-501-\d{13}$/', $fields['ORDER_ID'], 'the order written at the confirmation');
        self::assertSame('https://store.test/catalog/ext/modules/payment/paystra/return.php', $fields['RETURN_URL']);
        self::assertSame('https://store.test/catalog/ext/modules/payment/paystra/webhook.php', $fields['NOTIFY_URL'] ?? null);
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame('Ananya Iyer', $fields['CUST_NAME']);
        self::assertSame('ananya.iyer@example.com', $fields['CUST_EMAIL']);
        self::assertSame('4423456789', $fields['CUST_MOBILE'], 'the last 10 digits');
        self::assertTrue(Hash::verify($fields, self::SALT));
        self::assertSame([$fields['ORDER_ID'] => '149950'], $_SESSION['paystra_orders']);

        $order = osc_order(501);
        self::assertSame(5, $order['orders_status'], 'Preparing [Paystra]');
        self::assertSame(12, $order['customers_id']);
        self::assertSame('Ananya Iyer', $order['delivery_name']);
        self::assertSame('INR', $order['currency']);
        self::assertSame(['ot_subtotal', 'ot_shipping', 'ot_total'], array_column(osc_rows('orders_total', 'orders_id', 501), 'class'));
        self::assertSame(['Tirukkural (hardback)'], array_column(osc_rows('orders_products', 'orders_id', 501), 'products_name'));
        self::assertSame([], osc_rows('orders_status_history', 'orders_id', 501), 'no history until Paystra answers');
        self::assertSame(10, $GLOBALS['osc']['db']['products'][7]['products_quantity'], 'stock changes only when paid');
        self::assertSame(501, $_SESSION['paystra_order']['orders_id']);
    }

    public function testTheTotalIsConvertedAtTheStoresRupeeRate(): void
    {
        $GLOBALS['order']->info['total'] = 18.0;
        $GLOBALS['currencies']->currencies['INR']['value'] = 83.2468;
        [, $fields] = self::confirmationForm();
        self::assertSame('149844', $fields['AMOUNT']);
    }

    public function testTheSameCartKeepsItsOrderAndAChangedCartReplacesTheUnpaidOne(): void
    {
        [, $first] = self::confirmationForm();
        usleep(2000);
        [, $again] = self::confirmationForm();
        self::assertMatches('/^OS-501-/', $again['ORDER_ID'], 'a reloaded confirmation page: the same order');
        self::assertSame(1, count($GLOBALS['osc']['db']['orders']));

        $GLOBALS['cart']->cartID = '48214';
        $GLOBALS['order']->info['total'] = 1599.5;
        [, $changed] = self::confirmationForm();
        self::assertSame(null, osc_order(501), 'the unpaid order of the old cart is deleted');
        self::assertSame([], osc_rows('orders_products', 'orders_id', 501));
        $new = $_SESSION['paystra_order']['orders_id'];
        self::assertMatches('/^OS-' . $new . '-/', $changed['ORDER_ID']);
        self::assertSame('159950', $changed['AMOUNT']);
        self::assertSame(['GET_LOCK paystra_OS_501', 'RELEASE_LOCK paystra_OS_501'], self::$locks, 'deleted under the order lock');
    }

    public function testAPaidReturnPlacesTheOrderAndShowsTheSuccessPage(): void
    {
        [, $fields] = self::confirmationForm();
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        self::assertSame(2, osc_order(501)['orders_status']);
        $history = osc_rows('orders_status_history', 'orders_id', 501);
        self::assertSame(1, count($history));
        self::assertSame(2, $history[0]['orders_status_id']);
        self::assertSame('1', $history[0]['customer_notified']);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456, ORDER_ID ' . $fields['ORDER_ID'], $history[0]['comments']);
        self::assertSame(['products_quantity' => 9, 'products_ordered' => 1], $GLOBALS['osc']['db']['products'][7]);
        self::assertSame(1, count($GLOBALS['osc']['mail']), 'the order email');
        self::assertContains('Order Number: 501', $GLOBALS['osc']['mail'][0]['text']);
        self::assertContains('1 x Tirukkural (hardback) (TK-01)', $GLOBALS['osc']['mail'][0]['text']);
        self::assertContains('Total: ₹1,499.50', $GLOBALS['osc']['mail'][0]['text']);
        self::assertSame('ananya.iyer@example.com', $GLOBALS['osc']['mail'][0]['to_email']);
        self::assertSame(1, $GLOBALS['cart']->resets, 'the cart is emptied');
        self::assertSame(false, isset($GLOBALS['osc']['db']['customers_basket'][12]), 'and the stored basket');
        self::assertSame(['sendto', 'billto', 'shipping', 'payment', 'comments'], $GLOBALS['osc']['unregistered']);
        self::assertSame(false, isset($_SESSION['paystra_orders']) || isset($_SESSION['paystra_order']));
        self::assertSame(['GET_LOCK paystra_OS_501', 'RELEASE_LOCK paystra_OS_501'], self::$locks);
    }

    public function testAPendingResponseUsesThePendingStatusAndTheWebhookPaysItLater(): void
    {
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID'] = '4';
        [, $fields] = self::confirmationForm();
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026'])));
        self::assertSame(4, osc_order(501)['orders_status']);
        self::assertSame(1, count($GLOBALS['osc']['mail']), 'the order is placed');

        [$status, $answer] = self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'));
        self::assertSame([200, '2'], [$status, $answer['status']]);
        self::assertSame(2, osc_order(501)['orders_status']);
        self::assertSame(2, count(osc_rows('orders_status_history', 'orders_id', 501)));
        self::assertSame(1, count($GLOBALS['osc']['mail']), 'placed once: no second email');
        self::assertSame(9, $GLOBALS['osc']['db']['products'][7]['products_quantity'], 'and no second stock change');
    }

    public function testADeclinedResponseLeavesTheOrderUnpaidAndTellsTheCustomerWhy(): void
    {
        [, $fields] = self::confirmationForm();
        $url = self::checkoutProcess(self::declinedResponse($fields['ORDER_ID'], '149950'));
        self::assertSame(self::PAYMENT_ERROR . urlencode('Paystra answered: 004 Transaction declined by the issuing bank. No money was taken; you can try again or choose another payment method.'), $url);
        self::assertSame(5, osc_order(501)['orders_status'], 'still preparing, for the next attempt');
        self::assertSame([], $GLOBALS['osc']['mail']);
        self::assertSame(0, $GLOBALS['cart']->resets);
        $_GET['error'] = urldecode(substr($url, strlen(self::PAYMENT_ERROR)));
        self::assertContains('004 Transaction declined', (new TestPaystra())->get_error()['error']);

        // The customer tries again from the confirmation page: the same order, now paid.
        [, $retry] = self::confirmationForm();
        self::assertMatches('/^OS-501-/', $retry['ORDER_ID']);
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($retry['ORDER_ID'], '149950')));
        self::assertSame(2, osc_order(501)['orders_status']);
    }

    public function testATamperedResponseChangesNoOrder(): void
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
        self::assertSame(5, osc_order(501)['orders_status']);
        self::assertSame([], $GLOBALS['osc']['mail']);
        $log = (string) file_get_contents(ERROR_LOG);
        self::assertContains('Paystra: response rejected: The response HASH does not verify', $log);
        self::assertContains('Paystra: response rejected: The response is for another merchant', $log);
    }

    public function testAResponseForAnotherAmountOrAttemptChangesNoOrder(): void
    {
        [, $fields] = self::confirmationForm();
        $notVerified = self::PAYMENT_ERROR . urlencode(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED);
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149900')));
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse('OS-501-1763712000123', '149950')), 'never issued to this checkout');
        self::assertContains('order 501 is for 149950 paise', (string) file_get_contents(ERROR_LOG));

        $GLOBALS['cart']->cartID = '48214';
        self::confirmationForm();
        self::assertSame($notVerified, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')), 'the order of a cart replaced since');
        self::assertSame([], $GLOBALS['osc']['mail']);
    }

    public function testEachResponseIsUsedOnceAndEveryOpenAttemptCounts(): void
    {
        [, $first] = self::confirmationForm();
        usleep(2000);
        [, $second] = self::confirmationForm();
        self::assertSame(2, count($_SESSION['paystra_orders']));
        $paid = self::gatewayResponse($first['ORDER_ID'], '149950');
        self::assertSame(self::SUCCESS, self::checkoutProcess($paid), 'an earlier tab\'s attempt is still accepted');
        self::assertSame(self::PAYMENT_ERROR . urlencode(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED), self::checkoutProcess($paid), 'a replay places nothing more');
        self::assertSame(1, count($GLOBALS['osc']['mail']));
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

    public function testInstallAddsEveryKeyAndThePreparingStatusAndRemoveDeletesThem(): void
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
            'MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID', 'MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID', 'MODULE_PAYMENT_PAYSTRA_SORT_ORDER',
        ], $module->keys());
        self::assertContains("tep_cfg_select_option(array(\\'True\\', \\'False\\'), ", $inserts[0]);
        self::assertContains("'tep_get_order_status_name'", $inserts[8]);
        self::assertContains("'MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID', '5'", $inserts[10], 'the status it created');
        self::assertContains("'MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID', '1'", $inserts[11], "osCommerce's Pending");
        $statuses = array_values(array_filter($GLOBALS['osc']['queries'], static fn ($sql) => str_starts_with($sql, 'insert into orders_status ')));
        self::assertSame([
            "insert into orders_status (orders_status_id, language_id, orders_status_name) values ('5', '1', 'Preparing [Paystra]')",
            "insert into orders_status (orders_status_id, language_id, orders_status_name) values ('5', '2', 'Preparing [Paystra]')",
        ], $statuses);
        self::assertContains("update orders_status set public_flag = 0, downloads_flag = 0 where orders_status_id = '5'", implode("\n", $GLOBALS['osc']['queries']), 'hidden from customers');

        osc_reset();
        $GLOBALS['osc']['preparing_exists'] = [['orders_status_id' => '9']];
        (new TestPaystra())->install();
        self::assertSame([], array_values(array_filter($GLOBALS['osc']['queries'], static fn ($sql) => str_starts_with($sql, 'insert into orders_status '))), 'a reinstall reuses it');

        $module->remove();
        self::assertContains("delete from configuration where configuration_key in ('MODULE_PAYMENT_PAYSTRA_STATUS', ", end($GLOBALS['osc']['queries']));
        self::assertSame(0, $module->check());
    }

    // ---- the webhook (NOTIFY_URL) ----

    private static function deliver(array $delivery): array
    {
        return (new TestPaystra())->webhook($delivery['body'], $delivery['header']);
    }

    public function testTheWebhookCompletesTheOrderWhenTheCustomerNeverReturned(): void
    {
        [, $fields] = self::confirmationForm();
        [$status, $answer] = self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'));
        self::assertSame(200, $status);
        self::assertSame('2', $answer['status']);
        self::assertSame(2, osc_order(501)['orders_status']);
        self::assertContains('Paystra 000 Transaction successful, TXN_ID 1763712000123456', osc_rows('orders_status_history', 'orders_id', 501)[0]['comments']);
        self::assertSame(['products_quantity' => 9, 'products_ordered' => 1], $GLOBALS['osc']['db']['products'][7]);
        self::assertSame(1, count($GLOBALS['osc']['mail']), 'the customer gets the order email');
        self::assertSame(false, isset($GLOBALS['osc']['db']['customers_basket'][12]), 'the stored cart is emptied');

        // The customer comes back after all: the success page, nothing placed twice.
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        self::assertSame(1, $GLOBALS['cart']->resets);
        self::assertSame(1, count(osc_rows('orders_status_history', 'orders_id', 501)));
        self::assertSame(1, count($GLOBALS['osc']['mail']));
        self::assertSame(9, $GLOBALS['osc']['db']['products'][7]['products_quantity']);
    }

    public function testTheWebhookAfterAPaidReturnAndASecondDeliveryChangeNothing(): void
    {
        [, $fields] = self::confirmationForm();
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        foreach ([$delivery, $delivery, self::declinedDelivery($fields['ORDER_ID'], '149950')] as $again) {
            [$status, $answer] = self::deliver($again);
            self::assertSame([200, '2'], [$status, $answer['status']]);
        }
        self::assertSame(2, osc_order(501)['orders_status'], 'never back');
        self::assertSame(1, count(osc_rows('orders_status_history', 'orders_id', 501)));
        self::assertSame(1, count($GLOBALS['osc']['mail']));
    }

    public function testAFailedEventLeavesThePreparingOrderForTheNextAttempt(): void
    {
        [, $fields] = self::confirmationForm();
        [$status, $answer] = self::deliver(self::declinedDelivery($fields['ORDER_ID'], '149950'));
        self::assertSame([200, '5'], [$status, $answer['status']]);
        self::assertSame([], osc_rows('orders_status_history', 'orders_id', 501));
        self::assertContains('order 501 not paid: Paystra 004', (string) file_get_contents(ERROR_LOG));
    }

    public function testAReturnAndAWebhookAtTheSameMomentPlaceTheOrderOnce(): void
    {
        [, $fields] = self::confirmationForm();
        $delivery = self::webhookDelivery($fields['ORDER_ID'], '149950');
        $webhook = null;
        // The webhook holds the order's lock when the return asks for it: the return waits, then
        // reads the order inside the lock, finds it paid and only shows the success page.
        self::$whileWaiting = static function () use ($delivery, &$webhook): void {
            $webhook = self::deliver($delivery);
        };
        self::assertSame(self::SUCCESS, self::checkoutProcess(self::gatewayResponse($fields['ORDER_ID'], '149950')));
        self::assertSame([200, '2'], [$webhook[0], $webhook[1]['status']]);
        self::assertSame(['GET_LOCK paystra_OS_501', 'GET_LOCK paystra_OS_501', 'RELEASE_LOCK paystra_OS_501', 'RELEASE_LOCK paystra_OS_501'], self::$locks);
        self::assertSame(1, count(osc_rows('orders_status_history', 'orders_id', 501)), 'one status change');
        self::assertSame(1, count($GLOBALS['osc']['mail']), 'one order email');
        self::assertSame(['products_quantity' => 9, 'products_ordered' => 1], $GLOBALS['osc']['db']['products'][7], 'stock taken once');
    }

    public function testAWebhookForAnOrderStillLockedIsAnswered503AndChangesNothing(): void
    {
        [, $fields] = self::confirmationForm();
        self::$lockBusy = true;
        [$status, $answer] = self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'));
        self::assertSame(503, $status, 'the gateway delivers it again');
        self::assertSame(true, $answer['retry']);
        self::assertSame(5, osc_order(501)['orders_status']);
        self::assertSame([], $GLOBALS['osc']['mail']);
    }

    public function testAnEventForAnOrderThisStoreDoesNotHaveIsAnswered200AndLogged(): void
    {
        [$status, $answer] = self::deliver(self::webhookDelivery('OS-777-1763712000123', '149950'));
        self::assertSame(200, $status, 'the gateway stops retrying');
        self::assertContains('names no rupee order of this store', $answer['ignored']);
        self::assertContains('names no rupee order of this store', (string) file_get_contents(ERROR_LOG));
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

    // ---- settlements (settlement.processed on the same webhook) ----

    /** Order 501, paid through the webhook: what a settlement finds. */
    private static function paidOrder(): string
    {
        [, $fields] = self::confirmationForm();
        self::assertSame(200, self::deliver(self::webhookDelivery($fields['ORDER_ID'], '149950'))[0]);
        self::assertSame(2, osc_order(501)['orders_status']);
        return $fields['ORDER_ID'];
    }

    /** The order's Paystra settlement lines in its status history. */
    private static function settlementLines(int $orders_id): array
    {
        return array_values(array_filter(osc_rows('orders_status_history', 'orders_id', $orders_id), static fn (array $row): bool => str_starts_with($row['comments'], 'Paystra settlement ')));
    }

    public function testASettlementPutsItsUtrAndDateInTheOrdersHistoryOnce(): void
    {
        $orderId = self::paidOrder();
        $first = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::paymentLine('WC-501-1763712000123', '149950')]);
        $second = self::settlementAnswer([self::paymentLine($orderId, '149950')], ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'UTR' => 'PYSTN26328000009']);
        $calls = [];
        $GLOBALS['osc']['http'] = self::settlementTransport([self::SETTLEMENT_ID => $first, 'setl_ffffffffffffffffffff' => $second], $calls);
        $delivery = self::settlementDelivery($first);
        [$status, $answer] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame([['order_id' => $orderId, 'result' => 'recorded']], $answer['orders']);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', $calls[0]['url']);
        $lines = self::settlementLines(501);
        self::assertSame(1, count($lines));
        self::assertSame(2, $lines[0]['orders_status_id'], 'the status stays as it is');
        self::assertSame('0', $lines[0]['customer_notified']);
        self::assertContains('Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR . ': ₹1,499.50', $lines[0]['comments']);
        self::assertSame(2, osc_order(501)['orders_status']);
        self::assertSame('RELEASE_LOCK paystra_OS_501', end(self::$locks));

        $history = osc_rows('orders_status_history', 'orders_id', 501);
        foreach ([$delivery, self::settlementDelivery($first), self::settlementDelivery($second)] as $again) {
            [$status, $answer] = self::deliver($again);
            self::assertSame([200, 'unchanged'], [$status, $answer['orders'][0]['result']]);
        }
        self::assertSame($history, osc_rows('orders_status_history', 'orders_id', 501));
    }

    public function testACarriedForwardSettlementSaysSoWithoutAUtr(): void
    {
        $orderId = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950'), self::refundLine('OS-400-1763711000000', '900000')], ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD']);
        $GLOBALS['osc']['http'] = self::settlementTransport([self::SETTLEMENT_ID => $answer]);
        self::assertSame('recorded', self::deliver(self::settlementDelivery($answer))[1]['orders'][0]['result']);
        self::assertContains('carried forward with no UTR', self::settlementLines(501)[0]['comments']);
    }

    public function testSettledPaymentsOfOtherOrdersAreIgnoredAndAnUnreachableGatewayRetried(): void
    {
        $orderId = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine('OS-777-1763712000123', '50000'), self::paymentLine($orderId, '100')]);
        $delivery = self::settlementDelivery($answer);
        [$status, $body] = self::deliver($delivery);
        self::assertSame(503, $status, 'no answer from Paystra: the gateway delivers it again');
        self::assertContains('Cannot reach the gateway', $body['error']);
        $GLOBALS['osc']['http'] = self::settlementTransport([self::SETTLEMENT_ID => $answer]);
        [$status, $body] = self::deliver($delivery);
        self::assertSame(200, $status);
        self::assertSame(['ignored', 'ignored'], array_column($body['orders'], 'result'));
        self::assertContains('names no rupee order', $body['orders'][0]['reason']);
        self::assertContains('is for 100 paise', $body['orders'][1]['reason']);
        self::assertSame([], self::settlementLines(501));
    }

    public function testAnOrderStillLockedIsRetriedAndRecordedOnTheNextDelivery(): void
    {
        $orderId = self::paidOrder();
        $answer = self::settlementAnswer([self::paymentLine($orderId, '149950')]);
        $GLOBALS['osc']['http'] = self::settlementTransport([self::SETTLEMENT_ID => $answer]);
        $delivery = self::settlementDelivery($answer);
        self::$lockBusy = true;
        self::assertSame(503, self::deliver($delivery)[0]);
        self::assertSame([], self::settlementLines(501));
        self::$lockBusy = false;
        self::assertSame(200, self::deliver($delivery)[0]);
        self::assertSame(1, count(self::settlementLines(501)));
    }

    // ---- disputes (dispute.created, dispute.won, dispute.lost on the same webhook) ----

    /** The order's Paystra dispute lines in its status history. */
    private static function disputeLines(int $orders_id): array
    {
        return array_values(array_filter(osc_rows('orders_status_history', 'orders_id', $orders_id), static fn (array $row): bool => str_starts_with($row['comments'], 'Paystra dispute ')));
    }

    public function testADisputeMovesThePaidOrderToTheDisputedStatusWithTheReasonAndTheDeadline(): void
    {
        $orderId = self::paidOrder();
        [$status, $answer] = self::deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(200, $status);
        self::assertSame(['dispute.created', self::DISPUTE_ID, 'recorded'], [$answer['type'], $answer['dispute_id'], $answer['result']]);
        self::assertSame(1, osc_order(501)['orders_status'], "the disputed status (osCommerce's Pending)");
        $lines = self::disputeLines(501);
        self::assertSame(1, count($lines));
        self::assertSame([1, '0'], [$lines[0]['orders_status_id'], $lines[0]['customer_notified']]);
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the Paystra dashboard.', $lines[0]['comments']);
        self::assertSame('RELEASE_LOCK paystra_OS_501', end(self::$locks));

        $history = osc_rows('orders_status_history', 'orders_id', 501);
        self::assertSame('unchanged', self::deliver(self::disputeDelivery($orderId, '149950'))[1]['result'], 'the same event again');
        self::assertSame($history, osc_rows('orders_status_history', 'orders_id', 501));
    }

    public function testAWonDisputeGivesTheOrderBackTheStatusItHadBeforeTheHold(): void
    {
        $orderId = self::paidOrder();
        $GLOBALS['osc']['db']['orders'][501]['orders_status'] = 3;
        tep_db_perform(TABLE_ORDERS_STATUS_HISTORY, ['orders_id' => 501, 'orders_status_id' => 3, 'date_added' => 'now()', 'customer_notified' => '1', 'comments' => 'Sent by courier.']);
        self::deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame(1, osc_order(501)['orders_status']);
        self::assertSame('recorded', self::deliver(self::disputeDelivery($orderId, '149950', 'dispute.won'))[1]['result']);
        self::assertSame(3, osc_order(501)['orders_status'], 'Delivered again');
        $won = self::disputeLines(501)[1];
        self::assertSame([3, '0'], [$won['orders_status_id'], $won['customer_notified']]);
        self::assertContains('Paystra dispute ' . self::DISPUTE_ID . ' won: Evidence accepted by the issuer.', $won['comments']);
        foreach (['dispute.created', 'dispute.won', 'dispute.lost'] as $late) {
            self::assertSame('unchanged', self::deliver(self::disputeDelivery($orderId, '149950', $late))[1]['result'], "$late after the win");
        }
        self::assertSame(2, count(self::disputeLines(501)));
    }

    public function testALostDisputeAddsALineAndTheOrderKeepsItsDisputedStatus(): void
    {
        $orderId = self::paidOrder();
        self::deliver(self::disputeDelivery($orderId, '149950'));
        self::assertSame('recorded', self::deliver(self::disputeDelivery($orderId, '149950', 'dispute.lost'))[1]['result']);
        self::assertSame(1, osc_order(501)['orders_status']);
        self::assertContains('lost: No answer by the deadline. The ₹1,499.50 went back to the customer', self::disputeLines(501)[1]['comments']);
    }

    public function testAReplayedPaymentDoesNotTakeADisputedOrderOffItsStatus(): void
    {
        $orderId = self::paidOrder();
        self::deliver(self::disputeDelivery($orderId, '149950'));
        $history = osc_rows('orders_status_history', 'orders_id', 501);
        [$status, $answer] = self::deliver(self::webhookDelivery($orderId, '149950'));
        self::assertSame([200, '1'], [$status, $answer['status']], 'the disputed status is also the pending one here');
        self::assertSame($history, osc_rows('orders_status_history', 'orders_id', 501));
    }

    public function testDisputesOfOtherOrdersAreIgnoredALockedOrderRetriedAndNoDisputedStatusOnlyAddsTheLine(): void
    {
        $orderId = self::paidOrder();
        [$status, $answer] = self::deliver(self::disputeDelivery('OS-777-1763712000123', '149950'));
        self::assertSame([200, 'ignored'], [$status, $answer['result']]);
        self::assertContains('names no rupee order', $answer['ignored']);
        self::$lockBusy = true;
        self::assertSame(503, self::deliver(self::disputeDelivery($orderId, '149950'))[0]);
        self::assertSame([], self::disputeLines(501));
        self::$lockBusy = false;
        $GLOBALS['osc']['config']['MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID'] = '0';
        self::assertSame('recorded', self::deliver(self::disputeDelivery($orderId, '149950'))[1]['result']);
        self::assertSame(2, osc_order(501)['orders_status']);
        self::assertSame(2, self::disputeLines(501)[0]['orders_status_id']);
    }
}
