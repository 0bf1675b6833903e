<?php

declare(strict_types=1);

namespace Paystra\Example;

use Paystra\Amount;
use Paystra\Currency;
use Paystra\PaymentMethods;

/**
 * The page parts every example shows: amounts, field tables, a payment's outcome, STATUS labels,
 * notices, labelled inputs, the status form and the sandbox's test data. Values are escaped
 * here (Escape::html) unless a method says it takes markup the caller already built.
 */
final class Widgets
{
    /** One hidden input per field, one a line: what a form carries to the gateway. */
    public static function hiddenInputs(array $fields): string
    {
        $html = '';
        foreach ($fields as $name => $value) {
            $html .= '<input type="hidden" name="' . Escape::html($name) . '" value="' . Escape::html($value) . '">' . "\n";
        }
        return $html;
    }

    /** "₹1.00" with the paise it came from: "₹1.00 (AMOUNT 100 paise)". */
    public static function amount(string $paise): string
    {
        if (preg_match('/^\d+$/', $paise) !== 1) {
            return Escape::html($paise);
        }
        return '<strong>' . Escape::html(Amount::format($paise)) . '</strong> <span class="muted">(AMOUNT ' . Escape::html($paise) . ' paise)</span>';
    }

    /** Rows of label => HTML (already escaped) as a two-column table. */
    public static function rows(array $rows, string $caption = ''): string
    {
        $html = '<table>' . ($caption !== '' ? '<caption>' . Escape::html($caption) . '</caption>' : '');
        foreach ($rows as $label => $value) {
            $html .= '<tr><th scope="row">' . Escape::html($label) . '</th><td>' . $value . '</td></tr>';
        }
        return $html . '</table>';
    }

    /** Every field as sent by the gateway, in a collapsible table. */
    public static function fieldsTable(array $fields, string $summary = 'All fields'): string
    {
        $rows = [];
        foreach ($fields as $key => $value) {
            $rows[(string) $key] = '<code>' . Escape::html($value) . '</code>';
        }
        return '<details><summary>' . Escape::html($summary) . '</summary>' . self::rows($rows) . '</details>';
    }

    /** A payment's outcome: a headline by STATUS, then order, transaction, amount and code. */
    public static function result(array $fields, string $headline = ''): string
    {
        $rows = [
            'Order ID' => '<code>' . Escape::html($fields['ORDER_ID'] ?? '') . '</code>',
            'Transaction ID' => '<code>' . Escape::html($fields['TXN_ID'] ?? '–') . '</code>',
            'Amount' => self::amount((string) ($fields['AMOUNT'] ?? '')),
        ];
        if (($fields['REFUNDED_AMOUNT'] ?? '') !== '') {
            $rows['Refunded'] = self::amount((string) $fields['REFUNDED_AMOUNT']);
        }
        if (($fields['PAYMENT_TYPE'] ?? '') !== '') {
            $rows['Method'] = Escape::html(PaymentMethods::name((string) $fields['PAYMENT_TYPE'], (string) ($fields['MOP_TYPE'] ?? '')));
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
            'Response code' => '<code>' . Escape::html($code) . '</code>',
            'Message' => Escape::html($fields['RESPONSE_MESSAGE'] ?? ''),
        ];
        if (($fields['RESPONSE_DATE_TIME'] ?? '') !== '') {
            $rows['Date and time'] = Escape::html($fields['RESPONSE_DATE_TIME']);
        }
        return '<section class="card result ' . self::tone($code, $status) . '"><h1>' . Escape::html($headline) . '</h1>'
            . self::rows($rows) . self::fieldsTable($fields) . '</section>';
    }

    /** A coloured STATUS label with its code, e.g. Captured (000). */
    public static function status(string $status, string $code): string
    {
        return '<span class="status ' . self::tone($code, $status) . '">' . Escape::html($status !== '' ? $status : 'Unknown')
            . ($code !== '' ? ' · ' . Escape::html($code) : '') . '</span>';
    }

    /** An order as the example recorded it (OrderStore), with its links. */
    public static function order(array $order): string
    {
        $events = implode(', ', array_map(static fn (string $id): string => '<code>' . Escape::html($id) . '</code>', $order['events'] ?? []));
        return '<section class="card"><h1>Order ' . Escape::html($order['order_id']) . '</h1>' . self::rows([
            'Status' => Escape::html($order['status']),
            'Amount' => self::amount((string) $order['amount']),
            'Last updated by' => Escape::html($order['updated_by'] ?? 'nothing yet'),
            'Webhook events' => $events !== '' ? $events : 'none',
        ]) . '<p><a class="button secondary" href="/status?order_id=' . Escape::html(rawurlencode($order['order_id'])) . '">Check status with the gateway</a></p></section>';
    }

