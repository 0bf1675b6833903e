<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The merchant's side of the Paystra protocol: signed payment forms (hosted and merchant-hosted),
 * response verification, and the signed JSON APIs (status enquiry, refund, QR, payout,
 * settlements and reconciliation, exchange rates, disputes, the sandbox clock, payment links,
 * virtual accounts and subscriptions).
 *
 * Browser flows (paymentRequest, merchantHostedRequest) check AMOUNT and ORDER_ID here, because
 * a request the gateway refuses would show the customer an error page. The JSON APIs pass the
 * values on: the gateway answers a signed RESPONSE_CODE (320, 321, 329, 331...) the caller reads.
 * The subscription calls check, before sending, each field whose rule needs neither the account's
 * clock nor its store (METHOD, FREQUENCY, the amounts, the dates' form, CATEGORY, ACTION, the
 * ids): an \InvalidArgumentException says which.
 */
final class Client
{
    public const CURRENCY_INR = '356';

    /** The most LINES one page of a settlement holds (PAGE_SIZE's default and maximum). */
    public const SETTLEMENT_PAGE_SIZE = 1000;

    /** @var \Closure(string, string): array{0: int, 1: string} */
    private \Closure $transport;

    /**
     * @param (callable(string $url, string $json): array{0: int, 1: string})|null $transport
     *        POSTs JSON and returns [HTTP status, body]; the default uses file_get_contents.
     */
    public function __construct(public readonly Config $config, ?callable $transport = null)
    {
        $this->transport = $transport !== null ? \Closure::fromCallable($transport) : self::httpPost(...);
    }

    /** A new order id: the prefix and the current time in milliseconds, e.g. PG1763712000123. */
    public static function orderId(string $prefix): string
    {
        return $prefix . (string) (int) floor(microtime(true) * 1000);
    }

    /**
     * The hosted checkout form: post `fields` (hidden inputs) to `action` from the customer's
     * browser. `$order` holds AMOUNT (paise; for a card payment in a foreign currency, its
     * CURRENCY_CODE and AMOUNT in its minor units: Currency::toMinor) and ORDER_ID, optionally CUST_NAME, CUST_EMAIL,
     * CUST_MOBILE, CUST_ID, RETURN_URL (default APP_URL + /response) and NOTIFY_URL (where the
     * gateway POSTs the signed webhook; none when absent).
     *
     * @return array{action: string, fields: array<string, string>}
     */
    public function paymentRequest(array $order): array
    {
        return [
            'action' => $this->config->baseUrl . '/paymentrequest',
            'fields' => Hash::withHash($this->saleFields($order), $this->config->salt),
        ];
    }

    /**
     * The merchant-hosted (seamless) form: the sale fields and the method the customer chose on
     * the merchant's page, encrypted into ENCDATA. `$method`: PAYMENT_TYPE NB (net banking),
     * WL (wallet) or UP (UPI), MOP_TYPE (bank or wallet code; UP for UPI), PAYER_ADDRESS (UPI ID).
     *
     * @return array{action: string, fields: array{PAY_ID: string, ENCDATA: string}}
     */
    public function merchantHostedRequest(array $order, array $method): array
    {
        $type = $method['PAYMENT_TYPE'] ?? '';
        if (!in_array($type, PaymentMethods::MERCHANT_HOSTED_TYPES, true)) {
            throw new \InvalidArgumentException('PAYMENT_TYPE must be NB (net banking), WL (wallet) or UP (UPI).');
        }
        $fields = $this->saleFields($order) + self::nonEmpty($method, ['PAYMENT_TYPE', 'MOP_TYPE', 'PAYER_ADDRESS']);
        return [
            'action' => $this->config->baseUrl . '/merchantPaymentInit',
            'fields' => [
                'PAY_ID' => $this->config->payId,
                'ENCDATA' => Cipher::encrypt($fields, $this->config->salt, $this->config->merchantHostedKey()),
            ],
        ];
    }

    /**
     * The gateway's response posted to RETURN_URL (PAY_ID + ENCDATA): decrypted, its HASH
     * verified and its PAY_ID checked. Returns the response fields (RESPONSE_CODE 000 = paid).
     *
     * @throws VerificationError when the response must not be trusted
     */
    public function verifyResponse(array $posted): array
    {
        $payId = $posted['PAY_ID'] ?? null;
        $encdata = $posted['ENCDATA'] ?? null;
        if (!is_string($encdata) || $encdata === '') {
            throw new VerificationError('The response carries no ENCDATA.');
        }
        if ($payId !== $this->config->payId) {
            throw new VerificationError('The response is for another merchant (PAY_ID does not match).');
        }
        try {
            $fields = Cipher::decrypt($encdata, $this->config->merchantHostedKey());
        } catch (ProtocolError $error) {
            throw new VerificationError('The response does not decrypt: ' . $error->getMessage(), 0, $error);
        }
        if (!Hash::verify($fields, $this->config->salt)) {
            throw new VerificationError('The response HASH does not verify: it was altered or not sent by Paystra.');
        }
        if (($fields['PAY_ID'] ?? null) !== $this->config->payId) {
            throw new VerificationError('The encrypted response is for another merchant.');
        }
        return $fields;
    }

    /**
     * A webhook delivery, verified with the configured webhook secret and (for data's HASH) the
     * salt. Pass the raw request body and the X-Paystra-Signature header.
     *
     * @return array{id: string, type: string, created: int, data: array<string, string>}
     * @throws WebhookError naming the check that failed
     */
    public function verifyWebhook(mixed $rawBody, ?string $header): array
    {
        return Webhook::verify($rawBody, $header, $this->config->webhookSecret, ['salt' => $this->config->salt]);
    }

    // paystra:region status
    /** Status enquiry: the gateway's stored answer for the order (STATUS, RESPONSE_CODE, ...). */
    public function status(string $orderId): array
    {
        return $this->call('/pgws/transact', ['ORDER_ID' => $orderId, 'TXNTYPE' => 'STATUS']);
    }
    // paystra:endregion

    // paystra:region refund
    /**
     * Refunds a captured payment in full or in part. AMOUNT is in paise (for a payment in a
     * foreign currency: in that currency's minor units, with its `$currencyCode`, e.g. "840");
     * partial refunds add up to at most the paid amount. REFUND_ORDER_ID must be new for every refund. With
     * `$notifyUrl`, the gateway also sends a refund.processed webhook there.
     */
    public function refund(string $orderId, string $refundOrderId, string $amount, string $notifyUrl = '', string $currencyCode = self::CURRENCY_INR): array
    {
        return $this->call('/pgws/transact', [
            'TXNTYPE' => 'REFUND',
            'ORDER_ID' => $orderId,
            'REFUND_ORDER_ID' => $refundOrderId,
            'AMOUNT' => $amount,
            'CURRENCY_CODE' => $currencyCode,
        ] + self::nonEmpty(['NOTIFY_URL' => $notifyUrl], ['NOTIFY_URL']));
    }
    // paystra:endregion

