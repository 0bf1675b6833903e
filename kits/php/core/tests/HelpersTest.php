<?php

declare(strict_types=1);

use Paystra\Amount;
use Paystra\Escape;
use Paystra\Layout;
use Paystra\Validate;
use Paystra\Widgets;

test('amounts: paise to rupees, Indian grouping, rupees to paise', static function (): void {
    Assert::same('1.00', Amount::toRupees('100'));
    Assert::same('0.05', Amount::toRupees('5'));
    Assert::same('₹1.00', Amount::format('100'));
    Assert::same('₹2,500.00', Amount::format('250000'));
    Assert::same('₹2,00,000.00', Amount::format('20000000'));
    Assert::same('₹1,00,00,000.00', Amount::format('1000000000'));
    Assert::same('12345', Amount::fromRupees('123.45'));
    Assert::same('123450', Amount::fromRupees('1,234.5'));
    Assert::same('30', Amount::fromRupees(0.1 + 0.2));
    Assert::same('9900', Amount::fromRupees(99));
    Assert::throws(InvalidArgumentException::class, static fn () => Amount::fromRupees('1.234'));
    Assert::true(Amount::isValid('100'));
    Assert::false(Amount::isValid('0100'));
    Assert::false(Amount::isValid(100));
});

test('validation: a payment form is trimmed and every problem is named', static function (): void {
    $fields = Validate::payment(['AMOUNT' => ' 100 ', 'CUST_NAME' => 'Asha Verma', 'CUST_EMAIL' => 'asha@example.com', 'CUST_MOBILE' => '9876543210']);
    Assert::same('100', $fields['AMOUNT']);
    $error = Assert::throws(InvalidArgumentException::class, static fn () => Validate::payment(['AMOUNT' => '1.5', 'CUST_NAME' => 'A~B', 'CUST_EMAIL' => 'x', 'CUST_MOBILE' => '12']));
    Assert::same(4, count(explode("\n", $error->getMessage())));
    Assert::throws(InvalidArgumentException::class, static fn () => Validate::payment(['AMOUNT' => ['1']]), 'single value');
    Assert::same(null, Validate::vpa('success@upi'));
    Assert::true(Validate::vpa('ab@upi') !== null);
    Assert::same(1, preg_match(Validate::IFSC, 'HDFC0001234'));
});

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

test('validation: the merchant-hosted method (NB bank, WL wallet, UP UPI ID)', static function (): void {
    Assert::same(['PAYMENT_TYPE' => 'NB', 'MOP_TYPE' => '1004'], Validate::method(['PAYMENT_TYPE' => 'NB', 'MOP_TYPE' => '1004']));
    Assert::same(['PAYMENT_TYPE' => 'NB', 'MOP_TYPE' => '1030'], Validate::method(['PAYMENT_TYPE' => 'NB', 'BANK' => '1030', 'WALLET' => 'PPL']));
    Assert::same(['PAYMENT_TYPE' => 'WL', 'MOP_TYPE' => 'PPWL'], Validate::method(['PAYMENT_TYPE' => 'WL', 'WALLET' => 'ppwl']));
    Assert::same(['PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'PAYER_ADDRESS' => 'success@upi'], Validate::method(['PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'PAYER_ADDRESS' => ' Success@UPI ']));
    Assert::throws(InvalidArgumentException::class, static fn () => Validate::method(['PAYMENT_TYPE' => 'NB', 'MOP_TYPE' => '9999']), 'bank');
    Assert::throws(InvalidArgumentException::class, static fn () => Validate::method(['PAYMENT_TYPE' => 'WL', 'MOP_TYPE' => '1004']), 'wallet');
    Assert::throws(InvalidArgumentException::class, static fn () => Validate::method(['PAYMENT_TYPE' => 'UP', 'PAYER_ADDRESS' => 'nope']), 'UPI ID');
    Assert::throws(InvalidArgumentException::class, static fn () => Validate::method(['PAYMENT_TYPE' => 'CC']), 'PAYMENT_TYPE');
});
