<?php

declare(strict_types=1);

namespace Paystra\Plugin;

/**
 * The page a shop's RETURN_URL points at when the shop always starts a session (OpenCart,
 * osCommerce). Paystra's page posts PAY_ID and ENCDATA from another site, so the browser
 * withholds the store's session cookie, and the shop, started here, would open an empty session
 * whose cookie replaces the customer's: they would lose their cart and sign-in. So the relay
 * starts nothing and sets no cookie: it hands the two fields on to the shop's own handler with a
 * form posted from the store's page, which the browser sends with the customer's cookie. The
 * handler verifies everything; the relay only checks that the fields look like a response.
 */
final class ReturnRelay
{
    /** Answers the current request: the relay form to `$action`, or 400 for anything else. */
    public static function forward(string $action): void
    {
        $payId = $_POST['PAY_ID'] ?? null;
        $encdata = $_POST['ENCDATA'] ?? null;
        self::header('Content-Type: text/html; charset=utf-8');
        self::header('Cache-Control: no-store');
        self::header('Referrer-Policy: no-referrer');
        self::header('X-Robots-Tag: noindex');

        if (!is_string($payId) || !is_string($encdata) || preg_match('/^\d{1,20}$/', $payId) !== 1
            || preg_match('#^[A-Za-z0-9+/ ]{16,8192}={0,2}$#', $encdata) !== 1) {
            http_response_code(400);
            echo '<!doctype html><meta charset="utf-8"><title>Payment response</title>'
                . '<p>This address only receives payment responses from Paystra.</p>';
            return;
        }
        echo self::page($action, $payId, $encdata);
    }

    private static function page(string $action, string $payId, string $encdata): string
    {
        $escape = static fn (string $text): string => htmlspecialchars($text, ENT_QUOTES | ENT_HTML5, 'UTF-8');
        return '<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Completing your payment…</title>
</head>
<body>
<form id="paystra-response" method="post" action="' . $escape($action) . '">
<input type="hidden" name="PAY_ID" value="' . $escape($payId) . '">
<input type="hidden" name="ENCDATA" value="' . $escape($encdata) . '">
<p>Completing your payment… <button type="submit">Continue</button></p>
</form>
<script>document.getElementById(\'paystra-response\').submit();</script>
</body>
</html>
';
    }

    private static function header(string $header): void
    {
        if (!headers_sent()) {
            header($header);
        }
    }
}
