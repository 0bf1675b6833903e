<?php

declare(strict_types=1);

namespace Paystra\Plugin;

use Paystra\Amount;
use Paystra\GatewayError;

// Settlements for the shop plugins: what the signed `/pgws/settlement` call answers, and the
// shop's own payments in it. HostedCheckout::settlement() fetches one when the gateway's
// settlement.processed webhook names it; each plugin records the UTR and date on its orders.

/**
 * One settlement, verified: the money Paystra paid into the merchant's bank account on
 * SETTLEMENT_DATE under one UTR, and its lines (each payment, refund, dispute hold or release,
 * carried balance and fee in it).
 */
final class Settlement
{
    /** `setl_` and 20 lower-case hex digits. */
    public const ID_PATTERN = '/^setl_[0-9a-f]{20}$/D';
    public const PROCESSED = 'PROCESSED';
    /** Refunds outweighed payments: nothing was paid out (no UTR), the balance moves on. */
    public const CARRIED_FORWARD = 'CARRIED_FORWARD';
    /** The most lines one answer holds (PAGE_SIZE's default and maximum). */
    public const PAGE_SIZE = 1000;
    /**
     * What a line is: a payment, a refund, a dispute's hold or its release (DISPUTE_ID), the
     * balance of an earlier settlement carried forward (SOURCE_SETTLEMENT_ID), or a fee.
     */
    public const LINE_TYPES = ['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE', 'CARRY_FORWARD', 'FEE'];

    /**
     * @param array<string, string> $fields the answer's fields but LINES: SETTLEMENT_ID, UTR,
     *        SETTLEMENT_DATE, STATUS, the amounts (paise), BANK_ACCOUNT…
     * @param list<array<string, string>> $lines TYPE, ORDER_ID, TXN_ID, AMOUNT, FEE, GST, NET…
     */
    public function __construct(
        public readonly array $fields,
        public readonly array $lines,
    ) {
    }

    /**
     * A verified `/pgws/settlement` answer, its LINES (JSON text) parsed and the fields a shop
     * relies on checked.
     *
     * @param array<string, string> $answer
     * @throws GatewayError when the answer is not a settlement as the contract describes it
     */
    public static function fromAnswer(array $answer): self
    {
        $malformed = static fn (string $why): GatewayError => new GatewayError("The settlement answer is malformed: $why.", null, $answer);
        if (preg_match(self::ID_PATTERN, $answer['SETTLEMENT_ID'] ?? '') !== 1) {
            throw $malformed('no SETTLEMENT_ID');
        }
        if (preg_match('/^\d{4}-\d{2}-\d{2}$/D', $answer['SETTLEMENT_DATE'] ?? '') !== 1) {
            throw $malformed('SETTLEMENT_DATE is not YYYY-MM-DD');
        }
        $status = $answer['STATUS'] ?? '';
        $utr = $answer['UTR'] ?? '';
        if ($status === self::PROCESSED ? preg_match('/^[A-Z0-9]{1,22}$/D', $utr) !== 1 : ($status !== self::CARRIED_FORWARD || $utr !== '')) {
            throw $malformed("STATUS $status with UTR \"$utr\"");
        }
        $decoded = json_decode($answer['LINES'] ?? '', false, 8);
        if (!is_array($decoded)) {
            throw $malformed('LINES is not a JSON array');
        }
        $lines = [];
        foreach ($decoded as $index => $line) {
            $fields = $line instanceof \stdClass ? get_object_vars($line) : null;
            if ($fields === null || array_filter($fields, static fn ($value): bool => !is_string($value)) !== []
                || !in_array($fields['TYPE'] ?? '', self::LINE_TYPES, true)) {
                throw $malformed("line $index is not a line of strings of a known TYPE (" . implode(', ', self::LINE_TYPES) . ')');
            }
            $lines[] = $fields;
        }
        unset($answer['LINES']);
        return new self($answer, $lines);
    }

    public function id(): string
    {
        return $this->fields['SETTLEMENT_ID'];
    }

    /** The bank's reference of the payout; '' when the settlement was carried forward. */
    public function utr(): string
    {
        return $this->fields['UTR'];
    }

    /** YYYY-MM-DD (IST). */
    public function date(): string
    {
        return $this->fields['SETTLEMENT_DATE'];
    }

    public function isCarriedForward(): bool
    {
        return $this->fields['STATUS'] === self::CARRIED_FORWARD;
    }
}

/**
 * One of the shop's payments in a settlement: a PAYMENT line whose ORDER_ID the shop issued,
 * with the settlement's UTR and date, which the plugin records on the order once.
 */
final class SettledPayment
{
    public function __construct(
        /** The shop's own order reference in ORDER_ID (order id, increment id or cart id). */
        public readonly string $ref,
        /** The gateway ORDER_ID of the paid attempt, e.g. WC-1234-1763712000123. */
        public readonly string $orderId,
        public readonly string $txnId,
        /** Paise: the payment, Paystra's fee and the GST on it, and what was paid out for it. */
        public readonly string $amount,
        public readonly string $fee,
        public readonly string $gst,
        public readonly string $net,
        public readonly string $settlementId,
        /** '' when the settlement was carried forward: nothing was paid out. */
        public readonly string $utr,
        /** YYYY-MM-DD (IST). */
        public readonly string $settlementDate,
        public readonly bool $carriedForward,
    ) {
    }

    /** The PAYMENT line of a settlement, for the shop's order `$ref`. */
    public static function of(Settlement $settlement, array $line, string $ref): self
    {
        return new self(
            $ref,
            $line['ORDER_ID'] ?? '',
            $line['TXN_ID'] ?? '',
            $line['AMOUNT'] ?? '',
            $line['FEE'] ?? '',
            $line['GST'] ?? '',
            $line['NET'] ?? '',
            $settlement->id(),
            $settlement->utr(),
            $settlement->date(),
            $settlement->isCarriedForward(),
        );
    }

    /**
     * Every note() starts so: a shop that keeps the settlement only in the order's history (no
     * field of its own) finds an order already recorded by it.
     */
    public const NOTE_PREFIX = 'Paystra settlement ';

    /**
     * One line for the order's history, e.g. "Paystra settlement setl_… on 2026-11-23, UTR
     * PYSTN26327000001: ₹1,499.50, fee ₹29.99, GST ₹5.40, net ₹1,464.11; TXN_ID …, ORDER_ID …".
     */
    public function note(): string
    {
        $head = self::NOTE_PREFIX . "{$this->settlementId} on {$this->settlementDate}, " . ($this->carriedForward
            ? 'carried forward with no UTR (refunds outweighed payments, so nothing was paid out; the balance moves to the next settlement)'
            : "UTR {$this->utr}");
        $money = [self::rupees($this->amount)];
        foreach (['fee' => $this->fee, 'GST' => $this->gst, 'net' => $this->net] as $label => $paise) {
            if ($paise !== '') {
                $money[] = $label . ' ' . self::rupees($paise);
            }
        }
        return $head . ': ' . implode(', ', $money) . '; TXN_ID ' . $this->txnId . ', ORDER_ID ' . $this->orderId . '.';
    }

    /** Paise as the shop shows rupees, signed: "-5000" → "-₹50.00"; anything else as it came. */
    private static function rupees(string $paise): string
    {
        if (preg_match('/^(-?)(\d{1,15})$/D', $paise, $m) !== 1) {
            return $paise;
        }
        return $m[1] . Amount::format($m[2]);
    }
}
