package com.paystra.examples.web;

import com.paystra.Client;
import com.paystra.Json;
import com.paystra.PaystraException;
import com.paystra.Reconciliation;
import com.paystra.RefusedError;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reconciliation example: the server example's paid orders (its order store,
 * PAYSTRA_DATA_DIR or ./data, server-orders.json) matched against the settlements the gateway
 * made, each with every page of its lines, and for an order none of them pays, the gateway's
 * recon entries. Prints a table, or with --json one object {"rows": [...]} (Reconciliation.COLUMNS):
 * MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, UNSETTLED, OVERDUE, MISSING or UNKNOWN.
 * HELD: a dispute holds the money back; CARRIED_FORWARD: its settlement paid nothing yet (its net
 * was not above zero) and no later one has paid it out. Only MATCHED and REFUNDED money reached
 * your bank.
 *
 *   java -cp out com.paystra.examples.web.Reconcile [--settle-as-of ISO] [--notify-url URL]
 *                                                   [--today YYYY-MM-DD] [--json]
 *
 * --settle-as-of first runs the sandbox's settlement as if the clock read that time (ISO 8601
 * with an offset); --notify-url sends its settlement.processed webhooks there; --today is the date
 * in India the report is made for (default: the clock's). Exit 0 with the report; 1 when the gateway
 * refuses or cannot be reached, or the store cannot be read (the message on stderr); 2 for a
 * mistake in the arguments.
 */
public final class Reconcile {
    /** Settlement dates are India's, whatever the server's time zone. */
    public static final ZoneId INDIA = ZoneId.of("Asia/Kolkata");
    /**
     * Settlements are fetched up to a week past today: the sandbox's settlement run may be asked
     * to settle as of a later date, and what it settles is dated then.
     */
    static final int DAYS_AHEAD = 7;
    /** TO - FROM of the widest range the gateway lists (92 days, both included). */
    static final int RANGE_DAYS = 91;

    private static final String USAGE = "usage: java -cp out com.paystra.examples.web.Reconcile "
            + "[--settle-as-of ISO] [--notify-url URL] [--today YYYY-MM-DD] [--json]";

    private Reconcile() {}

    /** What the command line asks for. */
    record Options(String settleAsOf, String notifyUrl, LocalDate today, boolean json, boolean help) {
        static Options parse(String[] args) {
            Map<String, String> values = new LinkedHashMap<>();
            boolean json = false;
            boolean help = false;
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--json")) {
                    json = true;
                    continue;
                }
                if (arg.equals("--help") || arg.equals("-h")) {
                    help = true;
                    continue;
                }
                int equals = arg.indexOf('=');
                String name = equals < 0 ? arg : arg.substring(0, equals);
                if (!List.of("--settle-as-of", "--notify-url", "--today").contains(name)) {
                    throw new IllegalArgumentException("unknown argument " + arg);
                }
                String value;
                if (equals >= 0) {
                    value = arg.substring(equals + 1);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                if (value.isBlank()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                values.put(name, value.trim());
            }
            if (values.containsKey("--notify-url") && !values.containsKey("--settle-as-of")) {
                throw new IllegalArgumentException("--notify-url goes with --settle-as-of: it is where that "
                        + "settlement run sends its webhooks");
            }
            LocalDate today = null;
            if (values.containsKey("--today")) {
                try {
                    today = LocalDate.parse(values.get("--today"));
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("--today is a date, YYYY-MM-DD: " + values.get("--today"));
                }
            }
            return new Options(values.get("--settle-as-of"), values.getOrDefault("--notify-url", ""), today, json,
                    help);
        }
    }

    /** A reconciliation and what it was made from. */
    record Report(Client.Settlements run, LocalDate today, LocalDate from, LocalDate to, int paidOrders,
            List<Client.Settlement> settlements, List<Map<String, String>> rows) {}

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("paystra: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.println(USAGE);
            System.exit(0);
        }
        Client client = new Client(WebApp.loadConfig());
        System.exit(run(client, Orders.storeFile("server"), options, System.out, System.err));
    }

    /** Reconciles and prints; returns the exit status. */
    static int run(Client client, Path store, Options options, PrintStream out, PrintStream err) {
        Report report;
        try {
            LocalDate today = options.today() != null ? options.today() : LocalDate.now(INDIA);
            report = reconcile(client, Orders.paidOrders(store), options.settleAsOf(), options.notifyUrl(), today);
        } catch (PaystraException | IllegalArgumentException e) {
            // A refusal, an unreachable gateway, an answer that does not verify, an unreadable store.
            err.println("paystra: " + e.getMessage());
            return 1;
        }
        out.print(options.json() ? Json.write(Json.object("rows", report.rows())) + "\n" : table(report, store));
        out.flush();
        return 0;
    }

    /**
     * Runs the settlement first when settleAsOf is given, fetches the settlements dated from
     * today + 7 days - 91 to today + 7 with every page of their lines, asks recon of every order no
     * line pays or with a dispute dated in those days (its hold may not be in a settlement yet),
     * and reconciles.
     */
    static Report reconcile(Client client, List<Map<String, String>> paidOrders, String settleAsOf,
            String notifyUrl, LocalDate today) {
        Client.Settlements run = settleAsOf == null ? null : client.runSettlement(settleAsOf, notifyUrl);
        LocalDate to = today.plusDays(DAYS_AHEAD);
        LocalDate from = to.minusDays(RANGE_DAYS);
        List<Client.Settlement> settlements = new ArrayList<>();
        for (Map<String, String> listed : client.settlements(from, to).settlements()) {
            // The list has no lines; a carried-forward settlement has no UTR, so ask by its id.
            settlements.add(client.settlementWithAllLines(listed.get("SETTLEMENT_ID")));
        }
        Set<String> disputed = new HashSet<>();
        client.disputes(from, to).disputes().forEach(dispute -> disputed.add(dispute.get("ORDER_ID")));
        Map<String, List<Map<String, String>>> recon = new LinkedHashMap<>();
        for (Map<String, String> order : paidOrders) {
            String orderId = order.get("ORDER_ID");
            if (!paidByALine(orderId, settlements) || disputed.contains(orderId)) {
                recon.put(orderId, reconEntries(client, orderId));
            }
        }
        return new Report(run, today, from, to, paidOrders.size(), settlements,
                Reconciliation.reconcile(paidOrders, settlements, recon, today));
    }

    private static boolean paidByALine(String orderId, List<Client.Settlement> settlements) {
        return settlements.stream().flatMap(settlement -> settlement.lines().stream())
                .anyMatch(line -> "PAYMENT".equals(line.get("TYPE")) && orderId.equals(line.get("ORDER_ID")));
    }

    /** The order's recon entries; none when the gateway does not know the order (it is then MISSING). */
    private static List<Map<String, String>> reconEntries(Client client, String orderId) {
        try {
            return client.recon(orderId).entries();
        } catch (RefusedError e) {
            if ("328".equals(e.code())) {
                return List.of();
            }
            throw e;
        }
    }

    /** The report for a reader: what was compared, one line per row, and the tally. */
    static String table(Report report, Path store) {
        StringBuilder out = new StringBuilder();
        if (report.run() != null) {
            out.append("Settlement run as of ").append(report.run().fields().get("AS_OF")).append(": ")
                    .append(count(report.run().settlements().size(), "settlement"))
                    .append(" dated in the 92 days up to it.\n");
        }
        out.append("Reconciled ").append(count(report.paidOrders(), "paid order")).append(" of ")
                .append(store).append(" against ").append(count(report.settlements().size(), "settlement"))
                .append(" dated ").append(report.from()).append(" to ").append(report.to())
                .append(" (today in India: ").append(report.today()).append("). Amounts in paise.\n\n");
        if (report.rows().isEmpty()) {
            return out.append("Nothing to reconcile: no paid orders and no settled payments or refunds.\n").toString();
        }
        List<String> headings = List.of("ORDER_ID", "RESULT", "AMOUNT", "SETTLED", "REFUNDED", "HELD", "NET",
                "SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE", "EXPECTED");
        List<List<String>> cells = new ArrayList<>();
        cells.add(headings);
        for (Map<String, String> row : report.rows()) {
            List<String> line = new ArrayList<>();
            for (String column : Reconciliation.COLUMNS) {
                String value = row.getOrDefault(column, "");
                line.add(value.isEmpty() ? "-" : value);
            }
            cells.add(line);
        }
        int[] widths = new int[headings.size()];
        for (List<String> line : cells) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        for (List<String> line : cells) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                boolean amount = i >= 2 && i <= 6;
                String cell = amount ? " ".repeat(widths[i] - line.get(i).length()) + line.get(i)
                        : line.get(i) + " ".repeat(widths[i] - line.get(i).length());
                text.append(i == 0 ? "" : "  ").append(cell);
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        out.append('\n').append(tally(report.rows())).append('\n');
        return out.toString();
    }

    /** E.g. "3 rows: 2 MATCHED, 1 UNSETTLED." in the order of Reconciliation.RESULTS. */
    private static String tally(List<Map<String, String>> rows) {
        List<String> parts = new ArrayList<>();
        for (String result : Reconciliation.RESULTS) {
            long n = rows.stream().filter(row -> result.equals(row.get("RESULT"))).count();
            if (n > 0) {
                parts.add(n + " " + result);
            }
        }
        return count(rows.size(), "row") + ": " + String.join(", ", parts) + ".";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
