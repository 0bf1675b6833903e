<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// Payment links and virtual accounts against a fake gateway (fakeClient is ClientTest's),
// answering with the fields ADR 052 gives each answer, signed with the demo merchant's salt.

const PL_SALT = 'a1b2c3d4e5f60718';

const PAYLINK = [
    'PAY_ID' => '1000000000000001',
    'PAYLINK_ID' => 'plink_4Fq9TzK2mW8cRb',
    'REFERENCE_ID' => 'INV-1001',
    'AMOUNT' => '49900',
    'CURRENCY_CODE' => '356',
    'DESCRIPTION' => 'Invoice 1001: two notebooks',
    'CUST_NAME' => 'Asha Rao',
    'CUST_EMAIL' => 'asha.rao@example.com',
    'CUST_PHONE' => '9876543210',
    'EXPIRE_BY' => '2026-12-14T18:00:00+05:30',
    'VALIDATE_BENEFICIARY' => 'N',
    'SHORT_URL' => 'http://127.0.0.1:4120/sandbox/l/4Fq9TzK2',
    'STATUS' => 'CREATED',
    'CREATED_AT' => '2026-12-07 13:09:53',
    'LINK_FEE' => '100',
    'LINK_GST' => '18',
    'TXNTYPE' => 'PAYLINK',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53',
];

const VIRTUAL_ACCOUNT = [
    'PAY_ID' => '1000000000000001',
    'VA_ID' => 'va_7Kp2Xw9QdL4sNe',
    'REFERENCE_ID' => 'CUST-42',
    'CUST_NAME' => 'Meera Traders',
    'ACCOUNT_NUMBER' => '2223330012345678',
    'IFSC' => 'PYST0000001',
    'VPA' => 'pay.2223330012345678@paystra',
    'STATUS' => 'ACTIVE',
    'CREATED_AT' => '2026-12-07 13:09:53',
    'CLOSED_AT' => '',
    'SETUP_FEE' => '500',
    'SETUP_GST' => '90',
    'TXNTYPE' => 'VIRTUAL_ACCOUNT',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53',
];

const VA_CREDIT = [
    'PAY_ID' => '1000000000000001',
    'VA_ID' => 'va_7Kp2Xw9QdL4sNe',
    'REFERENCE_ID' => 'CUST-42',
    'ACCOUNT_NUMBER' => '2223330012345678',
    'CREDIT_ID' => 'vacr_9Hd3Lq7VzR2mTx',
    'AMOUNT' => '500000',
    'CURRENCY_CODE' => '356',
    'MODE' => 'NEFT',
    'PAYER_NAME' => 'Meera Traders',
    'UTR' => '634120987654',
    'STATUS' => 'CREDITED',
    'CREDITED_AT' => '2026-12-07 13:10:04',
    'FEE' => '750',
    'GST' => '135',
    'NET' => '499115',
    'TXNTYPE' => 'VA_CREDIT',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:10:04',
];

/** A refusal as the JSON APIs answer one: the request's id echoed, the code, STATUS Failed. */
function plRefusal(array $echo, string $code, string $message): array
{
    return ['PAY_ID' => '1000000000000001'] + $echo + [
        'STATUS' => 'Failed', 'RESPONSE_CODE' => $code, 'RESPONSE_MESSAGE' => $message,
        'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53',
    ];
}

/** The requests as sent, without their HASH, after checking each one is signed. */
function plSent(array $requests): array
{
    foreach ($requests as $request) {
        Assert::true(Hash::verify($request, PL_SALT), 'the request is signed');
    }
    return array_map(static fn (array $request): array => array_diff_key($request, ['HASH' => 1]), $requests);
}

/**
 * A client whose fake gateway answers `$answer($path, $request)`, signed; `$sent` collects the
 * requests and `$paths` the paths they were posted to (/pgws/...).
 */
function plClient(callable $answer, ?array &$sent, ?array &$paths = null): Paystra\Client
{
    $sent = [];
    $paths = [];
    return fakeClient(static function (array $request) use ($answer, &$sent, &$paths, &$seen): array {
        $path = substr($seen['url'], strlen('http://127.0.0.1:4120/sandbox'));
        $sent[] = $request;
        $paths[] = $path;
        return [200, Hash::withHash($answer($path, $request), PL_SALT)];
    }, $seen);
}

