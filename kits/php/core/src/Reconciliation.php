<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The merchant's reconciliation of its own paid orders against what the gateway settled, the same
 * in every Paystra kit and checked against the `reconciliation` cases of the shared vectors
 * (tests/vectors.json). Pure: it fetches nothing. Feed it
 *
 * - the orders the shop holds as paid: ORDER_ID and AMOUNT (paise);
 * - the settlements it fetched (`Client::settlements()`, then `Client::settlement()` for each,
 *   for their LINES), in the order fetched;
 * - for the orders without a PAYMENT line in them, the gateway's RECON entries
 *   (`Client::recon()`), keyed by ORDER_ID;
 * - today's date in India (IST), YYYY-MM-DD.
 *
 * One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT or REFUND
 * line that is not the shop's, in order of first appearance (ADJUSTMENT lines belong to no order):
 *
 * - An order's payment is the first PAYMENT line with its ORDER_ID, with that settlement's
 *   SETTLEMENT_ID, UTR and SETTLEMENT_DATE. Without one, its RECON PAYMENT entry: SETTLED stands
 *   for the line; UNSETTLED makes the row UNSETTLED, or OVERDUE once today is after its
 *   EXPECTED_SETTLEMENT_DATE. No entry at all: MISSING.
 * - Its refunds are its REFUND lines, then its RECON REFUND entries whose TXN_ID no line has.
 * - With a payment: AMOUNT_MISMATCH when the payment's AMOUNT is not the order's, else REFUNDED
 *   when the refunds add up to more than 0, else MATCHED.
 * - REFUNDED_AMOUNT sums the refunds' AMOUNT, NET every counted line's and entry's NET;
 *   SETTLED_AMOUNT is the payment's AMOUNT. SETTLEMENT_ID, UTR and SETTLEMENT_DATE are those of
 *   the payment's settlement (empty without one; UTR empty when it was carried forward), and
 *   EXPECTED_SETTLEMENT_DATE is set on UNSETTLED and OVERDUE rows only.
 */
final class Reconciliation
{
    public const MATCHED = 'MATCHED';
    public const REFUNDED = 'REFUNDED';
    public const AMOUNT_MISMATCH = 'AMOUNT_MISMATCH';
    public const UNSETTLED = 'UNSETTLED';
    public const OVERDUE = 'OVERDUE';
    public const MISSING = 'MISSING';
    public const UNKNOWN = 'UNKNOWN';
    public const RESULTS = [self::MATCHED, self::REFUNDED, self::AMOUNT_MISMATCH, self::UNSETTLED, self::OVERDUE, self::MISSING, self::UNKNOWN];

    /** A report row's fields, in this order; every value is a string. */
    public const COLUMNS = [
        'ORDER_ID', 'RESULT', 'AMOUNT', 'SETTLED_AMOUNT', 'REFUNDED_AMOUNT', 'NET',
        'SETTLEMENT_ID', 'UTR', 'SETTLEMENT_DATE', 'EXPECTED_SETTLEMENT_DATE',
    ];

    /**
     * @param list<array{ORDER_ID: string, AMOUNT: string}> $orders the shop's paid orders
     * @param list<array<string, mixed>> $settlements each with its LINES (a list of lines)
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
        $found = self::linesByOrder($settlements);

        $rows = [];
        $mine = [];
        foreach (array_values($orders) as $index => $order) {
            $orderId = self::text($order, 'ORDER_ID', "orders[$index]");
            $amount = self::text($order, 'AMOUNT', "orders[$index]");
            self::paise($amount, "orders[$index].AMOUNT");
            $mine[$orderId] = true;
            $lines = $found[$orderId] ?? ['payment' => null, 'refunds' => []];
            $entries = $recon[$orderId] ?? [];
            if (!is_array($entries) || !array_is_list($entries)) {
                throw new \InvalidArgumentException("recon[$orderId] must be a list of RECON entries");
            }
            $rows[] = self::orderRow($orderId, $amount, $lines, $entries, $today);
        }
        foreach ($found as $orderId => $lines) {
            $orderId = (string) $orderId; // PHP turns numeric keys into integers
            if (!isset($mine[$orderId])) {
                $rows[] = self::row($orderId, self::UNKNOWN, '', $lines['payment'], $lines['refunds']);
            }
        }
        return $rows;
    }

    /**
     * The PAYMENT and REFUND lines by ORDER_ID, in order of first appearance: the first payment
     * (with its settlement's SETTLEMENT_ID, UTR and SETTLEMENT_DATE) and every refund.
     *
     * @return array<string, array{payment: ?array, refunds: list<array>}>
     */
    private static function linesByOrder(array $settlements): array
    {
        $found = [];
        foreach (array_values($settlements) as $s => $settlement) {
            $where = "settlements[$s]";
            $lines = is_array($settlement) ? ($settlement['LINES'] ?? null) : null;
            if (!is_array($lines) || !array_is_list($lines)) {
                throw new \InvalidArgumentException("$where must carry its LINES as a list (Client::settlement() answers them)");
            }
            foreach ($lines as $l => $line) {
                $type = is_array($line) ? ($line['TYPE'] ?? null) : null;
                if ($type !== 'PAYMENT' && $type !== 'REFUND') {
                    continue; // ADJUSTMENT: a carried balance, no order's
                }
                $orderId = self::text($line, 'ORDER_ID', "$where.LINES[$l]");
                $found[$orderId] ??= ['payment' => null, 'refunds' => []];
                $counted = self::counted($line, "$where.LINES[$l]");
                if ($type === 'REFUND') {
                    $found[$orderId]['refunds'][] = $counted;
                } elseif ($found[$orderId]['payment'] === null) {
                    $found[$orderId]['payment'] = $counted + [
                        'SETTLEMENT_ID' => self::text($settlement, 'SETTLEMENT_ID', $where),
                        'UTR' => self::text($settlement, 'UTR', $where),
                        'SETTLEMENT_DATE' => self::text($settlement, 'SETTLEMENT_DATE', $where),
                    ];
                }
            }
        }
        return $found;
    }

