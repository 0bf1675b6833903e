package com.paystra.examples.web;

import com.paystra.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a handler answers: a status, a content type, a body and extra headers. */
public final class Reply {
    private final int status;
    private final String contentType;
    private final String body;
    private final Map<String, String> headers = new LinkedHashMap<>();

    private Reply(int status, String contentType, String body) {
        this.status = status;
        this.contentType = contentType;
        this.body = body;
    }

    /** A page (from Layout.page). */
    public static Reply html(int status, String page) {
        return new Reply(status, "text/html; charset=utf-8", page);
    }

    /** Maps, Lists, Strings, Numbers and Booleans, written as JSON. */
    public static Reply json(int status, Object value) {
        return new Reply(status, "application/json; charset=utf-8", Json.write(value));
    }

    public static Reply text(int status, String text) {
        return new Reply(status, "text/plain; charset=utf-8", text);
    }

    /** 303 See Other: after a POST, the browser GETs the location. */
    public static Reply redirect(String location) {
        return new Reply(303, "text/plain; charset=utf-8", "See " + location).header("Location", location);
    }

    public Reply header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public int status() {
        return status;
    }

    public String contentType() {
        return contentType;
    }

    public String body() {
        return body;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
