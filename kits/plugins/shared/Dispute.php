<?php

declare(strict_types=1);

namespace Paystra\Plugin;

use Paystra\Amount;

// Disputes for the shop plugins: what a verified dispute.created, dispute.won or dispute.lost
// event says about one of the shop's orders, and what the shop does about it. Each plugin
// records it on the order under the order's lock (HostedCheckout::receiveWebhook()).

/**
 * A cardholder's dispute of one of the shop's payments, as a verified event carries it. The
 * amount is held from the merchant's settlements until the dispute is decided: won, the hold
 * is released; lost, the money has gone back to the customer.
 */
final class Dispute
{
    public const CREATED = 'dispute.created';
    public const WON = 'dispute.won';
    public const LOST = 'dispute.lost';
    public const EVENTS = [self::CREATED, self::WON, self::LOST];

    /** `dsp_` and 20 lower-case hex digits. */
    public const ID_PATTERN = '/^dsp_[0-9a-f]{20}$/D';

    /**
     * Every note() starts so, followed by the dispute id and opened, won or lost: a shop that
     * keeps the dispute only in the order's history finds what it recorded (stageInNotes()).
     */
    public const NOTE_PREFIX = 'Paystra dispute ';

    // What the shop does with the order (decide()).
    /** Put the order on hold, with the note. */
    public const HOLD = 'hold';
    /** Give the order back the state it had before the hold, with the note. */
    public const RESTORE = 'restore';
    /** Add the note only: the order keeps its state. */
    public const NOTE = 'note';
    /** Nothing: the order already has this event, or a later one, of the dispute. */
    public const NOTHING = 'nothing';

    /** Stages in the order they happen: a decision (won or lost) comes after the opening. */
    private const STAGES = ['created' => 1, 'won' => 2, 'lost' => 2];
    private const VERBS = ['created' => 'opened', 'won' => 'won', 'lost' => 'lost'];

    /** @param array<string, string> $fields the event's verified data, HASH included */
    public function __construct(
        /** dispute.created, dispute.won or dispute.lost. */
        public readonly string $type,
        /** The shop's own order reference in ORDER_ID (order id, increment id or cart id). */
        public readonly string $ref,
        /** The gateway ORDER_ID of the disputed payment, e.g. WC-1234-1763712000123. */
        public readonly string $orderId,
        public readonly string $disputeId,
        public readonly string $txnId,
        /** Paise held from the merchant's settlements. */
        public readonly string $inrAmount,
        /** The card network's reason code and the reason in words, e.g. 13.1. */
        public readonly string $reasonCode,
        public readonly string $reason,
        /** YYYY-MM-DD (IST): the last day to accept or contest the dispute. */
        public readonly string $respondBy,
        /** OPEN, UNDER_REVIEW, WON or LOST. */
        public readonly string $status,
        /** Why it was won or lost; '' while open. */
        public readonly string $resolution,
        public readonly array $fields,
    ) {
    }

    /**
     * The dispute a verified event carries, for the shop's order `$ref` (the reference in the
     * event's ORDER_ID, which the caller has checked the shop issued).
     *
     * @param array<string, string> $data
     * @throws Rejected when the event is no dispute event or its data is not a dispute
     */
    public static function fromEvent(string $type, array $data, string $ref): self
    {
        $malformed = static fn (string $why): Rejected => new Rejected("The $type event is malformed: $why.");
        if (!in_array($type, self::EVENTS, true)) {
            throw new Rejected("A $type event is no dispute event.");
        }
        if (preg_match(self::ID_PATTERN, $data['DISPUTE_ID'] ?? '') !== 1) {
            throw $malformed('no DISPUTE_ID');
        }
        if (preg_match('/^\d{4}-\d{2}-\d{2}$/D', $data['RESPOND_BY'] ?? '') !== 1) {
            throw $malformed('RESPOND_BY is not YYYY-MM-DD');
        }
        if (preg_match('/^\d{1,15}$/D', $data['INR_AMOUNT'] ?? '') !== 1) {
            throw $malformed('INR_AMOUNT is not paise');
        }
        $status = $data['STATUS'] ?? '';
        $expected = ['created' => ['OPEN', 'UNDER_REVIEW'], 'won' => ['WON'], 'lost' => ['LOST']][self::stageOf($type)];
        if (!in_array($status, $expected, true)) {
            throw $malformed("STATUS $status");
        }
        return new self(
            $type,
            $ref,
            $data['ORDER_ID'] ?? '',
            $data['DISPUTE_ID'],
            $data['TXN_ID'] ?? '',
            $data['INR_AMOUNT'],
            $data['REASON_CODE'] ?? '',
            $data['REASON'] ?? '',
            $data['RESPOND_BY'],
            $status,
            $data['RESOLUTION'] ?? '',
            $data,
        );
    }

