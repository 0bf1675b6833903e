package com.paystra;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The merchant's side of the Paystra protocol: signed payment requests for the hosted page,
 * encrypted merchant-hosted requests, verification of the gateway's responses, and the JSON
 * APIs (status enquiry, refund, UPI and PG QR, payouts, settlements and reconciliation, exchange
 * rates, disputes, the sandbox clock, payment links, virtual accounts and subscriptions), whose
 * answers are verified before they are returned.
 */
public final class Client {
    /** CURRENCY_CODE of the Indian rupee; cards also take foreign currencies (see Currency). */
    public static final String CURRENCY_INR = "356";
    /** RESPONSE_CODE of an accepted request. */
    public static final String SUCCESS_CODE = "000";
    /** The longest explanation a contested dispute takes. */
    public static final int EVIDENCE_CHARACTERS = 5000;
    /** The largest evidence document (PDF, JPEG or PNG) a contested dispute takes. */
    public static final int EVIDENCE_FILE_BYTES = 2 * 1024 * 1024;
    /** The most LINES one page of a settlement holds (PAGE_SIZE's default and maximum). */
    public static final int SETTLEMENT_PAGE_SIZE = 1000;

    private static final AtomicLong LAST_ORDER_MILLIS = new AtomicLong();

    private final Config config;
    private final HttpClient http;

    public Client(Config config) {
        this(config, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build());
    }

    public Client(Config config, HttpClient http) {
        this.config = config;
        this.http = http;
    }

    public Config config() {
        return config;
    }

    /** Where the browser posts a request, and the fields it posts (hidden inputs of a form). */
    public record PaymentForm(String action, Map<String, String> fields) {}

    /** A merchant-hosted payment method: net banking (NB), a wallet (WL) or UPI (UP). */
    public record Method(String paymentType, String mopType, String payerAddress) {
        /** A bank by its MOP_TYPE code, e.g. "1004" (HDFC). */
        public static Method netBanking(String bankCode) {
            return new Method("NB", bankCode, "");
        }

        /** A wallet by its MOP_TYPE code: PPL (Paytm), MWL (Mobikwik), PPWL (PhonePay). */
        public static Method wallet(String walletCode) {
            return new Method("WL", walletCode, "");
        }

        /** UPI collect from the customer's UPI ID (VPA), e.g. success@upi in the sandbox. */
        public static Method upi(String vpa) {
            return new Method("UP", "UP", vpa);
        }
    }

    /** prefix + milliseconds, e.g. PG1763712000123; never the same twice in one process. */
    public static String orderId(String prefix) {
        long now = System.currentTimeMillis();
        long millis = LAST_ORDER_MILLIS.updateAndGet(last -> Math.max(now, last + 1));
        return prefix + millis;
    }

    /**
     * The signed fields of a hosted-page payment. The order holds ORDER_ID and AMOUNT (paise)
     * and optionally CUST_NAME, CUST_EMAIL, CUST_MOBILE, CUST_ID, RETURN_URL, NOTIFY_URL (where the
     * gateway POSTs its signed webhooks); any other field passes through too; empty values
     * are left out. The browser posts the fields to the action.
     */
    public PaymentForm paymentRequest(Map<String, String> order) {
        return new PaymentForm(config.baseUrl() + "/paymentrequest",
                Hash.withHash(saleFields(order), config.salt()));
    }

    /**
     * A merchant-hosted payment: the sale fields and the method, signed and encrypted into
     * ENCDATA; the browser posts only PAY_ID and ENCDATA.
     */
    public PaymentForm merchantHostedRequest(Map<String, String> order, Method method) {
        Map<String, String> fields = saleFields(order);
        fields.put("PAYMENT_TYPE", method.paymentType());
        putIfPresent(fields, "MOP_TYPE", method.mopType());
        putIfPresent(fields, "PAYER_ADDRESS", method.payerAddress());
        Map<String, String> form = new LinkedHashMap<>();
        form.put("PAY_ID", config.payId());
        form.put("ENCDATA", Cipher.encrypt(fields, config.salt(), merchantHostedKey()));
        return new PaymentForm(config.baseUrl() + "/merchantPaymentInit", form);
    }

    /**
     * The gateway's response posted to RETURN_URL (PAY_ID and ENCDATA): decrypted, checked to
     * be this merchant's, its HASH verified. Returns the fields (HASH included); throws
     * VerificationError when any check fails.
     */
    public Map<String, String> verifyResponse(Map<String, String> posted) {
        String payId = posted.get("PAY_ID");
        String encdata = posted.get("ENCDATA");
        if (payId == null || encdata == null || encdata.isBlank()) {
            throw new VerificationError("The response has no PAY_ID or ENCDATA");
        }
        if (!payId.equals(config.payId())) {
            throw new VerificationError("The response is for another merchant (PAY_ID " + payId + ")");
        }
        Map<String, String> fields = Cipher.decrypt(encdata, merchantHostedKey());
        if (!config.payId().equals(fields.get("PAY_ID"))) {
            throw new VerificationError("The encrypted response names another PAY_ID");
        }
        if (!Hash.verify(fields, config.salt())) {
            throw new VerificationError("The response's HASH does not verify");
        }
        return fields;
    }

    // paystra:region status
    /** Status enquiry: what the gateway knows of one order (RESPONSE_CODE 000 = Captured). */
    public Map<String, String> status(String orderId) {
        return post("/pgws/transact", fields(
                "PAY_ID", config.payId(),
                "ORDER_ID", orderId,
                "TXNTYPE", "STATUS"));
    }

    /** Signs the fields, POSTs them as JSON and returns the answer once its HASH verifies. */
    public Map<String, String> post(String path, Map<String, String> request) {
        Answer answer = send(path, Json.write(Hash.withHash(request, config.salt())));
        if (!answer.isJson()) {
            throw new PaystraException("The gateway answered HTTP " + answer.status() + " without JSON at "
                    + answer.uri());
        }
        return verified(answer.body());
    }

    /** A JSON answer's fields once its HASH verifies and it names this merchant. */
    private Map<String, String> verified(String body) {
        Map<String, String> answer = parseAnswer(body);
        if (!answer.containsKey("HASH")) {
            // Unknown PAY_ID (324) or a malformed request (326): the gateway cannot sign those.
            throw new VerificationError("The gateway refused the request: " + answer.get("RESPONSE_CODE")
                    + " " + answer.get("RESPONSE_MESSAGE"), answer.get("RESPONSE_CODE"));
        }
        if (!Hash.verify(answer, config.salt()) || !config.payId().equals(answer.get("PAY_ID"))) {
            throw new VerificationError("The gateway's answer does not verify");
        }
        return answer;
    }
    // paystra:endregion

    // paystra:region refund
    /** Refunds part or all of a captured payment; partial refunds add up (329 beyond it). */
    public Map<String, String> refund(String orderId, String refundOrderId, String amount) {
        return refund(orderId, refundOrderId, amount, "");
    }

    /** As refund(...), with the gateway's refund.processed webhook sent to notifyUrl ("" for none). */
    public Map<String, String> refund(String orderId, String refundOrderId, String amount, String notifyUrl) {
        return refund(orderId, refundOrderId, amount, notifyUrl, CURRENCY_INR);
    }

    /** A foreign payment's refund: AMOUNT in its minor units, currencyCode its CURRENCY_CODE ("840"). */
    public Map<String, String> refund(String orderId, String refundOrderId, String amount, String notifyUrl,
            String currencyCode) {
        Map<String, String> request = fields(
                "PAY_ID", config.payId(),
                "ORDER_ID", orderId,
                "REFUND_ORDER_ID", refundOrderId,
                "AMOUNT", amount,
                "CURRENCY_CODE", currencyCode,
                "TXNTYPE", "REFUND");
        putIfPresent(request, "NOTIFY_URL", notifyUrl);
        return post("/pgws/transact", request);
    }
    // paystra:endregion