    // paystra:region qr
    /**
     * A QR code for an order: QR_TYPE UPI (any UPI app pays it) or PG (opens the hosted
     * payment page). The answer holds QR_IMAGE_URL, UPI_INTENT or PAYMENT_URL, and TXN_ID.
     * `$order` may carry CUST_NAME, CUST_EMAIL, RETURN_URL and NOTIFY_URL.
     */
    public function qr(array $order, string $qrType): array
    {
        return $this->call('/pgws/qr', [
            'ORDER_ID' => (string) ($order['ORDER_ID'] ?? ''),
            'AMOUNT' => (string) ($order['AMOUNT'] ?? ''),
            'CURRENCY_CODE' => self::CURRENCY_INR,
            'QR_TYPE' => $qrType,
        ] + self::nonEmpty($order, ['CUST_NAME', 'CUST_EMAIL', 'RETURN_URL', 'NOTIFY_URL']));
    }
    // paystra:endregion

    // paystra:region payout
    /**
     * Sends money to a bank account (TRANSFER_MODE NEFT, RTGS or IMPS with BENEFICIARY_ACCOUNT
     * and BENEFICIARY_IFSC) or a UPI ID (UPI with BENEFICIARY_VPA). PAYOUT_ID is generated when
     * missing. STATUS: Processed (000, with the UTR), Pending (026) or Failed. NOTIFY_URL, when
     * given, receives the payout.processed or payout.failed webhook.
     */
    public function payout(array $request): array
    {
        $fields = self::nonEmpty($request, [
            'PAYOUT_ID', 'AMOUNT', 'TRANSFER_MODE', 'BENEFICIARY_NAME',
            'BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC', 'BENEFICIARY_VPA', 'REMARKS', 'NOTIFY_URL',
        ]);
        $fields['PAYOUT_ID'] ??= self::orderId('PO');
        $fields['CURRENCY_CODE'] = self::CURRENCY_INR;
        return $this->call('/pgws/payout', $fields);
    }
    // paystra:endregion

    /** The stored answer of an earlier payout (a Pending one may since have been processed). */
    public function payoutStatus(string $payoutId): array
    {
        return $this->call('/pgws/payout/status', ['PAYOUT_ID' => $payoutId]);
    }

    // paystra:region settlements
    /**
     * The settlements dated FROM to TO (YYYY-MM-DD, inclusive, at most 92 days), without their
     * lines. On RESPONSE_CODE 000, SETTLEMENTS is a list of settlements: SETTLEMENT_ID, UTR
     * (empty when CARRIED_FORWARD), SETTLEMENT_DATE, CYCLE_FROM, CYCLE_TO, PAYMENTS_COUNT,
     * REFUNDS_COUNT, GROSS_AMOUNT, REFUNDS_AMOUNT, FEES_AMOUNT, GST_AMOUNT, ADJUSTMENTS_AMOUNT,
     * NET_AMOUNT (paise, signed), BANK_ACCOUNT and STATUS (PROCESSED or CARRIED_FORWARD).
     * A refusal (339 dates, 340 range) is answered signed, without SETTLEMENTS.
     */
    public function settlements(string $from, string $to): array
    {
        return self::withLists($this->call('/pgws/settlements', ['FROM' => $from, 'TO' => $to]), ['SETTLEMENTS']);
    }

    /**
     * One settlement by its id or its UTR (name one: `settlement(utr: 'PYSTN26331000123')`): its
     * fields and, on 000, one page of LINES (`page` from 1, `pageSize` up to 1000; 0 leaves the
     * gateway's default; LINES_COUNT and PAGES say how many): PAYMENT, REFUND, DISPUTE_HOLD,
     * DISPUTE_RELEASE, CARRY_FORWARD, COLLECTION (a virtual account's credit) or FEE lines, each with TYPE, ORDER_ID, TXN_ID, PG_REF_NUM,
     * PAYMENT_TYPE, MOP_TYPE, AMOUNT, FEE, GST, NET, DATE, DESCRIPTION, DISPUTE_ID and
     * SOURCE_SETTLEMENT_ID. 338: no such settlement of this merchant; 358: a bad page.
     */
    public function settlement(string $settlementId = '', string $utr = '', int $page = 0, int $pageSize = 0): array
    {
        $paging = array_map('strval', array_filter(['PAGE' => $page, 'PAGE_SIZE' => $pageSize], static fn (int $n): bool => $n !== 0));
        return self::withLists($this->call('/pgws/settlement', self::settlementKey($settlementId, $utr) + $paging), ['LINES']);
    }

    /**
     * The same settlement's lines as CSV (a header row; the settlement id, UTR and date on every
     * row; rupees beside paise; a TOTAL row; CRLF line ends), to hand to an accountant or a
     * spreadsheet. The CSV carries no HASH: book from `settlement()`,
     * whose answer is signed.
     *
     * @throws GatewayError on a refusal (`responseCode` 338, 342...) or an answer that is not CSV
     */
    public function settlementCsv(string $settlementId = '', string $utr = ''): string
    {
        [$status, $body, $url] = $this->post('/pgws/settlement', self::settlementKey($settlementId, $utr) + ['FORMAT' => 'CSV']);
        $this->throwJsonRefusal($status, $body, $url);
        if ($status !== 200 || !str_starts_with($body, 'SETTLEMENT_ID,')) {
            throw new GatewayError(sprintf('The gateway answered HTTP %d without the settlement CSV at %s.', $status, $url));
        }
        return $body;
    }

    /**
     * The gateway's reconciliation of one order: on 000, RECON lists every movement of its money
     * (TYPE PAYMENT, REFUND, DISPUTE_HOLD or DISPUTE_RELEASE), each with TXN_ID, AMOUNT, FEE, GST,
     * NET, DATE, DISPUTE_ID, STATE (SETTLED: paid out; CARRIED_FORWARD: in a settlement that paid
     * nothing yet; UNSETTLED), SETTLEMENT_ID, SETTLEMENT_DATE, SETTLEMENT_STATUS,
     * PAID_BY_SETTLEMENT_ID, UTR and EXPECTED_SETTLEMENT_DATE. An order that was not paid has an
     * empty RECON; 328: the gateway has no such order.
     *
     * Or a virtual account's (name it: `recon(vaId: 'va_...')`): RECON lists its setup fee (TYPE
     * FEE, NET negative) and its credits (TYPE COLLECTION, TXN_ID the CREDIT_ID), each with where
     * it was settled. 376: no such account.
     *
     * @throws \InvalidArgumentException when neither or both of ORDER_ID and VA_ID are given
     */
    public function recon(string $orderId = '', string $vaId = ''): array
    {
        return self::withLists($this->call('/pgws/recon', self::oneOf(['ORDER_ID' => $orderId, 'VA_ID' => $vaId])), ['RECON']);
    }

