<?php

declare(strict_types=1);

// One side of a plugin payment, run by sandbox.test.ts against a sandbox it started, with the
// code every plugin ships (kits/php/core/src and lib HostedCheckout.php, Settlement.php,
// Dispute.php), in test
// mode with the demo merchant and the gateway at PAYSTRA_BASE_URL:
//
//   php sandbox-roundtrip.php request <prefix> <ref> <total> <return url> [<notify url>]
//       → {"action", "fields"}
//   php sandbox-roundtrip.php response <prefix> <total>   (stdin: the posted PAY_ID + ENCDATA JSON)
//       → {"state", "ref", "orderId", "txnId", "code"} or {"rejected": "<why>"}
//   php sandbox-roundtrip.php recon <order id>             the signed answer, RECON parsed
//   php sandbox-roundtrip.php settle <as of> [<notify url>]   the sandbox's settlement run, SETTLEMENTS parsed
//   php sandbox-roundtrip.php contest <dispute id>       the merchant contests with a delivery note (PDF)
//
// And the shop's webhook endpoint, under PHP's built-in server (php -S 127.0.0.1:<port> this file):
//   POST /<prefix>/webhook   the sandbox's signed event, through the plugins' receiveWebhook():
//                            a payment's outcome, a settlement's UTR and date on its orders, or
//                            a dispute on its order (on hold, the deadline, the notes)
//   GET  /orders/<prefix>/<ref>   the order as the webhook left it
// with the orders (prefix/ref → total, state) in the JSON file PAYSTRA_ORDERS_FILE.

if (PHP_SAPI !== 'cli' && PHP_SAPI !== 'cli-server') {
    http_response_code(404);
    exit;
}

require __DIR__ . '/../php/core/src/autoload.php';
require __DIR__ . '/shared/HostedCheckout.php';

use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;

if (PHP_SAPI === 'cli-server') {
    webhookServer((string) parse_url((string) $_SERVER['REQUEST_URI'], PHP_URL_PATH));
    return;
}

$args = array_slice($argv, 1);
$command = $args[0] ?? '';
$checkout = HostedCheckout::fromSettings(
    ['test_mode' => true, 'gateway_url' => (string) getenv('PAYSTRA_BASE_URL')],
    in_array($command, ['request', 'response'], true) ? $args[1] : 'X',
);

$answer = match ($command) {
    'request' => $checkout->request($args[2], $args[3], [
        'name' => 'Plugin Test Customer',
        'email' => 'plugin.test@example.com',
        'mobile' => '+91 98765 43210',
        'id' => '7',
    ], $args[4], $args[5] ?? ''),
    'response' => (static function () use ($checkout, $args): array {
        try {
            $outcome = $checkout->response(json_decode((string) stream_get_contents(STDIN), true, 4, JSON_THROW_ON_ERROR));
            $checkout->expectAmount($outcome, $args[2]);
        } catch (Rejected $error) {
            return ['rejected' => $error->getMessage()];
        }
        return ['state' => $outcome->state, 'ref' => $outcome->ref, 'orderId' => $outcome->orderId, 'txnId' => $outcome->txnId, 'code' => $outcome->code];
    })(),
    'recon' => signedList($checkout->client->call('/pgws/recon', ['ORDER_ID' => $args[1]]), 'RECON'),
    'settle' => signedList($checkout->client->call('/pgws/settlement/run', ['AS_OF' => $args[1]] + (isset($args[2]) ? ['NOTIFY_URL' => $args[2]] : [])), 'SETTLEMENTS'),
    'contest' => $checkout->client->call('/pgws/dispute', [
        'DISPUTE_ID' => $args[1],
        'ACTION' => 'CONTEST',
        'EVIDENCE' => 'Delivered on time: the courier\'s delivery note, signed by the customer, is attached.',
        'EVIDENCE_FILE' => base64_encode("%PDF-1.4\n% Delivery note, signed by the customer\n%%EOF\n"),
        'EVIDENCE_FILE_NAME' => 'delivery-note.pdf',
    ]),
    default => throw new InvalidArgumentException('usage: request|response|recon|settle|contest ...'),
};
echo json_encode($answer, JSON_UNESCAPED_SLASHES), "\n";

/**
 * A verified answer with its list field (JSON text) parsed.
 *
 * @throws RuntimeException for a refusal
 */