    // paystra:region qr
    /**
     * A QR code for an order: QR_TYPE "UPI" (a UPI intent any UPI app pays) or "PG" (a link to
     * the hosted payment page). The order holds ORDER_ID, AMOUNT and optionally CUST_NAME,
     * CUST_EMAIL, RETURN_URL, NOTIFY_URL. The answer carries QR_IMAGE_URL, QR_SCAN_URL and UPI_INTENT or
     * PAYMENT_URL; the order stays Pending (006) until the customer pays.
     */
    public Map<String, String> qr(Map<String, String> order, String qrType) {
        Map<String, String> request = fields(
                "PAY_ID", config.payId(),
                "CURRENCY_CODE", CURRENCY_INR,
                "QR_TYPE", qrType);
        for (String key : new String[] {"ORDER_ID", "AMOUNT", "CUST_NAME", "CUST_EMAIL", "RETURN_URL",
                "NOTIFY_URL"}) {
            putIfPresent(request, key, order.get(key));
        }
        return post("/pgws/qr", request);
    }
    // paystra:endregion

    // paystra:region payout
    /**
     * Sends money to a beneficiary. The request holds PAYOUT_ID, AMOUNT (paise), TRANSFER_MODE
     * (NEFT, RTGS, IMPS or UPI), BENEFICIARY_NAME, and BENEFICIARY_ACCOUNT + BENEFICIARY_IFSC
     * or (UPI) BENEFICIARY_VPA, optionally REMARKS. STATUS: Processed (with a UTR), Pending, Failed.
     */
    public Map<String, String> payout(Map<String, String> request) {
        Map<String, String> fields = fields("PAY_ID", config.payId(), "CURRENCY_CODE", CURRENCY_INR);
        request.forEach((key, value) -> putIfPresent(fields, key, value));
        return post("/pgws/payout", fields);
    }

    /** The stored answer of an earlier payout (328 when the gateway never saw it). */
    public Map<String, String> payoutStatus(String payoutId) {
        return post("/pgws/payout/status", fields("PAY_ID", config.payId(), "PAYOUT_ID", payoutId));
    }
    // paystra:endregion

    // paystra:region settlements
    /**
     * A settlement: its fields (SETTLEMENT_ID, UTR, SETTLEMENT_DATE, CYCLE_FROM, CYCLE_TO, the
     * counts, GROSS_AMOUNT, REFUNDS_AMOUNT, FEES_AMOUNT, GST_AMOUNT, ADJUSTMENTS_AMOUNT,
     * NET_AMOUNT, BANK_ACCOUNT, STATUS PROCESSED or CARRIED_FORWARD, all paise as strings) and its
     * lines (TYPE PAYMENT, REFUND, DISPUTE_HOLD, DISPUTE_RELEASE, CARRY_FORWARD, COLLECTION (a
     * virtual account's credit) or FEE, ORDER_ID, TXN_ID, AMOUNT, FEE, GST, NET, DISPUTE_ID,
     * SOURCE_SETTLEMENT_ID, ...).
     * From settlement(...) the fields are the verified answer (HASH and LINES' JSON text included).
     */
    public record Settlement(Map<String, String> fields, List<Map<String, String>> lines) {
        public Settlement {
            fields = frozen(fields);
            lines = frozen(lines);
        }

        /** A field, or "" when absent: settlement.get("UTR") is "" when it was carried forward. */
        public String get(String field) {
            return fields.getOrDefault(field, "");
        }
    }

    /**
     * A verified answer listing settlements (settlements(...), runSettlement(...)): its fields and
     * SETTLEMENTS parsed, each a settlement's fields without its lines.
     */
    public record Settlements(Map<String, String> fields, List<Map<String, String>> settlements) {
        public Settlements {
            fields = frozen(fields);
            settlements = frozen(settlements);
        }
    }

    /**
     * What the gateway holds of one order's money: the verified fields and RECON parsed, one entry
     * per movement (TYPE PAYMENT, REFUND, DISPUTE_HOLD or DISPUTE_RELEASE; TXN_ID, AMOUNT, FEE,
     * GST, NET, DATE, DISPUTE_ID, STATE SETTLED (paid out), CARRIED_FORWARD or UNSETTLED,
     * SETTLEMENT_ID, SETTLEMENT_DATE, SETTLEMENT_STATUS, PAID_BY_SETTLEMENT_ID, UTR,
     * EXPECTED_SETTLEMENT_DATE); none for an order that was never captured.
     */
    public record Recon(Map<String, String> fields, List<Map<String, String>> entries) {
        public Recon {
            fields = frozen(fields);
            entries = frozen(entries);
        }
    }

    /**
     * The merchant's settlements dated from to to, both included (at most 92 days), without
     * their lines. A refusal (339 a bad range, 340 longer than 92 days) throws RefusedError.
     */
    public Settlements settlements(LocalDate from, LocalDate to) {
        if (from == null || to == null) {
            throw new IllegalArgumentException("settlements(from, to) needs both dates");
        }
        Map<String, String> answer = postAccepted("/pgws/settlements", fields(
                "PAY_ID", config.payId(),
                "FROM", from.toString(),
                "TO", to.toString()));
        return new Settlements(answer, list(answer, "SETTLEMENTS"));
    }

    /**
     * One settlement with its lines, by its SETTLEMENT_ID (setl_...) or by the UTR of its bank
     * transfer. 338 (none such, or another merchant's) throws RefusedError.
     */
    public Settlement settlement(String settlementIdOrUtr) {
        Map<String, String> answer = postAccepted("/pgws/settlement", settlementRequest(settlementIdOrUtr, "JSON"));
        return new Settlement(answer, list(answer, "LINES"));
    }

    /**
     * One page of a settlement's lines (page from 1, pageSize 1 to 1000), with the settlement's
     * fields and LINES_COUNT and PAGES, which say how many there are. A bad page (358) throws
     * RefusedError.
     */
    public Settlement settlement(String settlementIdOrUtr, int page, int pageSize) {
        if (page < 1 || pageSize < 1 || pageSize > SETTLEMENT_PAGE_SIZE) {
            throw new IllegalArgumentException("A page is numbered from 1 and holds 1 to " + SETTLEMENT_PAGE_SIZE
                    + " lines: page " + page + ", pageSize " + pageSize);
        }
        Map<String, String> request = settlementRequest(settlementIdOrUtr, "JSON");
        if (page != 1) {
            request.put("PAGE", Integer.toString(page));
        }
        request.put("PAGE_SIZE", Integer.toString(pageSize));
        Map<String, String> answer = postAccepted("/pgws/settlement", request);
        return new Settlement(answer, list(answer, "LINES"));
    }

    /**
     * A settlement's lines as the gateway's CSV file (RFC 4180, a header row, a TOTAL row last,
     * CRLF), to keep or hand to an accountant. The CSV carries no HASH: act on the figures of
     * settlement(...), which are verified. A refusal throws RefusedError, as settlement(...) does.
     */
    public String settlementCsv(String settlementIdOrUtr) {
        Answer answer = send("/pgws/settlement", Json.write(Hash.withHash(
                settlementRequest(settlementIdOrUtr, "CSV"), config.salt())));
        if (answer.contentType().toLowerCase(Locale.ROOT).startsWith("text/csv")) {
            return answer.body();
        }
        if (!answer.isJson()) {
            throw new PaystraException("The gateway answered HTTP " + answer.status() + " without CSV or JSON at "
                    + answer.uri());
        }
        Map<String, String> fields = verified(answer.body());
        if (!SUCCESS_CODE.equals(fields.get("RESPONSE_CODE"))) {
            throw new RefusedError(fields);
        }
        throw new PaystraException("The gateway answered JSON where a CSV file was asked for, at " + answer.uri());
    }

    /**
     * Every captured payment of an order and its refunds, with where each was settled or, not
     * yet settled, when it will be. An unknown order (328) throws RefusedError.
     */
    public Recon recon(String orderId) {
        if (orderId == null || orderId.isBlank()) {
            throw new IllegalArgumentException("recon(orderId) needs an ORDER_ID");
        }
        Map<String, String> answer = postAccepted("/pgws/recon", fields(
                "PAY_ID", config.payId(),
                "ORDER_ID", orderId));
        return new Recon(answer, list(answer, "RECON"));
    }

