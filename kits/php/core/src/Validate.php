<?php

declare(strict_types=1);

namespace Paystra;

/**
 * Checks of the values a merchant sends, with the gateway's patterns, so a shop can refuse bad
 * input with a clear message before the gateway refuses it with a code. Each check returns
 * null when the value is fine, or the message to show.
 */
final class Validate
{
    public const ORDER_ID = '#^[A-Za-z0-9:/@_-]{1,50}$#';
    public const MOBILE = '/^\d{10}$/';
    public const IFSC = '/^[A-Z]{4}0[A-Z0-9]{6}$/';
    public const ACCOUNT_NUMBER = '/^\d{9,18}$/';
    public const VPA = '/^[A-Za-z0-9._-]{3,}@[A-Za-z]{3,}$/';
    public const BENEFICIARY_NAME = '/^[A-Za-z. ]{1,50}$/';
    public const UTR = '/^\d{12}$/';
    public const TRANSACTION_ID = '/^\d{16}$/';

    public static function amount(?string $paise): ?string
    {
        return Amount::isValid($paise) ? null
            : 'AMOUNT must be a whole number of paise with no leading zero, e.g. 100 for ₹1.00 (at most 10 digits).';
    }

    public static function orderId(?string $orderId): ?string
    {
        return $orderId !== null && preg_match(self::ORDER_ID, $orderId) === 1 ? null
            : 'ORDER_ID must be 1 to 50 letters, digits or : / @ _ -';
    }

    public static function name(?string $name): ?string
    {
        if ($name === null || trim($name) === '') {
            return 'Enter the customer\'s name.';
        }
        return self::plainText($name, 100) ? null : 'The name must be at most 100 characters, without ~ or control characters.';
    }

    public static function email(?string $email): ?string
    {
        return $email !== null && strlen($email) <= 100 && filter_var($email, FILTER_VALIDATE_EMAIL) !== false
            ? null : 'Enter a valid email address.';
    }

    public static function mobile(?string $mobile): ?string
    {
        return $mobile !== null && preg_match(self::MOBILE, $mobile) === 1 ? null
            : 'The mobile number must be 10 digits.';
    }

    public static function vpa(?string $vpa): ?string
    {
        return $vpa !== null && preg_match(self::VPA, $vpa) === 1 ? null
            : 'Enter a UPI ID such as success@upi.';
    }

    /** The longest sandbox account name. */
    public const ACCOUNT_NAME_LENGTH = 60;

    /**
     * A sandbox account's name as the sandbox stores it: trimmed, each run of white space one
     * space ('' for none, which the sandbox names "Test store").
     */
    public static function tidyAccountName(string $name): string
    {
        // White space as the sandbox reads it (JavaScript's \s), Unicode's included.
        $spaces = '/[\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]+/u';
        return trim((string) preg_replace($spaces, ' ', $name), ' ');
    }

    /**
     * A sandbox account's name (360 otherwise): up to 60 letters, digits, spaces and
     * . , & ' ( ) - / once tidied, no control character; empty for the sandbox's own.
     */
    public static function accountName(string $name): ?string
    {
        $tidy = self::tidyAccountName($name);
        // The sandbox counts UTF-16 code units: a character beyond U+FFFF is two.
        $length = preg_match_all('/./su', $tidy) + preg_match_all('/[\x{10000}-\x{10FFFF}]/u', $tidy);
        $valid = preg_match('//u', $name) === 1
            && preg_match('/[\x00-\x1F\x7F]/', $name) !== 1
            && ($tidy === '' || preg_match("#^[\\p{L}\\p{M}\\p{N} .,&'()\\-/]+$#uD", $tidy) === 1)
            && $length <= self::ACCOUNT_NAME_LENGTH;
        return $valid ? null : "The account name must be up to 60 letters, digits, spaces and . , & ' ( ) - / characters.";
    }

