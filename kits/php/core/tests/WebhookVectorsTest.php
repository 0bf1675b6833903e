<?php

declare(strict_types=1);

use Paystra\Webhook;
use Paystra\WebhookError;

// The "webhook" section of the shared vectors: every sign and verify vector, with the exact
// reason and message every kit gives.

$webhook = vectors()['webhook'] ?? [];

test('webhook vectors: the messages are the kit\'s, word for word', static function () use ($webhook): void {
    Assert::same($webhook['messages'] ?? null, Webhook::MESSAGES, 'messages');
    Assert::same($webhook['tolerance_seconds'] ?? null, Webhook::TOLERANCE_SECONDS, 'tolerance');
});

foreach ($webhook['sign'] ?? [] as $index => $vector) {
    test(sprintf('webhook sign[%d]: %s', $index, $vector['note']), static function () use ($vector): void {
        Assert::same($vector['signature'], Webhook::signature($vector['secret'], $vector['timestamp'], $vector['body']), 'signature');
        $event = json_decode($vector['body'], true, 512, JSON_THROW_ON_ERROR);
        $signed = Webhook::sign($event, $vector['secret'], $vector['timestamp']);
        Assert::same($vector['body'], $signed['body'], 'the body, byte for byte');
        Assert::same($vector['header'], $signed['headers'][Webhook::SIGNATURE_HEADER], 'signature header');
        Assert::same($event['id'], $signed['headers'][Webhook::EVENT_ID_HEADER], 'event id header');
        Assert::same('application/json', $signed['headers']['Content-Type'], 'content type');
    });
}

foreach ($webhook['verify'] ?? [] as $index => $vector) {
    test(sprintf('webhook verify[%d]: %s', $index, $vector['note']), static function () use ($vector, $webhook): void {
        $options = ['now' => $vector['now']];
        if (isset($vector['salt'])) {
            $options['salt'] = $vector['salt'];
        }
        if (isset($vector['tolerance_seconds'])) {
            $options['tolerance'] = $vector['tolerance_seconds'];
        }
        $verify = static fn (): array => Webhook::verify($vector['body'], $vector['header'], $vector['secret'], $options);
        $expect = $vector['expect'];
        if ($expect['ok']) {
            $event = $verify();
            Assert::same($expect['id'], $event['id'], 'id');
            Assert::same($expect['type'], $event['type'], 'type');
            Assert::same(['id', 'type', 'created', 'data'], array_keys($event), 'the event\'s keys');
            return;
        }
        $error = Assert::throws(WebhookError::class, $verify);
        Assert::same($expect['reason'], $error->reason, 'reason');
        Assert::same($webhook['messages'][$expect['reason']], $error->getMessage(), 'message');
    });
}

test('the vectors file has webhook sign and verify vectors', static function () use ($webhook): void {
    Assert::true(count($webhook['sign'] ?? []) >= 2, 'at least 2 sign vectors');
    Assert::true(count($webhook['verify'] ?? []) >= 20, 'at least 20 verify vectors, found ' . count($webhook['verify'] ?? []));
});