test('client: createPaylink posts the link\'s fields, signed, CURRENCY_CODE 356 unless given, and returns the verified link', static function (): void {
    $client = plClient(static fn (string $path, array $request): array => array_replace(PAYLINK, ['VALIDATE_BENEFICIARY' => $request['VALIDATE_BENEFICIARY'] ?? 'N']), $sent, $paths);
    $link = $client->createPaylink([
        'AMOUNT' => 49900, 'DESCRIPTION' => ' Invoice 1001: two notebooks ', 'CUST_NAME' => 'Asha Rao',
        'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'CUST_ID' => 'ignored',
        'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'REFERENCE_ID' => 'INV-1001', 'NOTIFY_URL' => '',
    ]);
    Assert::same(Hash::withHash(PAYLINK, PL_SALT), $link);
    Assert::same(['plink_4Fq9TzK2mW8cRb', 'CREATED', '100', '18'], [$link['PAYLINK_ID'], $link['STATUS'], $link['LINK_FEE'], $link['LINK_GST']]);

    $client->createPaylink([
        'AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
        'EXPIRE_BY' => new DateTimeImmutable('2026-12-14 18:00:00', new DateTimeZone('Asia/Kolkata')),
        'VALIDATE_BENEFICIARY' => true,
    ]);
    $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => false]);
    $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y']);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '49900', 'DESCRIPTION' => 'Invoice 1001: two notebooks', 'CUST_NAME' => 'Asha Rao',
            'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'REFERENCE_ID' => 'INV-1001',
            'CURRENCY_CODE' => '356', 'EXPIRE_BY' => '2026-12-14T18:00:00+05:30'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '1234', 'DESCRIPTION' => 'Consultation', 'CURRENCY_CODE' => '840',
            'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'VALIDATE_BENEFICIARY' => 'Y'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'CURRENCY_CODE' => '356', 'VALIDATE_BENEFICIARY' => 'N'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'CURRENCY_CODE' => '356', 'VALIDATE_BENEFICIARY' => 'Y'],
    ], plSent($sent));
    Assert::same(array_fill(0, 4, '/pgws/paylink'), $paths);
});

test('client: paylinkStatus asks by PAYLINK_ID or REFERENCE_ID, cancelPaylink by PAYLINK_ID, each to its path', static function (): void {
    $paid = ['STATUS' => 'PAID', 'ORDER_ID' => 'plink_4Fq9TzK2mW8cRb-1', 'TXN_ID' => '1234567890123456', 'PAID_AT' => '2026-12-07 13:12:40'] + PAYLINK;
    $cancelled = ['STATUS' => 'CANCELLED', 'CANCELLED_AT' => '2026-12-07 13:15:00'] + PAYLINK;
    $client = plClient(static fn (string $path): array => $path === '/pgws/paylink/cancel' ? $cancelled : $paid, $sent, $paths);
    $answer = $client->paylinkStatus('plink_4Fq9TzK2mW8cRb');
    Assert::same(['PAID', 'plink_4Fq9TzK2mW8cRb-1', '1234567890123456', '2026-12-07 13:12:40'], [$answer['STATUS'], $answer['ORDER_ID'], $answer['TXN_ID'], $answer['PAID_AT']]);
    $client->paylinkStatus(referenceId: ' INV-1001 ');
    $answer = $client->cancelPaylink('plink_4Fq9TzK2mW8cRb');
    Assert::same(['CANCELLED', '2026-12-07 13:15:00'], [$answer['STATUS'], $answer['CANCELLED_AT']]);
    Assert::same(['/pgws/paylink/status', '/pgws/paylink/status', '/pgws/paylink/cancel'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'PAYLINK_ID' => 'plink_4Fq9TzK2mW8cRb'],
        ['PAY_ID' => '1000000000000001', 'REFERENCE_ID' => 'INV-1001'],
        ['PAY_ID' => '1000000000000001', 'PAYLINK_ID' => 'plink_4Fq9TzK2mW8cRb'],
    ], plSent($sent));
});

test('client: a refused link call (372, 373, 370) is the signed answer, returned for RESPONSE_CODE to say', static function (): void {
    $unknown = plRefusal(['PAYLINK_ID' => 'plink_00000000000000'], '372', 'No payment link found');
    $client = plClient(static fn (): array => $unknown, $sent);
    Assert::same(Hash::withHash($unknown, PL_SALT), $client->paylinkStatus('plink_00000000000000'));
    Assert::same('372', $client->cancelPaylink('plink_00000000000000')['RESPONSE_CODE']);

    $over = plRefusal(['PAYLINK_ID' => 'plink_4Fq9TzK2mW8cRb'], '373', 'This payment link is paid, expired or cancelled');
    Assert::same('373', plClient(static fn (): array => $over, $sent)->cancelPaylink('plink_4Fq9TzK2mW8cRb')['RESPONSE_CODE']);

    $description = plRefusal([], '370', 'Invalid description: 1–255 characters, no control characters');
    $answer = plClient(static fn (): array => $description, $sent)->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => str_repeat('x', 256)]);
    Assert::same(['370', 'Failed'], [$answer['RESPONSE_CODE'], $answer['STATUS']]);
    Assert::false(isset($answer['PAYLINK_ID']), 'no link');
});

