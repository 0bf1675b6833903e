package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertRefused;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client's payment link and virtual account calls against a stand-in gateway, answering with
 * the fields ADR 052 gives each answer, signed with the demo merchant's salt.
 */
final class PaylinkTests {
    private static final String PAY_ID = StubGateway.PAY_ID;
    private static final String SALT = StubGateway.SALT;
    private static final String PAYLINK_ID = "plink_4Fq9TzK2mW8cRb";
    private static final String VA_ID = "va_7Kp2Xw9QdL4sNe";

    static final Map<String, String> LINK = Collections.unmodifiableMap(map(
            "PAY_ID", PAY_ID,
            "PAYLINK_ID", PAYLINK_ID,
            "REFERENCE_ID", "INV-1001",
            "AMOUNT", "49900",
            "CURRENCY_CODE", "356",
            "DESCRIPTION", "Invoice 1001: two notebooks",
            "CUST_NAME", "Asha Rao",
            "CUST_EMAIL", "asha.rao@example.com",
            "CUST_PHONE", "9876543210",
            "EXPIRE_BY", "2026-12-14T18:00:00+05:30",
            "VALIDATE_BENEFICIARY", "N",
            "SHORT_URL", "http://127.0.0.1:4120/sandbox/l/4Fq9TzK2",
            "STATUS", "CREATED",
            "CREATED_AT", "2026-12-07 13:09:53",
            "LINK_FEE", "100",
            "LINK_GST", "18",
            "TXNTYPE", "PAYLINK",
            "RESPONSE_CODE", "000",
            "RESPONSE_MESSAGE", "Transaction successful",
            "RESPONSE_DATE_TIME", "2026-12-07 13:09:53"));
    static final Map<String, String> ACCOUNT = Collections.unmodifiableMap(map(
            "PAY_ID", PAY_ID,
            "VA_ID", VA_ID,
            "REFERENCE_ID", "CUST-42",
            "CUST_NAME", "Meera Traders",
            "ACCOUNT_NUMBER", "2223330012345678",
            "IFSC", "PYST0000001",
            "VPA", "pay.2223330012345678@paystra",
            "STATUS", "ACTIVE",
            "CREATED_AT", "2026-12-07 13:09:53",
            "CLOSED_AT", "",
            "SETUP_FEE", "500",
            "SETUP_GST", "90",
            "TXNTYPE", "VIRTUAL_ACCOUNT",
            "RESPONSE_CODE", "000",
            "RESPONSE_MESSAGE", "Transaction successful",
            "RESPONSE_DATE_TIME", "2026-12-07 13:09:53"));
    static final Map<String, String> CREDIT = Collections.unmodifiableMap(map(
            "PAY_ID", PAY_ID,
            "VA_ID", VA_ID,
            "REFERENCE_ID", "CUST-42",
            "ACCOUNT_NUMBER", "2223330012345678",
            "CREDIT_ID", "vacr_9Hd3Lq7VzR2mTx",
            "AMOUNT", "500000",
            "CURRENCY_CODE", "356",
            "MODE", "NEFT",
            "PAYER_NAME", "Meera Traders",
            "UTR", "634120987654",
            "STATUS", "CREDITED",
            "CREDITED_AT", "2026-12-07 13:10:04",
            "FEE", "750",
            "GST", "135",
            "NET", "499115",
            "TXNTYPE", "VA_CREDIT",
            "RESPONSE_CODE", "000",
            "RESPONSE_MESSAGE", "Transaction successful",
            "RESPONSE_DATE_TIME", "2026-12-07 13:10:04"));
    static final List<Map<String, String>> CREDITS = List.of(map(
            "CREDIT_ID", "vacr_9Hd3Lq7VzR2mTx", "AMOUNT", "500000", "MODE", "NEFT", "PAYER_NAME", "Meera Traders",
            "UTR", "634120987654", "STATUS", "CREDITED", "CREDITED_AT", "2026-12-07 13:10:04", "FEE", "750",
            "GST", "135", "NET", "499115"));

    private PaylinkTests() {}

