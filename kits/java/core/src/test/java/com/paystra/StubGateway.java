package com.paystra;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A stand-in gateway for the client's JSON calls, on a free loopback port under /sandbox: each
 * path answers what its route returns (JSON text, with a JSON content type), and every request is
 * kept as it came. The demo merchant's client talks to it: client(). Close it when done.
 */
final class StubGateway implements AutoCloseable {
    static final String PAY_ID = "1000000000000001";
    static final String SALT = "a1b2c3d4e5f60718";
    static final String KEY_SALT = "f0e1d2c3b4a59687";

    /** A request as it came: its path (/pgws/...) and its fields, HASH included. */
    record Request(String path, Map<String, String> fields) {
        /** The fields without HASH, after checking the HASH signs them. */
        Map<String, String> signedFields() {
            if (!Hash.verify(fields, SALT)) {
                throw new AssertionError(path + ": the request is not signed with the salt");
            }
            Map<String, String> copy = new LinkedHashMap<>(fields);
            copy.remove("HASH");
            return copy;
        }
    }

    private final HttpServer server;
    private final Map<String, Function<Map<String, String>, String>> routes = new ConcurrentHashMap<>();
    private final List<Request> received = Collections.synchronizedList(new ArrayList<>());

    StubGateway() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/sandbox/", exchange -> {
            Map<String, String> fields = Json.parseFlat(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            String path = exchange.getRequestURI().getPath().substring("/sandbox".length());
            received.add(new Request(path, fields));
            Function<Map<String, String>, String> route = routes.get(path);
            byte[] body = (route == null ? "{}" : route.apply(fields)).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(route == null ? 404 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    /** The sandbox's base URL here: http://127.0.0.1:<port>/sandbox. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/sandbox";
    }

    /** The demo merchant's client, talking to this gateway. */
    Client client() {
        return new Client(new Config(baseUrl(), PAY_ID, SALT, KEY_SALT, "http://localhost:8000", 8000));
    }

    /** What path (/pgws/...) answers: JSON text as it is, made from the request's fields. */
    void answer(String path, Function<Map<String, String>, String> route) {
        routes.put(path, route);
    }

    /** What path answers: these fields with their HASH under the demo merchant's salt. */
    void answerSigned(String path, Function<Map<String, String>, Map<String, String>> route) {
        routes.put(path, request -> Json.write(Hash.withHash(route.apply(request), SALT)));
    }

    /** Every request so far, oldest first. */
    List<Request> received() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    /** The latest request. */
    Request last() {
        synchronized (received) {
            return received.get(received.size() - 1);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
