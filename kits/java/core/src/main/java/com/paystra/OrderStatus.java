package com.paystra;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The forward-only order rule. Three messengers report a payment's outcome (the browser's
 * return, the status enquiry and the webhook), in any order and some of them twice; a store
 * that follows this rule ends in the same status whatever order they arrive in.
 *
 * <p>An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message never
 * moves it back.
 */
public final class OrderStatus {
    public static final String CREATED = "created";
    public static final String PENDING = "pending";
    public static final String PAID = "paid";
    public static final String FAILED = "failed";

    /** Every status an order can be in, the first one where it starts. */
    public static final List<String> ALL = List.of(CREATED, PENDING, PAID, FAILED);

    private static final Map<String, Set<String>> FORWARD = Map.of(
            CREATED, Set.of(PENDING, PAID, FAILED),
            PENDING, Set.of(PAID, FAILED),
            PAID, Set.of(),
            FAILED, Set.of());

    private OrderStatus() {}

    /**
     * The status a verified gateway answer (response, status enquiry or an event's data) asks
     * for: RESPONSE_CODE 000 paid, STATUS Pending pending, anything else failed.
     */
    public static String of(Map<String, String> fields) {
        if ("000".equals(fields.get("RESPONSE_CODE"))) {
            return PAID;
        }
        return "Pending".equals(fields.get("STATUS")) ? PENDING : FAILED;
    }

    /** Whether an order in status {@code from} moves to {@code to} (staying put is not a move). */
    public static boolean canMove(String from, String to) {
        return FORWARD.getOrDefault(from, Set.of()).contains(to);
    }

    /** The status after an outcome is reported: the outcome when it is a step forward, else the current one. */
    public static String next(String current, String outcome) {
        return canMove(current, outcome) ? outcome : current;
    }
}