    /**
     * A virtual account's money, as recon(orderId) answers an order's: its setup fee (TYPE FEE, NET
     * negative) and its credits (TYPE COLLECTION, TXN_ID the CREDIT_ID), each with where it was
     * settled or, not yet settled, when it will be. An unknown account (376) throws RefusedError.
     */
    public Recon reconVirtualAccount(String vaId) {
        Map<String, String> answer = postAccepted("/pgws/recon", fields(
                "PAY_ID", config.payId(),
                "VA_ID", vaId(vaId)));
        return new Recon(answer, list(answer, "RECON"));
    }

    /**
     * Sandbox test call: settles, as if the clock read asOf (ISO 8601 with an offset, e.g.
     * 2026-11-30T11:00:00+05:30), every payment and refund due by then, and answers the
     * settlements dated in the 92 days up to asOf. A second identical run creates nothing new.
     */
    public Settlements runSettlement(String asOf) {
        return runSettlement(asOf, "");
    }

    /** As runSettlement(asOf), with the settlement.processed webhooks sent to notifyUrl ("" for the default). */
    public Settlements runSettlement(String asOf, String notifyUrl) {
        if (asOf == null || asOf.isBlank()) {
            throw new IllegalArgumentException("runSettlement(asOf) needs an ISO 8601 date-time with an offset");
        }
        Map<String, String> request = fields("PAY_ID", config.payId(), "AS_OF", asOf);
        putIfPresent(request, "NOTIFY_URL", notifyUrl);
        Map<String, String> answer = postAccepted("/pgws/settlement/run", request);
        return new Settlements(answer, list(answer, "SETTLEMENTS"));
    }
    // paystra:endregion

    /**
     * One settlement with every page of its lines (what Reconciliation.reconcile needs): the first
     * page's fields, then each further page's lines. A refused page throws RefusedError; pages
     * that do not add up to LINES_COUNT throw PaystraException.
     */
    public Settlement settlementWithAllLines(String settlementIdOrUtr) {
        Settlement first = settlement(settlementIdOrUtr, 1, SETTLEMENT_PAGE_SIZE);
        List<Map<String, String>> lines = new ArrayList<>(first.lines());
        for (int page = 2; page <= count(first.fields(), "PAGES", 1); page++) {
            lines.addAll(settlement(settlementIdOrUtr, page, SETTLEMENT_PAGE_SIZE).lines());
        }
        if (lines.size() != count(first.fields(), "LINES_COUNT", lines.size())) {
            throw new PaystraException("The settlement's pages hold " + lines.size() + " lines, not its LINES_COUNT");
        }
        return new Settlement(first.fields(), lines);
    }

    /**
     * A GST invoice: its verified fields and LINES (JSON: a line per kind of fee, DESCRIPTION, SAC,
     * TAXABLE_AMOUNT, CGST_AMOUNT, SGST_AMOUNT, IGST_AMOUNT, GST_AMOUNT, TOTAL_AMOUNT...), or the
     * PDF's bytes (PDF; fields and lines then empty).
     */
    public record Invoice(Map<String, String> fields, List<Map<String, String>> lines, byte[] pdf) {
        public Invoice {
            fields = frozen(fields);
            lines = frozen(lines);
        }
    }

    /** The GST invoice of a month's fees, as verified fields: gstInvoice(month, "JSON"). */
    public Invoice gstInvoice(YearMonth month) {
        return gstInvoice(month, "JSON");
    }

    /**
     * The GST invoice of a month's fees (2000-01 to 2099-12): format "JSON" answers its verified
     * fields, "PDF" the PDF's bytes. A refusal (355 a bad MONTH, 356 a bad FORMAT) throws
     * RefusedError.
     */
    public Invoice gstInvoice(YearMonth month, String format) {
        if (month == null || month.getYear() < 2000 || month.getYear() > 2099) {
            throw new IllegalArgumentException("gstInvoice needs a month from 2000-01 to 2099-12: " + month);
        }
        if (!"JSON".equals(format) && !"PDF".equals(format)) {
            throw new IllegalArgumentException("FORMAT is JSON or PDF: " + format);
        }
        Map<String, String> request = fields("PAY_ID", config.payId(), "MONTH", month.toString());
        if (format.equals("JSON")) {
            Map<String, String> answer = postAccepted("/pgws/gst-invoice", request);
            return new Invoice(answer, list(answer, "LINES"), null);
        }
        request.put("FORMAT", "PDF");
        Answer answer = send("/pgws/gst-invoice", Json.write(Hash.withHash(request, config.salt())),
                "application/pdf, application/json");
        if (answer.contentType().toLowerCase(Locale.ROOT).startsWith("application/pdf")) {
            return new Invoice(Map.of(), List.of(), answer.bytes());
        }
        if (!answer.isJson()) {
            throw new PaystraException("The gateway answered HTTP " + answer.status() + " without a PDF or JSON at "
                    + answer.uri());
        }
        Map<String, String> fields = verified(answer.body());
        if (!SUCCESS_CODE.equals(fields.get("RESPONSE_CODE"))) {
            throw new RefusedError(fields);
        }
        throw new PaystraException("The gateway answered JSON where a PDF was asked for, at " + answer.uri());
    }

    /** A count the answer gives as digits (PAGES, LINES_COUNT); a gateway without pages gives none. */
    private static int count(Map<String, String> answer, String key, int absent) {
        String value = answer.get(key);
        if (value == null) {
            return absent;
        }
        if (!value.matches("[0-9]{1,9}")) {
            throw new PaystraException("The gateway's " + key + " is not a number: " + value);
        }
        return Integer.parseInt(value);
    }

    // paystra:region fx
    /**
     * The rates the gateway converts foreign card payments at (fields: RATES_DATE...): rates maps
     * CURRENCY_CODE to rupees per unit ("840" -> "84.2150"), currencies lists every currency it
     * takes (CURRENCY_CODE, CODE, NAME, MINOR_UNITS, FX_RATE), INR first at "1.0000".
     */
    public record FxRates(Map<String, String> fields, Map<String, String> rates, List<Map<String, String>> currencies) {
        public FxRates {
            fields = frozen(fields);
            rates = frozen(rates);
            currencies = frozen(currencies);
        }
    }

    /** The gateway's rates of the day; its answer verified, RATES and CURRENCIES parsed. */
    public FxRates fxRates() {
        Map<String, String> answer = postAccepted("/pgws/fx", fields("PAY_ID", config.payId()));
        return new FxRates(answer, object(answer, "RATES"), list(answer, "CURRENCIES"));
    }
    // paystra:endregion

    // paystra:region clock
    /**
     * The sandbox clock moved forward (advanceClock): the verified fields (FROM and NOW, ISO 8601
     * in UTC), the settlements made on the way (each a settlement's fields without its lines) and
     * what happened, oldest first: AT (IST, on the merchant's clock), TYPE PAYMENT_CAPTURED or
     * SETTLEMENT, REFERENCE the payment's ORDER_ID or the SETTLEMENT_ID.
     */
    public record ClockAdvance(Map<String, String> fields, List<Map<String, String>> settlements,
            List<Map<String, String>> happened) {
        public ClockAdvance {
            fields = frozen(fields);
            settlements = frozen(settlements);
            happened = frozen(happened);
        }
    }

    /**
     * Sandbox only: the merchant's clock, its verified answer with NOW (ISO 8601 in UTC): real time
     * plus its advances. Every time the gateway writes for the merchant (payments, refunds,
     * webhooks' created, settlements, disputes, RESPONSE_DATE_TIME) is read from it.
     */
    public Map<String, String> clock() {
        return postAccepted("/pgws/clock", fields("PAY_ID", config.payId()));
    }

