package com.paystra;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The merchant's reconciliation of its own paid orders against the settlements it fetched and,
 * for an order none of them pays, the gateway's recon entries: which orders were settled at
 * their amount, refunded, settled at another amount, not settled yet (or late), unknown to the
 * gateway, and which settled lines are not the merchant's orders. Pure: no clock, no network.
 * The rules are the shared vectors' (core/tests/vectors.json, "reconciliation").
 */
public final class Reconciliation {
    public static final String MATCHED = "MATCHED";
    public static final String REFUNDED = "REFUNDED";
    public static final String AMOUNT_MISMATCH = "AMOUNT_MISMATCH";
    public static final String UNSETTLED = "UNSETTLED";
    public static final String OVERDUE = "OVERDUE";
    public static final String MISSING = "MISSING";
    public static final String UNKNOWN = "UNKNOWN";

    public static final List<String> RESULTS =
            List.of(MATCHED, REFUNDED, AMOUNT_MISMATCH, UNSETTLED, OVERDUE, MISSING, UNKNOWN);

    /** A report row's fields, in this order; every value a string, "" when it does not apply. */
    public static final List<String> COLUMNS = List.of("ORDER_ID", "RESULT", "AMOUNT", "SETTLED_AMOUNT",
            "REFUNDED_AMOUNT", "NET", "SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE", "EXPECTED_SETTLEMENT_DATE");

    private Reconciliation() {}

    /**
     * One report row per order (ORDER_ID, AMOUNT in paise), in the order given, then one UNKNOWN
     * row per ORDER_ID of a PAYMENT or REFUND line that is not among the orders, in order of first
     * appearance.
     *
     * @param orders      the merchant's paid orders: ORDER_ID and AMOUNT
     * @param settlements the settlements fetched, with their lines, in the order fetched
     * @param recon       the RECON entries of orders no settlement line pays, by ORDER_ID (an
     *                    absent order has none)
     * @param today       the date in India (Asia/Kolkata): an unsettled payment is OVERDUE after
     *                    its EXPECTED_SETTLEMENT_DATE
     * @throws IllegalArgumentException an order without ORDER_ID or AMOUNT, or an amount or date
     *                                  that is not one
     */
    public static List<Map<String, String>> reconcile(List<Map<String, String>> orders,
            List<Client.Settlement> settlements, Map<String, List<Map<String, String>>> recon, LocalDate today) {
        if (orders == null || settlements == null || recon == null || today == null) {
            throw new IllegalArgumentException("reconcile needs the orders, the settlements, the recon entries "
                    + "(an empty map for none) and today's date");
        }
        Map<String, List<Line>> linesByOrder = new LinkedHashMap<>();
        for (Client.Settlement settlement : settlements) {
            for (Map<String, String> line : settlement.lines()) {
                String type = line.getOrDefault("TYPE", "");
                if (type.equals("PAYMENT") || type.equals("REFUND")) {
                    linesByOrder.computeIfAbsent(line.getOrDefault("ORDER_ID", ""), unused -> new ArrayList<>())
                            .add(new Line(line, settlement));
                }
            }
        }

        List<Map<String, String>> report = new ArrayList<>();
        Set<String> ours = new LinkedHashSet<>();
        for (Map<String, String> order : orders) {
            String orderId = required(order, "ORDER_ID");
            String amount = required(order, "AMOUNT");
            paise(amount, "AMOUNT of order " + orderId);
            ours.add(orderId);
            report.add(orderRow(orderId, amount, linesByOrder.getOrDefault(orderId, List.of()),
                    recon.getOrDefault(orderId, List.of()), today));
        }
        linesByOrder.forEach((orderId, lines) -> {
            if (!ours.contains(orderId)) {
                report.add(unknownRow(orderId, lines));
            }
        });
        return Collections.unmodifiableList(report);
    }

    /** A PAYMENT or REFUND line and the settlement holding it. */
    private record Line(Map<String, String> fields, Client.Settlement settlement) {
        String type() {
            return fields.getOrDefault("TYPE", "");
        }
    }

