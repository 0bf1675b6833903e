<?php

declare(strict_types=1);

namespace Paystra\Tests;

use Paystra\Cipher;
use Paystra\Hash;

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

/**
 * A small test case and runner: every public method whose name starts with "test" runs on a
 * fresh instance after setUp(). Any exception, a failed assertion included, fails the test.
 */
abstract class TestCase
{
    public const PAY_ID = '1000000000000001';
    public const SALT = 'a1b2c3d4e5f60718';
    public const KEY_SALT = 'f0e1d2c3b4a59687';

    private static int $assertions = 0;

    /** The order locks the platform stand-ins were asked for, e.g. "GET_LOCK paystra_WC_1234". */
    public static array $locks = [];
    /** When true, the next lock is not granted (another request holds it past the timeout). */
    public static bool $lockBusy = false;
    /**
     * Runs once, when the next lock is requested: the competing request that held the lock
     * first (the return, or the webhook), which this request had to wait for.
     */
    public static ?\Closure $whileWaiting = null;

    /**
     * The stand-ins' order lock: records the call and grants it (false when $lockBusy); before
     * granting, runs the request queued in $whileWaiting, as a real lock makes the second
     * request wait until the first has finished.
     */
    public static function lockCall(string $operation, string $name): bool
    {
        self::$locks[] = $operation . ' ' . $name;
        if ($operation !== 'GET_LOCK') {
            return true;
        }
        if (self::$lockBusy) {
            return false;
        }
        if (self::$whileWaiting !== null) {
            $first = self::$whileWaiting;
            self::$whileWaiting = null;
            $first();
        }
        return true;
    }

    /** lockCall() for a stand-in database: "SELECT GET_LOCK('name', 10)" → '1' or '0'; null for other SQL. */
    public static function lockQuery(string $sql): ?string
    {
        if (preg_match("/^SELECT (GET_LOCK|RELEASE_LOCK)\\('([^']+)'/", $sql, $m) !== 1) {
            return null;
        }
        return self::lockCall($m[1], $m[2]) ? '1' : '0';
    }

    protected function setUp(): void
    {
    }

    /**
     * The gateway's answer for an order, as the sandbox posts it to RETURN_URL: PAY_ID and the
     * encrypted, signed response fields. $overrides replace or add fields.
     *
     * @return array{PAY_ID: string, ENCDATA: string}
     */
    public static function gatewayResponse(string $orderId, string $amount, array $overrides = [], string $salt = self::SALT): array
    {
        $fields = $overrides + [
            'PAY_ID' => self::PAY_ID,
            'ORDER_ID' => $orderId,
            'AMOUNT' => $amount,
            'CURRENCY_CODE' => '356',
            'TXNTYPE' => 'SALE',
            'TXN_ID' => '1763712000123456',
            'PG_REF_NUM' => '9876543210123',
            'STATUS' => 'Captured',
            'RESPONSE_CODE' => '000',
            'RESPONSE_MESSAGE' => 'Transaction successful',
            'RESPONSE_DATE_TIME' => '2026-11-21 14:58:03',
            'PAYMENT_TYPE' => 'CC',
            'MOP_TYPE' => 'VI',
            'CUST_NAME' => 'Aarav Sharma',
            'CUST_EMAIL' => 'aarav.sharma@example.com',
        ];
        $key = Cipher::merchantHostedKey(self::KEY_SALT, self::PAY_ID);
        return ['PAY_ID' => self::PAY_ID, 'ENCDATA' => Cipher::encrypt($fields, $salt, $key)];
    }

    /** The demo merchant's webhook secret. */
    public const WEBHOOK_SECRET = 'wh_demo_7c1e4b9a2f6d8035';

    /**
     * A webhook delivery as the sandbox sends it to NOTIFY_URL: the event (data = the response
     * fields with their HASH, $overrides applied before signing) and its signature header.
     *
     * @return array{body: string, header: string, id: string}
     */
    public static function webhookDelivery(string $orderId, string $amount, array $overrides = [], string $type = '', ?string $id = null, string $secret = self::WEBHOOK_SECRET, ?int $timestamp = null): array
    {
        $key = Cipher::merchantHostedKey(self::KEY_SALT, self::PAY_ID);
        $data = Cipher::decrypt(self::gatewayResponse($orderId, $amount, $overrides)['ENCDATA'], $key);
        if ($type === '') {
            $type = match ($data['STATUS'] ?? '') {
                'Captured' => 'payment.captured',
                'Pending' => 'payment.pending',
                default => 'payment.failed',
            };
        }
        $id ??= \Paystra\Webhook::newEventId();
        $signed = \Paystra\Webhook::sign(['id' => $id, 'type' => $type, 'data' => $data], $secret, $timestamp ?? time());
        return ['body' => $signed['body'], 'header' => $signed['headers']['X-Paystra-Signature'], 'id' => $id];
    }

