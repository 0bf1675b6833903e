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
 *  2. The settlements dated TO − 91 days to TO = today (IST) + 7 days, each with every page of
 *     its lines.
 *  3. The gateway's recon entries of every paid order that no PAYMENT line names, or that has a
 *     dispute dated in those days (its hold may not be in a settlement yet).
 *  4. Paystra\Reconciliation::reconcile(), printed as a table, or with --json as
 *     {"rows": [...]} (the only thing written to stdout then).
 *
 * Exit 0 with a report; 1, with the reason on stderr, when the gateway refuses a call or cannot
 * be reached, the order store cannot be read, or the command line is not one it takes.
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
            return 1;
        }
        if ($options['help']) {
            fwrite($stdout, self::USAGE . "\n\n" . self::HELP);
            return 0;
        }
        try {
            $client ??= new Client(Config::load($kitRoot));
            $report = self::report($client, self::paidOrders(OrderStore::forExample($kitRoot, self::STORE), $stderr), $options);
        } catch (PaystraException | \InvalidArgumentException | \RuntimeException $error) {
            fwrite($stderr, 'reconcile: ' . $error->getMessage() . "\n");
            return 1;
        }
        if ($options['json']) {
            fwrite($stdout, json_encode(['rows' => $report['rows']], JSON_THROW_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
        } else {
            fwrite($stdout, self::text($report));
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

    /**
     * The paid orders of the server example's store; none, with a word on stderr, before it has
     * a store.
     *
     * @param resource $stderr
     * @throws \RuntimeException when the file is there but is not the store's JSON
     */
    private static function paidOrders(OrderStore $store, $stderr): array
    {
        if (!is_file($store->file)) {
            fwrite($stderr, "No orders at {$store->file} yet (PAYSTRA_DATA_DIR): only settled orders are listed.\n");
            return [];
        }
        // The store reads a damaged file as empty (the web app starts afresh); a report must not.
        if (!is_array(json_decode((string) file_get_contents($store->file), true))) {
            throw new \RuntimeException("{$store->file} is not JSON: is it the server example's order store?");
        }
        return $store->paidOrders();
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
     * @return array{rows: list<array<string, string>>, today: string, from: string, to: string, settlements: list<array>, run: ?list<array>}
     */
    public static function report(Client $client, array $orders, array $options): array
    {
        $today = $options['today'] ?? self::todayInIndia();
        [$from, $to] = self::window($today);
        $run = null;
        if ($options['settle-as-of'] !== null) {
            $run = self::accepted($client->runSettlement($options['settle-as-of'], $options['notify-url'] ?? ''), 'The settlement run');
        }

        $settlements = [];
        $paid = [];
        foreach (self::accepted($client->settlements($from, $to), 'The settlements call')['SETTLEMENTS'] as $listed) {
            $id = $listed['SETTLEMENT_ID'] ?? '';
            $settlement = self::accepted($client->settlementWithAllLines($id), "Settlement $id");
            foreach ($settlement['LINES'] as $line) {
                if (($line['TYPE'] ?? '') === 'PAYMENT') {
                    $paid[$line['ORDER_ID'] ?? ''] = true;
                }
            }
            $settlements[] = $settlement;
        }

        $disputed = [];
        foreach (self::accepted($client->disputes($from, $to), 'The disputes call')['DISPUTES'] as $dispute) {
            $disputed[$dispute['ORDER_ID'] ?? ''] = true;
        }
        $recon = [];
        foreach ($orders as $order) {
            $orderId = $order['ORDER_ID'];
            if ((isset($paid[$orderId]) && !isset($disputed[$orderId])) || isset($recon[$orderId])) {
                continue;
            }
            $answer = $client->recon($orderId);
            // 328: the gateway has no such order, so nothing to list: the order is MISSING.
            $recon[$orderId] = ($answer['RESPONSE_CODE'] ?? '') === '328' ? [] : self::accepted($answer, "Recon of $orderId")['RECON'];
        }

        return [
            'rows' => Reconciliation::reconcile($orders, $settlements, $recon, $today),
            'today' => $today,
            'from' => $from,
            'to' => $to,
            'settlements' => $settlements,
            'run' => $run === null ? null : $run['SETTLEMENTS'],
        ];
    }

    /**
     * The report as text, as every kit's reconciliation example prints it: the settlement run
     * (if any), the settlements, then the orders (amounts in rupees) and a count of each result.
     */
    public static function text(array $report): string
    {
        $sections = [];
        if ($report['run'] !== null) {
            $sections[] = sprintf('Settlement run: %d settlement(s) dated in the 92 days up to it.', count($report['run']));
        }
        $settlements = $report['settlements'];
        $lines = [sprintf('Settlements dated %s to %s: %d', $report['from'], $report['to'], count($settlements))];
        if ($settlements !== []) {
            $lines[] = self::table(
                ['SETTLEMENT_ID', 'DATE', 'STATUS', 'UTR', 'NET'],
                array_map(static fn (array $settlement): array => [
                    $settlement['SETTLEMENT_ID'] ?? '',
                    $settlement['SETTLEMENT_DATE'] ?? '',
                    $settlement['STATUS'] ?? '',
                    ($settlement['UTR'] ?? '') !== '' ? $settlement['UTR'] : '-',
                    self::money($settlement['NET_AMOUNT'] ?? ''),
                ], $settlements),
                ['NET'],
            );
        }
        $sections[] = implode("\n", $lines);

        $rows = $report['rows'];
        $lines = [sprintf('Orders reconciled on %s (IST): %d', $report['today'], count($rows))];
        if ($rows !== []) {
            $lines[] = self::table(
                ['ORDER_ID', 'RESULT', 'AMOUNT', 'SETTLED', 'REFUNDED', 'HELD', 'NET', 'SETTLEMENT_ID', 'UTR', 'SETTLED ON'],
                array_map(static fn (array $row): array => [
                    $row['ORDER_ID'],
                    $row['RESULT'],
                    self::money($row['AMOUNT']),
                    self::money($row['SETTLED_AMOUNT']),
                    self::money($row['REFUNDED_AMOUNT']),
                    self::money($row['HELD_AMOUNT']),
                    self::money($row['NET']),
                    $row['SETTLEMENT_ID'],
                    $row['UTR'],
                    $row['SETTLEMENT_DATE'] !== '' ? $row['SETTLEMENT_DATE']
                        : ($row['EXPECTED_SETTLEMENT_DATE'] !== '' ? 'due ' . $row['EXPECTED_SETTLEMENT_DATE'] : ''),
                ], $rows),
                ['AMOUNT', 'SETTLED', 'REFUNDED', 'HELD', 'NET'],
            );
            $counts = array_count_values(array_column($rows, 'RESULT'));
            $shown = array_filter(Reconciliation::RESULTS, static fn (string $result): bool => isset($counts[$result]));
            $lines[] = '';
            $lines[] = implode(', ', array_map(static fn (string $result): string => "{$counts[$result]} $result", $shown));
        }
        $sections[] = implode("\n", $lines);
        return implode("\n\n", $sections) . "\n";
    }

    /** Columns padded to their widest cell; those named in `$right` (amounts) aligned right. */
    private static function table(array $columns, array $cells, array $right): string
    {
        $widths = [];
        foreach ([$columns, ...$cells] as $row) {
            foreach ($row as $index => $cell) {
                $widths[$index] = max($widths[$index] ?? 0, self::width($cell));
            }
        }
        $lines = [];
        foreach ([$columns, ...$cells] as $row) {
            $padded = [];
            foreach ($row as $index => $cell) {
                $padding = str_repeat(' ', $widths[$index] - self::width($cell));
                $padded[] = in_array($columns[$index], $right, true) ? $padding . $cell : $cell . $padding;
            }
            $lines[] = rtrim(implode('  ', $padded));
        }
        return implode("\n", $lines);
    }

    /** A 000 answer; a refusal becomes an error naming the call: "The settlements call: Invalid date range (339)". */
    private static function accepted(array $answer, string $call): array
    {
        if (($answer['RESPONSE_CODE'] ?? '') !== '000') {
            $message = ($answer['RESPONSE_MESSAGE'] ?? '') !== '' ? $answer['RESPONSE_MESSAGE'] : 'refused';
            throw new GatewayError(sprintf('%s: %s (%s)', $call, $message, $answer['RESPONSE_CODE'] ?? ''), $answer['RESPONSE_CODE'] ?? null, $answer);
        }
        return $answer;
    }

    /** Signed paise as rupees: "-1180" → "-₹11.80"; "" stays "". */
    private static function money(string $paise): string
    {
        if (preg_match('/^-?\d+$/D', $paise) !== 1) {
            return $paise;
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
