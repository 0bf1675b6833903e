package com.paystra;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A signed refusal where a call needs an answer to go on: the gateway verified the request and
 * said no (STATUS Failed), e.g. 338 no such settlement, 339 a bad date range, 328 an order it
 * does not know. The answer's HASH was verified, so code() and answer() can be trusted.
 */
public class RefusedError extends PaystraException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient Map<String, String> answer;

    public RefusedError(Map<String, String> answer) {
        super("The gateway refused the request: " + answer.get("RESPONSE_CODE") + " "
                + answer.get("RESPONSE_MESSAGE"));
        this.code = answer.get("RESPONSE_CODE");
        this.answer = Collections.unmodifiableMap(new LinkedHashMap<>(answer));
    }

    /** The gateway's RESPONSE_CODE, e.g. "338". */
    public String code() {
        return code;
    }

    /** The verified answer's fields (RESPONSE_MESSAGE, RESPONSE_DATE_TIME, the echoed request). */
    public Map<String, String> answer() {
        return answer;
    }
}
