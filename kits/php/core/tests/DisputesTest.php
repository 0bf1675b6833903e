<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// The exchange-rate and dispute calls against a fake gateway (fakeClient and settledAnswer are
// ClientTest's): each request signed, each answer's HASH checked before its lists are parsed.

function disputeFields(array $overrides = []): array
{
    return $overrides + [
        'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ORDER_ID' => 'SK1764230400123', 'TXN_ID' => '1234567890123456',
        'PG_REF_NUM' => '202612345678901234', 'AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'INR_AMOUNT' => '103922',
        'REASON_CODE' => '13.1', 'REASON' => 'Merchandise or services not received', 'RESPOND_BY' => '2026-12-07',
        'STATUS' => 'OPEN', 'EVIDENCE_RECEIVED' => 'N', 'CREATED_AT' => '2026-11-30 12:00:00', 'DECIDED_AT' => '',
        'RESOLUTION' => '',
    ];
}

test('client: fxRates parses RATES (by CURRENCY_CODE, also "036") and CURRENCIES after the HASH verifies', static function (): void {
    $currencies = [
        ['CURRENCY_CODE' => '356', 'CODE' => 'INR', 'NAME' => 'Indian Rupee', 'MINOR_UNITS' => '2', 'FX_RATE' => '1.0000'],
        ['CURRENCY_CODE' => '840', 'CODE' => 'USD', 'NAME' => 'US Dollar', 'MINOR_UNITS' => '2', 'FX_RATE' => '84.2150'],
    ];
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, [
        'RATES_DATE' => '2026-11-27', 'RATES' => '{"840":"84.2150","036":"55.1020"}', 'CURRENCIES' => $currencies,
    ]), $seen);
    $answer = $client->fxRates();
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/fx', $seen['url']);
    Assert::same(['PAY_ID', 'HASH'], array_keys($seen['request']));
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'));
    Assert::same(['840' => '84.2150', '036' => '55.1020'], $answer['RATES']);
    Assert::same('84.2150', $answer['RATES']['840']);
    Assert::same($currencies, $answer['CURRENCIES']);
    Assert::same('2026-11-27', $answer['RATES_DATE']);

    foreach (['[]', '["84.2150"]', '{"840":84.215}', 'not json'] as $rates) {
        $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['RATES' => $rates, 'CURRENCIES' => $currencies]));
        Assert::throws(GatewayError::class, static fn () => $client->fxRates(), 'RATES');
    }
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['CURRENCIES' => $currencies]));
    Assert::throws(GatewayError::class, static fn () => $client->fxRates(), 'no RATES');
});

test('client: disputes by dates and by order post their fields and parse DISPUTES', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['DISPUTES' => [disputeFields()]]), $seen);
    $answer = $client->disputes('2026-11-01', '2026-11-30');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/disputes', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'FROM' => '2026-11-01', 'TO' => '2026-11-30'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::same([disputeFields()], $answer['DISPUTES']);
    $answer = $client->disputesForOrder('SK1764230400123');
    Assert::same(['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'SK1764230400123'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'));
    Assert::same('OPEN', $answer['DISPUTES'][0]['STATUS']);

    $client = fakeClient(static function (array $request): array {
        [$status, $answer] = settledAnswer($request, ['DISPUTES' => [disputeFields()]]);
        $answer['DISPUTES'] = str_replace('OPEN', 'WON', $answer['DISPUTES']);
        return [$status, $answer];
    });
    Assert::throws(VerificationError::class, static fn () => $client->disputesForOrder('SK1764230400123'), 'HASH');
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['DISPUTES' => '{"DISPUTE_ID":"dsp_1"}']));
    Assert::throws(GatewayError::class, static fn () => $client->disputes('2026-11-01', '2026-11-30'), 'DISPUTES');
});

test('client: acceptDispute sends ACTION ACCEPT and answers the dispute; a signed refusal is the answer', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, disputeFields(['STATUS' => 'LOST', 'RESOLUTION' => 'Accepted by the merchant'])), $seen);
    $answer = $client->acceptDispute('dsp_0a1b2c3d4e5f60718293');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/dispute', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ACTION' => 'ACCEPT'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::same('LOST', $answer['STATUS']);

    $client = fakeClient(static fn (array $request): array => [200, Hash::withHash(array_diff_key($request, ['HASH' => 1]) + [
        'STATUS' => 'Failed', 'RESPONSE_CODE' => '348', 'RESPONSE_MESSAGE' => 'This dispute has already been answered',
    ], 'a1b2c3d4e5f60718')]);
    Assert::same('348', $client->acceptDispute('dsp_0a1b2c3d4e5f60718293')['RESPONSE_CODE']);
});

test('client: contestDispute sends the evidence, and a file as Base64 with its name', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, disputeFields(['STATUS' => 'UNDER_REVIEW', 'EVIDENCE_RECEIVED' => 'Y'])), $seen);
    $evidence = "Delivered on 2 December.\nThe receipt is signed ~ by the customer.";
    $answer = $client->contestDispute('dsp_0a1b2c3d4e5f60718293', $evidence);
    Assert::same(['PAY_ID' => '1000000000000001', 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ACTION' => 'CONTEST', 'EVIDENCE' => $evidence], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::same('UNDER_REVIEW', $answer['STATUS']);

    $pdf = "%PDF-1.4\n\x00\xff binary bytes\n%%EOF\n";
    $client->contestDispute('dsp_0a1b2c3d4e5f60718293', 'See the receipt.', $pdf, 'receipt.pdf');
    Assert::same($pdf, base64_decode($seen['request']['EVIDENCE_FILE'], true));
    Assert::same('receipt.pdf', $seen['request']['EVIDENCE_FILE_NAME']);
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'), 'the file and its name are signed');
    // A file of 2 MB, which travels as about 2.7 MB of Base64.
    $client->contestDispute('dsp_0a1b2c3d4e5f60718293', 'See the scan.', str_repeat("\xff", 2 * 1024 * 1024), 'scan.png');
    Assert::same(2 * 1024 * 1024, strlen(base64_decode($seen['request']['EVIDENCE_FILE'], true)));
});

test('client: a payment in a foreign currency carries its CURRENCY_CODE; an unknown one is refused here', static function (): void {
    $client = new Paystra\Client(demoConfig());
    $fields = $client->paymentRequest(['ORDER_ID' => 'PG1', 'AMOUNT' => '1234', 'CURRENCY_CODE' => '840'])['fields'];
    Assert::same('840', $fields['CURRENCY_CODE']);
    Assert::same('356', $client->paymentRequest(['ORDER_ID' => 'PG1', 'AMOUNT' => '100'])['fields']['CURRENCY_CODE']);
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paymentRequest(['ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'CURRENCY_CODE' => '999']), 'CURRENCY_CODE 999');
    $refunds = fakeClient(static fn (array $request): array => settledAnswer($request, []), $seen);
    $refunds->refund('PG1', 'RF1', '500', '', '840');
    Assert::same('840', $seen['request']['CURRENCY_CODE']);
});