test('client: createVirtualAccount, virtualAccountStatus (CREDITS parsed) and closeVirtualAccount post their fields, signed', static function (): void {
    $credits = [
        ['CREDIT_ID' => 'vacr_9Hd3Lq7VzR2mTx', 'AMOUNT' => '500000', 'MODE' => 'NEFT', 'PAYER_NAME' => 'Meera Traders',
            'UTR' => '634120987654', 'STATUS' => 'CREDITED', 'CREDITED_AT' => '2026-12-07 13:10:04', 'FEE' => '750', 'GST' => '135', 'NET' => '499115'],
    ];
    $client = plClient(static fn (string $path): array => match ($path) {
        '/pgws/virtual-account' => VIRTUAL_ACCOUNT,
        '/pgws/virtual-account/status' => ['CREDITS' => json_encode($credits)] + VIRTUAL_ACCOUNT,
        '/pgws/virtual-account/close' => ['STATUS' => 'CLOSED', 'CLOSED_AT' => '2026-12-07 13:20:00'] + VIRTUAL_ACCOUNT,
    }, $sent, $paths);
    $account = $client->createVirtualAccount(['CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42', 'NOTIFY_URL' => 'https://shop.example/webhook', 'AMOUNT' => '1']);
    Assert::same(Hash::withHash(VIRTUAL_ACCOUNT, PL_SALT), $account);
    Assert::same(['2223330012345678', 'PYST0000001', 'pay.2223330012345678@paystra'], [$account['ACCOUNT_NUMBER'], $account['IFSC'], $account['VPA']]);

    $status = $client->virtualAccountStatus('va_7Kp2Xw9QdL4sNe');
    Assert::same($credits, $status['CREDITS']);
    Assert::same('499115', $status['CREDITS'][0]['NET']);

    $closed = $client->closeVirtualAccount('va_7Kp2Xw9QdL4sNe');
    Assert::same(['CLOSED', '2026-12-07 13:20:00'], [$closed['STATUS'], $closed['CLOSED_AT']]);
    Assert::same(['/pgws/virtual-account', '/pgws/virtual-account/status', '/pgws/virtual-account/close'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42', 'NOTIFY_URL' => 'https://shop.example/webhook'],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_7Kp2Xw9QdL4sNe'],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_7Kp2Xw9QdL4sNe'],
    ], plSent($sent));
});

test('client: creditVirtualAccount posts the transfer, signed; a credit to a closed account comes back RETURNED with 377', static function (): void {
    $client = plClient(static fn (): array => VA_CREDIT, $sent, $paths);
    $credit = $client->creditVirtualAccount('va_7Kp2Xw9QdL4sNe', '500000', 'NEFT', 'Meera Traders');
    Assert::same(Hash::withHash(VA_CREDIT, PL_SALT), $credit);
    $client->creditVirtualAccount('va_7Kp2Xw9QdL4sNe', '100', 'UPI');
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_7Kp2Xw9QdL4sNe', 'AMOUNT' => '500000', 'MODE' => 'NEFT', 'PAYER_NAME' => 'Meera Traders'],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_7Kp2Xw9QdL4sNe', 'AMOUNT' => '100', 'MODE' => 'UPI'],
    ], plSent($sent));
    Assert::same(['/pgws/virtual-account/credit', '/pgws/virtual-account/credit'], $paths);

    $returned = [
        'STATUS' => 'RETURNED', 'FEE' => '0', 'GST' => '0', 'NET' => '0',
        'RETURN_REASON' => 'Virtual account is closed', 'RESPONSE_CODE' => '377',
        'RESPONSE_MESSAGE' => 'Virtual account is closed: the credit was returned to the payer',
    ] + VA_CREDIT;
    $answer = plClient(static fn (): array => $returned, $sent)->creditVirtualAccount('va_7Kp2Xw9QdL4sNe', '500000', 'NEFT');
    Assert::same(['377', 'RETURNED', '0', 'Virtual account is closed'], [$answer['RESPONSE_CODE'], $answer['STATUS'], $answer['NET'], $answer['RETURN_REASON']]);

    $none = plRefusal(['VA_ID' => 'va_00000000000000'], '376', 'No virtual account found');
    $client = plClient(static fn (): array => $none, $sent);
    Assert::same('376', $client->virtualAccountStatus('va_00000000000000')['RESPONSE_CODE']);
    Assert::false(isset($client->virtualAccountStatus('va_00000000000000')['CREDITS']), 'a refusal has no CREDITS');
    $alreadyClosed = plRefusal(['VA_ID' => 'va_7Kp2Xw9QdL4sNe'], '377', 'Virtual account is closed');
    Assert::same('377', plClient(static fn (): array => $alreadyClosed, $sent)->closeVirtualAccount('va_7Kp2Xw9QdL4sNe')['RESPONSE_CODE']);
});

