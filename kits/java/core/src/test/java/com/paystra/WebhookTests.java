package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Webhook signatures: the shared "webhook" vectors, sign then verify, and the client's settings. */
final class WebhookTests {
    private static final String SECRET = "wh_demo_7c1e4b9a2f6d8035";
    private static final String SALT = "a1b2c3d4e5f60718";

    private WebhookTests() {}

    @SuppressWarnings("unchecked")
    static int vectors(Map<String, Object> section) {
        int count = 0;
        Map<String, Object> messages = (Map<String, Object>) section.get("messages");
        check("webhook vectors: the messages, word for word, and the tolerance", () -> {
            assertEquals(messages.keySet(), Webhook.messages().keySet(), "reasons");
            messages.forEach((reason, text) -> assertEquals(text, Webhook.message(reason), reason));
            assertEquals(((Number) section.get("tolerance_seconds")).longValue(), Webhook.TOLERANCE_SECONDS,
                    "tolerance");
        });
        for (Object item : (List<Object>) section.getOrDefault("sign", List.of())) {
            signVector((Map<String, Object>) item);
            count++;
        }
        for (Object item : (List<Object>) section.getOrDefault("verify", List.of())) {
            verifyVector((Map<String, Object>) item, messages);
            count++;
        }
        return count;
    }

    @SuppressWarnings("unchecked")
    static void signVector(Map<String, Object> vector) {
        check("webhook sign vector: " + vector.get("note"), () -> {
            String body = (String) vector.get("body");
            Map<String, Object> parsed = Json.parseObject(body);
            Webhook.Event event = new Webhook.Event((String) parsed.get("id"), (String) parsed.get("type"),
                    ((Number) parsed.get("created")).longValue(), CoreTests.strings((Map<String, Object>) parsed.get("data")));
            long timestamp = ((Number) vector.get("timestamp")).longValue();
            Webhook.Signed signed = Webhook.sign(event, (String) vector.get("secret"), timestamp);
            assertEquals(body, signed.body(), "body, byte for byte");
            assertEquals(vector.get("header"), signed.headers().get(Webhook.SIGNATURE_HEADER), "header");
            assertEquals(vector.get("signature"), Webhook.signature((String) vector.get("secret"), timestamp,
                    body.getBytes(StandardCharsets.UTF_8)), "signature");
            assertEquals(event.id(), signed.headers().get(Webhook.EVENT_ID_HEADER), "event id header");
            assertEquals("application/json", signed.headers().get("Content-Type"), "content type");
            Webhook.Event back = Webhook.verify(signed.body().getBytes(StandardCharsets.UTF_8),
                    signed.headers().get(Webhook.SIGNATURE_HEADER), (String) vector.get("secret"),
                    Webhook.Options.salt(SALT).at(timestamp));
            assertEquals(event, back, "verifies as the same event");
        });
    }

    @SuppressWarnings("unchecked")
    static void verifyVector(Map<String, Object> vector, Map<String, Object> messages) {
        check("webhook verify vector: " + vector.get("note"), () -> {
            Map<String, Object> expect = (Map<String, Object>) vector.get("expect");
            Webhook.Options options = new Webhook.Options((String) vector.get("salt"),
                    ((Number) vector.get("now")).longValue(), null);
            byte[] body = ((String) vector.get("body")).getBytes(StandardCharsets.UTF_8);
            try {
                Webhook.Event event = Webhook.verify(body, (String) vector.get("header"),
                        (String) vector.get("secret"), options);
                assertTrue(Boolean.TRUE.equals(expect.get("ok")), "verified, but expected " + expect.get("reason"));
                assertEquals(expect.get("id"), event.id(), "id");
                assertEquals(expect.get("type"), event.type(), "type");
            } catch (WebhookError e) {
                assertEquals(expect.get("reason"), e.reason(), "reason (" + e.getMessage() + ")");
                assertEquals(messages.get(e.reason()), e.getMessage(), "message");
            }
        });
    }