    /**
     * An order's dispute (OrderStore::DISPUTES_KEPT), or nothing without one. While it is OPEN:
     * the forms that accept it or contest it with evidence (POST /dispute).
     */
    public static function dispute(string $orderId, ?array $dispute): string
    {
        if ($dispute === null) {
            return '';
        }
        $status = $dispute['STATUS'];
        $tone = match ($status) {
            'WON' => 'ok',
            'OPEN', 'UNDER_REVIEW' => 'wait',
            default => 'bad',
        };
        $rows = [
            'Dispute ID' => '<code>' . Escape::html($dispute['DISPUTE_ID']) . '</code>',
            'Status' => '<span class="status ' . $tone . '">' . Escape::html($status) . '</span>',
            'Reason' => Escape::html($dispute['REASON_CODE'] . ' ' . $dispute['REASON']),
            'Amount disputed' => self::money($dispute['AMOUNT'], $dispute['CURRENCY_CODE']),
            'Deadline' => 'Respond by ' . Escape::html($dispute['RESPOND_BY']) . ' <span class="muted">(end of the day, IST)</span>',
        ];
        if ($dispute['RESOLUTION'] !== '') {
            $rows['Resolution'] = Escape::html($dispute['RESOLUTION']);
        }
        $html = '<section class="card"><h2>Dispute</h2>' . self::rows($rows);
        if ($status === 'OPEN') {
            $order = '<input type="hidden" name="ORDER_ID" value="' . Escape::html($orderId) . '">';
            $html .= '<p>The customer\'s bank disputes this payment and holds its amount. Accept it (the customer keeps the money) or contest it with evidence before the deadline; unanswered, it is lost.</p>'
                . '<form method="post" action="/dispute">' . $order . '<input type="hidden" name="ACTION" value="ACCEPT">'
                . '<button type="submit" class="button secondary">Accept dispute</button></form>'
                . '<form method="post" action="/dispute" enctype="multipart/form-data">' . $order . '<input type="hidden" name="ACTION" value="CONTEST">'
                . '<div class="field"><label for="f-evidence">Evidence</label><textarea id="f-evidence" name="EVIDENCE" rows="4" maxlength="5000" required aria-describedby="f-evidence-hint"></textarea>'
                . self::hint('f-evidence', 'Why the payment is valid, 1 to 5,000 characters.') . '</div>'
                . '<div class="field"><label for="f-evidence-file">Document (optional)</label><input id="f-evidence-file" type="file" name="EVIDENCE_FILE" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" aria-describedby="f-evidence-file-hint">'
                . self::hint('f-evidence-file', 'One PDF, JPEG or PNG of at most 2 MB, e.g. a signed delivery receipt. For 13.1 disputes, evidence without a document is lost.') . '</div>'
                . '<button type="submit">Contest dispute</button></form>';
        }
        return $html . '</section>';
    }

    /** An AMOUNT in a currency: rupees as amount() shows them, "USD 12.34 (AMOUNT 1234)" otherwise. */
    public static function money(string $amount, string $currencyCode): string
    {
        $code = Currency::codeOf($currencyCode);
        if ($code === null || $code === Currency::INR || preg_match('/^\d+$/D', $amount) !== 1) {
            return self::amount($amount);
        }
        return '<strong>' . Escape::html($code . ' ' . Currency::toMajor($amount, $code)) . '</strong> <span class="muted">(AMOUNT ' . Escape::html($amount) . ')</span>';
    }

    /** A message box: tone ok, bad, wait or info; `$html` is already escaped. */
    public static function notice(string $tone, string $html): string
    {
        return '<div class="notice ' . Escape::html($tone) . '" role="' . ($tone === 'bad' ? 'alert' : 'status') . '">' . $html . '</div>';
    }

    /** A labelled text input. `$attributes` are added as given (escaped), e.g. required, pattern. */
    public static function input(string $name, string $label, string $value = '', array $attributes = [], string $hint = ''): string
    {
        $id = self::fieldId($name);
        $attributes += ['type' => 'text'];
        $extra = Escape::attributes($attributes + ($hint !== '' ? ['aria-describedby' => "$id-hint"] : []));
        return '<div class="field"><label for="' . $id . '">' . Escape::html($label) . '</label>'
            . '<input id="' . $id . '" name="' . Escape::html($name) . '" value="' . Escape::html($value) . '"' . $extra . '>'
            . self::hint($id, $hint) . '</div>';
    }

