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

    Order(String orderId, String amount, String status, String updatedBy, List<String> events) {
        this.orderId = orderId;
        this.amount = amount;
        this.status = status;
        this.updatedBy = updatedBy;
        this.events = new ArrayList<>(events);
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
        return json;
    }

    @SuppressWarnings("unchecked")
    static Order fromJson(Map<String, Object> json) {
        return new Order((String) json.get("order_id"), (String) json.get("amount"), (String) json.get("status"),
                (String) json.get("updated_by"), (List<String>) json.getOrDefault("events", List.of()));
    }
}
