<?php

declare(strict_types=1);

use Paystra\Amount;
use Paystra\Validate;

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