function signedList(array $answer, string $field): array
{
    if (($answer['RESPONSE_CODE'] ?? '') !== '000') {
        throw new RuntimeException('Refused: ' . ($answer['RESPONSE_CODE'] ?? '') . ' ' . ($answer['RESPONSE_MESSAGE'] ?? ''));
    }
    $answer[$field] = json_decode($answer[$field] ?? '', true, 16, JSON_THROW_ON_ERROR);
    return $answer;
}

/**
 * The shop side of the webhook: a store of orders in a JSON file, changed only forward, given a
 * settlement's UTR and date once, and each event of a dispute once (Dispute::decide()).
 */
function webhookServer(string $path): void
{
    header('Content-Type: application/json');
    $file = (string) getenv('PAYSTRA_ORDERS_FILE');
    if (preg_match('#^/orders/([A-Za-z0-9]+)/([A-Za-z0-9_-]+)$#', $path, $m) === 1) {
        $order = (json_decode((string) @file_get_contents($file), true) ?: [])["$m[1]/$m[2]"] ?? null;
        http_response_code($order === null ? 404 : 200);
        echo json_encode($order ?? ['error' => 'No such order']);
        return;
    }
    if (preg_match('#^/([A-Za-z0-9]+)/webhook$#', $path, $m) !== 1 || $_SERVER['REQUEST_METHOD'] !== 'POST') {
        echo json_encode(['webhook' => 'POST /<prefix>/webhook']);
        return;
    }
    $prefix = $m[1];
    $checkout = HostedCheckout::fromSettings(['test_mode' => true, 'gateway_url' => (string) getenv('PAYSTRA_BASE_URL')], $prefix);
    [$body, $header] = HostedCheckout::webhookRequest();
    $lock = fopen("$file.lock", 'c');
    flock($lock, LOCK_EX);
    $save = static function (array $orders) use ($file): void {
        file_put_contents("$file.tmp", json_encode($orders));
        rename("$file.tmp", $file);
    };
    $answer = $checkout->receiveWebhook($body, $header, static function (Outcome $outcome) use ($checkout, $file, $prefix, $save): string {
        $orders = json_decode((string) @file_get_contents($file), true) ?: [];
        $order = $orders["$prefix/{$outcome->ref}"] ?? throw new Rejected("No order $prefix/{$outcome->ref}");
        $checkout->expectAmount($outcome, $order['total']);
        if ($outcome->movesFrom($order['state'])) {
            $order['state'] = $outcome->state;
            $order['txnId'] = $outcome->txnId;
            $order['updates'] = ($order['updates'] ?? 0) + 1;
            $orders["$prefix/{$outcome->ref}"] = $order;
            $save($orders);
        }
        return $order['state'];
    }, settle: static function (SettledPayment $payment) use ($checkout, $file, $prefix, $save): bool {
        $orders = json_decode((string) @file_get_contents($file), true) ?: [];
        $order = $orders["$prefix/{$payment->ref}"] ?? throw new Rejected("No order $prefix/{$payment->ref}");
        $checkout->expectSettledAmount($payment, $order['total']);
        if (isset($order['settlementId'])) {
            return false;
        }
        $order += ['settlementId' => $payment->settlementId, 'utr' => $payment->utr, 'settlementDate' => $payment->settlementDate, 'note' => $payment->note()];
        $orders["$prefix/{$payment->ref}"] = $order;
        $save($orders);
        return true;
    }, dispute: static function (Dispute $dispute) use ($file, $prefix, $save): bool {
        $orders = json_decode((string) @file_get_contents($file), true) ?: [];
        $order = $orders["$prefix/{$dispute->ref}"] ?? throw new Rejected("No order $prefix/{$dispute->ref}");
        $decision = $dispute->decide($order['dispute']['record'] ?? '');
        if ($decision === Dispute::NOTHING) {
            return false;
        }
        $order['dispute'] = [
            'disputeId' => $dispute->disputeId,
            'record' => $dispute->record(),
            'status' => $dispute->status,
            'respondBy' => $dispute->respondBy,
            'onHold' => match ($decision) {
                Dispute::HOLD => true,
                Dispute::RESTORE => false,
                default => $order['dispute']['onHold'] ?? false,
            },
            'notes' => [...($order['dispute']['notes'] ?? []), $dispute->note()],
        ];
        $orders["$prefix/{$dispute->ref}"] = $order;
        $save($orders);
        return true;
    });
    flock($lock, LOCK_UN);
    http_response_code($answer[0]);
    echo HostedCheckout::json($answer[1]);
}
