<?php

declare(strict_types=1);

namespace Paystra\Example;

use Paystra\OrderStatus;

/**
 * The example apps' orders, in one JSON file (`<PAYSTRA_DATA_DIR or data>/<example>-orders.json`).
 * The browser return, the status enquiry and the webhook all go through `update()`, in whatever
 * order they arrive, and change an order only as the library's forward-only rule allows
 * (Paystra\OrderStatus, in core/). The settlements the gateway reports (settlement.processed)
 * are kept beside the orders, and change none of them. A dispute of an order's payment
 * (dispute.created, .won, .lost, and the answers to the example's accept and contest) is kept on
 * the order, and only moves forward too: OPEN, then UNDER_REVIEW, then WON or LOST.
 *
 * PHP's built-in server may serve requests side by side (PHP_CLI_SERVER_WORKERS), so every
 * change reads and writes the file under an exclusive lock, and writes a temporary file that
 * replaces the old one: a reader never sees half a file.
 */
final class OrderStore
{
    public const SETTLEMENT_EVENT = 'settlement.processed';

    /** What the store keeps of a dispute (the gateway's fields; the rest: Client::disputesForOrder()). */
    public const DISPUTES_KEPT = ['DISPUTE_ID', 'STATUS', 'REASON_CODE', 'REASON', 'AMOUNT', 'CURRENCY_CODE', 'RESPOND_BY', 'RESOLUTION'];

    /** How far a dispute has come: it never goes back (a late or repeated event changes nothing). */
    private const DISPUTE_STAGES = ['OPEN' => 0, 'UNDER_REVIEW' => 1, 'WON' => 2, 'LOST' => 2];

    /** What the store keeps of a settlement (its lines are the gateway's: Client::settlement()). */
    public const SETTLEMENTS_KEPT = ['SETTLEMENT_ID', 'UTR', 'SETTLEMENT_DATE', 'NET_AMOUNT', 'STATUS'];

    public function __construct(public readonly string $file)
    {
    }

    /** The store of an example: `$PAYSTRA_DATA_DIR` (or `<kit root>/data`) / `<example>-orders.json`. */
    public static function forExample(string $kitRoot, string $example): self
    {
        $dir = getenv('PAYSTRA_DATA_DIR') ?: rtrim($kitRoot, '/\\') . DIRECTORY_SEPARATOR . 'data';
        return new self(rtrim($dir, '/\\') . DIRECTORY_SEPARATOR . $example . '-orders.json');
    }

    /** Records a new order (status `created`) as the example sends it to the gateway. */
    public function create(string $orderId, string $amount): array
    {
        return $this->change(static function (array &$data) use ($orderId, $amount): array {
            return $data['orders'][$orderId] ??= [
                'order_id' => $orderId,
                'amount' => $amount,
                'status' => OrderStatus::CREATED,
                'events' => [],
                'updated_by' => null,
            ];
        });
    }

    /**
     * Applies a verified gateway answer (`$by`: return, status or webhook) to its order, forward
     * only. Returns the order, or null when the order is not this example's.
     */
    public function update(array $fields, string $by, ?string $eventId = null): ?array
    {
        return $this->change(static fn (array &$data): ?array => self::apply($data, $fields, $by, $eventId));
    }

    /**
     * A verified webhook event, applied at most once: the answer for the gateway (and the log).
     * A repeated event id changes nothing; payment events move their order forward;
     * settlement.processed records the settlement (SETTLEMENTS_KEPT), which changes no order;
     * dispute events record the dispute on its order (DISPUTES_KEPT), forward only; other events (refund.processed, payout.*) and unknown orders are only remembered.
     */
    public function receive(array $event): array
    {
        return $this->change(static function (array &$data) use ($event): array {
            $eventId = $event['id'];
            $orderId = (string) ($event['data']['ORDER_ID'] ?? '');
            $answer = ['received' => true, 'duplicate' => false, 'event_id' => $eventId];
            if ($event['type'] === self::SETTLEMENT_EVENT) {
                return array_merge($answer, self::recordSettlement($data, $event));
            }
            if (isset($data['seen_events'][$eventId])) {
                $answer['duplicate'] = true;
                return $answer + ['order_id' => $orderId, 'status' => $data['orders'][$orderId]['status'] ?? null];
            }
            $data['seen_events'][$eventId] = $event['type'];
            if (str_starts_with($event['type'], 'dispute.')) {
                $order = self::applyDispute($data, $event['data'], $eventId);
                if ($order === null) {
                    return $answer + ['ignored' => "no order $orderId in this example's store"];
                }
                return $answer + ['order_id' => $orderId, 'status' => $order['status'], 'dispute_status' => $order['dispute']['STATUS'] ?? null];
            }
            if (!str_starts_with($event['type'], 'payment.')) {
                return $answer + ['ignored' => "{$event['type']} events do not change an order's payment status"];
            }
            $order = self::apply($data, $event['data'], 'webhook', $eventId);
            if ($order === null) {
                return $answer + ['ignored' => "no order $orderId in this example's store"];
            }
            return $answer + ['order_id' => $orderId, 'status' => $order['status']];
        });
    }

    /**
     * The gateway's verified answer to the example's accept or contest of a dispute (the
     * dispute's fields): recorded at once, as no event announces UNDER_REVIEW. Returns the order,
     * or null when it is not this example's.
     */
    public function disputeAnswered(array $fields): ?array
    {
        return $this->change(static fn (array &$data): ?array => self::applyDispute($data, $fields, null));
    }

