package com.paystra;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The forward-only order rule, the same in every Paystra kit and checked against the `orders`
 * table of the shared vectors (tests/vectors.json):
 *
 * An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
 * retried webhook, a payment.failed after the capture, the browser's pending answer after the
 * webhook's capture) never moves it back.
 *
 * The browser's return, a status enquiry and a webhook event all go through {@code of} then
 * {@code advance}, in whatever order they arrive.
 */
public final class OrderStatus {
    public static final String CREATED = "created";
    public static final String PENDING = "pending";
    public static final String PAID = "paid";
    public static final String FAILED = "failed";

    /** Every status an order can be in, the first one where it starts. */
    public static final List<String> ALL = List.of(CREATED, PENDING, PAID, FAILED);

    /** Where each status may go next; paid and failed are final. */
    private static final Map<String, Set<String>> NEXT = Map.of(
            CREATED, Set.of(PENDING, PAID, FAILED),
            PENDING, Set.of(PAID, FAILED),
            PAID, Set.of(),
            FAILED, Set.of());

    private OrderStatus() {}

    /**
     * The status a verified answer, response or event's data asks for: RESPONSE_CODE 000 paid,
     * STATUS Pending pending, anything else failed.
     */
    public static String of(Map<String, String> fields) {
        if ("000".equals(fields.get("RESPONSE_CODE"))) {
            return PAID;
        }
        return "Pending".equals(fields.get("STATUS")) ? PENDING : FAILED;
    }

    /** True when an order in {@code from} moves to {@code to}; false for a repeat or a step back. */
    public static boolean moves(String from, String to) {
        return NEXT.getOrDefault(from, Set.of()).contains(to);
    }

    /** {@code to} when the order may move there from {@code from}, else {@code from}: never backwards. */
    public static String advance(String from, String to) {
        return moves(from, to) ? to : from;
    }
}
