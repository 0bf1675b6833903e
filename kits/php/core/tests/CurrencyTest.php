<?php

declare(strict_types=1);

use Paystra\Currency;

// The currency table and conversions against the `currencies` section of the shared vectors:
// every currency the gateway takes, every sample.

test('currency: the table is the vectors\' list, in its order (code, CURRENCY_CODE, minor units)', static function (): void {
    $listed = [];
    foreach (vectors()['currencies']['list'] as $currency) {
        $listed[$currency['CODE']] = [$currency['CURRENCY_CODE'], $currency['MINOR_UNITS']];
    }
    Assert::same($listed, Currency::TABLE);
});

foreach (vectors()['currencies']['list'] as $currency) {
    test("currency: {$currency['CODE']} turns every sample's MAJOR into AMOUNT and back, and AMOUNT at FX_RATE into INR_AMOUNT", static function () use ($currency): void {
        $code = $currency['CODE'];
        Assert::same($code, Currency::codeOf($currency['CURRENCY_CODE']));
        Assert::same($currency['CURRENCY_CODE'], Currency::numberOf($code));
        Assert::same($currency['MINOR_UNITS'], Currency::minorUnits($code));
        foreach ($currency['samples'] as $sample) {
            Assert::same($sample['AMOUNT'], Currency::toMinor($sample['MAJOR'], $code), "$code {$sample['MAJOR']}");
            Assert::same($sample['MAJOR'], Currency::toMajor($sample['AMOUNT'], $code), "$code {$sample['AMOUNT']}");
            Assert::same($sample['INR_AMOUNT'], Currency::inrPaise($sample['AMOUNT'], $code, $currency['FX_RATE']), "$code {$sample['AMOUNT']} at {$currency['FX_RATE']}");
        }
        $decimals = $currency['MINOR_UNITS'];
        $oneTooMany = '1.' . str_repeat('5', $decimals + 1);
        Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor($oneTooMany, $code), "$code has $decimals decimal" . ($decimals === 1 ? '' : 's'));
    });
}

test('currency: extra decimals, zero, signs and unknown currencies are refused with a reason', static function (): void {
    Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor('12.345', 'USD'), 'USD has 2 decimals');
    Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor('5.5', 'JPY'), 'JPY has 0 decimals');
    Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor('1.2345', 'KWD'), 'KWD has 3 decimals');
    Assert::same('1250', Currency::toMinor('1.25', 'KWD'));
    Assert::same('500', Currency::toMinor('500', 'JPY'));
    Assert::same('1200', Currency::toMinor('12', 'usd'));
    foreach (['0', '0.00', '-1', '1,000', ' 1', '1.', '.5', ''] as $bad) {
        Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor($bad, 'USD'));
    }
    Assert::throws(InvalidArgumentException::class, static fn () => Currency::toMinor('1', 'XXX'), 'no currency XXX');
    Assert::same(null, Currency::codeOf('999'));
});
