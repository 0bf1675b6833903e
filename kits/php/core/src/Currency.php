<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The currencies the gateway takes (ISO 4217): the rupee, and the foreign currencies a card
 * payment may be made in. CURRENCY_CODE is the numeric code ("840"); AMOUNT counts the
 * currency's minor units (cents: $12.34 = "1234"; none for the yen: ¥500 = "500"; three for the
 * Kuwaiti dinar: KWD 1.250 = "1250"). The table is checked against the `currencies` section of
 * the shared vectors.
 */
final class Currency
{
    /** Alphabetic code => [numeric code, minor units]; the rupee first. */
    public const TABLE = [
        'INR' => ['356', 2], 'USD' => ['840', 2], 'EUR' => ['978', 2], 'GBP' => ['826', 2],
        'JPY' => ['392', 0], 'CHF' => ['756', 2], 'CAD' => ['124', 2], 'AUD' => ['036', 2],
        'NZD' => ['554', 2], 'SGD' => ['702', 2], 'HKD' => ['344', 2], 'CNY' => ['156', 2],
        'KRW' => ['410', 0], 'AED' => ['784', 2], 'SAR' => ['682', 2], 'QAR' => ['634', 2],
        'KWD' => ['414', 3], 'BHD' => ['048', 3], 'OMR' => ['512', 3], 'JOD' => ['400', 3],
        'ILS' => ['376', 2], 'TRY' => ['949', 2], 'ZAR' => ['710', 2], 'KES' => ['404', 2],
        'MUR' => ['480', 2], 'LKR' => ['144', 2], 'NPR' => ['524', 2], 'BDT' => ['050', 2],
        'THB' => ['764', 2], 'MYR' => ['458', 2], 'IDR' => ['360', 2], 'PHP' => ['608', 2],
        'SEK' => ['752', 2], 'NOK' => ['578', 2], 'DKK' => ['208', 2], 'PLN' => ['985', 2],
    ];

    public const INR = 'INR';

    /**
     * The alphabetic code of a CURRENCY_CODE ("840" => "USD"), or null when the gateway does not
     * take it.
     */
    public static function codeOf(string $currencyCode): ?string
    {
        foreach (self::TABLE as $code => [$number]) {
            if ($number === $currencyCode) {
                return $code;
            }
        }
        return null;
    }

    /** The CURRENCY_CODE of an alphabetic code ("USD" => "840"). */
    public static function numberOf(string $code): string
    {
        return self::entry($code)[0];
    }

    /** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD. */
    public static function minorUnits(string $code): int
    {
        return self::entry($code)[1];
    }

    /**
     * An amount written in the currency's major unit ("12.34" dollars) as AMOUNT, its minor
     * units ("1234"). Refuses more decimals than the currency has ("USD has 2 decimals",
     * "JPY has 0 decimals"), anything but digits with one optional point, and zero.
     *
     * @throws \InvalidArgumentException naming what is wrong
     */
    public static function toMinor(string $major, string $code): string
    {
        $digits = self::minorUnits($code);
        if (preg_match('/^(\d{1,15})(?:\.(\d+))?$/D', $major, $match) !== 1) {
            throw new \InvalidArgumentException("Not an amount in $code: \"$major\"");
        }
        $fraction = $match[2] ?? '';
        if (strlen($fraction) > $digits) {
            throw new \InvalidArgumentException(sprintf('%s has %d decimal%s', strtoupper($code), $digits, $digits === 1 ? '' : 's'));
        }
        $minor = ltrim($match[1] . str_pad($fraction, $digits, '0'), '0');
        if ($minor === '') {
            throw new \InvalidArgumentException("An amount in $code must be more than zero");
        }
        return $minor;
    }

    /** AMOUNT ("1234") written in the major unit ("12.34"; "500" for yen, "1.250" for KWD). */
    public static function toMajor(string $minor, string $code): string
    {
        $digits = self::minorUnits($code);
        if (preg_match('/^\d+$/D', $minor) !== 1) {
            throw new \InvalidArgumentException("AMOUNT has digits only: \"$minor\"");
        }
        $minor = ltrim($minor, '0');
        if ($digits === 0) {
            return $minor === '' ? '0' : $minor;
        }
        $minor = str_pad($minor, $digits + 1, '0', STR_PAD_LEFT);
        return substr($minor, 0, -$digits) . '.' . substr($minor, -$digits);
    }

    /**
     * The rupees (paise) an AMOUNT in a currency comes to at FX_RATE (rupees per unit, four
     * decimals, "84.2150"): exact, rounded half up once, as the gateway computes INR_AMOUNT.
     */
    public static function inrPaise(string $amount, string $code, string $fxRate): string
    {
        if (preg_match('/^\d{1,10}$/D', $amount) !== 1 || preg_match('/^(\d{1,4})\.(\d{4})$/D', $fxRate, $rate) !== 1) {
            throw new \InvalidArgumentException("AMOUNT must be digits and FX_RATE rupees with four decimals: \"$amount\", \"$fxRate\"");
        }
        // paise = AMOUNT / 10^minor × rate / 10^4 × 100, in whole numbers until one rounding.
        $scaled = (int) $amount * (int) ($rate[1] . $rate[2]);
        $divisor = 10 ** (self::minorUnits($code) + 2);
        return (string) intdiv($scaled + intdiv($divisor, 2), $divisor);
    }

    /** @return array{0: string, 1: int} */
    private static function entry(string $code): array
    {
        $entry = self::TABLE[strtoupper($code)] ?? null;
        if ($entry === null) {
            throw new \InvalidArgumentException("The gateway takes no currency $code");
        }
        return $entry;
    }
}
