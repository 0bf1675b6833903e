package com.paystra;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The core's tests: every vector of the shared vectors file (HASH, ENCDATA, webhooks, the order
 * rule, the reconciliation and the currencies, the same every kit and the TypeScript modules
 * pass), round trips, tampering, Base64 variants, configuration, JSON, webhooks, the settlement
 * calls, the exchange-rate and dispute calls, the sandbox clock's, the payment link and virtual
 * account calls and the subscription calls. A plain main, so it needs nothing but the JDK; exits 1 when a test fails.
 * The examples' web code has its own (com.paystra.examples.web.WebTests).
 *
 *   java -cp out com.paystra.CoreTests      (vectors from PAYSTRA_VECTORS, else core/tests/vectors.json)
 */
public final class CoreTests {
    private static final String PAY_ID = "1000000000000001";
    private static final String SALT = "a1b2c3d4e5f60718";
    private static final String KEY_SALT = "f0e1d2c3b4a59687";

    private static int passed;
    private static final List<String> failures = new ArrayList<>();

    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        vectorTests(vectorsPath());
        hashTests();
        cipherTests();
        clientTests();
        configTests();
        jsonTests();
        WebhookTests.run();
        SettlementTests.run();
        DisputeTests.run();
        ClockTests.run();
        PaylinkTests.run();
        SubscriptionTests.run();
        SandboxAccountTests.run();
        report();
    }

    /** Prints the tally and exits: 0 when every check passed, 1 otherwise. */
    public static void report() {
        System.out.println();
        System.out.println(passed + " passed, " + failures.size() + " failed");
        for (String failure : failures) {
            System.out.println("  FAILED " + failure);
        }
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    // ---- the shared vectors ----

    static Path vectorsPath() {
        String configured = System.getenv("PAYSTRA_VECTORS");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        Path beside = Path.of("core", "tests", "vectors.json");
        Path checkout = Path.of("..", "..", "core", "protocol", "vectors.json");
        // The kit carries a copy beside the tests; a checkout of every kit keeps one two folders up.
        return Files.exists(beside) || !Files.exists(checkout) ? beside : checkout;
    }

    @SuppressWarnings("unchecked")
    static void vectorTests(Path path) throws IOException {
        System.out.println("vectors: " + path.toAbsolutePath().normalize());
        if (!Files.exists(path)) {
            failures.add("the vectors file " + path + " is missing (set PAYSTRA_VECTORS)");
            return;
        }
        Map<String, Object> file = Json.parseObject(Files.readString(path, StandardCharsets.UTF_8));
        int count = 0;
        for (Object item : (List<Object>) file.getOrDefault("hash", List.of())) {
            Map<String, Object> vector = (Map<String, Object>) item;
            hashVector(vector);
            count++;
        }
        for (Object item : (List<Object>) file.getOrDefault("encdata", List.of())) {
            encdataVector((Map<String, Object>) item);
            count++;
        }
        int total = count;
        check("the vectors file has hash and encdata vectors", () -> assertTrue(total >= 8,
                "only " + total + " vectors"));
        int webhook = WebhookTests.vectors((Map<String, Object>) file.getOrDefault("webhook", Map.of()));
        check("the vectors file has webhook sign and verify vectors", () -> assertTrue(webhook >= 20,
                "only " + webhook + " webhook vectors"));
        orderVectors((Map<String, Object>) file.getOrDefault("orders", Map.of()));
        String about = (String) ((Map<String, Object>) file.getOrDefault("orders", Map.of())).getOrDefault("about", "");
        check("orders: the rule is worded as the vectors word it", () -> {
            String sentence = about.split(" status_of ")[0];
            String source = Files.readString(Path.of("core", "src", "main", "java", "com", "paystra", "OrderStatus.java"),
                    StandardCharsets.UTF_8);
            assertTrue(!sentence.isEmpty() && words(source).contains(words(sentence)), "OrderStatus.java says: " + sentence);
        });
        int reconciliation = SettlementTests.vectors(
                (Map<String, Object>) file.getOrDefault("reconciliation", Map.of()));
        check("the vectors file has reconciliation vectors", () -> assertTrue(reconciliation >= 10,
                "only " + reconciliation + " reconciliation vectors"));
        CurrencyTests.vectors((Map<String, Object>) file.getOrDefault("currencies", Map.of()));
        for (String section : file.keySet()) {
            if (!Set.of("about", "hash", "encdata", "webhook", "orders", "reconciliation", "currencies")
                    .contains(section)) {
                System.out.println("note: vectors section \"" + section + "\" is not about the core; not tested here");
            }
        }
    }

    /** Text with its spaces, line breaks and comment stars run together, to compare wording. */
    static String words(String text) {
        return text.replaceAll("[\\s*]+", " ").trim();
    }

    /** The forward-only order rule against the vectors' orders table. */
    @SuppressWarnings("unchecked")
    static void orderVectors(Map<String, Object> orders) {
        List<Object> statuses = (List<Object>) orders.getOrDefault("statuses", List.of());
        List<Object> statusOf = (List<Object>) orders.getOrDefault("status_of", List.of());
        List<Object> transitions = (List<Object>) orders.getOrDefault("transitions", List.of());
        check("orders: the same statuses, every pair of them listed once", () -> {
            assertEquals(statuses, OrderStatus.ALL, "statuses");
            Set<String> pairs = new HashSet<>();
            for (Object item : transitions) {
                Map<String, Object> row = (Map<String, Object>) item;
                pairs.add(row.get("from") + ">" + row.get("to"));
            }
            assertEquals(statuses.size() * statuses.size(), transitions.size(), "transitions");
            assertEquals(transitions.size(), pairs.size(), "distinct pairs");
        });
        check("orders: the vectors file has status_of vectors", () -> assertTrue(!statusOf.isEmpty(), "none"));
        for (Object item : statusOf) {
            Map<String, Object> vector = (Map<String, Object>) item;
            Map<String, String> fields = strings((Map<String, Object>) vector.get("fields"));
            check("orders: status of " + fields + " is " + vector.get("status"),
                    () -> assertEquals(vector.get("status"), OrderStatus.of(fields), "status"));
        }
        for (Object item : transitions) {
            Map<String, Object> row = (Map<String, Object>) item;
            String from = (String) row.get("from");
            String to = (String) row.get("to");
            boolean moves = Boolean.TRUE.equals(row.get("moves"));
            check("orders: " + from + " to " + to + (moves ? " moves" : " stays"), () -> {
                assertEquals(moves, OrderStatus.moves(from, to), "moves");
                assertEquals(moves ? to : from, OrderStatus.advance(from, to), "advance");
            });
        }
    }

    @SuppressWarnings("unchecked")
    static void hashVector(Map<String, Object> vector) {
        Map<String, String> fields = strings((Map<String, Object>) vector.get("fields"));
        String salt = (String) vector.get("salt");
        check("hash vector: " + vector.get("note"), () -> {
            if (vector.containsKey("canonical")) {
                assertEquals(vector.get("canonical"), Hash.canonical(fields), "canonical");
            }
            if (vector.containsKey("hash")) {
                String hash = (String) vector.get("hash");
                assertEquals(hash, Hash.sign(fields, salt), "hash");
                Map<String, String> signed = new LinkedHashMap<>(fields);
                signed.put("HASH", hash);
                assertTrue(Hash.verify(signed, salt), "its hash verifies");
                assertEquals(signed, Hash.withHash(fields, salt), "withHash");
            }
            if (vector.containsKey("verifies")) {
                Map<String, String> claimed = new LinkedHashMap<>(fields);
                claimed.put("HASH", (String) vector.get("claimedHash"));
                assertEquals(vector.get("verifies"), Hash.verify(claimed, salt), "verifies");
            }
        });
    }

    static void encdataVector(Map<String, Object> vector) {
        Function<String, String> text = key -> (String) vector.get(key);
        check("encdata vector: " + vector.get("note"), () -> {
            boolean tested = false;
            if (vector.containsKey("merchantHostedKey")) {
                assertEquals(text.apply("merchantHostedKey"),
                        Cipher.merchantHostedKey(text.apply("keySalt"), text.apply("payId")), "derived key");
                tested = true;
            }
            String key = text.apply("key");
            String plaintext = text.apply("plaintext");
            if (vector.containsKey("encdata")) {
                String encdata = text.apply("encdata");
                assertEquals(plaintext, Cipher.decryptText(encdata, key), "decrypted plaintext");
                // The IV is fixed by the key, so encryption is deterministic.
                assertEquals(encdata, Cipher.encryptText(plaintext, key), "encrypted plaintext");
                Map<String, String> fields = Cipher.decrypt(encdata, key);
                assertEquals(Cipher.parseFields(plaintext), fields, "parsed fields");
                if (vector.containsKey("salt")) {
                    assertTrue(Hash.verify(fields, text.apply("salt")), "the HASH inside verifies");
                    if (plaintext.equals(Hash.canonical(fields) + "~HASH=" + fields.get("HASH"))) {
                        assertEquals(encdata, Cipher.encrypt(fields, text.apply("salt"), key),
                                "ENCDATA of the fields");
                    }
                }
                tested = true;
            }
            if (vector.containsKey("encdataWithPadding")) {
                String padded = text.apply("encdataWithPadding");
                assertEquals(plaintext, Cipher.decryptText(padded, key), "padded Base64");
                assertEquals(plaintext, Cipher.decryptText(padded.replaceAll("=+$", ""), key), "unpadded");
                tested = true;
            }
            assertTrue(tested, "a vector this runner does not understand");
        });
    }

    // ---- hash ----

    static void hashTests() {
        check("HASH: the published status-enquiry vector", () -> assertEquals(
                "A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1",
                Hash.sign(map("ORDER_ID", "SPIN020406172", "PAY_ID", "1001340526093022", "TXNTYPE", "STATUS"),
                        "473531b173db4371"), "hash"));
        check("HASH: ignores a HASH field, accepts lower case, refuses junk, missing and changed fields", () -> {
            Map<String, String> fields = map("A", "1", "B", "2");
            Map<String, String> signed = Hash.withHash(fields, "salt");
            assertEquals(signed.get("HASH"), Hash.sign(signed, "salt"), "HASH is not hashed");
            Map<String, String> lower = new LinkedHashMap<>(signed);
            lower.put("HASH", signed.get("HASH").toLowerCase());
            assertTrue(Hash.verify(lower, "salt"), "lower case verifies");
            Map<String, String> junk = new LinkedHashMap<>(fields);
            junk.put("HASH", "nope");
            assertFalse(Hash.verify(junk, "salt"), "junk");
            assertFalse(Hash.verify(fields, "salt"), "missing HASH");
            Map<String, String> changed = new LinkedHashMap<>(signed);
            changed.put("B", "3");
            assertFalse(Hash.verify(changed, "salt"), "changed field");
            assertFalse(Hash.verify(signed, "other salt"), "other salt");
        });
        check("HASH: code-unit key order (TXNTYPE before TXN_ID, upper case before lower)", () ->
                assertEquals("TXNTYPE=S~TXN_ID=1~a=2", Hash.canonical(map("a", "2", "TXN_ID", "1", "TXNTYPE", "S")),
                        "canonical"));
    }

    // ---- cipher ----

    static void cipherTests() {
        String key = Cipher.merchantHostedKey(KEY_SALT, PAY_ID);
        check("ENCDATA: round trip of Unicode, spaces, = and empty values", () -> {
            Map<String, String> fields = map("CUST_NAME", "\u00dcn\u00efc\u00f8d\u00e9 \u0928\u093e\u092e",
                    "NOTE", "a=b c", "EMPTY", "");
            Map<String, String> back = Cipher.decrypt(Cipher.encrypt(fields, SALT, key), key);
            assertEquals(Hash.withHash(fields, SALT), back, "fields");
            assertTrue(Hash.verify(back, SALT), "verifies");
        });
        check("ENCDATA: no = padding, and spaces instead of + decrypt", () -> {
            String plaintext = null;
            String encdata = null;
            for (int i = 0; i < 200 && plaintext == null; i++) {
                String candidate = "A=" + i;
                String encrypted = Cipher.encryptText(candidate, key);
                assertFalse(encrypted.contains("="), "unpadded");
                if (encrypted.contains("+")) {
                    plaintext = candidate;
                    encdata = encrypted;
                }
            }
            assertTrue(plaintext != null, "found an ENCDATA with +");
            assertEquals(plaintext, Cipher.decryptText(encdata.replace('+', ' '), key), "spaces");
            assertEquals(plaintext, Cipher.decryptText("\t" + encdata + "\n", key), "surrounding space");
        });
        check("ENCDATA: another key, tampering and junk are refused", () -> {
            String encdata = Cipher.encrypt(map("AMOUNT", "100", "ORDER_ID", "LP1"), SALT, key);
            String other = Cipher.merchantHostedKey("other", PAY_ID);
            assertRefused(() -> {
                Map<String, String> fields = Cipher.decrypt(encdata, other);
                if (!Hash.verify(fields, SALT)) {
                    throw new VerificationError("hash");
                }
            }, "another key");
            assertFalse(Hash.verify(Cipher.decrypt(encdata, key), "wrong salt"), "wrong salt");
            assertRefused(() -> Cipher.decrypt("not base64 !!", key), "not Base64");
            assertRefused(() -> Cipher.decrypt("QUJD", key), "too short for a block");
            assertRefused(() -> Cipher.decrypt(encdata.substring(0, encdata.length() - 1) + "x", key),
                    "last character changed");
            String forged = Cipher.encryptText("AMOUNT=1~ORDER_ID=LP1~HASH=" + "A".repeat(64), key);
            assertFalse(Hash.verify(Cipher.decrypt(forged, key), SALT), "forged hash");
            Map<String, String> original = Cipher.decrypt(encdata, key);
            original.put("AMOUNT", "1");
            String tampered = Cipher.encryptText(Hash.canonical(original) + "~HASH=" + original.get("HASH"), key);
            assertFalse(Hash.verify(Cipher.decrypt(tampered, key), SALT), "tampered amount");
        });
        check("ENCDATA: fields parse in any order, keep = in values, refuse pairs without =", () -> {
            assertEquals(map("B", "2", "A", "x=y", "C", ""), Cipher.parseFields("B=2~A=x=y~C="), "parsed");
            assertRefused(() -> Cipher.parseFields("A=1~broken"), "no =");
            assertRefused(() -> Cipher.parseFields("=1"), "no key");
            assertEquals(Map.of(), Cipher.parseFields(""), "empty");
        });
        check("ENCDATA: the key must be 32 ASCII characters", () -> {
            try {
                Cipher.encryptText("A=1", "short");
                throw new AssertionError("a short key was accepted");
            } catch (PaystraException expected) {
                // refused
            }
        });
    }

    // ---- client ----

    static void clientTests() throws Exception {
        Config config = new Config("http://127.0.0.1:9/sandbox/", PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000);
        Client client = new Client(config);
        String key = Cipher.merchantHostedKey(KEY_SALT, PAY_ID);

        check("Client: a hosted payment request is signed and names RETURN_URL", () -> {
            Client.PaymentForm form = client.paymentRequest(map("ORDER_ID", "PG1", "AMOUNT", "100",
                    "CUST_NAME", "Asha Rao", "CUST_EMAIL", ""));
            assertEquals("http://127.0.0.1:9/sandbox/paymentrequest", form.action(), "action");
            Map<String, String> fields = form.fields();
            assertTrue(Hash.verify(fields, SALT), "signed");
            assertEquals("http://localhost:8000/response", fields.get("RETURN_URL"), "RETURN_URL");
            assertEquals("356", fields.get("CURRENCY_CODE"), "currency");
            assertEquals("SALE", fields.get("TXNTYPE"), "TXNTYPE");
            assertEquals(PAY_ID, fields.get("PAY_ID"), "PAY_ID");
            assertFalse(fields.containsKey("CUST_EMAIL"), "empty values are left out");
        });
        check("Client: a merchant-hosted request encrypts the sale and the method", () -> {
            Client.PaymentForm form = client.merchantHostedRequest(map("ORDER_ID", "WL1", "AMOUNT", "250"),
                    Client.Method.wallet("PPL"));
            assertEquals("http://127.0.0.1:9/sandbox/merchantPaymentInit", form.action(), "action");
            assertEquals(Set.of("PAY_ID", "ENCDATA"), form.fields().keySet(), "only PAY_ID and ENCDATA");
            Map<String, String> inside = Cipher.decrypt(form.fields().get("ENCDATA"), key);
            assertTrue(Hash.verify(inside, SALT), "signed inside");
            assertEquals("WL", inside.get("PAYMENT_TYPE"), "PAYMENT_TYPE");
            assertEquals("PPL", inside.get("MOP_TYPE"), "MOP_TYPE");
            assertEquals("250", inside.get("AMOUNT"), "AMOUNT");
            Map<String, String> upi = Cipher.decrypt(client.merchantHostedRequest(map("ORDER_ID", "U1",
                    "AMOUNT", "1"), Client.Method.upi("success@upi")).fields().get("ENCDATA"), key);
            assertEquals("success@upi", upi.get("PAYER_ADDRESS"), "PAYER_ADDRESS");
        });
        check("Client: verifyResponse accepts the gateway's response and refuses tampering", () -> {
            Map<String, String> response = map("PAY_ID", PAY_ID, "ORDER_ID", "PG1", "AMOUNT", "100",
                    "RESPONSE_CODE", "000", "STATUS", "Captured");
            String encdata = Cipher.encrypt(response, SALT, key);
            Map<String, String> fields = client.verifyResponse(map("PAY_ID", PAY_ID, "ENCDATA", encdata));
            assertEquals("000", fields.get("RESPONSE_CODE"), "code");
            assertEquals(fields, client.verifyResponse(map("PAY_ID", PAY_ID, "ENCDATA", encdata.replace('+', ' '))),
                    "a form post's spaces");
            char last = encdata.charAt(10);
            String flipped = encdata.substring(0, 10) + (last == 'A' ? 'B' : 'A') + encdata.substring(11);
            assertRefused(() -> client.verifyResponse(map("PAY_ID", PAY_ID, "ENCDATA", flipped)), "flipped");
            assertRefused(() -> client.verifyResponse(map("PAY_ID", "1000000000000002", "ENCDATA", encdata)),
                    "other PAY_ID outside");
            Map<String, String> otherInside = new LinkedHashMap<>(response);
            otherInside.put("PAY_ID", "1000000000000002");
            assertRefused(() -> client.verifyResponse(map("PAY_ID", PAY_ID, "ENCDATA",
                    Cipher.encrypt(otherInside, SALT, key))), "other PAY_ID inside");
            assertRefused(() -> client.verifyResponse(map("PAY_ID", PAY_ID, "ENCDATA",
                    Cipher.encrypt(response, "other salt", key))), "signed with another salt");
            assertRefused(() -> client.verifyResponse(map("PAY_ID", PAY_ID)), "no ENCDATA");
        });
        check("Client: order ids are prefix + milliseconds and never repeat", () -> {
            Set<String> ids = new HashSet<>();
            for (int i = 0; i < 1000; i++) {
                String id = Client.orderId("PG");
                assertTrue(id.matches("PG\\d{13,}"), "shape " + id);
                assertTrue(ids.add(id), "repeated " + id);
            }
        });

        // JSON calls against a stand-in gateway on a free port.
        List<Map<String, String>> received = new ArrayList<>();
        Map<String, Function<Map<String, String>, String>> answers = new LinkedHashMap<>();
        HttpServer gateway = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        gateway.createContext("/sandbox/", exchange -> {
            Map<String, String> request = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            request.put("_path", exchange.getRequestURI().getPath());
            request.put("_type", String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type")));
            received.add(request);
            byte[] body = answers.getOrDefault(request.get("ORDER_ID") == null ? request.get("PAYOUT_ID")
                    : request.get("ORDER_ID"), r -> "{}").apply(request).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        gateway.start();
        try {
            String base = "http://127.0.0.1:" + gateway.getAddress().getPort() + "/sandbox";
            Client live = new Client(new Config(base, PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000));
            answers.put("GOOD", r -> Json.write(Hash.withHash(map("PAY_ID", PAY_ID, "ORDER_ID", "GOOD",
                    "STATUS", "Captured", "RESPONSE_CODE", "000"), SALT)));
            answers.put("FORGED", r -> Json.write(Hash.withHash(map("PAY_ID", PAY_ID, "ORDER_ID", "FORGED",
                    "STATUS", "Captured", "RESPONSE_CODE", "000"), "not our salt")));
            answers.put("UNSIGNED", r -> Json.write(map("ORDER_ID", "UNSIGNED", "STATUS", "Failed",
                    "RESPONSE_CODE", "324", "RESPONSE_MESSAGE", "Invalid pay id")));
            answers.put("OTHER", r -> Json.write(Hash.withHash(map("PAY_ID", "1000000000000002",
                    "ORDER_ID", "OTHER", "RESPONSE_CODE", "000"), SALT)));
            answers.put("NOTJSON", r -> "<html>");
            answers.put("PO1", r -> Json.write(Hash.withHash(map("PAY_ID", PAY_ID, "PAYOUT_ID", "PO1",
                    "STATUS", "Processed", "RESPONSE_CODE", "000", "UTR", "123456789012"), SALT)));
            check("Client: status posts signed JSON and returns the verified answer", () -> {
                Map<String, String> answer = live.status("GOOD");
                assertEquals("000", answer.get("RESPONSE_CODE"), "code");
                Map<String, String> sent = received.get(received.size() - 1);
                assertEquals("/sandbox/pgws/transact", sent.get("_path"), "path");
                assertEquals("application/json", sent.get("_type"), "content type");
                assertEquals("STATUS", sent.get("TXNTYPE"), "TXNTYPE");
                sent.remove("_path");
                sent.remove("_type");
                assertTrue(Hash.verify(sent, SALT), "request signed");
            });
            check("Client: answers that do not verify are refused; unsigned refusals carry their code", () -> {
                assertRefused(() -> live.status("FORGED"), "forged");
                assertRefused(() -> live.status("OTHER"), "other merchant");
                try {
                    live.status("UNSIGNED");
                    throw new AssertionError("an unsigned answer was accepted");
                } catch (VerificationError e) {
                    assertEquals("324", e.code(), "code");
                }
                try {
                    live.status("NOTJSON");
                    throw new AssertionError("a non-JSON answer was accepted");
                } catch (PaystraException e) {
                    assertFalse(e instanceof VerificationError, "not JSON is a gateway error");
                }
            });
            check("Client: refund, QR and payout send their fields", () -> {
                assertRefused(() -> live.refund("FORGED", "RF1", "50"), "forged refund answer");
                Map<String, String> sent = received.get(received.size() - 1);
                assertEquals("REFUND", sent.get("TXNTYPE"), "TXNTYPE");
                assertEquals("RF1", sent.get("REFUND_ORDER_ID"), "REFUND_ORDER_ID");
                assertEquals("356", sent.get("CURRENCY_CODE"), "currency");
                live.qr(map("ORDER_ID", "GOOD", "AMOUNT", "100", "CUST_NAME", ""), "UPI");
                sent = received.get(received.size() - 1);
                assertEquals("/sandbox/pgws/qr", sent.get("_path"), "qr path");
                assertEquals("UPI", sent.get("QR_TYPE"), "QR_TYPE");
                assertFalse(sent.containsKey("CUST_NAME"), "empty CUST_NAME left out");
                Map<String, String> payout = live.payout(map("PAYOUT_ID", "PO1", "AMOUNT", "100",
                        "TRANSFER_MODE", "UPI", "BENEFICIARY_NAME", "Asha Rao", "BENEFICIARY_VPA", "success@upi",
                        "BENEFICIARY_ACCOUNT", ""));
                assertEquals("123456789012", payout.get("UTR"), "UTR");
                sent = received.get(received.size() - 1);
                assertEquals("/sandbox/pgws/payout", sent.get("_path"), "payout path");
                assertFalse(sent.containsKey("BENEFICIARY_ACCOUNT"), "empty account left out");
                live.payoutStatus("PO1");
                assertEquals("/sandbox/pgws/payout/status", received.get(received.size() - 1).get("_path"),
                        "payout status path");
            });
        } finally {
            gateway.stop(0);
        }
        check("Client: an unreachable gateway is a PaystraException", () -> {
            try {
                new Client(new Config("http://127.0.0.1:1/sandbox", PAY_ID, SALT, KEY_SALT, "x", 1)).status("A");
                throw new AssertionError("no error");
            } catch (VerificationError e) {
                throw new AssertionError("not a verification error");
            } catch (PaystraException expected) {
                // refused
            }
        });
    }

    // ---- config ----

    static void configTests() throws IOException {
        Path root = Files.createTempDirectory("paystra-config");
        try {
            check("Config: paystra.env with comments, quotes and export, then the environment wins", () -> {
                Files.writeString(root.resolve("paystra.env"), String.join("\n",
                        "# the demo merchant",
                        "PAYSTRA_BASE_URL=http://localhost:3000/sandbox/   # the gateway",
                        "export PAYSTRA_PAY_ID=1000000000000001",
                        "PAYSTRA_SALT=\"a1b2c3d4e5f60718\"",
                        "PAYSTRA_KEY_SALT='f0e#1'",
                        "APP_URL=http://localhost:8000",
                        "PORT=8000",
                        "not a setting",
                        ""), StandardCharsets.UTF_8);
                Config fromFile = Config.load(root, Map.of());
                assertEquals("http://localhost:3000/sandbox", fromFile.baseUrl(), "base URL");
                assertEquals(PAY_ID, fromFile.payId(), "PAY_ID");
                assertEquals(SALT, fromFile.salt(), "salt");
                assertEquals("f0e#1", fromFile.keySalt(), "quoted key salt");
                assertEquals(8000, fromFile.port(), "port");
                Config overridden = Config.load(root, Map.of("PORT", "4141", "APP_URL", "http://127.0.0.1:4141/",
                        "PAYSTRA_SALT", "s2", "PAYSTRA_PAY_ID", ""));
                assertEquals(4141, overridden.port(), "PORT from the environment");
                assertEquals("http://127.0.0.1:4141", overridden.appUrl(), "APP_URL without the slash");
                assertEquals("s2", overridden.salt(), "salt from the environment");
                assertEquals(PAY_ID, overridden.payId(), "an empty variable does not override");
                assertFalse(overridden.toString().contains("s2"), "toString hides the salt");
            });
            check("Config: the environment alone, APP_URL defaulting to the port", () -> {
                Path empty = Files.createTempDirectory("paystra-empty");
                Config config = Config.load(empty, Map.of("PAYSTRA_BASE_URL", "http://g/sandbox",
                        "PAYSTRA_PAY_ID", PAY_ID, "PAYSTRA_SALT", SALT, "PAYSTRA_KEY_SALT", KEY_SALT, "PORT", "4142"));
                assertEquals("http://localhost:4142", config.appUrl(), "APP_URL");
                Files.delete(empty);
            });
            check("Config: missing settings and a bad PORT are explained", () -> {
                Path empty = Files.createTempDirectory("paystra-empty");
                try {
                    Config.load(empty, Map.of());
                    throw new AssertionError("loaded without settings");
                } catch (PaystraException e) {
                    assertTrue(e.getMessage().contains("paystra.env.example"), "names the example file");
                }
                try {
                    Config.load(empty, Map.of("PAYSTRA_BASE_URL", "x", "PAYSTRA_PAY_ID", "1", "PAYSTRA_SALT", "s",
                            "PAYSTRA_KEY_SALT", "k", "PORT", "eighty"));
                    throw new AssertionError("a bad port was accepted");
                } catch (PaystraException e) {
                    assertTrue(e.getMessage().contains("PORT"), "names PORT");
                }
                Files.delete(empty);
            });
        } finally {
            Files.deleteIfExists(root.resolve("paystra.env"));
            Files.deleteIfExists(root);
        }
    }

    // ---- JSON ----

    @SuppressWarnings("unchecked")
    static void jsonTests() {
        check("JSON: reads objects, arrays, strings with escapes, numbers and literals", () -> {
            Map<String, Object> value = Json.parseObject(
                    " {\"a\":\"x\\\"y\\\\z\\/\\n\\u20b9\\ud83d\\ude00\",\"b\":[1,-2.5e3,true,false,null,{}],\"c\":{}} ");
            assertEquals("x\"y\\z/\n\u20b9\ud83d\ude00", value.get("a"), "string");
            List<Object> list = (List<Object>) value.get("b");
            assertEquals(new BigDecimal("1"), list.get(0), "integer");
            assertEquals(new BigDecimal("-2.5e3"), list.get(1), "exponent");
            assertEquals(Boolean.TRUE, list.get(2), "true");
            assertEquals(null, list.get(4), "null");
            assertEquals(Map.of(), value.get("c"), "empty object");
        });
        check("JSON: refuses malformed text", () -> {
            for (String bad : new String[] {"", "{", "{\"a\":}", "{\"a\":1,}", "[1 2]", "{'a':1}", "01", "1.",
                    "\"a", "\"\t\"", "{\"a\":1} x", "tru", "\"\\x\"", "{\"a\" 1}"}) {
                try {
                    Json.parse(bad);
                    throw new AssertionError("accepted " + bad);
                } catch (IllegalArgumentException expected) {
                    // refused
                }
            }
        });
        check("JSON: writes what it reads; flat objects become strings", () -> {
            Map<String, Object> value = Json.object("s", "a\"b<\u2028\u0001", "n", 12, "t", true, "z", null,
                    "l", List.of("x", 2), "m", Map.of("k", "v"));
            String written = Json.write(value);
            assertFalse(written.contains("<"), "< is escaped");
            assertEquals(Json.write(Json.parse(written)), written, "round trip");
            assertEquals("a\"b<\u2028\u0001", Json.parseObject(written).get("s"), "string back");
            assertEquals(map("A", "1", "B", "x", "C", "true", "D", "null", "E", "2.50"),
                    Json.parseFlat("{\"A\":1,\"B\":\"x\",\"C\":true,\"D\":null,\"E\":2.50}"), "flat");
            try {
                Json.parseFlat("{\"A\":[1]}");
                throw new AssertionError("nested accepted");
            } catch (IllegalArgumentException expected) {
                // refused
            }
        });
    }

    // ---- a tiny assertion kit ----

    public static void check(String name, Body body) {
        try {
            body.run();
            passed++;
            System.out.println("ok   " + name);
        } catch (Throwable e) {
            failures.add(name + ": " + e);
            System.out.println("FAIL " + name + ": " + e);
        }
    }

    public static void assertEquals(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected <" + expected + "> but was <" + actual + ">");
        }
    }

    public static void assertTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    public static void assertFalse(boolean condition, String what) {
        assertTrue(!condition, what);
    }

    public static void assertRefused(Body body, String what) throws Exception {
        try {
            body.run();
        } catch (VerificationError expected) {
            return;
        }
        throw new AssertionError(what + ": was not refused");
    }

    public static Map<String, String> map(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, String> strings(Map<String, Object> object) {
        Map<String, String> strings = new LinkedHashMap<>();
        object.forEach((key, value) -> strings.put(key, (String) value));
        return strings;
    }
}
