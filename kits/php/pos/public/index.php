<?php

declare(strict_types=1);

// Paystra POS kit: the back office of a store. Refund a sale in full or in part, and reconcile
// the day's orders against the gateway: one status enquiry per order, with the captured and
// refunded totals for the till report.
//
// Run from the kit root: php -S 127.0.0.1:8000 -t pos/public pos/public/index.php

require __DIR__ . '/../../example/src/autoload.php'; // example/, the examples' web layer, and core/, the library

use Paystra\Amount;
use Paystra\Client;
use Paystra\GatewayError;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Example\Escape;
use Paystra\Example\Request;
use Paystra\Example\Web;
use Paystra\Example\Widgets;

const MAX_ORDERS = 100;

$app = new Web('POS kit · Refunds and reconciliation', dirname(__DIR__, 2), 'pos');

$app->route('GET', '/', static function () use ($app): void {
    $body = '<h1>Store back office</h1>
<p class="lead">Refund a sale and reconcile the day\'s orders against Paystra. Take a test payment with any Paystra kit (for example the PG kit) first, then use its order ID here.</p>
<section class="card"><h2>Refund a sale</h2>
<p>Refunds a captured payment in full or in part. Partial refunds add up; the gateway refuses more than what is left (329).</p>
<form method="post" action="/refund"><div class="grid two">'
        . Widgets::input('ORDER_ID', 'Order ID of the sale', '', ['required' => true, 'maxlength' => '50', 'autocomplete' => 'off'])
        . Widgets::input('AMOUNT', 'Refund amount in paise', '100', ['inputmode' => 'numeric', 'pattern' => '[1-9][0-9]{0,9}', 'required' => true], '100 paise = ₹1.00.')
        . Widgets::input('REFUND_ORDER_ID', 'Refund reference (optional)', '', ['maxlength' => '50', 'autocomplete' => 'off'], 'A new id for this refund; <code>RF</code> + milliseconds when empty.')
        . '</div><button type="submit">Refund</button></form></section>
<section class="card"><h2>Reconcile orders</h2>
<p>Runs a status enquiry for every order and totals what was captured and refunded. Up to ' . MAX_ORDERS . ' orders at a time.</p>
<form method="post" action="/reconcile">
<div class="field"><label for="f-order-ids">Order IDs</label><textarea id="f-order-ids" name="ORDER_IDS" required aria-describedby="f-order-ids-hint" spellcheck="false"></textarea>
<p class="hint" id="f-order-ids-hint">One per line, or separated by commas.</p></div>
<button type="submit">Reconcile</button></form></section>'
        . Widgets::statusForm() . $app->webhookNotice();
    $app->html($app->page('Back office', $body));
});