    /**
     * Sandbox only: moves the merchant's clock forward, by a whole number of hours or days
     * (advanceClock("36h", null), "4d") or to a time (advanceClock(null, "2026-12-10T11:00:00+05:30"),
     * ISO 8601 with an offset), at most 400 days a call; exactly one of them. On the way, in time
     * order, pending late payments are confirmed and each working day's settlement runs, each with
     * its webhooks. A refusal throws RefusedError: 364 not forward or more than 400 days, 341,
     * 353, 359 a TO read as AS_OF is, 362 the demo merchant's clock on a public sandbox
     * (answer().get("ACCOUNT_URL") makes a sandbox account of your own).
     */
    public ClockAdvance advanceClock(String by, String to) {
        boolean hasBy = by != null && !by.isBlank();
        if (hasBy == (to != null && !to.isBlank())) {
            throw new IllegalArgumentException("advanceClock needs one of BY (36h, 4d) or TO (a time), not both");
        }
        if (hasBy && !by.matches("[1-9][0-9]{0,4}[hd]")) {
            throw new IllegalArgumentException("BY must be a whole number of hours or days, e.g. 36h or 4d: " + by);
        }
        Map<String, String> answer = postAccepted("/pgws/clock/advance",
                fields("PAY_ID", config.payId(), hasBy ? "BY" : "TO", hasBy ? by : to));
        return new ClockAdvance(answer, list(answer, "SETTLEMENTS"), list(answer, "HAPPENED"));
    }
    // paystra:endregion

    /** The transfer modes a virtual account takes a credit by. */
    public static final List<String> CREDIT_MODES = List.of("NEFT", "RTGS", "IMPS", "UPI");
    /** The longest DESCRIPTION a payment link takes. */
    public static final int DESCRIPTION_CHARACTERS = 255;
    private static final Pattern PAYLINK_ID = Pattern.compile("plink_[A-Za-z0-9]{14}");
    private static final Pattern VA_ID = Pattern.compile("va_[A-Za-z0-9]{14}");
    private static final Pattern AMOUNT = Pattern.compile("[1-9][0-9]{0,9}");
    /** A REFERENCE_ID has an ORDER_ID's shape. */
    private static final Pattern REFERENCE_ID = Pattern.compile("[A-Za-z0-9:/@_-]{1,50}");

    // paystra:region paylinks
    /**
     * A payment link: a page at SHORT_URL where a customer pays AMOUNT once, by any method its
     * currency allows (cards alone for a foreign one). link: AMOUNT (minor units of CURRENCY_CODE,
     * "356" rupees by default), DESCRIPTION (1 to 255 characters, no control characters), and
     * optionally CUST_NAME, CUST_EMAIL, CUST_PHONE, EXPIRE_BY (ISO 8601 with an offset: 15 minutes
     * to 366 days after the merchant's clock), REFERENCE_ID (yours, unique, an ORDER_ID's shape),
     * NOTIFY_URL (the paylink.* webhooks), VALIDATE_BENEFICIARY (Y or N). The verified answer is
     * the link, STATUS CREATED, with PAYLINK_ID, LINK_FEE and LINK_GST (paise); check
     * RESPONSE_CODE: 370 DESCRIPTION, 371 EXPIRE_BY, 374 a REFERENCE_ID used before, 375 the
     * customer's details, 378 VALIDATE_BENEFICIARY, 319 the currency, 320 AMOUNT.
     */
    public Map<String, String> createPaylink(Map<String, String> link) {
        return post("/pgws/paylink", paylinkRequest(link));
    }

    /**
     * Cancels a link nobody has paid: the link, STATUS CANCELLED with CANCELLED_AT
     * (paylink.cancelled is sent). 372 no such link, 373 one already paid, expired or cancelled.
     */
    public Map<String, String> cancelPaylink(String paylinkId) {
        return post("/pgws/paylink/cancel", fields("PAY_ID", config.payId(), "PAYLINK_ID", paylinkId(paylinkId)));
    }
    // paystra:endregion

    // paystra:region paylink-status
    /**
     * A link as it stands by its PAYLINK_ID: STATUS CREATED, PAID (with ORDER_ID, TXN_ID and
     * PAID_AT), EXPIRED (EXPIRED_AT) or CANCELLED (CANCELLED_AT). A link past its EXPIRE_BY on the
     * merchant's clock is EXPIRED by this very read. 372: no such link of yours.
     */
    public Map<String, String> paylinkStatus(String paylinkId) {
        return post("/pgws/paylink/status", fields("PAY_ID", config.payId(), "PAYLINK_ID", paylinkId(paylinkId)));
    }

    /** As paylinkStatus(paylinkId), the link found by the REFERENCE_ID you gave it. */
    public Map<String, String> paylinkStatusByReference(String referenceId) {
        return post("/pgws/paylink/status", fields("PAY_ID", config.payId(),
                "REFERENCE_ID", referenceId(referenceId == null ? null : referenceId.strip())));
    }
    // paystra:endregion

    /**
     * A virtual account with its credits (virtualAccountStatus): the verified fields (VA_ID,
     * ACCOUNT_NUMBER, IFSC, VPA, STATUS ACTIVE or CLOSED, ...) and CREDITS parsed, newest first (at
     * most 100), each with CREDIT_ID, AMOUNT, MODE, PAYER_NAME, UTR, STATUS (CREDITED or
     * RETURNED), CREDITED_AT, FEE, GST and SETTLEMENT_ID ("" until a settlement pays it).
     */
    public record VirtualAccount(Map<String, String> fields, List<Map<String, String>> credits) {
        public VirtualAccount {
            fields = frozen(fields);
            credits = frozen(credits);
        }

        /** A field, or "" when absent: account.get("CLOSED_AT") is "" while it is ACTIVE. */
        public String get(String field) {
            return fields.getOrDefault(field, "");
        }
    }

    // paystra:region virtual-accounts
    /**
     * A virtual account for one customer (account: CUST_NAME, and optionally REFERENCE_ID, yours and
     * unique, and NOTIFY_URL for the virtual_account.* webhooks): ACCOUNT_NUMBER and IFSC take NEFT,
     * RTGS and IMPS, VPA takes UPI. The verified answer is the account, STATUS ACTIVE, with VA_ID,
     * SETUP_FEE and SETUP_GST (paise); check RESPONSE_CODE: 374 a REFERENCE_ID used before, 375
     * CUST_NAME, 357 NOTIFY_URL.
     */
    public Map<String, String> createVirtualAccount(Map<String, String> account) {
        Map<String, String> request = fields("PAY_ID", config.payId());
        account.forEach((key, value) -> putIfPresent(request, key, value == null ? null : value.strip()));
        if (!request.containsKey("CUST_NAME")) {
            throw new IllegalArgumentException("createVirtualAccount needs CUST_NAME: who pays into the account");
        }
        if (request.containsKey("REFERENCE_ID")) {
            referenceId(request.get("REFERENCE_ID"));
        }
        return post("/pgws/virtual-account", withoutTilde(request));
    }

    /**
     * Closes an account: STATUS CLOSED with CLOSED_AT; a transfer into it from then on is returned
     * to the payer (virtual_account.credit_returned). 376 no such account, 377 one already closed.
     */
    public Map<String, String> closeVirtualAccount(String vaId) {
        return post("/pgws/virtual-account/close", fields("PAY_ID", config.payId(), "VA_ID", vaId(vaId)));
    }
    // paystra:endregion

    // paystra:region virtual-account-status
    /**
     * An account as it stands (STATUS ACTIVE or CLOSED) with its latest 100 credits, newest first.
     * A refusal throws RefusedError: 376, no such account of yours.
     */
    public VirtualAccount virtualAccountStatus(String vaId) {
        Map<String, String> answer = postAccepted("/pgws/virtual-account/status",
                fields("PAY_ID", config.payId(), "VA_ID", vaId(vaId)));
        return new VirtualAccount(answer, list(answer, "CREDITS"));
    }
    // paystra:endregion

    // paystra:region virtual-account-credit
    /** As creditVirtualAccount(vaId, amount, mode, payerName), without the payer's name. */
    public Map<String, String> creditVirtualAccount(String vaId, String amount, String mode) {
        return creditVirtualAccount(vaId, amount, mode, "");
    }