    /** A declined payment's webhook (card 4000 0000 0000 0002 in the sandbox): payment.failed 004. */
    public static function declinedDelivery(string $orderId, string $amount, ?string $id = null): array
    {
        return self::webhookDelivery($orderId, $amount, [
            'STATUS' => 'Failed',
            'RESPONSE_CODE' => '004',
            'RESPONSE_MESSAGE' => 'Transaction declined by the issuing bank',
        ], 'payment.failed', $id);
    }

    /** The delivery with one byte of its body changed after signing (an amount's last digit). */
    public static function tamperedDelivery(array $delivery): array
    {
        $body = preg_replace_callback('/"AMOUNT": "(\d*)(\d)"/', static fn (array $m): string => '"AMOUNT": "' . $m[1] . ($m[2] === '0' ? '1' : '0') . '"', $delivery['body'], 1);
        return ['body' => (string) $body] + $delivery;
    }

    /** A declined payment (card 4000 0000 0000 0002 in the sandbox). */
    public static function declinedResponse(string $orderId, string $amount): array
    {
        return self::gatewayResponse($orderId, $amount, [
            'STATUS' => 'Failed',
            'RESPONSE_CODE' => '004',
            'RESPONSE_MESSAGE' => 'Transaction declined by the issuing bank',
        ]);
    }

    /**
     * A response altered after signing: $changes applied inside the encryption, the HASH of the
     * original ($original overrides, e.g. a declined payment) kept.
     */
    public static function tamperedResponse(string $orderId, string $amount, array $changes, array $original = []): array
    {
        $key = Cipher::merchantHostedKey(self::KEY_SALT, self::PAY_ID);
        $fields = Cipher::decrypt(self::gatewayResponse($orderId, $amount, $original)['ENCDATA'], $key);
        $hash = $fields['HASH'];
        unset($fields['HASH']);
        $fields = $changes + $fields;
        return ['PAY_ID' => self::PAY_ID, 'ENCDATA' => Cipher::encryptText(Hash::canonical($fields) . '~HASH=' . $hash, $key)];
    }

    /** A status enquiry transport that answers with the given fields, signed, and records calls. */
    public static function statusTransport(array $answer, array &$calls = []): callable
    {
        return static function (string $url, string $json) use ($answer, &$calls): array {
            $calls[] = ['url' => $url, 'body' => json_decode($json, true)];
            return [200, json_encode(Hash::withHash($answer, self::SALT))];
        };
    }

    // ---- settlements ----

    public const SETTLEMENT_ID = 'setl_0123456789abcdef0123';
    public const UTR = 'PYSTN26327000001';

    /**
     * A settlement's fields (no lines) as the sandbox sends them, PROCESSED on 2026-11-23 unless
     * $overrides say otherwise; the amounts are worked out from $lines when given.
     *
     * @param list<array<string, string>> $lines
     * @return array<string, string>
     */
    public static function settlementFields(array $overrides = [], array $lines = []): array
    {
        $sum = static function (string $field, string ...$types) use ($lines): string {
            $total = 0;
            foreach ($lines as $line) {
                if ($types === [] || in_array($line['TYPE'], $types, true)) {
                    $total += (int) $line[$field];
                }
            }
            return (string) $total;
        };
        return $overrides + [
            'SETTLEMENT_ID' => self::SETTLEMENT_ID,
            'UTR' => self::UTR,
            'SETTLEMENT_DATE' => '2026-11-23',
            'CYCLE_FROM' => '2026-11-21',
            'CYCLE_TO' => '2026-11-22',
            'PAYMENTS_COUNT' => (string) count(array_filter($lines, static fn (array $line): bool => $line['TYPE'] === 'PAYMENT')),
            'REFUNDS_COUNT' => (string) count(array_filter($lines, static fn (array $line): bool => $line['TYPE'] === 'REFUND')),
            'GROSS_AMOUNT' => $sum('AMOUNT', 'PAYMENT'),
            'REFUNDS_AMOUNT' => $sum('AMOUNT', 'REFUND'),
            'FEES_AMOUNT' => $sum('FEE'),
            'GST_AMOUNT' => $sum('GST'),
            'ADJUSTMENTS_AMOUNT' => $sum('NET', 'DISPUTE_HOLD', 'DISPUTE_RELEASE', 'CARRY_FORWARD'),
            'NET_AMOUNT' => $sum('NET'),
            'BANK_ACCOUNT' => 'XXXXXXXXXX4321',
            'STATUS' => 'PROCESSED',
        ];
    }