$app->route('POST', '/refund', static function () use ($app): void {
    $input = Request::input();
    $orderId = Validate::field($input, 'ORDER_ID');
    $amount = Validate::field($input, 'AMOUNT');
    $refundOrderId = Validate::field($input, 'REFUND_ORDER_ID');
    $refundOrderId = $refundOrderId !== '' ? $refundOrderId : Client::orderId('RF');
    Validate::throwIfAny([
        Validate::orderId($orderId),
        Validate::amount($amount),
        Validate::orderId($refundOrderId) === null ? null : 'REFUND_ORDER_ID must be 1 to 50 letters, digits or : / @ _ -',
    ]);
    // The gateway answers a signed STATUS Refunded (000) or the reason: 328, 329, 330, 018...
    $fields = $app->client()->refund($orderId, $refundOrderId, $amount, $app->notifyUrl()); // refund.processed comes to /webhook
    if (!Request::wantsHtml()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $refunded = ($fields['RESPONSE_CODE'] ?? '') === '000';
    $rows = [
        'Order ID' => '<code>' . Escape::html($fields['ORDER_ID'] ?? $orderId) . '</code>',
        'Refund reference' => '<code>' . Escape::html($fields['REFUND_ORDER_ID'] ?? $refundOrderId) . '</code>',
        'Refund amount' => Widgets::amount((string) ($fields['AMOUNT'] ?? $amount)),
        'Transaction ID' => '<code>' . Escape::html($fields['TXN_ID'] ?? '–') . '</code>',
    ];
    $link = '<a href="/status?order_id=' . Escape::html(rawurlencode($orderId)) . '">See the order</a> · <a href="/">Back office</a>';
    $app->html($app->page('Refund', Widgets::outcome($refunded ? 'Refund done' : 'Refund refused', $fields, $rows) . Widgets::notice('info', $link)));
});

$app->route('POST', '/reconcile', static function () use ($app): void {
    $input = Request::input();
    $text = $input['_body'] ?? $input['ORDER_IDS'] ?? '';
    $ids = is_array($text) ? $text : preg_split('/[\s,]+/', (string) $text, -1, PREG_SPLIT_NO_EMPTY);
    $ids = array_values(array_unique(array_map(static fn ($id): string => trim((string) $id), $ids ?: [])));
    if ($ids === [] || count($ids) > MAX_ORDERS) {
        throw new InvalidArgumentException(sprintf('Give 1 to %d order IDs, one per line or separated by commas.', MAX_ORDERS));
    }
    $client = $app->client();
    $orders = [];
    $captured = 0;
    $refunded = 0;
    foreach ($ids as $orderId) {
        try {
            $fields = $client->status($orderId);
        } catch (GatewayError | VerificationError $error) {
            $orders[] = ['ORDER_ID' => $orderId, 'STATUS' => 'Error', 'RESPONSE_CODE' => $error instanceof GatewayError ? (string) $error->responseCode : '', 'AMOUNT' => '', 'REFUNDED_AMOUNT' => '0', 'ERROR' => $error->getMessage()];
            continue;
        }
        $isCaptured = ($fields['STATUS'] ?? '') === 'Captured' && Amount::isValid($fields['AMOUNT'] ?? null);
        $refundedAmount = preg_match('/^\d{1,12}$/', $fields['REFUNDED_AMOUNT'] ?? '') === 1 ? (int) $fields['REFUNDED_AMOUNT'] : 0;
        if ($isCaptured) {
            $captured += (int) $fields['AMOUNT'];
            $refunded += $refundedAmount;
        }
        $orders[] = [
            'ORDER_ID' => $orderId,
            'STATUS' => $fields['STATUS'] ?? '',
            'RESPONSE_CODE' => $fields['RESPONSE_CODE'] ?? '',
            'AMOUNT' => $fields['AMOUNT'] ?? '',
            'REFUNDED_AMOUNT' => (string) $refundedAmount,
            'TXN_ID' => $fields['TXN_ID'] ?? '',
            'PAYMENT_TYPE' => $fields['PAYMENT_TYPE'] ?? '',
        ];
    }
    $totals = ['captured_total' => (string) $captured, 'refunded_total' => (string) $refunded, 'net_total' => (string) ($captured - $refunded)];
    if (Request::wantsJson()) {
        $app->json(['orders' => $orders] + $totals);
        return;
    }
    $rows = '';
    foreach ($orders as $order) {
        $rows .= '<tr><td><a href="/status?order_id=' . Escape::html(rawurlencode($order['ORDER_ID'])) . '"><code>' . Escape::html($order['ORDER_ID']) . '</code></a></td>'
            . '<td>' . Widgets::status($order['STATUS'], $order['RESPONSE_CODE']) . (isset($order['ERROR']) ? '<br><span class="muted">' . Escape::html($order['ERROR']) . '</span>' : '') . '</td>'
            . '<td>' . (Amount::isValid($order['AMOUNT']) ? Escape::html(Amount::format($order['AMOUNT'])) : '–') . '</td>'
            . '<td>' . ($order['REFUNDED_AMOUNT'] !== '0' ? Escape::html(Amount::format($order['REFUNDED_AMOUNT'])) : '–') . '</td></tr>';
    }
    $body = '<section class="card"><h1>Reconciliation</h1><div class="scroll"><table>
<thead><tr><th scope="col">Order ID</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Refunded</th></tr></thead>
<tbody>' . $rows . '</tbody></table></div>'
        . Widgets::rows([
            'Captured' => Widgets::amount($totals['captured_total']),
            'Refunded' => Widgets::amount($totals['refunded_total']),
            'Net' => Widgets::amount($totals['net_total']),
        ], 'Totals of captured orders')
        . '<p class="hint">Every row is the gateway\'s signed status enquiry answer; its HASH verified.</p><p><a class="button secondary" href="/">Back office</a></p></section>';
    $app->html($app->page('Reconciliation', $body));
});

$app->route('GET', '/status', $app->status(...));
$app->routeWebhooks(); // POST /webhook, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>

$app->run();
