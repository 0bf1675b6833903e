<?php

declare(strict_types=1);

use Paystra\Example\Escape;
use Paystra\Example\Layout;
use Paystra\Example\Widgets;

test('html: every value is escaped, amounts show rupees and paise', static function (): void {
    Assert::same('&lt;script&gt;&quot;&#039;&amp;', Escape::html('<script>"\'&'));
    Assert::same('<input type="hidden" name="A&quot;" value="&lt;b&gt;">' . "\n", Widgets::hiddenInputs(['A"' => '<b>']));
    Assert::true(str_contains(Widgets::amount('100'), '₹1.00') && str_contains(Widgets::amount('100'), '100 paise'));
    $page = Layout::autoPostPage('http://gw/paymentrequest', ['X' => '"><script>'], '');
    Assert::same(1, substr_count($page, '<form '), 'one form');
    Assert::false(str_contains($page, '"><script>'), 'the value is escaped');
    $result = Widgets::result(['ORDER_ID' => '<i>', 'RESPONSE_CODE' => '000', 'STATUS' => 'Captured', 'AMOUNT' => '100']);
    Assert::true(str_contains($result, 'Payment successful') && !str_contains($result, '<i>'));
    Assert::same(' required maxlength="5" title="&lt;"', Escape::attributes(['required' => true, 'hidden' => false, 'maxlength' => '5', 'title' => '<', 'x' => null]));
});

test('html: the webhook notice names NOTIFY_URL, and asks for the secret until it is set', static function (): void {
    $off = Widgets::webhookNotice('http://127.0.0.1:8000/webhook?a=<b>', false);
    Assert::true(str_contains($off, 'set <code>PAYSTRA_WEBHOOK_SECRET</code>') && str_contains($off, 'NOTIFY_URL=http://127.0.0.1:8000/webhook?a=&lt;b&gt;'));
    $on = Widgets::webhookNotice('http://127.0.0.1:8000/webhook', true);
    Assert::true(str_contains($on, 'the requests it sends carry <code>NOTIFY_URL=') && !str_contains($on, 'PAYSTRA_WEBHOOK_SECRET'));
});
