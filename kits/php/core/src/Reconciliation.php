<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The merchant's reconciliation of its own paid orders against what the gateway settled, the same
 * in every Paystra kit and checked against the `reconciliation` cases of the shared vectors
 * (tests/vectors.json). Pure: it fetches nothing. Money is MATCHED or REFUNDED only once a
 * settlement paid it out under a UTR. Feed it
 *
 * - the orders the shop holds as paid: ORDER_ID and AMOUNT (paise);
 * - the settlements it fetched (`Client::settlements()`, then `Client::settlementWithAllLines()`
 *   for each, for all their LINES), in the order fetched;
 * - for the orders without a PAYMENT line in them, and those with a dispute, the gateway's RECON
 *   entries (`Client::recon()`), keyed by ORDER_ID;
 * - today's date in India (IST), YYYY-MM-DD.
 *
 * One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT, REFUND,
 * DISPUTE_HOLD or DISPUTE_RELEASE line that is not the shop's, in order of first appearance
 * (CARRY_FORWARD and FEE lines are no order's):
 *
 * - A settlement is paid out by itself when its STATUS is PROCESSED; a CARRIED_FORWARD one by what
 *   pays out the settlement (among those given) whose CARRY_FORWARD line names it as
 *   SOURCE_SETTLEMENT_ID, and by nothing while none does.
 * - An order's movements are its lines, then its RECON entries of a TYPE, TXN_ID and DISPUTE_ID
 *   that none of its lines has. Its payment is the first PAYMENT among them: a line is paid out
 *   when its settlement is, else carried forward; an entry is paid out when its STATE is SETTLED
 *   (by PAID_BY_SETTLEMENT_ID, under its UTR), carried forward when CARRIED_FORWARD, unsettled
 *   when UNSETTLED. A DISPUTE_HOLD is open until a DISPUTE_RELEASE of its DISPUTE_ID among them is
 *   paid out (a release not paid out yet has given nothing back).
 * - RESULT, the first that applies: AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, REFUNDED, MATCHED,
 *   OVERDUE, UNSETTLED, MISSING. AMOUNT_MISMATCH: the payment is paid out or carried forward at
 *   another AMOUNT than the order's. HELD: an open hold (a dispute's amount is held back).
 *   CARRIED_FORWARD: the payment is carried forward. REFUNDED: paid out, and the refunds add up
 *   to more than 0. MATCHED: paid out. OVERDUE: unsettled, and today is after its
 *   EXPECTED_SETTLEMENT_DATE. UNSETTLED: unsettled. MISSING: no payment at all.
 * - SETTLED_AMOUNT is the payment's AMOUNT when paid out or carried forward; REFUNDED_AMOUNT the
 *   refunds' AMOUNT summed; HELD_AMOUNT the open holds' NET summed, as a positive amount; NET the
 *   payment's NET and every refund's, hold's and release's, summed. SETTLEMENT_ID, UTR and
 *   SETTLEMENT_DATE say where the money is: on a HELD row, where its first open hold is, else
 *   where its payment is: the settlement that paid it out (its date from the settlements given,
 *   else from the entry when it is the entry's own settlement), or the one it is carried forward
 *   in, with an empty UTR; empty when unsettled. An unsettled hold has none.
 *   EXPECTED_SETTLEMENT_DATE is only on UNSETTLED and OVERDUE rows.
 */
final class Reconciliation
{
    public const MATCHED = 'MATCHED';
    public const REFUNDED = 'REFUNDED';
    public const AMOUNT_MISMATCH = 'AMOUNT_MISMATCH';
    public const HELD = 'HELD';
    public const CARRIED_FORWARD = 'CARRIED_FORWARD';
    public const UNSETTLED = 'UNSETTLED';
    public const OVERDUE = 'OVERDUE';
    public const MISSING = 'MISSING';
    public const UNKNOWN = 'UNKNOWN';
    public const RESULTS = [
        self::MATCHED, self::REFUNDED, self::AMOUNT_MISMATCH, self::HELD, self::CARRIED_FORWARD,
        self::UNSETTLED, self::OVERDUE, self::MISSING, self::UNKNOWN,
    ];

    /** A report row's fields, in this order; every value is a string. */
    public const COLUMNS = [
        'ORDER_ID', 'RESULT', 'AMOUNT', 'SETTLED_AMOUNT', 'REFUNDED_AMOUNT', 'HELD_AMOUNT', 'NET',
        'SETTLEMENT_ID', 'UTR', 'SETTLEMENT_DATE', 'EXPECTED_SETTLEMENT_DATE',
    ];

    /** The lines of these types belong to an order; CARRY_FORWARD and FEE lines to none. */
    private const ORDER_TYPES = ['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE'];
    private const NOWHERE = ['SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => ''];

    /**
     * @param list<array{ORDER_ID: string, AMOUNT: string}> $orders the shop's paid orders
     * @param list<array<string, mixed>> $settlements each with all its LINES (a list of lines)
     * @param array<string, list<array<string, string>>> $recon RECON entries by ORDER_ID
     * @param string $today YYYY-MM-DD in IST
     * @return list<array<string, string>> the report rows (COLUMNS)
     * @throws \InvalidArgumentException naming the first value that is not as the gateway sends it
     */
    public static function reconcile(array $orders, array $settlements, array $recon, string $today): array
    {
        if (!self::isDate($today)) {
            throw new \InvalidArgumentException("today must be a date, YYYY-MM-DD: \"$today\"");
        }
        $books = self::books($settlements);

        $rows = [];
        $mine = [];
        foreach (array_values($orders) as $index => $order) {
            $orderId = self::text($order, 'ORDER_ID', "orders[$index]");
            $amount = self::text($order, 'AMOUNT', "orders[$index]");
            self::paise($amount, "orders[$index].AMOUNT");
            $mine[$orderId] = true;
            $entries = $recon[$orderId] ?? [];
            if (!is_array($entries) || !array_is_list($entries)) {
                throw new \InvalidArgumentException("recon[$orderId] must be a list of RECON entries");
            }
            $movements = $books['movements'][$orderId] ?? [];
            foreach ($entries as $e => $entry) {
                $movements[] = self::entryMovement($books, $entry, "recon[$orderId][$e]");
            }
            $rows[] = self::row($orderId, $amount, self::distinct($movements), $today);
        }
        foreach ($books['movements'] as $orderId => $movements) {
            $orderId = (string) $orderId; // PHP turns numeric keys into integers
            if (!isset($mine[$orderId])) {
                $rows[] = self::row($orderId, null, $movements, $today);
            }
        }
        return $rows;
    }

    /**
     * The settlements given by SETTLEMENT_ID, which carried-forward settlement each CARRY_FORWARD
     * line takes over, and every order's line movements by ORDER_ID, in order of first appearance.
     *
     * @return array{byId: array<string, array>, takenOverBy: array<string, string>, movements: array<string, list<array>>}
     */
    private static function books(array $settlements): array
    {
        $books = ['byId' => [], 'takenOverBy' => [], 'movements' => []];
        $placed = [];
        foreach (array_values($settlements) as $s => $settlement) {
            $where = "settlements[$s]";
            $lines = is_array($settlement) ? ($settlement['LINES'] ?? null) : null;
            if (!is_array($lines) || !array_is_list($lines)) {
                throw new \InvalidArgumentException("$where must carry its LINES as a list (Client::settlementWithAllLines() answers them)");
            }
            $id = self::text($settlement, 'SETTLEMENT_ID', $where);
            self::text($settlement, 'UTR', $where);
            self::text($settlement, 'SETTLEMENT_DATE', $where);
            $status = self::text($settlement, 'STATUS', $where);
            if ($status !== 'PROCESSED' && $status !== 'CARRIED_FORWARD') {
                throw new \InvalidArgumentException("$where.STATUS must be PROCESSED or CARRIED_FORWARD: \"$status\"");
            }
            $books['byId'][$id] ??= $settlement;
            foreach ($lines as $l => $line) {
                $type = is_array($line) ? ($line['TYPE'] ?? null) : null;
                if ($type === 'CARRY_FORWARD') {
                    $books['takenOverBy'][self::text($line, 'SOURCE_SETTLEMENT_ID', "$where.LINES[$l]")] ??= $id;
                } elseif (in_array($type, self::ORDER_TYPES, true)) {
                    $placed[] = [$line, $settlement, "$where.LINES[$l]"];
                }
            }
        }
        foreach ($placed as [$line, $settlement, $where]) {
            $orderId = self::text($line, 'ORDER_ID', $where);
            $books['movements'][$orderId][] = self::lineMovement($books, $line, $settlement, $where);
        }
        return $books;
    }

    /** The processed settlement that paid this one's money out, or null while none has. */
    private static function paidOutBy(array $books, array $settlement): ?array
    {
        $seen = [];
        while ($settlement['STATUS'] !== 'PROCESSED') {
            $seen[$settlement['SETTLEMENT_ID']] = true;
            $taker = $books['takenOverBy'][$settlement['SETTLEMENT_ID']] ?? null;
            if ($taker === null || isset($seen[$taker])) {
                return null;
            }
            $settlement = $books['byId'][$taker];
        }
        return $settlement;
    }

    private static function lineMovement(array $books, array $line, array $settlement, string $where): array
    {
        $payer = self::paidOutBy($books, $settlement);
        if ($payer !== null) {
            return self::counted($line, $where) + ['state' => 'paid', 'place' => self::placeOf($payer), 'fromRecon' => false];
        }
        // A carried-forward settlement paid nothing, so there is no bank transfer to name.
        $place = ['UTR' => ''] + self::placeOf($settlement);
        return self::counted($line, $where) + ['state' => 'carried', 'place' => $place, 'fromRecon' => false];
    }

    private static function entryMovement(array $books, mixed $entry, string $where): array
    {
        $counted = self::counted($entry, $where) + ['fromRecon' => true];
        $state = self::text($entry, 'STATE', $where);
        if ($state === 'SETTLED') {
            $paidBy = $entry['PAID_BY_SETTLEMENT_ID'] ?? '';
            $payer = $books['byId'][$paidBy] ?? null;
            $date = match (true) {
                $payer !== null => $payer['SETTLEMENT_DATE'],
                $paidBy === ($entry['SETTLEMENT_ID'] ?? '') => $entry['SETTLEMENT_DATE'] ?? '',
                default => '',
            };
            $place = ['SETTLEMENT_ID' => $paidBy, 'UTR' => $entry['UTR'] ?? '', 'SETTLEMENT_DATE' => $date];
            return $counted + ['state' => 'paid', 'place' => $place];
        }
        if ($state === 'CARRIED_FORWARD') {
            $place = ['SETTLEMENT_ID' => $entry['SETTLEMENT_ID'] ?? '', 'UTR' => '', 'SETTLEMENT_DATE' => $entry['SETTLEMENT_DATE'] ?? ''];
            return $counted + ['state' => 'carried', 'place' => $place];
        }
        if ($state !== 'UNSETTLED') {
            throw new \InvalidArgumentException("$where.STATE must be SETTLED, CARRIED_FORWARD or UNSETTLED: \"$state\"");
        }
        $expected = '';
        if ($counted['TYPE'] === 'PAYMENT') {
            $expected = self::text($entry, 'EXPECTED_SETTLEMENT_DATE', $where);
            if (!self::isDate($expected)) {
                throw new \InvalidArgumentException("$where.EXPECTED_SETTLEMENT_DATE must be a date, YYYY-MM-DD: \"$expected\"");
            }
        }
        return $counted + ['state' => 'waiting', 'place' => self::NOWHERE, 'EXPECTED_SETTLEMENT_DATE' => $expected];
    }

    /** The lines, then the entries that are none of them (a line is what the entry stands for). */
    private static function distinct(array $movements): array
    {
        $key = static fn (array $m): string => $m['TYPE'] . "\0" . $m['TXN_ID'] . "\0" . $m['DISPUTE_ID'];
        $lineKeys = [];
        foreach ($movements as $movement) {
            if (!$movement['fromRecon']) {
                $lineKeys[$key($movement)] = true;
            }
        }
        return array_values(array_filter($movements, static fn (array $m): bool => !$m['fromRecon'] || !isset($lineKeys[$key($m)])));
    }

    /** A report row; `$amount` is the order's, or null for an order that is not the shop's (UNKNOWN). */
    private static function row(string $orderId, ?string $amount, array $movements, string $today): array
    {
        $ofType = static fn (string $type): array => array_values(array_filter($movements, static fn (array $m): bool => $m['TYPE'] === $type));
        $payment = $ofType('PAYMENT')[0] ?? null;
        $refunds = $ofType('REFUND');
        $released = array_column(array_filter($ofType('DISPUTE_RELEASE'), static fn (array $m): bool => $m['state'] === 'paid'), 'DISPUTE_ID');
        $openHolds = array_values(array_filter($ofType('DISPUTE_HOLD'), static fn (array $m): bool => !in_array($m['DISPUTE_ID'], $released, true)));
        $settled = $payment !== null && $payment['state'] !== 'waiting' ? $payment : null;
        $waiting = $payment !== null && $payment['state'] === 'waiting' ? $payment : null;
        $refunded = self::sum($refunds, 'AMOUNT');

        $result = match (true) {
            $amount === null => self::UNKNOWN,
            $settled !== null && self::paise($settled['AMOUNT'], 'the payment\'s AMOUNT') !== self::paise($amount, 'AMOUNT') => self::AMOUNT_MISMATCH,
            $openHolds !== [] => self::HELD,
            $settled !== null && $settled['state'] === 'carried' => self::CARRIED_FORWARD,
            $settled !== null => $refunded > 0 ? self::REFUNDED : self::MATCHED,
            // YYYY-MM-DD compares as text.
            $waiting !== null => strcmp($today, $waiting['EXPECTED_SETTLEMENT_DATE']) > 0 ? self::OVERDUE : self::UNSETTLED,
            default => self::MISSING,
        };
        $place = ($result === self::HELD ? $openHolds[0] : $settled)['place'] ?? self::NOWHERE;
        $counted = array_filter($movements, static fn (array $m): bool => $m === $payment || $m['TYPE'] !== 'PAYMENT');
        return [
            'ORDER_ID' => $orderId,
            'RESULT' => $result,
            'AMOUNT' => $amount ?? '',
            'SETTLED_AMOUNT' => $settled['AMOUNT'] ?? '',
            'REFUNDED_AMOUNT' => (string) $refunded,
            'HELD_AMOUNT' => (string) -self::sum($openHolds, 'NET'),
            'NET' => (string) self::sum($counted, 'NET'),
            'SETTLEMENT_ID' => $place['SETTLEMENT_ID'],
            'UTR' => $place['UTR'],
            'SETTLEMENT_DATE' => $place['SETTLEMENT_DATE'],
            'EXPECTED_SETTLEMENT_DATE' => in_array($result, [self::UNSETTLED, self::OVERDUE], true) ? $waiting['EXPECTED_SETTLEMENT_DATE'] : '',
        ];
    }

    private static function placeOf(array $settlement): array
    {
        return [
            'SETTLEMENT_ID' => $settlement['SETTLEMENT_ID'],
            'UTR' => $settlement['UTR'],
            'SETTLEMENT_DATE' => $settlement['SETTLEMENT_DATE'],
        ];
    }

    /** TYPE, TXN_ID, DISPUTE_ID, AMOUNT and NET of a line or entry, the amounts checked. */
    private static function counted(mixed $line, string $where): array
    {
        $type = self::text($line, 'TYPE', $where);
        $counted = [
            'TYPE' => $type,
            'TXN_ID' => self::text($line, 'TXN_ID', $where),
            'DISPUTE_ID' => str_starts_with($type, 'DISPUTE_') ? self::text($line, 'DISPUTE_ID', $where) : (string) ($line['DISPUTE_ID'] ?? ''),
            'AMOUNT' => self::text($line, 'AMOUNT', $where),
            'NET' => self::text($line, 'NET', $where),
        ];
        self::paise($counted['AMOUNT'], "$where.AMOUNT");
        self::paise($counted['NET'], "$where.NET");
        return $counted;
    }

    private static function sum(array $items, string $key): int
    {
        return array_sum(array_map(static fn (array $item): int => self::paise($item[$key], $key), $items));
    }

    /** Paise as the gateway writes them: digits, `-` before a negative amount. */
    private static function paise(string $value, string $what): int
    {
        if (preg_match('/^-?\d{1,15}$/D', $value) !== 1) {
            throw new \InvalidArgumentException("$what must be paise as digits (a leading - when negative): \"$value\"");
        }
        return (int) $value;
    }

    private static function text(mixed $fields, string $key, string $where): string
    {
        $value = is_array($fields) ? ($fields[$key] ?? null) : null;
        if (!is_string($value)) {
            throw new \InvalidArgumentException("$where has no $key (a string)");
        }
        return $value;
    }

    private static function isDate(string $value): bool
    {
        return preg_match('/^(\d{4})-(\d{2})-(\d{2})$/D', $value, $m) === 1 && checkdate((int) $m[2], (int) $m[3], (int) $m[1]);
    }
}
