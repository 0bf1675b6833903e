<?php

declare(strict_types=1);

// Paystra Wallet kit: wallet payments (Paytm, Mobikwik, PhonePay) through the seamless flow.
// The shop shows the wallets itself; the server encrypts the order with PAYMENT_TYPE WL and the
// chosen MOP_TYPE into ENCDATA, and the gateway sends the customer straight to the wallet.
//
// Run from the kit root: php -S 127.0.0.1:8000 -t wallet/public wallet/public/index.php

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

$app = new Web('Wallet kit', dirname(__DIR__, 2), 'wallet');

$app->route('GET', '/', static function () use ($app): void {
    $wallets = '';
    foreach (PaymentMethods::WALLETS as $code => $name) {
        $wallets .= '<button type="submit" name="MOP_TYPE" value="' . Escape::html($code) . '">Pay with ' . Escape::html($name) . '</button> ';
    }
    $body = '<section class="card">
<h1>Pay with a wallet</h1>
<p class="lead">Recharge your metro card with the wallet you already use. The customer picks a wallet here and goes straight to it: no payment page in between.</p>
<form method="post" action="/pay">
<input type="hidden" name="PAYMENT_TYPE" value="WL">
<h2>Your details</h2>' . Widgets::paymentInputs('50000') . '
<h2>Choose your wallet</h2>
<div class="actions">' . $wallets . '</div>
</form>
</section>
<section class="card"><h2>What happens</h2><ol>
<li><code>POST /pay</code> builds the order (<code>ORDER_ID</code> = <code>WL</code> + milliseconds) with <code>PAYMENT_TYPE=WL</code> and the wallet\'s <code>MOP_TYPE</code>: <code>PPL</code> Paytm, <code>MWL</code> Mobikwik, <code>PPWL</code> PhonePay.</li>
<li>The fields and their HASH are encrypted into <code>ENCDATA</code> with the merchant-hosted key and posted with <code>PAY_ID</code> to <code>/merchantPaymentInit</code>.</li>
<li>The wallet (in the sandbox, its bank page) approves or declines: <strong>Success</strong> gives 000, <strong>Failure</strong> 004.</li>
<li>The gateway posts the encrypted result to <code>/response</code>, which verifies it before the recharge is credited.</li>
</ol></section>' . Widgets::statusForm() . $app->webhookNotice();
    $app->html($app->page('Wallet checkout', $body));
});

$app->route('POST', '/pay', static function () use ($app): void {
    $input = Request::input();
    $customer = Validate::payment($input);
    $method = Validate::method(['PAYMENT_TYPE' => PaymentMethods::WALLET] + $input);
    // paystra:region merchant-hosted-request
    $order = ['ORDER_ID' => Client::orderId('WL'), 'NOTIFY_URL' => $app->notifyUrl()] + $customer;
    // $method is ['PAYMENT_TYPE' => 'WL', 'MOP_TYPE' => 'PPL' | 'MWL' | 'PPWL'].
    $request = $app->client()->merchantHostedRequest($order, $method);
    $app->orders()->create($order['ORDER_ID'], $order['AMOUNT']);
    $summary = Widgets::rows([
        'Order ID' => '<code>' . Escape::html($order['ORDER_ID']) . '</code>',
        'Amount' => Widgets::amount($order['AMOUNT']),
        'Wallet' => Escape::html(PaymentMethods::WALLETS[$method['MOP_TYPE']]),
    ]);
    // PAY_ID + ENCDATA, posted to {base}/merchantPaymentInit.
    $app->html(Layout::autoPostPage($request['action'], $request['fields'], $summary, ['kit' => $app->kit]));
    // paystra:endregion
});

$app->route('POST', '/response', static function () use ($app): void {
    try {
        $fields = $app->client()->verifyResponse($_POST);
    } catch (VerificationError $error) {
        $app->fail(400, 'Response not verified', $error->getMessage(), ['verified' => false]);
        return;
    }
    $app->orders()->update($fields, 'return'); // forward only: the webhook may have been first
    if (Request::wantsJson()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $paid = $fields['RESPONSE_CODE'] === '000';
    $headline = $paid ? 'Recharge successful' : (($fields['STATUS'] ?? '') === 'Pending' ? 'Recharge pending' : 'Recharge not completed');
    $app->html($app->page('Wallet payment result', Widgets::result($fields, $headline) . Widgets::notice('info', '<a href="/">Back to the wallets</a>')));
});

$app->route('GET', '/status', $app->status(...));
$app->routeWebhooks(); // POST /webhook, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>

$app->run();
