<?php

declare(strict_types=1);

use Paystra\Config;
use Paystra\ConfigError;
use Paystra\Hash;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Tests\TestCase;

/**
 * The shop-independent layer every Paystra plugin ships (lib HostedCheckout.php): settings,
 * rupees → paise, ORDER_IDs, response checks. The same file runs in every plugin's tests.
 */
final class HostedCheckoutTest extends TestCase
{
    private static function checkout(?callable $transport = null): HostedCheckout
    {
        return HostedCheckout::fromSettings(
            ['test_mode' => '1', 'gateway_url' => 'http://127.0.0.1:4100/sandbox/'],
            'T',
            $transport,
        );
    }

    public function testRupeeTotalsBecomePaiseRoundedHalfUp(): void
    {
        $cases = [
            ['1499.50', '149950'], ['1499.5', '149950'], ['1499.5000', '149950'], ['10', '1000'],
            ['0.01', '1'], ['1.005', '101'], ['1.0049', '100'], ['2.675', '268'], ['19.999', '2000'],
            [19.99, '1999'], [0.1 + 0.2, '30'], [1.005, '101'], [1234.565, '123457'], [250, '25000'],
            ['100000.00', '10000000'],
        ];
        foreach ($cases as [$total, $paise]) {
            self::assertSame($paise, HostedCheckout::toPaise($total), 'total ' . var_export($total, true));
        }
    }

    public function testNonAmountsAreRefused(): void
    {
        foreach (['', 'abc', '-5', '1,5', '1e3'] as $total) {
            self::assertThrows(\InvalidArgumentException::class, static fn () => HostedCheckout::toPaise($total));
        }
        self::assertThrows(\InvalidArgumentException::class, static fn () => HostedCheckout::toPaise(-1.5));
    }

    public function testTestModeWithBlankCredentialsUsesTheSandboxDemoMerchant(): void
    {
        $checkout = HostedCheckout::fromSettings(['test_mode' => 'yes'], 'T');
        self::assertSame(HostedCheckout::SANDBOX_URL, $checkout->client->config->baseUrl);
        self::assertSame(self::PAY_ID, $checkout->client->config->payId);
        self::assertSame(self::SALT, $checkout->client->config->salt);
    }

    public function testLiveModeNeedsRealCredentials(): void
    {
        self::assertThrows(ConfigError::class, static fn () => HostedCheckout::fromSettings(['test_mode' => 'no'], 'T'));
        self::assertThrows(ConfigError::class, static fn () => HostedCheckout::fromSettings(
            ['test_mode' => '0', 'pay_id' => '1000000000000009', 'salt' => 'x1'],
            'T',
        ), 'KEY_SALT');
        $live = HostedCheckout::fromSettings(
            ['test_mode' => '', 'pay_id' => ' 1000000000000009 ', 'salt' => 's1', 'key_salt' => 'k1'],
            'T',
        );
        self::assertSame(HostedCheckout::LIVE_URL, $live->client->config->baseUrl);
        self::assertSame('1000000000000009', $live->client->config->payId);
    }

    public function testGatewayUrlOverridesTheDefault(): void
    {
        self::assertSame('http://127.0.0.1:4100/sandbox', self::checkout()->client->config->baseUrl);
        self::assertSame(HostedCheckout::LIVE_URL, HostedCheckout::baseUrl('  ', false));
        self::assertSame(HostedCheckout::SANDBOX_URL, HostedCheckout::baseUrl('', true));
    }

    public function testOrderIdsCarryTheShopReferenceAndAreUniquePerAttempt(): void
    {
        $checkout = self::checkout();
        self::assertSame('T-000000123-1763712000123', $checkout->orderId('000000123', 1763712000123));
        self::assertSame('000000123', $checkout->refOf('T-000000123-1763712000123'));
        self::assertSame('ORD-77', $checkout->refOf('T-ORD-77-1763712000123'));
        self::assertSame(null, $checkout->refOf('X-123-1763712000123'));
        self::assertSame(null, $checkout->refOf('T-123'));
        self::assertThrows(\InvalidArgumentException::class, static fn () => $checkout->orderId('#12'));
        self::assertThrows(\InvalidArgumentException::class, static fn () => $checkout->orderId(str_repeat('9', 40)));
        self::assertThrows(\InvalidArgumentException::class, static fn () => new HostedCheckout($checkout->client, 'W-C'));
    }

