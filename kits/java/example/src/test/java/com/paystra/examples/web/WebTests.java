package com.paystra.examples.web;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import com.paystra.Cipher;
import com.paystra.Client;
import com.paystra.Config;
import com.paystra.CoreTests;
import com.paystra.Hash;
import com.paystra.Json;
import com.paystra.VerificationError;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The tests of the examples' web code (not part of the core a merchant installs): pages and
 * escaping, the request plumbing, NOTIFY_URL while the webhook secret is set or not, the
 * example order store and the reconciliation example. The same tiny assertion kit as the core's
 * tests; exits 1 when one fails.
 *
 *   java -cp out com.paystra.examples.web.WebTests
 */
public final class WebTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final String KEY_SALT = "f0e1d2c3b4a59687";

    private WebTests() {}

    public static void main(String[] args) throws Exception {
        webTests();
        notifyUrlTests();
        OrdersTests.run();
        DisputeOrdersTests.run();
        ReconcileTests.run();
        CoreTests.report();
    }

    static void webTests() throws Exception {
        check("Html: escapes, rupees with Indian grouping, paise shown", () -> {
            assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;", Html.esc("<a href=\"x\">&'"), "escape");
            assertEquals("\u20B91.00", Html.rupees("100"), "100 paise");
            assertEquals("\u20B90.05", Html.rupees("5"), "5 paise");
            assertEquals("\u20B91,23,456.78", Html.rupees("12345678"), "lakh grouping");
            assertEquals("\u20B92,00,000.00", Html.rupees("20000000"), "two lakh");
            assertEquals("\u20B9999.00", Html.rupees("99900"), "three digits");
            assertTrue(Html.amountHtml("100").contains("(100 paise)"), "paise explained");
            String result = Html.paymentResult(map("ORDER_ID", "<x>", "RESPONSE_CODE", "000", "STATUS", "Captured"));
            assertFalse(result.contains("<x>"), "result page escapes");
        });
        Layout layout = new Layout("Test kit");
        WebApp app = new WebApp(layout)
                .get("/", request -> Reply.html(200, layout.page("Home", "lead", "<p>"
                        + Html.esc(request.query("q")) + "</p>")))
                .post("/echo", request -> Reply.json(200, request.form()))
                .post("/fail", request -> {
                    throw new BadRequest("AMOUNT must be whole paise");
                })
                .post("/verify", request -> {
                    throw new VerificationError("no");
                });
        HttpServer server = app.start(new Config("http://g/sandbox", PAY_ID, SALT, KEY_SALT, "http://x", 0));
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            HttpClient http = HttpClient.newHttpClient();
            check("WebApp: pages escape, forms and JSON bodies parse, errors answer in the asked format", () -> {
                HttpResponse<String> home = http.send(HttpRequest.newBuilder(URI.create(base + "/?q=%3Cb%3E")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, home.statusCode(), "home");
                assertTrue(home.body().contains("&lt;b&gt;") && !home.body().contains("<b>"), "escaped");
                assertTrue(home.headers().firstValue("Content-Security-Policy").isPresent(), "CSP");
                HttpResponse<String> echo = http.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("A=1+2&B=%E2%82%B9&C=x%2By")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(map("A", "1 2", "B", "\u20B9", "C", "x+y"), Json.parseFlat(echo.body()), "form");
                HttpResponse<String> json = http.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"A\":\"1\"}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(map("A", "1"), Json.parseFlat(json.body()), "JSON body");
                HttpResponse<String> twice = http.send(HttpRequest.newBuilder(URI.create(base + "/echo"))
                        .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("A=1&A=2")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(400, twice.statusCode(), "a field twice");
                HttpResponse<String> fail = http.send(HttpRequest.newBuilder(URI.create(base + "/fail"))
                        .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(400, fail.statusCode(), "bad request status");
                assertEquals(map("error", "AMOUNT must be whole paise"), Json.parseFlat(fail.body()), "JSON error");
                HttpResponse<String> failPage = http.send(HttpRequest.newBuilder(URI.create(base + "/fail"))
                        .header("Accept", "text/html").POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertTrue(failPage.body().contains("AMOUNT must be whole paise") && failPage.body().contains("<h1>"),
                        "HTML error page");
                HttpResponse<String> unverified = http.send(HttpRequest.newBuilder(URI.create(base + "/verify"))
                        .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals("false", Json.parseFlat(unverified.body()).get("verified"), "verified false");
                HttpResponse<String> missing = http.send(HttpRequest.newBuilder(URI.create(base + "/nowhere")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(404, missing.statusCode(), "404");
                HttpResponse<String> wrongMethod = http.send(HttpRequest.newBuilder(URI.create(base + "/echo")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(405, wrongMethod.statusCode(), "405");
                assertEquals("POST", wrongMethod.headers().firstValue("Allow").orElse(""), "Allow");
            });
        } finally {
            server.stop(0);
        }
    }

    /** NOTIFY_URL from Orders.notifyUrl() in every request an example sends, against a stand-in gateway. */
    static void notifyUrlTests() throws Exception {
        String key = Cipher.merchantHostedKey(KEY_SALT, PAY_ID);
        List<Map<String, String>> received = Collections.synchronizedList(new ArrayList<>());
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            received.add(request);
            String payoutId = request.get("PAYOUT_ID");
            Map<String, String> answer = payoutId != null
                    ? map("PAY_ID", PAY_ID, "PAYOUT_ID", payoutId, "STATUS", "Processed", "RESPONSE_CODE", "000",
                            "UTR", "123456789012")
                    : map("PAY_ID", PAY_ID, "ORDER_ID", request.get("ORDER_ID"), "STATUS", "Captured",
                            "RESPONSE_CODE", "000");
            byte[] body = Json.write(Hash.withHash(answer, SALT)).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client live = new Client(new Config(base, PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000));
    check("Orders.notifyUrl: no webhook secret, no NOTIFY_URL in any request; with one, every request has it",
            () -> {
        Path store = Files.createTempDirectory("paystra-notify");
        try {
            Config withSecret = new Config(base, PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000,
                    "wh_demo_7c1e4b9a2f6d8035");
            // What the examples send, NOTIFY_URL from Orders.notifyUrl(): a hosted payment, a
            // merchant-hosted one (inside ENCDATA), a QR, a refund and a payout.
            for (Client sender : List.of(live, new Client(withSecret))) {
                Orders orders = new Orders(sender, store.resolve("notify-orders.json"));
                boolean on = !sender.config().webhookSecret().isEmpty();
                assertEquals(on ? "http://localhost:8000/webhook" : "", orders.notifyUrl(), "notifyUrl()");
                String note = orders.homeNote();
                assertTrue(note.contains("<code>NOTIFY_URL=http://localhost:8000/webhook</code>"), "note: the URL");
                assertEquals(!on, note.contains("Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant "
                        + "portal, not the salt) and the requests it sends carry"), "note: off until the secret is set");
                List<Map<String, String>> sent = new ArrayList<>();
                sent.add(sender.paymentRequest(map("ORDER_ID", "GOOD", "AMOUNT", "100",
                        "NOTIFY_URL", orders.notifyUrl())).fields());
                sent.add(Cipher.decrypt(sender.merchantHostedRequest(map("ORDER_ID", "GOOD", "AMOUNT", "100",
                        "NOTIFY_URL", orders.notifyUrl()), Client.Method.wallet("PPL")).fields().get("ENCDATA"), key));
                int before = received.size();
                sender.qr(map("ORDER_ID", "GOOD", "AMOUNT", "100", "NOTIFY_URL", orders.notifyUrl()), "UPI");
                sender.refund("GOOD", "RF9", "50", orders.notifyUrl());
                sender.payout(map("PAYOUT_ID", "PO1", "AMOUNT", "100", "TRANSFER_MODE", "UPI",
                        "BENEFICIARY_NAME", "Asha Rao", "BENEFICIARY_VPA", "success@upi",
                        "NOTIFY_URL", orders.notifyUrl()));
                sent.addAll(received.subList(before, received.size()));
                assertEquals(5, sent.size(), "requests sent");
                for (Map<String, String> fields : sent) {
                    assertEquals(on ? "http://localhost:8000/webhook" : null, fields.get("NOTIFY_URL"),
                            (on ? "with" : "without") + " a secret, NOTIFY_URL of " + fields);
                }
            }
            try (var listing = Files.list(store)) {
                assertEquals(List.of(), listing.toList(), "nothing written to the order store");
            }
        } finally {
            Files.delete(store);
        }
    });        } finally {
            gateway.stop(0);
        }
    }
}
