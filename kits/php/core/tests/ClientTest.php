<?php

declare(strict_types=1);

use Paystra\Cipher;
use Paystra\Client;
use Paystra\Config;
use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

function demoConfig(): Config
{
    return new Config('http://127.0.0.1:4120/sandbox', '1000000000000001', 'a1b2c3d4e5f60718', 'f0e1d2c3b4a59687', 'http://127.0.0.1:8000');
}

/** A client whose gateway is $answer(request fields); records the last URL and request. */
function fakeClient(callable $answer, ?array &$seen = null): Client
{
    return new Client(demoConfig(), static function (string $url, string $json) use ($answer, &$seen): array {
        $request = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
        $seen = ['url' => $url, 'request' => $request];
        [$status, $body] = $answer($request);
        return [$status, is_string($body) ? $body : json_encode($body)];
    });
}

test('client: paymentRequest signs the sale with RETURN_URL = APP_URL/response', static function (): void {
    $form = (new Client(demoConfig()))->paymentRequest([
        'ORDER_ID' => 'PG1763712000123', 'AMOUNT' => '100',
        'CUST_NAME' => 'Asha Verma', 'CUST_EMAIL' => 'asha@example.com', 'CUST_MOBILE' => '9876543210', 'CUST_ID' => '',
    ]);
    Assert::same('http://127.0.0.1:4120/sandbox/paymentrequest', $form['action']);
    $fields = $form['fields'];
    Assert::same('1000000000000001', $fields['PAY_ID']);
    Assert::same('356', $fields['CURRENCY_CODE']);
    Assert::same('SALE', $fields['TXNTYPE']);
    Assert::same('http://127.0.0.1:8000/response', $fields['RETURN_URL']);
    Assert::false(isset($fields['CUST_ID']), 'empty optional fields are left out');
    Assert::true(Hash::verify($fields, 'a1b2c3d4e5f60718'));
});

test('client: bad AMOUNT or ORDER_ID is refused before the gateway sees it', static function (): void {
    $client = new Client(demoConfig());
    foreach (['', '0', '010', '1.00', '-1', '12345678901', 'abc'] as $amount) {
        Assert::throws(InvalidArgumentException::class, static fn () => $client->paymentRequest(['ORDER_ID' => 'PG1', 'AMOUNT' => $amount]), 'AMOUNT');
    }
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paymentRequest(['ORDER_ID' => 'bad id!', 'AMOUNT' => '100']), 'ORDER_ID');
    Assert::throws(InvalidArgumentException::class, static fn () => $client->paymentRequest(['ORDER_ID' => str_repeat('A', 51), 'AMOUNT' => '100']), 'ORDER_ID');
});