    /**
     * Sandbox test call: settles, as if the clock read AS_OF (ISO 8601 with an offset, e.g.
     * 2026-11-30T11:00:00+05:30), every payment and refund due by then, and sends a
     * settlement.processed webhook for each settlement made (to `$notifyUrl`, else the
     * merchant's default). SETTLEMENTS: the settlements dated in the 92 days up to AS_OF.
     * Running it again for the same AS_OF makes nothing new.
     */
    public function runSettlement(string $asOf, string $notifyUrl = ''): array
    {
        return self::withLists($this->call('/pgws/settlement/run', ['AS_OF' => $asOf] + self::nonEmpty(['NOTIFY_URL' => $notifyUrl], ['NOTIFY_URL'])), ['SETTLEMENTS']);
    }
    // paystra:endregion

    /**
     * One settlement with every page of its LINES (what `Reconciliation::reconcile()` needs): the
     * first page's fields, then each further page's lines. A refusal of the first page is
     * returned as it is.
     *
     * @throws GatewayError when a later page is refused, or the pages do not add up to LINES_COUNT
     */
    public function settlementWithAllLines(string $settlementId = '', string $utr = ''): array
    {
        $first = $this->settlement($settlementId, $utr, 0, self::SETTLEMENT_PAGE_SIZE);
        if (($first['RESPONSE_CODE'] ?? '') !== '000') {
            return $first;
        }
        $lines = $first['LINES'];
        for ($page = 2; $page <= self::count($first, 'PAGES', 1); $page++) {
            $answer = $this->settlement($settlementId, $utr, $page, self::SETTLEMENT_PAGE_SIZE);
            if (($answer['RESPONSE_CODE'] ?? '') !== '000') {
                throw new GatewayError("Page $page of the settlement was refused: " . ($answer['RESPONSE_MESSAGE'] ?? ''), $answer['RESPONSE_CODE'] ?? null, $answer);
            }
            array_push($lines, ...$answer['LINES']);
        }
        if (count($lines) !== self::count($first, 'LINES_COUNT', count($lines))) {
            throw new GatewayError(sprintf("The settlement's pages hold %d lines, not its LINES_COUNT.", count($lines)));
        }
        return ['LINES' => $lines] + $first;
    }

    /**
     * The GST invoice of a month's fees (MONTH as YYYY-MM): its signed fields, LINES as a list (a
     * line per kind of fee: DESCRIPTION, SAC, TAXABLE_AMOUNT, CGST_AMOUNT, SGST_AMOUNT,
     * IGST_AMOUNT, GST_AMOUNT, TOTAL_AMOUNT...), or with `$format` 'PDF' the PDF's bytes. A refusal (355 a bad MONTH, 356 a bad FORMAT) is the signed answer
     * for JSON.
     *
     * @return array<string, mixed>|string
     * @throws GatewayError on a refusal of a PDF, or an answer that is neither a PDF nor JSON
     */
    public function gstInvoice(string $month, string $format = 'JSON'): array|string
    {
        $fields = ['MONTH' => $month] + ($format === 'JSON' ? [] : ['FORMAT' => $format]);
        if ($format !== 'PDF') {
            return self::withLists($this->call('/pgws/gst-invoice', $fields), ['LINES']);
        }
        [$status, $body, $url] = $this->post('/pgws/gst-invoice', $fields);
        if ($status === 200 && str_starts_with($body, '%PDF-')) {
            return $body;
        }
        $this->throwJsonRefusal($status, $body, $url);
        throw new GatewayError(sprintf('The gateway answered HTTP %d without the invoice PDF at %s.', $status, $url));
    }

    // paystra:region fx
    /**
     * The gateway's exchange rates for card payments in a foreign currency: RATES_DATE, RATES
     * (CURRENCY_CODE => rupees per unit with four decimals, ['840' => '84.2150', ...], every
     * foreign currency) and CURRENCIES (a list: CURRENCY_CODE, CODE, NAME, MINOR_UNITS, FX_RATE;
     * the rupee first, at 1.0000). A foreign payment's answer carries its own FX_RATE and
     * INR_AMOUNT (paise): book those.
     */
    public function fxRates(): array
    {
        $answer = self::withLists($this->call('/pgws/fx', []), ['CURRENCIES']);
        if (!isset($answer['RATES'])) {
            if (($answer['RESPONSE_CODE'] ?? '') === '000') {
                throw new GatewayError("The gateway's answer has no RATES.");
            }
            return $answer;
        }
        // Decoded as an object, so that a JSON list is not taken for it.
        $rates = json_decode($answer['RATES'], false);
        $valid = $rates instanceof \stdClass;
        $answer['RATES'] = [];
        foreach ($valid ? get_object_vars($rates) : [] as $currencyCode => $rate) {
            $valid = $valid && is_string($rate);
            $answer['RATES'][(string) $currencyCode] = $rate;
        }
        if (!$valid) {
            throw new GatewayError("The gateway's answer has a malformed field RATES: not a JSON object of rates.");
        }
        return $answer;
    }
    // paystra:endregion

    // paystra:region clock
    /**
     * Sandbox only: the merchant's clock, NOW (ISO 8601 in UTC): real time plus its advances.
     * Every time the gateway writes for this merchant (payments, refunds, webhooks' created,
     * settlements, disputes, RESPONSE_DATE_TIME) is read from it.
     */
    public function clock(): array
    {
        return $this->call('/pgws/clock', []);
    }

    /**
     * Sandbox only: moves the merchant's clock forward, by a whole number of hours or days
     * (`advanceClock(by: '36h')`, '4d') or to a time (`advanceClock(to: '2026-12-10T11:00:00+05:30')`,
     * ISO 8601 with an offset), at most 400 days a call. On the way, in time order, pending late
     * payments are confirmed and each working day's settlement runs, each with its webhooks. On
     * 000: FROM, NOW, SETTLEMENTS (the settlements made on the way, as settlements() lists them)
     * and HAPPENED (everything that fell due, oldest first: AT in IST, TYPE PAYMENT_CAPTURED or
     * SETTLEMENT, REFERENCE the payment's ORDER_ID or the SETTLEMENT_ID). A refusal is the signed
     * answer, without the lists: 363 a malformed BY, 364 not forward or over 400 days, 341, 353,
     * 359 a TO read as AS_OF is, 362 the demo merchant's clock on a public sandbox (with
     * ACCOUNT_URL, where to make a sandbox account of your own).
     *
     * @throws \InvalidArgumentException when neither or both of BY and TO are given
     */
    public function advanceClock(string $by = '', string $to = ''): array
    {
        $fields = array_filter(self::nonEmpty(['BY' => $by, 'TO' => $to], ['BY', 'TO']), static fn (string $value): bool => $value !== '');
        if (count($fields) !== 1) {
            throw new \InvalidArgumentException('Give one of BY (a whole number of hours or days: 36h, 4d) or TO (a time), not both.');
        }
        return self::withLists($this->call('/pgws/clock/advance', $fields), ['SETTLEMENTS', 'HAPPENED']);
    }
    // paystra:endregion

