package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Client.createSandboxAccount against a stand-in sandbox that answers the sandbox's own answers to
 * POST /accounts, recorded from a sandbox at http://localhost:3000/sandbox: the same bytes, in the
 * same order. Config.writeEnvFile after it.
 */
final class SandboxAccountTests {
    static final String ENV = """
            # Paystra kit configuration for sandbox account 3773599642181897.
            # Environment variables override these values. Keep this file on your server: it holds
            # your salt and webhook secret.

            # The gateway: this sandbox.
            PAYSTRA_BASE_URL=http://localhost:3000/sandbox
            # Your merchant id (PAY_ID) and salt.
            PAYSTRA_PAY_ID=3773599642181897
            PAYSTRA_SALT=530dfe1903fb0f06
            # Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).
            PAYSTRA_KEY_SALT=f96a0b4eef978c30
            # Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).
            PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf

            # Where this app is reachable; the gateway returns the customer to APP_URL/response and
            # posts webhooks to APP_URL/webhook.
            APP_URL=http://localhost:8000
            PORT=8000
            # Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.
            # PAYSTRA_DATA_DIR=data
            """;
    static final String CREATED = "{\"STATUS\":\"Created\","
            + "\"PAY_ID\":\"3773599642181897\","
            + "\"SALT\":\"530dfe1903fb0f06\","
            + "\"KEY_SALT\":\"f96a0b4eef978c30\","
            + "\"MERCHANT_HOSTED_KEY\":\"5BC116EA0D0104F0E095246E6692C1F6\","
            + "\"WEBHOOK_SECRET\":\"wh_c98c7a1c04ec4a0eadaf875821d416cf\","
            + "\"NAME\":\"Chai & Co.\","
            + "\"PAYSTRA_BASE_URL\":\"http://localhost:3000/sandbox\","
            + "\"CONSOLE_URL\":\"http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg\","
            + "\"PAYSTRA_ENV_URL\":\"http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg/paystra.env\","
            + "\"PAYSTRA_ENV\":\"# Paystra kit configuration for sandbox account 3773599642181897.\\n"
            + "# Environment variables override these values. Keep this file on your server: it holds\\n"
            + "# your salt and webhook secret.\\n"
            + "\\n"
            + "# The gateway: this sandbox.\\n"
            + "PAYSTRA_BASE_URL=http://localhost:3000/sandbox\\n"
            + "# Your merchant id (PAY_ID) and salt.\\n"
            + "PAYSTRA_PAY_ID=3773599642181897\\n"
            + "PAYSTRA_SALT=530dfe1903fb0f06\\n"
            + "# Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).\\n"
            + "PAYSTRA_KEY_SALT=f96a0b4eef978c30\\n"
            + "# Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).\\n"
            + "PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf\\n"
            + "\\n"
            + "# Where this app is reachable; the gateway returns the customer to APP_URL/response and\\n"
            + "# posts webhooks to APP_URL/webhook.\\n"
            + "APP_URL=http://localhost:8000\\n"
            + "PORT=8000\\n"
            + "# Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.\\n"
            + "# PAYSTRA_DATA_DIR=data\\n"
            + "\","
            + "\"IDLE_DAYS\":\"30\"}";
    static final String BAD_NAME = "{\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"360\",\"RESPONSE_MESSAGE\":"
            + "\"Invalid account name: up to 60 letters, digits, spaces and . , & ' ( ) - / characters\"}";
    static final String LIMITED = "{\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"344\",\"RESPONSE_MESSAGE\":"
            + "\"Too many requests: try again later\"}";
    static final String FULL = "{\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"361\",\"RESPONSE_MESSAGE\":"
            + "\"The sandbox holds as many accounts as it can: try again later\"}";

    /** What the stand-in sandbox answers next: the HTTP status, the body and its content type. */
    private record Reply(int status, String body, String contentType) {}

    private SandboxAccountTests() {}

