<?php

declare(strict_types=1);

use Paystra\Cipher;
use Paystra\Client;
use Paystra\Config;
use Paystra\Hash;
use Paystra\Webhook;
use Paystra\WebhookError;

const WEBHOOK_SECRET = 'wh_demo_7c1e4b9a2f6d8035';
const WEBHOOK_SALT = 'a1b2c3d4e5f60718';

function webhookEvent(array $data = [], string $type = 'payment.captured', string $id = 'evt_0123456789abcdef01234567'): array
{
    $data = Hash::withHash($data + ['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000'], WEBHOOK_SALT);
    return ['id' => $id, 'type' => $type, 'created' => 1764000000, 'data' => $data];
}

function webhookReason(callable $verify): string
{
    return Assert::throws(WebhookError::class, $verify)->reason;
}

test('webhook: sign then verify gives the event back, with and without the salt', static function (): void {
    $event = webhookEvent(['CUST_NAME' => 'आशा वर्मा']);
    $signed = Webhook::sign($event, WEBHOOK_SECRET, 1764000000);
    Assert::true(str_starts_with($signed['body'], "{\n  \"id\""), 'laid out as the gateway does');
    Assert::true(str_ends_with($signed['body'], "}\n"), 'ends in a line break');
    $header = $signed['headers']['X-Paystra-Signature'];
    Assert::same($event, Webhook::verify($signed['body'], $header, WEBHOOK_SECRET, ['salt' => WEBHOOK_SALT, 'now' => 1764000000]));
    Assert::same($event, Webhook::verify($signed['body'], $header, WEBHOOK_SECRET, ['now' => 1764000299]));
});

test('webhook: sign fills in a new event id and the timestamp as created', static function (): void {
    $signed = Webhook::sign(['type' => 'payout.processed', 'data' => []], WEBHOOK_SECRET);
    $event = Webhook::verify($signed['body'], $signed['headers']['X-Paystra-Signature'], WEBHOOK_SECRET);
    Assert::true(preg_match('/^evt_[0-9a-f]{24}$/', $event['id']) === 1, 'an evt_ id');
    Assert::same($event['id'], $signed['headers']['X-Paystra-Event-Id']);
    Assert::true(abs(time() - $event['created']) < 5, 'created now');
    Assert::same([], $event['data']);
    Assert::true(str_contains($signed['body'], '"data": {}'), 'empty data is an object');
});

test('webhook: the likeliest reason for a refused round trip', static function (): void {
    $signed = Webhook::sign(webhookEvent(), WEBHOOK_SECRET, 1764000000);
    $header = $signed['headers']['X-Paystra-Signature'];
    $options = ['salt' => WEBHOOK_SALT, 'now' => 1764000000];
    $compact = json_encode(json_decode($signed['body'], true), JSON_UNESCAPED_SLASHES);
    Assert::same('body-reserialised', webhookReason(static fn () => Webhook::verify($compact, $header, WEBHOOK_SECRET, $options)));
    Assert::same('wrong-secret', webhookReason(static fn () => Webhook::verify($signed['body'], $header, 'wh_other', $options)));
    Assert::same('signature-mismatch', webhookReason(static fn () => Webhook::verify(str_replace('"100"', '"101"', $signed['body']), $header, WEBHOOK_SECRET, $options)));
    Assert::same('stale-timestamp', webhookReason(static fn () => Webhook::verify($signed['body'], $header, WEBHOOK_SECRET, ['now' => 1764000600])));
    Assert::same('stale-timestamp', webhookReason(static fn () => Webhook::verify($signed['body'], $header, WEBHOOK_SECRET, ['now' => 1764000100, 'tolerance' => 60])));
    Assert::same('data-hash', webhookReason(static fn () => Webhook::verify($signed['body'], $header, WEBHOOK_SECRET, ['salt' => 'another salt', 'now' => 1764000000])));
});

test('webhook: parsed JSON instead of the raw body is refused as body-not-raw', static function (): void {
    $signed = Webhook::sign(webhookEvent(), WEBHOOK_SECRET, 1764000000);
    $error = Assert::throws(WebhookError::class, static fn () => Webhook::verify(json_decode($signed['body'], true), $signed['headers']['X-Paystra-Signature'], WEBHOOK_SECRET));
    Assert::same('body-not-raw', $error->reason);
    Assert::same(Webhook::MESSAGES['body-not-raw'], $error->getMessage());
});

test('webhook: a JSON list as data or a number as a value is not an event', static function (): void {
    foreach (["{\n  \"id\": \"e\", \"type\": \"t\", \"created\": 1, \"data\": [\"x\"]\n}\n", "{\n  \"id\": \"e\", \"type\": \"t\", \"created\": 1, \"data\": {\"A\": 1}\n}\n", "[1]\n"] as $body) {
        $header = 't=1764000000,v1=' . Webhook::signature(WEBHOOK_SECRET, 1764000000, $body);
        Assert::same('malformed-body', webhookReason(static fn () => Webhook::verify($body, $header, WEBHOOK_SECRET, ['now' => 1764000000])), $body);
    }
});

test('webhook: a secret with a no-break space around it is refused like JavaScript trim() would', static function (): void {
    Assert::same('secret-whitespace', webhookReason(static fn () => Webhook::verify('{}', 't=1,v1=' . str_repeat('a', 64), WEBHOOK_SECRET . "\u{00A0}")));
});

