<?php

declare(strict_types=1);

use Paystra\Client;
use Paystra\Config;
use Paystra\Example\OrderStore;
use Paystra\Example\Reconcile;
use Paystra\Example\Web;
use Paystra\Hash;

// The reconciliation example (example/reconcile.php) against a fake gateway, and the
// settlements route of the web layer.

const RECONCILE_SALT = 'a1b2c3d4e5f60718';

/**
 * A gateway holding one settlement (SK1 paid and settled, SK9 someone else's) and a recon entry
 * for SK2 (paid, not settled yet); SK3 is unknown to it (328). `$refuse` names a path it refuses;
 * `$disputed`, the orders /pgws/disputes lists (SK1's recon is then its dispute's open hold).
 * Every call is recorded in `$calls` as [path, request fields].
 */
function reconcileGateway(?array &$calls, string $refuse = '', array $disputed = []): Client
{
    $calls = [];
    $settlement = [
        'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27',
        'STATUS' => 'PROCESSED', 'NET_AMOUNT' => '195280',
    ];
    $line = static fn (string $orderId, string $txnId): array => [
        'TYPE' => 'PAYMENT', 'ORDER_ID' => $orderId, 'TXN_ID' => $txnId, 'PG_REF_NUM' => '', 'PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP',
        'AMOUNT' => '100000', 'FEE' => '2000', 'GST' => '360', 'NET' => '97640', 'DATE' => '2026-11-26 10:15:00', 'DESCRIPTION' => '',
    ];
    $config = new Config('http://127.0.0.1:4120/sandbox', '1000000000000001', RECONCILE_SALT);
    return new Client($config, static function (string $url, string $json) use (&$calls, $refuse, $disputed, $settlement, $line): array {
        $request = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
        $path = substr($url, strlen('http://127.0.0.1:4120/sandbox'));
        $calls[] = [$path, array_diff_key($request, ['HASH' => 1, 'PAY_ID' => 1])];
        $answer = array_diff_key($request, ['HASH' => 1]) + ['RESPONSE_MESSAGE' => 'Transaction successful', 'RESPONSE_CODE' => '000'];
        if ($path === $refuse) {
            $answer = ['STATUS' => 'Failed', 'RESPONSE_CODE' => '339', 'RESPONSE_MESSAGE' => 'Invalid date range'] + $answer;
        } elseif ($path === '/pgws/settlement/run' || $path === '/pgws/settlements') {
            $answer['SETTLEMENTS'] = json_encode([$settlement]);
        } elseif ($path === '/pgws/settlement') {
            // One line a page, whatever PAGE_SIZE asks: the example must fetch every page.
            $lines = [$line('SK1', '1234567890123456'), $line('SK9', '1234567890123457')];
            $page = (int) ($request['PAGE'] ?? '1');
            $paging = ['PAGE' => (string) $page, 'PAGE_SIZE' => '1', 'LINES_COUNT' => '2', 'PAGES' => '2'];
            $answer += $settlement + $paging + ['LINES' => json_encode(array_slice($lines, $page - 1, 1))];
        } elseif ($path === '/pgws/recon' && $request['ORDER_ID'] === 'SK2') {
            $answer['RECON'] = json_encode([[
                'TYPE' => 'PAYMENT', 'TXN_ID' => '5234567890123456', 'AMOUNT' => '100', 'FEE' => '2', 'GST' => '0', 'NET' => '98',
                'DATE' => '2026-11-27 10:00:00', 'STATE' => 'UNSETTLED', 'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '',
                'EXPECTED_SETTLEMENT_DATE' => '2026-11-28',
            ]]);
        } elseif ($path === '/pgws/disputes') {
            $answer['DISPUTES'] = json_encode(array_map(static fn (string $id): array => ['DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ORDER_ID' => $id], $disputed));
        } elseif ($path === '/pgws/recon' && $request['ORDER_ID'] === 'SK1') {
            $answer['RECON'] = json_encode([[
                'TYPE' => 'DISPUTE_HOLD', 'TXN_ID' => '1234567890123456', 'AMOUNT' => '-100000', 'FEE' => '0', 'GST' => '0', 'NET' => '-100000',
                'DATE' => '2026-11-28 11:00:00', 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'STATE' => 'UNSETTLED', 'SETTLEMENT_ID' => '',
                'SETTLEMENT_DATE' => '', 'SETTLEMENT_STATUS' => '', 'PAID_BY_SETTLEMENT_ID' => '', 'UTR' => '', 'EXPECTED_SETTLEMENT_DATE' => '2026-11-30',
            ]]);
        } elseif ($path === '/pgws/recon') {
            $answer = ['STATUS' => 'Failed', 'RESPONSE_CODE' => '328', 'RESPONSE_MESSAGE' => 'No such order'] + $answer;
        }
        return [200, json_encode(Hash::withHash($answer, RECONCILE_SALT))];
    });
}

