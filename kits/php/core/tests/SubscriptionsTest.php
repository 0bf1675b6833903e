<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// Subscriptions against a fake gateway (plClient is PaylinksTest's), answering with the fields the
// subscription calls answer (a UPI monthly one created, found by its SUBSCRIPTION_REF, cancelled
// and refused a second cancel and a presented charge; an AS_PRESENTED one charged, its notice
// skipped; a halted one resumed; and each refusal): signed with the demo merchant's salt.

const SUB_ID = 'sub_4Kq9TzW2mX8cRb';
const SUB_PRESENTED_ID = 'sub_7PdL2sNe9QwX4k';

const SUB_CREATED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",'
    . '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",'
    . '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"ED693393D91BC97B68A8FADFCC44D5DA9FC97FE29479300F3E593D42C4D1D0A7"}';
const SUB_FOUND = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",'
    . '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",'
    . '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"DEBITS":"[]","HASH":"FCC417B1FBA26FEFE298DD9C03D4BDD50FAE2CDF23CA3BD0952764C0F2CC35C3"}';
const SUB_CANCELLED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CANCELLED",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"2026-12-07 18:13:40",'
    . '"ANCHOR_DATE":"","INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"CC8ACF5052C85407804D3E3EA4B56907225C1EC8880B89C9F374E57CA74DC68B"}';
const SUB_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb","STATUS":"Failed",'
    . '"RESPONSE_CODE":"385",'
    . '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"6E0A2BD32DD594CD59EE045EAA431DC27CFA5B1B8F8F7DB2AEE699B8E9B8EE37"}';
const SUB_CHARGE_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb","STATUS":"Failed",'
    . '"RESPONSE_CODE":"379",'
    . '"RESPONSE_MESSAGE":"Invalid frequency: use WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"97C0F34B754B9D73B3FC5ABAE4B466FA23E5489951EE58F9AFFB38617833A4ED"}';
const SUB_UNKNOWN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_00000000000000","STATUS":"Failed",'
    . '"RESPONSE_CODE":"387","RESPONSE_MESSAGE":"No subscription found",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"CCDFDBEB13C9064FA928702AE943EA6246B844A7387445E1A71DB7C4990560AA"}';
const SUB_BAD_DATE = '{"PAY_ID":"1000000000000001","STATUS":"Failed","RESPONSE_CODE":"388",'
    . '"RESPONSE_MESSAGE":"Invalid start or end date: a date from the account\'s today, within 366 days; end after it, within 10 years",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"8DAB8B2CB5D206B4796F501797E03127FD598E73EDDBAE90AFA587557486FDAF"}';
const SUB_CHARGED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_7PdL2sNe9QwX4k",'
    . '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",'
    . '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",'
    . '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0",'
    . '"NEXT_DEBIT_AT":"2026-12-09 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_Vn4Qx8LmT2kWc9\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 18:15:10\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"NOTIFIED\\",\\"RESPONSE_CODE\\":\\"\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",'
    . '"HASH":"DE7F5A8B6F3AF3BB0BB201BED73891BB83924B4510584ADF3897E3270EB49A83"}';
const SUB_SKIPPED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_7PdL2sNe9QwX4k",'
    . '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",'
    . '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",'
    . '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION",'
    . '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_Vn4Qx8LmT2kWc9\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 18:15:10\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"SKIPPED\\",\\"RESPONSE_CODE\\":\\"382\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",'
    . '"HASH":"6D73425CDB9C67046D1177AE2C6E8F2ADDFECC447EF5705EF094ED94EDAE374E"}';
const SUB_RESUMED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1",'
    . '"NEXT_DEBIT_AT":"2027-02-07 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",'
    . '"HASH":"0A04BD98F3FCF9990FAC797CBFC670E66D9A606FB5DDB9EF1318DF06CD9B7107"}';

/** A UPI monthly subscription's request, as a merchant's code would give it. */
function subMonthly(array $over = []): array
{
    return array_replace([
        'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'FREQUENCY' => 'MONTHLY', 'AMOUNT' => '49900',
        'MAX_AMOUNT' => '49900', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks',
        'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
        'RETURN_URL' => 'https://shop.example/subscribed',
    ], $over);
}

