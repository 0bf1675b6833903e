<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// Payment links and virtual accounts against a fake gateway (fakeClient is ClientTest's),
// answering the sandbox's own answers to the demo merchant, recorded from a sandbox of the kit
// tests' kind (created, found, cancelled; a validated link; an account made, credited, read,
// reconciled, closed, credited once closed; and each refusal): signed with its salt, byte for byte.

const PL_SALT = 'a1b2c3d4e5f60718';
const PL_PAYLINK_ID = 'plink_xXvJ0MZ8u5WyT5';
const PL_VA_ID = 'va_7PEJUF963XqMeS';

const LINK_CREATED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","REFERENCE_ID":"INV-1001",'
    . '"AMOUNT":"49900","CURRENCY_CODE":"356","DESCRIPTION":"Invoice 1001: two notebooks",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"EXPIRE_BY":"2026-12-14T18:00:00+05:30","VALIDATE_BENEFICIARY":"N",'
    . '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"100","LINK_GST":"18","TXNTYPE":"PAYLINK",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"89131F8DB08EDE44100B65C5EB55C292F505AC00AE517CE22042A45D1507EF48"}';
const LINK_VALIDATED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_PCX0pFAhq4296q","REFERENCE_ID":"","AMOUNT":"100",'
    . '"CURRENCY_CODE":"356","DESCRIPTION":"Tea","CUST_NAME":"","CUST_EMAIL":"","CUST_PHONE":"",'
    . '"EXPIRE_BY":"","VALIDATE_BENEFICIARY":"Y",'
    . '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/jCBUlCUWKgXdtpyA","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"600","LINK_GST":"108","TXNTYPE":"PAYLINK",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"18DFDF00DF6A30AA1C8D8DBA8EDC9649C740FF83145E0A6E8B72CA8576923FB5"}';
const LINK_CANCELLED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","REFERENCE_ID":"INV-1001",'
    . '"AMOUNT":"49900","CURRENCY_CODE":"356","DESCRIPTION":"Invoice 1001: two notebooks",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"EXPIRE_BY":"2026-12-14T18:00:00+05:30","VALIDATE_BENEFICIARY":"N",'
    . '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM","STATUS":"CANCELLED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"100","LINK_GST":"18",'
    . '"CANCELLED_AT":"2026-12-07 18:13:40","TXNTYPE":"PAYLINK","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"F31234B0A94D4795D31F198A6BD1F26400D81507C6459EFF7C27CB1DF1B2DFC2"}';
const LINK_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","STATUS":"Failed",'
    . '"RESPONSE_CODE":"373","RESPONSE_MESSAGE":"This payment link is paid, expired or cancelled",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"87AB1C4560924A02B1C21B4987557CB41D58FAE331A32D25D8DE9F5A43B742C9"}';
const LINK_UNKNOWN = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_00000000000000","STATUS":"Failed",'
    . '"RESPONSE_CODE":"372","RESPONSE_MESSAGE":"No payment link found",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"286130B2A6BC2E8BFF9C4E77E054A53242D42785E435B17889E5BAF3C0F93371"}';
const LINK_BAD_DESCRIPTION = '{"PAY_ID":"1000000000000001","AMOUNT":"100","CURRENCY_CODE":"356","STATUS":"Failed",'
    . '"RESPONSE_CODE":"370",'
    . '"RESPONSE_MESSAGE":"Invalid description: 1 to 255 characters, without control characters",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"47CE59C561FEE514E51EDEE15EBC6079D3250F012158E0A985CD1B9ED621CFD5"}';
const VA_CREATED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",'
    . '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",'
    . '"VPA":"pay.2223663152632833@paystra","STATUS":"ACTIVE","CREATED_AT":"2026-12-07 18:13:40",'
    . '"CLOSED_AT":"","SETUP_FEE":"500","SETUP_GST":"90","TXNTYPE":"VIRTUAL_ACCOUNT","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"F9228D40D30F390B78B5FEA0089D1715148BB44C10E9A5EB317F288D43C01E4C"}';