/**
 * Runs the command with the server example's store in a fresh PAYSTRA_DATA_DIR holding `$paid`
 * (ORDER_ID => AMOUNT, all paid) and an order that failed: [exit code, stdout, stderr].
 */
function runReconcile(array $args, Client $client, array $paid = ['SK1' => '100000', 'SK2' => '100', 'SK3' => '2500']): array
{
    $dir = sys_get_temp_dir() . '/paystra-reconcile-' . bin2hex(random_bytes(4));
    $saved = getenv('PAYSTRA_DATA_DIR');
    putenv("PAYSTRA_DATA_DIR=$dir");
    [$stdout, $stderr] = [fopen('php://memory', 'w+'), fopen('php://memory', 'w+')];
    try {
        $store = OrderStore::forExample('/kit', 'server');
        foreach ($paid as $orderId => $amount) {
            $store->create((string) $orderId, $amount);
            $store->update(['ORDER_ID' => (string) $orderId, 'RESPONSE_CODE' => '000', 'STATUS' => 'Captured'], 'return');
        }
        $store->create('SK4', '500');
        $store->update(['ORDER_ID' => 'SK4', 'RESPONSE_CODE' => '004', 'STATUS' => 'Failed'], 'return');
        $code = Reconcile::main($args, '/kit', $stdout, $stderr, $client);
        return [$code, (string) stream_get_contents($stdout, -1, 0), (string) stream_get_contents($stderr, -1, 0)];
    } finally {
        putenv($saved === false ? 'PAYSTRA_DATA_DIR' : "PAYSTRA_DATA_DIR=$saved");
        array_map('unlink', glob("$dir/*") ?: []);
        @rmdir($dir);
    }
}

test('reconcile: the options, as --name value or --name=value', static function (): void {
    Assert::same(
        ['settle-as-of' => '2026-11-30T11:00:00+05:30', 'notify-url' => 'http://127.0.0.1:8000/webhook', 'today' => '2026-11-27', 'json' => true, 'help' => false],
        Reconcile::options(['--settle-as-of', '2026-11-30T11:00:00+05:30', '--notify-url=http://127.0.0.1:8000/webhook', '--today', '2026-11-27', '--json']),
    );
    Assert::same(['settle-as-of' => null, 'notify-url' => null, 'today' => null, 'json' => false, 'help' => false], Reconcile::options([]));
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--today']), '--today needs a value');
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--today', '--json']), '--today needs a value');
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--today', '2026-02-30']), 'YYYY-MM-DD');
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--notify-url', 'http://x/webhook']), '--settle-as-of');
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--verbose']), 'unknown option --verbose');
    Assert::throws(InvalidArgumentException::class, static fn () => Reconcile::options(['--json=yes']), 'no value');
});

test('reconcile: settlements are fetched from TO - 91 days to TO = today + 7 days', static function (): void {
    Assert::same(['2026-09-04', '2026-12-04'], Reconcile::window('2026-11-27'));
    Assert::same(['2026-10-08', '2027-01-07'], Reconcile::window('2026-12-31'));
    Assert::true(preg_match('/^\d{4}-\d{2}-\d{2}$/', Reconcile::todayInIndia()) === 1);
});

