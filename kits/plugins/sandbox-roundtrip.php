<?php

declare(strict_types=1);

// One side of a plugin payment, run by sandbox.test.ts against a sandbox it started, with the
// code every plugin ships (kits/php/core/src and lib HostedCheckout.php), in test mode with the
// demo merchant and the gateway at PAYSTRA_BASE_URL:
//
//   php sandbox-roundtrip.php request <prefix> <ref> <total> <return url>   → {"action", "fields"}
//   php sandbox-roundtrip.php response <prefix> <total>   (stdin: the posted PAY_ID + ENCDATA JSON)
//       → {"state", "ref", "orderId", "txnId", "code"} or {"rejected": "<why>"}

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

require __DIR__ . '/../php/core/src/autoload.php';
require __DIR__ . '/shared/HostedCheckout.php';

use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Rejected;

$args = array_slice($argv, 1);
$checkout = HostedCheckout::fromSettings(
    ['test_mode' => true, 'gateway_url' => (string) getenv('PAYSTRA_BASE_URL')],
    $args[1] ?? 'X',
);

$answer = match ($args[0] ?? '') {
    'request' => $checkout->request($args[2], $args[3], [
        'name' => 'Plugin Test Customer',
        'email' => 'plugin.test@example.com',
        'mobile' => '+91 98765 43210',
        'id' => '7',
    ], $args[4]),
    'response' => (static function () use ($checkout, $args): array {
        try {
            $outcome = $checkout->response(json_decode((string) stream_get_contents(STDIN), true, 4, JSON_THROW_ON_ERROR));
            $checkout->expectAmount($outcome, $args[2]);
        } catch (Rejected $error) {
            return ['rejected' => $error->getMessage()];
        }
        return ['state' => $outcome->state, 'ref' => $outcome->ref, 'orderId' => $outcome->orderId, 'txnId' => $outcome->txnId, 'code' => $outcome->code];
    })(),
    default => throw new InvalidArgumentException('usage: request|response ...'),
};
echo json_encode($answer, JSON_UNESCAPED_SLASHES), "\n";
