<?php

declare(strict_types=1);

// Paystra PHP server kit: the whole merchant integration in one front controller.
//   GET  /                 the console: payment, status enquiry and payout forms
//   POST /pay              signs the order and sends the customer to the hosted payment page
//   POST /response         decrypts and verifies what the gateway posts back (RETURN_URL)
//   GET  /status           status enquiry (?order_id=...)
//   POST /payout           sends money to a bank account or UPI ID (form or JSON)
//   GET  /payout/status    the stored answer of a payout (?payout_id=...)
//   POST /webhook          the gateway's signed events (NOTIFY_URL), applied once, forward only
//   GET  /orders/<id>      the order as this server recorded it (JSON, or its page: the dispute and its answers)
//   POST /dispute          accepts or contests an order's dispute (the order page's forms)
//   GET  /settlements/<id> a settlement the gateway reported (settlement.processed), as recorded (JSON)
//
// Run from the kit root: php -S 127.0.0.1:8000 -t server/public server/public/index.php

require __DIR__ . '/../../example/src/autoload.php'; // example/, the examples' web layer, and core/, the library

use Paystra\Client;
use Paystra\Hash;
use Paystra\PaymentMethods;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Webhook;
use Paystra\WebhookError;
use Paystra\Example\Escape;
use Paystra\Example\Layout;
use Paystra\Example\Request;
use Paystra\Example\Web;
use Paystra\Example\Widgets;

$app = new Web('PHP server kit', dirname(__DIR__, 2), 'server');

$app->route('GET', '/', static function () use ($app): void {
    $modes = [];
    foreach (PaymentMethods::TRANSFER_MODES as $mode => $limits) {
        $modes[$mode] = $mode . match ($mode) {
            'NEFT' => ' (bank account, any amount)',
            'RTGS' => ' (bank account, ₹2,00,000 or more)',
            'IMPS' => ' (bank account, up to ₹5,00,000)',
            'UPI' => ' (UPI ID, up to ₹1,00,000)',
        };
    }
    // The published vector, computed live: the same HASH every Paystra kit produces.
    $vector = ['ORDER_ID' => 'SPIN020406172', 'PAY_ID' => '1001340526093022', 'TXNTYPE' => 'STATUS'];
    $body = '<h1>Paystra PHP server kit</h1>
<p class="lead">Accept a payment on the hosted payment page, verify the response, look an order up and send a payout, all signed with your salt on this server.</p>
<section class="card"><h2>Take a payment</h2>
<p>Signs the order and sends the customer to Paystra\'s hosted page (cards, net banking, UPI, wallets). The result comes back to <code>/response</code>, where it is decrypted and verified.</p>
<form method="post" action="/pay">' . Widgets::paymentInputs('100') . '<button type="submit">Pay with Paystra</button></form></section>'
        . Widgets::statusForm()
        . '<section class="card"><h2>Send a payout</h2>
<p>Moves money from your Paystra balance to a bank account (NEFT, RTGS, IMPS) or a UPI ID. The answer is signed: <code>Processed</code> (000, with a 12-digit UTR), <code>Pending</code> (026) or <code>Failed</code>.</p>
<form method="post" action="/payout"><div class="grid two">'
        . Widgets::input('AMOUNT', 'Amount in paise', '10000', ['inputmode' => 'numeric', 'required' => true], '10000 paise = ₹100.00.')
        . Widgets::select('TRANSFER_MODE', 'Transfer mode', $modes, 'IMPS')
        . Widgets::input('BENEFICIARY_NAME', 'Beneficiary name', 'Ravi Kumar', ['required' => true, 'maxlength' => '50'], 'Letters, spaces and dots.')
        . Widgets::input('BENEFICIARY_ACCOUNT', 'Account number', '123456789012', ['inputmode' => 'numeric'], 'NEFT, RTGS, IMPS: 9 to 18 digits. <code>000000000004</code> is declined, <code>000000000026</code> stays pending.')
        . Widgets::input('BENEFICIARY_IFSC', 'IFSC', 'HDFC0001234', ['autocapitalize' => 'characters'], '4 letters, 0, then 6 letters or digits.')
        . Widgets::input('BENEFICIARY_VPA', 'UPI ID', 'success@upi', [], 'UPI only: <code>success@upi</code>, <code>failure@upi</code> or <code>pending@upi</code>.')
        . Widgets::input('REMARKS', 'Remarks (optional)', 'Vendor settlement', ['maxlength' => '50'])
        . '</div><button type="submit">Send payout</button></form>
<form method="get" action="/payout/status"><h3>Check a payout</h3>'
        . Widgets::input('payout_id', 'Payout ID', '', ['required' => true, 'maxlength' => '50', 'autocomplete' => 'off'], 'The <code>PAYOUT_ID</code> of an earlier payout: a pending one may since have been processed.')
        . '<button type="submit" class="button secondary">Check payout</button></form></section>
<section class="card"><h2>How the signature works</h2>
<p>Every request and response carries <code>HASH</code>: the fields except HASH, sorted by key, joined as <code>KEY=VALUE</code> with <code>~</code>, your salt appended, SHA-256, upper-case hex. The published test vector, computed by this server just now:</p>'
        . Widgets::rows([
            'Fields' => '<code>' . Escape::html(Hash::canonical($vector)) . '</code>',
            'Salt' => '<code>473531b173db4371</code>',
            'HASH' => '<code>' . Escape::html(Hash::sign($vector, '473531b173db4371')) . '</code>',
        ])
        . '<p>The same from a terminal, in the kit root:</p><pre><code>php -r \'require "core/src/autoload.php"; echo Paystra\Hash::sign(["ORDER_ID" =&gt; "SPIN020406172", "PAY_ID" =&gt; "1001340526093022", "TXNTYPE" =&gt; "STATUS"], "473531b173db4371"), PHP_EOL;\'</code></pre></section>'
        . Widgets::testData() . $app->webhookNotice();
    $app->html($app->page('Console', $body));
});