    static void run() throws Exception {
        List<String[]> received = Collections.synchronizedList(new ArrayList<>());
        Reply[] next = {new Reply(201, CREATED, "application/json; charset=utf-8")};
        HttpServer sandbox = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        sandbox.createContext("/sandbox/", exchange -> {
            received.add(new String[] {
                exchange.getRequestURI().getPath(),
                exchange.getRequestHeaders().getFirst("Content-Type"),
                exchange.getRequestHeaders().getFirst("Accept"),
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)});
            byte[] body = next[0].body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", next[0].contentType());
            exchange.sendResponseHeaders(next[0].status(), body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        sandbox.start();
        Path root = Files.createTempDirectory("paystra-account-");
        try {
            String base = "http://127.0.0.1:" + sandbox.getAddress().getPort() + "/sandbox";

            check("Client.createSandboxAccount posts the tidied name as JSON, unsigned, and returns the account", () -> {
                Client.SandboxAccount account = Client.createSandboxAccount(base + "/", "  Chai  &\u00a0Co. ");
                assertEquals(Json.parseFlat(CREATED), account.fields(), "fields");
                assertEquals("3773599642181897", account.payId(), "payId");
                assertEquals("530dfe1903fb0f06", account.salt(), "salt");
                assertEquals("f96a0b4eef978c30", account.keySalt(), "keySalt");
                assertEquals("5BC116EA0D0104F0E095246E6692C1F6", account.merchantHostedKey(), "merchantHostedKey");
                assertEquals("wh_c98c7a1c04ec4a0eadaf875821d416cf", account.webhookSecret(), "webhookSecret");
                assertEquals("Chai & Co.", account.name(), "name");
                assertEquals("http://localhost:3000/sandbox", account.baseUrl(), "baseUrl");
                assertTrue(account.consoleUrl().startsWith("http://localhost:3000/sandbox/console/"), "consoleUrl");
                assertEquals(account.consoleUrl() + "/paystra.env", account.paystraEnvUrl(), "paystraEnvUrl");
                assertEquals(ENV, account.paystraEnv(), "paystraEnv");
                assertEquals(30, account.idleDays(), "idleDays");
                assertFalse(account.toString().contains(account.salt()), "no salt in toString");
                assertEquals(1, received.size(), "one request");
                assertEquals(List.of("/sandbox/accounts", "application/json", "application/json"),
                        List.of(received.get(0)).subList(0, 3), "request");
                assertEquals(Map.of("NAME", "Chai & Co."), Json.parseFlat(received.get(0)[3]), "its JSON");
                for (String name : new String[] {null, "", "   "}) {
                    Client.createSandboxAccount(base, name);
                }
                assertEquals(List.of("{}", "{}", "{}"),
                        received.subList(1, 4).stream().map(request -> request[3]).toList(), "no NAME: the sandbox names it");
            });
            check("Client.createSandboxAccount: each refusal throws RefusedError with its code, message and HTTP status", () -> {
                for (Reply refusal : List.of(new Reply(400, BAD_NAME, "application/json; charset=utf-8"),
                        new Reply(429, LIMITED, "application/json; charset=utf-8"),
                        new Reply(503, FULL, "application/json; charset=utf-8"))) {
                    next[0] = refusal;
                    Map<String, String> fields = Json.parseFlat(refusal.body());
                    try {
                        Client.createSandboxAccount(base, "Chai & Co.");
                        throw new AssertionError("a refusal was returned");
                    } catch (RefusedError e) {
                        assertEquals(fields.get("RESPONSE_CODE"), e.code(), "code");
                        assertEquals(refusal.status(), e.httpStatus(), "HTTP status");
                        assertEquals(fields, e.answer(), "answer");
                        assertTrue(e.getMessage().contains(fields.get("RESPONSE_MESSAGE")), e.getMessage());
                    }
                }
            });
            check("Client.createSandboxAccount refuses a name or base URL the sandbox would refuse, before sending", () -> {
                next[0] = new Reply(201, CREATED, "application/json; charset=utf-8");
                int before = received.size();
                String astral = "\uD835\uDC00";
                for (String name : new String[] {"x".repeat(61), astral.repeat(31), "tab\there", "line\nbreak", "<script>",
                        "a~b", "a@b", "bell\u0085"}) {
                    try {
                        Client.createSandboxAccount(base, name);
                        throw new AssertionError("sent " + name);
                    } catch (IllegalArgumentException expected) {
                        assertTrue(expected.getMessage().contains("account name"), expected.getMessage());
                    }
                }
                for (String url : new String[] {null, "", "localhost:3000/sandbox", "ftp://localhost/sandbox"}) {
                    try {
                        Client.createSandboxAccount(url, "Shop");
                        throw new AssertionError("sent to " + url);
                    } catch (IllegalArgumentException expected) {
                        assertTrue(expected.getMessage().contains("base URL"), expected.getMessage());
                    }
                }
                assertEquals(before, received.size(), "nothing sent");
                for (String name : new String[] {"x".repeat(60), astral.repeat(30), "Café Ünïcode", "चाय वाला",
                        "O'Brien (Pune) - 2/B, Ltd."}) {
                    Client.createSandboxAccount(base, name);
                }
                assertEquals(before + 5, received.size(), "sent");
            });
            check("Client.createSandboxAccount: an answer that is not JSON or not an account, or none, throws PaystraException", () -> {
                // A sandbox that makes no accounts answers its HTML 404 page.
                next[0] = new Reply(404, "<!doctype html><html lang=\"en\" dir=\"ltr\">\n<head>", "text/html; charset=utf-8");
                try {
                    Client.createSandboxAccount(base, "Shop");
                    throw new AssertionError("a page was taken");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("HTTP 404 without JSON"), expected.getMessage());
                }
                for (Reply reply : List.of(new Reply(201, CREATED.replace("\"SALT\":\"530dfe1903fb0f06\",", ""), "application/json"),
                        new Reply(200, CREATED, "application/json"), new Reply(201, "[]", "application/json"))) {
                    next[0] = reply;
                    try {
                        Client.createSandboxAccount(base, "Shop");
                        throw new AssertionError("taken: " + reply);
                    } catch (RefusedError e) {
                        throw new AssertionError("read as a refusal: " + reply, e);
                    } catch (PaystraException expected) {
                        // refused
                    }
                }
                int closed;
                try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                    closed = socket.getLocalPort();
                }
                try {
                    Client.createSandboxAccount("http://127.0.0.1:" + closed + "/sandbox", "Shop");
                    throw new AssertionError("no sandbox, and an account");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("Cannot reach the sandbox"), expected.getMessage());
                }
            });
            check("Config.writeEnvFile saves the account's paystra.env for its owner, keeping one that is there unless told", () -> {
                Client.SandboxAccount account = new Client.SandboxAccount(Json.parseFlat(CREATED));
                Path file = Config.writeEnvFile(root, account, false);
                assertEquals(root.resolve("paystra.env"), file, "path");
                assertEquals(ENV, Files.readString(file), "text");
                if (root.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), "owner only");
                }
                assertEquals(account.payId(), Config.load(root, Map.of()).payId(), "Config.load reads it");
                Files.writeString(file, "PAYSTRA_PAY_ID=1000000000000001\n");
                try {
                    Config.writeEnvFile(root, account, false);
                    throw new AssertionError("replaced");
                } catch (PaystraException expected) {
                    assertTrue(expected.getMessage().contains("exists"), expected.getMessage());
                }
                assertEquals("PAYSTRA_PAY_ID=1000000000000001\n", Files.readString(file), "kept");
                Config.writeEnvFile(root, account, true);
                assertEquals(ENV, Files.readString(file), "replaced when told");
            });
        } finally {
            sandbox.stop(0);
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }
}
