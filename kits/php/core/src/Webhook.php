<?php

declare(strict_types=1);

namespace Paystra;

/**
 * Webhooks: the gateway POSTs an event to the merchant's NOTIFY_URL when a payment, refund or
 * payout reaches an outcome, so the merchant hears of it even when the customer's browser never
 * comes back. The body is JSON, signed with the merchant's webhook secret (not the salt):
 *
 *   X-Paystra-Signature: t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * Every kit checks the same things in the same order and says the same words.
 */
final class Webhook
{
    public const SIGNATURE_HEADER = 'X-Paystra-Signature';
    public const EVENT_ID_HEADER = 'X-Paystra-Event-Id';

    /** A signature older (or newer) than this is refused: a replayed request or a wrong clock. */
    public const TOLERANCE_SECONDS = 300;

    /** Why a delivery was refused, by reason (WebhookError::$reason). */
    public const MESSAGES = [
        'secret-missing' => 'No webhook secret: set PAYSTRA_WEBHOOK_SECRET to the webhook secret from the merchant portal (it is not your salt).',
        'secret-whitespace' => 'The webhook secret has white space around it: remove the spaces or line break around PAYSTRA_WEBHOOK_SECRET.',
        'body-not-raw' => 'Pass the raw request body as it arrived (a string or bytes), not parsed JSON: the signature covers the exact bytes.',
        'malformed-header' => 'The X-Paystra-Signature header is missing or malformed: expected t=<unix seconds>,v1=<64 hex digits>.',
        'body-reserialised' => 'The signature does not match, and the body is not laid out as Paystra sends it: it was parsed and serialised again. Verify the raw request body, byte for byte, before parsing it.',
        'wrong-secret' => 'The signature does not match, but the body is intact (its HASH verifies with your salt): sign with the webhook secret, not the salt or another merchant’s secret.',
        'signature-mismatch' => 'The signature does not match the body: it was changed after Paystra signed it, or it is not the raw request body, or the secret is not your webhook secret.',
        'stale-timestamp' => 'The signature’s timestamp is more than 5 minutes from this server’s clock: a replayed request, or a server clock that is wrong.',
        'malformed-body' => 'The body is signed but is not a Paystra event: a JSON object with id, type, created and data.',
        'data-hash' => 'The event is signed, but the HASH of its data does not verify with your salt: check PAYSTRA_SALT.',
    ];

    // paystra:region webhook-verify
    /**
     * The event in a delivery, once its signature over the raw body verifies. Pass the body
     * exactly as it arrived (file_get_contents('php://input')), before any json_decode.
     * Options: `salt` (then data's HASH is checked too, and a wrong secret is told from a changed
     * body), `now` (unix seconds), `tolerance` (seconds, default 300).
     *
     * @param string $rawBody anything else is refused with `body-not-raw`
     * @return array{id: string, type: string, created: int, data: array<string, string>}
     * @throws WebhookError naming the check that failed
     */
    public static function verify(mixed $rawBody, ?string $header, string $secret, array $options = []): array
    {
        if ($secret === '') {
            throw new WebhookError('secret-missing');
        }
        if (self::hasSurroundingSpace($secret)) {
            throw new WebhookError('secret-whitespace');
        }
        if (!is_string($rawBody)) {
            throw new WebhookError('body-not-raw');
        }
        $parsed = self::parseHeader($header);
        if ($parsed === null) {
            throw new WebhookError('malformed-header');
        }
        [$timestamp, $signatures] = $parsed;
        $expected = self::signature($secret, $timestamp, $rawBody);
        $matches = false;
        foreach ($signatures as $signature) {
            $matches = hash_equals($expected, $signature) || $matches;
        }
        $salt = $options['salt'] ?? null;
        $event = self::readEvent($rawBody);
        if (!$matches) {
            throw new WebhookError(self::mismatchReason($rawBody, $event, $salt));
        }
        $now = (int) ($options['now'] ?? time());
        $tolerance = (int) ($options['tolerance'] ?? self::TOLERANCE_SECONDS);
        if (abs($now - $timestamp) > $tolerance) {
            throw new WebhookError('stale-timestamp');
        }
        if ($event === null) {
            throw new WebhookError('malformed-body');
        }
        if (is_string($salt) && !Hash::verify($event['data'], $salt)) {
            throw new WebhookError('data-hash');
        }
        return $event;
    }
    // paystra:endregion