const VA_CREDITED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",'
    . '"ACCOUNT_NUMBER":"2223663152632833","CREDIT_ID":"vacr_SD8oLP6QM7dnN9","AMOUNT":"500000",'
    . '"CURRENCY_CODE":"356","MODE":"NEFT","PAYER_NAME":"Meera Traders","UTR":"110469403655",'
    . '"STATUS":"CREDITED","CREDITED_AT":"2026-12-07 18:13:40","FEE":"750","GST":"135","NET":"499115",'
    . '"TXNTYPE":"VA_CREDIT","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"2394B7F39FB6D9E005C18E666E19CE3163F292AAC16459EBDB3C3A2FDBC8216A"}';
const VA_STATUS = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",'
    . '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",'
    . '"VPA":"pay.2223663152632833@paystra","STATUS":"ACTIVE","CREATED_AT":"2026-12-07 18:13:40",'
    . '"CLOSED_AT":"","SETUP_FEE":"500","SETUP_GST":"90","TXNTYPE":"VIRTUAL_ACCOUNT","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"CREDITS":"[{\\"CREDIT_ID\\":\\"vacr_SD8oLP6QM7dnN9\\",\\"AMOUNT\\":\\"500000\\",\\"MODE\\":\\"NEFT\\",\\"PAYER_NAME\\":\\"Meera Traders\\",\\"UTR\\":\\"110469403655\\",\\"STATUS\\":\\"CREDITED\\",\\"CREDITED_AT\\":\\"2026-12-07 18:13:40\\",\\"FEE\\":\\"750\\",\\"GST\\":\\"135\\",\\"SETTLEMENT_ID\\":\\"\\"}]",'
    . '"HASH":"9B34BDE711260AA0C3F76A322253A6E2CE4B0BF14987497E6DBD55AD7BC96E44"}';
const VA_RECON = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS",'
    . '"RECON":"[{\\"TYPE\\":\\"FEE\\",\\"TXN_ID\\":\\"va_7PEJUF963XqMeS\\",\\"AMOUNT\\":\\"0\\",\\"FEE\\":\\"500\\",\\"GST\\":\\"90\\",\\"NET\\":\\"-590\\",\\"DATE\\":\\"2026-12-07 18:13:40\\",\\"DISPUTE_ID\\":\\"\\",\\"STATE\\":\\"UNSETTLED\\",\\"SETTLEMENT_ID\\":\\"\\",\\"SETTLEMENT_DATE\\":\\"\\",\\"SETTLEMENT_STATUS\\":\\"\\",\\"PAID_BY_SETTLEMENT_ID\\":\\"\\",\\"UTR\\":\\"\\",\\"EXPECTED_SETTLEMENT_DATE\\":\\"2026-12-08\\"},{\\"TYPE\\":\\"COLLECTION\\",\\"TXN_ID\\":\\"vacr_SD8oLP6QM7dnN9\\",\\"AMOUNT\\":\\"500000\\",\\"FEE\\":\\"750\\",\\"GST\\":\\"135\\",\\"NET\\":\\"499115\\",\\"DATE\\":\\"2026-12-07 18:13:40\\",\\"DISPUTE_ID\\":\\"\\",\\"STATE\\":\\"UNSETTLED\\",\\"SETTLEMENT_ID\\":\\"\\",\\"SETTLEMENT_DATE\\":\\"\\",\\"SETTLEMENT_STATUS\\":\\"\\",\\"PAID_BY_SETTLEMENT_ID\\":\\"\\",\\"UTR\\":\\"\\",\\"EXPECTED_SETTLEMENT_DATE\\":\\"2026-12-08\\"}]",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"6740EF124803B96D593900696ECEE39E6D2F9C8A7B6CC0E6C8B6FC9998305802"}';
const VA_CLOSED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",'
    . '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",'
    . '"VPA":"pay.2223663152632833@paystra","STATUS":"CLOSED","CREATED_AT":"2026-12-07 18:13:40",'
    . '"CLOSED_AT":"2026-12-07 18:13:40","SETUP_FEE":"500","SETUP_GST":"90","TXNTYPE":"VIRTUAL_ACCOUNT",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"7FEF970C730DE4F934E42DAA359D6A9A71C9902338DE175BED41AEC3FA1B620A"}';
