<?php

declare(strict_types=1);

use Paystra\Reconciliation;

// Beyond the vectors' cases: what the rule does with inputs the cases do not show, and the
// errors it gives for data that is not as the gateway sends it.

/** A settlement of the given lines (each line: TYPE, ORDER_ID, TXN_ID, AMOUNT, NET). */
function settlementOf(array $lines, string $id = 'setl_0a1b2c3d4e5f60718293', string $utr = 'PYSTN26331000123'): array
{
    return ['SETTLEMENT_ID' => $id, 'UTR' => $utr, 'SETTLEMENT_DATE' => '2026-11-27', 'STATUS' => 'PROCESSED', 'LINES' => $lines];
}

function lineOf(string $type, string $orderId, string $txnId, string $amount, string $net): array
{
    return ['TYPE' => $type, 'ORDER_ID' => $orderId, 'TXN_ID' => $txnId, 'AMOUNT' => $amount, 'NET' => $net];
}

test('reconciliation: numeric order ids stay text, and a refund-only unknown order has no settlement', static function (): void {
    $rows = Reconciliation::reconcile(
        [['ORDER_ID' => '1001', 'AMOUNT' => '100']],
        [settlementOf([lineOf('PAYMENT', '1001', '1', '100', '98'), lineOf('REFUND', '2002', '2', '50', '-50')])],
        [],
        '2026-11-27',
    );
    Assert::same(['1001', '2002'], array_column($rows, 'ORDER_ID'));
    Assert::same(['MATCHED', 'UNKNOWN'], array_column($rows, 'RESULT'));
    Assert::same(['ORDER_ID' => '2002', 'RESULT' => 'UNKNOWN', 'AMOUNT' => '', 'SETTLED_AMOUNT' => '', 'REFUNDED_AMOUNT' => '50', 'HELD_AMOUNT' => '0', 'NET' => '-50',
        'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '', 'EXPECTED_SETTLEMENT_DATE' => ''], $rows[1]);
});

test('reconciliation: a recon refund counts once, whether or not a line has it', static function (): void {
    $recon = ['PG1' => [
        ['TYPE' => 'REFUND', 'TXN_ID' => '2', 'AMOUNT' => '30', 'NET' => '-30', 'STATE' => 'SETTLED'],
        ['TYPE' => 'REFUND', 'TXN_ID' => '3', 'AMOUNT' => '20', 'NET' => '-20', 'STATE' => 'UNSETTLED'],
    ]];
    $rows = Reconciliation::reconcile(
        [['ORDER_ID' => 'PG1', 'AMOUNT' => '100']],
        [settlementOf([lineOf('PAYMENT', 'PG1', '1', '100', '98'), lineOf('REFUND', 'PG1', '2', '30', '-30')])],
        $recon,
        '2026-11-27',
    );
    Assert::same(['REFUNDED', '50', '48'], [$rows[0]['RESULT'], $rows[0]['REFUNDED_AMOUNT'], $rows[0]['NET']]);
});

test('reconciliation: a second PAYMENT line of an order is not counted again', static function (): void {
    $rows = Reconciliation::reconcile(
        [['ORDER_ID' => 'PG1', 'AMOUNT' => '100']],
        [settlementOf([lineOf('PAYMENT', 'PG1', '1', '100', '98')]), settlementOf([lineOf('PAYMENT', 'PG1', '9', '100', '98')], 'setl_1b2c3d4e5f6071829304', 'PYSTN26334000456')],
        [],
        '2026-11-27',
    );
    Assert::same(['MATCHED', '98', 'setl_0a1b2c3d4e5f60718293'], [$rows[0]['RESULT'], $rows[0]['NET'], $rows[0]['SETTLEMENT_ID']]);
});

test('reconciliation: on its expected date an unsettled payment is not overdue yet', static function (): void {
    $recon = ['PG1' => [['TYPE' => 'PAYMENT', 'TXN_ID' => '1', 'AMOUNT' => '100', 'NET' => '98', 'STATE' => 'UNSETTLED', 'EXPECTED_SETTLEMENT_DATE' => '2026-11-30']]];
    $orders = [['ORDER_ID' => 'PG1', 'AMOUNT' => '100']];
    Assert::same('UNSETTLED', Reconciliation::reconcile($orders, [], $recon, '2026-11-30')[0]['RESULT']);
    Assert::same('OVERDUE', Reconciliation::reconcile($orders, [], $recon, '2026-12-01')[0]['RESULT']);
});

test('reconciliation: nothing to reconcile is an empty report', static function (): void {
    Assert::same([], Reconciliation::reconcile([], [], [], '2026-11-27'));
});

test('reconciliation: data that is not as the gateway sends it is refused, naming where', static function (): void {
    $orders = [['ORDER_ID' => 'PG1', 'AMOUNT' => '100']];
    $reconcile = static fn (array $orders, array $settlements, array $recon = [], string $today = '2026-11-27') => static fn () => Reconciliation::reconcile($orders, $settlements, $recon, $today);
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [], [], '27-11-2026'), 'today');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [], [], '2026-02-30'), 'today');
    Assert::throws(InvalidArgumentException::class, $reconcile([['ORDER_ID' => 'PG1', 'AMOUNT' => '1.00']], []), 'orders[0].AMOUNT');
    Assert::throws(InvalidArgumentException::class, $reconcile([['ORDER_ID' => 'PG1', 'AMOUNT' => 100]], []), 'orders[0] has no AMOUNT');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [['SETTLEMENT_ID' => 'setl_x']]), 'settlements[0] must carry its LINES');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [settlementOf([lineOf('PAYMENT', 'PG1', '1', '100', '9.8')])]), 'settlements[0].LINES[0].NET');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [], ['PG1' => [['TYPE' => 'PAYMENT', 'TXN_ID' => '1', 'AMOUNT' => '100', 'NET' => '98', 'STATE' => 'LOST']]]), 'STATE');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [], ['PG1' => 'none']), 'recon[PG1]');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [['STATUS' => 'PAID'] + settlementOf([])]), 'settlements[0].STATUS');
    Assert::throws(InvalidArgumentException::class, $reconcile($orders, [settlementOf([lineOf('DISPUTE_HOLD', 'PG1', '1', '-100', '-100')])]), 'settlements[0].LINES[0] has no DISPUTE_ID');
});