    /** created, won or lost. */
    public function stage(): string
    {
        return self::stageOf($this->type);
    }

    /**
     * What the shop records on the order once it has applied this event, e.g. "dsp_… created":
     * give it back to decide() with the next event of the order's dispute.
     */
    public function record(): string
    {
        return $this->disputeId . ' ' . $this->stage();
    }

    /**
     * What to do with the order, given what it already records of a dispute (a record(), or ''
     * for none): the opening puts it on hold; a win gives back the state the hold took away
     * (or, if the opening never reached the shop, adds the note); a loss adds the note, the
     * order staying on hold for the merchant to refund or cancel. An event the order already
     * has, or one older than what it has (an opening delivered after the decision), changes
     * nothing, so a repeated delivery is applied once.
     */
    public function decide(string $recorded): string
    {
        [$id, $stage] = array_pad(explode(' ', trim($recorded), 2), 2, '');
        $known = $id === $this->disputeId ? (self::STAGES[$stage] ?? 0) : 0;
        if ($known >= self::STAGES[$this->stage()]) {
            return self::NOTHING;
        }
        return match ($this->stage()) {
            'created' => self::HOLD,
            'won' => $known === self::STAGES['created'] ? self::RESTORE : self::NOTE,
            default => self::NOTE,
        };
    }

    /**
     * The record() of this dispute that a shop keeping it only in the order's history has made:
     * the furthest stage among its notes ('' when none is about this dispute).
     *
     * @param iterable<string> $notes the order's history lines
     */
    public function recordedIn(iterable $notes): string
    {
        $found = '';
        foreach ($notes as $note) {
            foreach (self::VERBS as $stage => $verb) {
                if (str_starts_with($note, self::NOTE_PREFIX . $this->disputeId . ' ' . $verb . ':')
                    && ($found === '' || self::STAGES[$stage] > self::STAGES[explode(' ', $found)[1]])) {
                    $found = $this->disputeId . ' ' . $stage;
                }
            }
        }
        return $found;
    }

    /**
     * One line for the order's history (kept private to the merchant), e.g. "Paystra dispute
     * dsp_… opened: 13.1 Merchandise or services not received. Respond by 2026-12-07 in the
     * Paystra dashboard. ₹1,499.50 is held from your settlements; ORDER_ID …, TXN_ID …."
     */
    public function note(): string
    {
        $head = self::NOTE_PREFIX . $this->disputeId . ' ' . self::VERBS[$this->stage()] . ': ';
        $held = Amount::format($this->inrAmount);
        $reference = 'ORDER_ID ' . $this->orderId . ($this->txnId !== '' ? ', TXN_ID ' . $this->txnId : '') . '.';
        $reason = trim($this->reasonCode . ' ' . $this->reason);
        return match ($this->stage()) {
            'created' => $head . $reason . '. Respond by ' . $this->respondBy . ' in the Paystra dashboard. '
                . $held . ' is held from your settlements; ' . $reference,
            'won' => $head . ($this->resolution !== '' ? $this->resolution : $reason) . '. The ' . $held
                . ' held is released in your next settlement; ' . $reference,
            default => $head . ($this->resolution !== '' ? $this->resolution : $reason) . '. The ' . $held
                . ' went back to the customer; ' . $reference,
        };
    }

    private static function stageOf(string $type): string
    {
        return substr($type, strlen('dispute.'));
    }
}