$app->route('POST', '/pay', static function () use ($app): void {
    $customer = Validate::payment(Request::input());
    // paystra:region payment-request
    $order = ['ORDER_ID' => Client::orderId('SK'), 'NOTIFY_URL' => $app->notifyUrl()] + $customer;
    $request = $app->client()->paymentRequest($order);
    $app->orders()->create($order['ORDER_ID'], $order['AMOUNT']);
    // Hidden inputs of every signed field (HASH included), posted to {base}/paymentrequest.
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
        $fields = $app->client()->verifyResponse($_POST); // decrypts ENCDATA, checks HASH and PAY_ID
    } catch (VerificationError $error) {
        $app->fail(400, 'Response not verified', $error->getMessage(), ['verified' => false]);
        return;
    }
    $app->orders()->update($fields, 'return'); // forward only: a webhook may have been first
    if (Request::wantsJson()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    // RESPONSE_CODE 000 (STATUS Captured) is a payment; anything else is not.
    $app->html($app->page('Payment result', Widgets::result($fields) . Widgets::statusForm($fields['ORDER_ID'] ?? '')));
    // paystra:endregion
});

$app->route('GET', '/status', $app->status(...));

// paystra:region webhook
$app->route('POST', '/webhook', static function () use ($app): void {
    $rawBody = Request::body(); // before any parsing: the signature covers these exact bytes
    try {
        $event = $app->client()->verifyWebhook($rawBody, Request::header(Webhook::SIGNATURE_HEADER));
    } catch (WebhookError $error) {
        $app->json(['received' => false, 'reason' => $error->reason, 'error' => $error->getMessage()], 400);
        return;
    }
    // Delivered at least once: a repeated event id changes nothing, and an order only moves
    // forward (a late payment.failed never undoes a capture); settlement.processed is recorded
    // under `settlements` and changes no order; dispute.created, .won and .lost record the
    // dispute on its order, forward only too. 2xx stops the retries.
    $app->json($app->orders()->receive($event));
});
// paystra:endregion

$app->route('GET', '/orders/*', $app->order(...));
$app->route('GET', '/settlements/*', $app->settlement(...));
$app->route('POST', '/dispute', $app->answerDispute(...));

$showPayout = static function (array $fields) use ($app): void {
    if (!Request::wantsHtml()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $mode = $fields['TRANSFER_MODE'] ?? '';
    $rows = [
        'Payout ID' => '<code>' . Escape::html($fields['PAYOUT_ID'] ?? '') . '</code>',
        'Amount' => Widgets::amount((string) ($fields['AMOUNT'] ?? '')),
        'Transfer mode' => Escape::html($mode),
        'Transaction ID' => '<code>' . Escape::html($fields['TXN_ID'] ?? '–') . '</code>',
        'UTR' => '<code>' . Escape::html($fields['UTR'] ?? '–') . '</code>',
    ];
    $headline = match ($fields['STATUS'] ?? '') {
        'Processed' => 'Payout processed',
        'Pending' => 'Payout pending',
        default => 'Payout not processed',
    };
    $link = '<a href="/payout/status?payout_id=' . Escape::html(rawurlencode((string) ($fields['PAYOUT_ID'] ?? ''))) . '">Check this payout again</a> · <a href="/">Back to the console</a>';
    $app->html($app->page('Payout', Widgets::outcome($headline, $fields, $rows) . Widgets::notice('info', $link)));
};

$app->route('POST', '/payout', static function () use ($app, $showPayout): void {
    $input = Request::input();
    $request = [];
    foreach (['PAYOUT_ID', 'AMOUNT', 'TRANSFER_MODE', 'BENEFICIARY_NAME', 'BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC', 'BENEFICIARY_VPA', 'REMARKS'] as $key) {
        $request[$key] = Validate::field($input, $key);
    }
    $request['TRANSFER_MODE'] = strtoupper($request['TRANSFER_MODE']);
    $request['BENEFICIARY_IFSC'] = strtoupper($request['BENEFICIARY_IFSC']);
    // A bank transfer names an account; a UPI payout names a UPI ID. The form offers both.
    if ($request['TRANSFER_MODE'] === 'UPI') {
        unset($request['BENEFICIARY_ACCOUNT'], $request['BENEFICIARY_IFSC']);
    } else {
        unset($request['BENEFICIARY_VPA']);
    }
    // The gateway checks the values and answers a signed code (331 mode, 332 account, 334 limits...).
    $request['NOTIFY_URL'] = $app->notifyUrl(); // payout.processed or payout.failed comes there
    $showPayout($app->client()->payout($request));
});

$app->route('GET', '/payout/status', static function () use ($app, $showPayout): void {
    $payoutId = Request::query('payout_id');
    if (($problem = Validate::orderId($payoutId)) !== null) {
        throw new InvalidArgumentException('payout_id: ' . str_replace('ORDER_ID', 'PAYOUT_ID', $problem));
    }
    $showPayout($app->client()->payoutStatus($payoutId));
});

$app->run();
