<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// The sandbox clock's calls against a fake gateway (fakeClient is ClientTest's), answering the
// sandbox's own answers, as its OpenAPI document's examples clockNow, clockAdvance and
// clockAdvanceRefused give them: signed with the demo merchant's salt, byte for byte.

const CLOCK_NOW = '{"PAY_ID":"1000000000000001","NOW":"2026-12-07T07:39:53.511Z","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 13:09:53",'
    . '"HASH":"28BDBD0A6C29D28FE67A23FCC46C94182F3F8953C932165AB8013F68ABE3C1AA"}';

const CLOCK_ADVANCED = [
    'PAY_ID' => '1000000000000001',
    'FROM' => '2026-12-07T07:39:53.553Z',
    'NOW' => '2026-12-08T07:39:53.552Z',
    'SETTLEMENTS' => '[{"SETTLEMENT_ID":"setl_905a1044707140347aa5","UTR":"PYSTN26342627304","SETTLEMENT_DATE":"2026-12-08",'
        . '"CYCLE_FROM":"2026-12-07","CYCLE_TO":"2026-12-07","PAYMENTS_COUNT":"2","REFUNDS_COUNT":"0","GROSS_AMOUNT":"99900",'
        . '"REFUNDS_AMOUNT":"0","FEES_AMOUNT":"1000","GST_AMOUNT":"180","CGST_AMOUNT":"90","SGST_AMOUNT":"90","IGST_AMOUNT":"0",'
        . '"PROVIDER_GSTIN":"09AAPCP4821K1ZW","MERCHANT_GSTIN":"09AAFCD5862R1ZT","ADJUSTMENTS_AMOUNT":"0","NET_AMOUNT":"98720",'
        . '"BANK_ACCOUNT":"XXXXXXXXXX4321","STATUS":"PROCESSED"}]',
    'HAPPENED' => '[{"AT":"2026-12-08 11:00:00","TYPE":"SETTLEMENT","REFERENCE":"setl_905a1044707140347aa5"}]',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-08 13:09:53',
    'HASH' => 'F5E21F5F153BA3CFDD5FE8AA9D2C23146AF1A412B220F22E99249D6155454E94',
];

const CLOCK_REFUSED = [
    'PAY_ID' => '1000000000000001',
    'BY' => '0d',
    'STATUS' => 'Failed',
    'RESPONSE_CODE' => '363',
    'RESPONSE_MESSAGE' => 'Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53',
    'HASH' => '5C7F3E622414E9758332CC8859F21CC78A8A5E6853D9E3BAF13198CEFFEEB86F',
];

test('client: clock and advanceClock post their fields, signed, and parse SETTLEMENTS and HAPPENED after the HASH verifies', static function (): void {
    $sent = [];
    $client = fakeClient(static function (array $request) use (&$sent): array {
        $sent[] = $request;
        return [200, isset($request['BY']) || isset($request['TO']) ? json_encode(CLOCK_ADVANCED) : CLOCK_NOW];
    }, $seen);
    Assert::same(json_decode(CLOCK_NOW, true), $client->clock());
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/clock', $seen['url']);

    $answer = $client->advanceClock(by: '1d');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/clock/advance', $seen['url']);
    Assert::same([CLOCK_ADVANCED['FROM'], CLOCK_ADVANCED['NOW']], [$answer['FROM'], $answer['NOW']]);
    Assert::same(json_decode(CLOCK_ADVANCED['SETTLEMENTS'], true), $answer['SETTLEMENTS']);
    Assert::same('98720', $answer['SETTLEMENTS'][0]['NET_AMOUNT']);
    Assert::same([['AT' => '2026-12-08 11:00:00', 'TYPE' => 'SETTLEMENT', 'REFERENCE' => 'setl_905a1044707140347aa5']], $answer['HAPPENED']);

    $client->advanceClock(to: '2026-12-10T11:00:00+05:30');
    Assert::same([
        ['PAY_ID' => '1000000000000001'],
        ['PAY_ID' => '1000000000000001', 'BY' => '1d'],
        ['PAY_ID' => '1000000000000001', 'TO' => '2026-12-10T11:00:00+05:30'],
    ], array_map(static fn (array $request): array => array_diff_key($request, ['HASH' => 1]), $sent));
    foreach ($sent as $request) {
        Assert::true(Hash::verify($request, 'a1b2c3d4e5f60718'), 'the request is signed');
    }
});

test('client: a refused advance is the signed answer, without the lists', static function (): void {
    // The recorded refusal, whatever was asked: BY is the gateway's to check (363) in this kit.
    $client = fakeClient(static fn (): array => [200, CLOCK_REFUSED], $seen);
    Assert::same(CLOCK_REFUSED, $client->advanceClock(by: '0d'));
    Assert::same('0d', $seen['request']['BY']);

    $locked = [
        'PAY_ID' => '1000000000000001', 'BY' => '4d', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '362',
        'RESPONSE_MESSAGE' => "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
        'ACCOUNT_URL' => 'https://sandbox.paystra.example/accounts/new',
    ];
    $client = fakeClient(static fn (): array => [200, Hash::withHash($locked, 'a1b2c3d4e5f60718')]);
    $answer = $client->advanceClock(by: '4d');
    Assert::same(['362', $locked['ACCOUNT_URL']], [$answer['RESPONSE_CODE'], $answer['ACCOUNT_URL']]);
    Assert::false(isset($answer['SETTLEMENTS']) || isset($answer['HAPPENED']), 'no lists');
});

test('client: the clock\'s answers are trusted only when the HASH covers them and their lists are lists of objects', static function (): void {
    $tampered = ['HAPPENED' => str_replace('SETTLEMENT"', 'PAYMENT_CAPTURED"', CLOCK_ADVANCED['HAPPENED'])] + CLOCK_ADVANCED;
    $client = fakeClient(static fn (): array => [200, $tampered]);
    Assert::throws(VerificationError::class, static fn () => $client->advanceClock(by: '1d'), 'HASH');
    $client = fakeClient(static fn (): array => [200, str_replace('2026-12-07T07', '2026-12-08T07', CLOCK_NOW)]);
    Assert::throws(VerificationError::class, static fn () => $client->clock(), 'HASH');

    $unsigned = array_diff_key(CLOCK_ADVANCED, ['HASH' => 1]);
    foreach (['{"a":"b"}', 'not json', '[1,2]', '[{"AT":{}}]', '[["x"]]'] as $text) {
        $client = fakeClient(static fn (): array => [200, Hash::withHash(['HAPPENED' => $text] + $unsigned, 'a1b2c3d4e5f60718')]);
        Assert::throws(GatewayError::class, static fn () => $client->advanceClock(by: '1d'), 'HAPPENED');
    }
    $client = fakeClient(static fn (): array => [200, Hash::withHash(array_diff_key($unsigned, ['SETTLEMENTS' => 1]), 'a1b2c3d4e5f60718')]);
    Assert::throws(GatewayError::class, static fn () => $client->advanceClock(by: '1d'), 'no SETTLEMENTS');
});

test('client: advanceClock takes exactly one of BY and TO, before the gateway sees anything', static function (): void {
    $calls = 0;
    $client = fakeClient(static function () use (&$calls): array {
        $calls++;
        return [200, CLOCK_ADVANCED];
    });
    Assert::throws(InvalidArgumentException::class, static fn () => $client->advanceClock(), 'BY');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->advanceClock(' ', ''), 'BY');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->advanceClock('1d', '2026-12-10T11:00:00+05:30'), 'not both');
    Assert::same(0, $calls);
});
