<?php

declare(strict_types=1);

// Paystra PHP reconciliation example: the server example's paid orders against the settlements
// the gateway made, order by order (MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD,
// UNSETTLED, OVERDUE, MISSING, UNKNOWN). HELD: a dispute holds the money back; CARRIED_FORWARD: its
// settlement paid nothing yet (its net was not above zero) and no later one has paid it out. Only
// MATCHED and REFUNDED money reached your bank. From the kit root:
//
//   php example/reconcile.php [--settle-as-of ISO-8601] [--notify-url URL] [--today YYYY-MM-DD] [--json]
//
// What it does, step by step: Paystra\Example\Reconcile (example/src/Reconcile.php).

require __DIR__ . '/src/autoload.php'; // example/, the examples' web layer, and core/, the library

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

exit(Paystra\Example\Reconcile::main(array_slice($argv, 1), dirname(__DIR__)));