    /** A PAYMENT line: a card payment at 2% fee and 18% GST on the fee. */
    public static function paymentLine(string $orderId, string $amount, string $txnId = '1763712000123456'): array
    {
        $fee = intdiv((int) $amount * 2 + 50, 100);
        $gst = intdiv($fee * 18 + 50, 100);
        return [
            'TYPE' => 'PAYMENT', 'ORDER_ID' => $orderId, 'TXN_ID' => $txnId, 'PG_REF_NUM' => '9876543210123',
            'PAYMENT_TYPE' => 'CC', 'MOP_TYPE' => 'VI', 'AMOUNT' => $amount, 'FEE' => (string) $fee, 'GST' => (string) $gst,
            'NET' => (string) ((int) $amount - $fee - $gst), 'DATE' => '2026-11-21 14:58:03', 'DESCRIPTION' => '',
        ];
    }

    /** A REFUND line of an order's payment. */
    public static function refundLine(string $orderId, string $amount, string $txnId = '1763712000999001'): array
    {
        return [
            'TYPE' => 'REFUND', 'ORDER_ID' => $orderId, 'TXN_ID' => $txnId, 'PG_REF_NUM' => '9876543210123',
            'PAYMENT_TYPE' => 'CC', 'MOP_TYPE' => 'VI', 'AMOUNT' => $amount, 'FEE' => '0', 'GST' => '0',
            'NET' => '-' . $amount, 'DATE' => '2026-11-22 10:15:00', 'DESCRIPTION' => '',
        ];
    }

    /**
     * The signed `/pgws/settlement` answer of a settlement: its fields, LINES as JSON text, the
     * success code, HASH.
     *
     * @param list<array<string, string>> $lines
     */
    public static function settlementAnswer(array $lines, array $overrides = []): array
    {
        return Hash::withHash(self::settlementFields($overrides, $lines) + [
            'PAY_ID' => self::PAY_ID,
            'LINES' => json_encode($lines, JSON_UNESCAPED_SLASHES),
            'RESPONSE_CODE' => '000',
            'RESPONSE_MESSAGE' => 'Transaction successful',
            'RESPONSE_DATE_TIME' => '2026-11-23 11:00:02',
        ], self::SALT);
    }

    /**
     * A JSON transport for `/pgws/settlement` that answers the settlements given (signed answers
     * by SETTLEMENT_ID), a signed 338 for any other, and records the calls.
     *
     * @param array<string, array<string, string>> $answers
     */
    public static function settlementTransport(array $answers, array &$calls = []): callable
    {
        return static function (string $url, string $json) use ($answers, &$calls): array {
            $request = json_decode($json, true);
            $calls[] = ['url' => $url, 'body' => $request];
            $id = $request['SETTLEMENT_ID'] ?? '';
            return [200, json_encode($answers[$id] ?? Hash::withHash([
                'PAY_ID' => self::PAY_ID, 'SETTLEMENT_ID' => $id, 'STATUS' => 'Failed', 'RESPONSE_CODE' => '338',
                'RESPONSE_MESSAGE' => 'No settlement found', 'RESPONSE_DATE_TIME' => '2026-11-23 11:00:02',
            ], self::SALT))];
        };
    }

