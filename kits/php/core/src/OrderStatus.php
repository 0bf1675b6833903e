<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The forward-only order rule, the same in every Paystra kit and checked against the `orders`
 * table of the shared vectors (tests/vectors.json):
 *
 * An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
 * retried webhook, a payment.failed after the capture, the browser's pending answer after the
 * webhook's capture) never moves it back.
 *
 * The browser's return, a status enquiry and a webhook event all go through `of()` then
 * `advance()`, in whatever order they arrive.
 */
final class OrderStatus
{
    public const CREATED = 'created';
    public const PENDING = 'pending';
    public const PAID = 'paid';
    public const FAILED = 'failed';
    public const ALL = [self::CREATED, self::PENDING, self::PAID, self::FAILED];

    /** Where each status may go next; paid and failed are final. */
    private const NEXT = [
        self::CREATED => [self::PENDING, self::PAID, self::FAILED],
        self::PENDING => [self::PAID, self::FAILED],
        self::PAID => [],
        self::FAILED => [],
    ];

    /**
     * The status a verified answer, response or event's data asks for: RESPONSE_CODE 000 paid,
     * STATUS Pending pending, anything else failed. Null for 328 (the gateway holds no
     * transaction for the order yet: the customer has not reached it, so nothing happened).
     */
    public static function of(array $fields): ?string
    {
        return match (true) {
            ($fields['RESPONSE_CODE'] ?? '') === '000' => self::PAID,
            ($fields['RESPONSE_CODE'] ?? '') === '328' => null,
            ($fields['STATUS'] ?? '') === 'Pending' => self::PENDING,
            default => self::FAILED,
        };
    }

    /** True when an order in `$from` moves to `$to`; false for a repeat or a step back. */
    public static function moves(string $from, string $to): bool
    {
        return in_array($to, self::NEXT[$from] ?? [], true);
    }

    /** `$to` when the order may move there from `$from`, else `$from`: never backwards. */
    public static function advance(string $from, string $to): string
    {
        return self::moves($from, $to) ? $to : $from;
    }
}