    // paystra:region paylinks
    /**
     * A payment link: a page at SHORT_URL where a customer pays AMOUNT once, by any method its
     * currency allows (cards alone for a foreign one). `$link`: AMOUNT (minor units of
     * CURRENCY_CODE, 356 rupees by default), DESCRIPTION (1 to 255 characters), and optionally
     * CUST_NAME, CUST_EMAIL, CUST_PHONE, EXPIRE_BY (ISO 8601 with an offset, or a
     * \DateTimeInterface: 15 minutes to 366 days after the merchant's clock), REFERENCE_ID (yours,
     * unique), NOTIFY_URL (the paylink.* webhooks), VALIDATE_BENEFICIARY (true or false, Y or N).
     * The answer is the link, STATUS CREATED, with PAYLINK_ID, LINK_FEE and LINK_GST (paise). A
     * refusal is the signed answer: 370 DESCRIPTION, 371 EXPIRE_BY, 374 a REFERENCE_ID used
     * before, 375 the customer's details, 378 VALIDATE_BENEFICIARY, 319 the currency, 320 AMOUNT.
     */
    public function createPaylink(array $link): array
    {
        return $this->call('/pgws/paylink', self::paylinkFields($link));
    }

    /**
     * Cancels a link nobody has paid: the link, STATUS CANCELLED with CANCELLED_AT
     * (paylink.cancelled is sent). 372 no such link, 373 one already paid, expired or cancelled.
     */
    public function cancelPaylink(string $paylinkId): array
    {
        return $this->call('/pgws/paylink/cancel', self::oneOf(['PAYLINK_ID' => $paylinkId]));
    }
    // paystra:endregion

    // paystra:region paylink-status
    /**
     * A link as it stands, by its PAYLINK_ID or your REFERENCE_ID (name it:
     * `paylinkStatus(referenceId: 'INV-1001')`), exactly one: STATUS CREATED, PAID (with ORDER_ID,
     * TXN_ID and PAID_AT), EXPIRED (EXPIRED_AT) or CANCELLED (CANCELLED_AT). A link past its
     * EXPIRE_BY on the merchant's clock is EXPIRED by this very read. 372: no such link of yours.
     *
     * @throws \InvalidArgumentException when neither or both are given
     */
    public function paylinkStatus(string $paylinkId = '', string $referenceId = ''): array
    {
        return $this->call('/pgws/paylink/status', self::oneOf(['PAYLINK_ID' => $paylinkId, 'REFERENCE_ID' => $referenceId]));
    }
    // paystra:endregion

    // paystra:region virtual-accounts
    /**
     * A virtual account for one customer (`$account`: CUST_NAME, and optionally REFERENCE_ID,
     * yours and unique, and NOTIFY_URL for the virtual_account.* webhooks): ACCOUNT_NUMBER and
     * IFSC take NEFT, RTGS and IMPS, VPA takes UPI. The answer is the account, STATUS ACTIVE, with
     * VA_ID, SETUP_FEE and SETUP_GST (paise). A refusal is the signed answer: 374 a REFERENCE_ID
     * used before, 375 CUST_NAME, 357 NOTIFY_URL.
     */
    public function createVirtualAccount(array $account): array
    {
        return $this->call('/pgws/virtual-account', self::withoutTilde(self::nonEmpty($account, ['CUST_NAME', 'REFERENCE_ID', 'NOTIFY_URL'])));
    }

    /**
     * Closes an account: STATUS CLOSED with CLOSED_AT; a transfer into it from then on is returned
     * to the payer (virtual_account.credit_returned). 376 no such account, 377 one already closed.
     */
    public function closeVirtualAccount(string $vaId): array
    {
        return $this->call('/pgws/virtual-account/close', self::oneOf(['VA_ID' => $vaId]));
    }
    // paystra:endregion

    // paystra:region virtual-account-status
    /**
     * An account as it stands (STATUS ACTIVE or CLOSED) with CREDITS, a list: its latest 100
     * credits, newest first (CREDIT_ID, AMOUNT, MODE, PAYER_NAME, UTR, STATUS CREDITED or
     * RETURNED, CREDITED_AT, FEE, GST, and SETTLEMENT_ID: '' until a settlement pays it). 376: no
     * such account of yours (then no CREDITS).
     */
    public function virtualAccountStatus(string $vaId): array
    {
        return self::withLists($this->call('/pgws/virtual-account/status', self::oneOf(['VA_ID' => $vaId])), ['CREDITS']);
    }
    // paystra:endregion

    // paystra:region virtual-account-credit
    /**
     * Sandbox only: a payer's bank transfer of `$amount` paise into the account, by `$mode` (NEFT,
     * RTGS, IMPS or UPI), as the bank would make it. The answer is the credit: CREDIT_ID, UTR,
     * STATUS CREDITED with FEE, GST and NET (virtual_account.credited), or, into a closed account,
     * RETURNED under RESPONSE_CODE 377 with a RETURN_REASON and FEE, GST and NET 0. Refusals: 376
     * no such account, 320 the amount (rupees only), 331 the mode, 334 the mode's limits, 375
     * the payer's name.
     */
    public function creditVirtualAccount(string $vaId, string $amount, string $mode, string $payerName = ''): array
    {
        $fields = self::oneOf(['VA_ID' => $vaId]) + self::nonEmpty(['AMOUNT' => $amount, 'MODE' => $mode, 'PAYER_NAME' => $payerName], ['AMOUNT', 'MODE', 'PAYER_NAME']);
        return $this->call('/pgws/virtual-account/credit', self::withoutTilde($fields));
    }
    // paystra:endregion

    /** How a subscription's mandate is taken: UPI AutoPay, a card standing instruction, e-NACH. */
    public const SUBSCRIPTION_METHODS = ['UPI', 'CARD', 'EMANDATE'];
    /** How often a subscription is debited; AS_PRESENTED: whenever the merchant presents a charge. */
    public const SUBSCRIPTION_FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY', 'AS_PRESENTED'];
    /** The categories whose debits need the customer's approval only above ₹1,00,000. */
    public const SUBSCRIPTION_CATEGORIES = ['MUTUAL_FUND', 'INSURANCE', 'CREDIT_CARD_BILL'];
    /** The customer's answers the sandbox stands in for (actAsCustomer). */
    public const CUSTOMER_ACTIONS = ['SKIP', 'APPROVE', 'PAUSE', 'RESUME', 'REVOKE'];
    /** The largest single debit a method takes, in paise (380 above): ₹1,00,000, ₹1,00,000, ₹1 crore. */
    public const LARGEST_DEBITS = ['UPI' => 10000000, 'CARD' => 10000000, 'EMANDATE' => 1000000000];
    private const SUBSCRIPTION_FIELDS = [
        'SUBSCRIPTION_REF', 'METHOD', 'AMOUNT', 'MAX_AMOUNT', 'FREQUENCY', 'START_DATE', 'END_DATE', 'CATEGORY',
        'DESCRIPTION', 'CUST_NAME', 'CUST_EMAIL', 'CUST_PHONE', 'RETURN_URL', 'NOTIFY_URL',
    ];

