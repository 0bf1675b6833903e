<?php

declare(strict_types=1);

// Paystra PG kit: hosted checkout. The shop signs the order, the customer pays on Paystra's
// payment page (cards, net banking, UPI, wallets), and Paystra posts the result back to
// /response, where it is decrypted and its HASH verified before the order counts as paid.
//
// Run from the kit root: php -S 127.0.0.1:8000 -t pg/public pg/public/index.php

require __DIR__ . '/../../example/src/autoload.php'; // example/, the examples' web layer, and core/, the library

use Paystra\Client;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Example\Escape;
use Paystra\Example\Layout;
use Paystra\Example\Request;
use Paystra\Example\Web;
use Paystra\Example\Widgets;

$app = new Web('PG kit · Hosted checkout', dirname(__DIR__, 2), 'pg');

$app->route('GET', '/', static function () use ($app): void {
    $body = '<section class="card">
<h1>Checkout</h1>
<p class="lead">Pay for an order on Paystra\'s hosted payment page. This shop never sees card or bank details: it signs the order with its salt, sends the customer to Paystra, and verifies the signed result Paystra posts back.</p>
<table><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead>
<tr><td>Darjeeling first flush tea, 100 g</td><td>1</td><td>₹1.00</td></tr></table>
<form method="post" action="/pay">
<h2>Your details</h2>'
        . Widgets::paymentInputs('100') . '
<button type="submit">Pay with Paystra</button>
</form>
</section>
<section class="card"><h2>What happens</h2><ol>
<li><code>POST /pay</code> builds the order (<code>ORDER_ID</code> = <code>PG</code> + milliseconds), signs it with your salt and posts it to <code>/paymentrequest</code>.</li>
<li>The customer pays on the hosted page, which then posts <code>PAY_ID</code> and <code>ENCDATA</code> to <code>/response</code>.</li>
<li><code>/response</code> decrypts ENCDATA, verifies its HASH and shows the result. <code>RESPONSE_CODE 000</code> means paid.</li>
<li><code>/status?order_id=…</code> asks the gateway for the order\'s status at any time (for example before shipping).</li>
</ol></section>'
        . Widgets::testData() . Widgets::statusForm() . $app->webhookNotice();
    $app->html($app->page('Checkout', $body));
});

$app->route('POST', '/pay', static function () use ($app): void {
    $customer = Validate::payment(Request::input());
    // paystra:region payment-request
    $order = ['ORDER_ID' => Client::orderId('PG'), 'NOTIFY_URL' => $app->notifyUrl()] + $customer;
    $request = $app->client()->paymentRequest($order);
    $app->orders()->create($order['ORDER_ID'], $order['AMOUNT']);
    // $request['action'] is {base}/paymentrequest; $request['fields'] carry the HASH.
    $summary = Widgets::rows([
        'Order ID' => '<code>' . Escape::html($order['ORDER_ID']) . '</code>',
        'Amount' => Widgets::amount($order['AMOUNT']),
    ]);
    $app->html(Layout::autoPostPage($request['action'], $request['fields'], $summary, ['kit' => $app->kit]));
    // paystra:endregion
});

$app->route('POST', '/response', static function () use ($app): void {
    // paystra:region response
    try {
        $fields = $app->client()->verifyResponse($_POST);
    } catch (VerificationError $error) {
        // Tampered, foreign or garbled: never mark the order paid.
        $app->fail(400, 'Response not verified', $error->getMessage(), ['verified' => false]);
        return;
    }
    $paid = $fields['RESPONSE_CODE'] === '000'; // STATUS Captured: ship the order
    $app->orders()->update($fields, 'return'); // forward only: the webhook may have been first
    // paystra:endregion
    if (Request::wantsJson()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $next = $paid ? 'Thank you! Your order is confirmed.' : 'No money was taken. You can try again with another method.';
    $app->html($app->page('Payment result', Widgets::result($fields)
        . Widgets::notice($paid ? 'ok' : 'info', Escape::html($next) . ' <a href="/">Back to the shop</a>')));
});

$app->route('GET', '/status', $app->status(...));
$app->routeWebhooks(); // POST /webhook, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>

$app->run();