test('webhook: client->verifyWebhook uses PAYSTRA_WEBHOOK_SECRET and the salt', static function (): void {
    $client = new Client(Config::fromArray([
        'PAYSTRA_BASE_URL' => 'http://127.0.0.1:4120/sandbox', 'PAYSTRA_PAY_ID' => '1000000000000001',
        'PAYSTRA_SALT' => WEBHOOK_SALT, 'PAYSTRA_WEBHOOK_SECRET' => WEBHOOK_SECRET,
    ]));
    $signed = Webhook::sign(webhookEvent(), WEBHOOK_SECRET);
    Assert::same('evt_0123456789abcdef01234567', $client->verifyWebhook($signed['body'], $signed['headers']['X-Paystra-Signature'])['id']);
    $wrong = Webhook::sign(webhookEvent(), 'wh_other');
    Assert::same('wrong-secret', webhookReason(static fn () => $client->verifyWebhook($wrong['body'], $wrong['headers']['X-Paystra-Signature'])));
    $unset = new Client(demoConfig());
    Assert::same('', $unset->config->webhookSecret);
    Assert::same('secret-missing', webhookReason(static fn () => $unset->verifyWebhook($signed['body'], $signed['headers']['X-Paystra-Signature'])));
});

test('webhook: a settlement.processed event (the settlement\'s fields, no ORDER_ID) verifies like any event', static function (): void {
    $data = Hash::withHash([
        'PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123',
        'SETTLEMENT_DATE' => '2026-11-27', 'CYCLE_FROM' => '2026-11-26', 'CYCLE_TO' => '2026-11-26', 'PAYMENTS_COUNT' => '1',
        'REFUNDS_COUNT' => '0', 'GROSS_AMOUNT' => '100000', 'REFUNDS_AMOUNT' => '0', 'FEES_AMOUNT' => '2000', 'GST_AMOUNT' => '360',
        'ADJUSTMENTS_AMOUNT' => '0', 'NET_AMOUNT' => '97640', 'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => 'PROCESSED',
    ], WEBHOOK_SALT);
    $signed = Webhook::sign(['type' => 'settlement.processed', 'data' => $data], WEBHOOK_SECRET, 1764000000);
    $event = Webhook::verify($signed['body'], $signed['headers']['X-Paystra-Signature'], WEBHOOK_SECRET, ['salt' => WEBHOOK_SALT, 'now' => 1764000000]);
    Assert::same('settlement.processed', $event['type']);
    Assert::same($data, $event['data']);
});

test('config: PAYSTRA_WEBHOOK_SECRET from paystra.env, overridden by the environment, not trimmed there', static function (): void {
    withKit(ENV_FILE . "\nPAYSTRA_WEBHOOK_SECRET=wh_from_file   # the portal's value\n", [], static function (string $dir): void {
        $config = Config::load($dir);
        Assert::same('wh_from_file', $config->webhookSecret);
        Assert::same('http://localhost:8000/webhook', $config->notifyUrl());
    });
    withKit(ENV_FILE . "\nPAYSTRA_WEBHOOK_SECRET=wh_from_file\n", ['PAYSTRA_WEBHOOK_SECRET' => "wh_from_env\n"], static function (string $dir): void {
        // Kept as given: Webhook::verify then says "white space" instead of a bare mismatch.
        Assert::same("wh_from_env\n", Config::load($dir)->webhookSecret);
    });
    withKit(ENV_FILE, [], static function (string $dir): void {
        Assert::same('', Config::load($dir)->webhookSecret, 'empty when unset');
    });
});

test('client: NOTIFY_URL travels in payment (also inside ENCDATA), QR, refund and payout requests', static function (): void {
    $echo = static fn (array $request): array => [200, Hash::withHash(['RESPONSE_CODE' => '000'] + $request, WEBHOOK_SALT)];
    $client = fakeClient($echo, $seen);
    $notify = 'http://127.0.0.1:8000/webhook';
    $order = ['ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'NOTIFY_URL' => $notify];

    $fields = $client->paymentRequest($order)['fields'];
    Assert::same($notify, $fields['NOTIFY_URL']);
    Assert::true(Hash::verify($fields, WEBHOOK_SALT), 'covered by HASH');

    $encdata = $client->merchantHostedRequest($order, ['PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'PAYER_ADDRESS' => 'success@upi'])['fields']['ENCDATA'];
    Assert::same($notify, Cipher::decrypt($encdata, $client->config->merchantHostedKey())['NOTIFY_URL']);

    $client->qr($order, 'UPI');
    Assert::same($notify, $seen['request']['NOTIFY_URL']);
    $client->refund('PG1', 'RF1', '50', $notify);
    Assert::same($notify, $seen['request']['NOTIFY_URL']);
    $client->payout(['AMOUNT' => '100', 'TRANSFER_MODE' => 'UPI', 'BENEFICIARY_NAME' => 'Asha', 'BENEFICIARY_VPA' => 'success@upi', 'NOTIFY_URL' => $notify]);
    Assert::same($notify, $seen['request']['NOTIFY_URL']);
    Assert::true(Hash::verify($seen['request'], WEBHOOK_SALT));
});