    // paystra:region subscriptions
    /**
     * A subscription: a mandate your customer registers once on the page at AUTH_URL, then debits
     * on its schedule, each noticed 24 to 48 hours ahead. `$subscription`: SUBSCRIPTION_REF (yours,
     * unique, an ORDER_ID's shape), METHOD (UPI, CARD or EMANDATE), FREQUENCY (WEEKLY, MONTHLY,
     * QUARTERLY, YEARLY or AS_PRESENTED), AMOUNT (paise, each debit; none for AS_PRESENTED),
     * MAX_AMOUNT (paise, the most one debit may take: at least AMOUNT, at most ₹1,00,000 on UPI and
     * cards, ₹1 crore on e-NACH), START_DATE (YYYY-MM-DD or a \DateTimeInterface, IST: from the
     * account's today, within 366 days), DESCRIPTION (1 to 255 characters), CUST_NAME, CUST_EMAIL,
     * CUST_PHONE, RETURN_URL (where the mandate page returns the customer), and optionally END_DATE
     * (after START_DATE, within 10 years: the default), CATEGORY (MUTUAL_FUND, INSURANCE or
     * CREDIT_CARD_BILL) and NOTIFY_URL (the subscription.* webhooks). The answer is the
     * subscription, STATUS CREATED, with SUBSCRIPTION_ID and AUTH_URL. A refusal is the signed
     * answer: 374 a SUBSCRIPTION_REF used before, 375 the customer's details, 388 a date the
     * account's clock refuses, 380 MAX_AMOUNT, 379, 327, 326, 320, 370, 325, 357.
     *
     * @throws \InvalidArgumentException a field the gateway would refuse whatever the clock says,
     *         before anything is sent
     */
    public function createSubscription(array $subscription): array
    {
        return $this->call('/pgws/subscription', self::subscriptionFields($subscription));
    }

    /**
     * Cancels a subscription (the merchant's cancel): STATUS CANCELLED with ENDED_AT and
     * CANCELLED_BY MERCHANT, an open notice's debit STOPPED (385), subscription.cancelled sent. The
     * answer is the subscription with DEBITS, a list as subscriptionStatus() gives it. A refusal is
     * the signed answer, without DEBITS: 387 no such subscription, 385 one already cancelled,
     * completed or failed.
     */
    public function cancelSubscription(string $subscriptionId): array
    {
        return self::withLists($this->call('/pgws/subscription/cancel', self::subscriptionKey($subscriptionId)), ['DEBITS']);
    }

    /**
     * Resumes a HALTED subscription (its cycle's last attempt failed): STATUS ACTIVE, the next
     * debit the first cycle whose notice is still ahead; the unpaid cycles are not collected. The
     * answer is the subscription with DEBITS, a list as subscriptionStatus() gives it. A refusal is
     * the signed answer, without DEBITS: 387 no such subscription, 385 one that is not halted.
     */
    public function resumeSubscription(string $subscriptionId): array
    {
        return self::withLists($this->call('/pgws/subscription/resume', self::subscriptionKey($subscriptionId)), ['DEBITS']);
    }
    // paystra:endregion

    // paystra:region subscription-status
    /**
     * A subscription as it stands, by its SUBSCRIPTION_ID or your SUBSCRIPTION_REF (name it:
     * `subscriptionStatus(subscriptionRef: 'PLAN-1001')`), exactly one: STATUS CREATED, ACTIVE,
     * PENDING, PAUSED, HALTED, COMPLETED, CANCELLED or FAILED, INSTRUMENT, PAID_CYCLES,
     * NEXT_DEBIT_AT, and DEBITS, a list: its latest 100 attempts, newest first (DEBIT_ID, CYCLE,
     * ATTEMPT, AMOUNT, NOTIFIED_AT, DEBIT_AT, APPROVAL_REQUIRED and APPROVED Y or N, STATUS
     * NOTIFIED, CHARGED, FAILED, SKIPPED or STOPPED, RESPONSE_CODE, and ORDER_ID, TXN_ID, FEE, GST
     * once it reached the bank). What fell due on the account's clock runs first. 387: no such
     * subscription of yours (then no DEBITS).
     *
     * @throws \InvalidArgumentException when neither or both are given, or one of the wrong shape
     */
    public function subscriptionStatus(string $subscriptionId = '', string $subscriptionRef = ''): array
    {
        $key = self::oneOf(['SUBSCRIPTION_ID' => $subscriptionId, 'SUBSCRIPTION_REF' => $subscriptionRef]);
        $key = isset($key['SUBSCRIPTION_ID']) ? self::subscriptionKey($key['SUBSCRIPTION_ID']) : self::subscriptionRef($key['SUBSCRIPTION_REF']);
        return self::withLists($this->call('/pgws/subscription/status', $key), ['DEBITS']);
    }
    // paystra:endregion

    // paystra:region subscription-charge
    /**
     * Presents a charge of `$amount` paise (at most MAX_AMOUNT) on an AS_PRESENTED subscription:
     * it is noticed now and debited at the first 07:00 IST at least 24 hours later. The answer is
     * the subscription with DEBITS, the notice first. Refusals: 387 no such subscription, 385 not
     * active (not yet registered, or ended), 326 a scheduled one, 386 a presented charge still
     * open, 380 above MAX_AMOUNT.
     */
    public function presentCharge(string $subscriptionId, string|int $amount): array
    {
        $fields = self::subscriptionKey($subscriptionId) + ['AMOUNT' => self::paise('AMOUNT', (string) $amount)];
        return self::withLists($this->call('/pgws/subscription/charge', $fields), ['DEBITS']);
    }
    // paystra:endregion

    // paystra:region subscription-customer
    /**
     * Sandbox only: the customer's answer, as their UPI app, bank or card issuer would send it:
     * SKIP a noticed debit (it ends 382), APPROVE one above the limit (APPROVAL_REQUIRED Y), PAUSE
     * or RESUME a UPI mandate, REVOKE it (CANCELLED, INSTRUMENT emptied). The answer is the
     * subscription with DEBITS. Refusals: 387 no such subscription, 385 no longer active, 326 an
     * action the state or the method does not allow.
     */
    public function actAsCustomer(string $subscriptionId, string $action): array
    {
        if (!in_array($action, self::CUSTOMER_ACTIONS, true)) {
            throw new \InvalidArgumentException('ACTION must be SKIP, APPROVE, PAUSE, RESUME or REVOKE.');
        }
        $fields = self::subscriptionKey($subscriptionId) + ['ACTION' => $action];
        return self::withLists($this->call('/pgws/subscription/customer', $fields), ['DEBITS']);
    }
    // paystra:endregion