    public function testRequestIsASignedSaleToThePaymentRequestEndpoint(): void
    {
        $form = self::checkout()->request('55', '1499.00', [
            'name' => "Meera ~ Iyer\n",
            'email' => 'meera@example.com',
            'mobile' => '+91 98765-43210',
            'id' => '12',
        ], 'http://localhost:8080/return?x=1');
        $fields = $form['fields'];
        self::assertSame('http://127.0.0.1:4100/sandbox/paymentrequest', $form['action']);
        self::assertSame($form['orderId'], $fields['ORDER_ID']);
        self::assertMatches('/^T-55-\d{13}$/', $fields['ORDER_ID']);
        self::assertSame('149900', $fields['AMOUNT']);
        self::assertSame('356', $fields['CURRENCY_CODE']);
        self::assertSame('SALE', $fields['TXNTYPE']);
        self::assertSame(self::PAY_ID, $fields['PAY_ID']);
        self::assertSame('http://localhost:8080/return?x=1', $fields['RETURN_URL']);
        self::assertSame('Meera   Iyer', $fields['CUST_NAME'], 'no ~ or control characters');
        self::assertSame('9876543210', $fields['CUST_MOBILE']);
        self::assertSame('12', $fields['CUST_ID']);
        self::assertTrue(Hash::verify($fields, self::SALT));
    }

    public function testZeroTotalsCannotBePaidOnline(): void
    {
        self::assertThrows(\InvalidArgumentException::class, static fn () => self::checkout()->request('1', '0.00', [], 'http://localhost/r'));
        self::assertThrows(\InvalidArgumentException::class, static fn () => self::checkout()->request('1', '0.004', [], 'http://localhost/r'));
    }