    public function find(string $orderId): ?array
    {
        return $this->read()['orders'][$orderId] ?? null;
    }

    /** A settlement recorded from its settlement.processed event (SETTLEMENTS_KEPT), or null. */
    public function settlement(string $settlementId): ?array
    {
        return $this->read()['settlements'][$settlementId] ?? null;
    }

    /**
     * The paid orders, as the reconciliation takes them: ORDER_ID and AMOUNT (paise).
     *
     * @return list<array{ORDER_ID: string, AMOUNT: string}>
     */
    public function paidOrders(): array
    {
        $paid = [];
        foreach ($this->read()['orders'] as $orderId => $order) {
            if (is_array($order) && ($order['status'] ?? null) === OrderStatus::PAID) {
                $paid[] = ['ORDER_ID' => (string) $orderId, 'AMOUNT' => (string) ($order['amount'] ?? '')];
            }
        }
        return $paid;
    }

    /** settlement.processed: its settlement kept by SETTLEMENT_ID; a repeat changes nothing. */
    private static function recordSettlement(array &$data, array $event): array
    {
        $settlementId = (string) ($event['data']['SETTLEMENT_ID'] ?? '');
        if (isset($data['seen_events'][$event['id']])) {
            return ['duplicate' => true, 'settlement_id' => $settlementId];
        }
        $data['seen_events'][$event['id']] = $event['type'];
        if ($settlementId === '') {
            return ['ignored' => 'the settlement.processed event names no SETTLEMENT_ID'];
        }
        $kept = [];
        foreach (self::SETTLEMENTS_KEPT as $key) {
            $kept[$key] = (string) ($event['data'][$key] ?? '');
        }
        $data['settlements'][$settlementId] = $kept;
        return ['settlement_id' => $settlementId, 'settlement_status' => $kept['STATUS']];
    }

    private static function apply(array &$data, array $fields, string $by, ?string $eventId): ?array
    {
        $orderId = (string) ($fields['ORDER_ID'] ?? '');
        if (!isset($data['orders'][$orderId])) {
            return null;
        }
        $order = &$data['orders'][$orderId];
        $next = OrderStatus::of($fields);
        if ($next !== null && OrderStatus::moves($order['status'], $next)) {
            $order['status'] = $next;
            $order['updated_by'] = $by;
        }
        if ($eventId !== null) {
            $order['events'][] = $eventId;
        }
        return $order;
    }

    /** Keeps the dispute's fields on its order unless the order already holds a later stage. */
    private static function applyDispute(array &$data, array $fields, ?string $eventId): ?array
    {
        $orderId = (string) ($fields['ORDER_ID'] ?? '');
        if (!isset($data['orders'][$orderId])) {
            return null;
        }
        $order = &$data['orders'][$orderId];
        $stage = self::DISPUTE_STAGES[$fields['STATUS'] ?? ''] ?? null;
        $current = $order['dispute'] ?? null;
        $currentStage = is_array($current) ? self::DISPUTE_STAGES[$current['STATUS'] ?? ''] ?? 0 : -1;
        if ($stage !== null && $stage > $currentStage) {
            $kept = [];
            foreach (self::DISPUTES_KEPT as $key) {
                $kept[$key] = (string) ($fields[$key] ?? '');
            }
            $order['dispute'] = $kept;
        }
        if ($eventId !== null) {
            $order['events'][] = $eventId;
        }
        return $order;
    }

    /** The whole file: `orders` by id, `settlements` by id and `seen_events` (event id => type). */
    private function read(): array
    {
        $text = is_file($this->file) ? file_get_contents($this->file) : false;
        $data = is_string($text) ? json_decode($text, true) : null;
        return [
            'orders' => is_array($data['orders'] ?? null) ? $data['orders'] : [],
            'settlements' => is_array($data['settlements'] ?? null) ? $data['settlements'] : [],
            'seen_events' => is_array($data['seen_events'] ?? null) ? $data['seen_events'] : [],
        ];
    }

    /** Runs `$change` on the data under an exclusive lock and saves the result. */
    private function change(callable $change): mixed
    {
        $dir = dirname($this->file);
        if (!is_dir($dir) && !@mkdir($dir, 0o777, true) && !is_dir($dir)) {
            throw new \RuntimeException("Cannot create the order store's directory $dir");
        }
        $lock = fopen($this->file . '.lock', 'c');
        if ($lock === false || !flock($lock, LOCK_EX)) {
            throw new \RuntimeException("Cannot lock {$this->file}");
        }
        try {
            $data = $this->read();
            $before = $data;
            $result = $change($data);
            if ($data !== $before) {
                $this->write($data);
            }
            return $result;
        } finally {
            flock($lock, LOCK_UN);
            fclose($lock);
        }
    }

    private function write(array $data): void
    {
        // Objects, not lists, even when empty, so the file keeps one shape.
        $json = json_encode(
            ['orders' => (object) $data['orders'], 'settlements' => (object) $data['settlements'], 'seen_events' => (object) $data['seen_events']],
            JSON_THROW_ON_ERROR | JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE,
        );
        $temporary = $this->file . '.' . bin2hex(random_bytes(4)) . '.tmp';
        if (file_put_contents($temporary, $json . "\n") === false || !rename($temporary, $this->file)) {
            @unlink($temporary);
            throw new \RuntimeException("Cannot write {$this->file}");
        }
    }
}