test('client: merchantHostedRequest encrypts the sale and the method into ENCDATA', static function (): void {
    $form = (new Client(demoConfig()))->merchantHostedRequest(
        ['ORDER_ID' => 'MH1', 'AMOUNT' => '250000', 'CUST_NAME' => 'Asha'],
        ['PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'PAYER_ADDRESS' => 'success@upi'],
    );
    Assert::same('http://127.0.0.1:4120/sandbox/merchantPaymentInit', $form['action']);
    Assert::same(['PAY_ID', 'ENCDATA'], array_keys($form['fields']));
    $inside = Cipher::decrypt($form['fields']['ENCDATA'], '034A0B731C8AE0736BD8D47D1B3017B3');
    Assert::true(Hash::verify($inside, 'a1b2c3d4e5f60718'));
    Assert::same('success@upi', $inside['PAYER_ADDRESS']);
    Assert::same('UP', $inside['PAYMENT_TYPE']);
    Assert::same('250000', $inside['AMOUNT']);
    Assert::throws(InvalidArgumentException::class, static fn () => (new Client(demoConfig()))->merchantHostedRequest(['ORDER_ID' => 'MH2', 'AMOUNT' => '1'], ['PAYMENT_TYPE' => 'CC']), 'PAYMENT_TYPE');
});

/** A response as the gateway posts it to RETURN_URL. */
function postedResponse(array $fields, string $salt = 'a1b2c3d4e5f60718', string $payId = '1000000000000001'): array
{
    return ['PAY_ID' => $payId, 'ENCDATA' => Cipher::encrypt($fields, $salt, '034A0B731C8AE0736BD8D47D1B3017B3')];
}

test('client: verifyResponse returns the fields of a genuine response', static function (): void {
    $fields = ['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'RESPONSE_CODE' => '000', 'STATUS' => 'Captured'];
    $posted = postedResponse($fields);
    $verified = (new Client(demoConfig()))->verifyResponse($posted);
    Assert::same('000', $verified['RESPONSE_CODE']);
    // A form post may turn + into spaces; that still verifies.
    $verified = (new Client(demoConfig()))->verifyResponse(['PAY_ID' => $posted['PAY_ID'], 'ENCDATA' => str_replace('+', ' ', $posted['ENCDATA'])]);
    Assert::same('PG1', $verified['ORDER_ID']);
});

test('client: verifyResponse refuses tampered, foreign and empty responses', static function (): void {
    $client = new Client(demoConfig());
    $fields = ['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'RESPONSE_CODE' => '000'];
    $posted = postedResponse($fields);
    $tampered = $posted;
    $tampered['ENCDATA'][10] = $tampered['ENCDATA'][10] === 'A' ? 'B' : 'A';
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse($tampered));
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(['PAY_ID' => '1000000000000002'] + $posted), 'another merchant');
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(postedResponse($fields, 'wrong salt')), 'HASH');
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(postedResponse(['PAY_ID' => '1000000000000002'] + $fields)), 'another merchant');
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(['PAY_ID' => '1000000000000001']), 'ENCDATA');
    Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(['PAY_ID' => '1000000000000001', 'ENCDATA' => 'garbage!']), 'decrypt');
});

test('client: status posts signed JSON and returns the verified answer', static function (): void {
    $client = fakeClient(static fn (array $request): array => [200, Hash::withHash([
        'PAY_ID' => $request['PAY_ID'], 'ORDER_ID' => $request['ORDER_ID'], 'TXNTYPE' => 'STATUS',
        'STATUS' => 'Captured', 'RESPONSE_CODE' => '000', 'AMOUNT' => '100',
    ], 'a1b2c3d4e5f60718')], $seen);
    $answer = $client->status('PG1');
    Assert::same('Captured', $answer['STATUS']);
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/transact', $seen['url']);
    Assert::same('STATUS', $seen['request']['TXNTYPE']);
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'), 'the request is signed');
});

test('client: refund, qr, payout and payoutStatus call their APIs with signed fields', static function (): void {
    $echo = static fn (array $request): array => [200, Hash::withHash(['RESPONSE_CODE' => '000'] + $request, 'a1b2c3d4e5f60718')];
    $client = fakeClient($echo, $seen);

    $client->refund('PG1', 'RF1', '50');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/transact', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'TXNTYPE' => 'REFUND', 'ORDER_ID' => 'PG1', 'REFUND_ORDER_ID' => 'RF1', 'AMOUNT' => '50', 'CURRENCY_CODE' => '356'], array_diff_key($seen['request'], ['HASH' => 1]));

    $client->qr(['ORDER_ID' => 'QR1', 'AMOUNT' => '100', 'CUST_NAME' => ''], 'UPI');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/qr', $seen['url']);
    Assert::same('UPI', $seen['request']['QR_TYPE']);
    Assert::false(isset($seen['request']['CUST_NAME']));

    $answer = $client->payout(['AMOUNT' => '100', 'TRANSFER_MODE' => 'UPI', 'BENEFICIARY_NAME' => 'Asha', 'BENEFICIARY_VPA' => 'success@upi']);
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/payout', $seen['url']);
    Assert::true(preg_match('/^PO\d{13}$/', $seen['request']['PAYOUT_ID']) === 1, 'a generated PAYOUT_ID');
    Assert::same($seen['request']['PAYOUT_ID'], $answer['PAYOUT_ID']);
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'));

    $client->payoutStatus('PO1');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/payout/status', $seen['url']);
    Assert::same('PO1', $seen['request']['PAYOUT_ID']);
});