    /** A labelled select of value => text. */
    public static function select(string $name, string $label, array $options, string $selected = '', string $hint = ''): string
    {
        $id = self::fieldId($name);
        $html = '<div class="field"><label for="' . $id . '">' . Escape::html($label) . '</label><select id="' . $id . '" name="' . Escape::html($name) . '"'
            . ($hint !== '' ? ' aria-describedby="' . $id . '-hint"' : '') . '>';
        foreach ($options as $value => $text) {
            $html .= '<option value="' . Escape::html($value) . '"' . ((string) $value === $selected ? ' selected' : '') . '>' . Escape::html($text) . '</option>';
        }
        return $html . '</select>' . self::hint($id, $hint) . '</div>';
    }

    /** AMOUNT (paise) and the customer's name, email and mobile, filled with demo values. */
    public static function paymentInputs(string $amount = '100'): string
    {
        return '<div class="grid two">'
            . self::input('AMOUNT', 'Amount in paise', $amount, ['inputmode' => 'numeric', 'pattern' => '[1-9][0-9]{0,9}', 'required' => true], Escape::html(self::paiseHint($amount)))
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
            $cards .= '<li><code>' . Escape::html($number) . '</code> ' . Escape::html($outcome) . '</li>';
        }
        $upi = '';
        foreach (PaymentMethods::TEST_UPI_IDS as $vpa => $outcome) {
            $upi .= '<li><code>' . Escape::html($vpa) . '</code> ' . Escape::html($outcome) . '</li>';
        }
        return '<section class="card"><h2>Sandbox test data</h2><div class="grid two">'
            . '<div><h3>Cards</h3><ul>' . $cards . '</ul><p class="hint">Any future expiry (e.g. 12/30), any 3-digit CVV, any name.</p></div>'
            . '<div><h3>UPI</h3><ul>' . $upi . '</ul><h3>Net banking and wallets</h3><p>The sandbox bank page offers <strong>Success</strong> (000) and <strong>Failure</strong> (004). Cancel on the payment page gives 010.</p></div>'
            . '</div></section>';
    }

    /**
     * The home page's sentence about webhooks: where the example listens, where NOTIFY_URL points
     * (the requests carry it only once PAYSTRA_WEBHOOK_SECRET is set) and what /orders shows.
     */
    public static function webhookNotice(string $notifyUrl, bool $secretSet): string
    {
        $where = $secretSet
            ? 'the requests it sends carry <code>NOTIFY_URL=' . Escape::html($notifyUrl) . '</code>'
            : 'set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal) and the requests it sends carry <code>NOTIFY_URL=' . Escape::html($notifyUrl) . '</code>';
        return self::notice('info', 'This server also listens at <code>/webhook</code> for Paystra\'s signed events: ' . $where
            . ' (<code>APP_URL</code> must be an address the gateway can reach). <code>/orders/&lt;ORDER_ID&gt;</code> shows what it recorded.');
    }

    /** An error page body: a heading and the message (each line a paragraph). */
    public static function errorBody(string $title, string $message, string $back = '/'): string
    {
        $lines = '';
        foreach (preg_split('/\n/', $message) ?: [] as $line) {
            $lines .= '<p>' . Escape::html($line) . '</p>';
        }
        return '<section class="card result bad"><h1>' . Escape::html($title) . '</h1>' . $lines
            . '<p><a class="button secondary" href="' . Escape::html($back) . '">Back</a></p></section>';
    }

    /** The id of a form field's element: `f-` and its name in lower case, e.g. f-cust-name. */
    private static function fieldId(string $name): string
    {
        return 'f-' . strtolower(preg_replace('/[^A-Za-z0-9]+/', '-', $name) ?? $name);
    }

    /** The hint under a field (markup), which the field names in aria-describedby; none when empty. */
    private static function hint(string $fieldId, string $html): string
    {
        return $html !== '' ? '<p class="hint" id="' . $fieldId . '-hint">' . $html . '</p>' : '';
    }

    private static function tone(string $code, string $status): string
    {
        return match (true) {
            $code === '000' => 'ok',
            $status === 'Pending' || $code === '006' || $code === '026' => 'wait',
            default => 'bad',
        };
    }

    /** "250 paise = ₹2.50. 100 paise = ₹1.00." — the second sentence only when it adds something. */
    private static function paiseHint(string $amount): string
    {
        $hint = $amount . ' paise = ' . Amount::format($amount) . '.';
        return $amount === '100' ? $hint : $hint . ' 100 paise = ₹1.00.';
    }
}
