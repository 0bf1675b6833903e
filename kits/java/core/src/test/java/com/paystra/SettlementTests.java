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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Settlements and reconciliation: the shared "reconciliation" vectors through reconcile, its
 * refusals of bad input, and the client's settlement calls against a stand-in gateway.
 */
final class SettlementTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final String KEY_SALT = "f0e1d2c3b4a59687";

    private SettlementTests() {}

    /** Every case of the vectors' reconciliation section: its input gives exactly its report. */
    @SuppressWarnings("unchecked")
    static int vectors(Map<String, Object> section) {
        check("reconciliation vectors: the same results, and the same columns in every report row", () -> {
            assertEquals(section.get("results"), Reconciliation.RESULTS, "results");
            for (Object item : (List<Object>) section.getOrDefault("cases", List.of())) {
                for (Object row : (List<Object>) ((Map<String, Object>) item).get("report")) {
                    assertEquals(Reconciliation.COLUMNS, List.copyOf(((Map<String, Object>) row).keySet()), "columns");
                }
            }
        });
        check("reconciliation vectors: Reconciliation.java words the precedence of the results as they do", () -> {
            String sentence = "RESULT, the first that applies: "
                    + String.join(", ", (List<String>) section.getOrDefault("precedence", List.of())) + ".";
            String source = Files.readString(Path.of("core", "src", "main", "java", "com", "paystra",
                    "Reconciliation.java"), StandardCharsets.UTF_8);
            assertTrue(CoreTests.words(source).contains(sentence), "Reconciliation.java says: " + sentence);
        });
        int count = 0;
        for (Object item : (List<Object>) section.getOrDefault("cases", List.of())) {
            Map<String, Object> vector = (Map<String, Object>) item;
            check("reconciliation vector: " + vector.get("name"), () -> {
                List<Map<String, String>> report = Reconciliation.reconcile(
                        stringMaps((List<Object>) vector.get("orders")),
                        settlements((List<Object>) vector.get("settlements")),
                        recon((Map<String, Object>) vector.get("recon")),
                        LocalDate.parse((String) vector.get("today")));
                // Written out, so the order of the rows and of each row's fields counts too.
                assertEquals(Json.write(vector.get("report")), Json.write(report), "report");
            });
            count++;
        }
        return count;
    }

    @SuppressWarnings("unchecked")
    static List<Client.Settlement> settlements(List<Object> items) {
        List<Client.Settlement> settlements = new ArrayList<>();
        for (Object item : items) {
            Map<String, Object> settlement = new LinkedHashMap<>((Map<String, Object>) item);
            List<Object> lines = (List<Object>) settlement.remove("LINES");
            settlements.add(new Client.Settlement(CoreTests.strings(settlement), stringMaps(lines)));
        }
        return settlements;
    }

    @SuppressWarnings("unchecked")
    static Map<String, List<Map<String, String>>> recon(Map<String, Object> byOrder) {
        Map<String, List<Map<String, String>>> recon = new LinkedHashMap<>();
        byOrder.forEach((orderId, entries) -> recon.put(orderId, stringMaps((List<Object>) entries)));
        return recon;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, String>> stringMaps(List<Object> items) {
        List<Map<String, String>> maps = new ArrayList<>();
        items.forEach(item -> maps.add(CoreTests.strings((Map<String, Object>) item)));
        return maps;
    }

    static void run() throws Exception {
        reconcileTests();
        clientTests();
        webhookTests();
    }

    static void reconcileTests() {
        LocalDate today = LocalDate.parse("2026-11-27");
        Client.Settlement settlement = new Client.Settlement(
                map("SETTLEMENT_ID", "setl_0a1b2c3d4e5f60718293", "UTR", "PYSTN26331000123",
                        "SETTLEMENT_DATE", "2026-11-27", "STATUS", "PROCESSED"),
                List.of(map("TYPE", "PAYMENT", "ORDER_ID", "A1", "TXN_ID", "1", "AMOUNT", "100", "FEE", "2",
                        "GST", "0", "NET", "98")));
        check("reconcile: no orders and no settlements is an empty report; an absent recon is no entries", () -> {
            assertEquals(List.of(), Reconciliation.reconcile(List.of(), List.of(), Map.of(), today), "empty");
            assertEquals(Reconciliation.MISSING, Reconciliation.reconcile(List.of(map("ORDER_ID", "A2",
                    "AMOUNT", "100")), List.of(settlement), Map.of(), today).get(0).get("RESULT"), "missing");
        });
        check("reconcile: an order without ORDER_ID or with an amount that is not paise is refused", () -> {
            for (Map<String, String> order : List.of(map("AMOUNT", "100"), map("ORDER_ID", "A1"),
                    map("ORDER_ID", "A1", "AMOUNT", "1.50"), map("ORDER_ID", "A1", "AMOUNT", "1e3"))) {
                refusedInput(() -> Reconciliation.reconcile(List.of(order), List.of(), Map.of(), today), order.toString());
            }
            refusedInput(() -> Reconciliation.reconcile(List.of(map("ORDER_ID", "A1", "AMOUNT", "100")),
                    List.of(new Client.Settlement(settlement.fields(), List.of(map("TYPE", "PAYMENT", "ORDER_ID", "A1",
                            "AMOUNT", "100", "NET", "98.0")))), Map.of(), today), "a line's NET of 98.0");
            refusedInput(() -> Reconciliation.reconcile(List.of(map("ORDER_ID", "A1", "AMOUNT", "100")), List.of(),
                    Map.of("A1", List.of(map("TYPE", "PAYMENT", "AMOUNT", "100", "NET", "98", "STATE", "UNSETTLED",
                            "EXPECTED_SETTLEMENT_DATE", "27/11/2026"))), today), "a date that is not YYYY-MM-DD");
            refusedInput(() -> Reconciliation.reconcile(List.of(), List.of(), Map.of(), null), "no today");
            refusedInput(() -> Reconciliation.reconcile(List.of(), List.of(new Client.Settlement(
                    map("SETTLEMENT_ID", "setl_x", "STATUS", "PAID"), List.of())), Map.of(), today), "a STATUS of PAID");
            refusedInput(() -> Reconciliation.reconcile(List.of(map("ORDER_ID", "A1", "AMOUNT", "100")), List.of(),
                    Map.of("A1", List.of(map("TYPE", "PAYMENT", "AMOUNT", "100", "NET", "98", "STATE", "LOST"))),
                    today), "a STATE of LOST");
        });
        check("reconcile: a recon refund also settled in a fetched line counts once", () -> {
            Client.Settlement withRefund = new Client.Settlement(settlement.fields(), List.of(
                    settlement.lines().get(0),
                    map("TYPE", "REFUND", "ORDER_ID", "A1", "TXN_ID", "9", "AMOUNT", "40", "FEE", "0", "GST", "0",
                            "NET", "-40")));
            Map<String, String> row = Reconciliation.reconcile(List.of(map("ORDER_ID", "A1", "AMOUNT", "100")),
                    List.of(withRefund), Map.of("A1", List.of(
                            map("TYPE", "REFUND", "TXN_ID", "9", "AMOUNT", "40", "NET", "-40", "STATE", "SETTLED"),
                            map("TYPE", "REFUND", "TXN_ID", "10", "AMOUNT", "10", "NET", "-10", "STATE", "UNSETTLED"))),
                    today).get(0);
            assertEquals(Reconciliation.REFUNDED, row.get("RESULT"), "result");
            assertEquals("50", row.get("REFUNDED_AMOUNT"), "refunded");
            assertEquals("48", row.get("NET"), "net");
        });
    }

    private static void refusedInput(CoreTests.Body body, String what) throws Exception {
        try {
            body.run();
        } catch (IllegalArgumentException expected) {
            assertFalse(expected.getMessage() == null || expected.getMessage().isBlank(), what + ": says why");
            return;
        }
        throw new AssertionError(what + ": was not refused");
    }

    /** A stand-in gateway's answer: a content type and a body. */
    private record Reply(String contentType, String body) {
        static Reply json(Map<String, String> fields) {
            return new Reply("application/json; charset=utf-8", Json.write(fields));
        }

        static Reply signed(Map<String, String> fields) {
            return json(Hash.withHash(fields, SALT));
        }
    }

    static void clientTests() throws Exception {
        List<Map<String, String>> received = Collections.synchronizedList(new ArrayList<>());
        Map<String, Function<Map<String, String>, Reply>> routes = new LinkedHashMap<>();
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            request.put("_path", exchange.getRequestURI().getPath());
            received.add(request);
            Reply reply = routes.getOrDefault(request.get("_path"), r -> Reply.json(map())).apply(request);
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", reply.contentType());
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client client = new Client(new Config(base, PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000));
            Map<String, String> settlement = map("SETTLEMENT_ID", "setl_0a1b2c3d4e5f60718293",
                    "UTR", "PYSTN26331000123", "SETTLEMENT_DATE", "2026-11-27", "NET_AMOUNT", "97640",
                    "STATUS", "PROCESSED");
            Map<String, String> line = map("TYPE", "PAYMENT", "ORDER_ID", "ORD-1001", "TXN_ID", "1234567890123456",
                    "AMOUNT", "100000", "FEE", "2000", "GST", "360", "NET", "97640", "DATE", "2026-11-26 10:15:00",
                    "DESCRIPTION", "Caf\u00e9 \"order\"");

            routes.put("/sandbox/pgws/settlements", r -> r.get("FROM").compareTo(r.get("TO")) > 0
                    ? Reply.signed(map("PAY_ID", PAY_ID, "FROM", r.get("FROM"), "TO", r.get("TO"), "STATUS", "Failed",
                            "RESPONSE_CODE", "339", "RESPONSE_MESSAGE", "Invalid date range"))
                    : Reply.signed(success(map("PAY_ID", PAY_ID, "FROM", r.get("FROM"), "TO", r.get("TO"),
                            "SETTLEMENTS", Json.write(List.of(settlement))))));
            check("Client.settlements posts a signed PAY_ID, FROM, TO and parses SETTLEMENTS", () -> {
                Client.Settlements answer = client.settlements(LocalDate.parse("2026-09-01"),
                        LocalDate.parse("2026-11-30"));
                assertEquals(List.of(settlement), answer.settlements(), "settlements");
                assertEquals("000", answer.fields().get("RESPONSE_CODE"), "fields");
                Map<String, String> sent = lastRequest(received);
                assertEquals(map("FROM", "2026-09-01", "PAY_ID", PAY_ID, "TO", "2026-11-30"), withoutHash(sent),
                        "request");
                assertTrue(Hash.verify(withoutPath(sent), SALT), "signed");
                assertUnmodifiable(answer.settlements(), "the list");
            });
            check("Client.settlements: a signed refusal throws RefusedError with its code and answer", () -> {
                try {
                    client.settlements(LocalDate.parse("2026-12-01"), LocalDate.parse("2026-11-01"));
                    throw new AssertionError("a refusal was returned");
                } catch (RefusedError e) {
                    assertEquals("339", e.code(), "code");
                    assertEquals("Failed", e.answer().get("STATUS"), "answer");
                    assertTrue(e.getMessage().contains("339 Invalid date range"), "message: " + e.getMessage());
                }
            });

            routes.put("/sandbox/pgws/settlement", r -> {
                String reference = r.getOrDefault("SETTLEMENT_ID", r.get("UTR"));
                boolean known = settlement.get("SETTLEMENT_ID").equals(reference) || settlement.get("UTR").equals(reference);
                if (!known) {
                    Map<String, String> refusal = new LinkedHashMap<>(r);
                    refusal.remove("_path");
                    refusal.remove("HASH");
                    refusal.putAll(map("STATUS", "Failed", "RESPONSE_CODE", "338", "RESPONSE_MESSAGE",
                            "No settlement found"));
                    return Reply.signed(refusal);
                }
                if ("CSV".equals(r.get("FORMAT"))) {
                    return new Reply("text/csv; charset=utf-8", "TYPE,ORDER_ID\r\nPAYMENT,ORD-1001\r\n");
                }
                Map<String, String> answer = map("PAY_ID", PAY_ID);
                answer.putAll(settlement);
                answer.put("LINES", Json.write(List.of(line)));
                return Reply.signed(success(answer));
            });
            check("Client.settlement by SETTLEMENT_ID or UTR: the fields and LINES parsed", () -> {
                Client.Settlement byId = client.settlement("setl_0a1b2c3d4e5f60718293");
                assertEquals(List.of(line), byId.lines(), "lines, text kept as sent");
                assertEquals("PYSTN26331000123", byId.get("UTR"), "UTR");
                assertEquals("", byId.get("NO_SUCH_FIELD"), "an absent field is empty");
                Map<String, String> sent = lastRequest(received);
                assertEquals("setl_0a1b2c3d4e5f60718293", sent.get("SETTLEMENT_ID"), "SETTLEMENT_ID sent");
                assertFalse(sent.containsKey("UTR") || sent.containsKey("FORMAT"), "only the id, JSON by default");
                Client.Settlement byUtr = client.settlement(" PYSTN26331000123 ");
                assertEquals(byId.lines(), byUtr.lines(), "the same settlement");
                sent = lastRequest(received);
                assertEquals("PYSTN26331000123", sent.get("UTR"), "UTR sent, trimmed");
                assertFalse(sent.containsKey("SETTLEMENT_ID"), "no SETTLEMENT_ID");
                try {
                    client.settlement("setl_ffffffffffffffffffff");
                    throw new AssertionError("an unknown settlement was returned");
                } catch (RefusedError e) {
                    assertEquals("338", e.code(), "338");
                }
                for (String blank : new String[] {null, "", "  "}) {
                    refusedInput(() -> client.settlement(blank), "a blank reference");
                }
            });
            check("Client.settlementCsv asks FORMAT=CSV and returns the file's text; a refusal throws", () -> {
                assertEquals("TYPE,ORDER_ID\r\nPAYMENT,ORD-1001\r\n", client.settlementCsv("PYSTN26331000123"), "CSV");
                assertEquals("CSV", lastRequest(received).get("FORMAT"), "FORMAT");
                assertTrue(Hash.verify(withoutPath(lastRequest(received)), SALT), "signed with FORMAT");
                try {
                    client.settlementCsv("PYSTN00000000000");
                    throw new AssertionError("a refusal was returned as CSV");
                } catch (RefusedError e) {
                    assertEquals("338", e.code(), "338");
                }
            });

            List<Map<String, String>> fiveLines = new ArrayList<>();
            for (int n = 0; n < 5; n++) {
                Map<String, String> numbered = new LinkedHashMap<>(line);
                numbered.put("TXN_ID", Long.toString(1234567890123000L + n));
                fiveLines.add(numbered);
            }
            String[] linesCount = {"5"};
            // The stand-in pages by 2, whatever is asked, so that five lines take three pages.
            routes.put("/sandbox/pgws/settlement", r -> {
                int page = Integer.parseInt(r.getOrDefault("PAGE", "1"));
                Map<String, String> answer = map("PAY_ID", PAY_ID, "PAGE", Integer.toString(page),
                        "PAGE_SIZE", r.getOrDefault("PAGE_SIZE", "1000"), "LINES_COUNT", linesCount[0], "PAGES", "3");
                answer.putAll(settlement);
                answer.put("LINES", Json.write(fiveLines.subList((page - 1) * 2, Math.min(page * 2, 5))));
                return Reply.signed(success(answer));
            });
            check("Client.settlementWithAllLines fetches every page and checks LINES_COUNT", () -> {
                received.clear();
                Client.Settlement all = client.settlementWithAllLines("setl_0a1b2c3d4e5f60718293");
                assertEquals(fiveLines, all.lines(), "every page's lines, in order");
                assertEquals("3", all.get("PAGES"), "the first page's fields");
                List<String> pages = new ArrayList<>();
                received.forEach(request -> pages.add(request.get("PAGE") + "/" + request.get("PAGE_SIZE")));
                assertEquals(List.of("null/1000", "2/1000", "3/1000"), pages, "pages asked");
                linesCount[0] = "6";
                try {
                    client.settlementWithAllLines("setl_0a1b2c3d4e5f60718293");
                    throw new AssertionError("pages short of LINES_COUNT were accepted");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("LINES_COUNT"), expected.getMessage());
                }
                client.settlement("setl_0a1b2c3d4e5f60718293", 3, 50);
                assertEquals("3/50", lastRequest(received).get("PAGE") + "/" + lastRequest(received).get("PAGE_SIZE"),
                        "one page asked");
                for (int[] bad : new int[][] {{0, 10}, {1, 0}, {1, 1001}}) {
                    refusedInput(() -> client.settlement("setl_0a1b2c3d4e5f60718293", bad[0], bad[1]),
                            "page " + bad[0] + " of " + bad[1]);
                }
            });

            String pdf = "%PDF-1.7\n% caf\u00e9\n1 0 obj <<>> endobj\n%%EOF\n";
            Map<String, String> invoice = map("INVOICE_NUMBER", "PYS/2026-27/000123", "MONTH", "2026-11",
                    "TAXABLE_AMOUNT", "2000", "CGST_AMOUNT", "180", "SGST_AMOUNT", "180", "IGST_AMOUNT", "0",
                    "GST_AMOUNT", "360", "TOTAL_AMOUNT", "2360");
            Map<String, String> invoiceLine = map("DESCRIPTION", "Payment processing fees", "SAC", "997158",
                    "TAXABLE_AMOUNT", "2000", "GST_AMOUNT", "360", "TOTAL_AMOUNT", "2360");
            routes.put("/sandbox/pgws/gst-invoice", r -> {
                if (r.get("MONTH").equals("2099-12")) {
                    return Reply.signed(map("PAY_ID", PAY_ID, "MONTH", r.get("MONTH"), "STATUS", "Failed",
                            "RESPONSE_CODE", "355", "RESPONSE_MESSAGE", "Invalid month"));
                }
                if ("PDF".equals(r.get("FORMAT"))) {
                    return new Reply("application/pdf", pdf);
                }
                Map<String, String> answer = map("PAY_ID", PAY_ID);
                answer.putAll(invoice);
                answer.put("LINES", Json.write(List.of(invoiceLine)));
                return Reply.signed(success(answer));
            });
            check("Client.gstInvoice answers the verified fields, or the PDF's bytes; a refusal throws", () -> {
                Client.Invoice fields = client.gstInvoice(YearMonth.of(2026, 11));
                invoice.forEach((key, value) -> assertEquals(value, fields.fields().get(key), key));
                assertEquals(List.of(invoiceLine), fields.lines(), "LINES parsed");
                assertEquals(map("MONTH", "2026-11", "PAY_ID", PAY_ID), withoutHash(lastRequest(received)), "request");
                assertTrue(Hash.verify(withoutPath(lastRequest(received)), SALT), "signed");
                Client.Invoice file = client.gstInvoice(YearMonth.of(2026, 11), "PDF");
                assertTrue(java.util.Arrays.equals(pdf.getBytes(StandardCharsets.UTF_8), file.pdf()), "the PDF's bytes");
                assertEquals("PDF", lastRequest(received).get("FORMAT"), "FORMAT");
                for (String format : new String[] {"JSON", "PDF"}) {
                    try {
                        client.gstInvoice(YearMonth.of(2099, 12), format);
                        throw new AssertionError("a refused invoice was returned");
                    } catch (RefusedError e) {
                        assertEquals("355", e.code(), "355");
                    }
                }
                refusedInput(() -> client.gstInvoice(YearMonth.of(1999, 12)), "a month before 2000");
                refusedInput(() -> client.gstInvoice(YearMonth.of(2026, 11), "CSV"), "a FORMAT of CSV");
                refusedInput(() -> client.gstInvoice(null), "no month");
            });

            routes.put("/sandbox/pgws/recon", r -> switch (r.get("ORDER_ID")) {
                case "ORD-1004" -> Reply.signed(success(map("PAY_ID", PAY_ID, "ORDER_ID", "ORD-1004", "RECON",
                        Json.write(List.of(map("TYPE", "PAYMENT", "TXN_ID", "5234567890123456", "AMOUNT", "100",
                                "STATE", "UNSETTLED", "EXPECTED_SETTLEMENT_DATE", "2026-11-28"))))));
                case "OPEN" -> Reply.signed(success(map("PAY_ID", PAY_ID, "ORDER_ID", "OPEN", "RECON", "[]")));
                case "FORGED" -> Reply.json(Hash.withHash(success(map("PAY_ID", PAY_ID, "ORDER_ID", "FORGED",
                        "RECON", "[]")), "not our salt"));
                case "NESTED" -> Reply.signed(success(map("PAY_ID", PAY_ID, "ORDER_ID", "NESTED",
                        "RECON", "[{\"AMOUNT\":100}]")));
                case "NOTJSON" -> Reply.signed(success(map("PAY_ID", PAY_ID, "ORDER_ID", "NOTJSON", "RECON", "[")));
                case "UNSIGNED" -> Reply.json(map("STATUS", "Failed", "RESPONSE_CODE", "326",
                        "RESPONSE_MESSAGE", "Malformed request"));
                case "PAGE" -> new Reply("text/html", "<html>");
                default -> Reply.signed(map("PAY_ID", PAY_ID, "ORDER_ID", r.get("ORDER_ID"), "STATUS", "Failed",
                        "RESPONSE_CODE", "328", "RESPONSE_MESSAGE", "No such order"));
            });
            check("Client.recon parses RECON; an open order has none; an unknown one throws 328", () -> {
                Client.Recon recon = client.recon("ORD-1004");
                assertEquals("UNSETTLED", recon.entries().get(0).get("STATE"), "entry");
                assertEquals(map("ORDER_ID", "ORD-1004", "PAY_ID", PAY_ID), withoutHash(lastRequest(received)), "request");
                assertEquals(List.of(), client.recon("OPEN").entries(), "no entries");
                try {
                    client.recon("NEVER");
                    throw new AssertionError("an unknown order was returned");
                } catch (RefusedError e) {
                    assertEquals("328", e.code(), "328");
                }
                refusedInput(() -> client.recon(""), "no ORDER_ID");
            });
            check("Client.recon: a forged answer, a list that is not JSON objects of strings, an unsigned "
                    + "refusal and a page are refused", () -> {
                assertRefused(() -> client.recon("FORGED"), "forged");
                for (String orderId : new String[] {"NESTED", "NOTJSON", "PAGE"}) {
                    try {
                        client.recon(orderId);
                        throw new AssertionError(orderId + " was accepted");
                    } catch (VerificationError | RefusedError e) {
                        throw new AssertionError(orderId + ": not a gateway error: " + e);
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains(orderId.equals("PAGE") ? "without JSON" : "RECON"),
                                orderId + ": " + expected.getMessage());
                    }
                }
                try {
                    client.recon("UNSIGNED");
                    throw new AssertionError("an unsigned answer was accepted");
                } catch (VerificationError e) {
                    assertEquals("326", e.code(), "code");
                }
            });

            routes.put("/sandbox/pgws/settlement/run", r -> r.get("AS_OF").contains("T")
                    ? Reply.signed(success(map("PAY_ID", PAY_ID, "AS_OF", r.get("AS_OF"),
                            "SETTLEMENTS", Json.write(List.of(settlement)))))
                    : Reply.signed(map("PAY_ID", PAY_ID, "AS_OF", r.get("AS_OF"), "STATUS", "Failed",
                            "RESPONSE_CODE", "341", "RESPONSE_MESSAGE", "Invalid AS_OF")));
            check("Client.runSettlement sends AS_OF and NOTIFY_URL only when given", () -> {
                Client.Settlements run = client.runSettlement("2026-11-30T11:00:00+05:30");
                assertEquals(List.of(settlement), run.settlements(), "settlements");
                assertEquals(map("AS_OF", "2026-11-30T11:00:00+05:30", "PAY_ID", PAY_ID),
                        withoutHash(lastRequest(received)), "no NOTIFY_URL");
                client.runSettlement("2026-11-30T11:00:00+05:30", "http://127.0.0.1:4330/webhook");
                assertEquals("http://127.0.0.1:4330/webhook", lastRequest(received).get("NOTIFY_URL"), "NOTIFY_URL");
                try {
                    client.runSettlement("2026-11-30");
                    throw new AssertionError("a refusal was returned");
                } catch (RefusedError e) {
                    assertEquals("341", e.code(), "341");
                }
                refusedInput(() -> client.runSettlement(" "), "no AS_OF");
            });
        } finally {
            gateway.stop(0);
        }
    }

    static void webhookTests() {
        check("Webhook: settlement.processed verifies like any event", () -> {
            String secret = "wh_demo_7c1e4b9a2f6d8035";
            Map<String, String> data = Hash.withHash(map("PAY_ID", PAY_ID, "SETTLEMENT_ID", "setl_0a1b2c3d4e5f60718293",
                    "UTR", "", "SETTLEMENT_DATE", "2026-11-27", "NET_AMOUNT", "-1500", "STATUS", "CARRIED_FORWARD"),
                    SALT);
            Webhook.Signed signed = Webhook.sign(new Webhook.Event(Webhook.newEventId(), "settlement.processed",
                    1764000000L, data), secret, 1764000000L);
            Webhook.Event event = Webhook.verify(signed.body(), signed.headers().get(Webhook.SIGNATURE_HEADER), secret,
                    Webhook.Options.salt(SALT).at(1764000000L));
            assertEquals("settlement.processed", event.type(), "type");
            assertEquals(data, event.data(), "data");
        });
    }

    private static Map<String, String> success(Map<String, String> fields) {
        Map<String, String> answer = new LinkedHashMap<>(fields);
        answer.put("RESPONSE_CODE", "000");
        answer.put("RESPONSE_MESSAGE", "Transaction successful");
        answer.put("RESPONSE_DATE_TIME", "2026-11-27 12:00:00");
        return answer;
    }

    private static Map<String, String> lastRequest(List<Map<String, String>> received) {
        return received.get(received.size() - 1);
    }

    private static Map<String, String> withoutPath(Map<String, String> request) {
        Map<String, String> copy = new LinkedHashMap<>(request);
        copy.remove("_path");
        return copy;
    }

    /** The request's own fields, without HASH and the stand-in's _path. */
    private static Map<String, String> withoutHash(Map<String, String> request) {
        Map<String, String> copy = withoutPath(request);
        copy.remove("HASH");
        return copy;
    }

    private static void assertUnmodifiable(List<Map<String, String>> list, String what) {
        for (Runnable change : Set.<Runnable>of(() -> list.add(Map.of()), () -> list.get(0).put("X", "1"))) {
            try {
                change.run();
                throw new AssertionError(what + " can be changed");
            } catch (UnsupportedOperationException expected) {
                // read-only
            }
        }
    }
}
