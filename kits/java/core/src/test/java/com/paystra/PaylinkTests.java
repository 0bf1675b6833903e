package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertRefused;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client's payment link and virtual account calls against a stand-in gateway that answers the
 * sandbox's own answers to the demo merchant, recorded from a sandbox of the kit tests' kind (a
 * link created, cancelled and refused a second cancel; a validated link; an account made,
 * credited, read, reconciled, closed and credited once closed; each refusal): signed with its
 * salt, byte for byte.
 */
final class PaylinkTests {
    private static final String PAY_ID = StubGateway.PAY_ID;
    private static final String SALT = StubGateway.SALT;
    private static final String PAYLINK_ID = "plink_xXvJ0MZ8u5WyT5";
    private static final String VA_ID = "va_7PEJUF963XqMeS";

    static final String LINK_CREATED = "{\"PAY_ID\":\"1000000000000001\",\"PAYLINK_ID\":\"plink_xXvJ0MZ8u5WyT5\",\"REFERENCE_ID\":\"INV-1001\","
            + "\"AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"DESCRIPTION\":\"Invoice 1001: two notebooks\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"EXPIRE_BY\":\"2026-12-14T18:00:00+05:30\",\"VALIDATE_BENEFICIARY\":\"N\","
            + "\"SHORT_URL\":\"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"LINK_FEE\":\"100\",\"LINK_GST\":\"18\",\"TXNTYPE\":\"PAYLINK\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"89131F8DB08EDE44100B65C5EB55C292F505AC00AE517CE22042A45D1507EF48\"}";
    static final String LINK_VALIDATED = "{\"PAY_ID\":\"1000000000000001\",\"PAYLINK_ID\":\"plink_PCX0pFAhq4296q\",\"REFERENCE_ID\":\"\","
            + "\"AMOUNT\":\"100\",\"CURRENCY_CODE\":\"356\",\"DESCRIPTION\":\"Tea\",\"CUST_NAME\":\"\",\"CUST_EMAIL\":\"\","
            + "\"CUST_PHONE\":\"\",\"EXPIRE_BY\":\"\",\"VALIDATE_BENEFICIARY\":\"Y\","
            + "\"SHORT_URL\":\"http://127.0.0.1:35183/sandbox/l/jCBUlCUWKgXdtpyA\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"LINK_FEE\":\"600\",\"LINK_GST\":\"108\",\"TXNTYPE\":\"PAYLINK\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"18DFDF00DF6A30AA1C8D8DBA8EDC9649C740FF83145E0A6E8B72CA8576923FB5\"}";
    static final String LINK_CANCELLED = "{\"PAY_ID\":\"1000000000000001\",\"PAYLINK_ID\":\"plink_xXvJ0MZ8u5WyT5\",\"REFERENCE_ID\":\"INV-1001\","
            + "\"AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"DESCRIPTION\":\"Invoice 1001: two notebooks\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"EXPIRE_BY\":\"2026-12-14T18:00:00+05:30\",\"VALIDATE_BENEFICIARY\":\"N\","
            + "\"SHORT_URL\":\"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM\",\"STATUS\":\"CANCELLED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"LINK_FEE\":\"100\",\"LINK_GST\":\"18\","
            + "\"CANCELLED_AT\":\"2026-12-07 18:13:40\",\"TXNTYPE\":\"PAYLINK\",\"RESPONSE_CODE\":\"000\","
            + "\"RESPONSE_MESSAGE\":\"Transaction successful\",\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"F31234B0A94D4795D31F198A6BD1F26400D81507C6459EFF7C27CB1DF1B2DFC2\"}";
    static final String LINK_CANCEL_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"PAYLINK_ID\":\"plink_xXvJ0MZ8u5WyT5\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"373\",\"RESPONSE_MESSAGE\":\"This payment link is paid, expired or cancelled\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"87AB1C4560924A02B1C21B4987557CB41D58FAE331A32D25D8DE9F5A43B742C9\"}";
    static final String LINK_UNKNOWN = "{\"PAY_ID\":\"1000000000000001\",\"PAYLINK_ID\":\"plink_00000000000000\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"372\",\"RESPONSE_MESSAGE\":\"No payment link found\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"286130B2A6BC2E8BFF9C4E77E054A53242D42785E435B17889E5BAF3C0F93371\"}";
    static final String LINK_BAD_DESCRIPTION = "{\"PAY_ID\":\"1000000000000001\",\"AMOUNT\":\"100\",\"CURRENCY_CODE\":\"356\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"370\","
            + "\"RESPONSE_MESSAGE\":\"Invalid description: 1 to 255 characters, without control characters\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"47CE59C561FEE514E51EDEE15EBC6079D3250F012158E0A985CD1B9ED621CFD5\"}";
    static final String VA_CREATED = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"REFERENCE_ID\":\"CUST-42\","
            + "\"CUST_NAME\":\"Meera Traders\",\"ACCOUNT_NUMBER\":\"2223663152632833\",\"IFSC\":\"PYST0000001\","
            + "\"VPA\":\"pay.2223663152632833@paystra\",\"STATUS\":\"ACTIVE\",\"CREATED_AT\":\"2026-12-07 18:13:40\","
            + "\"CLOSED_AT\":\"\",\"SETUP_FEE\":\"500\",\"SETUP_GST\":\"90\",\"TXNTYPE\":\"VIRTUAL_ACCOUNT\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"F9228D40D30F390B78B5FEA0089D1715148BB44C10E9A5EB317F288D43C01E4C\"}";
    static final String VA_CREDITED = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"REFERENCE_ID\":\"CUST-42\","
            + "\"ACCOUNT_NUMBER\":\"2223663152632833\",\"CREDIT_ID\":\"vacr_SD8oLP6QM7dnN9\",\"AMOUNT\":\"500000\","
            + "\"CURRENCY_CODE\":\"356\",\"MODE\":\"NEFT\",\"PAYER_NAME\":\"Meera Traders\",\"UTR\":\"110469403655\","
            + "\"STATUS\":\"CREDITED\",\"CREDITED_AT\":\"2026-12-07 18:13:40\",\"FEE\":\"750\",\"GST\":\"135\",\"NET\":\"499115\","
            + "\"TXNTYPE\":\"VA_CREDIT\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"2394B7F39FB6D9E005C18E666E19CE3163F292AAC16459EBDB3C3A2FDBC8216A\"}";
    static final String VA_STATUS = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"REFERENCE_ID\":\"CUST-42\","
            + "\"CUST_NAME\":\"Meera Traders\",\"ACCOUNT_NUMBER\":\"2223663152632833\",\"IFSC\":\"PYST0000001\","
            + "\"VPA\":\"pay.2223663152632833@paystra\",\"STATUS\":\"ACTIVE\",\"CREATED_AT\":\"2026-12-07 18:13:40\","
            + "\"CLOSED_AT\":\"\",\"SETUP_FEE\":\"500\",\"SETUP_GST\":\"90\",\"TXNTYPE\":\"VIRTUAL_ACCOUNT\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"CREDITS\":\"[{\\\"CREDIT_ID\\\":\\\"vacr_SD8oLP6QM7dnN9\\\",\\\"AMOUNT\\\":\\\"500000\\\",\\\"MODE\\\":\\\"NEFT\\\",\\\"PAYER_NAME\\\":\\\"Meera Traders\\\",\\\"UTR\\\":\\\"110469403655\\\",\\\"STATUS\\\":\\\"CREDITED\\\",\\\"CREDITED_AT\\\":\\\"2026-12-07 18:13:40\\\",\\\"FEE\\\":\\\"750\\\",\\\"GST\\\":\\\"135\\\",\\\"SETTLEMENT_ID\\\":\\\"\\\"}]\","
            + "\"HASH\":\"9B34BDE711260AA0C3F76A322253A6E2CE4B0BF14987497E6DBD55AD7BC96E44\"}";
    static final String VA_RECON = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\","
            + "\"RECON\":\"[{\\\"TYPE\\\":\\\"FEE\\\",\\\"TXN_ID\\\":\\\"va_7PEJUF963XqMeS\\\",\\\"AMOUNT\\\":\\\"0\\\",\\\"FEE\\\":\\\"500\\\",\\\"GST\\\":\\\"90\\\",\\\"NET\\\":\\\"-590\\\",\\\"DATE\\\":\\\"2026-12-07 18:13:40\\\",\\\"DISPUTE_ID\\\":\\\"\\\",\\\"STATE\\\":\\\"UNSETTLED\\\",\\\"SETTLEMENT_ID\\\":\\\"\\\",\\\"SETTLEMENT_DATE\\\":\\\"\\\",\\\"SETTLEMENT_STATUS\\\":\\\"\\\",\\\"PAID_BY_SETTLEMENT_ID\\\":\\\"\\\",\\\"UTR\\\":\\\"\\\",\\\"EXPECTED_SETTLEMENT_DATE\\\":\\\"2026-12-08\\\"},{\\\"TYPE\\\":\\\"COLLECTION\\\",\\\"TXN_ID\\\":\\\"vacr_SD8oLP6QM7dnN9\\\",\\\"AMOUNT\\\":\\\"500000\\\",\\\"FEE\\\":\\\"750\\\",\\\"GST\\\":\\\"135\\\",\\\"NET\\\":\\\"499115\\\",\\\"DATE\\\":\\\"2026-12-07 18:13:40\\\",\\\"DISPUTE_ID\\\":\\\"\\\",\\\"STATE\\\":\\\"UNSETTLED\\\",\\\"SETTLEMENT_ID\\\":\\\"\\\",\\\"SETTLEMENT_DATE\\\":\\\"\\\",\\\"SETTLEMENT_STATUS\\\":\\\"\\\",\\\"PAID_BY_SETTLEMENT_ID\\\":\\\"\\\",\\\"UTR\\\":\\\"\\\",\\\"EXPECTED_SETTLEMENT_DATE\\\":\\\"2026-12-08\\\"}]\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"6740EF124803B96D593900696ECEE39E6D2F9C8A7B6CC0E6C8B6FC9998305802\"}";
    static final String VA_CLOSED = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"REFERENCE_ID\":\"CUST-42\","
            + "\"CUST_NAME\":\"Meera Traders\",\"ACCOUNT_NUMBER\":\"2223663152632833\",\"IFSC\":\"PYST0000001\","
            + "\"VPA\":\"pay.2223663152632833@paystra\",\"STATUS\":\"CLOSED\",\"CREATED_AT\":\"2026-12-07 18:13:40\","
            + "\"CLOSED_AT\":\"2026-12-07 18:13:40\",\"SETUP_FEE\":\"500\",\"SETUP_GST\":\"90\","
            + "\"TXNTYPE\":\"VIRTUAL_ACCOUNT\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"7FEF970C730DE4F934E42DAA359D6A9A71C9902338DE175BED41AEC3FA1B620A\"}";
    static final String VA_CLOSE_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"377\",\"RESPONSE_MESSAGE\":\"Virtual account is closed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"B6115F73DD427578E25F99050AD53D212EF0015381C5DAE5CDEBA862FF6B7A93\"}";
    static final String VA_CREDIT_RETURNED = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_7PEJUF963XqMeS\",\"REFERENCE_ID\":\"CUST-42\","
            + "\"ACCOUNT_NUMBER\":\"2223663152632833\",\"CREDIT_ID\":\"vacr_eDr5h3ngheqaCR\",\"AMOUNT\":\"100\","
            + "\"CURRENCY_CODE\":\"356\",\"MODE\":\"UPI\",\"PAYER_NAME\":\"Test Payer\",\"UTR\":\"039335964687\","
            + "\"STATUS\":\"RETURNED\",\"CREDITED_AT\":\"2026-12-07 18:13:40\",\"FEE\":\"0\",\"GST\":\"0\",\"NET\":\"0\","
            + "\"RETURN_REASON\":\"The virtual account is closed: the amount was returned to the payer\","
            + "\"TXNTYPE\":\"VA_CREDIT\",\"RESPONSE_CODE\":\"377\",\"RESPONSE_MESSAGE\":\"Virtual account is closed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"BC4A6D28EABF3571DC44C9B38281B27B576A25E2DD4F90D0EE8D8B7EC190856F\"}";
    static final String VA_UNKNOWN = "{\"PAY_ID\":\"1000000000000001\",\"VA_ID\":\"va_00000000000000\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"376\",\"RESPONSE_MESSAGE\":\"No virtual account found\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"12C902128A1C731ADA093CD3139ACC2E09330DE2DE48F0AE286779F30A2BF64A\"}";