    /**
     * The settlement.processed delivery of a settlement, as the sandbox sends it to NOTIFY_URL:
     * data = the settlement's fields, PAY_ID and HASH (no lines).
     *
     * @param array<string, string> $answer a settlementAnswer()
     * @return array{body: string, header: string, id: string}
     */
    public static function settlementDelivery(array $answer, ?string $id = null, string $secret = self::WEBHOOK_SECRET, ?int $timestamp = null): array
    {
        $data = $answer;
        unset($data['LINES'], $data['RESPONSE_CODE'], $data['RESPONSE_MESSAGE'], $data['RESPONSE_DATE_TIME']);
        $id ??= \Paystra\Webhook::newEventId();
        $signed = \Paystra\Webhook::sign(['id' => $id, 'type' => 'settlement.processed', 'data' => Hash::withHash($data, self::SALT)], $secret, $timestamp ?? time());
        return ['body' => $signed['body'], 'header' => $signed['headers']['X-Paystra-Signature'], 'id' => $id];
    }

    /** The dispute of the tests' events (card 4000 0000 0000 1976 in the sandbox: reason 13.1). */
    public const DISPUTE_ID = 'dsp_0123456789abcdef0123';

    /**
     * A dispute's fields as a dispute.* event carries them (without PAY_ID and HASH): opened
     * for $orderId's payment of $amount paise, or as it stands once $type (dispute.won,
     * dispute.lost) decided it. $overrides replace fields.
     *
     * @return array<string, string>
     */
    public static function disputeFields(string $orderId, string $amount, string $type = 'dispute.created', array $overrides = []): array
    {
        $decided = match ($type) {
            'dispute.won' => ['STATUS' => 'WON', 'EVIDENCE_RECEIVED' => 'Y', 'DECIDED_AT' => '2026-12-08 11:00:00', 'RESOLUTION' => 'Evidence accepted by the issuer'],
            'dispute.lost' => ['STATUS' => 'LOST', 'EVIDENCE_RECEIVED' => 'N', 'DECIDED_AT' => '2026-12-08 11:00:00', 'RESOLUTION' => 'No answer by the deadline'],
            default => ['STATUS' => 'OPEN', 'EVIDENCE_RECEIVED' => 'N', 'DECIDED_AT' => '', 'RESOLUTION' => ''],
        };
        return $overrides + [
            'DISPUTE_ID' => self::DISPUTE_ID, 'ORDER_ID' => $orderId, 'TXN_ID' => '1763712000123456', 'PG_REF_NUM' => '9876543210123',
            'AMOUNT' => $amount, 'CURRENCY_CODE' => '356', 'INR_AMOUNT' => $amount, 'REASON_CODE' => '13.1',
            'REASON' => 'Merchandise or services not received', 'RESPOND_BY' => '2026-12-07',
            'STATUS' => $decided['STATUS'], 'EVIDENCE_RECEIVED' => $decided['EVIDENCE_RECEIVED'],
            'CREATED_AT' => '2026-11-30 11:00:00', 'DECIDED_AT' => $decided['DECIDED_AT'], 'RESOLUTION' => $decided['RESOLUTION'],
        ];
    }

    /**
     * A dispute.created, dispute.won or dispute.lost delivery as the sandbox sends it to
     * NOTIFY_URL: data = PAY_ID, the dispute's fields and HASH.
     *
     * @return array{body: string, header: string, id: string}
     */
    public static function disputeDelivery(string $orderId, string $amount, string $type = 'dispute.created', array $overrides = [], ?string $id = null, string $secret = self::WEBHOOK_SECRET): array
    {
        $data = Hash::withHash(array_merge(['PAY_ID' => self::PAY_ID], self::disputeFields($orderId, $amount, $type, $overrides)), self::SALT);
        $id ??= \Paystra\Webhook::newEventId();
        $signed = \Paystra\Webhook::sign(['id' => $id, 'type' => $type, 'data' => $data], $secret, time());
        return ['body' => $signed['body'], 'header' => $signed['headers']['X-Paystra-Signature'], 'id' => $id];
    }

    /**
     * The same checkout (settings, prefix, webhook secret) with its JSON calls sent to
     * $transport: for plugins whose checkout uses the library's own HTTP client.
     */
    public static function withTransport(\Paystra\Plugin\HostedCheckout $checkout, callable $transport): \Paystra\Plugin\HostedCheckout
    {
        return new \Paystra\Plugin\HostedCheckout(new \Paystra\Client($checkout->client->config, $transport), $checkout->prefix, $checkout->webhookSecret);
    }