test('client: createSubscription posts the subscription\'s fields, signed and trimmed, dates as YYYY-MM-DD, and returns the verified subscription', static function (): void {
    $client = plClient(static fn (): string => SUB_CREATED, $sent, $paths);
    $subscription = $client->createSubscription(subMonthly([
        'DESCRIPTION' => ' Monthly plan: two notebooks ', 'START_DATE' => new DateTimeImmutable('2026-12-07 23:30:00', new DateTimeZone('Asia/Kolkata')),
        'AMOUNT' => 49900, 'CATEGORY' => '', 'NOTIFY_URL' => 'https://shop.example/webhook', 'ORDER_ID' => 'not a subscription field',
    ]));
    Assert::same(json_decode(SUB_CREATED, true), $subscription);
    Assert::same([SUB_ID, 'CREATED', 'UPI', 'MONTHLY'], [$subscription['SUBSCRIPTION_ID'], $subscription['STATUS'], $subscription['METHOD'], $subscription['FREQUENCY']]);
    Assert::true(str_contains($subscription['AUTH_URL'], '/m/'), 'the mandate page');
    $client->createSubscription(subMonthly([
        'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE', 'FREQUENCY' => 'AS_PRESENTED', 'AMOUNT' => '',
        'MAX_AMOUNT' => '1000000000', 'START_DATE' => '2027-01-31', 'END_DATE' => new DateTime('2030-02-28'),
        'CATEGORY' => 'INSURANCE', 'DESCRIPTION' => 'Premium',
    ]));
    $customer = ['CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'RETURN_URL' => 'https://shop.example/subscribed'];
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'AMOUNT' => '49900', 'MAX_AMOUNT' => '49900',
            'FREQUENCY' => 'MONTHLY', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks']
            + $customer + ['NOTIFY_URL' => 'https://shop.example/webhook'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE', 'MAX_AMOUNT' => '1000000000',
            'FREQUENCY' => 'AS_PRESENTED', 'START_DATE' => '2027-01-31', 'END_DATE' => '2030-02-28', 'CATEGORY' => 'INSURANCE',
            'DESCRIPTION' => 'Premium'] + $customer,
    ], plSent($sent));
    Assert::same(['/pgws/subscription', '/pgws/subscription'], $paths);
});

test('client: subscriptionStatus asks by SUBSCRIPTION_ID or SUBSCRIPTION_REF with DEBITS parsed; cancel and resume by SUBSCRIPTION_ID, each to its path', static function (): void {
    $client = plClient(static fn (string $path, array $request): string => match ($path) {
        '/pgws/subscription/status' => isset($request['SUBSCRIPTION_REF']) ? SUB_FOUND : SUB_CHARGED,
        '/pgws/subscription/cancel' => SUB_CANCELLED,
        '/pgws/subscription/resume' => SUB_RESUMED,
    }, $sent, $paths);
    $found = $client->subscriptionStatus(subscriptionRef: ' PLAN-1001 ');
    Assert::same([], $found['DEBITS']);
    Assert::same(array_diff_key(json_decode(SUB_FOUND, true), ['DEBITS' => 1]), array_diff_key($found, ['DEBITS' => 1]));
    $charged = $client->subscriptionStatus(SUB_PRESENTED_ID);
    Assert::same(json_decode(json_decode(SUB_CHARGED, true)['DEBITS'], true), $charged['DEBITS']);
    Assert::same(['NOTIFIED', 'N'], [$charged['DEBITS'][0]['STATUS'], $charged['DEBITS'][0]['APPROVAL_REQUIRED']]);
    $cancelled = $client->cancelSubscription(SUB_ID);
    Assert::same(json_decode(SUB_CANCELLED, true), $cancelled);
    Assert::same('CANCELLED', $cancelled['STATUS']);
    Assert::false(isset($cancelled['DEBITS']), 'a cancel answers no DEBITS');
    $resumed = $client->resumeSubscription(SUB_ID);
    Assert::same(json_decode(SUB_RESUMED, true), $resumed);
    Assert::same('ACTIVE', $resumed['STATUS']);
    Assert::same(['/pgws/subscription/status', '/pgws/subscription/status', '/pgws/subscription/cancel', '/pgws/subscription/resume'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'PLAN-1001'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_ID],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_ID],
    ], plSent($sent));
});

