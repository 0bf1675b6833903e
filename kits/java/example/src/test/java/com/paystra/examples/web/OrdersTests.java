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

/** The examples' order store: forward-only status, idempotent events, the file, and POST /webhook over HTTP. */
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
                        "events", List.of("evt_1", "evt_2"), "updated_by", "webhook"), stored, "read back from the file");
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