    static void run() throws Exception {
        Webhook.Event event = new Webhook.Event("evt_0123456789abcdef01234567", "payment.captured", 1764000000L,
                Hash.withHash(map("ORDER_ID", "SV1", "CUST_NAME", "\u0906\u0936\u093e <R&D> \"q\" \\ \u2028 \u0001",
                        "RESPONSE_CODE", "000", "STATUS", "Captured"), SALT));
        long t = 1764000000L;
        check("Webhook: sign then verify, with and without the salt; the default clock refuses an old one", () -> {
            Webhook.Signed signed = Webhook.sign(event, SECRET, t);
            assertTrue(signed.body().startsWith("{\n  \"id\": ") && signed.body().endsWith("}\n"), "layout");
            String header = signed.headers().get(Webhook.SIGNATURE_HEADER);
            assertEquals(event, Webhook.verify(signed.body(), header, SECRET, Webhook.Options.salt(SALT).at(t)), "salt");
            assertEquals(event, Webhook.verify(signed.body(), header, SECRET, Webhook.Options.NONE.at(t + 300)), "no salt");
            assertEquals(event, Webhook.verify(signed.body(), header, SECRET,
                    Webhook.Options.NONE.at(t - 300)), "300 s behind");
            assertEquals("stale-timestamp", reason(() -> Webhook.verify(signed.body(), header, SECRET, null)), "clock");
            Webhook.Signed fresh = Webhook.sign(event, SECRET);
            assertEquals(event, Webhook.verify(fresh.body(), fresh.headers().get(Webhook.SIGNATURE_HEADER), SECRET,
                    null), "signed now, checked against the clock");
            assertEquals("stale-timestamp", reason(() -> Webhook.verify(signed.body(), header, SECRET,
                    Webhook.Options.NONE.at(t + 61).tolerance(60))), "a tighter tolerance");
        });
        check("Webhook: refusals name their reason", () -> {
            Webhook.Signed signed = Webhook.sign(event, SECRET, t);
            String header = signed.headers().get(Webhook.SIGNATURE_HEADER);
            Webhook.Options at = Webhook.Options.salt(SALT).at(t);
            assertEquals("secret-missing", reason(() -> Webhook.verify(signed.body(), header, null, at)), "null secret");
            assertEquals("secret-whitespace", reason(() -> Webhook.verify(signed.body(), header, SECRET + "\u00a0", at)),
                    "no-break space");
            assertEquals("body-not-raw", reason(() -> Webhook.verify((byte[]) null, header, SECRET, at)), "null body");
            assertEquals("malformed-header", reason(() -> Webhook.verify(signed.body(), header + ",", SECRET, at)),
                    "a trailing comma");
            assertEquals("malformed-header", reason(() -> Webhook.verify(signed.body(), "t=1,t=1," + header.substring(
                    header.indexOf("v1")), SECRET, at)), "t twice");
            assertEquals("signature-mismatch", reason(() -> Webhook.verify(signed.body().replace("SV1", "SV2"), header,
                    SECRET, at)), "changed");
            assertEquals("wrong-secret", reason(() -> Webhook.verify(signed.body(), header, "wh_other", at)), "secret");
            assertEquals("body-reserialised", reason(() -> Webhook.verify(Json.write(Json.parse(signed.body())), header,
                    SECRET, at)), "compact");
            assertEquals("data-hash", reason(() -> Webhook.verify(signed.body(), header, SECRET,
                    Webhook.Options.salt("other salt").at(t))), "another salt");
            Webhook.Signed notEvent = Webhook.sign(new Webhook.Event("e", "t", 1, map()), SECRET, t);
            String bad = notEvent.body().replace("\"created\": 1", "\"created\": \"1\"");
            assertEquals("malformed-body", reason(() -> Webhook.verify(bad, "t=" + t + ",v1=" + Webhook.signature(SECRET, t,
                    bad.getBytes(StandardCharsets.UTF_8)), SECRET, at)), "created as a string");
        });
        check("Webhook: event ids are evt_ and 24 hex digits, and differ", () -> {
            String id = Webhook.newEventId();
            assertTrue(id.matches("evt_[0-9a-f]{24}"), id);
            assertFalse(id.equals(Webhook.newEventId()), "random");
        });
        check("Client: verifyWebhook uses PAYSTRA_WEBHOOK_SECRET and the salt", () -> {
            Path root = Files.createTempDirectory("paystra-webhook");
            try {
                Files.writeString(root.resolve("paystra.env"), String.join("\n",
                        "PAYSTRA_BASE_URL=http://g/sandbox", "PAYSTRA_PAY_ID=1000000000000001",
                        "PAYSTRA_SALT=" + SALT, "PAYSTRA_KEY_SALT=k",
                        "PAYSTRA_WEBHOOK_SECRET=" + SECRET + "   # from the merchant portal", ""));
                Config config = Config.load(root, Map.of());
                assertEquals(SECRET, config.webhookSecret(), "from paystra.env");
                assertFalse(config.toString().contains(SECRET), "toString hides the secret");
                assertEquals("wh_env", Config.load(root, Map.of("PAYSTRA_WEBHOOK_SECRET", "wh_env")).webhookSecret(),
                        "the environment wins");
                Webhook.Signed fresh = Webhook.sign(event, SECRET);
                byte[] body = fresh.body().getBytes(StandardCharsets.UTF_8);
                String header = fresh.headers().get(Webhook.SIGNATURE_HEADER);
                assertEquals(event, new Client(config).verifyWebhook(body, header), "verified");
                Config other = Config.load(root, Map.of("PAYSTRA_SALT", "another salt"));
                assertEquals("data-hash", reason(() -> new Client(other).verifyWebhook(body, header)), "salt checked");
                Files.writeString(root.resolve("paystra.env"), "PAYSTRA_WEBHOOK_SECRET=\" " + SECRET + "\"\n");
                Config spaced = Config.load(root, Map.of("PAYSTRA_BASE_URL", "x", "PAYSTRA_PAY_ID", "1",
                        "PAYSTRA_SALT", "s", "PAYSTRA_KEY_SALT", "k"));
                assertEquals("secret-whitespace", reason(() -> new Client(spaced).verifyWebhook(body, header)), "quoted space");
                Config unset = new Config("x", "1", "s", "k", "a", 1);
                assertEquals("", unset.webhookSecret(), "optional");
                assertEquals("secret-missing", reason(() -> new Client(unset).verifyWebhook(body, header)), "unset");
            } finally {
                Files.deleteIfExists(root.resolve("paystra.env"));
                Files.deleteIfExists(root);
            }
        });
        check("JSON: the event layout reads in order; writeIndented is JSON.stringify(v, null, 2)", () -> {
            Map<String, Object> read = Json.parseObject("{\n  \"id\": \"e\",\n  \"created\": 17,\n  \"data\": {\n"
                    + "    \"Z\": \"1\",\n    \"A\": \"2\"\n  }\n}\n");
            assertEquals(List.of("id", "created", "data"), List.copyOf(read.keySet()), "key order");
            assertEquals(17L, ((Number) read.get("created")).longValue(), "integer");
            assertEquals(List.of("Z", "A"), List.copyOf(((Map<?, ?>) read.get("data")).keySet()), "nested order");
            assertEquals("{\n  \"a\": [\n    1,\n    \"<&>\\u001f\\ud800\"\n  ],\n  \"b\": {},\n  \"c\": []\n}",
                    Json.writeIndented(Json.object("a", List.of(1, "<&>\u001f\ud800"), "b", Map.of(), "c", List.of())),
                    "indented");
        });
    }

    /** The reason a verification was refused with, or "verified". */
    static String reason(CoreTests.Body body) throws Exception {
        try {
            body.run();
            return "verified";
        } catch (WebhookError e) {
            return e.reason();
        }
    }
}
