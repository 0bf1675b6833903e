<?php

declare(strict_types=1);

// Paystra Merchant Hosted PHP kit (seamless): the customer picks net banking, a wallet or UPI
// on the merchant's own page; the server encrypts the order and that choice into ENCDATA with
// the merchant-hosted key and posts PAY_ID + ENCDATA to /merchantPaymentInit. The gateway goes
// straight to the bank or wallet (or collects by UPI) and posts an encrypted response back.
//
// Run from the kit root: php -S 127.0.0.1:8000 -t merchant-hosted/public merchant-hosted/public/index.php

require __DIR__ . '/../../example/src/autoload.php'; // example/, the examples' web layer, and core/, the library

use Paystra\Client;
use Paystra\PaymentMethods;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Example\Escape;
use Paystra\Example\Layout;
use Paystra\Example\Request;
use Paystra\Example\Web;
use Paystra\Example\Widgets;

$app = new Web('Merchant Hosted PHP kit', dirname(__DIR__, 2), 'merchant-hosted');

$app->route('GET', '/', static function () use ($app): void {
    $body = '<section class="card">
<h1>Pay on the merchant\'s page</h1>
<p class="lead">The customer chooses how to pay right here. The server encrypts the order and that choice into <code>ENCDATA</code>, so the request cannot be read or changed on the way, and the gateway takes the customer straight to the bank, the wallet or a UPI collect request.</p>
<form method="post" action="/pay">
<h2>Customer</h2>' . Widgets::paymentInputs('250000') . '
<h2>Choose how to pay</h2>
<div class="grid two">
<fieldset><legend>Net banking</legend>' . Widgets::select('BANK', 'Bank', PaymentMethods::BANKS, '1004') . '
<button type="submit" name="PAYMENT_TYPE" value="NB">Pay by net banking</button></fieldset>
<fieldset><legend>Wallet</legend>' . Widgets::select('WALLET', 'Wallet', PaymentMethods::WALLETS, 'PPL') . '
<button type="submit" name="PAYMENT_TYPE" value="WL">Pay by wallet</button></fieldset>
<fieldset><legend>UPI</legend>' . Widgets::input('PAYER_ADDRESS', 'UPI ID', 'success@upi', ['autocomplete' => 'off', 'spellcheck' => 'false'], 'success@upi, failure@upi or pending@upi.') . '
<button type="submit" name="PAYMENT_TYPE" value="UP">Pay by UPI</button></fieldset>
</div>
</form>
</section>
<section class="card"><h2>What happens</h2><ol>
<li><code>POST /pay</code> checks the method, builds the order (<code>ORDER_ID</code> = <code>MH</code> + milliseconds) with <code>PAYMENT_TYPE</code>, <code>MOP_TYPE</code> and, for UPI, <code>PAYER_ADDRESS</code>.</li>
<li>It encrypts the sorted fields and their HASH with AES-256-CBC. The key is the first 32 characters of SHA-256(key salt + PAY_ID); the browser only ever sees <code>PAY_ID</code> and <code>ENCDATA</code>.</li>
<li>Net banking and wallets open the sandbox bank page (<strong>Success</strong> or <strong>Failure</strong>); UPI is answered at once.</li>
<li>The gateway posts <code>PAY_ID</code> + <code>ENCDATA</code> to <code>/response</code>, which decrypts it and verifies the HASH.</li>
</ol></section>'
        . Widgets::testData() . Widgets::statusForm() . $app->webhookNotice();
    $app->html($app->page('Checkout', $body));
});

$app->route('POST', '/pay', static function () use ($app): void {
    $input = Request::input();
    $customer = Validate::payment($input);
    $method = Validate::method($input);
    // paystra:region merchant-hosted-request
    $order = ['ORDER_ID' => Client::orderId('MH'), 'NOTIFY_URL' => $app->notifyUrl()] + $customer;
    // $method: PAYMENT_TYPE NB|WL|UP, MOP_TYPE (bank or wallet code, UP for UPI), PAYER_ADDRESS.
    $request = $app->client()->merchantHostedRequest($order, $method);
    $app->orders()->create($order['ORDER_ID'], $order['AMOUNT']);
    // Only PAY_ID and ENCDATA reach the browser, posted to {base}/merchantPaymentInit.
    $summary = Widgets::rows([
        'Order ID' => '<code>' . Escape::html($order['ORDER_ID']) . '</code>',
        'Amount' => Widgets::amount($order['AMOUNT']),
        'Method' => Escape::html(PaymentMethods::name($method['PAYMENT_TYPE'], $method['MOP_TYPE'])),
    ]);
    $app->html(Layout::autoPostPage($request['action'], $request['fields'], $summary, ['kit' => $app->kit]));
    // paystra:endregion
});

$app->route('POST', '/response', static function () use ($app): void {
    // paystra:region response
    try {
        $fields = $app->client()->verifyResponse($_POST);
    } catch (VerificationError $error) {
        $app->fail(400, 'Response not verified', $error->getMessage(), ['verified' => false]);
        return;
    }
    $app->orders()->update($fields, 'return'); // forward only: the webhook may have been first
    // paystra:endregion
    if (Request::wantsJson()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $app->html($app->page('Payment result', Widgets::result($fields) . Widgets::notice('info', '<a href="/">Make another payment</a>')));
});

$app->route('GET', '/status', $app->status(...));
$app->routeWebhooks(); // POST /webhook, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>

$app->run();
