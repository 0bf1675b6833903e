<?php

declare(strict_types=1);

use Paystra\Example\OrderStore;
use Paystra\Example\Widgets;
use Paystra\Hash;

/** A verified dispute event: the dispute's fields, PAY_ID and HASH. */
function disputeEvent(string $type, string $status, string $eventId, string $orderId = 'PG1'): array
{
    $data = Hash::withHash([
        'PAY_ID' => '1000000000000001', 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ORDER_ID' => $orderId,
        'TXN_ID' => '1234567890123456', 'PG_REF_NUM' => '202612345678901234', 'AMOUNT' => '100', 'CURRENCY_CODE' => '356',
        'INR_AMOUNT' => '100', 'REASON_CODE' => '13.1', 'REASON' => 'Merchandise or services not received',
        'RESPOND_BY' => '2026-12-07', 'STATUS' => $status, 'EVIDENCE_RECEIVED' => $status === 'OPEN' ? 'N' : 'Y',
        'CREATED_AT' => '2026-11-30 12:00:00', 'DECIDED_AT' => in_array($status, ['WON', 'LOST'], true) ? '2026-12-08 12:00:00' : '',
        'RESOLUTION' => $status === 'WON' ? 'Evidence accepted by the issuer' : ($status === 'LOST' ? 'No answer by the deadline' : ''),
    ], 'a1b2c3d4e5f60718');
    return ['id' => $eventId, 'type' => $type, 'created' => 1764000000, 'data' => $data];
}

test('disputes: dispute.created records the dispute on its order once; the payment status stays', static function (): void {
    withStore(static function (OrderStore $store): void {
        $store->create('PG1', '100');
        $store->update(['ORDER_ID' => 'PG1', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], 'return');
        $created = disputeEvent('dispute.created', 'OPEN', 'evt_d1');
        Assert::same(['received' => true, 'duplicate' => false, 'event_id' => 'evt_d1', 'order_id' => 'PG1', 'status' => 'paid', 'dispute_status' => 'OPEN'], $store->receive($created));
        Assert::same(true, $store->receive($created)['duplicate']);
        $order = $store->find('PG1');
        Assert::same([
            'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'STATUS' => 'OPEN', 'REASON_CODE' => '13.1',
            'REASON' => 'Merchandise or services not received', 'AMOUNT' => '100', 'CURRENCY_CODE' => '356',
            'RESPOND_BY' => '2026-12-07', 'RESOLUTION' => '',
        ], $order['dispute']);
        Assert::same('paid', $order['status']);
        Assert::same(['evt_d1'], $order['events']);
        Assert::true(isset($store->receive(disputeEvent('dispute.created', 'OPEN', 'evt_d9', 'PG9'))['ignored']), 'not this example\'s order');
    });
});

test('disputes: a dispute only moves forward: a late created never reopens a decided one', static function (): void {
    withStore(static function (OrderStore $store): void {
        $store->create('PG1', '100');
        $store->receive(disputeEvent('dispute.created', 'OPEN', 'evt_d1'));
        $answered = disputeEvent('dispute.created', 'UNDER_REVIEW', 'unused')['data'];
        Assert::same('UNDER_REVIEW', $store->disputeAnswered($answered)['dispute']['STATUS'], 'the contest answer is recorded at once');
        Assert::same('UNDER_REVIEW', $store->receive(disputeEvent('dispute.created', 'OPEN', 'evt_d2'))['dispute_status'], 'a late created');
        Assert::same('WON', $store->receive(disputeEvent('dispute.won', 'WON', 'evt_d3'))['dispute_status']);
        Assert::same('Evidence accepted by the issuer', $store->find('PG1')['dispute']['RESOLUTION']);
        Assert::same('WON', $store->receive(disputeEvent('dispute.lost', 'LOST', 'evt_d4'))['dispute_status'], 'decided stays decided');
        Assert::same('WON', $store->receive(disputeEvent('dispute.created', 'OPEN', 'evt_d5'))['dispute_status']);
        Assert::same(null, $store->disputeAnswered(['ORDER_ID' => 'PG9', 'STATUS' => 'LOST']));
    });
});

test('disputes: the order page shows the dispute with Respond by, and the answer forms only while OPEN', static function (): void {
    $dispute = [
        'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'STATUS' => 'OPEN', 'REASON_CODE' => '13.1',
        'REASON' => 'Merchandise <or> services', 'AMOUNT' => '100', 'CURRENCY_CODE' => '356',
        'RESPOND_BY' => '2026-12-07', 'RESOLUTION' => '',
    ];
    Assert::same('', Widgets::dispute('PG1', null));
    $open = Widgets::dispute('PG"1', $dispute);
    foreach (['<h2>Dispute</h2>', 'dsp_0a1b2c3d4e5f60718293', 'OPEN', 'Respond by 2026-12-07', 'Merchandise &lt;or&gt; services', 'Accept dispute', 'Contest dispute', 'name="EVIDENCE"', 'value="PG&quot;1"'] as $shown) {
        Assert::true(str_contains($open, $shown), "shows $shown");
    }
    $lost = Widgets::dispute('PG1', ['STATUS' => 'LOST', 'RESOLUTION' => 'Accepted by the merchant'] + $dispute);
    Assert::true(str_contains($lost, 'LOST') && str_contains($lost, 'Accepted by the merchant') && str_contains($lost, 'Respond by 2026-12-07'));
    Assert::false(str_contains($lost, 'Accept dispute') || str_contains($lost, '<form'), 'no answer forms once answered');
    Assert::true(str_contains($open, '₹1.00'), 'a rupee amount in rupees');
    Assert::true(str_contains(Widgets::dispute('PG1', ['AMOUNT' => '1250', 'CURRENCY_CODE' => '414'] + $dispute), 'KWD 1.250'), 'a foreign amount in its currency');
});
