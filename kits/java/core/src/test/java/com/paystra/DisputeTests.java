package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertRefused;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The client's exchange-rate and dispute calls against a stand-in gateway. */
final class DisputeTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final String ID = "dsp_0a1b2c3d4e5f60718293";

    private DisputeTests() {}

    static void run() throws Exception {
        List<Map<String, String>> received = Collections.synchronizedList(new ArrayList<>());
        Map<String, Function<Map<String, String>, Map<String, String>>> routes = new LinkedHashMap<>();
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            String path = exchange.getRequestURI().getPath();
            request.put("_path", path);
            received.add(request);
            byte[] body = Json.write(routes.get(path).apply(request)).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client client = new Client(new Config(base, PAY_ID, SALT, "f0e1d2c3b4a59687", "http://localhost:8000", 8000));
            Map<String, String> dispute = map("DISPUTE_ID", ID, "ORDER_ID", "SV1", "TXN_ID", "1234567890123456",
                    "AMOUNT", "1234", "CURRENCY_CODE", "840", "INR_AMOUNT", "103921", "REASON_CODE", "13.1",
                    "REASON", "Merchandise or services not received", "RESPOND_BY", "2026-12-07", "STATUS", "OPEN");
            Map<String, String> rates = map("840", "84.2150", "392", "0.5532");
            List<Map<String, String>> currencies = List.of(map("CURRENCY_CODE", "356", "CODE", "INR",
                    "NAME", "Indian Rupee", "MINOR_UNITS", "2", "FX_RATE", "1.0000"));
            String[] ratesText = {Json.write(rates)};
            routes.put("/sandbox/pgws/fx", r -> signed(map("PAY_ID", PAY_ID, "RATES_DATE", "2026-11-27",
                    "RATES", ratesText[0], "CURRENCIES", Json.write(currencies), "RESPONSE_CODE", "000")));
            routes.put("/sandbox/pgws/disputes", r -> signed(map("PAY_ID", PAY_ID, "DISPUTES",
                    Json.write(List.of(dispute)), "RESPONSE_CODE", "000")));
            routes.put("/sandbox/pgws/dispute", r -> {
                Map<String, String> answer = new LinkedHashMap<>(dispute);
                answer.put("PAY_ID", PAY_ID);
                answer.put("STATUS", r.get("ACTION").equals("ACCEPT") ? "LOST" : "UNDER_REVIEW");
                answer.put("RESPONSE_CODE", "000");
                return signed(answer);
            });

            check("Client.fxRates parses RATES and CURRENCIES of a verified answer", () -> {
                Client.FxRates answer = client.fxRates();
                assertEquals(rates, answer.rates(), "rates");
                assertEquals(currencies, answer.currencies(), "currencies");
                assertEquals("2026-11-27", answer.fields().get("RATES_DATE"), "date");
                assertEquals(map("PAY_ID", PAY_ID), withoutHash(received.get(received.size() - 1)), "request");
            });
            check("Client.fxRates: RATES is trusted only as an object of strings under the HASH", () -> {
                for (String text : new String[] {"[]", "nope", "{\"840\":84.2}"}) {
                    ratesText[0] = text;
                    try {
                        client.fxRates();
                        throw new AssertionError(text + " was taken");
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("RATES"), expected.getMessage());
                    }
                }
                ratesText[0] = Json.write(rates);
                routes.put("/sandbox/pgws/fx", r -> {
                    Map<String, String> answer = signed(map("PAY_ID", PAY_ID, "RATES", Json.write(rates),
                            "CURRENCIES", "[]", "RESPONSE_CODE", "000"));
                    answer.put("RATES", "{\"840\":\"1.0000\"}");
                    return answer;
                });
                assertRefused(client::fxRates, "a changed RATES");
            });
            check("Client.disputes and disputesForOrder post their fields and parse DISPUTES", () -> {
                Client.Disputes byDates = client.disputes(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-11-30"));
                assertEquals(List.of(dispute), byDates.disputes(), "by dates");
                assertEquals(map("PAY_ID", PAY_ID, "FROM", "2026-11-01", "TO", "2026-11-30"),
                        withoutHash(received.get(received.size() - 1)), "dates request");
                assertEquals(List.of(dispute), client.disputesForOrder("SV1").disputes(), "by order");
                assertEquals(map("PAY_ID", PAY_ID, "ORDER_ID", "SV1"), withoutHash(received.get(received.size() - 1)),
                        "order request");
            });
            check("Client.acceptDispute and contestDispute send ACTION, the evidence and the file as Base64", () -> {
                assertEquals("LOST", client.acceptDispute(ID).get("STATUS"), "accepted");
                assertEquals(map("PAY_ID", PAY_ID, "DISPUTE_ID", ID, "ACTION", "ACCEPT"),
                        withoutHash(received.get(received.size() - 1)), "accept request");
                assertEquals("UNDER_REVIEW", client.contestDispute(ID, "Delivered, signed for.", null, null)
                        .get("STATUS"), "contested");
                client.contestDispute(ID, "Proof attached.", "%PDF-1.4 proof".getBytes(StandardCharsets.UTF_8),
                        "delivery.pdf");
                Map<String, String> sent = received.get(received.size() - 1);
                assertEquals(map("PAY_ID", PAY_ID, "DISPUTE_ID", ID, "ACTION", "CONTEST", "EVIDENCE", "Proof attached.",
                        "EVIDENCE_FILE", "JVBERi0xLjQgcHJvb2Y=", "EVIDENCE_FILE_NAME", "delivery.pdf"), withoutHash(sent),
                        "contest request");
                Map<String, String> signedRequest = new LinkedHashMap<>(sent);
                signedRequest.remove("_path");
                assertTrue(Hash.verify(signedRequest, SALT), "signed");
            });
            check("Client: dispute ids, evidence and files are checked before anything is sent", () -> {
                int before = received.size();
                List<CoreTests.Body> refused = List.of(
                        () -> client.acceptDispute("dsp_XYZ"),
                        () -> client.acceptDispute(null),
                        () -> client.contestDispute(ID, "  ", null, null),
                        () -> client.contestDispute(ID, "x".repeat(5001), null, null),
                        () -> client.contestDispute(ID, "Proof", new byte[4], null),
                        () -> client.contestDispute(ID, "Proof", null, "proof.pdf"),
                        () -> client.contestDispute(ID, "Proof", new byte[2 * 1024 * 1024 + 1], "big.pdf"),
                        () -> client.disputes(null, LocalDate.parse("2026-11-30")),
                        () -> client.disputesForOrder(" "));
                for (CoreTests.Body call : refused) {
                    try {
                        call.run();
                        throw new AssertionError("a bad call was sent");
                    } catch (IllegalArgumentException expected) {
                        // refused before sending
                    }
                }
                assertEquals(before, received.size(), "nothing sent");
            });
        } finally {
            gateway.stop(0);
        }
    }

    private static Map<String, String> signed(Map<String, String> fields) {
        return Hash.withHash(fields, SALT);
    }

    private static Map<String, String> withoutHash(Map<String, String> request) {
        Map<String, String> copy = new LinkedHashMap<>(request);
        copy.remove("_path");
        copy.remove("HASH");
        return copy;
    }
}
