package com.paystra.examples.web;

/** Input the app refuses, answered 400 with the message (HTML, or JSON {"error": ...}). */
public class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public BadRequest(String message) {
        this(400, message);
    }

    public BadRequest(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