    /**
     * Sandbox only: a payer's bank transfer of amount (paise) into the account, by mode (NEFT, RTGS,
     * IMPS or UPI), as the bank would make it. The verified answer is the credit: CREDIT_ID, UTR,
     * STATUS CREDITED with FEE, GST and NET (virtual_account.credited), or, into a closed account,
     * RETURNED under RESPONSE_CODE 377 with a RETURN_REASON. Check RESPONSE_CODE: 376 no such
     * account, 320 the amount (rupees only), 334 the mode's limits, 375 payerName.
     */
    public Map<String, String> creditVirtualAccount(String vaId, String amount, String mode, String payerName) {
        if (mode == null || !CREDIT_MODES.contains(mode)) {
            throw new IllegalArgumentException("MODE must be NEFT, RTGS, IMPS or UPI: " + mode);
        }
        Map<String, String> request = fields("PAY_ID", config.payId(), "VA_ID", vaId(vaId), "AMOUNT", amount(amount),
                "MODE", mode);
        putIfPresent(request, "PAYER_NAME", payerName == null ? null : payerName.strip());
        return post("/pgws/virtual-account/credit", withoutTilde(request));
    }
    // paystra:endregion

    /** How a subscription's mandate is taken: UPI AutoPay, a card standing instruction, e-NACH. */
    public static final List<String> SUBSCRIPTION_METHODS = List.of("UPI", "CARD", "EMANDATE");
    /** How often a subscription is debited; AS_PRESENTED: whenever the merchant presents a charge. */
    public static final List<String> SUBSCRIPTION_FREQUENCIES = List.of("WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY",
            "AS_PRESENTED");
    /** The categories whose debits need the customer's approval only above Rs 1,00,000. */
    public static final List<String> SUBSCRIPTION_CATEGORIES = List.of("MUTUAL_FUND", "INSURANCE", "CREDIT_CARD_BILL");
    /** The customer's answers the sandbox stands in for (actAsCustomer). */
    public static final List<String> CUSTOMER_ACTIONS = List.of("SKIP", "APPROVE", "PAUSE", "RESUME", "REVOKE");
    /** The largest single debit a method takes, in paise (380 above): Rs 1,00,000, Rs 1,00,000, Rs 1 crore. */
    public static final Map<String, Long> LARGEST_DEBITS = Map.of("UPI", 10_000_000L, "CARD", 10_000_000L,
            "EMANDATE", 1_000_000_000L);
    private static final Pattern SUBSCRIPTION_ID = Pattern.compile("sub_[A-Za-z0-9]{14}");
    private static final Pattern ISO_DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

    /**
     * A subscription with its debits (subscriptionStatus, cancelSubscription, resumeSubscription,
     * presentCharge, actAsCustomer): the verified fields (SUBSCRIPTION_ID, SUBSCRIPTION_REF, METHOD,
     * FREQUENCY, AMOUNT, MAX_AMOUNT, AUTH_URL, STATUS CREATED, ACTIVE, PENDING, PAUSED, HALTED,
     * COMPLETED, CANCELLED or FAILED, INSTRUMENT, PAID_CYCLES, NEXT_DEBIT_AT, and once CANCELLED,
     * CANCELLED_BY: MERCHANT for your cancel, CUSTOMER for a revocation, ...) and DEBITS parsed, newest first (at most 100), each attempt
     * with DEBIT_ID, CYCLE, ATTEMPT, AMOUNT, NOTIFIED_AT, DEBIT_AT, APPROVAL_REQUIRED and APPROVED (Y
     * or N), STATUS (NOTIFIED, CHARGED, FAILED, SKIPPED or STOPPED), RESPONSE_CODE, and ORDER_ID,
     * TXN_ID, FEE and GST once it reached the bank.
     */
    public record Subscription(Map<String, String> fields, List<Map<String, String>> debits) {
        public Subscription {
            fields = frozen(fields);
            debits = frozen(debits);
        }

        /** A field, or "" when absent: subscription.get("NEXT_DEBIT_AT") is "" without an open notice. */
        public String get(String field) {
            return fields.getOrDefault(field, "");
        }
    }

    // paystra:region subscriptions
    /**
     * A subscription: a mandate your customer registers once on the page at AUTH_URL, then debits on
     * its schedule, each noticed 24 to 48 hours ahead. subscription: SUBSCRIPTION_REF (yours, unique,
     * an ORDER_ID's shape), METHOD (UPI, CARD or EMANDATE), FREQUENCY (WEEKLY, MONTHLY, QUARTERLY,
     * YEARLY or AS_PRESENTED), AMOUNT (paise, each debit; none for AS_PRESENTED), MAX_AMOUNT (paise,
     * the most one debit may take: at least AMOUNT, at most Rs 1,00,000 on UPI and cards, Rs 1 crore
     * on e-NACH), START_DATE (YYYY-MM-DD, IST: from the account's today, within 366 days),
     * DESCRIPTION (1 to 255 characters), CUST_NAME, CUST_EMAIL, CUST_PHONE, RETURN_URL (where the
     * mandate page returns the customer), and optionally END_DATE (after START_DATE, within 10 years:
     * the default), CATEGORY (MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL) and NOTIFY_URL (the
     * subscription.* webhooks). The verified answer is the subscription, STATUS CREATED, with
     * SUBSCRIPTION_ID and AUTH_URL; check RESPONSE_CODE: 374 a SUBSCRIPTION_REF used before, 375 the
     * customer's details, 388 a date the account's clock refuses, 380, 379, 327, 326, 320, 370, 325,
     * 357. A field the gateway would refuse whatever its clock says throws IllegalArgumentException
     * before anything is sent.
     */
    public Map<String, String> createSubscription(Map<String, String> subscription) {
        return post("/pgws/subscription", subscriptionRequest(subscription));
    }

