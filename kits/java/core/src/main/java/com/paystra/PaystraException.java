package com.paystra;

/** Something went wrong talking to the gateway, or the kit is not configured. */
public class PaystraException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PaystraException(String message) {
        super(message);
    }

    public PaystraException(String message, Throwable cause) {
        super(message, cause);
    }
}