const VA_CLOSE_REFUSED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","STATUS":"Failed","RESPONSE_CODE":"377",'
    . '"RESPONSE_MESSAGE":"Virtual account is closed","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"B6115F73DD427578E25F99050AD53D212EF0015381C5DAE5CDEBA862FF6B7A93"}';
const VA_CREDIT_RETURNED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",'
    . '"ACCOUNT_NUMBER":"2223663152632833","CREDIT_ID":"vacr_eDr5h3ngheqaCR","AMOUNT":"100",'
    . '"CURRENCY_CODE":"356","MODE":"UPI","PAYER_NAME":"Test Payer","UTR":"039335964687",'
    . '"STATUS":"RETURNED","CREDITED_AT":"2026-12-07 18:13:40","FEE":"0","GST":"0","NET":"0",'
    . '"RETURN_REASON":"The virtual account is closed: the amount was returned to the payer",'
    . '"TXNTYPE":"VA_CREDIT","RESPONSE_CODE":"377","RESPONSE_MESSAGE":"Virtual account is closed",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"BC4A6D28EABF3571DC44C9B38281B27B576A25E2DD4F90D0EE8D8B7EC190856F"}';
const VA_UNKNOWN = '{"PAY_ID":"1000000000000001","VA_ID":"va_00000000000000","STATUS":"Failed","RESPONSE_CODE":"376",'
    . '"RESPONSE_MESSAGE":"No virtual account found","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"12C902128A1C731ADA093CD3139ACC2E09330DE2DE48F0AE286779F30A2BF64A"}';

/** The requests as sent, without their HASH, after checking each one is signed. */
function plSent(array $requests): array
{
    foreach ($requests as $request) {
        Assert::true(Hash::verify($request, PL_SALT), 'the request is signed');
    }
    return array_map(static fn (array $request): array => array_diff_key($request, ['HASH' => 1]), $requests);
}

/**
 * A client whose fake gateway answers `$answer($path, $request)` (JSON text as it is, or fields it
 * signs); `$sent` collects the requests and `$paths` the paths they were posted to (/pgws/...).
 */
function plClient(callable $answer, ?array &$sent, ?array &$paths = null): Paystra\Client
{
    $sent = [];
    $paths = [];
    return fakeClient(static function (array $request) use ($answer, &$sent, &$paths, &$seen): array {
        $path = substr($seen['url'], strlen('http://127.0.0.1:4120/sandbox'));
        $sent[] = $request;
        $paths[] = $path;
        $reply = $answer($path, $request);
        return [200, is_string($reply) ? $reply : Hash::withHash($reply, PL_SALT)];
    }, $seen);
}

test('client: createPaylink posts the link\'s fields, signed, CURRENCY_CODE 356 unless given, and returns the verified link', static function (): void {
    $client = plClient(static fn (string $path, array $request): string => isset($request['VALIDATE_BENEFICIARY']) ? LINK_VALIDATED : LINK_CREATED, $sent, $paths);
    $link = $client->createPaylink([
        'AMOUNT' => 49900, 'DESCRIPTION' => ' Invoice 1001: two notebooks ', 'CUST_NAME' => 'Asha Rao',
        'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'CUST_ID' => 'not a link field',
        'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'REFERENCE_ID' => 'INV-1001', 'NOTIFY_URL' => '',
    ]);
    Assert::same(json_decode(LINK_CREATED, true), $link);
    Assert::same([PL_PAYLINK_ID, 'CREATED', '100', '18'], [$link['PAYLINK_ID'], $link['STATUS'], $link['LINK_FEE'], $link['LINK_GST']]);

    $validated = $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => true]);
    Assert::same(['Y', '600', '108'], [$validated['VALIDATE_BENEFICIARY'], $validated['LINK_FEE'], $validated['LINK_GST']]);
    $client->createPaylink([
        'AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
        'EXPIRE_BY' => new DateTimeImmutable('2026-12-14 18:00:00', new DateTimeZone('Asia/Kolkata')),
        'VALIDATE_BENEFICIARY' => false,
    ]);
    $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y']);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '49900', 'DESCRIPTION' => 'Invoice 1001: two notebooks', 'CUST_NAME' => 'Asha Rao',
            'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'REFERENCE_ID' => 'INV-1001',
            'CURRENCY_CODE' => '356', 'EXPIRE_BY' => '2026-12-14T18:00:00+05:30'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'CURRENCY_CODE' => '356', 'VALIDATE_BENEFICIARY' => 'Y'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '1234', 'DESCRIPTION' => 'Consultation', 'CURRENCY_CODE' => '840',
            'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'VALIDATE_BENEFICIARY' => 'N'],
        ['PAY_ID' => '1000000000000001', 'AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'CURRENCY_CODE' => '356', 'VALIDATE_BENEFICIARY' => 'Y'],
    ], plSent($sent));
    Assert::same(array_fill(0, 4, '/pgws/paylink'), $paths);
});

