<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The pages of the example apps: one layout, escaping, and the few pieces every example shows
 * (the auto-posting gateway form, a payment result, a field table, the sandbox's test data).
 * Every value goes through Html::e().
 */
final class Html
{
    public static function e(mixed $value): string
    {
        return htmlspecialchars((string) $value, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
    }

    /**
     * A whole page. `$options`: kit (the example's name in the header), gateway (base URL shown
     * in the footer), refresh (seconds before the page reloads itself).
     */
    public static function page(string $title, string $body, array $options = []): string
    {
        $kit = (string) ($options['kit'] ?? 'Paystra PHP kit');
        $refresh = isset($options['refresh']) ? '<meta http-equiv="refresh" content="' . (int) $options['refresh'] . '">' : '';
        $gateway = isset($options['gateway'])
            ? '<p>Gateway: <code>' . self::e($options['gateway']) . '</code>. Amounts are in paise: <code>AMOUNT=100</code> is ₹1.00.</p>'
            : '';
        return '<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>' . self::e($title . ' · ' . $kit) . '</title>' . $refresh . '
<style>' . self::style() . '</style>
</head>
<body>
<header class="top"><div class="wrap"><a class="brand" href="/">Paystra <span>' . self::e($kit) . '</span></a><span class="badge">Test mode</span></div></header>
<main class="wrap">
' . $body . '
</main>
<footer class="wrap">' . $gateway . '<p>Paystra Payments Private Limited · MIT-licensed sample code · Never put your salt in browser code.</p></footer>
</body>
</html>
';
    }

    /**
     * The page that sends the customer's browser to the gateway: ONE form of hidden inputs,
     * submitted at once by a script, with a button for browsers that run none.
     */
    public static function autoPostPage(string $action, array $fields, string $summary, array $options = []): string
    {
        $body = '<section class="card">
<h1>Redirecting you to Paystra…</h1>
' . $summary . '
<form method="post" action="' . self::e($action) . '">
' . self::hiddenInputs($fields) . '<button type="submit">Continue to payment</button>
</form>
<p class="hint">You are being taken to the secure payment page. If nothing happens, press <strong>Continue to payment</strong>.</p>
</section>
<script>document.forms[0].submit()</script>';
        return self::page('Redirecting to payment', $body, $options);
    }

    public static function hiddenInputs(array $fields): string
    {
        $html = '';
        foreach ($fields as $name => $value) {
            $html .= '<input type="hidden" name="' . self::e($name) . '" value="' . self::e($value) . '">' . "\n";
        }
        return $html;
    }

    /** "₹1.00" with the paise it came from: "₹1.00 (AMOUNT 100 paise)". */
    public static function amount(string $paise): string
    {
        if (preg_match('/^\d+$/', $paise) !== 1) {
            return self::e($paise);
        }
        return '<strong>' . self::e(Amount::format($paise)) . '</strong> <span class="muted">(AMOUNT ' . self::e($paise) . ' paise)</span>';
    }

    /** Rows of label => HTML (already escaped) as a two-column table. */
    public static function rows(array $rows, string $caption = ''): string
    {
        $html = '<table>' . ($caption !== '' ? '<caption>' . self::e($caption) . '</caption>' : '');
        foreach ($rows as $label => $value) {
            $html .= '<tr><th scope="row">' . self::e($label) . '</th><td>' . $value . '</td></tr>';
        }
        return $html . '</table>';
    }

    /** Every field as sent by the gateway, in a collapsible table. */
    public static function fieldsTable(array $fields, string $summary = 'All fields'): string
    {
        $rows = [];
        foreach ($fields as $key => $value) {
            $rows[(string) $key] = '<code>' . self::e($value) . '</code>';
        }
        return '<details><summary>' . self::e($summary) . '</summary>' . self::rows($rows) . '</details>';
    }

    /** A payment's outcome: a headline by STATUS, then order, transaction, amount and code. */
    public static function result(array $fields, string $headline = ''): string
    {
        $rows = [
            'Order ID' => '<code>' . self::e($fields['ORDER_ID'] ?? '') . '</code>',
            'Transaction ID' => '<code>' . self::e($fields['TXN_ID'] ?? '–') . '</code>',
            'Amount' => self::amount((string) ($fields['AMOUNT'] ?? '')),
        ];
        if (($fields['REFUNDED_AMOUNT'] ?? '') !== '') {
            $rows['Refunded'] = self::amount((string) $fields['REFUNDED_AMOUNT']);
        }
        if (($fields['PAYMENT_TYPE'] ?? '') !== '') {
            $rows['Method'] = self::e(PaymentMethods::name((string) $fields['PAYMENT_TYPE'], (string) ($fields['MOP_TYPE'] ?? '')));
        }
        $tone = self::tone((string) ($fields['RESPONSE_CODE'] ?? ''), (string) ($fields['STATUS'] ?? ''));
        $headline = $headline !== '' ? $headline : match ($tone) {
            'ok' => 'Payment successful',
            'wait' => 'Payment pending',
            default => 'Payment not completed',
        };
        return self::outcome($headline, $fields, $rows);
    }

    /**
     * A gateway answer: the headline coloured by RESPONSE_CODE, the given rows (label => HTML),
     * then status, code, message and time, and every field in a collapsible table.
     */
    public static function outcome(string $headline, array $fields, array $rows): string
    {
        $code = (string) ($fields['RESPONSE_CODE'] ?? '');
        $status = (string) ($fields['STATUS'] ?? '');
        $rows += [
            'Status' => self::status($status, $code),
            'Response code' => '<code>' . self::e($code) . '</code>',
            'Message' => self::e($fields['RESPONSE_MESSAGE'] ?? ''),
        ];
        if (($fields['RESPONSE_DATE_TIME'] ?? '') !== '') {
            $rows['Date and time'] = self::e($fields['RESPONSE_DATE_TIME']);
        }
        return '<section class="card result ' . self::tone($code, $status) . '"><h1>' . self::e($headline) . '</h1>'
            . self::rows($rows) . self::fieldsTable($fields) . '</section>';
    }

    /** A coloured STATUS label with its code, e.g. Captured (000). */
    public static function status(string $status, string $code): string
    {
        return '<span class="status ' . self::tone($code, $status) . '">' . self::e($status !== '' ? $status : 'Unknown')
            . ($code !== '' ? ' · ' . self::e($code) : '') . '</span>';
    }

    /** A message box: tone ok, bad, wait or info; `$html` is already escaped. */
    public static function notice(string $tone, string $html): string
    {
        return '<div class="notice ' . self::e($tone) . '" role="' . ($tone === 'bad' ? 'alert' : 'status') . '">' . $html . '</div>';
    }

    /** A labelled text input. `$attributes` are added as given (escaped), e.g. required, pattern. */
    public static function input(string $name, string $label, string $value = '', array $attributes = [], string $hint = ''): string
    {
        $id = 'f-' . strtolower(preg_replace('/[^A-Za-z0-9]+/', '-', $name) ?? $name);
        $attributes += ['type' => 'text'];
        $extra = self::attributes($attributes + ($hint !== '' ? ['aria-describedby' => "$id-hint"] : []));
        return '<div class="field"><label for="' . $id . '">' . self::e($label) . '</label>'
            . '<input id="' . $id . '" name="' . self::e($name) . '" value="' . self::e($value) . '"' . $extra . '>'
            . ($hint !== '' ? '<p class="hint" id="' . $id . '-hint">' . $hint . '</p>' : '') . '</div>';
    }

    /** A labelled select of value => text. */
    public static function select(string $name, string $label, array $options, string $selected = '', string $hint = ''): string
    {
        $id = 'f-' . strtolower(preg_replace('/[^A-Za-z0-9]+/', '-', $name) ?? $name);
        $html = '<div class="field"><label for="' . $id . '">' . self::e($label) . '</label><select id="' . $id . '" name="' . self::e($name) . '"'
            . ($hint !== '' ? ' aria-describedby="' . $id . '-hint"' : '') . '>';
        foreach ($options as $value => $text) {
            $html .= '<option value="' . self::e($value) . '"' . ((string) $value === $selected ? ' selected' : '') . '>' . self::e($text) . '</option>';
        }
        return $html . '</select>' . ($hint !== '' ? '<p class="hint" id="' . $id . '-hint">' . $hint . '</p>' : '') . '</div>';
    }

    /** AMOUNT (paise) and the customer's name, email and mobile, filled with demo values. */
    public static function paymentInputs(string $amount = '100'): string
    {
        return '<div class="grid two">'
            . self::input('AMOUNT', 'Amount in paise', $amount, ['inputmode' => 'numeric', 'pattern' => '[1-9][0-9]{0,9}', 'required' => true], self::e(self::paiseHint($amount)))
            . self::input('CUST_NAME', 'Customer name', 'Asha Verma', ['autocomplete' => 'name', 'required' => true])
            . self::input('CUST_EMAIL', 'Email', 'asha.verma@example.com', ['type' => 'email', 'autocomplete' => 'email', 'required' => true])
            . self::input('CUST_MOBILE', 'Mobile', '9876543210', ['inputmode' => 'numeric', 'pattern' => '[0-9]{10}', 'autocomplete' => 'tel-national', 'required' => true], '10 digits.')
            . '</div>';
    }

    /** A form that looks an order up with GET /status. */
    public static function statusForm(string $orderId = ''): string
    {
        return '<section class="card"><h2>Check an order</h2><form method="get" action="/status">'
            . self::input('order_id', 'Order ID', $orderId, ['required' => true, 'maxlength' => '50', 'autocomplete' => 'off'], 'Runs a status enquiry: the gateway\'s signed answer for the order.')
            . '<button type="submit" class="button secondary">Check status</button></form></section>';
    }

    /** The sandbox's test cards, UPI IDs and bank page, so a visitor can try every outcome. */
    public static function testData(): string
    {
        $cards = '';
        foreach (PaymentMethods::TEST_CARDS as $number => $outcome) {
            $cards .= '<li><code>' . self::e($number) . '</code> ' . self::e($outcome) . '</li>';
        }
        $upi = '';
        foreach (PaymentMethods::TEST_UPI_IDS as $vpa => $outcome) {
            $upi .= '<li><code>' . self::e($vpa) . '</code> ' . self::e($outcome) . '</li>';
        }
        return '<section class="card"><h2>Sandbox test data</h2><div class="grid two">'
            . '<div><h3>Cards</h3><ul>' . $cards . '</ul><p class="hint">Any future expiry (e.g. 12/30), any 3-digit CVV, any name.</p></div>'
            . '<div><h3>UPI</h3><ul>' . $upi . '</ul><h3>Net banking and wallets</h3><p>The sandbox bank page offers <strong>Success</strong> (000) and <strong>Failure</strong> (004). Cancel on the payment page gives 010.</p></div>'
            . '</div></section>';
    }

    /** An error page body: a heading and the message (each line a paragraph). */
    public static function errorBody(string $title, string $message, string $back = '/'): string
    {
        $lines = '';
        foreach (preg_split('/\n/', $message) ?: [] as $line) {
            $lines .= '<p>' . self::e($line) . '</p>';
        }
        return '<section class="card result bad"><h1>' . self::e($title) . '</h1>' . $lines
            . '<p><a class="button secondary" href="' . self::e($back) . '">Back</a></p></section>';
    }

    private static function tone(string $code, string $status): string
    {
        return match (true) {
            $code === '000' => 'ok',
            $status === 'Pending' || $code === '006' || $code === '026' => 'wait',
            default => 'bad',
        };
    }

    private static function attributes(array $attributes): string
    {
        $html = '';
        foreach ($attributes as $name => $value) {
            if ($value === false || $value === null) {
                continue;
            }
            $html .= ' ' . self::e($name) . ($value === true ? '' : '="' . self::e($value) . '"');
        }
        return $html;
    }

    /**
     * kits/shared/example.css, the one stylesheet every kit language's examples use, read on the
     * first page. A downloaded kit ships it as core/example.css; in the Paystra repository it is
     * kits/shared/example.css.
     */
    public static function style(): string
    {
        static $style = null;
        if ($style === null) {
            foreach ([__DIR__ . '/../example.css', __DIR__ . '/../../../shared/example.css'] as $file) {
                if (is_file($file)) {
                    $style = (string) file_get_contents($file);
                    break;
                }
            }
            if ($style === null) {
                throw new \RuntimeException('Missing ' . dirname(__DIR__) . '/example.css: the examples\' stylesheet');
            }
        }
        return $style;
    }

    /** "250 paise = ₹2.50. 100 paise = ₹1.00." — the second sentence only when it adds something. */
    private static function paiseHint(string $amount): string
    {
        $hint = $amount . ' paise = ' . Amount::format($amount) . '.';
        return $amount === '100' ? $hint : $hint . ' 100 paise = ₹1.00.';
    }
}
