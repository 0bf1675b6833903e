package com.paystra.examples.web;

import com.paystra.OrderStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One order of an example's store, moved by the core's forward-only rule ({@link OrderStatus}). */
public final class Order {
    final String orderId;
    final String amount;
    String status;
    /** Who last moved the status: return, webhook or status (null while created). */
    String updatedBy;
    final List<String> events;
    /** The order's dispute as dispute.* events and answers recorded it (DISPUTE_FIELDS), or null. */
    Map<String, String> dispute;

    /** What an order keeps of its dispute, by the gateway's field each comes from. */
    static final Map<String, String> DISPUTE_FIELDS = orderedMap(
            "dispute_id", "DISPUTE_ID", "status", "STATUS", "reason_code", "REASON_CODE", "reason", "REASON",
            "amount", "AMOUNT", "currency_code", "CURRENCY_CODE", "respond_by", "RESPOND_BY");
    /** A dispute only moves forward too: OPEN, then UNDER_REVIEW once contested, then WON or LOST. */
    private static final Map<String, Integer> DISPUTE_STEP = Map.of("OPEN", 0, "UNDER_REVIEW", 1, "WON", 2, "LOST", 2);

    Order(String orderId, String amount, String status, String updatedBy, List<String> events,
            Map<String, String> dispute) {
        this.orderId = orderId;
        this.amount = amount;
        this.status = status;
        this.updatedBy = updatedBy;
        this.events = new ArrayList<>(events);
        this.dispute = dispute == null ? null : new LinkedHashMap<>(dispute);
    }

    /** Records a dispute's fields, unless they would move its status back (a late event). */
    void recordDispute(Map<String, String> fields) {
        if (dispute != null && dispute.get("dispute_id").equals(fields.get("DISPUTE_ID"))
                && DISPUTE_STEP.getOrDefault(fields.getOrDefault("STATUS", ""), -1)
                        < DISPUTE_STEP.getOrDefault(dispute.get("status"), -1)) {
            return;
        }
        Map<String, String> recorded = new LinkedHashMap<>();
        DISPUTE_FIELDS.forEach((key, field) -> recorded.put(key, fields.getOrDefault(field, "")));
        dispute = recorded;
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(map);
    }

    /** Moves the order when that is forward; says whether it moved. */
    boolean advance(String to, String source) {
        if (!OrderStatus.moves(status, to)) {
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
        json.put("dispute", dispute == null ? null : new LinkedHashMap<>(dispute));
        return json;
    }

    @SuppressWarnings("unchecked")
    static Order fromJson(Map<String, Object> json) {
        // An order saved before disputes were recorded has none.
        return new Order((String) json.get("order_id"), (String) json.get("amount"), (String) json.get("status"),
                (String) json.get("updated_by"), (List<String>) json.getOrDefault("events", List.of()),
                (Map<String, String>) json.get("dispute"));
    }
}