test('client: paylinkStatus asks by PAYLINK_ID or REFERENCE_ID, cancelPaylink by PAYLINK_ID, each to its path', static function (): void {
    // A paid link: the recorded link with the fields a paid one adds (ORDER_ID, TXN_ID, PAID_AT).
    $paid = array_diff_key(json_decode(LINK_CREATED, true), ['HASH' => 1]);
    $paid = array_replace($paid, ['STATUS' => 'PAID']) + ['ORDER_ID' => PL_PAYLINK_ID . '-1', 'TXN_ID' => '1234567890123456', 'PAID_AT' => '2026-12-07 18:20:11'];
    $client = plClient(static fn (string $path, array $request): string|array => match (true) {
        $path === '/pgws/paylink/cancel' => LINK_CANCELLED,
        isset($request['REFERENCE_ID']) => LINK_CREATED,
        default => $paid,
    }, $sent, $paths);
    $answer = $client->paylinkStatus(PL_PAYLINK_ID);
    Assert::same(['PAID', PL_PAYLINK_ID . '-1', '1234567890123456', '2026-12-07 18:20:11'], [$answer['STATUS'], $answer['ORDER_ID'], $answer['TXN_ID'], $answer['PAID_AT']]);
    Assert::same(json_decode(LINK_CREATED, true), $client->paylinkStatus(referenceId: ' INV-1001 '));
    $answer = $client->cancelPaylink(PL_PAYLINK_ID);
    Assert::same(json_decode(LINK_CANCELLED, true), $answer);
    Assert::same(['CANCELLED', '2026-12-07 18:13:40'], [$answer['STATUS'], $answer['CANCELLED_AT']]);
    Assert::same(['/pgws/paylink/status', '/pgws/paylink/status', '/pgws/paylink/cancel'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'PAYLINK_ID' => PL_PAYLINK_ID],
        ['PAY_ID' => '1000000000000001', 'REFERENCE_ID' => 'INV-1001'],
        ['PAY_ID' => '1000000000000001', 'PAYLINK_ID' => PL_PAYLINK_ID],
    ], plSent($sent));
});

test('client: a refused link call (372, 373, 370) is the signed answer, returned for RESPONSE_CODE to say', static function (): void {
    $client = plClient(static fn (): string => LINK_UNKNOWN, $sent);
    Assert::same(json_decode(LINK_UNKNOWN, true), $client->paylinkStatus('plink_00000000000000'));
    Assert::same('372', $client->paylinkStatus('plink_00000000000000')['RESPONSE_CODE']);
    $answer = plClient(static fn (): string => LINK_CANCEL_REFUSED, $sent)->cancelPaylink(PL_PAYLINK_ID);
    Assert::same(['373', 'Failed', 'This payment link is paid, expired or cancelled'], [$answer['RESPONSE_CODE'], $answer['STATUS'], $answer['RESPONSE_MESSAGE']]);
    $answer = plClient(static fn (): string => LINK_BAD_DESCRIPTION, $sent)->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => str_repeat('x', 256)]);
    Assert::same(['370', 'Failed'], [$answer['RESPONSE_CODE'], $answer['STATUS']]);
    Assert::false(isset($answer['PAYLINK_ID']), 'no link');
});