test('client: presentCharge posts AMOUNT to /charge and actAsCustomer an ACTION to /customer, each answer\'s DEBITS parsed', static function (): void {
    $client = plClient(static fn (string $path): string => $path === '/pgws/subscription/charge' ? SUB_CHARGED : SUB_SKIPPED, $sent, $paths);
    $charged = $client->presentCharge(SUB_PRESENTED_ID, 123400);
    $notice = $charged['DEBITS'][0];
    Assert::same(['AS_PRESENTED', '', '123400', 'NOTIFIED'], [$charged['FREQUENCY'], $charged['AMOUNT'], $notice['AMOUNT'], $notice['STATUS']]);
    Assert::same(array_diff_key(json_decode(SUB_CHARGED, true), ['DEBITS' => 1]), array_diff_key($charged, ['DEBITS' => 1]));
    Assert::same($notice['DEBIT_AT'], $charged['NEXT_DEBIT_AT']);
    $skipped = $client->actAsCustomer(SUB_PRESENTED_ID, 'SKIP');
    Assert::same(['SKIPPED', '382'], [$skipped['DEBITS'][0]['STATUS'], $skipped['DEBITS'][0]['RESPONSE_CODE']]);
    Assert::same(['/pgws/subscription/charge', '/pgws/subscription/customer'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'AMOUNT' => '123400'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'ACTION' => 'SKIP'],
    ], plSent($sent));
});

test('client: a refused subscription call (387, 385, 379, 388) is the signed answer, returned for RESPONSE_CODE to say', static function (): void {
    $unknown = plClient(static fn (): string => SUB_UNKNOWN, $sent)->subscriptionStatus('sub_00000000000000');
    Assert::same(json_decode(SUB_UNKNOWN, true), $unknown);
    Assert::false(isset($unknown['DEBITS']), 'a refusal has no DEBITS');
    $again = plClient(static fn (): string => SUB_CANCEL_REFUSED, $sent)->cancelSubscription(SUB_ID);
    Assert::same(['385', 'Failed'], [$again['RESPONSE_CODE'], $again['STATUS']]);
    $charge = plClient(static fn (): string => SUB_CHARGE_REFUSED, $sent)->presentCharge(SUB_ID, '100');
    Assert::same(json_decode(SUB_CHARGE_REFUSED, true), $charge);
    $late = plClient(static fn (): string => SUB_BAD_DATE, $sent)->createSubscription(subMonthly(['START_DATE' => '2020-01-01']));
    Assert::same(['388', false], [$late['RESPONSE_CODE'], isset($late['SUBSCRIPTION_ID'])]);
});

