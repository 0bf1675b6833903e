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
import com.paystra.Webhook;
import com.sun.net.httpserver.HttpServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Disputes in the examples' order store: dispute.* events, an answered dispute, the order page. */
final class DisputeOrdersTests {
    private static final String SECRET = "wh_demo_7c1e4b9a2f6d8035";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final Map<String, String> DISPUTE = map("PAY_ID", "1000000000000001",
            "DISPUTE_ID", "dsp_0a1b2c3d4e5f60718293", "ORDER_ID", "D1", "TXN_ID", "1234567890123456",
            "AMOUNT", "100", "CURRENCY_CODE", "356", "INR_AMOUNT", "100", "REASON_CODE", "13.1",
            "REASON", "Merchandise or services not received", "RESPOND_BY", "2026-12-07", "STATUS", "OPEN",
            "EVIDENCE_RECEIVED", "N", "CREATED_AT", "2026-11-30 12:00:00", "DECIDED_AT", "", "RESOLUTION", "");
    private static final Map<String, String> RECORDED = map("dispute_id", "dsp_0a1b2c3d4e5f60718293",
            "status", "OPEN", "reason_code", "13.1", "reason", "Merchandise or services not received",
            "amount", "100", "currency_code", "356", "respond_by", "2026-12-07");

    private DisputeOrdersTests() {}

    @SuppressWarnings("unchecked")
    static void run() throws Exception {
        Path dir = Files.createTempDirectory("paystra-disputes");
        Client client = new Client(new Config("http://g/sandbox", "1000000000000001", SALT, "k", "http://127.0.0.1:1", 0,
                SECRET));
        try {
            check("Orders: dispute events are recorded on their order once and forward only", () -> {
                Path file = dir.resolve("events-orders.json");
                Orders orders = new Orders(client, file);
                orders.created("D1", "100");
                Map<String, Object> first = orders.receive(event("evt_d1", "dispute.created", "OPEN", "D1"));
                assertEquals(Json.object("received", true, "duplicate", false, "event_id", "evt_d1", "order_id", "D1",
                        "status", "created", "dispute", RECORDED), first, "created");
                assertEquals(Boolean.TRUE, orders.receive(event("evt_d1", "dispute.created", "OPEN", "D1"))
                        .get("duplicate"), "the same event twice");
                orders.receive(event("evt_d2", "dispute.lost", "LOST", "D1"));
                Map<String, Object> late = orders.receive(event("evt_d3", "dispute.created", "OPEN", "D1"));
                assertEquals("LOST", ((Map<String, String>) late.get("dispute")).get("status"), "a late event");
                Map<String, Object> stored = new Orders(client, file).order("D1");
                assertEquals(with(RECORDED, "status", "LOST"), stored.get("dispute"), "read back from the file");
                assertEquals(List.of("evt_d1", "evt_d2", "evt_d3"), stored.get("events"), "events");
                assertEquals("created", stored.get("status"), "the payment's status is not the dispute's");
                assertTrue(orders.receive(event("evt_d4", "dispute.won", "WON", "D404")).containsKey("ignored"),
                        "unknown order");
            });
            check("Orders.disputed records the gateway's answer to accept or contest", () -> {
                Orders orders = new Orders(client, dir.resolve("answered-orders.json"));
                orders.created("D1", "100");
                assertEquals(null, orders.disputed(with(DISPUTE, "ORDER_ID", "D404")), "unknown order");
                assertEquals(with(RECORDED, "status", "LOST"),
                        orders.disputed(with(DISPUTE, "STATUS", "LOST")).get("dispute"), "lost");
            });
            check("Pages.amountIn: a foreign amount in its currency, rupees as elsewhere", () -> {
                assertEquals("<strong>KWD 1.250</strong> <span class=\"muted\">(AMOUNT 1250)</span>",
                        Pages.amountIn("1250", "414"), "KWD");
                assertEquals(Html.amountHtml("100"), Pages.amountIn("100", "356"), "INR");
            });
            check("GET /orders/ID: a browser gets the order's page with its dispute and, while open, Accept and Contest",
                    () -> orderPage(client, dir.resolve("page-orders.json")));
        } finally {
            try (var listing = Files.list(dir)) {
                for (Path path : listing.toList()) {
                    Files.deleteIfExists(path);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private static void orderPage(Client client, Path file) throws Exception {
        Orders orders = new Orders(client, file);
        orders.created("D1", "100");
        orders.receive(event("evt_d1", "dispute.created", "OPEN", "D1"));
        HttpServer server = new WebApp(new Layout("Test kit"))
                .get("/orders/*", orders.lookup(new Layout("Test kit"), "/disputes/accept", "/disputes/contest"))
                .start(client.config());
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            HttpClient http = HttpClient.newHttpClient();
            String page = get(http, base + "/orders/D1", "text/html").body();
            for (String shown : List.of("Dispute</h2>", "dsp_0a1b2c3d4e5f60718293", "OPEN",
                    "13.1 Merchandise or services not received", "Respond by 2026-12-07",
                    "<form method=\"post\" action=\"/disputes/accept\"><input type=\"hidden\" name=\"DISPUTE_ID\" "
                            + "value=\"dsp_0a1b2c3d4e5f60718293\">",
                    "<form method=\"post\" action=\"/disputes/contest\"><input type=\"hidden\" name=\"DISPUTE_ID\" "
                            + "value=\"dsp_0a1b2c3d4e5f60718293\">",
                    "<textarea id=\"EVIDENCE\" name=\"EVIDENCE\"",
                    "Accept dispute</button>", "Contest dispute</button>")) {
                assertTrue(page.contains(shown), "the page shows " + shown);
            }
            Map<String, Object> json = Json.parseObject(get(http, base + "/orders/D1", "application/json").body());
            assertEquals(RECORDED, json.get("dispute"), "the JSON's dispute");
            assertEquals(404, get(http, base + "/orders/NONE", "text/html").statusCode(), "404");
            orders.receive(event("evt_d2", "dispute.lost", "LOST", "D1"));
            String decided = get(http, base + "/orders/D1", "text/html").body();
            assertFalse(decided.contains("Accept dispute") || decided.contains("Contest dispute"), "decided");
        } finally {
            server.stop(0);
        }
    }

    private static HttpResponse<String> get(HttpClient http, String url, String accept) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Accept", accept).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> with(Map<String, String> fields, String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(key, value);
        return copy;
    }

    private static Webhook.Event event(String id, String type, String status, String orderId) {
        Map<String, String> data = with(with(DISPUTE, "STATUS", status), "ORDER_ID", orderId);
        return new Webhook.Event(id, type, System.currentTimeMillis() / 1000, Hash.withHash(data, SALT));
    }
}