test('client: createVirtualAccount, virtualAccountStatus (CREDITS parsed) and closeVirtualAccount post their fields, signed', static function (): void {
    $client = plClient(static fn (string $path): string => match ($path) {
        '/pgws/virtual-account' => VA_CREATED,
        '/pgws/virtual-account/status' => VA_STATUS,
        '/pgws/virtual-account/close' => VA_CLOSED,
    }, $sent, $paths);
    $account = $client->createVirtualAccount(['CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42', 'NOTIFY_URL' => 'https://shop.example/webhook', 'AMOUNT' => '1']);
    Assert::same(json_decode(VA_CREATED, true), $account);
    Assert::same([PL_VA_ID, 'ACTIVE', 'PYST0000001', 'pay.' . $account['ACCOUNT_NUMBER'] . '@paystra', '500', '90'],
        [$account['VA_ID'], $account['STATUS'], $account['IFSC'], $account['VPA'], $account['SETUP_FEE'], $account['SETUP_GST']]);

    $status = $client->virtualAccountStatus(PL_VA_ID);
    Assert::same([[
        'CREDIT_ID' => 'vacr_SD8oLP6QM7dnN9', 'AMOUNT' => '500000', 'MODE' => 'NEFT', 'PAYER_NAME' => 'Meera Traders',
        'UTR' => '110469403655', 'STATUS' => 'CREDITED', 'CREDITED_AT' => '2026-12-07 18:13:40', 'FEE' => '750', 'GST' => '135',
        'SETTLEMENT_ID' => '',
    ]], $status['CREDITS']);
    Assert::same(array_diff_key(json_decode(VA_STATUS, true), ['CREDITS' => 1]), array_diff_key($status, ['CREDITS' => 1]));

    $closed = $client->closeVirtualAccount(PL_VA_ID);
    Assert::same(json_decode(VA_CLOSED, true), $closed);
    Assert::same(['CLOSED', '2026-12-07 18:13:40'], [$closed['STATUS'], $closed['CLOSED_AT']]);
    Assert::same(['/pgws/virtual-account', '/pgws/virtual-account/status', '/pgws/virtual-account/close'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42', 'NOTIFY_URL' => 'https://shop.example/webhook'],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => PL_VA_ID],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => PL_VA_ID],
    ], plSent($sent));
});

test('client: creditVirtualAccount posts the transfer, signed; a credit to a closed account comes back RETURNED with 377', static function (): void {
    $client = plClient(static fn (): string => VA_CREDITED, $sent, $paths);
    $credit = $client->creditVirtualAccount(PL_VA_ID, '500000', 'NEFT', 'Meera Traders');
    Assert::same(json_decode(VA_CREDITED, true), $credit);
    Assert::same(['CREDITED', '750', '135', '499115'], [$credit['STATUS'], $credit['FEE'], $credit['GST'], $credit['NET']]);
    $client->creditVirtualAccount(PL_VA_ID, '100', 'UPI');
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'VA_ID' => PL_VA_ID, 'AMOUNT' => '500000', 'MODE' => 'NEFT', 'PAYER_NAME' => 'Meera Traders'],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => PL_VA_ID, 'AMOUNT' => '100', 'MODE' => 'UPI'],
    ], plSent($sent));
    Assert::same(['/pgws/virtual-account/credit', '/pgws/virtual-account/credit'], $paths);

    $answer = plClient(static fn (): string => VA_CREDIT_RETURNED, $sent)->creditVirtualAccount(PL_VA_ID, '100', 'UPI');
    Assert::same(['377', 'RETURNED', '0', '0', '0'], [$answer['RESPONSE_CODE'], $answer['STATUS'], $answer['FEE'], $answer['GST'], $answer['NET']]);
    Assert::same('The virtual account is closed: the amount was returned to the payer', $answer['RETURN_REASON']);

    $client = plClient(static fn (): string => VA_UNKNOWN, $sent);
    $answer = $client->virtualAccountStatus('va_00000000000000');
    Assert::same(json_decode(VA_UNKNOWN, true), $answer);
    Assert::false(isset($answer['CREDITS']), 'a refusal has no CREDITS');
    $answer = plClient(static fn (): string => VA_CLOSE_REFUSED, $sent)->closeVirtualAccount(PL_VA_ID);
    Assert::same(['377', 'Virtual account is closed'], [$answer['RESPONSE_CODE'], $answer['RESPONSE_MESSAGE']]);
});