    private PaylinkTests() {}

    static void run() throws Exception {
        try (StubGateway gateway = new StubGateway()) {
            Client client = gateway.client();

            check("Client.createPaylink posts the link's fields, signed, CURRENCY_CODE 356 unless given", () -> {
                gateway.answer("/pgws/paylink", r -> r.containsKey("VALIDATE_BENEFICIARY") ? LINK_VALIDATED : LINK_CREATED);
                Map<String, String> link = client.createPaylink(map("AMOUNT", "49900",
                        "DESCRIPTION", " Invoice 1001: two notebooks ", "CUST_NAME", "Asha Rao",
                        "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                        "EXPIRE_BY", "2026-12-14T18:00:00+05:30", "REFERENCE_ID", "INV-1001", "NOTIFY_URL", ""));
                assertEquals(Json.parseFlat(LINK_CREATED), link, "the verified link");
                assertEquals(List.of(PAYLINK_ID, "CREATED", "100", "18"), List.of(link.get("PAYLINK_ID"),
                        link.get("STATUS"), link.get("LINK_FEE"), link.get("LINK_GST")), "the link");
                assertEquals(map("PAY_ID", PAY_ID, "CURRENCY_CODE", "356", "AMOUNT", "49900",
                        "DESCRIPTION", "Invoice 1001: two notebooks", "CUST_NAME", "Asha Rao",
                        "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                        "EXPIRE_BY", "2026-12-14T18:00:00+05:30", "REFERENCE_ID", "INV-1001"),
                        gateway.last().signedFields(), "request");
                assertEquals("/pgws/paylink", gateway.last().path(), "path");
                Map<String, String> validated = client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea",
                        "VALIDATE_BENEFICIARY", "Y"));
                assertEquals(List.of("Y", "600", "108"), List.of(validated.get("VALIDATE_BENEFICIARY"),
                        validated.get("LINK_FEE"), validated.get("LINK_GST")), "a validated link's fee");
                client.createPaylink(map("AMOUNT", "1234", "CURRENCY_CODE", "840", "DESCRIPTION", "Consultation",
                        "VALIDATE_BENEFICIARY", "N"));
                assertEquals(map("PAY_ID", PAY_ID, "CURRENCY_CODE", "840", "AMOUNT", "1234",
                        "DESCRIPTION", "Consultation", "VALIDATE_BENEFICIARY", "N"),
                        gateway.last().signedFields(), "a foreign link");
            });
            check("Client.paylinkStatus by PAYLINK_ID or REFERENCE_ID, cancelPaylink by PAYLINK_ID, each to its path", () -> {
                // A paid link: the recorded link with the fields a paid one adds (ORDER_ID, TXN_ID, PAID_AT).
                Map<String, String> paid = Json.parseFlat(LINK_CREATED);
                paid.remove("HASH");
                paid.putAll(map("STATUS", "PAID", "ORDER_ID", PAYLINK_ID + "-1", "TXN_ID", "1234567890123456",
                        "PAID_AT", "2026-12-07 18:20:11"));
                gateway.answer("/pgws/paylink/status", r -> r.containsKey("REFERENCE_ID") ? LINK_CREATED
                        : Json.write(Hash.withHash(paid, SALT)));
                gateway.answer("/pgws/paylink/cancel", r -> LINK_CANCELLED);
                int before = gateway.received().size();
                Map<String, String> status = client.paylinkStatus(PAYLINK_ID);
                assertEquals(List.of("PAID", PAYLINK_ID + "-1", "1234567890123456", "2026-12-07 18:20:11"),
                        List.of(status.get("STATUS"), status.get("ORDER_ID"), status.get("TXN_ID"), status.get("PAID_AT")),
                        "paid");
                assertEquals(Json.parseFlat(LINK_CREATED), client.paylinkStatusByReference(" INV-1001 "), "by reference");
                Map<String, String> cancelled = client.cancelPaylink(PAYLINK_ID);
                assertEquals(Json.parseFlat(LINK_CANCELLED), cancelled, "cancelled");
                assertEquals(List.of("CANCELLED", "2026-12-07 18:13:40"), List.of(cancelled.get("STATUS"),
                        cancelled.get("CANCELLED_AT")), "when");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 3);
                assertEquals(List.of("/pgws/paylink/status", "/pgws/paylink/status", "/pgws/paylink/cancel"),
                        sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "PAYLINK_ID", PAYLINK_ID),
                        map("PAY_ID", PAY_ID, "REFERENCE_ID", "INV-1001"),
                        map("PAY_ID", PAY_ID, "PAYLINK_ID", PAYLINK_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client: a refused link call (372, 373, 370) is the verified answer, for RESPONSE_CODE to say", () -> {
                gateway.answer("/pgws/paylink/status", r -> LINK_UNKNOWN);
                assertEquals(Json.parseFlat(LINK_UNKNOWN), client.paylinkStatus("plink_00000000000000"), "372");
                gateway.answer("/pgws/paylink/cancel", r -> LINK_CANCEL_REFUSED);
                Map<String, String> refused = client.cancelPaylink(PAYLINK_ID);
                assertEquals(List.of("373", "Failed", "This payment link is paid, expired or cancelled"), List.of(
                        refused.get("RESPONSE_CODE"), refused.get("STATUS"), refused.get("RESPONSE_MESSAGE")), "373");
                gateway.answer("/pgws/paylink", r -> LINK_BAD_DESCRIPTION);
                refused = client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea"));
                assertEquals("370", refused.get("RESPONSE_CODE"), "370");
                assertFalse(refused.containsKey("PAYLINK_ID"), "no link");
            });
            check("Client.createVirtualAccount, virtualAccountStatus (CREDITS parsed) and closeVirtualAccount", () -> {
                gateway.answer("/pgws/virtual-account", r -> VA_CREATED);
                gateway.answer("/pgws/virtual-account/status", r -> VA_STATUS);
                gateway.answer("/pgws/virtual-account/close", r -> VA_CLOSED);
                int before = gateway.received().size();
                Map<String, String> account = client.createVirtualAccount(map("CUST_NAME", "Meera Traders",
                        "REFERENCE_ID", "CUST-42", "NOTIFY_URL", "https://shop.example/webhook"));
                assertEquals(Json.parseFlat(VA_CREATED), account, "the verified account");
                assertEquals(List.of(VA_ID, "ACTIVE", "PYST0000001", "pay." + account.get("ACCOUNT_NUMBER") + "@paystra",
                        "500", "90"), List.of(account.get("VA_ID"), account.get("STATUS"), account.get("IFSC"),
                        account.get("VPA"), account.get("SETUP_FEE"), account.get("SETUP_GST")), "the account");
                Client.VirtualAccount status = client.virtualAccountStatus(VA_ID);
                assertEquals(List.of(map("CREDIT_ID", "vacr_SD8oLP6QM7dnN9", "AMOUNT", "500000", "MODE", "NEFT",
                        "PAYER_NAME", "Meera Traders", "UTR", "110469403655", "STATUS", "CREDITED",
                        "CREDITED_AT", "2026-12-07 18:13:40", "FEE", "750", "GST", "135", "SETTLEMENT_ID", "")),
                        status.credits(), "credits");
                assertEquals(Json.parseFlat(VA_STATUS), status.fields(), "fields");
                assertEquals("", status.get("CLOSED_AT"), "not closed");
                Map<String, String> closed = client.closeVirtualAccount(VA_ID);
                assertEquals(Json.parseFlat(VA_CLOSED), closed, "closed");
                assertEquals("CLOSED", closed.get("STATUS"), "its status");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 3);
                assertEquals(List.of("/pgws/virtual-account", "/pgws/virtual-account/status",
                        "/pgws/virtual-account/close"), sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "CUST_NAME", "Meera Traders", "REFERENCE_ID", "CUST-42",
                        "NOTIFY_URL", "https://shop.example/webhook"), map("PAY_ID", PAY_ID, "VA_ID", VA_ID),
                        map("PAY_ID", PAY_ID, "VA_ID", VA_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client.creditVirtualAccount posts the transfer, signed; to a closed account it is RETURNED with 377", () -> {
                gateway.answer("/pgws/virtual-account/credit", r -> VA_CREDITED);
                Map<String, String> credit = client.creditVirtualAccount(VA_ID, "500000", "NEFT", "Meera Traders");
                assertEquals(Json.parseFlat(VA_CREDITED), credit, "the verified credit");
                assertEquals(List.of("CREDITED", "750", "135", "499115"), List.of(credit.get("STATUS"), credit.get("FEE"),
                        credit.get("GST"), credit.get("NET")), "its charge");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID, "AMOUNT", "500000", "MODE", "NEFT",
                        "PAYER_NAME", "Meera Traders"), gateway.last().signedFields(), "request");
                gateway.answer("/pgws/virtual-account/credit", r -> VA_CREDIT_RETURNED);
                Map<String, String> answer = client.creditVirtualAccount(VA_ID, "100", "UPI");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID, "AMOUNT", "100", "MODE", "UPI"),
                        gateway.last().signedFields(), "without a payer");
                assertEquals(List.of("377", "RETURNED", "0", "0", "0"), List.of(answer.get("RESPONSE_CODE"),
                        answer.get("STATUS"), answer.get("FEE"), answer.get("GST"), answer.get("NET")), "returned");
                assertEquals("The virtual account is closed: the amount was returned to the payer",
                        answer.get("RETURN_REASON"), "why");
                gateway.answer("/pgws/virtual-account/close", r -> VA_CLOSE_REFUSED);
                assertEquals("377", client.closeVirtualAccount(VA_ID).get("RESPONSE_CODE"), "closed already");
            });
            check("Client.virtualAccountStatus and reconVirtualAccount: a refusal (376) throws RefusedError", () -> {
                gateway.answer("/pgws/virtual-account/status", r -> VA_UNKNOWN);
                gateway.answer("/pgws/recon", r -> VA_UNKNOWN);
                for (CoreTests.Body call : List.<CoreTests.Body>of(
                        () -> client.virtualAccountStatus("va_00000000000000"),
                        () -> client.reconVirtualAccount("va_00000000000000"))) {
                    try {
                        call.run();
                        throw new AssertionError("a refusal was returned");
                    } catch (RefusedError e) {
                        assertEquals("376", e.code(), "code");
                        assertEquals(Json.parseFlat(VA_UNKNOWN), e.answer(), "answer");
                    }
                }
            });
            check("Client.reconVirtualAccount posts VA_ID instead of ORDER_ID; RECON lists the setup FEE and the credits", () -> {
                gateway.answer("/pgws/recon", r -> VA_RECON);
                List<Map<String, String>> entries = client.reconVirtualAccount(VA_ID).entries();
                assertEquals(List.of(List.of("FEE", VA_ID, "-590"), List.of("COLLECTION", "vacr_SD8oLP6QM7dnN9", "499115")),
                        entries.stream().map(e -> List.of(e.get("TYPE"), e.get("TXN_ID"), e.get("NET"))).toList(),
                        "entries");
                assertEquals("UNSETTLED", entries.get(1).get("STATE"), "not settled yet");
                assertEquals(map("PAY_ID", PAY_ID, "VA_ID", VA_ID), gateway.last().signedFields(), "request");
                assertEquals("/pgws/recon", gateway.last().path(), "path");
            });
            check("Client: link and account answers are trusted only under their HASH, CREDITS as a list of objects", () -> {
                gateway.answer("/pgws/paylink/status", r -> LINK_CREATED.replace("\"STATUS\":\"CREATED\"",
                        "\"STATUS\":\"PAID\""));
                assertRefused(() -> client.paylinkStatus(PAYLINK_ID), "a changed STATUS");
                gateway.answer("/pgws/virtual-account/credit", r -> VA_CREDITED.replace("\"NET\":\"499115\"",
                        "\"NET\":\"500000\""));
                assertRefused(() -> client.creditVirtualAccount(VA_ID, "500000", "NEFT"), "a changed NET");
                gateway.answerSigned("/pgws/paylink", r -> with(Json.parseFlat(LINK_CREATED), "PAY_ID", "1000000000000002"));
                assertRefused(() -> client.createPaylink(map("AMOUNT", "100", "DESCRIPTION", "Tea")), "another merchant");
                Map<String, String> unsigned = Json.parseFlat(VA_STATUS);
                unsigned.remove("HASH");
                for (String text : new String[] {"", "nope", "{}", "[1]", "[{\"AMOUNT\":500000}]"}) {
                    gateway.answerSigned("/pgws/virtual-account/status", r -> with(unsigned, "CREDITS", text));
                    try {
                        client.virtualAccountStatus(VA_ID);
                        throw new AssertionError(text + " was taken");
                    } catch (RefusedError e) {
                        throw new AssertionError(text + " was read as a refusal", e);
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("CREDITS"), expected.getMessage());
                    }
                }
                gateway.answer("/pgws/virtual-account/status", r -> VA_CREATED);
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

    /** The fields with one set (in place, when it is there). */
    private static Map<String, String> with(Map<String, String> fields, String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(key, value);
        return copy;
    }
}
