package com.paystra.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One order of an example's store. Its status only moves forward: created, then pending, paid
 * or failed; pending, then paid or failed; paid and failed are final, so a late or replayed
 * event never undoes a capture.
 */
public final class Order {
    public static final String CREATED = "created";
    public static final String PENDING = "pending";
    public static final String PAID = "paid";
    public static final String FAILED = "failed";

    final String orderId;
    final String amount;
    String status;
    /** Who last moved the status: return, webhook or status (null while created). */
    String updatedBy;
    final List<String> events;

    Order(String orderId, String amount, String status, String updatedBy, List<String> events) {
        this.orderId = orderId;
        this.amount = amount;
        this.status = status;
        this.updatedBy = updatedBy;
        this.events = new ArrayList<>(events);
    }

    /** What a gateway answer, response or event's data says: 000 paid, STATUS Pending pending, else failed. */
    public static String statusOf(Map<String, String> fields) {
        if ("000".equals(fields.get("RESPONSE_CODE"))) {
            return PAID;
        }
        return "Pending".equals(fields.get("STATUS")) ? PENDING : FAILED;
    }

    /** Whether an order may go from one status to another. */
    public static boolean canMove(String from, String to) {
        switch (from) {
            case CREATED: return !to.equals(CREATED);
            case PENDING: return to.equals(PAID) || to.equals(FAILED);
            default: return false;
        }
    }

    /** Moves the order when that is forward; says whether it moved. */
    boolean advance(String to, String source) {
        if (!canMove(status, to)) {
            return false;
        }
        status = to;
        updatedBy = source;
        return true;
    }

    public String status() {
        return status;
    }

    /** As GET /orders/ID answers and the store's file holds it. */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("order_id", orderId);
        json.put("status", status);
        json.put("amount", amount);
        json.put("events", List.copyOf(events));
        json.put("updated_by", updatedBy);
        return json;
    }

    @SuppressWarnings("unchecked")
    static Order fromJson(Map<String, Object> json) {
        return new Order((String) json.get("order_id"), (String) json.get("amount"), (String) json.get("status"),
                (String) json.get("updated_by"), (List<String>) json.getOrDefault("events", List.of()));
    }
}
