<?php

declare(strict_types=1);

// Paystra ePOS kit: counter sales by QR code. The cashier enters the amount; the server asks
// the gateway for a QR code (QR_TYPE UPI: any UPI app pays it; PG: it opens the hosted payment
// page, so a card or net banking works too) and the counter checks the order's status until
// it is paid.
//
// Run from the kit root: php -S 127.0.0.1:8000 -t epos/public epos/public/index.php

require __DIR__ . '/../../example/src/autoload.php'; // example/, the examples' web layer, and core/, the library

use Paystra\Amount;
use Paystra\Client;
use Paystra\Validate;
use Paystra\Example\Escape;
use Paystra\Example\Request;
use Paystra\Example\Web;
use Paystra\Example\Widgets;

$app = new Web('ePOS kit · QR at the counter', dirname(__DIR__, 2), 'epos');

$app->route('GET', '/', static function () use ($app): void {
    $body = '<section class="card">
<h1>New counter sale</h1>
<p class="lead">Show the customer a QR code for the bill. A UPI QR is paid from any UPI app; a PG QR opens Paystra\'s payment page on the customer\'s phone, where cards, net banking, UPI and wallets all work.</p>
<form method="post" action="/qr"><div class="grid two">'
        . Widgets::input('AMOUNT', 'Bill amount in paise', '45000', ['inputmode' => 'numeric', 'pattern' => '[1-9][0-9]{0,9}', 'required' => true], '45000 paise = ₹450.00.')
        . Widgets::select('QR_TYPE', 'QR code type', ['UPI' => 'UPI QR (any UPI app)', 'PG' => 'PG QR (payment page: all methods)'], 'UPI')
        . Widgets::input('CUST_NAME', 'Customer name (optional)', '', ['autocomplete' => 'off', 'maxlength' => '100'])
        . '</div><button type="submit">Show QR code</button></form>
</section>
<section class="card"><h2>What happens</h2><ol>
<li><code>POST /qr</code> creates the order (<code>ORDER_ID</code> = <code>EP</code> + milliseconds) with a signed request to the gateway\'s <code>/pgws/qr</code>.</li>
<li>The signed answer carries <code>QR_IMAGE_URL</code> (the PNG shown to the customer), <code>UPI_INTENT</code> for UPI or <code>PAYMENT_URL</code> for PG, and the order starts as <code>Pending</code> (006).</li>
<li>The customer scans and pays. In the sandbox, the QR opens a scan page where <strong>success@upi</strong> pays and <strong>failure@upi</strong> declines.</li>
<li>The counter checks <code>/status?order_id=…</code> (the page refreshes itself) until the order is <code>Captured</code> (000).</li>
</ol></section>' . Widgets::statusForm() . $app->webhookNotice();
    $app->html($app->page('Counter sale', $body));
});

$app->route('POST', '/qr', static function () use ($app): void {
    $input = Request::input();
    $amount = Validate::field($input, 'AMOUNT');
    $qrType = strtoupper(Validate::field($input, 'QR_TYPE'));
    $name = Validate::field($input, 'CUST_NAME');
    Validate::throwIfAny([
        Validate::amount($amount),
        in_array($qrType, ['UPI', 'PG'], true) ? null : 'QR_TYPE must be UPI or PG.',
        $name === '' ? null : Validate::name($name),
    ]);
    $order = ['ORDER_ID' => Client::orderId('EP'), 'AMOUNT' => $amount, 'CUST_NAME' => $name, 'NOTIFY_URL' => $app->notifyUrl()];
    $fields = $app->client()->qr($order, $qrType); // signed request; the answer's HASH is verified
    $app->orders()->create($order['ORDER_ID'], $amount);
    if (Request::wantsJson()) {
        $app->json(['verified' => true, 'fields' => $fields]);
        return;
    }
    $orderId = (string) ($fields['ORDER_ID'] ?? $order['ORDER_ID']);
    if (($fields['RESPONSE_CODE'] ?? '') !== '006' || ($fields['QR_IMAGE_URL'] ?? '') === '') {
        $app->html($app->page('QR code refused', Widgets::outcome('The gateway refused the QR code', $fields, [
            'Order ID' => '<code>' . Escape::html($orderId) . '</code>',
            'Amount' => Widgets::amount($amount),
        ])), 200);
        return;
    }
    $statusUrl = '/status?order_id=' . rawurlencode($orderId);
    $rows = [
        'Order ID' => '<code>' . Escape::html($orderId) . '</code>',
        'Amount' => Widgets::amount((string) ($fields['AMOUNT'] ?? $amount)),
        'QR type' => Escape::html($qrType === 'UPI' ? 'UPI QR' : 'PG QR'),
        'Transaction ID' => '<code>' . Escape::html($fields['TXN_ID'] ?? '–') . '</code>',
    ];
    if ($qrType === 'UPI') {
        $rows['UPI intent'] = '<code>' . Escape::html($fields['UPI_INTENT'] ?? '') . '</code><br><a href="' . Escape::html($fields['UPI_INTENT'] ?? '') . '">Open in a UPI app</a> (on a phone)';
    } else {
        $rows['Payment link'] = '<a href="' . Escape::html($fields['PAYMENT_URL'] ?? '') . '">' . Escape::html($fields['PAYMENT_URL'] ?? '') . '</a><br><span class="muted">Send it by SMS or WhatsApp when the customer cannot scan.</span>';
    }
    $body = '<section class="card result wait"><h1>Scan to pay ' . Escape::html(Amount::format((string) ($fields['AMOUNT'] ?? $amount))) . '</h1>
<div class="qr"><div><img src="' . Escape::html($fields['QR_IMAGE_URL']) . '" width="240" height="240" alt="QR code to pay order ' . Escape::html($orderId) . '"></div>
<div>' . Widgets::rows($rows) . '</div></div>
<div class="actions"><a class="button" href="' . Escape::html($statusUrl) . '">Check status</a>'
        . (($fields['QR_SCAN_URL'] ?? '') !== '' ? '<a class="button secondary" href="' . Escape::html($fields['QR_SCAN_URL']) . '" target="_blank" rel="noopener">Open the sandbox scan page<span class="muted"> (new tab)</span></a>' : '')
        . '</div>' . Widgets::fieldsTable($fields) . '</section>'
        . Widgets::notice('info', 'In the sandbox, the scan page stands in for the customer\'s phone. Pay there, then press <strong>Check status</strong>.');
    $app->html($app->page('Scan to pay', $body));
});

$app->route('GET', '/status', $app->status(...));
$app->routeWebhooks(); // POST /webhook, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>

$app->run();
