package com.paystra.examples.web;

import com.paystra.Config;
import com.paystra.PaystraException;
import com.paystra.VerificationError;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A tiny web app on the JDK's HTTP server: exact-path routes per method, 404 and 405 pages,
 * and one place that turns errors into answers (HTML for browsers, JSON when asked).
 */
public final class WebApp {
    /** Handles one request; may throw BadRequest, PaystraException or VerificationError. */
    @FunctionalInterface
    public interface Handler {
        Reply handle(Request request) throws Exception;
    }

    private final Layout layout;
    private final Map<String, Map<String, Handler>> routes = new LinkedHashMap<>();

    public WebApp(Layout layout) {
        this.layout = layout;
    }

    public WebApp get(String path, Handler handler) {
        return route("GET", path, handler);
    }

    public WebApp post(String path, Handler handler) {
        return route("POST", path, handler);
    }

    /** A route for every path under a prefix, written "/orders/*"; exact routes win. */
    private Map<String, Handler> routeFor(String path) {
        Map<String, Handler> exact = routes.get(path);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, Map<String, Handler>> route : routes.entrySet()) {
            String pattern = route.getKey();
            if (pattern.endsWith("/*") && path.length() >= pattern.length()
                    && path.startsWith(pattern.substring(0, pattern.length() - 1))) {
                return route.getValue();
            }
        }
        return null;
    }

    private WebApp route(String method, String path, Handler handler) {
        routes.computeIfAbsent(path, unused -> new LinkedHashMap<>()).put(method, handler);
        return this;
    }

    /**
     * The settings from paystra.env in the current folder (run the app from the kit folder)
     * and the environment; when one is missing, says which and exits.
     */
    public static Config loadConfig() {
        try {
            return Config.load(Path.of(""));
        } catch (PaystraException e) {
            System.err.println("paystra: " + e.getMessage());
            System.exit(1);
            throw e;
        }
    }

    /**
     * Listens on 127.0.0.1:PORT (the app is meant to sit behind your own web server); set the
     * HOST environment variable to listen elsewhere, e.g. HOST=0.0.0.0 in a container.
     */
    public HttpServer start(Config config) throws IOException {
        String host = System.getenv("HOST");
        InetSocketAddress address = host == null || host.isBlank()
                ? new InetSocketAddress(InetAddress.getLoopbackAddress(), config.port())
                : new InetSocketAddress(host, config.port());
        HttpServer server = HttpServer.create(address, 50);
        ExecutorService workers = Executors.newFixedThreadPool(16);
        server.setExecutor(workers);
        server.createContext("/", this::serve);
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop(0);
            workers.shutdownNow();
        }));
        System.out.println("Paystra " + layout.kitName() + " (Java) listening on "
                + server.getAddress().getHostString() + ":" + server.getAddress().getPort()
                + "; open " + config.appUrl() + " (gateway " + config.baseUrl() + ")");
        return server;
    }

    private void serve(HttpExchange exchange) throws IOException {
        Reply reply;
        Request request = null;
        try {
            request = new Request(exchange);
            reply = dispatch(request);
        } catch (BadRequest e) {
            reply = error(request, e.status(), "The request cannot be used", e.getMessage(), false);
        } catch (VerificationError e) {
            reply = error(request, 502, "The gateway's answer does not verify", e.getMessage(), true);
        } catch (PaystraException e) {
            reply = error(request, 502, "The gateway cannot be reached", e.getMessage(), false);
        } catch (Exception e) {
            e.printStackTrace();
            reply = error(request, 500, "Something went wrong",
                    "The app could not handle this request. Its log says why.", false);
        }
        send(exchange, reply);
    }

    private Reply dispatch(Request request) throws Exception {
        Map<String, Handler> byMethod = routeFor(request.path());
        if (byMethod == null) {
            return error(request, 404, "Page not found",
                    "There is no page at " + request.path() + ". Start again from the home page.", false);
        }
        String method = request.method().equals("HEAD") ? "GET" : request.method();
        Handler handler = byMethod.get(method);
        if (handler == null) {
            return error(request, 405, "Method not allowed",
                    request.path() + " answers " + String.join(" and ", byMethod.keySet()) + " requests.", false)
                    .header("Allow", String.join(", ", byMethod.keySet()));
        }
        return handler.handle(request);
    }

    /** An error as JSON {"error": ...} (plus "verified": false for answers that did not verify), or a page. */
    private Reply error(Request request, int status, String title, String message, boolean unverified) {
        if (request == null || request.wantsJson() || !request.wantsHtml() && request.isJson()) {
            Map<String, Object> body = new LinkedHashMap<>();
            if (unverified) {
                body.put("verified", false);
            }
            body.put("error", message);
            return Reply.json(status, body);
        }
        return Reply.html(status, layout.page(title, null,
                Html.notice("bad", message) + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">Back to the start</a></p>"));
    }

    private static void send(HttpExchange exchange, Reply reply) throws IOException {
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", reply.contentType());
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Referrer-Policy", "no-referrer");
        if (reply.contentType().startsWith("text/html")) {
            headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        }
        reply.headers().forEach(headers::set);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(reply.status(), head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
        exchange.close();
    }

    /**
     * Inline styles, the one auto-submit script (by its hash), images from anywhere (the
     * gateway's QR codes), forms to this app and to the gateway, never framed.
     */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; "
            + "script-src '" + scriptHash(Html.AUTO_SUBMIT_SCRIPT) + "'; img-src 'self' data: http: https:; "
            + "form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";

    private static String scriptHash(String script) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
