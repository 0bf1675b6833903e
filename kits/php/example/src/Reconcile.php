<?php

declare(strict_types=1);

namespace Paystra\Example;

use Paystra\Amount;
use Paystra\Client;
use Paystra\Config;
use Paystra\GatewayError;
use Paystra\PaystraException;
use Paystra\Reconciliation;

/**
 * The reconciliation example (example/reconcile.php): the server example's paid orders
 * (`server-orders.json`) against the settlements the gateway made, reported order by order.
 *
 *  1. With --settle-as-of, the sandbox's settlement run first (as if its clock read that time).
 *  2. The settlements dated TO − 91 days to TO = today (IST) + 7 days, each with its lines.
 *  3. The gateway's recon entries of every paid order that no PAYMENT line names.
 *  4. Paystra\Reconciliation::reconcile(), printed as a table, or with --json as
 *     {"rows": [...]} (the only thing written to stdout then).
 *
 * Exit 0 with a report; 1 when the gateway refuses a call or cannot be reached (the message on
 * stderr); 2 for a command line it cannot read.
 */
final class Reconcile
{
    public const USAGE = 'Usage: php example/reconcile.php [--settle-as-of ISO-8601] [--notify-url URL] [--today YYYY-MM-DD] [--json]';

    /** Settlements up to this many days after today: those a --settle-as-of run may date ahead. */
    public const DAYS_AHEAD = 7;

    /** FROM is this many days before TO: the 92 days (inclusive) one settlements call may span. */
    public const WINDOW_DAYS = 91;

    /** The order store the server example keeps (data/server-orders.json or PAYSTRA_DATA_DIR). */
    public const STORE = 'server';

