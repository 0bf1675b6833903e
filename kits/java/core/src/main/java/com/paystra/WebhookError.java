package com.paystra;

/**
 * A webhook delivery that was refused: reason() is the machine-readable reason (the same in
 * every kit, e.g. "signature-mismatch"), getMessage() says in words what to do about it.
 */
public class WebhookError extends PaystraException {
    private static final long serialVersionUID = 1L;

    private final String reason;

    public WebhookError(String reason) {
        super(Webhook.message(reason));
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