    /**
     * A delivery as the gateway sends it, for the merchant's own tests: the body (indented JSON
     * ending in a line break) and the headers to POST with it. `id` and `created` are filled in
     * when missing; `data` should carry its HASH (Hash::withHash) when the receiver checks it.
     *
     * @return array{body: string, headers: array<string, string>}
     */
    public static function sign(array $event, string $secret, ?int $timestamp = null): array
    {
        $timestamp ??= time();
        $id = (string) ($event['id'] ?? self::newEventId());
        $body = self::serialise([
            'id' => $id,
            'type' => (string) ($event['type'] ?? ''),
            'created' => $event['created'] ?? $timestamp,
            'data' => (object) ($event['data'] ?? []),
        ]);
        return [
            'body' => $body,
            'headers' => [
                'Content-Type' => 'application/json',
                self::EVENT_ID_HEADER => $id,
                self::SIGNATURE_HEADER => 't=' . $timestamp . ',v1=' . self::signature($secret, $timestamp, $body),
            ],
        ];
    }

    /** `evt_` and 24 lower-case hex digits. */
    public static function newEventId(): string
    {
        return 'evt_' . bin2hex(random_bytes(12));
    }

    /** Lower-case hex HMAC-SHA256(secret, "<t>.<raw body>"). */
    public static function signature(string $secret, int $timestamp, string $body): string
    {
        return hash_hmac('sha256', $timestamp . '.' . $body, $secret);
    }

    /**
     * `t=<digits>,v1=<hex>[,v1=<hex>…]`; other keys are ignored (a later scheme may add some).
     *
     * @return array{0: int, 1: list<string>}|null
     */
    public static function parseHeader(?string $header): ?array
    {
        if ($header === null || strlen($header) > 1000) {
            return null;
        }
        $timestamp = null;
        $signatures = [];
        foreach (explode(',', $header) as $part) {
            if (!str_contains($part, '=')) {
                return null;
            }
            [$key, $value] = array_map('trim', explode('=', $part, 2));
            if ($key === 't') {
                if ($timestamp !== null || preg_match('/^\d{1,12}$/D', $value) !== 1) {
                    return null;
                }
                $timestamp = (int) $value;
            } elseif ($key === 'v1') {
                if (preg_match('/^[0-9a-fA-F]{64}$/D', $value) !== 1) {
                    return null;
                }
                $signatures[] = strtolower($value);
            }
        }
        return $timestamp === null || $signatures === [] ? null : [$timestamp, $signatures];
    }

    /** On a mismatch, the likeliest cause: a re-serialised body, a wrong secret, or a changed body. */
    private static function mismatchReason(string $rawBody, ?array $event, mixed $salt): string
    {
        if ($event !== null && !str_starts_with($rawBody, "{\n")) {
            return 'body-reserialised';
        }
        if ($event !== null && is_string($salt) && Hash::verify($event['data'], $salt)) {
            return 'wrong-secret';
        }
        return 'signature-mismatch';
    }

    /** The event in a body (id, type, created, data of strings), or null when it is not one. */
    private static function readEvent(string $text): ?array
    {
        // Decoded as objects, not arrays, so that a JSON list is not taken for the data object.
        $value = json_decode($text, false, 64);
        if (!$value instanceof \stdClass) {
            return null;
        }
        $id = $value->id ?? null;
        $type = $value->type ?? null;
        $created = $value->created ?? null;
        $data = $value->data ?? null;
        if (!is_string($id) || !is_string($type) || !(is_int($created) || is_float($created))) {
            return null;
        }
        if (!$data instanceof \stdClass) {
            return null;
        }
        $fields = [];
        foreach (get_object_vars($data) as $key => $field) {
            if (!is_string($field)) {
                return null;
            }
            $fields[(string) $key] = $field;
        }
        return ['id' => $id, 'type' => $type, 'created' => (int) $created, 'data' => $fields];
    }

    /** Indented by two spaces like JSON.stringify(event, null, 2), and a final line break. */
    private static function serialise(array $event): string
    {
        $json = json_encode(
            $event,
            JSON_THROW_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS,
        );
        // PHP indents by four spaces; strings cannot hold a raw line break, so every run of
        // spaces at a line's start is indentation.
        $json = preg_replace_callback('/^( {4})+/m', static fn (array $m): string => str_repeat(' ', strlen($m[0]) / 2), $json);
        return $json . "\n";
    }

    /** White space JavaScript's trim() would remove too (line breaks, no-break space, BOM...). */
    private static function hasSurroundingSpace(string $secret): bool
    {
        if (trim($secret) !== $secret) {
            return true;
        }
        return preg_match('/^[\s\p{Z}\x{FEFF}]|[\s\p{Z}\x{FEFF}]$/uD', $secret) === 1;
    }
}
