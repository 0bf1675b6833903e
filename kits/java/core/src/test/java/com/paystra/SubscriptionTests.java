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
 * The client's subscription calls against a stand-in gateway that answers with the fields the
 * subscription calls answer (a UPI monthly one created, found by its SUBSCRIPTION_REF, cancelled and
 * refused a second cancel and a presented charge; an AS_PRESENTED one charged, its notice skipped; a
 * halted one resumed; each refusal): signed with the demo merchant's salt.
 */
final class SubscriptionTests {
    private static final String PAY_ID = StubGateway.PAY_ID;
    private static final String SALT = StubGateway.SALT;
    private static final String SUB_ID = "sub_4Kq9TzW2mX8cRb";
    private static final String SUB_PRESENTED_ID = "sub_7PdL2sNe9QwX4k";

    static final String SUB_CREATED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"\",\"ANCHOR_DATE\":\"\","
            + "\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"700\","
            + "\"REGISTRATION_GST\":\"126\",\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\","
            + "\"RESPONSE_MESSAGE\":\"Transaction successful\",\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"ED693393D91BC97B68A8FADFCC44D5DA9FC97FE29479300F3E593D42C4D1D0A7\"}";
    static final String SUB_FOUND = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"\",\"ANCHOR_DATE\":\"\","
            + "\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"700\","
            + "\"REGISTRATION_GST\":\"126\",\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\","
            + "\"RESPONSE_MESSAGE\":\"Transaction successful\",\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"DEBITS\":\"[]\",\"HASH\":\"FCC417B1FBA26FEFE298DD9C03D4BDD50FAE2CDF23CA3BD0952764C0F2CC35C3\"}";
    static final String SUB_CANCELLED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc\",\"STATUS\":\"CANCELLED\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"2026-12-07 18:13:40\","
            + "\"ANCHOR_DATE\":\"\",\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\",\"TXNTYPE\":\"SUBSCRIPTION\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"CC8ACF5052C85407804D3E3EA4B56907225C1EC8880B89C9F374E57CA74DC68B\"}";
    static final String SUB_CANCEL_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"385\","
            + "\"RESPONSE_MESSAGE\":\"Subscription not active: cancelled, revoked, halted, completed or failed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"6E0A2BD32DD594CD59EE045EAA431DC27CFA5B1B8F8F7DB2AEE699B8E9B8EE37\"}";
    static final String SUB_CHARGE_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"379\","
            + "\"RESPONSE_MESSAGE\":\"Invalid frequency: use WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"97C0F34B754B9D73B3FC5ABAE4B466FA23E5489951EE58F9AFFB38617833A4ED\"}";
    static final String SUB_UNKNOWN = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_00000000000000\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"387\",\"RESPONSE_MESSAGE\":\"No subscription found\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"CCDFDBEB13C9064FA928702AE943EA6246B844A7387445E1A71DB7C4990560AA\"}";
    static final String SUB_BAD_DATE = "{\"PAY_ID\":\"1000000000000001\",\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"388\","
            + "\"RESPONSE_MESSAGE\":\"Invalid start or end date: a date from the account's today, within 366 days; end after it, within 10 years\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"8DAB8B2CB5D206B4796F501797E03127FD598E73EDDBAE90AFA587557486FDAF\"}";
    static final String SUB_CHARGED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_7PdL2sNe9QwX4k\","
            + "\"SUBSCRIPTION_REF\":\"BILL-2002\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"\","
            + "\"MAX_AMOUNT\":\"500000\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"AS_PRESENTED\","
            + "\"START_DATE\":\"2026-12-07\",\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Electricity bill\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"2026-12-07 18:14:02\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"success@upi\",\"PAID_CYCLES\":\"0\","
            + "\"NEXT_DEBIT_AT\":\"2026-12-09 07:00:00\",\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_Vn4Qx8LmT2kWc9\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"123400\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 18:15:10\\\",\\\"DEBIT_AT\\\":\\\"2026-12-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"NOTIFIED\\\",\\\"RESPONSE_CODE\\\":\\\"\\\",\\\"ORDER_ID\\\":\\\"\\\",\\\"TXN_ID\\\":\\\"\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"}]\","
            + "\"HASH\":\"DE7F5A8B6F3AF3BB0BB201BED73891BB83924B4510584ADF3897E3270EB49A83\"}";
    static final String SUB_SKIPPED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_7PdL2sNe9QwX4k\","
            + "\"SUBSCRIPTION_REF\":\"BILL-2002\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"\","
            + "\"MAX_AMOUNT\":\"500000\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"AS_PRESENTED\","
            + "\"START_DATE\":\"2026-12-07\",\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Electricity bill\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"2026-12-07 18:14:02\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"success@upi\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\",\"TXNTYPE\":\"SUBSCRIPTION\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_Vn4Qx8LmT2kWc9\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"123400\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 18:15:10\\\",\\\"DEBIT_AT\\\":\\\"2026-12-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"SKIPPED\\\",\\\"RESPONSE_CODE\\\":\\\"382\\\",\\\"ORDER_ID\\\":\\\"\\\",\\\"TXN_ID\\\":\\\"\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"}]\","
            + "\"HASH\":\"6D73425CDB9C67046D1177AE2C6E8F2ADDFECC447EF5705EF094ED94EDAE374E\"}";
    static final String SUB_RESUMED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_4Kq9TzW2mX8cRb\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 18:13:40\",\"ACTIVATED_AT\":\"2026-12-07 18:14:02\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"nofunds@upi\",\"PAID_CYCLES\":\"1\","
            + "\"NEXT_DEBIT_AT\":\"2027-02-07 07:00:00\",\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 18:13:40\","
            + "\"HASH\":\"0A04BD98F3FCF9990FAC797CBFC670E66D9A606FB5DDB9EF1318DF06CD9B7107\"}";

    private SubscriptionTests() {}

    /** A UPI monthly subscription's request, as a merchant's code would give it, with some fields replaced. */
    static Map<String, String> monthly(String... replaced) {
        Map<String, String> request = map("SUBSCRIPTION_REF", "PLAN-1001", "METHOD", "UPI", "FREQUENCY", "MONTHLY",
                "AMOUNT", "49900", "MAX_AMOUNT", "49900", "START_DATE", "2026-12-07",
                "DESCRIPTION", "Monthly plan: two notebooks", "CUST_NAME", "Asha Rao",
                "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                "RETURN_URL", "https://shop.example/subscribed");
        request.putAll(map(replaced));
        return request;
    }

    static void run() throws Exception {
        try (StubGateway gateway = new StubGateway()) {
            Client client = gateway.client();

            check("Client.createSubscription posts the subscription's fields, signed and trimmed, and returns the verified subscription", () -> {
                gateway.answer("/pgws/subscription", r -> SUB_CREATED);
                Map<String, String> subscription = client.createSubscription(monthly(
                        "DESCRIPTION", " Monthly plan: two notebooks ", "CATEGORY", "",
                        "NOTIFY_URL", "https://shop.example/webhook"));
                assertEquals(Json.parseFlat(SUB_CREATED), subscription, "the verified subscription");
                assertEquals(List.of(SUB_ID, "CREATED", "UPI", "MONTHLY"), List.of(subscription.get("SUBSCRIPTION_ID"),
                        subscription.get("STATUS"), subscription.get("METHOD"), subscription.get("FREQUENCY")), "it");
                assertTrue(subscription.get("AUTH_URL").contains("/m/"), "the mandate page");
                Map<String, String> expected = monthly("NOTIFY_URL", "https://shop.example/webhook");
                expected.put("PAY_ID", PAY_ID);
                assertEquals(expected, gateway.last().signedFields(), "request");
                assertEquals("/pgws/subscription", gateway.last().path(), "path");
                client.createSubscription(monthly("SUBSCRIPTION_REF", "BILL-2002", "METHOD", "EMANDATE",
                        "FREQUENCY", "AS_PRESENTED", "AMOUNT", "", "MAX_AMOUNT", "1000000000", "START_DATE", "2027-01-31",
                        "END_DATE", "2030-02-28", "CATEGORY", "INSURANCE", "DESCRIPTION", "Premium"));
                Map<String, String> presented = monthly("SUBSCRIPTION_REF", "BILL-2002", "METHOD", "EMANDATE",
                        "FREQUENCY", "AS_PRESENTED", "MAX_AMOUNT", "1000000000", "START_DATE", "2027-01-31",
                        "END_DATE", "2030-02-28", "CATEGORY", "INSURANCE", "DESCRIPTION", "Premium");
                presented.remove("AMOUNT");
                presented.put("PAY_ID", PAY_ID);
                assertEquals(presented, gateway.last().signedFields(), "an AS_PRESENTED one, without AMOUNT");
            });
            check("Client.subscriptionStatus by SUBSCRIPTION_ID or SUBSCRIPTION_REF with DEBITS parsed; cancel and resume, each to its path", () -> {
                gateway.answer("/pgws/subscription/status", r -> r.containsKey("SUBSCRIPTION_REF") ? SUB_FOUND : SUB_CHARGED);
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CANCELLED);
                gateway.answer("/pgws/subscription/resume", r -> SUB_RESUMED);
                int before = gateway.received().size();
                Client.Subscription found = client.subscriptionStatusByReference(" PLAN-1001 ");
                assertEquals(List.of(), found.debits(), "no debits yet");
                assertEquals(Json.parseFlat(SUB_FOUND), found.fields(), "fields");
                assertEquals("", found.get("NEXT_DEBIT_AT"), "no notice");
                Client.Subscription charged = client.subscriptionStatus(SUB_PRESENTED_ID);
                assertEquals(debits(SUB_CHARGED), charged.debits(), "the notice");
                assertEquals(List.of("NOTIFIED", "N"), List.of(charged.debits().get(0).get("STATUS"),
                        charged.debits().get(0).get("APPROVAL_REQUIRED")), "noticed");
                Map<String, String> cancelled = client.cancelSubscription(SUB_ID);
                assertEquals(Json.parseFlat(SUB_CANCELLED), cancelled, "cancelled");
                assertFalse(cancelled.containsKey("DEBITS"), "a cancel answers no DEBITS");
                Map<String, String> resumed = client.resumeSubscription(SUB_ID);
                assertEquals(Json.parseFlat(SUB_RESUMED), resumed, "resumed");
                assertEquals("ACTIVE", resumed.get("STATUS"), "active again");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 4);
                assertEquals(List.of("/pgws/subscription/status", "/pgws/subscription/status",
                        "/pgws/subscription/cancel", "/pgws/subscription/resume"),
                        sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "SUBSCRIPTION_REF", "PLAN-1001"),
                        map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_PRESENTED_ID),
                        map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_ID), map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client.presentCharge posts AMOUNT to /charge and actAsCustomer an ACTION to /customer, DEBITS parsed", () -> {
                gateway.answer("/pgws/subscription/charge", r -> SUB_CHARGED);
                gateway.answer("/pgws/subscription/customer", r -> SUB_SKIPPED);
                Client.Subscription charged = client.presentCharge(SUB_PRESENTED_ID, "123400");
                assertEquals(map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_PRESENTED_ID, "AMOUNT", "123400"),
                        gateway.last().signedFields(), "request");
                assertEquals("/pgws/subscription/charge", gateway.last().path(), "path");
                Map<String, String> notice = charged.debits().get(0);
                assertEquals(List.of("AS_PRESENTED", "", "123400", "NOTIFIED"), List.of(charged.get("FREQUENCY"),
                        charged.get("AMOUNT"), notice.get("AMOUNT"), notice.get("STATUS")), "the notice");
                assertEquals(notice.get("DEBIT_AT"), charged.get("NEXT_DEBIT_AT"), "the next debit");
                Client.Subscription skipped = client.actAsCustomer(SUB_PRESENTED_ID, "SKIP");
                assertEquals(map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_PRESENTED_ID, "ACTION", "SKIP"),
                        gateway.last().signedFields(), "the customer's request");
                assertEquals("/pgws/subscription/customer", gateway.last().path(), "its path");
                assertEquals(List.of("SKIPPED", "382"), List.of(skipped.debits().get(0).get("STATUS"),
                        skipped.debits().get(0).get("RESPONSE_CODE")), "skipped");
            });
            check("Client: a refused create, cancel or resume is the verified answer; status, charge and customer throw RefusedError", () -> {
                gateway.answer("/pgws/subscription", r -> SUB_BAD_DATE);
                Map<String, String> late = client.createSubscription(monthly("START_DATE", "2020-01-01"));
                assertEquals(List.of("388", "Failed"), List.of(late.get("RESPONSE_CODE"), late.get("STATUS")), "388");
                assertFalse(late.containsKey("SUBSCRIPTION_ID"), "no subscription");
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CANCEL_REFUSED);
                assertEquals("385", client.cancelSubscription(SUB_ID).get("RESPONSE_CODE"), "cancelled already");
                gateway.answer("/pgws/subscription/status", r -> SUB_UNKNOWN);
                gateway.answer("/pgws/subscription/charge", r -> SUB_CHARGE_REFUSED);
                gateway.answer("/pgws/subscription/customer", r -> SUB_UNKNOWN);
                Map<CoreTests.Body, String> refused = new LinkedHashMap<>();
                refused.put(() -> client.subscriptionStatus("sub_00000000000000"), SUB_UNKNOWN);
                refused.put(() -> client.presentCharge(SUB_ID, "100"), SUB_CHARGE_REFUSED);
                refused.put(() -> client.actAsCustomer("sub_00000000000000", "REVOKE"), SUB_UNKNOWN);
                for (Map.Entry<CoreTests.Body, String> call : refused.entrySet()) {
                    try {
                        call.getKey().run();
                        throw new AssertionError("a refusal was returned");
                    } catch (RefusedError e) {
                        assertEquals(Json.parseFlat(call.getValue()).get("RESPONSE_CODE"), e.code(), "code");
                        assertEquals(Json.parseFlat(call.getValue()), e.answer(), "answer");
                    }
                }
            });
            check("Client: subscription answers are trusted only under their HASH, DEBITS as a list of objects", () -> {
                gateway.answer("/pgws/subscription", r -> SUB_CREATED.replace("\"STATUS\":\"CREATED\"", "\"STATUS\":\"ACTIVE\""));
                assertRefused(() -> client.createSubscription(monthly()), "a changed STATUS");
                gateway.answer("/pgws/subscription/charge", r -> SUB_CHARGED.replace("123400", "923400"));
                assertRefused(() -> client.presentCharge(SUB_PRESENTED_ID, "123400"), "a changed debit");
                gateway.answerSigned("/pgws/subscription/cancel", r -> with(Json.parseFlat(SUB_CANCELLED), "PAY_ID",
                        "1000000000000002"));
                assertRefused(() -> client.cancelSubscription(SUB_ID), "another merchant");
                Map<String, String> unsigned = Json.parseFlat(SUB_CHARGED);
                unsigned.remove("HASH");
                for (String text : new String[] {"", "nope", "{}", "[1]", "[{\"CYCLE\":1}]"}) {
                    gateway.answerSigned("/pgws/subscription/customer", r -> with(unsigned, "DEBITS", text));
                    try {
                        client.actAsCustomer(SUB_PRESENTED_ID, "SKIP");
                        throw new AssertionError(text + " was taken");
                    } catch (RefusedError e) {
                        throw new AssertionError(text + " was read as a refusal", e);
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("DEBITS"), expected.getMessage());
                    }
                }
                gateway.answer("/pgws/subscription/status", r -> SUB_CREATED);
                try {
                    client.subscriptionStatus(SUB_ID);
                    throw new AssertionError("an answer without DEBITS was taken");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("DEBITS"), expected.getMessage());
                }
            });
            check("Client: METHOD, FREQUENCY, the amounts, the dates, CATEGORY, DESCRIPTION, ACTION, the ids and ~ are checked before anything is sent", () -> {
                int before = gateway.received().size();
                Map<String, CoreTests.Body> refused = new LinkedHashMap<>();
                refused.put("METHOD", () -> client.createSubscription(monthly("METHOD", "NACH")));
                refused.put("METHOD ", () -> client.createSubscription(monthly("METHOD", "upi")));
                refused.put("METHOD  ", () -> client.createSubscription(monthly("METHOD", "")));
                refused.put("FREQUENCY", () -> client.createSubscription(monthly("FREQUENCY", "DAILY")));
                refused.put("FREQUENCY ", () -> client.createSubscription(monthly("FREQUENCY", null)));
                refused.put("MAX_AMOUNT", () -> client.createSubscription(monthly("MAX_AMOUNT", "")));
                refused.put("MAX_AMOUNT ", () -> client.createSubscription(monthly("MAX_AMOUNT", "499.00")));
                refused.put("MAX_AMOUNT  ", () -> client.createSubscription(monthly("MAX_AMOUNT", "10000001", "AMOUNT", "100")));
                refused.put("MAX_AMOUNT   ", () -> client.createSubscription(monthly("METHOD", "CARD", "MAX_AMOUNT", "10000001",
                        "AMOUNT", "100")));
                refused.put("AMOUNT", () -> client.createSubscription(monthly("AMOUNT", "")));
                refused.put("AMOUNT ", () -> client.createSubscription(monthly("AMOUNT", "0")));
                refused.put("AMOUNT  ", () -> client.createSubscription(monthly("AMOUNT", "049900")));
                refused.put("AMOUNT   ", () -> client.createSubscription(monthly("AMOUNT", "-100")));
                refused.put("at most MAX_AMOUNT", () -> client.createSubscription(monthly("AMOUNT", "49901")));
                refused.put("AS_PRESENTED", () -> client.createSubscription(monthly("FREQUENCY", "AS_PRESENTED")));
                refused.put("START_DATE", () -> client.createSubscription(monthly("START_DATE", "")));
                refused.put("START_DATE ", () -> client.createSubscription(monthly("START_DATE", "2027-02-30")));
                refused.put("START_DATE  ", () -> client.createSubscription(monthly("START_DATE", "07-12-2026")));
                refused.put("START_DATE   ", () -> client.createSubscription(monthly("START_DATE", "2026-12-07T00:00:00+05:30")));
                refused.put("END_DATE", () -> client.createSubscription(monthly("END_DATE", "2027-13-01")));
                refused.put("after START_DATE", () -> client.createSubscription(monthly("END_DATE", "2026-12-07")));
                refused.put("CATEGORY", () -> client.createSubscription(monthly("CATEGORY", "GYM")));
                refused.put("DESCRIPTION", () -> client.createSubscription(monthly("DESCRIPTION", " ")));
                refused.put("DESCRIPTION ", () -> client.createSubscription(monthly("DESCRIPTION", "x".repeat(256))));
                refused.put("DESCRIPTION  ", () -> client.createSubscription(monthly("DESCRIPTION", "Plan\nA")));
                refused.put("DESCRIPTION   ", () -> client.createSubscription(monthly("DESCRIPTION", "Plan ~ A")));
                refused.put("CUST_NAME", () -> client.createSubscription(monthly("CUST_NAME", "A~B")));
                refused.put("SUBSCRIPTION_REF", () -> client.createSubscription(monthly("SUBSCRIPTION_REF", "PLAN#1")));
                refused.put("SUBSCRIPTION_REF ", () -> client.createSubscription(monthly("SUBSCRIPTION_REF", "")));
                refused.put("SUBSCRIPTION_ID", () -> client.subscriptionStatus("sub_short"));
                refused.put("SUBSCRIPTION_ID ", () -> client.subscriptionStatus(null));
                refused.put("SUBSCRIPTION_REF  ", () -> client.subscriptionStatusByReference("PLAN 1001"));
                refused.put("SUBSCRIPTION_REF   ", () -> client.subscriptionStatusByReference(" "));
                refused.put("SUBSCRIPTION_ID  ", () -> client.cancelSubscription("PLAN-1001"));
                refused.put("SUBSCRIPTION_ID   ", () -> client.resumeSubscription(""));
                refused.put("AMOUNT    ", () -> client.presentCharge(SUB_PRESENTED_ID, "12.34"));
                refused.put("SUBSCRIPTION_ID    ", () -> client.presentCharge("sub_7PdL2sNe9QwX4k!", "100"));
                refused.put("ACTION", () -> client.actAsCustomer(SUB_PRESENTED_ID, "CANCEL"));
                refused.put("ACTION ", () -> client.actAsCustomer(SUB_PRESENTED_ID, "skip"));
                refused.put("SUBSCRIPTION_ID     ", () -> client.actAsCustomer("", "SKIP"));
                for (Map.Entry<String, CoreTests.Body> call : refused.entrySet()) {
                    try {
                        call.getValue().run();
                        throw new AssertionError("a bad call was sent: " + call.getKey());
                    } catch (IllegalArgumentException expected) {
                        assertTrue(expected.getMessage().contains(call.getKey().strip()),
                                call.getKey().strip() + ": " + expected.getMessage());
                    }
                }
                assertEquals(before, gateway.received().size(), "nothing sent");
            });
        }
    }

    /** The DEBITS of a recorded answer, as the client parses them. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, String>> debits(String answer) {
        return ((List<Object>) Json.parse(Json.parseFlat(answer).get("DEBITS"))).stream()
                .map(item -> CoreTests.strings((Map<String, Object>) item)).toList();
    }

    /** The fields with one set (in place, when it is there). */
    private static Map<String, String> with(Map<String, String> fields, String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(key, value);
        return copy;
    }
}
