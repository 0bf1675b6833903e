package com.paystra.examples.web;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import com.paystra.Client;
import com.paystra.Config;
import com.paystra.Hash;
import com.paystra.Json;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reconciliation example against a stand-in gateway: its arguments, the range it fetches,
 * the settlement run, recon for the orders no line pays, the table, --json, and exit 1 with the
 * message on stderr when the gateway refuses or cannot be reached.
 */
final class ReconcileTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final String SECRET = "wh_demo_7c1e4b9a2f6d8035";
    /** The ORDER_IDs the stand-in's /pgws/disputes lists. */
    private static final List<String> DISPUTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    private ReconcileTests() {}

    /** What one run printed and returned. */
    private record Ran(int status, String out, String err) {}

    static void run() throws Exception {
        optionTests();
        Path dir = Files.createTempDirectory("paystra-reconcile");
        Path store = dir.resolve("server-orders.json");
        List<Map<String, String>> received = Collections.synchronizedList(new ArrayList<>());
        boolean[] refuseRange = {false};
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            request.put("_path", exchange.getRequestURI().getPath());
            received.add(request);
            byte[] body = Json.write(Hash.withHash(answer(request, refuseRange[0]), SALT))
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client client = new Client(new Config(base, PAY_ID, SALT, "k", "http://127.0.0.1:1", 0, SECRET));
            Orders orders = new Orders(client, store);
            for (String[] order : new String[][] {{"ORD-1001", "100000"}, {"ORD-1004", "100"}, {"ORD-1005", "2500"},
                    {"ORD-OPEN", "700"}}) {
                orders.created(order[0], order[1]);
                if (!order[0].equals("ORD-OPEN")) {
                    orders.receive(new com.paystra.Webhook.Event("evt_" + order[0], "payment.captured", 1764000000L,
                            Hash.withHash(map("PAY_ID", PAY_ID, "ORDER_ID", order[0], "RESPONSE_CODE", "000",
                                    "STATUS", "Captured"), SALT)));
                }
            }

            check("Reconcile --json: the store's paid orders against the settlements and recon, one JSON object", () -> {
                received.clear();
                Ran ran = reconcile(client, store, "--today", "2026-11-30", "--json");
                assertEquals(0, ran.status(), "exit status; stderr: " + ran.err());
                assertEquals("", ran.err(), "nothing on stderr");
                assertTrue(ran.out().endsWith("}\n") && ran.out().indexOf('\n') == ran.out().length() - 1,
                        "one line of JSON");
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> rows = (List<Map<String, Object>>) Json.parseObject(ran.out()).get("rows");
                List<String> results = new ArrayList<>();
                rows.forEach(row -> results.add(row.get("ORDER_ID") + " " + row.get("RESULT")));
                assertEquals(List.of("ORD-1001 MATCHED", "ORD-1004 OVERDUE", "ORD-1005 MISSING", "ORD-9999 UNKNOWN"),
                        results, "rows: the paid orders in the store's order, then the unknown line");
                assertEquals("PYSTN26331000123", rows.get(0).get("UTR"), "UTR");
                assertEquals(map("_path", "/sandbox/pgws/settlements", "FROM", "2026-09-07", "TO", "2026-12-07"),
                        pick(received.get(0), "_path", "FROM", "TO"), "the range: today + 7 days, 92 days long");
                List<String> paths = new ArrayList<>();
                received.forEach(request -> paths.add(request.get("_path") + " "
                        + request.getOrDefault("SETTLEMENT_ID", request.getOrDefault("ORDER_ID", ""))));
                assertEquals(List.of("/sandbox/pgws/settlements ", "/sandbox/pgws/settlement setl_0a1b2c3d4e5f60718293",
                        "/sandbox/pgws/settlement setl_0a1b2c3d4e5f60718293", "/sandbox/pgws/disputes ",
                        "/sandbox/pgws/recon ORD-1004", "/sandbox/pgws/recon ORD-1005"), paths,
                        "each settlement's pages of lines by its id, recon only for the orders no line pays; no run");
                assertEquals("2", received.get(2).get("PAGE"), "the second page");
            });
            check("Reconcile asks recon for a paid-out order with a dispute: HELD while its hold is open", () -> {
                received.clear();
                DISPUTED.add("ORD-1001");
                Ran ran = reconcile(client, store, "--today", "2026-11-30", "--json");
                DISPUTED.clear();
                assertEquals(0, ran.status(), "exit status; stderr: " + ran.err());
                assertTrue(received.stream().anyMatch(request -> "/sandbox/pgws/recon".equals(request.get("_path"))
                        && "ORD-1001".equals(request.get("ORDER_ID"))), "recon asked for the disputed order");
                @SuppressWarnings("unchecked")
                Map<String, Object> row = ((List<Map<String, Object>>) Json.parseObject(ran.out()).get("rows")).get(0);
                assertEquals(List.of("ORD-1001", "HELD", "100000", "-2360", "", ""), List.of(row.get("ORDER_ID"),
                        row.get("RESULT"), row.get("HELD_AMOUNT"), row.get("NET"), row.get("SETTLEMENT_ID"),
                        row.get("UTR")), "the held row");
            });
            check("Reconcile --settle-as-of runs the settlement first, with --notify-url", () -> {
                received.clear();
                Ran ran = reconcile(client, store, "--settle-as-of", "2026-11-30T11:00:00+05:30",
                        "--notify-url=http://127.0.0.1:4330/webhook", "--today", "2026-11-28");
                assertEquals(0, ran.status(), "exit status; stderr: " + ran.err());
                assertEquals(map("_path", "/sandbox/pgws/settlement/run", "AS_OF", "2026-11-30T11:00:00+05:30",
                        "NOTIFY_URL", "http://127.0.0.1:4330/webhook"),
                        pick(received.get(0), "_path", "AS_OF", "NOTIFY_URL"), "the run");
                assertTrue(ran.out().startsWith("Settlement run as of 2026-11-30T11:00:00+05:30: 1 settlement"),
                        "the run is reported: " + ran.out());
                assertTrue(ran.out().contains("Reconciled 3 paid orders of " + store), "what was read");
                assertTrue(ran.out().contains("(today in India: 2026-11-28)"), "today");
                String[] lines = ran.out().split("\n");
                String header = List.of(lines).stream().filter(line -> line.startsWith("ORDER_ID")).findFirst()
                        .orElseThrow();
                for (String column : List.of("RESULT", "AMOUNT", "SETTLED", "REFUNDED", "HELD", "NET", "SETTLEMENT_ID", "UTR",
                        "SETTLEMENT_DATE", "EXPECTED")) {
                    assertTrue(header.contains(column), "column " + column);
                }
                assertTrue(ran.out().matches("(?s).*\\nORD-1004 +UNSETTLED +100 +- +0 +0 +98 +- +- +- +2026-11-28\\n.*"),
                        "an unsettled row, empty cells shown as -: " + ran.out());
                assertTrue(ran.out().endsWith("4 rows: 1 MATCHED, 1 UNSETTLED, 1 MISSING, 1 UNKNOWN.\n"), "the tally");
            });
            check("Reconcile: a refusal or an unreachable gateway is a message on stderr and exit 1", () -> {
                refuseRange[0] = true;
                Ran refused = reconcile(client, store, "--today", "2026-11-30");
                refuseRange[0] = false;
                assertEquals(1, refused.status(), "refused");
                assertEquals("", refused.out(), "nothing on stdout");
                assertTrue(refused.err().contains("340"), "the code: " + refused.err());
                Client nowhere = new Client(new Config("http://127.0.0.1:1/sandbox", PAY_ID, SALT, "k", "x", 0));
                Ran unreachable = reconcile(nowhere, store, "--json");
                assertEquals(1, unreachable.status(), "unreachable");
                assertTrue(unreachable.err().startsWith("paystra: Cannot reach the gateway"), unreachable.err());
                Ran broken = reconcile(client, dir.resolve("missing-dir").resolve("server-orders.json"), "--json",
                        "--today", "2026-11-30");
                assertEquals(0, broken.status(), "no store yet: no orders, the unknown lines still reported");
                assertTrue(broken.out().contains("ORD-1001") && broken.out().contains("UNKNOWN"), broken.out());
            });
        } finally {
            gateway.stop(0);
            try (var listing = Files.list(dir)) {
                for (Path path : listing.toList()) {
                    Files.delete(path);
                }
            }
            Files.delete(dir);
        }
    }

    static void optionTests() {
        check("Reconcile: its arguments, and the mistakes it refuses", () -> {
            Reconcile.Options none = Reconcile.Options.parse(new String[0]);
            assertEquals(null, none.settleAsOf(), "no run");
            assertEquals(null, none.today(), "today from the clock");
            assertFalse(none.json(), "a table");
            Reconcile.Options all = Reconcile.Options.parse(new String[] {"--json", "--today=2026-11-30",
                    "--settle-as-of", "2026-12-01T11:00:00+05:30", "--notify-url", "http://h/webhook"});
            assertEquals(LocalDate.parse("2026-11-30"), all.today(), "today");
            assertEquals("2026-12-01T11:00:00+05:30", all.settleAsOf(), "as of");
            assertEquals("http://h/webhook", all.notifyUrl(), "notify URL");
            assertTrue(all.json(), "json");
            for (String[] bad : new String[][] {{"--today", "30/11/2026"}, {"--today"}, {"--settle-as-of", ""},
                    {"--notify-url", "http://h/webhook"}, {"--verbose"}, {"extra"}}) {
                try {
                    Reconcile.Options.parse(bad);
                    throw new AssertionError("accepted " + List.of(bad));
                } catch (IllegalArgumentException expected) {
                    assertFalse(expected.getMessage().isBlank(), "says why");
                }
            }
        });
    }

    private static Ran reconcile(Client client, Path store, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Reconcile.run(client, store, Reconcile.Options.parse(args),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The stand-in gateway: one settlement paying ORD-1001 and an order of another shop. */
    private static Map<String, String> answer(Map<String, String> request, boolean refuseRange) {
        Map<String, String> settlement = map("SETTLEMENT_ID", "setl_0a1b2c3d4e5f60718293", "UTR", "PYSTN26331000123",
                "SETTLEMENT_DATE", "2026-11-27", "NET_AMOUNT", "195280", "STATUS", "PROCESSED");
        switch (request.get("_path")) {
            case "/sandbox/pgws/settlements":
                if (refuseRange) {
                    return map("PAY_ID", PAY_ID, "FROM", request.get("FROM"), "TO", request.get("TO"), "STATUS", "Failed",
                            "RESPONSE_CODE", "340", "RESPONSE_MESSAGE", "Date range longer than 92 days");
                }
                return success(map("PAY_ID", PAY_ID, "FROM", request.get("FROM"), "TO", request.get("TO"),
                        "SETTLEMENTS", Json.write(List.of(settlement))));
            case "/sandbox/pgws/settlement/run":
                return success(map("PAY_ID", PAY_ID, "AS_OF", request.get("AS_OF"),
                        "SETTLEMENTS", Json.write(List.of(settlement))));
            case "/sandbox/pgws/settlement": {
                // One line a page, whatever PAGE_SIZE asks: the example must fetch every page.
                int page = Integer.parseInt(request.getOrDefault("PAGE", "1"));
                Map<String, String> answer = map("PAY_ID", PAY_ID, "PAGE", Integer.toString(page), "PAGE_SIZE", "1",
                        "LINES_COUNT", "2", "PAGES", "2");
                answer.putAll(settlement);
                List<Map<String, String>> lines = List.of(
                        line("ORD-1001", "100000", "97640"), line("ORD-9999", "100000", "97640"));
                answer.put("LINES", Json.write(lines.subList(page - 1, page)));
                return success(answer);
            }
            case "/sandbox/pgws/disputes": {
                List<Map<String, String>> disputes = new ArrayList<>();
                DISPUTED.forEach(orderId -> disputes.add(map("DISPUTE_ID", "dsp_0a1b2c3d4e5f60718293", "ORDER_ID", orderId)));
                return success(map("PAY_ID", PAY_ID, "FROM", request.get("FROM"), "TO", request.get("TO"),
                        "DISPUTES", Json.write(disputes)));
            }
            case "/sandbox/pgws/recon":
                if (request.get("ORDER_ID").equals("ORD-1001")) {
                    // Its dispute's hold, in no settlement yet.
                    return success(map("PAY_ID", PAY_ID, "ORDER_ID", "ORD-1001", "RECON", Json.write(List.of(map(
                            "TYPE", "DISPUTE_HOLD", "TXN_ID", "1234567890123456", "AMOUNT", "-100000", "FEE", "0",
                            "GST", "0", "NET", "-100000", "DATE", "2026-11-28 11:00:00", "DISPUTE_ID",
                            "dsp_0a1b2c3d4e5f60718293", "STATE", "UNSETTLED", "SETTLEMENT_ID", "", "SETTLEMENT_DATE", "",
                            "SETTLEMENT_STATUS", "", "PAID_BY_SETTLEMENT_ID", "", "UTR", "",
                            "EXPECTED_SETTLEMENT_DATE", "2026-11-30")))));
                }
                if (request.get("ORDER_ID").equals("ORD-1004")) {
                    return success(map("PAY_ID", PAY_ID, "ORDER_ID", "ORD-1004", "RECON", Json.write(List.of(map(
                            "TYPE", "PAYMENT", "TXN_ID", "5234567890123456", "AMOUNT", "100", "FEE", "2", "GST", "0",
                            "NET", "98", "DATE", "2026-11-27 10:00:00", "STATE", "UNSETTLED", "SETTLEMENT_ID", "",
                            "UTR", "", "SETTLEMENT_DATE", "", "EXPECTED_SETTLEMENT_DATE", "2026-11-28")))));
                }
                return map("PAY_ID", PAY_ID, "ORDER_ID", request.get("ORDER_ID"), "STATUS", "Failed",
                        "RESPONSE_CODE", "328", "RESPONSE_MESSAGE", "No such order");
            default:
                return map("PAY_ID", PAY_ID, "STATUS", "Failed", "RESPONSE_CODE", "326");
        }
    }

    private static Map<String, String> line(String orderId, String amount, String net) {
        return map("TYPE", "PAYMENT", "ORDER_ID", orderId, "TXN_ID", "1234567890123456", "PG_REF_NUM", "",
                "PAYMENT_TYPE", "UP", "MOP_TYPE", "UP", "AMOUNT", amount, "FEE", "2000", "GST", "360", "NET", net,
                "DATE", "2026-11-26 10:15:00", "DESCRIPTION", "");
    }

    private static Map<String, String> success(Map<String, String> fields) {
        Map<String, String> answer = new LinkedHashMap<>(fields);
        answer.put("RESPONSE_CODE", "000");
        answer.put("RESPONSE_MESSAGE", "Transaction successful");
        answer.put("RESPONSE_DATE_TIME", "2026-11-27 12:00:00");
        return answer;
    }

    private static Map<String, String> pick(Map<String, String> fields, String... keys) {
        Map<String, String> picked = new LinkedHashMap<>();
        for (String key : keys) {
            if (fields.containsKey(key)) {
                picked.put(key, fields.get(key));
            }
        }
        return picked;
    }
}
