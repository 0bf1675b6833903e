package com.paystra.examples.web;

import com.paystra.Json;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One HTTP request: method, path, query, and the body read as a form, JSON or text. */
public final class Request {
    /** Enough for any form of the kits; larger bodies are refused with 413. */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private final HttpExchange exchange;
    private final Map<String, String> query;
    private final byte[] rawBody;
    private final String body;
    private Map<String, String> form;

    Request(HttpExchange exchange) throws IOException {
        this.exchange = exchange;
        this.query = parseUrlEncoded(exchange.getRequestURI().getRawQuery());
        this.rawBody = readBody(exchange.getRequestBody());
        this.body = new String(rawBody, StandardCharsets.UTF_8);
    }

    public String method() {
        return exchange.getRequestMethod();
    }

    public String path() {
        return exchange.getRequestURI().getPath();
    }

    /** A header's value, or "" when absent. */
    public String header(String name) {
        String value = exchange.getRequestHeaders().getFirst(name);
        return value == null ? "" : value;
    }

    /** A query parameter, trimmed, or "" when absent. */
    public String query(String name) {
        return query.getOrDefault(name, "").trim();
    }

    /** The body's bytes exactly as they arrived (what a webhook signature covers). */
    public byte[] rawBody() {
        return rawBody.clone();
    }

    /** The raw body as UTF-8 text. */
    public String body() {
        return body;
    }

    /** True when the body is JSON (Content-Type application/json). */
    public boolean isJson() {
        return header("Content-Type").toLowerCase(Locale.ROOT).contains("application/json");
    }

    /**
     * The posted fields: an urlencoded form, or a flat JSON object when the body is JSON.
     * A field posted twice is refused: which value would count is anybody's guess.
     */
    public Map<String, String> form() {
        if (form == null) {
            if (isJson()) {
                try {
                    form = Collections.unmodifiableMap(Json.parseFlat(body.isBlank() ? "{}" : body));
                } catch (IllegalArgumentException e) {
                    throw new BadRequest("The body is not a JSON object of fields");
                }
            } else if (header("Content-Type").toLowerCase(Locale.ROOT)
                    .startsWith("application/x-www-form-urlencoded")) {
                form = parseUrlEncoded(body);
            } else {
                form = Map.of();
            }
        }
        return form;
    }

    /** A posted field, trimmed, or "" when absent. */
    public String form(String name) {
        return form().getOrDefault(name, "").trim();
    }

    /** The client asked for JSON (Accept: application/json). */
    public boolean wantsJson() {
        return header("Accept").toLowerCase(Locale.ROOT).contains("application/json");
    }

    /** A browser asking for a page (Accept names text/html and not JSON). */
    public boolean wantsHtml() {
        String accept = header("Accept").toLowerCase(Locale.ROOT);
        return accept.contains("text/html") && !accept.contains("application/json");
    }

    /** a=1&b=2 into a map; "+" is a space. A name given twice is refused. */
    static Map<String, String> parseUrlEncoded(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return Collections.unmodifiableMap(values);
        }
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int separator = pair.indexOf('=');
            String name = decode(separator < 0 ? pair : pair.substring(0, separator));
            String value = separator < 0 ? "" : decode(pair.substring(separator + 1));
            if (values.put(name, value) != null) {
                throw new BadRequest("The field " + name + " is sent twice");
            }
        }
        return Collections.unmodifiableMap(values);
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("The request is not properly URL-encoded");
        }
    }

    private static byte[] readBody(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int read;
        while ((read = in.read(buffer)) != -1) {
            out.write(buffer, 0, read);
            if (out.size() > MAX_BODY_BYTES) {
                throw new BadRequest(413, "The request body is larger than "
                        + (MAX_BODY_BYTES / 1024) + " KB");
            }
        }
        return out.toByteArray();
    }
}
