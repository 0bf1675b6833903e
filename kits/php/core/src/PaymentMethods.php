<?php

declare(strict_types=1);

namespace Paystra;

/** The payment methods a merchant-hosted request can name, with their MOP_TYPE codes. */
final class PaymentMethods
{
    public const NET_BANKING = 'NB';
    public const WALLET = 'WL';
    public const UPI = 'UP';
    public const MERCHANT_HOSTED_TYPES = [self::NET_BANKING, self::WALLET, self::UPI];

    /** Net banking: MOP_TYPE => bank. */
    public const BANKS = [
        '1005' => 'AXIS Bank',
        '1093' => 'Bank of Baroda',
        '1013' => 'ICICI Bank',
        '1030' => 'State Bank of India',
        '1038' => 'Union Bank of India',
        '1012' => 'Kotak Mahindra Bank',
        '1004' => 'HDFC Bank',
        '1107' => 'Punjab National Bank',
    ];

    /** Wallets: MOP_TYPE => wallet. */
    public const WALLETS = [
        'PPL' => 'Paytm',
        'MWL' => 'Mobikwik',
        'PPWL' => 'PhonePay',
    ];

    /** Payout transfer modes and their limits in paise (null: no limit of the mode). */
    public const TRANSFER_MODES = [
        'NEFT' => ['min' => null, 'max' => null],
        'RTGS' => ['min' => '20000000', 'max' => null],
        'IMPS' => ['min' => null, 'max' => '50000000'],
        'UPI' => ['min' => null, 'max' => '10000000'],
    ];

    /** Sandbox test data: what each value does (see the gateway README). */
    public const TEST_CARDS = [
        '4111 1111 1111 1111' => 'succeeds (000)',
        '4000 0000 0000 0002' => 'is declined (004)',
        '4000 0000 0000 9995' => 'lacks funds (020)',
        '4000 0000 0000 1976' => 'succeeds (000), then is disputed at settlement: 13.1, evidence with a document wins',
        '4000 0000 0000 0259' => 'succeeds (000), then is disputed at settlement: 10.4, evidence cannot win',
    ];
    public const TEST_UPI_IDS = [
        'success@upi' => 'succeeds (000)',
        'failure@upi' => 'fails (004)',
        'pending@upi' => 'stays pending (026)',
    ];

    /** The bank or wallet name of a MOP_TYPE, or the code itself when unknown. */
    public static function name(string $paymentType, string $mopType): string
    {
        return match ($paymentType) {
            self::NET_BANKING => self::BANKS[$mopType] ?? $mopType,
            self::WALLET => self::WALLETS[$mopType] ?? $mopType,
            self::UPI => 'UPI',
            'CC' => 'Credit card',
            'DC' => 'Debit card',
            default => $mopType,
        };
    }
}