    public static function assertSame(mixed $expected, mixed $actual, string $message = ''): void
    {
        self::$assertions++;
        if ($expected !== $actual) {
            throw new AssertionFailed(trim($message . "\n  expected: " . self::show($expected) . "\n  actual:   " . self::show($actual)));
        }
    }

    public static function assertTrue(mixed $actual, string $message = ''): void
    {
        self::assertSame(true, $actual, $message);
    }

    public static function assertFalse(mixed $actual, string $message = ''): void
    {
        self::assertSame(false, $actual, $message);
    }

    public static function assertContains(string $needle, string $haystack, string $message = ''): void
    {
        self::$assertions++;
        if (!str_contains($haystack, $needle)) {
            throw new AssertionFailed(trim($message . "\n  expected to find: " . self::show($needle) . "\n  in: " . self::show($haystack)));
        }
    }

    public static function assertNotContains(string $needle, string $haystack, string $message = ''): void
    {
        self::$assertions++;
        if (str_contains($haystack, $needle)) {
            throw new AssertionFailed(trim($message . "\n  did not expect: " . self::show($needle) . "\n  in: " . self::show($haystack)));
        }
    }

    public static function assertMatches(string $pattern, string $actual, string $message = ''): void
    {
        self::$assertions++;
        if (preg_match($pattern, $actual) !== 1) {
            throw new AssertionFailed(trim($message . "\n  expected to match: $pattern\n  actual: " . self::show($actual)));
        }
    }

    /**
     * Runs $action and returns what it threw, failing when it throws nothing or another class.
     *
     * @template T of \Throwable
     * @param class-string<T> $class
     * @return T
     */
    public static function assertThrows(string $class, callable $action, string $messageContains = ''): \Throwable
    {
        self::$assertions++;
        try {
            $action();
        } catch (\Throwable $thrown) {
            if (!$thrown instanceof $class) {
                throw new AssertionFailed("expected $class, got " . $thrown::class . ': ' . $thrown->getMessage(), 0, $thrown);
            }
            if ($messageContains !== '' && !str_contains($thrown->getMessage(), $messageContains)) {
                throw new AssertionFailed("expected the message to contain \"$messageContains\", got: " . $thrown->getMessage());
            }
            return $thrown;
        }
        throw new AssertionFailed("expected $class, nothing was thrown");
    }

    /**
     * Reads an XML file (the platforms' module descriptors) into XmlNode elements, failing on
     * anything that is not well-formed. Plain PHP, since DOM and SimpleXML may be missing.
     */
    public static function parseXml(string $xml): XmlNode
    {
        $document = new XmlNode('#document');
        $stack = [$document];
        $tokens = preg_split('/(<!--.*?-->|<!\[CDATA\[.*?\]\]>|<[^>]*>)/s', $xml, -1, PREG_SPLIT_DELIM_CAPTURE | PREG_SPLIT_NO_EMPTY);
        foreach ($tokens ?: [] as $index => $token) {
            $top = $stack[count($stack) - 1];
            if (str_starts_with($token, '<!--') || ($index === 0 && str_starts_with($token, '<?xml'))) {
                continue;
            }
            if (str_starts_with($token, '<![CDATA[')) {
                $top->text .= substr($token, 9, -3);
            } elseif (preg_match('#^</([A-Za-z_][\w:.-]*)\s*>$#', $token, $m) === 1) {
                if ($top->name !== $m[1] || count($stack) === 1) {
                    throw new AssertionFailed("XML: </{$m[1]}> closes <{$top->name}>");
                }
                array_pop($stack);
            } elseif (preg_match('#^<([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|\'[^\'<]*\'))*)\s*(/?)>$#s', $token, $m) === 1) {
                $node = new XmlNode($m[1]);
                preg_match_all('#([\w:.-]+)\s*=\s*(?:"([^"]*)"|\'([^\']*)\')#', $m[2], $attributes, PREG_SET_ORDER);
                foreach ($attributes as $attribute) {
                    $node->attributes[$attribute[1]] = html_entity_decode($attribute[2] . ($attribute[3] ?? ''), ENT_QUOTES | ENT_XML1);
                }
                $top->children[] = $node;
                if ($m[3] !== '/') {
                    $stack[] = $node;
                }
            } elseif (str_starts_with($token, '<')) {
                throw new AssertionFailed('XML: malformed tag ' . substr($token, 0, 80));
            } else {
                if (count($stack) === 1 && trim($token) !== '') {
                    throw new AssertionFailed('XML: text outside the root element');
                }
                $top->text .= html_entity_decode($token, ENT_QUOTES | ENT_XML1);
            }
        }
        if (count($stack) !== 1 || count($document->children) !== 1) {
            throw new AssertionFailed('XML: expected one root element, all elements closed');
        }
        return $document->children[0];
    }