test('reconcile: --json prints the report rows only, after the run, the settlements and the recon calls', static function (): void {
    [$code, $stdout, $stderr] = runReconcile(['--settle-as-of', '2026-11-27T11:00:00+05:30', '--notify-url', 'http://127.0.0.1:8000/webhook', '--today', '2026-11-29', '--json'], reconcileGateway($calls));
    Assert::same([0, ''], [$code, $stderr]);
    Assert::same([
        ['/pgws/settlement/run', ['AS_OF' => '2026-11-27T11:00:00+05:30', 'NOTIFY_URL' => 'http://127.0.0.1:8000/webhook']],
        ['/pgws/settlements', ['FROM' => '2026-09-06', 'TO' => '2026-12-06']],
        ['/pgws/settlement', ['SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'PAGE_SIZE' => '1000']],
        ['/pgws/settlement', ['SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'PAGE' => '2', 'PAGE_SIZE' => '1000']],
        ['/pgws/disputes', ['FROM' => '2026-09-06', 'TO' => '2026-12-06']],
        ['/pgws/recon', ['ORDER_ID' => 'SK2']],
        ['/pgws/recon', ['ORDER_ID' => 'SK3']],
    ], $calls, 'recon only for the paid orders no PAYMENT line names');
    $rows = json_decode($stdout, true, 512, JSON_THROW_ON_ERROR)['rows'];
    Assert::same(['SK1 MATCHED', 'SK2 OVERDUE', 'SK3 MISSING', 'SK9 UNKNOWN'], array_map(static fn (array $row): string => "{$row['ORDER_ID']} {$row['RESULT']}", $rows));
    Assert::same(['ORDER_ID' => 'SK1', 'RESULT' => 'MATCHED', 'AMOUNT' => '100000', 'SETTLED_AMOUNT' => '100000', 'REFUNDED_AMOUNT' => '0', 'HELD_AMOUNT' => '0', 'NET' => '97640',
        'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27', 'EXPECTED_SETTLEMENT_DATE' => ''], $rows[0]);
    Assert::same('2026-11-28', $rows[1]['EXPECTED_SETTLEMENT_DATE']);
});

test('reconcile: a paid-out order with a dispute is asked for its recon, and held while its hold is open', static function (): void {
    [$code, $stdout, $stderr] = runReconcile(['--today', '2026-11-29', '--json'], reconcileGateway($calls, disputed: ['SK1']));
    Assert::same([0, ''], [$code, $stderr]);
    Assert::true(in_array(['/pgws/recon', ['ORDER_ID' => 'SK1']], $calls, true), 'recon asked for SK1');
    $row = json_decode($stdout, true, 512, JSON_THROW_ON_ERROR)['rows'][0];
    Assert::same(['SK1', 'HELD', '100000', '-2360', '', ''], [$row['ORDER_ID'], $row['RESULT'], $row['HELD_AMOUNT'], $row['NET'], $row['SETTLEMENT_ID'], $row['UTR']]);
});

test('reconcile: without --json, the settlements and the orders as tables in rupees, and a count of each result', static function (): void {
    [$code, $stdout] = runReconcile(['--today=2026-11-28'], reconcileGateway($calls));
    Assert::same(0, $code);
    Assert::same('/pgws/settlements', $calls[0][0], 'no settlement run without --settle-as-of');
    $expected = <<<'TEXT'
        Settlements dated 2026-09-05 to 2026-12-05: 1
        SETTLEMENT_ID              DATE        STATUS     UTR                     NET
        setl_0a1b2c3d4e5f60718293  2026-11-27  PROCESSED  PYSTN26331000123  ₹1,952.80

        Orders reconciled on 2026-11-28 (IST): 4
        ORDER_ID  RESULT        AMOUNT    SETTLED  REFUNDED   HELD      NET  SETTLEMENT_ID              UTR               SETTLED ON
        SK1       MATCHED    ₹1,000.00  ₹1,000.00     ₹0.00  ₹0.00  ₹976.40  setl_0a1b2c3d4e5f60718293  PYSTN26331000123  2026-11-27
        SK2       UNSETTLED      ₹1.00                ₹0.00  ₹0.00    ₹0.98                                               due 2026-11-28
        SK3       MISSING       ₹25.00                ₹0.00  ₹0.00    ₹0.00
        SK9       UNKNOWN               ₹1,000.00     ₹0.00  ₹0.00  ₹976.40  setl_0a1b2c3d4e5f60718293  PYSTN26331000123  2026-11-27

        1 MATCHED, 1 UNSETTLED, 1 MISSING, 1 UNKNOWN

        TEXT;
    Assert::same($expected, $stdout);
    [, $stdout] = runReconcile(['--today=2026-11-28', '--settle-as-of', '2026-11-27T11:00:00+05:30'], reconcileGateway($calls));
    Assert::true(str_starts_with($stdout, "Settlement run: 1 settlement(s) dated in the 92 days up to it.\n\nSettlements dated"), $stdout);
});

test('reconcile: a refusal, an unreachable gateway or a bad option is a message on stderr and exit 1', static function (): void {
    [$code, $stdout, $stderr] = runReconcile(['--json'], reconcileGateway($calls, '/pgws/settlements'));
    Assert::same([1, ''], [$code, $stdout]);
    Assert::same("reconcile: The settlements call: Invalid date range (339)\n", $stderr);
    $unreachable = new Client(new Config('http://127.0.0.1:9/sandbox', '1000000000000001', RECONCILE_SALT));
    [$code, $stdout, $stderr] = runReconcile(['--json'], $unreachable);
    Assert::same([1, ''], [$code, $stdout]);
    Assert::true(str_contains($stderr, 'Cannot reach the gateway'), $stderr);
    [$code, , $stderr] = runReconcile(['--today', 'soon'], reconcileGateway($calls));
    Assert::same(1, $code);
    Assert::true(str_contains($stderr, 'Usage: php example/reconcile.php'), $stderr);
});

test('reconcile: a store that is not JSON stops the report; no store yet reports settled orders only', static function (): void {
    $dir = sys_get_temp_dir() . '/paystra-reconcile-' . bin2hex(random_bytes(4));
    $saved = getenv('PAYSTRA_DATA_DIR');
    putenv("PAYSTRA_DATA_DIR=$dir");
    [$stdout, $stderr] = [fopen('php://memory', 'w+'), fopen('php://memory', 'w+')];
    try {
        Assert::same(0, Reconcile::main(['--json', '--today', '2026-11-28'], '/kit', $stdout, $stderr, reconcileGateway($calls)));
        Assert::same("No orders at $dir/server-orders.json yet (PAYSTRA_DATA_DIR): only settled orders are listed.\n", stream_get_contents($stderr, -1, 0));
        Assert::same(['SK1', 'SK9'], array_column(json_decode(stream_get_contents($stdout, -1, 0), true)['rows'], 'ORDER_ID'));
        mkdir($dir);
        file_put_contents("$dir/server-orders.json", '{"orders": ');
        $stderr = fopen('php://memory', 'w+');
        Assert::same(1, Reconcile::main(['--json'], '/kit', fopen('php://memory', 'w+'), $stderr, reconcileGateway($calls)));
        Assert::true(str_contains(stream_get_contents($stderr, -1, 0), 'server-orders.json is not JSON'));
    } finally {
        putenv($saved === false ? 'PAYSTRA_DATA_DIR' : "PAYSTRA_DATA_DIR=$saved");
        array_map('unlink', glob("$dir/*") ?: []);
        @rmdir($dir);
    }
});

test('web: GET /settlements/<SETTLEMENT_ID> answers the recorded settlement, or 404', static function (): void {
    $dir = sys_get_temp_dir() . '/paystra-web-' . bin2hex(random_bytes(4));
    $saved = getenv('PAYSTRA_DATA_DIR');
    putenv("PAYSTRA_DATA_DIR=$dir");
    try {
        $app = new Web('test', '/kit', 'server');
        $app->orders()->receive(settlementEvent('setl_0a1b2c3d4e5f60718293', 'evt_w1'));
        $answer = static function (string $id) use ($app): array {
            // The runner has printed already: on the command line header() can only warn.
            set_error_handler(static fn (int $level, string $message): bool => str_contains($message, 'headers already sent'), E_WARNING);
            ob_start();
            try {
                $app->settlement($id);
            } finally {
                restore_error_handler();
            }
            return [http_response_code(), json_decode((string) ob_get_clean(), true)];
        };
        Assert::same([200, ['SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27', 'NET_AMOUNT' => '98', 'STATUS' => 'PROCESSED']], $answer('setl_0a1b2c3d4e5f60718293'));
        Assert::same([404, ['error' => 'No such settlement']], $answer('setl_ffffffffffffffffffff'));
    } finally {
        putenv($saved === false ? 'PAYSTRA_DATA_DIR' : "PAYSTRA_DATA_DIR=$saved");
        array_map('unlink', glob("$dir/*") ?: []);
        @rmdir($dir);
    }
});
