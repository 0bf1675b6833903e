<?php

declare(strict_types=1);

use Paystra\Example\OrderStore;
use Paystra\Hash;

/** A verified webhook event (the library's tests check the signature; the store gets the event). */
function webhookEvent(array $data = [], string $type = 'payment.captured', string $id = 'evt_0123456789abcdef01234567'): array
{
    $data = Hash::withHash($data + ['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], 'a1b2c3d4e5f60718');
    return ['id' => $id, 'type' => $type, 'created' => 1764000000, 'data' => $data];
}

/** Runs $body with an order store in a fresh temporary directory. */
function withStore(callable $body): void
{
    $dir = sys_get_temp_dir() . '/paystra-orders-' . bin2hex(random_bytes(4));
    try {
        $body(new OrderStore("$dir/test-orders.json"), $dir);
    } finally {
        array_map('unlink', glob("$dir/*") ?: []);
        @rmdir($dir);
    }
}

test('orders: the store moves an order only forward (Paystra\\OrderStatus), whoever reports it', static function (): void {
    withStore(static function (OrderStore $store): void {
        $store->create('PG1', '100');
        Assert::same(['order_id' => 'PG1', 'amount' => '100', 'status' => 'created', 'events' => [], 'updated_by' => null], $store->find('PG1'));
        $store->update(['ORDER_ID' => 'PG1', 'STATUS' => 'Pending', 'RESPONSE_CODE' => '026'], 'status');
        $store->update(['ORDER_ID' => 'PG1', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], 'return');
        $store->update(['ORDER_ID' => 'PG1', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '004'], 'status');
        Assert::same(['status' => 'paid', 'updated_by' => 'return'], array_intersect_key($store->find('PG1'), ['status' => 1, 'updated_by' => 1]));
        Assert::same(null, $store->update(['ORDER_ID' => 'PG9', 'RESPONSE_CODE' => '000'], 'return'), 'not this example\'s order');
        Assert::same(null, $store->find('PG9'));
    });
});

test('orders: a webhook event is applied once; other events and unknown orders are only remembered', static function (): void {
    withStore(static function (OrderStore $store, string $dir): void {
        $store->create('PG1', '100');
        $captured = webhookEvent();
        Assert::same(['received' => true, 'duplicate' => false, 'event_id' => $captured['id'], 'order_id' => 'PG1', 'status' => 'paid'], $store->receive($captured));
        Assert::same(['received' => true, 'duplicate' => true, 'event_id' => $captured['id'], 'order_id' => 'PG1', 'status' => 'paid'], $store->receive($captured));
        $failed = webhookEvent(['STATUS' => 'Failed', 'RESPONSE_CODE' => '004'], 'payment.failed', 'evt_2');
        Assert::same('paid', $store->receive($failed)['status'], 'a late failure never undoes a capture');
        $order = $store->find('PG1');
        Assert::same(['evt_0123456789abcdef01234567', 'evt_2'], $order['events']);
        Assert::same('webhook', $order['updated_by']);
        Assert::true(isset($store->receive(webhookEvent(['ORDER_ID' => 'PG9'], 'payment.captured', 'evt_3'))['ignored']), 'unknown order');
        $refund = $store->receive(webhookEvent([], 'refund.processed', 'evt_4'));
        Assert::true(isset($refund['ignored']) && $refund['duplicate'] === false, 'refund event');
        Assert::true($store->receive(webhookEvent([], 'refund.processed', 'evt_4'))['duplicate'], 'remembered');
        Assert::same([], glob("$dir/*.tmp") ?: [], 'no temporary files left');
        $saved = json_decode((string) file_get_contents("$dir/test-orders.json"), true);
        Assert::same(['evt_0123456789abcdef01234567', 'evt_2', 'evt_3', 'evt_4'], array_keys($saved['seen_events']));
    });
});

test('orders: concurrent writers under the lock lose no update', static function (): void {
    if (!function_exists('pcntl_fork')) {
        return; // the lock is still used; there is just no second process to race here
    }
    withStore(static function (OrderStore $store): void {
        $store->create('PG1', '100');
        $children = [];
        for ($worker = 0; $worker < 4; $worker++) {
            $pid = pcntl_fork();
            if ($pid === 0) {
                for ($n = 0; $n < 10; $n++) {
                    $store->receive(webhookEvent(['STATUS' => 'Pending', 'RESPONSE_CODE' => '026'], 'payment.pending', "evt_{$worker}_$n"));
                }
                exit(0);
            }
            $children[] = $pid;
        }
        foreach ($children as $pid) {
            pcntl_waitpid($pid, $status);
        }
        Assert::same(40, count($store->find('PG1')['events']), 'every event recorded');
    });
});

test('orders: the store file is at PAYSTRA_DATA_DIR (or <kit>/data)/<example>-orders.json', static function (): void {
    $saved = getenv('PAYSTRA_DATA_DIR');
    try {
        putenv('PAYSTRA_DATA_DIR=/tmp/paystra-data');
        Assert::same('/tmp/paystra-data/pg-orders.json', OrderStore::forExample('/kit', 'pg')->file);
        putenv('PAYSTRA_DATA_DIR');
        Assert::same('/kit/data/server-orders.json', OrderStore::forExample('/kit/', 'server')->file);
    } finally {
        putenv($saved === false ? 'PAYSTRA_DATA_DIR' : "PAYSTRA_DATA_DIR=$saved");
    }
});

/** A verified settlement.processed event: the settlement's fields, PAY_ID and HASH. */
function settlementEvent(string $id, string $eventId, string $status = 'PROCESSED'): array
{
    $data = Hash::withHash([
        'PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => $id, 'UTR' => $status === 'PROCESSED' ? 'PYSTN26331000123' : '',
        'SETTLEMENT_DATE' => '2026-11-27', 'CYCLE_FROM' => '2026-11-26', 'CYCLE_TO' => '2026-11-26', 'PAYMENTS_COUNT' => '1',
        'REFUNDS_COUNT' => '0', 'GROSS_AMOUNT' => '100', 'REFUNDS_AMOUNT' => '0', 'FEES_AMOUNT' => '2', 'GST_AMOUNT' => '0',
        'ADJUSTMENTS_AMOUNT' => '0', 'NET_AMOUNT' => '98', 'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => $status,
    ], 'a1b2c3d4e5f60718');
    return ['id' => $eventId, 'type' => 'settlement.processed', 'created' => 1764000000, 'data' => $data];
}

test('orders: settlement.processed records the settlement once and changes no order', static function (): void {
    withStore(static function (OrderStore $store, string $dir): void {
        $store->create('PG1', '100');
        $store->update(['ORDER_ID' => 'PG1', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], 'return');
        $before = $store->find('PG1');
        $event = settlementEvent('setl_0a1b2c3d4e5f60718293', 'evt_s1');
        Assert::same(['received' => true, 'duplicate' => false, 'event_id' => 'evt_s1', 'settlement_id' => 'setl_0a1b2c3d4e5f60718293', 'settlement_status' => 'PROCESSED'], $store->receive($event));
        Assert::same(['received' => true, 'duplicate' => true, 'event_id' => 'evt_s1', 'settlement_id' => 'setl_0a1b2c3d4e5f60718293'], $store->receive($event));
        $kept = ['SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27', 'NET_AMOUNT' => '98', 'STATUS' => 'PROCESSED'];
        Assert::same($kept, $store->settlement('setl_0a1b2c3d4e5f60718293'));
        Assert::same($before, $store->find('PG1'), 'the order is as it was');
        Assert::same(null, $store->settlement('setl_ffffffffffffffffffff'));

        $store->receive(settlementEvent('setl_1b2c3d4e5f6071829304', 'evt_s2', 'CARRIED_FORWARD'));
        Assert::same('', $store->settlement('setl_1b2c3d4e5f6071829304')['UTR'], 'a carried-forward settlement has no UTR');
        $saved = json_decode((string) file_get_contents("$dir/test-orders.json"), true);
        Assert::same(['orders', 'settlements', 'seen_events'], array_keys($saved));
        Assert::same($kept, $saved['settlements']['setl_0a1b2c3d4e5f60718293']);
        Assert::same('settlement.processed', $saved['seen_events']['evt_s1']);

        $nameless = settlementEvent('', 'evt_s3');
        Assert::true(isset($store->receive($nameless)['ignored']), 'no SETTLEMENT_ID: nothing to record');
    });
});

test('orders: the reconciliation reads the paid orders, ORDER_ID and AMOUNT', static function (): void {
    withStore(static function (OrderStore $store): void {
        Assert::same([], $store->paidOrders(), 'no file yet');
        foreach (['PG1' => '000', 'PG2' => '004', '1003' => '000', 'PG4' => null] as $orderId => $code) {
            $store->create((string) $orderId, '250');
            if ($code !== null) {
                $store->update(['ORDER_ID' => (string) $orderId, 'RESPONSE_CODE' => $code, 'STATUS' => $code === '000' ? 'Captured' : 'Failed'], 'status');
            }
        }
        Assert::same([['ORDER_ID' => 'PG1', 'AMOUNT' => '250'], ['ORDER_ID' => '1003', 'AMOUNT' => '250']], $store->paidOrders());
    });
});