    /**
     * Loads the test files, runs every test and prints one line per test.
     *
     * @param list<string> $files
     * @return int the exit code: 0 when every test passed
     */
    public static function runAll(array $files, string $filter = ''): int
    {
        $before = get_declared_classes();
        foreach ($files as $file) {
            require_once $file;
        }
        $classes = array_filter(
            array_diff(get_declared_classes(), $before),
            static fn (string $class): bool => is_subclass_of($class, self::class) && !(new \ReflectionClass($class))->isAbstract(),
        );
        sort($classes);
        $passed = 0;
        $failures = [];
        foreach ($classes as $class) {
            foreach ((new \ReflectionClass($class))->getMethods(\ReflectionMethod::IS_PUBLIC) as $method) {
                $name = $class . '::' . $method->getName();
                if (!str_starts_with($method->getName(), 'test') || ($filter !== '' && !str_contains($name, $filter))) {
                    continue;
                }
                try {
                    [self::$locks, self::$lockBusy, self::$whileWaiting] = [[], false, null];
                    $test = new $class();
                    $test->setUp();
                    $method->invoke($test);
                    $passed++;
                    echo "  ok    $name\n";
                } catch (\Throwable $error) {
                    $failures[] = $name;
                    echo "  FAIL  $name\n    " . str_replace("\n", "\n    ", self::describe($error)) . "\n";
                }
            }
        }
        $total = $passed + count($failures);
        echo sprintf("\n%d tests, %d passed, %d failed, %d assertions\n", $total, $passed, count($failures), self::$assertions);
        if ($total === 0) {
            echo "No tests ran.\n";
            return 1;
        }
        return $failures === [] ? 0 : 1;
    }

    private static function describe(\Throwable $error): string
    {
        if ($error instanceof AssertionFailed) {
            foreach ($error->getTrace() as $frame) {
                if (isset($frame['file']) && str_ends_with($frame['file'], 'Test.php')) {
                    return $error->getMessage() . "\n  at " . basename($frame['file']) . ':' . $frame['line'];
                }
            }
            return $error->getMessage();
        }
        return $error::class . ': ' . $error->getMessage() . "\n  at " . $error->getFile() . ':' . $error->getLine();
    }

    private static function show(mixed $value): string
    {
        return is_string($value) ? '"' . $value . '"' : var_export($value, true);
    }
}

final class AssertionFailed extends \RuntimeException
{
}

/** An XML element read by TestCase::parseXml(). */
final class XmlNode
{
    /** @var array<string, string> */
    public array $attributes = [];
    /** @var list<XmlNode> */
    public array $children = [];
    public string $text = '';

    public function __construct(public readonly string $name)
    {
    }

    /**
     * The descendants along a path of element names, e.g. "default/payment/paystra";
     * "name[@attr=value]" filters by an attribute.
     *
     * @return list<XmlNode>
     */
    public function find(string $path): array
    {
        $nodes = [$this];
        foreach (explode('/', $path) as $step) {
            preg_match('/^([^\[]+)(?:\[@([^=]+)=([^\]]*)\])?$/', $step, $m);
            $next = [];
            foreach ($nodes as $node) {
                foreach ($node->children as $child) {
                    if ($child->name === $m[1] && (!isset($m[2]) || ($child->attributes[$m[2]] ?? null) === $m[3])) {
                        $next[] = $child;
                    }
                }
            }
            $nodes = $next;
        }
        return $nodes;
    }

    /** The one element at the path, failing when there is none or more than one. */
    public function one(string $path): XmlNode
    {
        $found = $this->find($path);
        if (count($found) !== 1) {
            throw new AssertionFailed(sprintf('XML: %d elements at %s in <%s>', count($found), $path, $this->name));
        }
        return $found[0];
    }

    /** @return list<string> names of the child elements */
    public function childNames(): array
    {
        return array_map(static fn (XmlNode $child): string => $child->name, $this->children);
    }
}