test('client: recon takes a VA_ID instead of an ORDER_ID, and RECON lists the account\'s setup fee and credits', static function (): void {
    $client = plClient(static fn (string $path, array $request): string => $request['VA_ID'] === PL_VA_ID ? VA_RECON : VA_UNKNOWN, $sent, $paths);
    $recon = $client->recon(vaId: PL_VA_ID)['RECON'];
    Assert::same([['FEE', PL_VA_ID, '-590'], ['COLLECTION', 'vacr_SD8oLP6QM7dnN9', '499115']],
        array_map(static fn (array $entry): array => [$entry['TYPE'], $entry['TXN_ID'], $entry['NET']], $recon));
    Assert::same(json_decode(json_decode(VA_RECON, true)['RECON'], true), $recon);
    $refused = $client->recon(vaId: 'va_00000000000000');
    Assert::same(['376', false], [$refused['RESPONSE_CODE'], isset($refused['RECON'])]);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'VA_ID' => PL_VA_ID],
        ['PAY_ID' => '1000000000000001', 'VA_ID' => 'va_00000000000000'],
    ], plSent($sent));
    Assert::same(['/pgws/recon', '/pgws/recon'], $paths);
});

test('client: the link and account answers are trusted only under their HASH, CREDITS only as a list of objects', static function (): void {
    $client = fakeClient(static fn (): array => [200, str_replace('"STATUS":"CREATED"', '"STATUS":"PAID"', LINK_CREATED)]);
    Assert::throws(VerificationError::class, static fn () => $client->paylinkStatus(PL_PAYLINK_ID), 'HASH');
    $client = fakeClient(static fn (): array => [200, str_replace('"NET":"499115"', '"NET":"500000"', VA_CREDITED)]);
    Assert::throws(VerificationError::class, static fn () => $client->creditVirtualAccount(PL_VA_ID, '500000', 'NEFT'), 'HASH');
    $other = array_replace(json_decode(LINK_CREATED, true), ['PAY_ID' => '1000000000000002']);
    $client = fakeClient(static fn (): array => [200, Hash::withHash($other, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea']), 'another merchant');

    $unsigned = array_diff_key(json_decode(VA_STATUS, true), ['HASH' => 1]);
    foreach (['{"a":"b"}', 'not json', '[1]', '[{"AMOUNT":500000}]'] as $text) {
        $client = fakeClient(static fn (): array => [200, Hash::withHash(['CREDITS' => $text] + $unsigned, PL_SALT)]);
        Assert::throws(GatewayError::class, static fn () => $client->virtualAccountStatus(PL_VA_ID), 'CREDITS');
    }
    $client = fakeClient(static fn (): array => [200, VA_CREATED]);
    Assert::throws(GatewayError::class, static fn () => $client->virtualAccountStatus(PL_VA_ID), 'no CREDITS');
});

test('client: the link and account calls need their id (one of two where two are named) and no "~", before the gateway sees anything', static function (): void {
    $calls = 0;
    $client = fakeClient(static function () use (&$calls): array {
        $calls++;
        return [200, LINK_CREATED];
    });
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus(), 'PAYLINK_ID or REFERENCE_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus(' ', ''), 'PAYLINK_ID or REFERENCE_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paylinkStatus(PL_PAYLINK_ID, 'INV-1001'), 'not both');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->cancelPaylink(''), 'PAYLINK_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->virtualAccountStatus(' '), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->closeVirtualAccount(''), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->creditVirtualAccount('', '100', 'UPI'), 'VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->recon(), 'ORDER_ID or VA_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->recon('PG1', PL_VA_ID), 'not both');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->createPaylink(['AMOUNT' => '100', 'DESCRIPTION' => 'Tea ~ cakes']), 'DESCRIPTION');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->createVirtualAccount(['CUST_NAME' => 'A~B']), 'CUST_NAME');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->creditVirtualAccount(PL_VA_ID, '100', 'UPI', 'A~B'), 'PAYER_NAME');
    Assert::same(0, $calls);
});
