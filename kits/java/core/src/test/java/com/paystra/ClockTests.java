package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertRefused;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The client's sandbox clock calls against a stand-in gateway that answers the sandbox's own
 * answers, as its OpenAPI document's examples clockNow, clockAdvance and clockAdvanceRefused give
 * them: signed with the demo merchant's salt, byte for byte.
 */
final class ClockTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";

    static final String NOW = "{\"PAY_ID\":\"1000000000000001\",\"NOW\":\"2026-12-07T07:39:53.511Z\","
            + "\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 13:09:53\","
            + "\"HASH\":\"28BDBD0A6C29D28FE67A23FCC46C94182F3F8953C932165AB8013F68ABE3C1AA\"}";
    static final String SETTLEMENTS = "[{\"SETTLEMENT_ID\":\"setl_905a1044707140347aa5\",\"UTR\":\"PYSTN26342627304\","
            + "\"SETTLEMENT_DATE\":\"2026-12-08\",\"CYCLE_FROM\":\"2026-12-07\",\"CYCLE_TO\":\"2026-12-07\","
            + "\"PAYMENTS_COUNT\":\"2\",\"REFUNDS_COUNT\":\"0\",\"GROSS_AMOUNT\":\"99900\",\"REFUNDS_AMOUNT\":\"0\","
            + "\"FEES_AMOUNT\":\"1000\",\"GST_AMOUNT\":\"180\",\"CGST_AMOUNT\":\"90\",\"SGST_AMOUNT\":\"90\","
            + "\"IGST_AMOUNT\":\"0\",\"PROVIDER_GSTIN\":\"09AAPCP4821K1ZW\",\"MERCHANT_GSTIN\":\"09AAFCD5862R1ZT\","
            + "\"ADJUSTMENTS_AMOUNT\":\"0\",\"NET_AMOUNT\":\"98720\",\"BANK_ACCOUNT\":\"XXXXXXXXXX4321\","
            + "\"STATUS\":\"PROCESSED\"}]";
    static final String HAPPENED =
            "[{\"AT\":\"2026-12-08 11:00:00\",\"TYPE\":\"SETTLEMENT\",\"REFERENCE\":\"setl_905a1044707140347aa5\"}]";
    static final Map<String, String> ADVANCED = Collections.unmodifiableMap(map(
            "PAY_ID", PAY_ID,
            "FROM", "2026-12-07T07:39:53.553Z",
            "NOW", "2026-12-08T07:39:53.552Z",
            "SETTLEMENTS", SETTLEMENTS,
            "HAPPENED", HAPPENED,
            "RESPONSE_CODE", "000",
            "RESPONSE_MESSAGE", "Transaction successful",
            "RESPONSE_DATE_TIME", "2026-12-08 13:09:53",
            "HASH", "F5E21F5F153BA3CFDD5FE8AA9D2C23146AF1A412B220F22E99249D6155454E94"));
    static final Map<String, String> REFUSED = Collections.unmodifiableMap(map(
            "PAY_ID", PAY_ID,
            "BY", "0d",
            "STATUS", "Failed",
            "RESPONSE_CODE", "363",
            "RESPONSE_MESSAGE",
            "Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both",
            "RESPONSE_DATE_TIME", "2026-12-07 13:09:53",
            "HASH", "5C7F3E622414E9758332CC8859F21CC78A8A5E6853D9E3BAF13198CEFFEEB86F"));

    private ClockTests() {}

    static void run() throws Exception {
        List<Map<String, String>> received = Collections.synchronizedList(new ArrayList<>());
        Map<String, Function<Map<String, String>, String>> routes = new LinkedHashMap<>();
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            String path = exchange.getRequestURI().getPath();
            request.put("_path", path);
            received.add(request);
            byte[] body = routes.get(path).apply(request).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client client = new Client(new Config(base, PAY_ID, SALT, "f0e1d2c3b4a59687", "http://localhost:8000", 8000));
            routes.put("/sandbox/pgws/clock", r -> NOW);
            routes.put("/sandbox/pgws/clock/advance", r -> Json.write(ADVANCED));

            check("Client.clock and advanceClock post their fields, signed, and parse SETTLEMENTS and HAPPENED", () -> {
                assertEquals(Json.parseFlat(NOW), client.clock(), "clock");
                Client.ClockAdvance advanced = client.advanceClock("1d", null);
                assertEquals(ADVANCED, advanced.fields(), "fields");
                assertEquals("98720", advanced.settlements().get(0).get("NET_AMOUNT"), "settlements");
                assertEquals(1, advanced.settlements().size(), "one settlement");
                assertEquals(List.of(map("AT", "2026-12-08 11:00:00", "TYPE", "SETTLEMENT",
                        "REFERENCE", "setl_905a1044707140347aa5")), advanced.happened(), "happened");
                client.advanceClock(null, "2026-12-10T11:00:00+05:30");
                assertEquals(List.of(
                        map("_path", "/sandbox/pgws/clock", "PAY_ID", PAY_ID),
                        map("_path", "/sandbox/pgws/clock/advance", "PAY_ID", PAY_ID, "BY", "1d"),
                        map("_path", "/sandbox/pgws/clock/advance", "PAY_ID", PAY_ID, "TO", "2026-12-10T11:00:00+05:30")),
                        received.stream().map(ClockTests::withoutHash).toList(), "requests");
                for (Map<String, String> sent : received) {
                    Map<String, String> signedRequest = new LinkedHashMap<>(sent);
                    signedRequest.remove("_path");
                    assertTrue(Hash.verify(signedRequest, SALT), "signed");
                }
            });
            check("Client.advanceClock: a signed refusal throws RefusedError with its code and answer", () -> {
                // The recorded refusal, whatever was asked: this client refuses BY "0d" itself.
                routes.put("/sandbox/pgws/clock/advance", r -> Json.write(REFUSED));
                try {
                    client.advanceClock("1d", null);
                    throw new AssertionError("a refusal was returned");
                } catch (RefusedError e) {
                    assertEquals("363", e.code(), "code");
                    assertEquals(REFUSED, e.answer(), "answer");
                }
                Map<String, String> locked = map("PAY_ID", PAY_ID, "BY", "4d", "STATUS", "Failed",
                        "RESPONSE_CODE", "362", "RESPONSE_MESSAGE",
                        "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
                        "ACCOUNT_URL", "https://sandbox.paystra.example/accounts/new");
                routes.put("/sandbox/pgws/clock/advance", r -> Json.write(Hash.withHash(locked, SALT)));
                try {
                    client.advanceClock("4d", null);
                    throw new AssertionError("a refusal was returned");
                } catch (RefusedError e) {
                    assertEquals("362", e.code(), "code");
                    assertEquals(locked.get("ACCOUNT_URL"), e.answer().get("ACCOUNT_URL"), "where to make an account");
                }
            });
            check("Client.advanceClock: the lists are trusted only under the HASH, as lists of objects of strings", () -> {
                Map<String, String> tampered = new LinkedHashMap<>(ADVANCED);
                tampered.put("HAPPENED", HAPPENED.replace("SETTLEMENT\"", "PAYMENT_CAPTURED\""));
                routes.put("/sandbox/pgws/clock/advance", r -> Json.write(tampered));
                assertRefused(() -> client.advanceClock("1d", null), "a changed HAPPENED");
                routes.put("/sandbox/pgws/clock", r -> NOW.replace("2026-12-07T07", "2026-12-08T07"));
                assertRefused(client::clock, "a changed NOW");
                Map<String, String> unsigned = new LinkedHashMap<>(ADVANCED);
                unsigned.remove("HASH");
                for (String text : new String[] {"", "nope", "{}", "[1]", "[{\"AT\":{}}]"}) {
                    Map<String, String> answer = new LinkedHashMap<>(unsigned);
                    answer.put("HAPPENED", text);
                    routes.put("/sandbox/pgws/clock/advance", r -> Json.write(Hash.withHash(answer, SALT)));
                    try {
                        client.advanceClock("1d", null);
                        throw new AssertionError(text + " was taken");
                    } catch (RefusedError e) {
                        throw new AssertionError(text + " was read as a refusal", e);
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("HAPPENED"), expected.getMessage());
                    }
                }
                Map<String, String> withoutSettlements = new LinkedHashMap<>(unsigned);
                withoutSettlements.remove("SETTLEMENTS");
                routes.put("/sandbox/pgws/clock/advance", r -> Json.write(Hash.withHash(withoutSettlements, SALT)));
                try {
                    client.advanceClock("1d", null);
                    throw new AssertionError("an answer without SETTLEMENTS was taken");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("SETTLEMENTS"), expected.getMessage());
                }
            });
            check("Client.advanceClock takes exactly one of BY and TO, BY checked, before anything is sent", () -> {
                int before = received.size();
                List<CoreTests.Body> refused = List.of(
                        () -> client.advanceClock(null, null),
                        () -> client.advanceClock(" ", ""),
                        () -> client.advanceClock("1d", "2026-12-10T11:00:00+05:30"),
                        () -> client.advanceClock("0d", null),
                        () -> client.advanceClock("36", null),
                        () -> client.advanceClock("1w", null),
                        () -> client.advanceClock("1.5d", null));
                for (CoreTests.Body call : refused) {
                    try {
                        call.run();
                        throw new AssertionError("a bad call was sent");
                    } catch (IllegalArgumentException expected) {
                        assertFalse(expected.getMessage() == null || expected.getMessage().isBlank(), "says why");
                    }
                }
                assertEquals(before, received.size(), "nothing sent");
            });
        } finally {
            gateway.stop(0);
        }
    }

    private static Map<String, String> withoutHash(Map<String, String> request) {
        Map<String, String> copy = new LinkedHashMap<>(request);
        copy.remove("HASH");
        return copy;
    }
}