    /**
     * A subscription's request fields: the named ones given, trimmed, START_DATE and END_DATE
     * from a \DateTimeInterface as YYYY-MM-DD; each checked as the gateway checks it, but for what
     * depends on the account's clock (START_DATE's range: 388) or its store (374).
     *
     * @throws \InvalidArgumentException naming the field
     */
    private static function subscriptionFields(array $subscription): array
    {
        foreach (['START_DATE', 'END_DATE'] as $key) {
            if (($subscription[$key] ?? null) instanceof \DateTimeInterface) {
                $subscription[$key] = $subscription[$key]->format('Y-m-d');
            }
        }
        $fields = self::nonEmpty($subscription, self::SUBSCRIPTION_FIELDS);
        self::subscriptionRef($fields['SUBSCRIPTION_REF'] ?? '');
        $method = $fields['METHOD'] ?? '';
        if (!in_array($method, self::SUBSCRIPTION_METHODS, true)) {
            throw new \InvalidArgumentException('METHOD must be UPI, CARD or EMANDATE.');
        }
        $frequency = $fields['FREQUENCY'] ?? '';
        if (!in_array($frequency, self::SUBSCRIPTION_FREQUENCIES, true)) {
            throw new \InvalidArgumentException('FREQUENCY must be WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED.');
        }
        $max = (int) self::paise('MAX_AMOUNT', $fields['MAX_AMOUNT'] ?? '');
        if ($frequency === 'AS_PRESENTED' && isset($fields['AMOUNT'])) {
            throw new \InvalidArgumentException('AMOUNT must be left out for AS_PRESENTED: each presented charge names its own.');
        }
        if ($frequency !== 'AS_PRESENTED' && (int) self::paise('AMOUNT', $fields['AMOUNT'] ?? '') > $max) {
            throw new \InvalidArgumentException('AMOUNT must be at most MAX_AMOUNT.');
        }
        if ($max > self::LARGEST_DEBITS[$method]) {
            throw new \InvalidArgumentException(sprintf('MAX_AMOUNT must be at most %d paise on %s.', self::LARGEST_DEBITS[$method], $method));
        }
        $start = self::isoDate('START_DATE', $fields['START_DATE'] ?? '');
        if (isset($fields['END_DATE']) && self::isoDate('END_DATE', $fields['END_DATE']) <= $start) {
            throw new \InvalidArgumentException('END_DATE must be after START_DATE.');
        }
        if (isset($fields['CATEGORY']) && !in_array($fields['CATEGORY'], self::SUBSCRIPTION_CATEGORIES, true)) {
            throw new \InvalidArgumentException('CATEGORY must be MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL, or left out.');
        }
        if (preg_match('/^[^\p{Cc}]{1,255}$/Du', $fields['DESCRIPTION'] ?? '') !== 1) {
            throw new \InvalidArgumentException('DESCRIPTION must be 1 to 255 characters, without control characters.');
        }
        return self::withoutTilde($fields);
    }

    /** SUBSCRIPTION_ID, checked: sub_ and 14 letters and digits. */
    private static function subscriptionKey(string $subscriptionId): array
    {
        if (preg_match('/^sub_[A-Za-z0-9]{14}$/D', $subscriptionId) !== 1) {
            throw new \InvalidArgumentException('SUBSCRIPTION_ID must be sub_ and 14 letters and digits.');
        }
        return ['SUBSCRIPTION_ID' => $subscriptionId];
    }

    /** SUBSCRIPTION_REF, checked: an ORDER_ID's shape. */
    private static function subscriptionRef(string $subscriptionRef): array
    {
        if (preg_match(Validate::ORDER_ID, $subscriptionRef) !== 1) {
            throw new \InvalidArgumentException('SUBSCRIPTION_REF must be 1 to 50 letters, digits or : / @ _ -');
        }
        return ['SUBSCRIPTION_REF' => $subscriptionRef];
    }

    /** An amount in paise: digits, no leading zero, at most 10 of them (320 otherwise). */
    private static function paise(string $key, string $amount): string
    {
        if (preg_match('/^[1-9]\d{0,9}$/D', $amount) !== 1) {
            throw new \InvalidArgumentException("$key must be whole paise: digits only, no leading zero (100 = ₹1.00).");
        }
        return $amount;
    }

    /** A real date as YYYY-MM-DD (388 otherwise). */
    private static function isoDate(string $key, string $date): string
    {
        $valid = preg_match('/^(\d{4})-(\d{2})-(\d{2})$/D', $date, $part) === 1 && checkdate((int) $part[2], (int) $part[3], (int) $part[1]);
        if (!$valid) {
            throw new \InvalidArgumentException("$key must be a date, YYYY-MM-DD.");
        }
        return $date;
    }

    /**
     * A link's request fields: the named ones given, CURRENCY_CODE 356 unless given, EXPIRE_BY
     * from a \DateTimeInterface in ISO 8601, VALIDATE_BENEFICIARY Y or N from a bool.
     *
     * @throws \InvalidArgumentException a value with "~", which no field may hold
     */
    private static function paylinkFields(array $link): array
    {
        $fields = self::nonEmpty($link, ['AMOUNT', 'DESCRIPTION', 'CUST_NAME', 'CUST_EMAIL', 'CUST_PHONE', 'REFERENCE_ID', 'NOTIFY_URL']);
        $fields['CURRENCY_CODE'] = self::nonEmpty($link, ['CURRENCY_CODE'])['CURRENCY_CODE'] ?? self::CURRENCY_INR;
        $expireBy = $link['EXPIRE_BY'] ?? null;
        if ($expireBy instanceof \DateTimeInterface) {
            $fields['EXPIRE_BY'] = $expireBy->format(\DateTimeInterface::ATOM);
        } else {
            $fields += self::nonEmpty($link, ['EXPIRE_BY']);
        }
        $validate = $link['VALIDATE_BENEFICIARY'] ?? null;
        if (is_bool($validate)) {
            $fields['VALIDATE_BENEFICIARY'] = $validate ? 'Y' : 'N';
        } else {
            $fields += self::nonEmpty($link, ['VALIDATE_BENEFICIARY']);
        }
        return self::withoutTilde($fields);
    }