    static void run() throws Exception {
        try (StubGateway gateway = new StubGateway()) {
            Client client = gateway.client();

            check("Client.createPaylink posts the link's fields, signed, CURRENCY_CODE 356 unless given", () -> {
                gateway.answerSigned("/pgws/paylink", r -> with(LINK, "VALIDATE_BENEFICIARY",
                        r.getOrDefault("VALIDATE_BENEFICIARY", "N")));
                Map<String, String> link = client.createPaylink(map("AMOUNT", "49900",
                        "DESCRIPTION", " Invoice 1001: two notebooks ", "CUST_NAME", "Asha Rao",
                        "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                        "EXPIRE_BY", "2026-12-14T18:00:00+05:30", "REFERENCE_ID", "INV-1001", "NOTIFY_URL", ""));
                assertEquals(Hash.withHash(LINK, SALT), link, "the verified link");
                assertEquals(map("PAY_ID", PAY_ID, "CURRENCY_CODE", "356", "AMOUNT", "49900",
                        "DESCRIPTION", "Invoice 1001: two notebooks", "CUST_NAME", "Asha Rao",
                        "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                        "EXPIRE_BY", "2026-12-14T18:00:00+05:30", "REFERENCE_ID", "INV-1001"),
                        gateway.last().signedFields(), "request");
                assertEquals("/pgws/paylink", gateway.last().path(), "path");
                client.createPaylink(map("AMOUNT", "1234", "CURRENCY_CODE", "840", "DESCRIPTION", "Consultation",
                        "VALIDATE_BENEFICIARY", "Y"));
                assertEquals(map("PAY_ID", PAY_ID, "CURRENCY_CODE", "840", "AMOUNT", "1234",
                        "DESCRIPTION", "Consultation", "VALIDATE_BENEFICIARY", "Y"),
                        gateway.last().signedFields(), "a foreign, validated link");
            });
            check("Client.paylinkStatus by PAYLINK_ID or REFERENCE_ID, cancelPaylink by PAYLINK_ID, each to its path", () -> {
                Map<String, String> paid = with(with(with(with(LINK, "STATUS", "PAID"),
                        "ORDER_ID", PAYLINK_ID + "-1"), "TXN_ID", "1234567890123456"), "PAID_AT", "2026-12-07 13:12:40");
                gateway.answerSigned("/pgws/paylink/status", r -> paid);
                gateway.answerSigned("/pgws/paylink/cancel", r -> with(with(LINK, "STATUS", "CANCELLED"),
                        "CANCELLED_AT", "2026-12-07 13:15:00"));
                int before = gateway.received().size();
                Map<String, String> status = client.paylinkStatus(PAYLINK_ID);
                assertEquals(List.of("PAID", PAYLINK_ID + "-1", "1234567890123456", "2026-12-07 13:12:40"),
                        List.of(status.get("STATUS"), status.get("ORDER_ID"), status.get("TXN_ID"), status.get("PAID_AT")),
                        "paid");
                client.paylinkStatusByReference(" INV-1001 ");
                Map<String, String> cancelled = client.cancelPaylink(PAYLINK_ID);
                assertEquals("CANCELLED", cancelled.get("STATUS"), "cancelled");
                assertEquals("2026-12-07 13:15:00", cancelled.get("CANCELLED_AT"), "when");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 3);
                assertEquals(List.of("/pgws/paylink/status", "/pgws/paylink/status", "/pgws/paylink/cancel"),
                        sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "PAYLINK_ID", PAYLINK_ID),
                        map("PAY_ID", PAY_ID, "REFERENCE_ID", "INV-1001"),
                        map("PAY_ID", PAY_ID, "PAYLINK_ID", PAYLINK_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client: a refused link call (372, 373, 370) is the verified answer, for RESPONSE_CODE to say", () -> {
                Map<String, String> unknown = refusal("PAYLINK_ID", "plink_00000000000000", "372", "No payment link found");
                gateway.answerSigned("/pgws/paylink/status", r -> unknown);
                assertEquals(Hash.withHash(unknown, SALT), client.paylinkStatus("plink_00000000000000"), "372");
                gateway.answerSigned("/pgws/paylink/cancel", r -> refusal("PAYLINK_ID", PAYLINK_ID, "373",
                        "This payment link is paid, expired or cancelled"));
                assertEquals("373", client.cancelPaylink(PAYLINK_ID).get("RESPONSE_CODE"), "373");
                gateway.answerSigned("/pgws/paylink", r -> refusal(null, null, "370",
                        "Invalid description: 1\u2013255 characters, no control characters"));
                Map<String, String> refused = client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea"));
                assertEquals("370", refused.get("RESPONSE_CODE"), "370");
                assertFalse(refused.containsKey("PAYLINK_ID"), "no link");
            });
            check("Client.createVirtualAccount, virtualAccountStatus (CREDITS parsed) and closeVirtualAccount", () -> {
                gateway.answerSigned("/pgws/virtual-account", r -> ACCOUNT);
                gateway.answerSigned("/pgws/virtual-account/status", r -> with(ACCOUNT, "CREDITS", Json.write(CREDITS)));
                gateway.answerSigned("/pgws/virtual-account/close", r -> with(with(ACCOUNT, "STATUS", "CLOSED"),
                        "CLOSED_AT", "2026-12-07 13:20:00"));
                int before = gateway.received().size();
                Map<String, String> account = client.createVirtualAccount(map("CUST_NAME", "Meera Traders",
                        "REFERENCE_ID", "CUST-42", "NOTIFY_URL", "https://shop.example/webhook"));
                assertEquals(Hash.withHash(ACCOUNT, SALT), account, "the verified account");
                Client.VirtualAccount status = client.virtualAccountStatus(VA_ID);
                assertEquals(CREDITS, status.credits(), "credits");
                assertEquals("PYST0000001", status.get("IFSC"), "fields");
                assertEquals("", status.get("CLOSED_AT"), "not closed");
                Map<String, String> closed = client.closeVirtualAccount(VA_ID);
                assertEquals("CLOSED", closed.get("STATUS"), "closed");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 3);
                assertEquals(List.of("/pgws/virtual-account", "/pgws/virtual-account/status",
                        "/pgws/virtual-account/close"), sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "CUST_NAME", "Meera Traders", "REFERENCE_ID", "CUST-42",
                        "NOTIFY_URL", "https://shop.example/webhook"), map("PAY_ID", PAY_ID, "VA_ID", VA_ID),
                        map("PAY_ID", PAY_ID, "VA_ID", VA_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client.creditVirtualAccount posts the transfer, signed; to a closed account it is RETURNED with 377", () -> {
                gateway.answerSigned("/pgws/virtual-account/credit", r -> CREDIT);
                assertEquals(Hash.withHash(CREDIT, SALT), client.creditVirtualAccount(VA_ID, "500000", "NEFT",
                        "Meera Traders"), "the verified credit");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID, "AMOUNT", "500000", "MODE", "NEFT",
                        "PAYER_NAME", "Meera Traders"), gateway.last().signedFields(), "request");
                client.creditVirtualAccount(VA_ID, "100", "UPI");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID, "AMOUNT", "100", "MODE", "UPI"),
                        gateway.last().signedFields(), "without a payer");
                Map<String, String> returned = new LinkedHashMap<>(CREDIT);
                returned.putAll(map("STATUS", "RETURNED", "FEE", "0", "GST", "0", "NET", "0",
                        "RETURN_REASON", "Virtual account is closed", "RESPONSE_CODE", "377",
                        "RESPONSE_MESSAGE", "Virtual account is closed: the credit was returned to the payer"));
                gateway.answerSigned("/pgws/virtual-account/credit", r -> returned);
                Map<String, String> answer = client.creditVirtualAccount(VA_ID, "500000", "NEFT");
                assertEquals(List.of("377", "RETURNED", "0", "Virtual account is closed"), List.of(
                        answer.get("RESPONSE_CODE"), answer.get("STATUS"), answer.get("NET"), answer.get("RETURN_REASON")),
                        "returned");
                gateway.answerSigned("/pgws/virtual-account/close", r -> refusal("VA_ID", VA_ID, "377",
                        "Virtual account is closed"));
                assertEquals("377", client.closeVirtualAccount(VA_ID).get("RESPONSE_CODE"), "closed already");
            });
            check("Client.virtualAccountStatus and reconVirtualAccount: a refusal (376) throws RefusedError", () -> {
                Map<String, String> none = refusal("VA_ID", "va_00000000000000", "376", "No virtual account found");
                gateway.answerSigned("/pgws/virtual-account/status", r -> none);
                gateway.answerSigned("/pgws/recon", r -> none);
                for (CoreTests.Body call : List.<CoreTests.Body>of(
                        () -> client.virtualAccountStatus("va_00000000000000"),
                        () -> client.reconVirtualAccount("va_00000000000000"))) {
                    try {
                        call.run();
                        throw new AssertionError("a refusal was returned");
                    } catch (RefusedError e) {
                        assertEquals("376", e.code(), "code");
                        assertEquals(Hash.withHash(none, SALT), e.answer(), "answer");
                    }
                }
            });
            check("Client.reconVirtualAccount posts VA_ID instead of ORDER_ID and parses RECON", () -> {
                List<Map<String, String>> recon = List.of(map("TYPE", "COLLECTION", "TXN_ID", "vacr_9Hd3Lq7VzR2mTx",
                        "AMOUNT", "500000", "FEE", "750", "GST", "135", "NET", "499115", "STATE", "UNSETTLED",
                        "EXPECTED_SETTLEMENT_DATE", "2026-12-08"));
                gateway.answerSigned("/pgws/recon", r -> map("PAY_ID", PAY_ID, "VA_ID", r.get("VA_ID"),
                        "RECON", Json.write(recon), "RESPONSE_CODE", "000", "RESPONSE_MESSAGE", "Transaction successful"));
                assertEquals(recon, client.reconVirtualAccount(VA_ID).entries(), "entries");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID), gateway.last().signedFields(), "request");
                assertEquals("/pgws/recon", gateway.last().path(), "path");
            });
            check("Client: link and account answers are trusted only under their HASH, CREDITS as a list of objects", () -> {
                gateway.answer("/pgws/paylink/status", r -> Json.write(with(Hash.withHash(LINK, SALT), "STATUS", "PAID")));
                assertRefused(() -> client.paylinkStatus(PAYLINK_ID), "a changed STATUS");
                gateway.answer("/pgws/virtual-account/credit", r -> Json.write(with(Hash.withHash(CREDIT, SALT),
                        "NET", "500000")));
                assertRefused(() -> client.creditVirtualAccount(VA_ID, "500000", "NEFT"), "a changed NET");
                gateway.answerSigned("/pgws/paylink", r -> with(LINK, "PAY_ID", "1000000000000002"));
                assertRefused(() -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea")), "another merchant");
                for (String text : new String[] {"", "nope", "{}", "[1]", "[{\"AMOUNT\":500000}]"}) {
                    gateway.answerSigned("/pgws/virtual-account/status", r -> with(ACCOUNT, "CREDITS", text));
                    try {
                        client.virtualAccountStatus(VA_ID);
                        throw new AssertionError(text + " was taken");
                    } catch (RefusedError e) {
                        throw new AssertionError(text + " was read as a refusal", e);
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("CREDITS"), expected.getMessage());
                    }
                }
                gateway.answerSigned("/pgws/virtual-account/status", r -> ACCOUNT);
                try {
                    client.virtualAccountStatus(VA_ID);
                    throw new AssertionError("an answer without CREDITS was taken");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("CREDITS"), expected.getMessage());
                }
            });
            check("Client: link and account ids, REFERENCE_ID, AMOUNT, DESCRIPTION, MODE and ~ are checked before anything is sent", () -> {
                int before = gateway.received().size();
                List<CoreTests.Body> refused = List.of(
                        () -> client.createPaylink(map("DESCRIPTION", "Tea")),
                        () -> client.createPaylink(map("AMOUNT", "0", "DESCRIPTION", "Tea")),
                        () -> client.createPaylink(map("AMOUNT", "1.00", "DESCRIPTION", "Tea")),
                        () -> client.createPaylink(map("AMOUNT", "100")),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "  ")),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "x".repeat(256))),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea\ncakes")),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea ~ cakes")),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea", "VALIDATE_BENEFICIARY", "yes")),
                        () -> client.paylinkStatus("plink_short"),
                        () -> client.paylinkStatus(null),
                        () -> client.paylinkStatusByReference(" "),
                        () -> client.paylinkStatusByReference("INV 1001"),
                        () -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea", "REFERENCE_ID", "INV#1")),
                        () -> client.createVirtualAccount(map("CUST_NAME", "Meera", "REFERENCE_ID", "x".repeat(51))),
                        () -> client.cancelPaylink("INV-1001"),
                        () -> client.createVirtualAccount(map("REFERENCE_ID", "CUST-42")),
                        () -> client.createVirtualAccount(map("CUST_NAME", "A~B")),
                        () -> client.virtualAccountStatus("va_7Kp2Xw9QdL4sN"),
                        () -> client.closeVirtualAccount(""),
                        () -> client.reconVirtualAccount("CUST-42"),
                        () -> client.creditVirtualAccount(VA_ID, "500000", "neft"),
                        () -> client.creditVirtualAccount(VA_ID, "500000", "CASH"),
                        () -> client.creditVirtualAccount(VA_ID, "-5", "UPI"),
                        () -> client.creditVirtualAccount(VA_ID, "100", "UPI", "A~B"),
                        () -> client.creditVirtualAccount("va_bad!", "100", "UPI"));
                for (CoreTests.Body call : refused) {
                    try {
                        call.run();
                        throw new AssertionError("a bad call was sent");
                    } catch (IllegalArgumentException expected) {
                        assertFalse(expected.getMessage() == null || expected.getMessage().isBlank(), "says why");
                    }
                }
                assertEquals(before, gateway.received().size(), "nothing sent");
            });
        }
    }

    /** A refusal as the JSON APIs answer one: the request's id echoed, the code, STATUS Failed. */
    private static Map<String, String> refusal(String key, String value, String code, String message) {
        Map<String, String> answer = map("PAY_ID", PAY_ID);
        if (key != null) {
            answer.put(key, value);
        }
        answer.putAll(map("STATUS", "Failed", "RESPONSE_CODE", code, "RESPONSE_MESSAGE", message,
                "RESPONSE_DATE_TIME", "2026-12-07 13:09:53"));
        return answer;
    }

    /** The fields with one set (in place, when it is there). */
    private static Map<String, String> with(Map<String, String> fields, String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(key, value);
        return copy;
    }
}