test('client: an answer whose HASH does not verify is refused', static function (): void {
    $client = fakeClient(static fn (): array => [200, Hash::withHash(['PAY_ID' => '1000000000000001', 'RESPONSE_CODE' => '000'], 'another salt')]);
    Assert::throws(VerificationError::class, static fn () => $client->status('PG1'), 'HASH');
    $altered = Hash::withHash(['PAY_ID' => '1000000000000001', 'AMOUNT' => '100'], 'a1b2c3d4e5f60718');
    $altered['AMOUNT'] = '1';
    $client = fakeClient(static fn (): array => [200, $altered]);
    Assert::throws(VerificationError::class, static fn () => $client->status('PG1'));
});

test('client: unsigned refusals (324, 326) and non-JSON answers raise GatewayError with the code', static function (): void {
    $client = fakeClient(static fn (): array => [200, ['TXNTYPE' => 'STATUS', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '324', 'RESPONSE_MESSAGE' => 'Invalid pay id']]);
    $error = Assert::throws(GatewayError::class, static fn () => $client->status('PG1'), '324 Invalid pay id');
    Assert::same('324', $error->responseCode);
    $client = fakeClient(static fn (): array => [502, '<html>Bad gateway</html>']);
    Assert::throws(GatewayError::class, static fn () => $client->status('PG1'), 'HTTP 502');
    $client = fakeClient(static fn (): array => [200, '[1,2]']);
    Assert::throws(GatewayError::class, static fn () => $client->status('PG1'));
});

test('client: an unreachable gateway raises GatewayError', static function (): void {
    $config = new Config('http://127.0.0.1:9/sandbox', '1000000000000001', 'a1b2c3d4e5f60718', 'f0e1d2c3b4a59687');
    Assert::throws(GatewayError::class, static fn () => (new Client($config))->status('PG1'), 'Cannot reach');
});

test('client: order ids are the prefix and milliseconds', static function (): void {
    Assert::true(preg_match('/^PG\d{13}$/', Client::orderId('PG')) === 1);
});

test('client: any single changed character of ENCDATA is refused with a readable message', static function (): void {
    $client = new Client(demoConfig());
    $posted = postedResponse(['PAY_ID' => '1000000000000001', 'ORDER_ID' => 'PG1', 'AMOUNT' => '100', 'RESPONSE_CODE' => '000', 'STATUS' => 'Captured', 'CUST_NAME' => 'Asha Verma']);
    $encdata = $posted['ENCDATA'];
    for ($i = 0; $i < strlen($encdata); $i++) {
        foreach (['A', 'B'] as $replacement) {
            if ($encdata[$i] === $replacement) {
                continue;
            }
            $tampered = substr_replace($encdata, $replacement, $i, 1);
            $error = Assert::throws(VerificationError::class, static fn () => $client->verifyResponse(['ENCDATA' => $tampered] + $posted));
            Assert::true(preg_match('//u', $error->getMessage()) === 1, "valid UTF-8 message at $i");
        }
    }
});

/** A settlement as the gateway lists it (values are strings). */
function settlementFields(array $overrides = []): array
{
    return $overrides + [
        'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27',
        'CYCLE_FROM' => '2026-11-26', 'CYCLE_TO' => '2026-11-26', 'PAYMENTS_COUNT' => '1', 'REFUNDS_COUNT' => '0',
        'GROSS_AMOUNT' => '100000', 'REFUNDS_AMOUNT' => '0', 'FEES_AMOUNT' => '2000', 'GST_AMOUNT' => '360',
        'ADJUSTMENTS_AMOUNT' => '0', 'NET_AMOUNT' => '97640', 'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => 'PROCESSED',
    ];
}

function paymentLine(): array
{
    return [
        'TYPE' => 'PAYMENT', 'ORDER_ID' => 'PG1', 'TXN_ID' => '1234567890123456', 'PG_REF_NUM' => '202612345678901234',
        'PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'AMOUNT' => '100000', 'FEE' => '2000', 'GST' => '360', 'NET' => '97640',
        'DATE' => '2026-11-26 10:15:00', 'DESCRIPTION' => '',
    ];
}