    /** @param array{payment: ?array, refunds: list<array>} $lines */
    private static function orderRow(string $orderId, string $amount, array $lines, array $entries, string $today): array
    {
        $payment = $lines['payment'];
        $refunds = $lines['refunds'];
        $lineTxnIds = array_column($refunds, 'TXN_ID');
        if ($payment !== null) {
            $lineTxnIds[] = $payment['TXN_ID'];
        }
        $waiting = null;
        foreach ($entries as $e => $entry) {
            $where = "recon[$orderId][$e]";
            $type = self::text($entry, 'TYPE', $where);
            $counted = self::counted($entry, $where);
            if ($type === 'REFUND') {
                if (!in_array($counted['TXN_ID'], $lineTxnIds, true)) {
                    $refunds[] = $counted;
                }
                continue;
            }
            if ($type !== 'PAYMENT' || $payment !== null || $waiting !== null) {
                continue;
            }
            $state = self::text($entry, 'STATE', $where);
            if ($state === 'SETTLED') {
                $payment = $counted + [
                    'SETTLEMENT_ID' => self::text($entry, 'SETTLEMENT_ID', $where),
                    'UTR' => self::text($entry, 'UTR', $where),
                    'SETTLEMENT_DATE' => self::text($entry, 'SETTLEMENT_DATE', $where),
                ];
            } elseif ($state === 'UNSETTLED') {
                $expected = self::text($entry, 'EXPECTED_SETTLEMENT_DATE', $where);
                if (!self::isDate($expected)) {
                    throw new \InvalidArgumentException("$where.EXPECTED_SETTLEMENT_DATE must be a date, YYYY-MM-DD: \"$expected\"");
                }
                $waiting = $counted + ['EXPECTED_SETTLEMENT_DATE' => $expected];
            } else {
                throw new \InvalidArgumentException("$where.STATE must be SETTLED or UNSETTLED: \"$state\"");
            }
        }

        if ($payment !== null) {
            $result = match (true) {
                self::paise($payment['AMOUNT'], 'the payment\'s AMOUNT') !== self::paise($amount, 'AMOUNT') => self::AMOUNT_MISMATCH,
                self::sum($refunds, 'AMOUNT') > 0 => self::REFUNDED,
                default => self::MATCHED,
            };
            return self::row($orderId, $result, $amount, $payment, $refunds);
        }
        if ($waiting !== null) {
            $overdue = strcmp($today, $waiting['EXPECTED_SETTLEMENT_DATE']) > 0; // YYYY-MM-DD compares as text
            return self::row($orderId, $overdue ? self::OVERDUE : self::UNSETTLED, $amount, null, $refunds, $waiting);
        }
        return self::row($orderId, self::MISSING, $amount, null, $refunds);
    }

    /**
     * A report row. `$payment`: the settled payment (line or SETTLED entry); `$waiting`: an
     * UNSETTLED payment entry, whose NET counts but which settled nothing yet.
     */
    private static function row(string $orderId, string $result, string $amount, ?array $payment, array $refunds, ?array $waiting = null): array
    {
        $net = self::sum(array_merge(array_filter([$payment, $waiting]), $refunds), 'NET');
        return [
            'ORDER_ID' => $orderId,
            'RESULT' => $result,
            'AMOUNT' => $amount,
            'SETTLED_AMOUNT' => $payment['AMOUNT'] ?? '',
            'REFUNDED_AMOUNT' => (string) self::sum($refunds, 'AMOUNT'),
            'NET' => (string) $net,
            'SETTLEMENT_ID' => $payment['SETTLEMENT_ID'] ?? '',
            'UTR' => $payment['UTR'] ?? '',
            'SETTLEMENT_DATE' => $payment['SETTLEMENT_DATE'] ?? '',
            'EXPECTED_SETTLEMENT_DATE' => $waiting['EXPECTED_SETTLEMENT_DATE'] ?? '',
        ];
    }

    /** TXN_ID, AMOUNT and NET of a line or entry, the amounts checked. */
    private static function counted(array $line, string $where): array
    {
        $counted = [
            'TXN_ID' => self::text($line, 'TXN_ID', $where),
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
