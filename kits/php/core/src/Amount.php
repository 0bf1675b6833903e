<?php

declare(strict_types=1);

namespace Paystra;

/**
 * Amounts travel in paise (minor units) as digits only, with no leading zero: "100" is ₹1.00,
 * "250000" is ₹2,500.00. These helpers convert for display and from a shop's rupee totals.
 */
final class Amount
{
    /** True for a valid AMOUNT: a whole number of paise, 1 to 10 digits, no leading zero. */
    public static function isValid(mixed $paise): bool
    {
        return is_string($paise) && preg_match('/^[1-9]\d{0,9}$/', $paise) === 1;
    }

    /** "12345" → "123.45" (rupees with two decimals, no grouping). */
    public static function toRupees(string $paise): string
    {
        if (preg_match('/^\d+$/', $paise) !== 1) {
            throw new \InvalidArgumentException('An amount in paise has digits only');
        }
        $paise = str_pad(ltrim($paise, '0'), 3, '0', STR_PAD_LEFT);
        return substr($paise, 0, -2) . '.' . substr($paise, -2);
    }

    /**
     * A rupee amount ("123.45", "1,234.5", 99 or 99.9) → paise ("12345"), without float
     * rounding surprises. Rejects more than two decimals.
     */
    public static function fromRupees(string|int|float $rupees): string
    {
        $text = is_float($rupees) ? number_format($rupees, 2, '.', '') : str_replace(',', '', trim((string) $rupees));
        if (preg_match('/^(\d+)(?:\.(\d{1,2}))?$/', $text, $match) !== 1) {
            throw new \InvalidArgumentException("Not a rupee amount: $text");
        }
        $paise = ltrim($match[1] . str_pad($match[2] ?? '', 2, '0'), '0');
        return $paise === '' ? '0' : $paise;
    }

    /** "20000000" → "₹2,00,000.00" (Indian digit grouping: lakhs and crores). */
    public static function format(string $paise): string
    {
        [$whole, $fraction] = explode('.', self::toRupees($paise));
        $lastThree = substr($whole, -3);
        $rest = substr($whole, 0, -3);
        if ($rest !== '') {
            $rest = (string) preg_replace('/\B(?=(\d{2})+$)/', ',', $rest);
            $lastThree = $rest . ',' . $lastThree;
        }
        return '₹' . $lastThree . '.' . $fraction;
    }
}
