<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 *
 * The RETURN_URL: https://your-store.example/ext/modules/payment/paystra/return.php
 *
 * Paystra's page posts PAY_ID and ENCDATA here from the customer's browser. That POST comes
 * from another site, so the browser withholds the store's session cookie (browsers treat a
 * cookie without a SameSite attribute as Lax), and osCommerce, started here, would open an
 * empty session whose cookie replaces the customer's: they would lose their cart and sign-in.
 * So this page starts nothing and sets no cookie: it hands the two fields on to
 * checkout_process.php with a form posted from the store's own page, which the browser sends
 * with the customer's cookie. The payment module's before_process() verifies everything; this
 * page only checks that the fields look like a response.
 */

declare(strict_types=1);

$payId = $_POST['PAY_ID'] ?? null;
$encdata = $_POST['ENCDATA'] ?? null;
$send = static function (string $header): void {
    if (!headers_sent()) {
        header($header);
    }
};

$send('Content-Type: text/html; charset=utf-8');
$send('Cache-Control: no-store');
$send('Referrer-Policy: no-referrer');
$send('X-Robots-Tag: noindex');

if (!is_string($payId) || !is_string($encdata) || preg_match('/^\d{1,20}$/', $payId) !== 1
    || preg_match('#^[A-Za-z0-9+/ ]{16,8192}={0,2}$#', $encdata) !== 1) {
    http_response_code(400);
    echo '<!doctype html><meta charset="utf-8"><title>Payment response</title>'
        . '<p>This address only receives payment responses from Paystra.</p>';
    exit;
}

// From ext/modules/payment/paystra/ back to the catalog's checkout_process.php.
$action = '../../../../checkout_process.php';
$escape = static fn (string $text): string => htmlspecialchars($text, ENT_QUOTES | ENT_HTML5, 'UTF-8');
?>
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Completing your payment…</title>
</head>
<body>
<form id="paystra-response" method="post" action="<?= $escape($action) ?>">
<input type="hidden" name="PAY_ID" value="<?= $escape($payId) ?>">
<input type="hidden" name="ENCDATA" value="<?= $escape($encdata) ?>">
<p>Completing your payment… <button type="submit">Continue</button></p>
</form>
<script>document.getElementById('paystra-response').submit();</script>
</body>
</html>
