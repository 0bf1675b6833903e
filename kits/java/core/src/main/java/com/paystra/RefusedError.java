package com.paystra;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal where a call needs an answer to go on: the gateway read the request and said no
 * (STATUS Failed), e.g. 338 no such settlement, 339 a bad date range, 328 an order it does not
 * know. The answer's HASH was verified, so code() and answer() can be trusted; the one refusal
 * without a HASH is the sandbox's of a new account (360, 344, 361), made before there are keys to
 * sign with.
 */
public class RefusedError extends PaystraException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final int httpStatus;
    private final transient Map<String, String> answer;

    public RefusedError(Map<String, String> answer) {
        this(answer, 0);
    }

    /** With the answer's HTTP status (a sandbox account's refusal: 400, 429 or 503). */
    public RefusedError(Map<String, String> answer, int httpStatus) {
        super("The gateway refused the request: " + answer.get("RESPONSE_CODE") + " "
                + answer.get("RESPONSE_MESSAGE"));
        this.code = answer.get("RESPONSE_CODE");
        this.httpStatus = httpStatus;
        this.answer = Collections.unmodifiableMap(new LinkedHashMap<>(answer));
    }

    /** The gateway's RESPONSE_CODE, e.g. "338". */
    public String code() {
        return code;
    }

    /** The answer's HTTP status where the call reads it (createSandboxAccount), else 0. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The answer's fields (RESPONSE_MESSAGE, RESPONSE_DATE_TIME, the echoed request). */
    public Map<String, String> answer() {
        return answer;
    }
}