test('client: subscription answers are trusted only under their HASH, DEBITS only as a list of objects', static function (): void {
    $client = fakeClient(static fn (): array => [200, str_replace('"STATUS":"CREATED"', '"STATUS":"ACTIVE"', SUB_CREATED)]);
    Assert::throws(VerificationError::class, static fn () => $client->createSubscription(subMonthly()), 'HASH');
    $client = fakeClient(static fn (): array => [200, str_replace('123400', '923400', SUB_CHARGED)]);
    Assert::throws(VerificationError::class, static fn () => $client->presentCharge(SUB_PRESENTED_ID, '123400'), 'HASH');
    $other = array_replace(json_decode(SUB_CANCELLED, true), ['PAY_ID' => '1000000000000002']);
    $client = fakeClient(static fn (): array => [200, Hash::withHash($other, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->cancelSubscription(SUB_ID), 'another merchant');

    $unsigned = array_diff_key(json_decode(SUB_CHARGED, true), ['HASH' => 1]);
    foreach (['{"a":"b"}', 'not json', '[1]', '[{"CYCLE":1}]'] as $text) {
        $client = fakeClient(static fn (): array => [200, Hash::withHash(['DEBITS' => $text] + $unsigned, PL_SALT)]);
        Assert::throws(GatewayError::class, static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'SKIP'), 'DEBITS');
    }
    $client = fakeClient(static fn (): array => [200, SUB_CREATED]);
    Assert::throws(GatewayError::class, static fn () => $client->subscriptionStatus(SUB_ID), 'no DEBITS');
});

test('client: METHOD, FREQUENCY, the amounts, the dates, CATEGORY, DESCRIPTION, ACTION, the ids and "~" are checked before the gateway sees anything', static function (): void {
    $calls = 0;
    $client = fakeClient(static function () use (&$calls): array {
        $calls++;
        return [200, SUB_CREATED];
    });
    $refused = [
        'METHOD' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'NACH'])),
        'METHOD ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'upi'])),
        'METHOD  ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => ''])),
        'FREQUENCY' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => 'DAILY'])),
        'FREQUENCY ' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => ''])),
        'MAX_AMOUNT' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => ''])),
        'MAX_AMOUNT ' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => '499.00'])),
        'MAX_AMOUNT  ' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => '10000001', 'AMOUNT' => '100'])),
        'MAX_AMOUNT   ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'CARD', 'MAX_AMOUNT' => '10000001', 'AMOUNT' => '100'])),
        'AMOUNT' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => ''])),
        'AMOUNT ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '0'])),
        'AMOUNT  ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '049900'])),
        'AMOUNT   ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '-100'])),
        'at most MAX_AMOUNT' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '49901'])),
        'AS_PRESENTED' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => 'AS_PRESENTED'])),
        'START_DATE' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => ''])),
        'START_DATE ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '2027-02-30'])),
        'START_DATE  ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '07-12-2026'])),
        'START_DATE   ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '2026-12-07T00:00:00+05:30'])),
        'END_DATE' => static fn () => $client->createSubscription(subMonthly(['END_DATE' => '2027-13-01'])),
        'after START_DATE' => static fn () => $client->createSubscription(subMonthly(['END_DATE' => '2026-12-07'])),
        'CATEGORY' => static fn () => $client->createSubscription(subMonthly(['CATEGORY' => 'GYM'])),
        'DESCRIPTION' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => ' '])),
        'DESCRIPTION ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => str_repeat('x', 256)])),
        'DESCRIPTION  ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => "Plan\nA"])),
        'DESCRIPTION   ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => 'Plan ~ A'])),
        'CUST_NAME' => static fn () => $client->createSubscription(subMonthly(['CUST_NAME' => 'A~B'])),
        'SUBSCRIPTION_REF' => static fn () => $client->createSubscription(subMonthly(['SUBSCRIPTION_REF' => 'PLAN#1'])),
        'SUBSCRIPTION_REF ' => static fn () => $client->createSubscription(subMonthly(['SUBSCRIPTION_REF' => ''])),
        'SUBSCRIPTION_ID or SUBSCRIPTION_REF' => static fn () => $client->subscriptionStatus(),
        'not both' => static fn () => $client->subscriptionStatus(SUB_ID, 'PLAN-1001'),
        'SUBSCRIPTION_ID' => static fn () => $client->subscriptionStatus('sub_short'),
        'SUBSCRIPTION_REF  ' => static fn () => $client->subscriptionStatus(subscriptionRef: 'PLAN 1001'),
        'SUBSCRIPTION_ID ' => static fn () => $client->cancelSubscription('PLAN-1001'),
        'SUBSCRIPTION_ID  ' => static fn () => $client->resumeSubscription(''),
        'AMOUNT    ' => static fn () => $client->presentCharge(SUB_PRESENTED_ID, '12.34'),
        'SUBSCRIPTION_ID   ' => static fn () => $client->presentCharge('sub_7PdL2sNe9QwX4k!', '100'),
        'ACTION' => static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'CANCEL'),
        'ACTION ' => static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'skip'),
        'SUBSCRIPTION_ID    ' => static fn () => $client->actAsCustomer('', 'SKIP'),
    ];
    foreach ($refused as $says => $call) {
        Assert::throws(InvalidArgumentException::class, $call, trim($says));
    }
    Assert::same(0, $calls);
});