    /**
     * The AMOUNT and customer fields of a payment form, trimmed and checked.
     *
     * @param array<string, mixed> $input e.g. $_POST
     * @return array{AMOUNT: string, CUST_NAME: string, CUST_EMAIL: string, CUST_MOBILE: string}
     * @throws \InvalidArgumentException with every problem, one per line
     */
    public static function payment(array $input): array
    {
        $fields = [
            'AMOUNT' => self::field($input, 'AMOUNT'),
            'CUST_NAME' => self::field($input, 'CUST_NAME'),
            'CUST_EMAIL' => self::field($input, 'CUST_EMAIL'),
            'CUST_MOBILE' => self::field($input, 'CUST_MOBILE'),
        ];
        self::throwIfAny([
            self::amount($fields['AMOUNT']),
            self::name($fields['CUST_NAME']),
            self::email($fields['CUST_EMAIL']),
            self::mobile($fields['CUST_MOBILE']),
        ]);
        return $fields;
    }

    /**
     * The payment method of a merchant-hosted form: PAYMENT_TYPE NB (MOP_TYPE a bank code), WL
     * (MOP_TYPE a wallet code) or UP (PAYER_ADDRESS a UPI ID; MOP_TYPE UP). A form may name the
     * bank or wallet in BANK or WALLET instead of MOP_TYPE, so one page can offer all three.
     *
     * @return array{PAYMENT_TYPE: string, MOP_TYPE: string, PAYER_ADDRESS?: string}
     * @throws \InvalidArgumentException
     */
    public static function method(array $input): array
    {
        $type = strtoupper(self::field($input, 'PAYMENT_TYPE'));
        $mop = self::field($input, 'MOP_TYPE');
        switch ($type) {
            case PaymentMethods::NET_BANKING:
                $mop = $mop !== '' ? $mop : self::field($input, 'BANK');
                self::throwIfAny([isset(PaymentMethods::BANKS[$mop]) ? null : 'Choose a bank for net banking.']);
                return ['PAYMENT_TYPE' => $type, 'MOP_TYPE' => $mop];
            case PaymentMethods::WALLET:
                $mop = strtoupper($mop !== '' ? $mop : self::field($input, 'WALLET'));
                self::throwIfAny([isset(PaymentMethods::WALLETS[$mop]) ? null : 'Choose a wallet: PPL (Paytm), MWL (Mobikwik) or PPWL (PhonePay).']);
                return ['PAYMENT_TYPE' => $type, 'MOP_TYPE' => $mop];
            case PaymentMethods::UPI:
                $vpa = strtolower(self::field($input, 'PAYER_ADDRESS'));
                self::throwIfAny([$mop === '' || strtoupper($mop) === 'UP' ? null : 'MOP_TYPE must be UP for UPI.', self::vpa($vpa)]);
                return ['PAYMENT_TYPE' => $type, 'MOP_TYPE' => 'UP', 'PAYER_ADDRESS' => $vpa];
            default:
                throw new \InvalidArgumentException('PAYMENT_TYPE must be NB (net banking), WL (wallet) or UP (UPI).');
        }
    }

    /** One trimmed text field of a form ('' when missing; arrays are refused). */
    public static function field(array $input, string $key): string
    {
        $value = $input[$key] ?? '';
        if (!is_string($value) && !is_int($value)) {
            throw new \InvalidArgumentException("$key must be a single value.");
        }
        return trim((string) $value);
    }

    /** @param list<?string> $errors */
    public static function throwIfAny(array $errors): void
    {
        $errors = array_values(array_filter($errors, static fn (?string $e): bool => $e !== null));
        if ($errors !== []) {
            throw new \InvalidArgumentException(implode("\n", $errors));
        }
    }

    /** UTF-8 text without `~` (it separates fields inside ENCDATA) or control characters. */
    private static function plainText(string $value, int $maxLength): bool
    {
        return preg_match('/^[^~\p{Cc}]{1,' . $maxLength . '}$/u', $value) === 1;
    }
}