/** A signed success answer: the request's fields, the code, and `$fields` (lists as JSON text). */
function settledAnswer(array $request, array $fields): array
{
    $answer = array_diff_key($request, ['HASH' => 1]) + [
        'RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful', 'RESPONSE_DATE_TIME' => '2026-11-27 11:00:02',
    ];
    foreach ($fields as $key => $value) {
        $answer[$key] = is_array($value) ? json_encode($value) : $value;
    }
    return [200, Hash::withHash($answer, 'a1b2c3d4e5f60718')];
}

test('client: settlements lists the settlements of a date range, SETTLEMENTS parsed after the HASH verifies', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['SETTLEMENTS' => [settlementFields()]]), $seen);
    $answer = $client->settlements('2026-11-01', '2026-11-30');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/settlements', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'FROM' => '2026-11-01', 'TO' => '2026-11-30'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'), 'the request is signed');
    Assert::same('000', $answer['RESPONSE_CODE']);
    Assert::same([settlementFields()], $answer['SETTLEMENTS']);
    Assert::same('2026-11-01', $answer['FROM']);
});

test('client: settlement by id or by UTR answers its fields and its LINES', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, settlementFields() + ['LINES' => [paymentLine()]]), $seen);
    $answer = $client->settlement('setl_0a1b2c3d4e5f60718293');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/settlement', $seen['url']);
    Assert::same(['PAY_ID', 'SETTLEMENT_ID', 'HASH'], array_keys($seen['request']));
    Assert::same([paymentLine()], $answer['LINES']);
    Assert::same('97640', $answer['NET_AMOUNT']);
    $client->settlement(utr: 'PYSTN26331000123');
    Assert::same(['PAY_ID' => '1000000000000001', 'UTR' => 'PYSTN26331000123'], array_diff_key($seen['request'], ['HASH' => 1]));
});

test('client: a signed refusal of a settlement call is the answer, without a list', static function (): void {
    $client = fakeClient(static fn (array $request): array => [200, Hash::withHash(array_diff_key($request, ['HASH' => 1]) + [
        'STATUS' => 'Failed', 'RESPONSE_CODE' => '338', 'RESPONSE_MESSAGE' => 'No settlement found', 'RESPONSE_DATE_TIME' => '2026-11-27 11:00:02',
    ], 'a1b2c3d4e5f60718')]);
    $answer = $client->settlement('setl_ffffffffffffffffffff');
    Assert::same('338', $answer['RESPONSE_CODE']);
    Assert::false(isset($answer['LINES']));
});

test('client: a list that is not a JSON list of objects, or a success without its list, is refused', static function (): void {
    foreach (['{"a":"b"}', 'not json', '[1,2]', '[{"AMOUNT":100}]', '[["x"]]'] as $text) {
        $client = fakeClient(static fn (array $request): array => settledAnswer($request, ['SETTLEMENTS' => $text]));
        Assert::throws(GatewayError::class, static fn () => $client->settlements('2026-11-01', '2026-11-30'), 'SETTLEMENTS');
    }
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, []));
    Assert::throws(GatewayError::class, static fn () => $client->recon('PG1'), 'no RECON');
});

test('client: the HASH covers the lists\' text: a changed line is refused', static function (): void {
    $client = fakeClient(static function (array $request): array {
        [$status, $answer] = settledAnswer($request, settlementFields() + ['LINES' => [paymentLine()]]);
        $answer['LINES'] = str_replace('97640', '99640', $answer['LINES']);
        return [$status, $answer];
    });
    Assert::throws(VerificationError::class, static fn () => $client->settlement('setl_0a1b2c3d4e5f60718293'), 'HASH');
});

