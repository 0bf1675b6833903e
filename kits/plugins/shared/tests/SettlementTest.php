<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\Plugin\Busy;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;
use Paystra\Plugin\Settlement;
use Paystra\Tests\TestCase;
use Paystra\VerificationError;

/**
 * Settlements in the shop-independent layer (lib Settlement.php, HostedCheckout.php): the signed
 * settlement call, the shop's payments in its lines, and the settlement.processed webhook that
 * hands each of them to the shop once. The same file runs in every plugin's tests.
 */
final class SettlementTest extends TestCase
{
    private static function checkout(?callable $transport = null): HostedCheckout
    {
        return HostedCheckout::fromSettings(['test_mode' => '1', 'gateway_url' => 'http://127.0.0.1:4100/sandbox'], 'T', $transport);
    }

    /**
     * A settlement holding two of this shop's payments, another shop's, a refund, a dispute's hold
     * on one of this shop's payments, a carried balance and a fee.
     */
    private static function lines(): array
    {
        return [
            self::paymentLine('T-9-1763712000123', '149950'),
            self::paymentLine('WC-9-1763712000123', '50000', '1763712000222222'),
            self::paymentLine('T-10-1763712000456', '25000', '1763712000333333'),
            self::refundLine('T-8-1763711000000', '10000'),
            ['TYPE' => 'DISPUTE_HOLD', 'DISPUTE_ID' => self::DISPUTE_ID, 'SOURCE_SETTLEMENT_ID' => ''] + self::refundLine('T-8-1763711000000', '2000', '1763711000111111'),
            ['TYPE' => 'CARRY_FORWARD', 'ORDER_ID' => '', 'TXN_ID' => '', 'PG_REF_NUM' => '', 'PAYMENT_TYPE' => '', 'MOP_TYPE' => '', 'AMOUNT' => '-5000', 'FEE' => '0', 'GST' => '0', 'NET' => '-5000', 'DATE' => '2026-11-23 11:00:00', 'DESCRIPTION' => 'Balance carried forward from setl_aaaaaaaaaaaaaaaaaaaa', 'DISPUTE_ID' => '', 'SOURCE_SETTLEMENT_ID' => 'setl_aaaaaaaaaaaaaaaaaaaa'],
            ['TYPE' => 'FEE', 'ORDER_ID' => '', 'TXN_ID' => '', 'PG_REF_NUM' => '', 'PAYMENT_TYPE' => '', 'MOP_TYPE' => '', 'AMOUNT' => '0', 'FEE' => '500', 'GST' => '90', 'NET' => '-590', 'DATE' => '2026-11-23 11:00:00', 'DESCRIPTION' => 'Payment link fee', 'DISPUTE_ID' => '', 'SOURCE_SETTLEMENT_ID' => ''],
        ];
    }

