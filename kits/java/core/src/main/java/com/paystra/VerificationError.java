package com.paystra;

/**
 * A response or answer that cannot be trusted: ENCDATA that does not decrypt, a HASH that does
 * not verify, another merchant's PAY_ID, or a gateway refusal that came without a HASH.
 */
public class VerificationError extends PaystraException {
    private static final long serialVersionUID = 1L;

    private final String code;

    public VerificationError(String message) {
        this(message, null);
    }

    /** @param code the gateway's RESPONSE_CODE when it answered without a HASH (324, 326) */
    public VerificationError(String message, String code) {
        super(message);
        this.code = code;
    }

    /** The gateway's RESPONSE_CODE of an unsigned refusal, or null. */
    public String code() {
        return code;
    }
}