test('client: recon and runSettlement post their fields and parse RECON and SETTLEMENTS', static function (): void {
    $entry = [
        'TYPE' => 'PAYMENT', 'TXN_ID' => '5234567890123456', 'AMOUNT' => '100', 'FEE' => '2', 'GST' => '0', 'NET' => '98',
        'DATE' => '2026-11-27 10:00:00', 'STATE' => 'UNSETTLED', 'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '',
        'EXPECTED_SETTLEMENT_DATE' => '2026-11-28',
    ];
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, isset($request['ORDER_ID']) ? ['RECON' => [$entry]] : ['SETTLEMENTS' => [settlementFields()]]), $seen);
    $answer = $client->recon('PG1');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/recon', $seen['url']);
    Assert::same('PG1', $seen['request']['ORDER_ID']);
    Assert::same([$entry], $answer['RECON']);

    $answer = $client->runSettlement('2026-11-30T11:00:00+05:30');
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/settlement/run', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'AS_OF' => '2026-11-30T11:00:00+05:30'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::same([settlementFields()], $answer['SETTLEMENTS']);
    $client->runSettlement('2026-11-30T11:00:00+05:30', 'http://127.0.0.1:8000/webhook');
    Assert::same('http://127.0.0.1:8000/webhook', $seen['request']['NOTIFY_URL']);
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'));
});

