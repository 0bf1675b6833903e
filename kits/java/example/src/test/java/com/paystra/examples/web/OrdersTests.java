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
import com.paystra.OrderStatus;
import com.paystra.PaystraException;
import com.paystra.Webhook;
import com.sun.net.httpserver.HttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The examples' order store: forward-only status, idempotent events, settlements recorded beside
 * the orders, the file, and POST /webhook, GET /orders/ID and GET /settlements/ID over HTTP.
 */
final class OrdersTests {
    private static final String SECRET = "wh_demo_7c1e4b9a2f6d8035";
    private static final String SALT = "a1b2c3d4e5f60718";

    private OrdersTests() {}

    static void run() throws Exception {
        Path dir = Files.createTempDirectory("paystra-orders");
        Path file = dir.resolve("test-orders.json");
        Config config = new Config("http://g/sandbox", "1000000000000001", SALT, "k", "http://127.0.0.1:1", 0, SECRET);
        Client client = new Client(config);
        try {
            check("Orders: the return, the status enquiry and events move an order once and forward only", () -> {
                Orders orders = new Orders(client, file);
                assertEquals("http://127.0.0.1:1/webhook", orders.notifyUrl(), "NOTIFY_URL");
                orders.created("A1", "100");
                assertEquals(null, orders.update(map("ORDER_ID", "B9", "RESPONSE_CODE", "000"), "return"), "unknown");
                assertEquals(OrderStatus.CREATED, orders.update(map("ORDER_ID", "A1", "RESPONSE_CODE", "328",
                        "STATUS", "Failed"), "status"), "328 is not an outcome");
                assertEquals(OrderStatus.PENDING, orders.update(map("ORDER_ID", "A1", "RESPONSE_CODE", "026",
                        "STATUS", "Pending"), "status"), "pending");
                Map<String, Object> first = orders.receive(event("evt_1", "payment.captured", "A1", "000", "Captured"));
                assertEquals(Json.object("received", true, "duplicate", false, "event_id", "evt_1", "order_id", "A1",
                        "status", "paid"), first, "captured");
                assertEquals(Boolean.TRUE, orders.receive(event("evt_1", "payment.captured", "A1", "000", "Captured"))
                        .get("duplicate"), "the same event twice");
                assertEquals("paid", orders.receive(event("evt_2", "payment.failed", "A1", "004", "Failed"))
                        .get("status"), "a late failure does not undo the capture");
                assertEquals(OrderStatus.PAID, orders.update(map("ORDER_ID", "A1", "RESPONSE_CODE", "010"), "return"), "return");
                assertTrue(orders.receive(event("evt_3", "refund.processed", "A1", "000", "Refunded"))
                        .containsKey("ignored"), "refunds are ignored");
                assertTrue(orders.receive(event("evt_4", "payment.captured", "Z9", "000", "Captured"))
                        .containsKey("ignored"), "unknown order");
                Map<String, Object> stored = new Orders(client, file).order("A1");
                assertEquals(Json.object("order_id", "A1", "status", "paid", "amount", "100",
                        "events", List.of("evt_1", "evt_2"), "updated_by", "webhook", "dispute", null), stored,
                        "read back from the file");
                assertEquals(Boolean.TRUE, new Orders(client, file).receive(event("evt_4", "payment.captured", "Z9", "000",
                        "Captured")).get("duplicate"), "seen events survive a restart");
                try (var listing = Files.list(dir)) {
                    assertEquals(List.of(file), listing.toList(), "no temp files left");
                }
            });
            check("Orders: concurrent webhooks for many orders all land (one lock, whole-file writes)", () -> {
                Orders orders = new Orders(client, dir.resolve("busy-orders.json"));
                ExecutorService pool = Executors.newFixedThreadPool(8);
                List<Future<?>> jobs = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    String id = "C" + i;
                    orders.created(id, "1");
                    jobs.add(pool.submit(() -> orders.receive(event("evt_c" + id, "payment.captured", id, "000", "Captured"))));
                }
                for (Future<?> job : jobs) {
                    job.get();
                }
                pool.shutdown();
                Orders reread = new Orders(client, dir.resolve("busy-orders.json"));
                for (int i = 0; i < 40; i++) {
                    assertEquals("paid", reread.order("C" + i).get("status"), "C" + i);
                }
            });
            check("Orders: POST /webhook verifies the raw body; GET /orders/ID answers JSON", () -> webhookRoute(client, file));
            check("Orders: settlement.processed is recorded once under settlements and moves no order",
                    () -> settlementEvents(client, dir.resolve("settled-orders.json")));
            check("Orders: POST /webhook takes settlement.processed; GET /settlements/ID answers it, 404 when unknown",
                    () -> settlementRoute(client, dir.resolve("settled-route-orders.json")));
            check("Orders.paidOrders: ORDER_ID and AMOUNT of the paid orders of a store file; none without one", () -> {
                Path store = dir.resolve("paid-orders.json");
                assertEquals(List.of(), Orders.paidOrders(store), "no file");
                Orders orders = new Orders(client, store);
                orders.created("P1", "100");
                orders.created("P2", "250");
                orders.created("P3", "300");
                orders.receive(event("evt_p1", "payment.captured", "P1", "000", "Captured"));
                orders.receive(event("evt_p2", "payment.failed", "P2", "004", "Failed"));
                orders.receive(event("evt_p3", "payment.captured", "P3", "000", "Captured"));
                assertEquals(List.of(map("ORDER_ID", "P1", "AMOUNT", "100"), map("ORDER_ID", "P3", "AMOUNT", "300")),
                        Orders.paidOrders(store), "paid orders, in order");
                Files.writeString(store, "{\"orders\": [");
                try {
                    Orders.paidOrders(store);
                    throw new AssertionError("a broken store was read");
                } catch (PaystraException e) {
                    assertTrue(e.getMessage().contains("move it away"), "says what to do: " + e.getMessage());
                }
            });
        } finally {
            try (var listing = Files.list(dir)) {
                for (Path path : listing.toList()) {
                    Files.delete(path);
                }
            }
            Files.delete(dir);
        }
    }

    private static void webhookRoute(Client client, Path file) throws Exception {
        Orders orders = new Orders(client, file);
        orders.created("W1", "500");
        HttpServer server = new WebApp(new Layout("Test kit"))
                .post("/webhook", orders::webhook)
                .get("/orders/*", orders::lookup)
                .start(client.config());
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            HttpClient http = HttpClient.newHttpClient();
            Webhook.Signed signed = Webhook.sign(event(Webhook.newEventId(), "payment.captured", "W1", "000", "Captured"),
                    SECRET);
            String header = signed.headers().get(Webhook.SIGNATURE_HEADER);
            HttpResponse<String> changed = post(http, base, signed.body().replace("W1", "W2"), header);
            assertEquals(400, changed.statusCode(), "changed body refused");
            Map<String, Object> refusal = Json.parseObject(changed.body());
            assertEquals("signature-mismatch", refusal.get("reason"), "reason");
            assertEquals(Webhook.message("signature-mismatch"), refusal.get("error"), "message");
            assertEquals(Boolean.FALSE, refusal.get("received"), "received false");
            HttpResponse<String> ok = post(http, base, signed.body(), header);
            assertEquals(200, ok.statusCode(), "accepted");
            assertEquals("paid", Json.parseObject(ok.body()).get("status"), "paid");
            HttpResponse<String> order = http.send(HttpRequest.newBuilder(URI.create(base + "/orders/W1")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("webhook", Json.parseObject(order.body()).get("updated_by"), "updated by the webhook");
            HttpResponse<String> missing = http.send(HttpRequest.newBuilder(URI.create(base + "/orders/NONE")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, missing.statusCode(), "404");
            assertEquals(Json.object("error", "No such order"), Json.parseObject(missing.body()), "404 body");
        } finally {
            server.stop(0);
        }
    }

    @SuppressWarnings("unchecked")
    private static void settlementEvents(Client client, Path file) throws Exception {
        Orders orders = new Orders(client, file);
        orders.created("S1", "100");
        orders.receive(event("evt_s0", "payment.captured", "S1", "000", "Captured"));
        Map<String, Object> before = orders.order("S1");
        Webhook.Event settled = settlementEvent("evt_s1", "setl_0a1b2c3d4e5f60718293", "PYSTN26331000123", "PROCESSED");
        assertEquals(Json.object("received", true, "duplicate", false, "event_id", "evt_s1",
                "settlement_id", "setl_0a1b2c3d4e5f60718293"), orders.receive(settled), "answer");
        assertEquals(Json.object("received", true, "duplicate", true, "event_id", "evt_s1",
                "settlement_id", "setl_0a1b2c3d4e5f60718293"), orders.receive(settled), "the same event twice");
        Map<String, String> expected = map("SETTLEMENT_ID", "setl_0a1b2c3d4e5f60718293", "UTR", "PYSTN26331000123",
                "SETTLEMENT_DATE", "2026-11-27", "NET_AMOUNT", "97640", "STATUS", "PROCESSED");
        assertEquals(expected, orders.settlement("setl_0a1b2c3d4e5f60718293"), "recorded");
        assertEquals(before, orders.order("S1"), "the order is unchanged");
        orders.receive(settlementEvent("evt_s2", "setl_1b2c3d4e5f6071829304", "", "CARRIED_FORWARD"));
        assertEquals("", orders.settlement("setl_1b2c3d4e5f6071829304").get("UTR"), "carried forward: no UTR");
        assertTrue(orders.receive(new Webhook.Event("evt_s3", "settlement.processed", 1764000000L,
                Hash.withHash(map("PAY_ID", "1000000000000001"), SALT))).containsKey("ignored"), "no SETTLEMENT_ID");

        Map<String, Object> stored = Json.parseObject(Files.readString(file));
        assertEquals(Json.write(Json.object("setl_0a1b2c3d4e5f60718293", expected)),
                Json.write(Map.of("setl_0a1b2c3d4e5f60718293",
                        ((Map<String, Object>) stored.get("settlements")).get("setl_0a1b2c3d4e5f60718293"))),
                "the store's JSON: settlements by SETTLEMENT_ID, the five fields in order");
        assertEquals(2, ((Map<String, Object>) stored.get("settlements")).size(), "two settlements");
        Orders reread = new Orders(client, file);
        assertEquals(expected, reread.settlement("setl_0a1b2c3d4e5f60718293"), "read back from the file");
        assertEquals(before, reread.order("S1"), "the order read back unchanged");
        assertEquals(Boolean.TRUE, reread.receive(settled).get("duplicate"), "seen events survive a restart");
        assertEquals(null, reread.settlement("setl_ffffffffffffffffffff"), "unknown");
    }

    private static void settlementRoute(Client client, Path file) throws Exception {
        Orders orders = new Orders(client, file);
        HttpServer server = new WebApp(new Layout("Test kit"))
                .post("/webhook", orders::webhook)
                .get("/settlements/*", orders::settlementLookup)
                .start(client.config());
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            HttpClient http = HttpClient.newHttpClient();
            Webhook.Signed signed = Webhook.sign(settlementEvent(Webhook.newEventId(), "setl_2c3d4e5f607182930415",
                    "PYSTN26334000456", "PROCESSED"), SECRET);
            HttpResponse<String> accepted = post(http, base, signed.body(), signed.headers().get(Webhook.SIGNATURE_HEADER));
            assertEquals(200, accepted.statusCode(), "accepted: " + accepted.body());
            assertEquals("setl_2c3d4e5f607182930415", Json.parseObject(accepted.body()).get("settlement_id"), "id");
            HttpResponse<String> found = http.send(HttpRequest.newBuilder(URI.create(base
                    + "/settlements/setl_2c3d4e5f607182930415")).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, found.statusCode(), "found");
            assertTrue(found.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), "JSON");
            assertEquals("{\"SETTLEMENT_ID\":\"setl_2c3d4e5f607182930415\",\"UTR\":\"PYSTN26334000456\","
                    + "\"SETTLEMENT_DATE\":\"2026-11-27\",\"NET_AMOUNT\":\"97640\",\"STATUS\":\"PROCESSED\"}",
                    found.body(), "body");
            HttpResponse<String> missing = http.send(HttpRequest.newBuilder(URI.create(base
                    + "/settlements/setl_ffffffffffffffffffff")).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, missing.statusCode(), "404");
            assertEquals(Json.object("error", "No such settlement"), Json.parseObject(missing.body()), "404 body");
        } finally {
            server.stop(0);
        }
    }

    private static Webhook.Event settlementEvent(String id, String settlementId, String utr, String status) {
        return new Webhook.Event(id, "settlement.processed", System.currentTimeMillis() / 1000, Hash.withHash(map(
                "PAY_ID", "1000000000000001", "SETTLEMENT_ID", settlementId, "UTR", utr, "SETTLEMENT_DATE", "2026-11-27",
                "CYCLE_FROM", "2026-11-26", "CYCLE_TO", "2026-11-26", "PAYMENTS_COUNT", "1", "REFUNDS_COUNT", "0",
                "GROSS_AMOUNT", "100000", "REFUNDS_AMOUNT", "0", "FEES_AMOUNT", "2000", "GST_AMOUNT", "360",
                "ADJUSTMENTS_AMOUNT", "0", "NET_AMOUNT", "97640", "BANK_ACCOUNT", "XXXXXXXXXX4321", "STATUS", status),
                SALT));
    }

    private static HttpResponse<String> post(HttpClient http, String base, String body, String header) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + "/webhook"))
                .header("Content-Type", "application/json").header(Webhook.SIGNATURE_HEADER, header)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Webhook.Event event(String id, String type, String orderId, String code, String status) {
        return new Webhook.Event(id, type, System.currentTimeMillis() / 1000, Hash.withHash(map(
                "PAY_ID", "1000000000000001", "ORDER_ID", orderId, "RESPONSE_CODE", code, "STATUS", status), SALT));
    }
}