    /**
     * Cancels a subscription (the merchant's cancel): STATUS CANCELLED with ENDED_AT and CANCELLED_BY
     * MERCHANT, an open notice's debit STOPPED (385), subscription.cancelled sent. The answer is the
     * subscription with its debits, as subscriptionStatus gives it. A refusal throws RefusedError:
     * 387 no such subscription, 385 one already cancelled, completed or failed.
     */
    public Subscription cancelSubscription(String subscriptionId) {
        return subscription("/pgws/subscription/cancel", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_ID", subscriptionId(subscriptionId)));
    }

    /**
     * Resumes a HALTED subscription (its cycle's last attempt failed): STATUS ACTIVE, the next debit
     * the first cycle whose notice is still ahead; the unpaid cycles are not collected. The answer is
     * the subscription with its debits, as subscriptionStatus gives it. A refusal throws
     * RefusedError: 387 no such subscription, 385 one that is not halted.
     */
    public Subscription resumeSubscription(String subscriptionId) {
        return subscription("/pgws/subscription/resume", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_ID", subscriptionId(subscriptionId)));
    }
    // paystra:endregion

    // paystra:region subscription-status
    /**
     * A subscription as it stands, by its SUBSCRIPTION_ID, with its latest 100 debits, newest first.
     * What fell due on the account's clock runs first. A refusal throws RefusedError: 387, no such
     * subscription of yours.
     */
    public Subscription subscriptionStatus(String subscriptionId) {
        return subscription("/pgws/subscription/status", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_ID", subscriptionId(subscriptionId)));
    }

    /** As subscriptionStatus(subscriptionId), the subscription found by the SUBSCRIPTION_REF you gave it. */
    public Subscription subscriptionStatusByReference(String subscriptionRef) {
        String reference = subscriptionRef == null ? null : subscriptionRef.strip();
        if (reference == null || !REFERENCE_ID.matcher(reference).matches()) {
            throw new IllegalArgumentException("SUBSCRIPTION_REF must be 1 to 50 letters, digits or : / @ _ -: "
                    + subscriptionRef);
        }
        return subscription("/pgws/subscription/status", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_REF", reference));
    }
    // paystra:endregion

    // paystra:region subscription-charge
    /**
     * Presents a charge of amount paise (at most MAX_AMOUNT) on an AS_PRESENTED subscription: it is
     * noticed now and debited at the first 07:00 IST at least 24 hours later. The answer is the
     * subscription with its debits, the notice first. A refusal throws RefusedError: 387 no such
     * subscription, 385 not active (not yet registered, or ended), 326 a scheduled one, 386 a presented
     * charge still open, 380 above MAX_AMOUNT.
     */
    public Subscription presentCharge(String subscriptionId, String amount) {
        return subscription("/pgws/subscription/charge", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_ID", subscriptionId(subscriptionId), "AMOUNT", amount(amount)));
    }
    // paystra:endregion

    // paystra:region subscription-customer
    /**
     * Sandbox only: the customer's answer, as their UPI app, bank or card issuer would send it: SKIP a
     * noticed debit (it ends 382), APPROVE one above the limit (APPROVAL_REQUIRED Y), PAUSE or RESUME
     * a UPI mandate, REVOKE it (CANCELLED, INSTRUMENT emptied). The answer is the subscription with
     * its debits. A refusal throws RefusedError: 387 no such subscription, 385 no longer active, 326
     * an action the state or the method does not allow.
     */
    public Subscription actAsCustomer(String subscriptionId, String action) {
        if (action == null || !CUSTOMER_ACTIONS.contains(action)) {
            throw new IllegalArgumentException("ACTION must be SKIP, APPROVE, PAUSE, RESUME or REVOKE: " + action);
        }
        return subscription("/pgws/subscription/customer", fields("PAY_ID", config.payId(),
                "SUBSCRIPTION_ID", subscriptionId(subscriptionId), "ACTION", action));
    }
    // paystra:endregion

    /** A subscription call that answers the subscription with DEBITS; a refusal throws RefusedError. */
    private Subscription subscription(String path, Map<String, String> request) {
        Map<String, String> answer = postAccepted(path, request);
        return new Subscription(answer, list(answer, "DEBITS"));
    }

    /**
     * A subscription's request: its fields given, trimmed, each checked as the gateway checks it but
     * for what depends on the account's clock (START_DATE's range: 388) or its store (374).
     */
    private Map<String, String> subscriptionRequest(Map<String, String> subscription) {
        Map<String, String> request = fields("PAY_ID", config.payId());
        subscription.forEach((key, value) -> putIfPresent(request, key, value == null ? null : value.strip()));
        String reference = request.get("SUBSCRIPTION_REF");
        if (reference == null || !REFERENCE_ID.matcher(reference).matches()) {
            throw new IllegalArgumentException("SUBSCRIPTION_REF must be 1 to 50 letters, digits or : / @ _ -: " + reference);
        }
        String method = request.getOrDefault("METHOD", "");
        if (!SUBSCRIPTION_METHODS.contains(method)) {
            throw new IllegalArgumentException("METHOD must be UPI, CARD or EMANDATE: " + method);
        }
        String frequency = request.getOrDefault("FREQUENCY", "");
        if (!SUBSCRIPTION_FREQUENCIES.contains(frequency)) {
            throw new IllegalArgumentException("FREQUENCY must be WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED: "
                    + frequency);
        }
        long most = Long.parseLong(paise("MAX_AMOUNT", request.get("MAX_AMOUNT")));
        if (frequency.equals("AS_PRESENTED")) {
            if (request.containsKey("AMOUNT")) {
                throw new IllegalArgumentException("AMOUNT must be left out for AS_PRESENTED: each presented charge names its own");
            }
        } else if (Long.parseLong(paise("AMOUNT", request.get("AMOUNT"))) > most) {
            throw new IllegalArgumentException("AMOUNT must be at most MAX_AMOUNT");
        }
        if (most > LARGEST_DEBITS.get(method)) {
            throw new IllegalArgumentException("MAX_AMOUNT must be at most " + LARGEST_DEBITS.get(method) + " paise on " + method);
        }
        LocalDate start = isoDate("START_DATE", request.get("START_DATE"));
        if (request.containsKey("END_DATE") && !isoDate("END_DATE", request.get("END_DATE")).isAfter(start)) {
            throw new IllegalArgumentException("END_DATE must be after START_DATE");
        }
        String category = request.get("CATEGORY");
        if (category != null && !SUBSCRIPTION_CATEGORIES.contains(category)) {
            throw new IllegalArgumentException("CATEGORY must be MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL, or left out: "
                    + category);
        }
        String description = request.getOrDefault("DESCRIPTION", "");
        if (description.isEmpty() || description.length() > DESCRIPTION_CHARACTERS || CONTROL.matcher(description).find()) {
            throw new IllegalArgumentException("DESCRIPTION must be 1 to " + DESCRIPTION_CHARACTERS
                    + " characters, without control characters");
        }
        return withoutTilde(request);
    }

    private static String subscriptionId(String subscriptionId) {
        if (subscriptionId == null || !SUBSCRIPTION_ID.matcher(subscriptionId).matches()) {
            throw new IllegalArgumentException("SUBSCRIPTION_ID must be sub_ and 14 letters and digits: " + subscriptionId);
        }
        return subscriptionId;
    }

    /** An amount field in paise: digits, no leading zero, at most 10 of them (320 otherwise). */
    private static String paise(String field, String amount) {
        if (amount == null || !AMOUNT.matcher(amount).matches()) {
            throw new IllegalArgumentException(field + " must be whole paise: digits only, no leading zero (100 = Rs 1.00): "
                    + amount);
        }
        return amount;
    }

    /** A real date as YYYY-MM-DD (388 otherwise). */
    private static LocalDate isoDate(String field, String date) {
        try {
            if (date != null && ISO_DATE.matcher(date).matches()) {
                return LocalDate.parse(date);
            }
        } catch (DateTimeParseException e) {
            // not a date of the calendar: said below
        }
        throw new IllegalArgumentException(field + " must be a date, YYYY-MM-DD: " + date);
    }

    /**
     * A link's request: its fields given, trimmed (CURRENCY_CODE 356 unless given), with AMOUNT,
     * DESCRIPTION and VALIDATE_BENEFICIARY checked as the gateway checks them.
     */
    private Map<String, String> paylinkRequest(Map<String, String> link) {
        Map<String, String> request = fields("PAY_ID", config.payId(), "CURRENCY_CODE", CURRENCY_INR);
        link.forEach((key, value) -> putIfPresent(request, key, value == null ? null : value.strip()));
        amount(request.get("AMOUNT"));
        String description = request.getOrDefault("DESCRIPTION", "");
        if (description.isEmpty() || description.length() > DESCRIPTION_CHARACTERS || CONTROL.matcher(description).find()) {
            throw new IllegalArgumentException("DESCRIPTION must be 1 to " + DESCRIPTION_CHARACTERS
                    + " characters, without control characters");
        }
        String validate = request.get("VALIDATE_BENEFICIARY");
        if (validate != null && !validate.equals("Y") && !validate.equals("N")) {
            throw new IllegalArgumentException("VALIDATE_BENEFICIARY must be Y or N: " + validate);
        }
        if (request.containsKey("REFERENCE_ID")) {
            referenceId(request.get("REFERENCE_ID"));
        }
        return withoutTilde(request);
    }

    private static String paylinkId(String paylinkId) {
        if (paylinkId == null || !PAYLINK_ID.matcher(paylinkId).matches()) {
            throw new IllegalArgumentException("PAYLINK_ID must be plink_ and 14 letters and digits: " + paylinkId);
        }
        return paylinkId;
    }

    private static String vaId(String vaId) {
        if (vaId == null || !VA_ID.matcher(vaId).matches()) {
            throw new IllegalArgumentException("VA_ID must be va_ and 14 letters and digits: " + vaId);
        }
        return vaId;
    }

    private static String referenceId(String referenceId) {
        if (referenceId == null || !REFERENCE_ID.matcher(referenceId).matches()) {
            throw new IllegalArgumentException("REFERENCE_ID must be 1 to 50 letters, digits or : / @ _ -: " + referenceId);
        }
        return referenceId;
    }

    private static String amount(String amount) {
        if (amount == null || !AMOUNT.matcher(amount).matches()) {
            throw new IllegalArgumentException("AMOUNT must be whole paise: digits only, no leading zero (100 = Rs 1.00): "
                    + amount);
        }
        return amount;
    }

    /** The request, refused here when a value holds "~": the gateway refuses it in any value (326, unsigned). */
    private static Map<String, String> withoutTilde(Map<String, String> request) {
        request.forEach((key, value) -> {
            if (value.contains("~")) {
                throw new IllegalArgumentException(key + " must not contain \"~\"");
            }
        });
        return request;
    }

    /**
     * A sandbox account just made (createSandboxAccount): a merchant of your own with its own
     * keys. fields() is the sandbox's answer; paystraEnv() is the text of its paystra.env, which
     * Config.writeEnvFile saves and Config.load reads as it is.
     */
    public record SandboxAccount(Map<String, String> fields) {
        public SandboxAccount {
            fields = frozen(fields);
        }

        public String payId() {
            return fields.get("PAY_ID");
        }

        /** Signs the account's requests: keep it on your server. */
        public String salt() {
            return fields.get("SALT");
        }

        public String keySalt() {
            return fields.get("KEY_SALT");
        }

        public String merchantHostedKey() {
            return fields.get("MERCHANT_HOSTED_KEY");
        }

        public String webhookSecret() {
            return fields.get("WEBHOOK_SECRET");
        }

        /** The business name its payment pages show. */
        public String name() {
            return fields.get("NAME");
        }

        /** The sandbox's base URL (PAYSTRA_BASE_URL). */
        public String baseUrl() {
            return fields.get("PAYSTRA_BASE_URL");
        }

        /** The account's console: its secret link, the only way in. */
        public String consoleUrl() {
            return fields.get("CONSOLE_URL");
        }

        /** Where the console serves its paystra.env. */
        public String paystraEnvUrl() {
            return fields.get("PAYSTRA_ENV_URL");
        }

        /** The text of its paystra.env. */
        public String paystraEnv() {
            return fields.get("PAYSTRA_ENV");
        }

        /** The days the sandbox keeps the account while nobody uses it. */
        public int idleDays() {
            return Integer.parseInt(fields.getOrDefault("IDLE_DAYS", "0"));
        }

        @Override
        public String toString() {
            // The salts, the webhook secret and the console's link stay out of logs.
            return "SandboxAccount[payId=" + payId() + ", name=" + name() + ", baseUrl=" + baseUrl() + "]";
        }
    }

    // paystra:region sandbox-account
    /**
     * Makes a sandbox account (POST baseUrl/accounts): a merchant of your own, made without keys.
     * baseUrl is the sandbox's, e.g. http://localhost:3000/sandbox (PAYSTRA_BASE_URL); without a
     * name (null or blank) the sandbox calls the account "Test store". The name is checked as the
     * sandbox checks it (IllegalArgumentException before anything is sent). A refusal throws
     * RefusedError with code() and httpStatus(): 360 the name (400), 344 too many accounts from
     * this address this hour (429), 361 the sandbox is full (503). No answer, or one that is not
     * JSON (a base URL that is no Paystra sandbox), throws PaystraException.
     */
    public static SandboxAccount createSandboxAccount(String baseUrl, String name) {
        return createSandboxAccount(baseUrl, name, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build());
    }

    /** As createSandboxAccount(baseUrl, name), through the HttpClient given. */
    public static SandboxAccount createSandboxAccount(String baseUrl, String name, HttpClient http) {
        if (baseUrl == null || !baseUrl.matches("(?i)https?://[^\\s/]+.*")) {
            throw new IllegalArgumentException(
                    "The base URL must be the sandbox's http(s) URL, e.g. http://localhost:3000/sandbox");
        }
        String tidy = accountName(name);
        URI uri = URI.create(baseUrl.replaceAll("/+$", "") + "/accounts");
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        tidy.isEmpty() ? "{}" : Json.write(Map.of("NAME", tidy)), StandardCharsets.UTF_8))
                .build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new PaystraException("Cannot reach the sandbox at " + uri + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PaystraException("Interrupted while waiting for the sandbox", e);
        }
        int status = response.statusCode();
        Map<String, String> answer;
        try {
            answer = Json.parseFlat(new String(response.body(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new PaystraException("The sandbox answered HTTP " + status + " without JSON: is " + uri
                    + " a Paystra sandbox that makes accounts?", e);
        }
        boolean made = status == 201 && "Created".equals(answer.get("STATUS"))
                && List.of("PAY_ID", "SALT", "KEY_SALT", "PAYSTRA_ENV").stream()
                        .allMatch(key -> !answer.getOrDefault(key, "").isEmpty());
        if (made) {
            return new SandboxAccount(answer);
        }
        if (answer.containsKey("RESPONSE_CODE")) {
            throw new RefusedError(answer, status);
        }
        throw new PaystraException("The sandbox answered HTTP " + status + " without an account");
    }
    // paystra:endregion

    /** The longest sandbox account name. */
    public static final int ACCOUNT_NAME_LENGTH = 60;
    // White space as the sandbox trims and joins it (JavaScript's \s), which Java's own is not.
    private static final Pattern ACCOUNT_NAME_SPACE = Pattern.compile(
            "[\\t\\n\\x0B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]+");
    private static final Pattern ACCOUNT_NAME = Pattern.compile("[\\p{L}\\p{M}\\p{N} .,&'()\\-/]+");
    private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x1F\\x7F]");

    /**
     * A sandbox account's name as the sandbox stores it (trimmed, each run of white space one
     * space), or "" for none; IllegalArgumentException for one it refuses (360): more than 60
     * characters, a control character, or anything but letters, digits, spaces and . , & ' ( ) - /.
     */
    public static String accountName(String name) {
        if (name == null) {
            return "";
        }
        String tidy = ACCOUNT_NAME_SPACE.matcher(name).replaceAll(" ").strip();
        if (tidy.isEmpty()) {
            return "";
        }
        // length() counts UTF-16 code units, as the sandbox does.
        if (tidy.length() > ACCOUNT_NAME_LENGTH || CONTROL.matcher(name).find()
                || !ACCOUNT_NAME.matcher(tidy).matches()) {
            throw new IllegalArgumentException("The account name must be up to " + ACCOUNT_NAME_LENGTH
                    + " letters, digits, spaces and . , & ' ( ) - / characters");
        }
        return tidy;
    }

    // paystra:region disputes
    /**
     * A verified answer listing disputes, oldest first: each with DISPUTE_ID, ORDER_ID, TXN_ID,
     * PG_REF_NUM, AMOUNT (the payment's currency), CURRENCY_CODE, INR_AMOUNT, REASON_CODE, REASON,
     * RESPOND_BY, STATUS (OPEN, UNDER_REVIEW, WON, LOST), EVIDENCE_RECEIVED, CREATED_AT,
     * DECIDED_AT and RESOLUTION.
     */
    public record Disputes(Map<String, String> fields, List<Map<String, String>> disputes) {
        public Disputes {
            fields = frozen(fields);
            disputes = frozen(disputes);
        }
    }

    /** The disputes created from to to (IST, both included, at most 92 days); 339/340 throw RefusedError. */
    public Disputes disputes(LocalDate from, LocalDate to) {
        if (from == null || to == null) {
            throw new IllegalArgumentException("disputes(from, to) needs both dates");
        }
        Map<String, String> answer = postAccepted("/pgws/disputes", fields(
                "PAY_ID", config.payId(), "FROM", from.toString(), "TO", to.toString()));
        return new Disputes(answer, list(answer, "DISPUTES"));
    }

    /** The disputes of one order (at most one per payment). */
    public Disputes disputesForOrder(String orderId) {
        if (orderId == null || orderId.isBlank()) {
            throw new IllegalArgumentException("disputesForOrder(orderId) needs an ORDER_ID");
        }
        Map<String, String> answer = postAccepted("/pgws/disputes", fields("PAY_ID", config.payId(), "ORDER_ID", orderId));
        return new Disputes(answer, list(answer, "DISPUTES"));
    }
    // paystra:endregion

    // paystra:region dispute-answer
    /**
     * Accepts a dispute: it is LOST at once and the amount held stays with the customer. The
     * verified answer is the dispute's fields; check RESPONSE_CODE (348 answered, 349 too late).
     */
    public Map<String, String> acceptDispute(String disputeId) {
        return post("/pgws/dispute", fields("PAY_ID", config.payId(), "DISPUTE_ID", disputeId(disputeId),
                "ACTION", "ACCEPT"));
    }

    /**
     * Contests a dispute with why the payment is valid (1 to 5,000 characters) and, optionally
     * (file and fileName both null otherwise), one PDF, JPEG or PNG document of at most 2 MB,
     * sent as Base64 with its name. It is then UNDER_REVIEW until the issuer decides.
     */
    public Map<String, String> contestDispute(String disputeId, String evidence, byte[] file, String fileName) {
        if (evidence == null || evidence.isBlank() || evidence.length() > EVIDENCE_CHARACTERS) {
            throw new IllegalArgumentException("Explain in 1 to 5,000 characters why the payment is valid (EVIDENCE)");
        }
        if ((file == null) != (fileName == null)) {
            throw new IllegalArgumentException("Send the evidence file with its name, or neither");
        }
        Map<String, String> request = fields("PAY_ID", config.payId(), "DISPUTE_ID", disputeId(disputeId),
                "ACTION", "CONTEST", "EVIDENCE", evidence);
        if (file != null) {
            if (file.length > EVIDENCE_FILE_BYTES) {
                throw new IllegalArgumentException("The evidence file may be at most 2 MB");
            }
            request.put("EVIDENCE_FILE", Base64.getEncoder().encodeToString(file));
            request.put("EVIDENCE_FILE_NAME", fileName);
        }
        return post("/pgws/dispute", request);
    }
    // paystra:endregion

    private static String disputeId(String disputeId) {
        if (disputeId == null || !disputeId.matches("dsp_[0-9a-f]{20}")) {
            throw new IllegalArgumentException("DISPUTE_ID must be dsp_ and 20 lower-case hex digits");
        }
        return disputeId;
    }

    /** A field of a verified answer holding JSON text of an object of strings (RATES). */
    @SuppressWarnings("unchecked")
    private static Map<String, String> object(Map<String, String> answer, String field) {
        Object value;
        try {
            value = Json.parse(answer.getOrDefault(field, ""));
        } catch (IllegalArgumentException e) {
            throw new PaystraException("The gateway's " + field + " is not JSON: " + e.getMessage(), e);
        }
        if (!(value instanceof Map)) {
            throw new PaystraException("The gateway's " + field + " is not a JSON object");
        }
        Map<String, String> strings = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : ((Map<String, Object>) value).entrySet()) {
            if (!(entry.getValue() instanceof String string)) {
                throw new PaystraException("The gateway's " + field + " has a " + entry.getKey() + " that is not a string");
            }
            strings.put(entry.getKey(), string);
        }
        return strings;
    }

    /** post(...), with a refusal thrown as RefusedError: the calls that need their list to go on. */
    private Map<String, String> postAccepted(String path, Map<String, String> request) {
        Map<String, String> answer = post(path, request);
        if (!SUCCESS_CODE.equals(answer.get("RESPONSE_CODE"))) {
            throw new RefusedError(answer);
        }
        return answer;
    }

    private Map<String, String> settlementRequest(String settlementIdOrUtr, String format) {
        if (settlementIdOrUtr == null || settlementIdOrUtr.isBlank()) {
            throw new IllegalArgumentException("Name the settlement by its SETTLEMENT_ID (setl_...) or its UTR");
        }
        String reference = settlementIdOrUtr.trim();
        // A SETTLEMENT_ID is setl_ + lower-case hex; a UTR is upper-case letters and digits only.
        Map<String, String> request = fields("PAY_ID", config.payId(),
                reference.startsWith("setl_") ? "SETTLEMENT_ID" : "UTR", reference);
        if (!format.equals("JSON")) {
            request.put("FORMAT", format);
        }
        return request;
    }

    /** A list field of a verified answer: JSON text holding an array of objects of strings. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, String>> list(Map<String, String> answer, String field) {
        String text = answer.get(field);
        if (text == null) {
            throw new PaystraException("The gateway's answer has no " + field);
        }
        Object value;
        try {
            value = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new PaystraException("The gateway's " + field + " is not JSON: " + e.getMessage(), e);
        }
        if (!(value instanceof List)) {
            throw new PaystraException("The gateway's " + field + " is not a JSON array");
        }
        List<Map<String, String>> items = new ArrayList<>();
        for (Object item : (List<Object>) value) {
            if (!(item instanceof Map)) {
                throw new PaystraException("The gateway's " + field + " holds something other than objects");
            }
            Map<String, String> strings = new LinkedHashMap<>();
            for (Map.Entry<String, Object> entry : ((Map<String, Object>) item).entrySet()) {
                if (!(entry.getValue() instanceof String string)) {
                    throw new PaystraException("The gateway's " + field + " has a " + entry.getKey()
                            + " that is not a string");
                }
                strings.put(entry.getKey(), string);
            }
            items.add(strings);
        }
        return items;
    }

    private static Map<String, String> frozen(Map<String, String> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    private static List<Map<String, String>> frozen(List<Map<String, String>> list) {
        List<Map<String, String>> copy = new ArrayList<>();
        list.forEach(item -> copy.add(frozen(item)));
        return Collections.unmodifiableList(copy);
    }

    /**
     * A webhook delivery, verified with PAYSTRA_WEBHOOK_SECRET and, for data's HASH, the salt.
     * Pass the request body exactly as it arrived. Throws WebhookError (reason()) when refused.
     */
    public Webhook.Event verifyWebhook(byte[] rawBody, String header) {
        return Webhook.verify(rawBody, header, config.webhookSecret(), Webhook.Options.salt(config.salt()));
    }

    /** The 32-character AES key of ENCDATA, derived from the key salt and the PAY_ID. */
    public String merchantHostedKey() {
        if (config.keySalt().isEmpty()) {
            throw new PaystraException("PAYSTRA_KEY_SALT is not set: it derives the key of ENCDATA");
        }
        return Cipher.merchantHostedKey(config.keySalt(), config.payId());
    }

    private Map<String, String> saleFields(Map<String, String> order) {
        Map<String, String> fields = fields(
                "PAY_ID", config.payId(),
                "CURRENCY_CODE", CURRENCY_INR,
                "TXNTYPE", "SALE",
                "RETURN_URL", config.appUrl() + "/response");
        order.forEach((key, value) -> putIfPresent(fields, key, value));
        return fields;
    }

    /** What came back over HTTP: the status, the content type and the body's bytes. */
    private record Answer(URI uri, int status, String contentType, byte[] bytes) {
        boolean isJson() {
            return contentType.toLowerCase(Locale.ROOT).contains("json");
        }

        /** The body as text (UTF-8). */
        String body() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private Answer send(String path, String json) {
        return send(path, json, "application/json");
    }

    private Answer send(String path, String json, String accept) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(config.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(request.uri(), response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(""), response.body());
        } catch (IOException e) {
            throw new PaystraException("Cannot reach the gateway at " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PaystraException("Interrupted while waiting for the gateway", e);
        }
    }

    private static Map<String, String> parseAnswer(String body) {
        try {
            return Json.parseFlat(body);
        } catch (IllegalArgumentException e) {
            throw new PaystraException("The gateway's answer is not a JSON object of fields: " + e.getMessage(), e);
        }
    }

    private static Map<String, String> fields(String... keysAndValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            fields.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return fields;
    }

    private static void putIfPresent(Map<String, String> fields, String key, String value) {
        if (value != null && !value.isEmpty()) {
            fields.put(key, value);
        }
    }
}