    // paystra:region sandbox-account
    /**
     * Makes a sandbox account (POST `$baseUrl`/accounts): a merchant of your own, made without
     * keys. `$baseUrl` is the sandbox's, e.g. http://localhost:3000/sandbox (PAYSTRA_BASE_URL);
     * without a name the sandbox calls the account "Test store". Returns the account's fields:
     * STATUS Created, PAY_ID, SALT, KEY_SALT, MERCHANT_HOSTED_KEY, WEBHOOK_SECRET, NAME,
     * PAYSTRA_BASE_URL, CONSOLE_URL, PAYSTRA_ENV_URL, PAYSTRA_ENV (its paystra.env's text:
     * Config::writeEnvFile saves it) and IDLE_DAYS.
     *
     * @param (callable(string $url, string $json): array{0: int, 1: string})|null $transport as the constructor's
     * @return array<string, string>
     * @throws \InvalidArgumentException a name the sandbox would refuse, or a base URL that is not
     *         http(s), before anything is sent
     * @throws GatewayError a refusal (responseCode 360 the name, 344 too many accounts from this
     *         address this hour, 361 the sandbox is full; httpStatus), an answer that is not JSON,
     *         or no answer
     */
    public static function createSandboxAccount(string $baseUrl, string $name = '', ?callable $transport = null): array
    {
        if (preg_match('#^https?://[^\s/]+#i', $baseUrl) !== 1) {
            throw new \InvalidArgumentException('The base URL must be the sandbox\'s http(s) URL, e.g. http://localhost:3000/sandbox.');
        }
        $tidy = Validate::tidyAccountName($name);
        Validate::throwIfAny([Validate::accountName($name)]);
        $url = rtrim($baseUrl, '/') . '/accounts';
        $json = $tidy === '' ? '{}' : json_encode(['NAME' => $tidy], JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        [$status, $body] = ($transport ?? self::httpPost(...))($url, $json);
        $answer = json_decode($body, true);
        if (!is_array($answer) || array_is_list($answer)) {
            throw new GatewayError(sprintf('The sandbox answered HTTP %d without JSON: is %s a Paystra sandbox that makes accounts?', $status, $url), httpStatus: $status);
        }
        $fields = array_filter($answer, is_string(...));
        $made = $status === 201 && ($fields['STATUS'] ?? '') === 'Created';
        foreach (['PAY_ID', 'SALT', 'KEY_SALT', 'PAYSTRA_ENV'] as $key) {
            $made = $made && ($fields[$key] ?? '') !== '';
        }
        if ($made) {
            return $fields;
        }
        throw new GatewayError(
            $fields['RESPONSE_MESSAGE'] ?? "The sandbox answered HTTP $status without an account.",
            $fields['RESPONSE_CODE'] ?? null,
            $fields,
            httpStatus: $status,
        );
    }
    // paystra:endregion

    // paystra:region disputes
    /**
     * The disputes created FROM to TO (YYYY-MM-DD, IST, at most 92 days; 339, 340 as for
     * settlements), oldest first. On 000, DISPUTES is a list of disputes, each with DISPUTE_ID,
     * ORDER_ID, TXN_ID, PG_REF_NUM, AMOUNT and CURRENCY_CODE (the payment's currency),
     * INR_AMOUNT (paise held), REASON_CODE, REASON, RESPOND_BY (YYYY-MM-DD, the end of that day
     * IST), STATUS (OPEN, UNDER_REVIEW, WON or LOST), EVIDENCE_RECEIVED (Y or N), CREATED_AT,
     * DECIDED_AT and RESOLUTION ('' while undecided).
     */
    public function disputes(string $from, string $to): array
    {
        return self::withLists($this->call('/pgws/disputes', ['FROM' => $from, 'TO' => $to]), ['DISPUTES']);
    }

    /** The disputes of one order (DISPUTES, as disputes() lists them; at most one per payment). */
    public function disputesForOrder(string $orderId): array
    {
        return self::withLists($this->call('/pgws/disputes', ['ORDER_ID' => $orderId]), ['DISPUTES']);
    }

    /**
     * Accepts a dispute: it is LOST at once ("Accepted by the merchant") and the amount held
     * stays with the customer's bank. The answer is the dispute's fields. Refused: 346 no such
     * dispute, 348 already answered, 349 past RESPOND_BY or already decided.
     */
    public function acceptDispute(string $disputeId): array
    {
        return $this->call('/pgws/dispute', ['DISPUTE_ID' => $disputeId, 'ACTION' => 'ACCEPT']);
    }

    /**
     * Contests a dispute with evidence: 1 to 5,000 characters (no "~") of why the payment is valid and,
     * best, one document (the bytes of a PDF, JPEG or PNG of at most 2 MB, sent as Base64, and
     * its file name, e.g. "delivery-receipt.pdf"). The dispute is UNDER_REVIEW until the first
     * settlement run after RESPOND_BY decides it (dispute.won or dispute.lost). Refused as
     * acceptDispute(), and 350 (the text), 351 (the file's size), 352 (the file or its name).
     */
    public function contestDispute(string $disputeId, string $evidence, ?string $fileBytes = null, string $fileName = ''): array
    {
        if (str_contains($evidence, '~')) {
            // Fields are signed as KEY=VALUE~...: the gateway refuses a "~" in any value (326, unsigned).
            throw new \InvalidArgumentException('EVIDENCE must not contain "~".');
        }
        $fields = ['DISPUTE_ID' => $disputeId, 'ACTION' => 'CONTEST', 'EVIDENCE' => $evidence];
        if ($fileBytes !== null) {
            $fields['EVIDENCE_FILE'] = base64_encode($fileBytes);
        }
        if ($fileName !== '') {
            $fields['EVIDENCE_FILE_NAME'] = $fileName;
        }
        return $this->call('/pgws/dispute', $fields);
    }
    // paystra:endregion

    /**
     * POSTs the fields (with PAY_ID and HASH added) as JSON to an API under the base URL and
     * returns the answer once its HASH verifies.
     *
     * @throws GatewayError when the gateway is unreachable or answers without a HASH
     * @throws VerificationError when the answer's HASH does not verify
     */
    public function call(string $path, array $fields): array
    {
        [$status, $body, $url] = $this->post($path, $fields);
        return $this->verifiedAnswer($status, $body, $url);
    }

    /**
     * The answer's lists, JSON text in one field each (the HASH covers the text), as lists of
     * fields. A 000 answer must carry them; a refusal carries none.
     */
    private static function withLists(array $answer, array $keys): array
    {
        foreach ($keys as $key) {
            if (!isset($answer[$key])) {
                if (($answer['RESPONSE_CODE'] ?? '') === '000') {
                    throw new GatewayError("The gateway's answer has no $key.");
                }
                continue;
            }
            $list = json_decode($answer[$key], true);
            if (!is_array($list) || !array_is_list($list)) {
                throw new GatewayError("The gateway's answer has a malformed field $key: not a JSON list.");
            }
            foreach ($list as $index => $item) {
                $valid = is_array($item) && ($item === [] || !array_is_list($item));
                foreach ($valid ? $item : [] as $value) {
                    $valid = $valid && is_string($value);
                }
                if (!$valid) {
                    throw new GatewayError("The gateway's answer has a malformed field $key: item $index is not an object of strings.");
                }
            }
            $answer[$key] = $list;
        }
        return $answer;
    }

    /** A count the answer gives as digits (PAGES, LINES_COUNT); a gateway without pages gives none. */
    private static function count(array $answer, string $key, int $absent): int
    {
        if (!isset($answer[$key])) {
            return $absent;
        }
        if (preg_match('/^\d{1,9}$/D', $answer[$key]) !== 1) {
            throw new GatewayError("The gateway's $key is not a number.");
        }
        return (int) $answer[$key];
    }

    /**
     * The one field of `$keys` given (trimmed): a link by PAYLINK_ID or REFERENCE_ID, a
     * reconciliation by ORDER_ID or VA_ID, or the one id a call needs.
     *
     * @throws \InvalidArgumentException when none is given, or more than one
     */
    private static function oneOf(array $keys): array
    {
        $given = array_filter(self::nonEmpty($keys, array_keys($keys)), static fn (string $value): bool => $value !== '');
        if (count($given) !== 1) {
            throw new \InvalidArgumentException(sprintf('Give %s%s.', implode(' or ', array_keys($keys)), count($keys) > 1 ? ', not both' : ''));
        }
        return $given;
    }

    /**
     * The fields, refused here when a value holds "~": fields are signed as KEY=VALUE~..., so the
     * gateway refuses it in any value (326, unsigned).
     *
     * @throws \InvalidArgumentException
     */
    private static function withoutTilde(array $fields): array
    {
        foreach ($fields as $key => $value) {
            if (str_contains($value, '~')) {
                throw new \InvalidArgumentException("$key must not contain \"~\".");
            }
        }
        return $fields;
    }

    /** SETTLEMENT_ID or UTR, whichever is given; the gateway answers 342 for neither or both. */
    private static function settlementKey(string $settlementId, string $utr): array
    {
        return self::nonEmpty(['SETTLEMENT_ID' => $settlementId, 'UTR' => $utr], ['SETTLEMENT_ID', 'UTR']);
    }

    /**
     * Signs the fields (PAY_ID and HASH added) and POSTs them as JSON.
     *
     * @return array{0: int, 1: string, 2: string} HTTP status, body and the URL
     */
    private function post(string $path, array $fields): array
    {
        $request = Hash::withHash(['PAY_ID' => $this->config->payId] + $fields, $this->config->salt);
        $url = $this->config->baseUrl . $path;
        [$status, $body] = ($this->transport)($url, json_encode($request, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE));
        return [$status, $body, $url];
    }

    /**
     * Where a file (CSV, PDF) was asked for, a refusal still comes as JSON (signed, except 324
     * and 326): verified and thrown with its code. Any other answer returns for the caller to judge.
     *
     * @throws GatewayError
     */
    private function throwJsonRefusal(int $status, string $body, string $url): void
    {
        if (!is_array(json_decode($body, true))) {
            return;
        }
        $answer = $this->verifiedAnswer($status, $body, $url);
        throw new GatewayError(
            trim(sprintf('Refused: %s %s', $answer['RESPONSE_CODE'] ?? "HTTP $status", $answer['RESPONSE_MESSAGE'] ?? '')),
            $answer['RESPONSE_CODE'] ?? null,
            $answer,
        );
    }

    /** The answer's fields once its HASH verifies and it names this merchant. */
    private function verifiedAnswer(int $status, string $body, string $url): array
    {
        $answer = json_decode($body, true);
        if (!is_array($answer) || array_is_list($answer) && $answer !== []) {
            throw new GatewayError(sprintf('The gateway answered HTTP %d without JSON fields at %s.', $status, $url));
        }
        foreach ($answer as $key => $value) {
            if (!is_scalar($value) && $value !== null) {
                throw new GatewayError("The gateway's answer has a malformed field $key.");
            }
            $answer[$key] = is_bool($value) ? ($value ? 'true' : 'false') : (string) $value;
        }
        if (!isset($answer['HASH'])) {
            $code = $answer['RESPONSE_CODE'] ?? null;
            throw new GatewayError(
                trim(sprintf('Refused with an unsigned answer: %s %s', $code ?? "HTTP $status", $answer['RESPONSE_MESSAGE'] ?? '')),
                $code,
                $answer,
            );
        }
        if (!Hash::verify($answer, $this->config->salt)) {
            throw new VerificationError("The gateway's answer HASH does not verify: check PAYSTRA_SALT.");
        }
        if (($answer['PAY_ID'] ?? $this->config->payId) !== $this->config->payId) {
            throw new VerificationError("The gateway's answer is for another merchant.");
        }
        return $answer;
    }

    /** PAY_ID, ORDER_ID, AMOUNT, CURRENCY_CODE, TXNTYPE and RETURN_URL, plus the customer. */
    private function saleFields(array $order): array
    {
        $amount = (string) ($order['AMOUNT'] ?? '');
        $orderId = (string) ($order['ORDER_ID'] ?? '');
        Validate::throwIfAny([Validate::amount($amount), Validate::orderId($orderId)]);
        return [
            'PAY_ID' => $this->config->payId,
            'ORDER_ID' => $orderId,
            'AMOUNT' => $amount,
            'CURRENCY_CODE' => self::currencyCode($order['CURRENCY_CODE'] ?? self::CURRENCY_INR),
            'TXNTYPE' => 'SALE',
            'RETURN_URL' => (string) ($order['RETURN_URL'] ?? $this->config->returnUrl()),
        ] + self::nonEmpty($order, ['CUST_NAME', 'CUST_EMAIL', 'CUST_MOBILE', 'CUST_ID', 'NOTIFY_URL']);
    }

    /** A CURRENCY_CODE the gateway takes ("840"); an unknown one is refused here, not by 319. */
    private static function currencyCode(mixed $code): string
    {
        $code = (string) $code;
        if (Currency::codeOf($code) === null) {
            throw new \InvalidArgumentException("CURRENCY_CODE $code is not a currency the gateway takes (Currency::TABLE: 356 for rupees, 840 for US dollars...).");
        }
        return $code;
    }

    /** @return array<string, string> the named keys that hold a non-empty value, as text */
    private static function nonEmpty(array $values, array $keys): array
    {
        $picked = [];
        foreach ($keys as $key) {
            $value = $values[$key] ?? null;
            if ($value !== null && $value !== '' && is_scalar($value)) {
                $picked[$key] = trim((string) $value);
            }
        }
        return $picked;
    }

    /** @return array{0: int, 1: string} */
    private static function httpPost(string $url, string $json): array
    {
        $context = stream_context_create(['http' => [
            'method' => 'POST',
            'header' => "Content-Type: application/json\r\nAccept: application/json\r\n",
            'content' => $json,
            'timeout' => 20,
            'ignore_errors' => true,
            'follow_location' => 0,
        ]]);
        $body = @file_get_contents($url, false, $context);
        $headers = function_exists('http_get_last_response_headers')
            ? (http_get_last_response_headers() ?? [])
            : ($http_response_header ?? []);
        if ($body === false) {
            $reason = error_get_last()['message'] ?? 'no answer';
            throw new GatewayError("Cannot reach the gateway at $url ($reason).");
        }
        $status = preg_match('#^HTTP/\S+\s+(\d{3})#', $headers[0] ?? '', $match) === 1 ? (int) $match[1] : 0;
        return [$status, $body];
    }
}