    /**
     * Runs the command: `$args` without the script name, `$kitRoot` where paystra.env is.
     * `$client` replaces the one configured from paystra.env and the environment (tests).
     *
     * @param resource $stdout
     * @param resource $stderr
     */
    public static function main(array $args, string $kitRoot, $stdout = STDOUT, $stderr = STDERR, ?Client $client = null): int
    {
        try {
            $options = self::options($args);
        } catch (\InvalidArgumentException $error) {
            fwrite($stderr, 'reconcile: ' . $error->getMessage() . "\n" . self::USAGE . "\n");
            return 2;
        }
        if ($options['help']) {
            fwrite($stdout, self::USAGE . "\n\n" . self::HELP);
            return 0;
        }
        try {
            $client ??= new Client(Config::load($kitRoot));
            $store = OrderStore::forExample($kitRoot, self::STORE);
            if (!is_file($store->file)) {
                fwrite($stderr, "reconcile: no order store at {$store->file} yet: no paid orders of yours to reconcile.\n");
            }
            $report = self::report($client, $store->paidOrders(), $options);
        } catch (PaystraException | \InvalidArgumentException | \RuntimeException $error) {
            fwrite($stderr, 'reconcile: ' . $error->getMessage() . "\n");
            return 1;
        }
        if ($options['json']) {
            fwrite($stdout, json_encode(['rows' => $report['rows']], JSON_THROW_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
        } else {
            fwrite($stdout, self::table($report));
        }
        return 0;
    }

    private const HELP = <<<'TEXT'
        Reconciles the server example's paid orders against the settlements Paystra made.

          --settle-as-of ISO  sandbox only: first settle everything due by then, e.g.
                              2026-11-30T11:00:00+05:30 (settlements are made at 11:00 IST)
          --notify-url URL    where that run sends its settlement.processed webhooks
                              (default: the merchant's webhook URL)
          --today YYYY-MM-DD  the date to reconcile on (default: today in India)
          --json              print {"rows": [...]} instead of a table

        Reads paystra.env (or PAYSTRA_* in the environment) and the orders in
        PAYSTRA_DATA_DIR/server-orders.json (default data/server-orders.json).

        TEXT;

    /**
     * The command line's options. `--name value` or `--name=value`.
     *
     * @return array{settle-as-of: ?string, notify-url: ?string, today: ?string, json: bool, help: bool}
     * @throws \InvalidArgumentException naming what is wrong
     */
    public static function options(array $args): array
    {
        $options = ['settle-as-of' => null, 'notify-url' => null, 'today' => null, 'json' => false, 'help' => false];
        $args = array_values($args);
        for ($i = 0; $i < count($args); $i++) {
            [$name, $value] = str_contains($args[$i], '=') ? explode('=', $args[$i], 2) : [$args[$i], null];
            $option = substr($name, 2);
            if ($name === '--json' || $name === '--help' || $name === '-h') {
                if ($value !== null) {
                    throw new \InvalidArgumentException("$name takes no value");
                }
                $options[$name === '--json' ? 'json' : 'help'] = true;
                continue;
            }
            if (!str_starts_with($name, '--') || !array_key_exists($option, $options)) {
                throw new \InvalidArgumentException("unknown option $name");
            }
            $value ??= $args[++$i] ?? null;
            if ($value === null || trim($value) === '' || str_starts_with($value, '--')) {
                throw new \InvalidArgumentException("$name needs a value");
            }
            $options[$option] = trim($value);
        }
        if ($options['today'] !== null && self::date($options['today']) === null) {
            throw new \InvalidArgumentException("--today must be a date, YYYY-MM-DD: {$options['today']}");
        }
        if ($options['notify-url'] !== null && $options['settle-as-of'] === null) {
            throw new \InvalidArgumentException('--notify-url goes with --settle-as-of: it is where that run sends its webhooks');
        }
        return $options;
    }

    /** Today's date in India (IST, UTC+05:30 all year), YYYY-MM-DD. */
    public static function todayInIndia(): string
    {
        return (new \DateTimeImmutable('now', new \DateTimeZone('Asia/Kolkata')))->format('Y-m-d');
    }

    /**
     * The settlement dates fetched on `$today`: [FROM, TO], TO = today + 7 days and
     * FROM = TO − 91 days.
     *
     * @return array{0: string, 1: string}
     */
    public static function window(string $today): array
    {
        $to = (self::date($today) ?? throw new \InvalidArgumentException("Not a date: $today"))->modify('+' . self::DAYS_AHEAD . ' days');
        return [$to->modify('-' . self::WINDOW_DAYS . ' days')->format('Y-m-d'), $to->format('Y-m-d')];
    }

    /**
     * The settlement run (with --settle-as-of), the settlements with their lines, the recon of
     * the orders no PAYMENT line names, and the report.
     *
     * @param list<array{ORDER_ID: string, AMOUNT: string}> $orders the paid orders
     * @return array{rows: list<array<string, string>>, today: string, from: string, to: string, orders: int, settlements: int, run: ?array}
     */
    public static function report(Client $client, array $orders, array $options): array
    {
        $today = $options['today'] ?? self::todayInIndia();
        [$from, $to] = self::window($today);
        $run = null;
        if ($options['settle-as-of'] !== null) {
            $run = self::accepted($client->runSettlement($options['settle-as-of'], $options['notify-url'] ?? ''), 'the settlement run');
        }

        $settlements = [];
        $paid = [];
        foreach (self::accepted($client->settlements($from, $to), 'the settlements call')['SETTLEMENTS'] as $listed) {
            $id = $listed['SETTLEMENT_ID'] ?? '';
            $settlement = self::accepted($client->settlement($id), "settlement $id");
            foreach ($settlement['LINES'] as $line) {
                if (($line['TYPE'] ?? '') === 'PAYMENT') {
                    $paid[$line['ORDER_ID'] ?? ''] = true;
                }
            }
            $settlements[] = $settlement;
        }

        $recon = [];
        foreach ($orders as $order) {
            $orderId = $order['ORDER_ID'];
            if (isset($paid[$orderId]) || isset($recon[$orderId])) {
                continue;
            }
            $answer = $client->recon($orderId);
            // 328: the gateway has no such order, so nothing to list: the order is MISSING.
            $recon[$orderId] = ($answer['RESPONSE_CODE'] ?? '') === '328' ? [] : self::accepted($answer, "the recon of $orderId")['RECON'];
        }

        return [
            'rows' => Reconciliation::reconcile($orders, $settlements, $recon, $today),
            'today' => $today,
            'from' => $from,
            'to' => $to,
            'orders' => count($orders),
            'settlements' => count($settlements),
            'run' => $run === null ? null : ['AS_OF' => $options['settle-as-of'], 'SETTLEMENTS' => count($run['SETTLEMENTS'])],
        ];
    }

    /** The report as a table for a terminal: amounts in rupees, a count of each result. */
    public static function table(array $report): string
    {
        $text = '';
        if ($report['run'] !== null) {
            $text .= sprintf("Settlement run as of %s: %d settlement(s) dated in the 92 days up to then.\n", $report['run']['AS_OF'], $report['run']['SETTLEMENTS']);
        }
        $text .= sprintf(
            "Reconciliation on %s (IST): %d paid order(s) against %d settlement(s) dated %s to %s.\n\n",
            $report['today'],
            $report['orders'],
            $report['settlements'],
            $report['from'],
            $report['to'],
        );
        if ($report['rows'] === []) {
            return $text . "Nothing to reconcile: no paid orders and no settlement lines.\n";
        }
        $lines = [['ORDER_ID', 'RESULT', 'AMOUNT', 'SETTLED', 'REFUNDED', 'NET', 'DATE', 'UTR', 'SETTLEMENT_ID']];
        $counts = [];
        foreach ($report['rows'] as $row) {
            $counts[$row['RESULT']] = ($counts[$row['RESULT']] ?? 0) + 1;
            $lines[] = [
                $row['ORDER_ID'],
                $row['RESULT'],
                self::rupees($row['AMOUNT']),
                self::rupees($row['SETTLED_AMOUNT']),
                self::rupees($row['REFUNDED_AMOUNT']),
                self::rupees($row['NET']),
                $row['EXPECTED_SETTLEMENT_DATE'] !== '' ? 'due ' . $row['EXPECTED_SETTLEMENT_DATE'] : ($row['SETTLEMENT_DATE'] ?: '-'),
                $row['UTR'] !== '' ? $row['UTR'] : ($row['SETTLEMENT_ID'] !== '' ? '(carried forward)' : '-'),
                $row['SETTLEMENT_ID'] ?: '-',
            ];
        }
        $widths = [];
        foreach ($lines as $line) {
            foreach ($line as $column => $cell) {
                $widths[$column] = max($widths[$column] ?? 0, self::width($cell));
            }
        }
        foreach ($lines as $line) {
            $cells = [];
            foreach ($line as $column => $cell) {
                $padding = str_repeat(' ', $widths[$column] - self::width($cell));
                // Amounts right-aligned, so the rupees line up.
                $cells[] = $column >= 2 && $column <= 5 ? $padding . $cell : $cell . $padding;
            }
            $text .= rtrim(implode('  ', $cells)) . "\n";
        }
        $summary = [];
        foreach (Reconciliation::RESULTS as $result) {
            if (isset($counts[$result])) {
                $summary[] = "$result {$counts[$result]}";
            }
        }
        return $text . "\n" . implode(', ', $summary) . "\n";
    }

    /** A 000 answer, or the refusal as an error. */
    private static function accepted(array $answer, string $what): array
    {
        if (($answer['RESPONSE_CODE'] ?? '') !== '000') {
            throw new GatewayError(
                trim(sprintf('The gateway refused %s: %s %s', $what, $answer['RESPONSE_CODE'] ?? '?', $answer['RESPONSE_MESSAGE'] ?? '')),
                $answer['RESPONSE_CODE'] ?? null,
                $answer,
            );
        }
        return $answer;
    }

    /** "-11800" → "-₹118.00"; "" stays "-" (no amount). */
    private static function rupees(string $paise): string
    {
        if ($paise === '') {
            return '-';
        }
        return str_starts_with($paise, '-') ? '-' . Amount::format(substr($paise, 1)) : Amount::format($paise);
    }

    /** Characters, not bytes (₹ is three bytes), without needing mbstring. */
    private static function width(string $text): int
    {
        return (int) preg_match_all('/./us', $text);
    }

    private static function date(string $value): ?\DateTimeImmutable
    {
        $date = \DateTimeImmutable::createFromFormat('!Y-m-d', $value, new \DateTimeZone('UTC'));
        return $date !== false && $date->format('Y-m-d') === $value ? $date : null;
    }
}