    private static Map<String, String> orderRow(String orderId, String amount, List<Line> lines,
            List<Map<String, String>> entries, LocalDate today) {
        Row row = new Row(orderId, amount);
        Line payment = lines.stream().filter(line -> line.type().equals("PAYMENT")).findFirst().orElse(null);
        Map<String, String> paymentEntry = entries.stream()
                .filter(entry -> "PAYMENT".equals(entry.get("TYPE"))).findFirst().orElse(null);
        countRefunds(row, orderId, lines, entries);

        if (payment != null) {
            row.paid(payment.fields(), payment.settlement().get("SETTLEMENT_ID"), payment.settlement().get("UTR"),
                    payment.settlement().get("SETTLEMENT_DATE"), orderId);
        } else if (paymentEntry != null && "SETTLED".equals(paymentEntry.get("STATE"))) {
            // The recon entry stands for a line of a settlement outside the fetched ones.
            row.paid(paymentEntry, paymentEntry.getOrDefault("SETTLEMENT_ID", ""), paymentEntry.getOrDefault("UTR", ""),
                    paymentEntry.getOrDefault("SETTLEMENT_DATE", ""), orderId);
        } else if (paymentEntry != null) {
            String expected = paymentEntry.getOrDefault("EXPECTED_SETTLEMENT_DATE", "");
            row.net = Math.addExact(row.net, paise(paymentEntry.get("NET"), "NET of the payment of " + orderId));
            row.result = today.isAfter(date(expected, "EXPECTED_SETTLEMENT_DATE of " + orderId)) ? OVERDUE : UNSETTLED;
            row.expectedSettlementDate = expected;
            return row.toMap();
        } else {
            row.result = MISSING;
            return row.toMap();
        }
        row.result = Long.parseLong(row.settledAmount) != Long.parseLong(amount) ? AMOUNT_MISMATCH
                : row.refunded > 0 ? REFUNDED : MATCHED;
        return row.toMap();
    }

    private static Map<String, String> unknownRow(String orderId, List<Line> lines) {
        Row row = new Row(orderId, "");
        row.result = UNKNOWN;
        countRefunds(row, orderId, lines, List.of());
        lines.stream().filter(line -> line.type().equals("PAYMENT")).findFirst().ifPresent(payment ->
                row.paid(payment.fields(), payment.settlement().get("SETTLEMENT_ID"), payment.settlement().get("UTR"),
                        payment.settlement().get("SETTLEMENT_DATE"), orderId));
        return row.toMap();
    }

    /** The order's REFUND lines, then its recon REFUND entries whose TXN_ID no line has. */
    private static void countRefunds(Row row, String orderId, List<Line> lines, List<Map<String, String>> entries) {
        Set<String> settledTxnIds = new LinkedHashSet<>();
        for (Line line : lines) {
            if (line.type().equals("REFUND")) {
                settledTxnIds.add(line.fields().getOrDefault("TXN_ID", ""));
                row.refund(line.fields(), orderId);
            }
        }
        for (Map<String, String> entry : entries) {
            if ("REFUND".equals(entry.get("TYPE")) && !settledTxnIds.contains(entry.getOrDefault("TXN_ID", ""))) {
                row.refund(entry, orderId);
            }
        }
    }

    /** A report row being summed up. */
    private static final class Row {
        final String orderId;
        final String amount;
        String result;
        String settledAmount = "";
        long refunded;
        long net;
        String settlementId = "";
        String utr = "";
        String settlementDate = "";
        String expectedSettlementDate = "";

        Row(String orderId, String amount) {
            this.orderId = orderId;
            this.amount = amount;
        }

        void paid(Map<String, String> payment, String settlementId, String utr, String settlementDate, String orderId) {
            settledAmount = payment.getOrDefault("AMOUNT", "");
            paise(settledAmount, "AMOUNT of the payment of " + orderId);
            net = Math.addExact(net, paise(payment.get("NET"), "NET of the payment of " + orderId));
            this.settlementId = settlementId;
            this.utr = utr;
            this.settlementDate = settlementDate;
        }

        void refund(Map<String, String> refund, String orderId) {
            refunded = Math.addExact(refunded, paise(refund.get("AMOUNT"), "AMOUNT of a refund of " + orderId));
            net = Math.addExact(net, paise(refund.get("NET"), "NET of a refund of " + orderId));
        }

        Map<String, String> toMap() {
            Map<String, String> row = new LinkedHashMap<>();
            row.put("ORDER_ID", orderId);
            row.put("RESULT", result);
            row.put("AMOUNT", amount);
            row.put("SETTLED_AMOUNT", settledAmount);
            row.put("REFUNDED_AMOUNT", Long.toString(refunded));
            row.put("NET", Long.toString(net));
            row.put("SETTLEMENT_ID", settlementId);
            row.put("UTR", utr);
            row.put("SETTLEMENT_DATE", settlementDate);
            row.put("EXPECTED_SETTLEMENT_DATE", expectedSettlementDate);
            return Collections.unmodifiableMap(row);
        }
    }

    private static String required(Map<String, String> order, String field) {
        String value = order.get(field);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("An order has no " + field + ": " + order);
        }
        return value;
    }

    /** Paise as a digit string, negative with a leading "-"; never a float. */
    static long paise(String value, String what) {
        if (value == null || !value.matches("-?[0-9]{1,18}")) {
            throw new IllegalArgumentException(what + " is not an amount in paise (digits, - when negative): "
                    + (value == null ? "missing" : "\"" + value + "\""));
        }
        return Long.parseLong(value);
    }

    private static LocalDate date(String value, String what) {
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(what + " is not a date (YYYY-MM-DD): \"" + value + "\"", e);
        }
    }
}
