<?php

declare(strict_types=1);

use Paystra\OrderStatus;

// The forward-only order rule against the `orders` table of the shared vectors: the status each
// answer asks for (status_of) and, for every pair of statuses, whether the order moves.

test('orders: the rule is worded as the vectors word it', static function (): void {
    $source = (string) file_get_contents(dirname(__DIR__) . '/src/OrderStatus.php');
    $words = static fn (string $text): string => trim((string) preg_replace('/[\s*]+/', ' ', $text));
    $sentence = explode(' status_of ', vectors()['orders']['about'])[0];
    Assert::true(str_contains($words($source), $words($sentence)), "OrderStatus.php says: $sentence");
});

test('orders: the statuses are the vectors\' statuses', static function (): void {
    Assert::same(vectors()['orders']['statuses'], OrderStatus::ALL);
});

foreach (vectors()['orders']['status_of'] as $index => $case) {
    test(sprintf('vector orders.status_of[%d]: %s', $index, json_encode($case['fields'])), static function () use ($case): void {
        Assert::same($case['status'], OrderStatus::of($case['fields']));
    });
}

foreach (vectors()['orders']['transitions'] as $case) {
    $name = sprintf('vector orders.transitions: %s -> %s %s', $case['from'], $case['to'], $case['moves'] ? 'moves' : 'stays');
    test($name, static function () use ($case): void {
        Assert::same($case['moves'], OrderStatus::moves($case['from'], $case['to']), 'moves');
        Assert::same($case['moves'] ? $case['to'] : $case['from'], OrderStatus::advance($case['from'], $case['to']), 'advance');
    });
}

test('orders: every pair of statuses is in the vectors\' transitions', static function (): void {
    $pairs = array_map(static fn (array $case): string => "{$case['from']}>{$case['to']}", vectors()['orders']['transitions']);
    foreach (OrderStatus::ALL as $from) {
        foreach (OrderStatus::ALL as $to) {
            Assert::true(in_array("$from>$to", $pairs, true), "$from -> $to");
        }
    }
});

test('orders: 328 (no transaction for the order yet) asks for no status at all', static function (): void {
    Assert::same(null, OrderStatus::of(['RESPONSE_CODE' => '328', 'STATUS' => 'Failed']));
});