    public function testVerifiedResponsesBecomeOutcomes(): void
    {
        $checkout = self::checkout();
        $paid = $checkout->response(self::gatewayResponse('T-9-1763712000123', '5000'));
        self::assertSame(Outcome::PAID, $paid->state);
        self::assertSame('9', $paid->ref);
        self::assertSame('1763712000123456', $paid->txnId);
        self::assertSame('000', $paid->code);
        self::assertContains('TXN_ID 1763712000123456', $paid->summary());
        self::assertContains('₹50.00', $paid->summary());
        $checkout->expectAmount($paid, '50.00');

        $declined = $checkout->response(self::declinedResponse('T-9-1763712000124', '5000'));
        self::assertSame(Outcome::FAILED, $declined->state);
        self::assertSame('004', $declined->code);

        $pending = $checkout->response(self::gatewayResponse('T-9-1763712000125', '5000', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']));
        self::assertTrue($pending->isPending());

        $cancelled = $checkout->response(self::gatewayResponse('T-9-1763712000126', '5000', ['STATUS' => 'Failed', 'RESPONSE_CODE' => '010']));
        self::assertTrue($cancelled->isFailed());
    }

    public function testUntrustworthyResponsesAreRejected(): void
    {
        $checkout = self::checkout();
        $reject = static fn (array $posted, string $why) => self::assertThrows(Rejected::class, static fn () => $checkout->response($posted), $why);
        $reject(self::tamperedResponse('T-9-1763712000123', '5000', ['AMOUNT' => '100']), 'HASH');
        $reject(self::tamperedResponse('T-9-1763712000123', '5000', ['STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], ['STATUS' => 'Failed', 'RESPONSE_CODE' => '004']), 'HASH');
        $reject(self::gatewayResponse('T-9-1763712000123', '5000', [], 'wrongsalt0000000'), 'HASH');
        $reject(['PAY_ID' => '1000000000000002'] + self::gatewayResponse('T-9-1763712000123', '5000'), 'another merchant');
        $reject(['PAY_ID' => self::PAY_ID, 'ENCDATA' => 'bm90IGVuY3J5cHRlZA'], 'decrypt');
        $reject(['PAY_ID' => self::PAY_ID], 'ENCDATA');
        $reject([], 'ENCDATA');
        $reject(self::gatewayResponse('OTHER-9-1763712000123', '5000'), 'not issued by this shop');
    }

    public function testAmountAndCurrencyMustBeTheOrders(): void
    {
        $checkout = self::checkout();
        $outcome = $checkout->response(self::gatewayResponse('T-9-1763712000123', '5000'));
        self::assertThrows(Rejected::class, static fn () => $checkout->expectAmount($outcome, '50.01'), '5001');
        self::assertThrows(Rejected::class, static fn () => $checkout->expectAmount($outcome, 5));
        $dollars = $checkout->response(self::gatewayResponse('T-9-1763712000123', '5000', ['CURRENCY_CODE' => '840']));
        self::assertThrows(Rejected::class, static fn () => $checkout->expectAmount($dollars, '50.00'), 'rupees');
    }

    public function testStatusEnquiryIsSignedAndItsAnswerVerified(): void
    {
        $calls = [];
        $answer = [
            'PAY_ID' => self::PAY_ID, 'ORDER_ID' => 'T-9-1763712000123', 'AMOUNT' => '5000', 'CURRENCY_CODE' => '356',
            'TXNTYPE' => 'SALE', 'TXN_ID' => '1763712000999999', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000',
            'RESPONSE_MESSAGE' => 'Transaction successful',
        ];
        $outcome = self::checkout(self::statusTransport($answer, $calls))->status('T-9-1763712000123');
        self::assertTrue($outcome->isPaid());
        self::assertSame('1763712000999999', $outcome->txnId);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/transact', $calls[0]['url']);
        self::assertSame('STATUS', $calls[0]['body']['TXNTYPE']);
        self::assertSame('T-9-1763712000123', $calls[0]['body']['ORDER_ID']);
        self::assertTrue(Hash::verify($calls[0]['body'], self::SALT));

        $unknown = self::checkout(self::statusTransport(['PAY_ID' => self::PAY_ID, 'ORDER_ID' => 'T-9-1', 'TXNTYPE' => 'STATUS', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '328', 'RESPONSE_MESSAGE' => 'No transaction found for this order id']))
            ->status('T-9-1');
        self::assertSame(Outcome::NOT_FOUND, $unknown->state);

        $forged = static fn (string $url, string $json): array => [200, json_encode(['HASH' => str_repeat('A', 64)] + $answer)];
        self::assertThrows(\Paystra\VerificationError::class, static fn () => self::checkout($forged)->status('T-9-1763712000123'));
    }

    public function testRequestsCarryTheNotifyUrlWhenGiven(): void
    {
        $checkout = self::checkout();
        $form = $checkout->request('55', '10.00', [], 'http://localhost:8080/return', 'http://localhost:8080/webhook?x=1');
        self::assertSame('http://localhost:8080/webhook?x=1', $form['fields']['NOTIFY_URL']);
        self::assertTrue(Hash::verify($form['fields'], self::SALT), 'HASH covers NOTIFY_URL');
        self::assertFalse(isset($checkout->request('55', '10.00', [], 'http://localhost:8080/return')['fields']['NOTIFY_URL']));
    }

    public function testTheWebhookSecretIsASettingAndTheDemoMerchantsInTestMode(): void
    {
        self::assertSame(self::WEBHOOK_SECRET, HostedCheckout::fromSettings(['test_mode' => '1'], 'T')->webhookSecret);
        self::assertSame('wh_mine', HostedCheckout::fromSettings(['test_mode' => '1', 'webhook_secret' => ' wh_mine '], 'T')->webhookSecret);
        $live = HostedCheckout::fromSettings(['pay_id' => '1000000000000009', 'salt' => 's1', 'key_salt' => 'k1'], 'T');
        self::assertSame('', $live->webhookSecret, 'never the demo secret for a real merchant');
    }

    public function testAVerifiedPaymentEventCarriesTheSameOutcomeAsTheReturn(): void
    {
        $checkout = self::checkout();
        $delivery = self::webhookDelivery('T-9-1763712000123', '5000');
        $notification = $checkout->notification($delivery['body'], $delivery['header']);
        self::assertSame($delivery['id'], $notification->eventId);
        self::assertSame('payment.captured', $notification->type);
        self::assertTrue($notification->outcome->isPaid());
        self::assertSame('9', $notification->outcome->ref);
        self::assertSame('1763712000123456', $notification->outcome->txnId);
        $checkout->expectAmount($notification->outcome, '50.00');

        $failed = self::declinedDelivery('T-9-1763712000124', '5000');
        self::assertTrue($checkout->notification($failed['body'], $failed['header'])->outcome->isFailed());
        $pending = self::webhookDelivery('T-9-1763712000125', '5000', ['STATUS' => 'Pending', 'RESPONSE_CODE' => '026']);
        self::assertTrue($checkout->notification($pending['body'], $pending['header'])->outcome->isPending());
    }

    public function testEventsForNoOrderOfThisShopAreIgnored(): void
    {
        $checkout = self::checkout();
        $refund = self::webhookDelivery('T-9-1763712000123', '5000', [], 'refund.processed');
        self::assertSame(null, $checkout->notification($refund['body'], $refund['header'])->outcome);
        $other = self::webhookDelivery('WC-9-1763712000123', '5000');
        $notification = $checkout->notification($other['body'], $other['header']);
        self::assertSame(null, $notification->outcome);
        self::assertContains('not issued by this shop', $notification->ignored);
    }

    public function testRefusedDeliveriesSayWhyInTheKitsWords(): void
    {
        $checkout = self::checkout();
        $delivery = self::webhookDelivery('T-9-1763712000123', '5000');
        $refused = static function (string $body, ?string $header, string $reason, ?HostedCheckout $with = null, ?int $now = null) use ($checkout): void {
            $error = self::assertThrows(\Paystra\WebhookError::class, static fn () => ($with ?? $checkout)->notification($body, $header, $now));
            self::assertSame($reason, $error->reason);
            self::assertSame(\Paystra\Webhook::MESSAGES[$reason], $error->getMessage());
        };
        $refused(self::tamperedDelivery($delivery)['body'], $delivery['header'], 'signature-mismatch');
        $wrong = self::webhookDelivery('T-9-1763712000123', '5000', [], '', null, 'wh_not_the_secret');
        $refused($wrong['body'], $wrong['header'], 'wrong-secret');
        $stale = self::webhookDelivery('T-9-1763712000123', '5000', [], '', null, self::WEBHOOK_SECRET, time() - 600);
        $refused($stale['body'], $stale['header'], 'stale-timestamp');
        $refused($delivery['body'], null, 'malformed-header');
        $refused(json_encode(json_decode($delivery['body'])), $delivery['header'], 'body-reserialised');
        $live = HostedCheckout::fromSettings(['pay_id' => self::PAY_ID, 'salt' => self::SALT, 'key_salt' => self::KEY_SALT], 'T');
        $refused($delivery['body'], $delivery['header'], 'secret-missing', $live);
    }

    public function testReceiveWebhookAppliesOnceVerifiedAndAnswersTheGateway(): void
    {
        $checkout = self::checkout();
        $applied = [];
        $apply = static function ($outcome) use (&$applied): string {
            $applied[] = $outcome->orderId;
            if ($outcome->ref === '404') {
                throw new Rejected('ORDER_ID names no order of this shop.');
            }
            return 'paid';
        };
        $delivery = self::webhookDelivery('T-9-1763712000123', '5000');
        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], $apply);
        self::assertSame(200, $status);
        self::assertSame(['received' => true, 'event_id' => $delivery['id'], 'type' => 'payment.captured', 'order_id' => 'T-9-1763712000123', 'status' => 'paid'], $body);

        $unknown = self::webhookDelivery('T-404-1763712000123', '5000');
        [$status, $body] = $checkout->receiveWebhook($unknown['body'], $unknown['header'], $apply);
        self::assertSame(200, $status, 'an unknown order: the gateway need not retry');
        self::assertContains('names no order', $body['ignored']);

        $logs = [];
        [$status, $body] = $checkout->receiveWebhook(self::tamperedDelivery($delivery)['body'], $delivery['header'], $apply, static function (string $level, string $message) use (&$logs): void {
            $logs[] = $level;
        });
        self::assertSame(400, $status);
        self::assertSame(['received' => false, 'reason' => 'signature-mismatch', 'error' => \Paystra\Webhook::MESSAGES['signature-mismatch']], $body);
        self::assertSame(['error'], $logs);
        self::assertSame(['T-9-1763712000123', 'T-404-1763712000123'], $applied, 'a refused delivery reaches no order');
        self::assertSame('{"received":false,"reason":"signature-mismatch","error":"' . \Paystra\Webhook::MESSAGES['signature-mismatch'] . '"}', HostedCheckout::json($body));
    }

    // ---- one outcome per order at a time (OrderLock) ----

    /** An OrderLock over the stand-ins' lockCall(), as the platforms' locks are. */
    private static function lock(): \Paystra\Plugin\OrderLock
    {
        return new \Paystra\Plugin\MysqlOrderLock(static fn (string $sql): ?string => self::lockQuery($sql));
    }

    public function testWithOrderLockHoldsTheOrdersNamedLockWhileApplying(): void
    {
        $checkout = self::checkout();
        $queries = [];
        $lock = new \Paystra\Plugin\MysqlOrderLock(static function (string $sql) use (&$queries): string {
            $queries[] = $sql;
            return '1';
        });
        self::assertSame('applied', $checkout->withOrderLock($lock, '1234', static fn (): string => 'applied'));
        self::assertSame(["SELECT GET_LOCK('paystra_T_1234', 10)", "SELECT RELEASE_LOCK('paystra_T_1234')"], $queries);
        self::assertSame(48, strlen($checkout->lockName(str_repeat('9', 60))), 'MySQL lock names are at most 64 characters: a long one is hashed');

        self::assertThrows(\RuntimeException::class, static fn () => $checkout->withOrderLock(self::lock(), '7', static function (): never {
            throw new \RuntimeException('the shop failed');
        }));
        self::assertSame(['GET_LOCK paystra_T_7', 'RELEASE_LOCK paystra_T_7'], self::$locks, 'released when applying throws');
    }

    public function testAnOrderStillLockedIsBusyAndNothingIsApplied(): void
    {
        self::$lockBusy = true;
        $applied = false;
        $busy = self::assertThrows(\Paystra\Plugin\Busy::class, static function () use (&$applied): void {
            self::checkout()->withOrderLock(self::lock(), '7', static function () use (&$applied): void {
                $applied = true;
            });
        }, 'being updated by another request');
        self::assertTrue($busy instanceof Rejected, 'the return treats it as any response it must not act on');
        self::assertFalse($applied);
        self::assertSame(['GET_LOCK paystra_T_7'], self::$locks, 'a lock not held is not released');
    }

    public function testTheSecondCallerReChecksInsideTheLockAndDoesNothing(): void
    {
        $checkout = self::checkout();
        $order = ['status' => 'pending', 'invoices' => 0];
        // What every platform's apply does: read the order inside the lock, act only on a change.
        $apply = static function () use ($checkout, &$order): string {
            return $checkout->withOrderLock(self::lock(), '9', static function () use (&$order): string {
                if ($order['status'] !== 'paid') {
                    $order = ['status' => 'paid', 'invoices' => $order['invoices'] + 1];
                }
                return $order['status'];
            });
        };
        // The webhook asks for the lock while the return holds it: it waits, then finds the order paid.
        self::$whileWaiting = \Closure::fromCallable($apply);
        self::assertSame('paid', $apply());
        self::assertSame(1, $order['invoices']);
        self::assertSame(['GET_LOCK paystra_T_9', 'GET_LOCK paystra_T_9', 'RELEASE_LOCK paystra_T_9', 'RELEASE_LOCK paystra_T_9'], self::$locks);
    }

    public function testAWebhookForABusyOrderIsAnswered503SoTheGatewayRetries(): void
    {
        $delivery = self::webhookDelivery('T-9-1763712000123', '5000');
        $checkout = self::checkout();
        self::$lockBusy = true;
        $logs = [];
        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], static fn ($outcome): string => $checkout->withOrderLock(self::lock(), $outcome->ref, static fn (): string => 'paid'), static function (string $level, string $message) use (&$logs): void {
            $logs[] = "$level $message";
        });
        self::assertSame(503, $status);
        self::assertSame(true, $body['retry']);
        self::assertContains('not applied yet', $logs[0]);
    }
}
