package com.paystra;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The merchant's reconciliation of its own paid orders against the settlements it fetched (with
 * all their lines) and the recon entries of the orders it asked about (none of them pays, or a
 * dispute): which orders were paid out at their amount, refunded, held back by a dispute, carried
 * forward, settled at another amount, not settled yet (or late), unknown to the gateway, and which
 * settled lines are not the merchant's orders. Money is MATCHED or REFUNDED only once a settlement paid it out under
 * a UTR. Pure: no clock, no network. The rules are the shared vectors' (core/tests/vectors.json,
 * "reconciliation"):
 *
 * <ul>
 * <li>A settlement is paid out by itself when its STATUS is PROCESSED; a CARRIED_FORWARD one by
 * what pays out the settlement (among those given) whose CARRY_FORWARD line names it as
 * SOURCE_SETTLEMENT_ID, and by nothing while none does.
 * <li>An order's movements are its lines, then its recon entries of a TYPE, TXN_ID and DISPUTE_ID
 * that none of its lines has. Its payment is the first PAYMENT among them: a line is paid out when
 * its settlement is, else carried forward; an entry is paid out when its STATE is SETTLED (by
 * PAID_BY_SETTLEMENT_ID, under its UTR), carried forward when CARRIED_FORWARD, unsettled when
 * UNSETTLED. A DISPUTE_HOLD is open until a DISPUTE_RELEASE of its DISPUTE_ID among them is paid
 * out (a release not paid out yet has given nothing back).
 * <li>RESULT, the first that applies: AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, REFUNDED, MATCHED,
 * OVERDUE, UNSETTLED, MISSING. AMOUNT_MISMATCH: the payment is paid out or carried forward at
 * another AMOUNT than the order's. HELD: an open hold (a dispute's amount is held back).
 * CARRIED_FORWARD: the payment is carried forward. REFUNDED: paid out, and the refunds add up to
 * more than 0. MATCHED: paid out. OVERDUE: unsettled, and today is after its
 * EXPECTED_SETTLEMENT_DATE. UNSETTLED: unsettled. MISSING: no payment at all.
 * <li>SETTLED_AMOUNT is the payment's AMOUNT when paid out or carried forward; REFUNDED_AMOUNT the
 * refunds' AMOUNT summed; HELD_AMOUNT the open holds' NET summed, as a positive amount; NET the
 * payment's NET and every refund's, hold's and release's, summed. SETTLEMENT_ID, UTR and
 * SETTLEMENT_DATE say where the money is: on a HELD row, where its first open hold is, else where
 * its payment is: the settlement that paid it out (its date from the settlements given, else from
 * the entry when it is the entry's own settlement), or the one it is carried forward in, with an
 * empty UTR; empty when unsettled. An unsettled hold has none. EXPECTED_SETTLEMENT_DATE is only
 * on UNSETTLED and OVERDUE rows.
 * </ul>
 */
public final class Reconciliation {
    public static final String MATCHED = "MATCHED";
    public static final String REFUNDED = "REFUNDED";
    public static final String AMOUNT_MISMATCH = "AMOUNT_MISMATCH";
    public static final String HELD = "HELD";
    public static final String CARRIED_FORWARD = "CARRIED_FORWARD";
    public static final String UNSETTLED = "UNSETTLED";
    public static final String OVERDUE = "OVERDUE";
    public static final String MISSING = "MISSING";
    public static final String UNKNOWN = "UNKNOWN";

    public static final List<String> RESULTS = List.of(MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD,
            UNSETTLED, OVERDUE, MISSING, UNKNOWN);

    /** A report row's fields, in this order; every value a string, "" when it does not apply. */
    public static final List<String> COLUMNS = List.of("ORDER_ID", "RESULT", "AMOUNT", "SETTLED_AMOUNT",
            "REFUNDED_AMOUNT", "HELD_AMOUNT", "NET", "SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE",
            "EXPECTED_SETTLEMENT_DATE");

    /** The lines of these types belong to an order; CARRY_FORWARD and FEE lines to none. */
    private static final Set<String> ORDER_TYPES = Set.of("PAYMENT", "REFUND", "DISPUTE_HOLD", "DISPUTE_RELEASE");

    private Reconciliation() {}

    /**
     * One report row per order (ORDER_ID, AMOUNT in paise), in the order given, then one UNKNOWN
     * row per ORDER_ID of a PAYMENT, REFUND, DISPUTE_HOLD or DISPUTE_RELEASE line that is not
     * among the orders, in order of first appearance.
     *
     * @param orders      the merchant's paid orders: ORDER_ID and AMOUNT
     * @param settlements the settlements fetched, each with all its lines
     *                    ({@link Client#settlementWithAllLines}), in the order fetched
     * @param recon       the RECON entries of orders no settlement line pays and of orders with a
     *                    dispute, by ORDER_ID (an absent order has none)
     * @param today       the date in India (Asia/Kolkata): an unsettled payment is OVERDUE after
     *                    its EXPECTED_SETTLEMENT_DATE
     * @throws IllegalArgumentException an order without ORDER_ID or AMOUNT, an amount or date that
     *                                  is not one, a STATUS or STATE the gateway does not send
     */
    public static List<Map<String, String>> reconcile(List<Map<String, String>> orders,
            List<Client.Settlement> settlements, Map<String, List<Map<String, String>>> recon, LocalDate today) {
        if (orders == null || settlements == null || recon == null || today == null) {
            throw new IllegalArgumentException("reconcile needs the orders, the settlements, the recon entries "
                    + "(an empty map for none) and today's date");
        }
        Books books = new Books(settlements);
        List<Map<String, String>> report = new ArrayList<>();
        Set<String> ours = new LinkedHashSet<>();
        for (Map<String, String> order : orders) {
            String orderId = required(order, "ORDER_ID");
            String amount = required(order, "AMOUNT");
            paise(amount, "AMOUNT of order " + orderId);
            ours.add(orderId);
            List<Movement> movements = new ArrayList<>(books.movements.getOrDefault(orderId, List.of()));
            for (Map<String, String> entry : recon.getOrDefault(orderId, List.of())) {
                movements.add(books.entry(orderId, entry));
            }
            report.add(row(orderId, amount, distinct(movements), today));
        }
        books.movements.forEach((orderId, movements) -> {
            if (!ours.contains(orderId)) {
                report.add(row(orderId, null, movements, today));
            }
        });
        return Collections.unmodifiableList(report);
    }

    /** Where a movement's money is: paid out, carried forward, or in no settlement yet. */
    private enum State { PAID, CARRIED, WAITING }

    /** The settlement a movement's money is in or was paid out by: SETTLEMENT_ID, UTR, SETTLEMENT_DATE. */
    private record Place(String settlementId, String utr, String settlementDate) {
        static final Place NOWHERE = new Place("", "", "");

        static Place of(Client.Settlement settlement) {
            return new Place(settlement.get("SETTLEMENT_ID"), settlement.get("UTR"), settlement.get("SETTLEMENT_DATE"));
        }
    }

    /** A line or a recon entry, and where its money is. */
    private record Movement(Map<String, String> fields, State state, Place place, boolean fromRecon) {
        String get(String field) {
            return fields.getOrDefault(field, "");
        }

        List<String> key() {
            return List.of(get("TYPE"), get("TXN_ID"), get("DISPUTE_ID"));
        }
    }

    /** The settlements given, their lines by order, and which settlement paid out which. */
    private static final class Books {
        final Map<String, Client.Settlement> byId = new HashMap<>();
        /** A carried-forward settlement's id → the id of the one carrying its balance. */
        final Map<String, String> takenOverBy = new HashMap<>();
        final Map<String, List<Movement>> movements = new LinkedHashMap<>();

        Books(List<Client.Settlement> settlements) {
            for (Client.Settlement settlement : settlements) {
                String status = settlement.get("STATUS");
                if (!status.equals("PROCESSED") && !status.equals("CARRIED_FORWARD")) {
                    throw new IllegalArgumentException("Settlement " + settlement.get("SETTLEMENT_ID")
                            + " has no STATUS PROCESSED or CARRIED_FORWARD: \"" + status + "\"");
                }
                byId.putIfAbsent(settlement.get("SETTLEMENT_ID"), settlement);
                for (Map<String, String> line : settlement.lines()) {
                    if ("CARRY_FORWARD".equals(line.get("TYPE"))) {
                        takenOverBy.putIfAbsent(line.getOrDefault("SOURCE_SETTLEMENT_ID", ""),
                                settlement.get("SETTLEMENT_ID"));
                    }
                }
            }
            for (Client.Settlement settlement : settlements) {
                for (Map<String, String> line : settlement.lines()) {
                    if (ORDER_TYPES.contains(line.getOrDefault("TYPE", ""))) {
                        movements.computeIfAbsent(line.getOrDefault("ORDER_ID", ""), unused -> new ArrayList<>())
                                .add(line(line, settlement));
                    }
                }
            }
        }

        /** The processed settlement that paid this one's money out, or null while none has. */
        Client.Settlement paidOutBy(Client.Settlement settlement) {
            Set<String> seen = new HashSet<>();
            while (!settlement.get("STATUS").equals("PROCESSED")) {
                seen.add(settlement.get("SETTLEMENT_ID"));
                String taker = takenOverBy.get(settlement.get("SETTLEMENT_ID"));
                if (taker == null || seen.contains(taker)) {
                    return null;
                }
                settlement = byId.get(taker);
            }
            return settlement;
        }

        Movement line(Map<String, String> line, Client.Settlement settlement) {
            Client.Settlement payer = paidOutBy(settlement);
            if (payer != null) {
                return new Movement(line, State.PAID, Place.of(payer), false);
            }
            // A carried-forward settlement paid nothing, so there is no bank transfer to name.
            Place carried = new Place(settlement.get("SETTLEMENT_ID"), "", settlement.get("SETTLEMENT_DATE"));
            return new Movement(line, State.CARRIED, carried, false);
        }

        Movement entry(String orderId, Map<String, String> entry) {
            String state = entry.getOrDefault("STATE", "");
            switch (state) {
                case "SETTLED" -> {
                    String paidBy = entry.getOrDefault("PAID_BY_SETTLEMENT_ID", "");
                    Client.Settlement payer = byId.get(paidBy);
                    String date = payer != null ? payer.get("SETTLEMENT_DATE")
                            : paidBy.equals(entry.getOrDefault("SETTLEMENT_ID", ""))
                                    ? entry.getOrDefault("SETTLEMENT_DATE", "") : "";
                    Place place = new Place(paidBy, entry.getOrDefault("UTR", ""), date);
                    return new Movement(entry, State.PAID, place, true);
                }
                case "CARRIED_FORWARD" -> {
                    return new Movement(entry, State.CARRIED, new Place(entry.getOrDefault("SETTLEMENT_ID", ""), "",
                            entry.getOrDefault("SETTLEMENT_DATE", "")), true);
                }
                case "UNSETTLED" -> {
                    if ("PAYMENT".equals(entry.get("TYPE"))) {
                        date(entry.getOrDefault("EXPECTED_SETTLEMENT_DATE", ""),
                                "EXPECTED_SETTLEMENT_DATE of " + orderId);
                    }
                    return new Movement(entry, State.WAITING, Place.NOWHERE, true);
                }
                default -> throw new IllegalArgumentException("A recon entry of " + orderId
                        + " has no STATE SETTLED, CARRIED_FORWARD or UNSETTLED: \"" + state + "\"");
            }
        }
    }

    /** The lines, then the entries that are none of them (a line is what the entry stands for). */
    private static List<Movement> distinct(List<Movement> movements) {
        Set<List<String>> lineKeys = new HashSet<>();
        movements.stream().filter(movement -> !movement.fromRecon()).forEach(movement -> lineKeys.add(movement.key()));
        return movements.stream()
                .filter(movement -> !movement.fromRecon() || !lineKeys.contains(movement.key()))
                .toList();
    }

    /** A report row; amount is the order's, or null for an order that is not the merchant's (UNKNOWN). */
    private static Map<String, String> row(String orderId, String amount, List<Movement> movements, LocalDate today) {
        Movement payment = null;
        List<Movement> refunds = new ArrayList<>();
        List<Movement> holds = new ArrayList<>();
        Set<String> released = new HashSet<>();
        long net = 0;
        for (Movement movement : movements) {
            switch (movement.get("TYPE")) {
                case "PAYMENT" -> {
                    if (payment != null) {
                        continue;
                    }
                    payment = movement;
                }
                case "REFUND" -> refunds.add(movement);
                case "DISPUTE_HOLD" -> holds.add(movement);
                case "DISPUTE_RELEASE" -> {
                    if (movement.state() == State.PAID) {
                        released.add(movement.get("DISPUTE_ID"));
                    }
                }
                default -> {
                    continue;
                }
            }
            net = Math.addExact(net, paise(movement.fields().get("NET"), "NET of a movement of " + orderId));
        }
        List<Movement> openHolds = holds.stream().filter(hold -> !released.contains(hold.get("DISPUTE_ID"))).toList();
        Movement settled = payment != null && payment.state() != State.WAITING ? payment : null;
        Movement waiting = payment != null && payment.state() == State.WAITING ? payment : null;
        long refunded = 0;
        for (Movement refund : refunds) {
            refunded = Math.addExact(refunded,
                    paise(refund.fields().get("AMOUNT"), "AMOUNT of a refund of " + orderId));
        }
        long held = 0;
        for (Movement hold : openHolds) {
            held = Math.subtractExact(held, paise(hold.fields().get("NET"), "NET of a hold of " + orderId));
        }

        String result;
        if (amount == null) {
            result = UNKNOWN;
        } else if (settled != null && paise(settled.fields().get("AMOUNT"), "AMOUNT of the payment of " + orderId)
                != Long.parseLong(amount)) {
            result = AMOUNT_MISMATCH;
        } else if (!openHolds.isEmpty()) {
            result = HELD;
        } else if (settled != null && settled.state() == State.CARRIED) {
            result = CARRIED_FORWARD;
        } else if (settled != null) {
            result = refunded > 0 ? REFUNDED : MATCHED;
        } else if (waiting != null) {
            String expected = waiting.get("EXPECTED_SETTLEMENT_DATE");
            result = today.isAfter(date(expected, "EXPECTED_SETTLEMENT_DATE of " + orderId)) ? OVERDUE : UNSETTLED;
        } else {
            result = MISSING;
        }
        Movement where = result.equals(HELD) ? openHolds.get(0) : settled;
        Place place = where != null ? where.place() : Place.NOWHERE;

        Map<String, String> row = new LinkedHashMap<>();
        row.put("ORDER_ID", orderId);
        row.put("RESULT", result);
        row.put("AMOUNT", amount == null ? "" : amount);
        row.put("SETTLED_AMOUNT", settled != null ? settled.get("AMOUNT") : "");
        row.put("REFUNDED_AMOUNT", Long.toString(refunded));
        row.put("HELD_AMOUNT", Long.toString(held));
        row.put("NET", Long.toString(net));
        row.put("SETTLEMENT_ID", place.settlementId());
        row.put("UTR", place.utr());
        row.put("SETTLEMENT_DATE", place.settlementDate());
        row.put("EXPECTED_SETTLEMENT_DATE",
                result.equals(UNSETTLED) || result.equals(OVERDUE) ? waiting.get("EXPECTED_SETTLEMENT_DATE") : "");
        return Collections.unmodifiableMap(row);
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