test('client: recon takes a VA_ID instead of an ORDER_ID, and RECON lists the account\'s credits', static function (): void {
    $recon = [['TYPE' => 'COLLECTION', 'TXN_ID' => 'vacr_9Hd3Lq7VzR2mTx', 'AMOUNT' => '500000', 'FEE' => '750', 'GST' => '135',
        'NET' => '499115', 'STATE' => 'UNSETTLED', 'EXPECTED_SETTLEMENT_DATE' => '2026-12-08']];
    $client = plClient(static fn (string $path, array $request): array => [
        'PAY_ID' => '1000000000000001', 'VA_ID' => $request['VA_ID'], 'RECON' => json_encode($recon),
        'RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful',
    ], $sent, $paths);
    Assert::same($recon, $client->recon(vaId: 'va_7Kp2Xw9QdL4sNe')['RECON']);
    Assert::same(['/pgws/recon'], $paths);
    Assert::same([['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_7Kp2Xw9QdL4sNe']], plSent($sent));
});

test('client: the link and account answers are trusted only under their HASH, CREDITS only as a list of objects', static function (): void {
    $client = fakeClient(static fn (): array => [200, ['STATUS' => 'PAID'] + Hash::withHash(PAYLINK, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->paylinkStatus('plink_4Fq9TzK2mW8cRb'), 'HASH');
    $client = fakeClient(static fn (): array => [200, ['NET' => '500000'] + Hash::withHash(VA_CREDIT, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->creditVirtualAccount('va_7Kp2Xw9QdL4sNe', '500000', 'NEFT'), 'HASH');
    $client = fakeClient(static fn (): array => [200, Hash::withHash(['PAY_ID' => '1000000000000002'] + PAYLINK, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea']), 'another merchant');

    foreach (['{"a":"b"}', 'not json', '[1]', '[{"AMOUNT":500000}]'] as $text) {
        $client = fakeClient(static fn (): array => [200, Hash::withHash(['CREDITS' => $text] + VIRTUAL_ACCOUNT, PL_SALT)]);
        Assert::throws(GatewayError::class, static fn () => $client->virtualAccountStatus('va_7Kp2Xw9QdL4sNe'), 'CREDITS');
    }
    $client = fakeClient(static fn (): array => [200, Hash::withHash(VIRTUAL_ACCOUNT, PL_SALT)]);
    Assert::throws(GatewayError::class, static fn () => $client->virtualAccountStatus('va_7Kp2Xw9QdL4sNe'), 'no CREDITS');
});

test('client: the link and account calls need their id (one of two where two are named) and no "~", before the gateway sees anything', static function (): void {
    $calls = 0;
    $client = fakeClient(static function () use (&$calls): array {
        $calls++;
        return [200, Hash::withHash(PAYLINK, PL_SALT)];
    });
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus(), 'PAYLINK_ID or REFERENCE_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus(' ', ''), 'PAYLINK_ID or REFERENCE_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus('plink_4Fq9TzK2mW8cRb', 'INV-1001'), 'not both');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->cancelPaylink(''), 'PAYLINK_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->virtualAccountStatus(' '), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->closeVirtualAccount(''), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->creditVirtualAccount('', '100', 'UPI'), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->recon(), 'ORDER_ID or VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->recon('PG1', 'va_7Kp2Xw9QdL4sNe'), 'not both');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea ~ cakes']), 'DESCRIPTION');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->createVirtualAccount(['CUST_NAME' => 'A~B']), 'CUST_NAME');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->creditVirtualAccount('va_7Kp2Xw9QdL4sNe', '100', 'UPI', 'A~B'), 'PAYER_NAME');
    Assert::same(0, $calls);
});