    public function testTheSettlementCallIsSignedAndItsLinesParsed(): void
    {
        $calls = [];
        $answer = self::settlementAnswer(self::lines());
        $settlement = self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $answer], $calls))->settlement(self::SETTLEMENT_ID);
        self::assertSame('http://127.0.0.1:4100/sandbox/pgws/settlement', $calls[0]['url']);
        $sent = $calls[0]['body'];
        ksort($sent);
        self::assertSame(['HASH', 'PAGE_SIZE', 'PAY_ID', 'SETTLEMENT_ID'], array_keys($sent));
        self::assertSame('1000', $sent['PAGE_SIZE']);
        self::assertSame(self::SETTLEMENT_ID, $sent['SETTLEMENT_ID']);
        self::assertTrue(Hash::verify($sent, self::SALT));

        self::assertSame(self::SETTLEMENT_ID, $settlement->id());
        self::assertSame(self::UTR, $settlement->utr());
        self::assertSame('2026-11-23', $settlement->date());
        self::assertFalse($settlement->isCarriedForward());
        self::assertSame(self::lines(), $settlement->lines);
        self::assertFalse(isset($settlement->fields['LINES']), 'the lines are parsed, not kept as text');
        self::assertSame($answer['NET_AMOUNT'], $settlement->fields['NET_AMOUNT']);
    }

    public function testRefusalsAndAnswersThatAreNoSettlementAreErrors(): void
    {
        $refused = self::assertThrows(GatewayError::class, static fn () => self::checkout(self::settlementTransport([]))->settlement(self::SETTLEMENT_ID), '338 No settlement found');
        self::assertSame('338', $refused->responseCode);

        $forged = ['HASH' => str_repeat('A', 64)] + self::settlementAnswer(self::lines());
        self::assertThrows(VerificationError::class, static fn () => self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $forged]))->settlement(self::SETTLEMENT_ID));

        $malformed = [
            'LINES' => ['LINES' => '{"TYPE":"PAYMENT"}'],
            'line' => ['LINES' => '[{"TYPE":"PAYMENT","AMOUNT":149950}]'],
            'TYPE' => ['LINES' => '[{"TYPE":"CHARGEBACK"}]'],
            'ADJUSTMENT, no longer a TYPE' => ['LINES' => '[{"TYPE":"ADJUSTMENT"}]'],
            'UTR' => ['UTR' => ''],
            'carried forward' => ['STATUS' => 'CARRIED_FORWARD'],
            'SETTLEMENT_DATE' => ['SETTLEMENT_DATE' => '23/11/2026'],
        ];
        foreach ($malformed as $why => $change) {
            $answer = Hash::withHash($change + self::settlementAnswer(self::lines()), self::SALT);
            $error = self::assertThrows(GatewayError::class, static fn () => self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $answer]))->settlement(self::SETTLEMENT_ID), 'malformed');
            self::assertSame(null, $error->responseCode, $why);
        }

        $other = self::settlementAnswer(self::lines(), ['SETTLEMENT_ID' => 'setl_ffffffffffffffffffff']);
        self::assertThrows(GatewayError::class, static fn () => self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $other]))->settlement(self::SETTLEMENT_ID), 'not for ' . self::SETTLEMENT_ID);

        $calls = [];
        foreach (['', 'setl_0123', 'SETL_0123456789ABCDEF0123', "setl_0123456789abcdef0123\n"] as $id) {
            self::assertThrows(\InvalidArgumentException::class, static fn () => self::checkout(self::settlementTransport([], $calls))->settlement($id));
        }
        self::assertSame([], $calls, 'nothing is sent for an id that cannot be one');
    }

    public function testEveryPageOfTheLinesIsFetched(): void
    {
        // Seven lines, two a page: pages 1 to 4 are asked, and their lines kept in order.
        $lines = self::lines();
        $calls = [];
        $transport = static function (string $url, string $json) use ($lines, &$calls): array {
            $request = json_decode($json, true);
            $calls[] = $request;
            $page = (int) ($request['PAGE'] ?? '1');
            $paging = ['PAGE' => (string) $page, 'PAGE_SIZE' => '2', 'LINES_COUNT' => (string) count($lines), 'PAGES' => '4'];
            $answer = self::settlementFields([], $lines) + $paging + [
                'PAY_ID' => self::PAY_ID, 'LINES' => json_encode(array_slice($lines, ($page - 1) * 2, 2), JSON_UNESCAPED_SLASHES),
                'RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful',
            ];
            return [200, json_encode(Hash::withHash($answer, self::SALT))];
        };
        $settlement = self::checkout($transport)->settlement(self::SETTLEMENT_ID);
        self::assertSame($lines, $settlement->lines);
        self::assertSame([null, '2', '3', '4'], array_map(static fn (array $request): ?string => $request['PAGE'] ?? null, $calls));
    }

    public function testTheShopsSettledPaymentsAreItsOwnPaymentLines(): void
    {
        $checkout = self::checkout();
        $payments = $checkout->settledPayments(Settlement::fromAnswer(self::settlementAnswer(self::lines())));
        self::assertSame(['T-9-1763712000123', 'T-10-1763712000456'], array_map(static fn (SettledPayment $payment): string => $payment->orderId, $payments), "refunds, the balance and another shop's payment are left out");
        $first = $payments[0];
        self::assertSame(['9', '1763712000123456', '149950', '2999', '540', '146411', self::SETTLEMENT_ID, self::UTR, '2026-11-23', false], [$first->ref, $first->txnId, $first->amount, $first->fee, $first->gst, $first->net, $first->settlementId, $first->utr, $first->settlementDate, $first->carriedForward]);
        self::assertSame(
            'Paystra settlement setl_0123456789abcdef0123 on 2026-11-23, UTR PYSTN26327000001: ₹1,499.50, fee ₹29.99, GST ₹5.40, net ₹1,464.11; TXN_ID 1763712000123456, ORDER_ID T-9-1763712000123.',
            $first->note(),
        );
        $checkout->expectSettledAmount($first, '1499.50');
        self::assertThrows(Rejected::class, static fn () => $checkout->expectSettledAmount($first, '1499.00'), 'is for 149950 paise but order 9 is for 149900 paise');
    }

    public function testACarriedForwardSettlementRecordsNoUtrAndSaysWhy(): void
    {
        $lines = [self::paymentLine('T-9-1763712000123', '10000'), self::refundLine('T-7-1763711000000', '90000')];
        $payment = self::checkout()->settledPayments(Settlement::fromAnswer(self::settlementAnswer($lines, ['UTR' => '', 'STATUS' => 'CARRIED_FORWARD'])))[0];
        self::assertTrue($payment->carriedForward);
        self::assertSame('', $payment->utr);
        self::assertContains('Paystra settlement setl_0123456789abcdef0123 on 2026-11-23, carried forward with no UTR (refunds outweighed payments, so nothing was paid out', $payment->note());
        self::assertNotContains('UTR P', $payment->note());
        self::assertTrue(str_starts_with($payment->note(), SettledPayment::NOTE_PREFIX));
    }

    public function testASettlementEventIsVerifiedLikeAnyOtherAndCarriesTheSettlement(): void
    {
        $checkout = self::checkout();
        $delivery = self::settlementDelivery(self::settlementAnswer(self::lines()));
        $notification = $checkout->notification($delivery['body'], $delivery['header']);
        self::assertSame('settlement.processed', $notification->type);
        self::assertSame(null, $notification->outcome);
        self::assertSame(self::SETTLEMENT_ID, $notification->settlement['SETTLEMENT_ID']);
        self::assertSame(self::UTR, $notification->settlement['UTR']);

        $error = self::assertThrows(\Paystra\WebhookError::class, static fn () => $checkout->notification(self::tamperedSettlement($delivery)['body'], $delivery['header']));
        self::assertSame('signature-mismatch', $error->reason);

        $other = self::settlementDelivery(self::settlementAnswer(self::lines(), ['PAY_ID' => '1000000000000002']));
        self::assertSame([], $checkout->notification($other['body'], $other['header'])->settlement);
        self::assertContains('another merchant', $checkout->notification($other['body'], $other['header'])->ignored);
    }

    public function testEachOfTheShopsPaymentsIsRecordedOnceAndTheEventAnswered200(): void
    {
        $answer = self::settlementAnswer(self::lines());
        $calls = [];
        $checkout = self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $answer], $calls));
        $recorded = [];
        $settle = static function (SettledPayment $payment) use (&$recorded): bool {
            if (isset($recorded[$payment->ref])) {
                return false;
            }
            $recorded[$payment->ref] = [$payment->utr, $payment->settlementDate];
            return true;
        };
        $delivery = self::settlementDelivery($answer);
        $logs = [];
        $log = static function (string $level, string $message) use (&$logs): void {
            $logs[] = "$level $message";
        };
        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), $log, null, $settle);
        self::assertSame(200, $status);
        self::assertSame([
            'received' => true, 'event_id' => $delivery['id'], 'type' => 'settlement.processed', 'settlement_id' => self::SETTLEMENT_ID,
            'utr' => self::UTR, 'settlement_date' => '2026-11-23',
            'orders' => [['order_id' => 'T-9-1763712000123', 'result' => 'recorded'], ['order_id' => 'T-10-1763712000456', 'result' => 'recorded']],
        ], $body);
        self::assertSame(['9' => [self::UTR, '2026-11-23'], '10' => [self::UTR, '2026-11-23']], $recorded);
        self::assertContains('info Paystra webhook ' . $delivery['id'] . ' (settlement.processed ' . self::SETTLEMENT_ID . ') for 9: Paystra settlement ' . self::SETTLEMENT_ID . ' on 2026-11-23, UTR ' . self::UTR, $logs[0]);

        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, $settle);
        self::assertSame(200, $status, 'a repeated event');
        self::assertSame(['unchanged', 'unchanged'], array_column($body['orders'], 'result'));
        self::assertSame(2, count($calls), 'each delivery asks the gateway for the lines');
    }

    public function testUnknownOrdersAreIgnoredAndABusyOneIsRetried(): void
    {
        $answer = self::settlementAnswer(self::lines());
        $checkout = self::checkout(self::settlementTransport([self::SETTLEMENT_ID => $answer]));
        $delivery = self::settlementDelivery($answer);
        $recorded = [];
        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, static function (SettledPayment $payment) use (&$recorded): bool {
            if ($payment->ref === '9') {
                throw new Rejected('ORDER_ID T-9-1763712000123 names no order of this shop.');
            }
            $recorded[] = $payment->ref;
            return true;
        });
        self::assertSame(200, $status, 'the gateway need not retry for an order the shop does not have');
        self::assertSame(['order_id' => 'T-9-1763712000123', 'result' => 'ignored', 'reason' => 'ORDER_ID T-9-1763712000123 names no order of this shop.'], $body['orders'][0]);
        self::assertSame(['10'], $recorded, 'the other orders are recorded all the same');

        [$status, $body] = $checkout->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, static function (SettledPayment $payment) use (&$recorded): bool {
            if ($payment->ref === '9') {
                throw new Busy('Order 9 is being updated by another request; nothing was changed.');
            }
            return false;
        });
        self::assertSame(503, $status);
        self::assertSame(true, $body['retry']);
        self::assertSame(['busy', 'unchanged'], array_column($body['orders'], 'result'));
    }

    public function testASettlementThatCannotBeFetchedIsRetriedUnlessTheGatewayRefusedIt(): void
    {
        $delivery = self::settlementDelivery(self::settlementAnswer(self::lines()));
        $settle = static fn (SettledPayment $payment): bool => throw new \LogicException('nothing to record');
        $unreachable = static fn (string $url, string $json): array => throw new GatewayError("Cannot reach the gateway at $url (connection refused).");
        $logs = [];
        [$status, $body] = self::checkout($unreachable)->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), static function (string $level, string $message) use (&$logs): void {
            $logs[] = $level;
        }, null, $settle);
        self::assertSame(503, $status, 'the gateway delivers the event again later');
        self::assertSame(true, $body['retry']);
        self::assertContains('Cannot reach the gateway', $body['error']);
        self::assertSame(['error'], $logs);

        $forged = static fn (string $url, string $json): array => [200, json_encode(['HASH' => str_repeat('A', 64)] + self::settlementAnswer(self::lines()))];
        self::assertSame(503, self::checkout($forged)->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, $settle)[0]);

        [$status, $body] = self::checkout(self::settlementTransport([]))->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...), null, null, $settle);
        self::assertSame(200, $status, 'a refusal does not change on a retry');
        self::assertContains('338 No settlement found', $body['ignored']);
    }

    public function testWithoutASettlementHandlerTheEventChangesNothing(): void
    {
        $calls = [];
        $delivery = self::settlementDelivery(self::settlementAnswer(self::lines()));
        [$status, $body] = self::checkout(self::settlementTransport([], $calls))->receiveWebhook($delivery['body'], $delivery['header'], self::noPayment(...));
        self::assertSame(200, $status);
        self::assertSame('This shop records no settlements.', $body['ignored']);
        self::assertSame([], $calls);
    }

    /** A payment's outcome has no place in these tests. */
    private static function noPayment(): string
    {
        throw new \LogicException('A settlement event must not reach the payment handler.');
    }

    /** The delivery with its UTR changed after signing. */
    private static function tamperedSettlement(array $delivery): array
    {
        return ['body' => str_replace(self::UTR, 'PYSTN26327999999', $delivery['body'])] + $delivery;
    }
}