test('client: settlementCsv returns the CSV text, and raises the refusal', static function (): void {
    $csv = "SETTLEMENT_ID,UTR,SETTLEMENT_DATE,TYPE,ORDER_ID,TXN_ID,AMOUNT,AMOUNT_RUPEES\r\n"
        . "setl_0a1b2c3d4e5f60718293,PYSTN26331000123,2026-11-27,PAYMENT,PG1,'1234567890123456,100000,1000.00\r\n"
        . "TOTAL,PYSTN26331000123,2026-11-27,,,,100000,1000.00\r\n";
    $client = fakeClient(static fn (): array => [200, $csv], $seen);
    Assert::same($csv, $client->settlementCsv(utr: 'PYSTN26331000123'));
    Assert::same(['PAY_ID' => '1000000000000001', 'UTR' => 'PYSTN26331000123', 'FORMAT' => 'CSV'], array_diff_key($seen['request'], ['HASH' => 1]));

    $refusal = ['PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => 'setl_ffffffffffffffffffff', 'FORMAT' => 'CSV', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '338', 'RESPONSE_MESSAGE' => 'No settlement found'];
    $client = fakeClient(static fn (): array => [200, Hash::withHash($refusal, 'a1b2c3d4e5f60718')]);
    $error = Assert::throws(GatewayError::class, static fn () => $client->settlementCsv('setl_ffffffffffffffffffff'), '338 No settlement found');
    Assert::same('338', $error->responseCode);
    $client = fakeClient(static fn (): array => [200, Hash::withHash($refusal, 'another salt')]);
    Assert::throws(VerificationError::class, static fn () => $client->settlementCsv('setl_ffffffffffffffffffff'));
    $client = fakeClient(static fn (): array => [200, ['RESPONSE_CODE' => '324', 'RESPONSE_MESSAGE' => 'Invalid pay id']]);
    Assert::same('324', Assert::throws(GatewayError::class, static fn () => $client->settlementCsv('setl_ffffffffffffffffffff'))->responseCode);
    $client = fakeClient(static fn (): array => [502, '<html>Bad gateway</html>']);
    Assert::throws(GatewayError::class, static fn () => $client->settlementCsv('setl_ffffffffffffffffffff'), 'HTTP 502');
});

test('client: settlementWithAllLines fetches every page and checks LINES_COUNT', static function (): void {
    $lines = array_map(static fn (int $n): array => ['TXN_ID' => (string) (1234567890123000 + $n)] + paymentLine(), range(0, 4));
    $pages = [];
    // The stand-in pages by 2, whatever is asked, so that five lines take three pages.
    $paged = static function (int $linesCount) use ($lines, &$pages): Client {
        return fakeClient(static function (array $request) use ($lines, $linesCount, &$pages): array {
            $page = (int) ($request['PAGE'] ?? '1');
            $pages[] = [$request['PAGE'] ?? null, $request['PAGE_SIZE'] ?? null];
            $paging = ['PAGE' => (string) $page, 'PAGE_SIZE' => $request['PAGE_SIZE'] ?? '1000', 'LINES_COUNT' => (string) $linesCount, 'PAGES' => '3'];
            return settledAnswer($request, settlementFields() + $paging + ['LINES' => array_slice($lines, ($page - 1) * 2, 2)]);
        });
    };
    $answer = $paged(5)->settlementWithAllLines('setl_0a1b2c3d4e5f60718293');
    Assert::same($lines, $answer['LINES']);
    Assert::same(['97640', '5', '3'], [$answer['NET_AMOUNT'], $answer['LINES_COUNT'], $answer['PAGES']]);
    Assert::same([[null, '1000'], ['2', '1000'], ['3', '1000']], $pages);
    // Pages that do not add up to LINES_COUNT are not the whole settlement.
    Assert::throws(GatewayError::class, static fn () => $paged(6)->settlementWithAllLines('setl_0a1b2c3d4e5f60718293'), 'LINES_COUNT');
});

test('client: settlement asks one page with PAGE and PAGE_SIZE', static function (): void {
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, settlementFields() + ['LINES' => [paymentLine()]]), $seen);
    $client->settlement('setl_0a1b2c3d4e5f60718293', page: 3, pageSize: 50);
    Assert::same(['PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'PAGE' => '3', 'PAGE_SIZE' => '50'], array_diff_key($seen['request'], ['HASH' => 1]));
});

test('client: gstInvoice answers the signed invoice fields, or the PDF bytes', static function (): void {
    $invoice = ['INVOICE_NUMBER' => 'PYS/2026-27/000123', 'MONTH' => '2026-11', 'TAXABLE_AMOUNT' => '2000', 'CGST_AMOUNT' => '180',
        'SGST_AMOUNT' => '180', 'IGST_AMOUNT' => '0', 'GST_AMOUNT' => '360', 'TOTAL_AMOUNT' => '2360'];
    $line = ['DESCRIPTION' => 'Payment processing fees', 'SAC' => '997158', 'TAXABLE_AMOUNT' => '2000', 'GST_AMOUNT' => '360', 'TOTAL_AMOUNT' => '2360'];
    $client = fakeClient(static fn (array $request): array => settledAnswer($request, $invoice + ['LINES' => [$line]]), $seen);
    $answer = $client->gstInvoice('2026-11');
    Assert::same([$line], $answer['LINES']);
    Assert::same('http://127.0.0.1:4120/sandbox/pgws/gst-invoice', $seen['url']);
    Assert::same(['PAY_ID' => '1000000000000001', 'MONTH' => '2026-11'], array_diff_key($seen['request'], ['HASH' => 1]));
    Assert::true(Hash::verify($seen['request'], 'a1b2c3d4e5f60718'));
    Assert::same(array_values($invoice), array_map(static fn (string $key): string => $answer[$key], array_keys($invoice)));

    $pdf = "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj <<>> endobj\n%%EOF\n";
    $client = fakeClient(static fn (): array => [200, $pdf], $seen);
    Assert::same($pdf, $client->gstInvoice('2026-11', 'PDF'));
    Assert::same('PDF', $seen['request']['FORMAT']);
});

test('client: a refused invoice is its signed answer, or GatewayError for a PDF', static function (): void {
    $refusal = static fn (array $request): array => [400, Hash::withHash(array_diff_key($request, ['HASH' => 1]) + [
        'STATUS' => 'Failed', 'RESPONSE_CODE' => '355', 'RESPONSE_MESSAGE' => 'Invalid month',
    ], 'a1b2c3d4e5f60718')];
    $client = fakeClient($refusal, $seen);
    Assert::same('355', $client->gstInvoice('2026-13')['RESPONSE_CODE']);
    Assert::same('355', Assert::throws(GatewayError::class, static fn () => $client->gstInvoice('2026-13', 'PDF'), '355 Invalid month')->responseCode);
    // FORMAT is the gateway's to check (356), as every field is in this kit.
    $client->gstInvoice('2026-11', 'CSV');
    Assert::same('CSV', $seen['request']['FORMAT']);
    $client = fakeClient(static fn (): array => [502, '<html>Bad gateway</html>']);
    Assert::throws(GatewayError::class, static fn () => $client->gstInvoice('2026-11', 'PDF'), 'HTTP 502');
});
