package com.paystra.examples.pos;

import com.paystra.Client;
import com.paystra.Config;
import com.paystra.Json;
import com.paystra.examples.web.BadRequest;
import com.paystra.examples.web.Checks;
import com.paystra.examples.web.Html;
import com.paystra.examples.web.Layout;
import com.paystra.examples.web.Orders;
import com.paystra.examples.web.Pages;
import com.paystra.examples.web.Reply;
import com.paystra.examples.web.Request;
import com.paystra.examples.web.WebApp;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Paystra POS kit: the back office of a store's sales. /refund gives money back on a paid
 * order (in parts if need be); /reconcile runs a status enquiry per order and totals what was
 * captured, to match the day's sales against the gateway.
 */
public final class App {
    private static final int MAX_ORDERS = 100;

    private final Client client;
    private final Layout layout = new Layout("POS kit");
    private final Orders orders;

    App(Config config) {
        this.client = new Client(config);
        this.orders = Orders.open("pos", client);
    }

    public static void main(String[] args) throws IOException {
        Config config = WebApp.loadConfig();
        App app = new App(config);
        new WebApp(app.layout)
                .get("/", request -> app.home())
                .post("/refund", app::refund)
                .post("/reconcile", app::reconcile)
                .get("/status", Pages.status(app.client, app.layout, app.orders))
                .post("/webhook", app.orders::webhook)
                .get("/orders/*", app.orders::lookup)
                .get("/settlements/*", app.orders::settlementLookup)
                .start(config);
    }

    Reply home() {
        return Reply.html(200, layout.page("Refunds and reconciliation",
                "The store's back office: give money back on a paid order, and match the day's sales "
                        + "against what the gateway captured.",
                "<section class=\"card\" aria-labelledby=\"refund-title\"><h2 id=\"refund-title\">Refund an order</h2>"
                        + "<p>Refund all of a captured payment or part of it; partial refunds add up, and the gateway "
                        + "refuses one that goes beyond what is left (329).</p>"
                        + "<form method=\"post\" action=\"/refund\">"
                        + "<div class=\"grid two\"><div>"
                        + Html.input("Order id", "ORDER_ID", "text", "", "The ORDER_ID of the paid order.",
                                "required maxlength=\"50\" autocomplete=\"off\"")
                        + "</div><div>"
                        + Html.input("Amount in paise", "AMOUNT", "text", "", "100 = \u20B91.00",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + "</div></div>"
                        + Html.input("Refund id (optional)", "REFUND_ORDER_ID", "text", "",
                                "Your own id for this refund; one is made up (RF + milliseconds) when left empty.",
                                "maxlength=\"50\" autocomplete=\"off\"")
                        + "<button type=\"submit\">Refund</button></form></section>"
                        + "<section class=\"card\" aria-labelledby=\"reconcile-title\"><h2 id=\"reconcile-title\">"
                        + "Reconcile orders</h2>"
                        + "<p>Paste the day's order ids; each one gets a status enquiry, and the captured ones are "
                        + "totalled.</p>"
                        + "<form method=\"post\" action=\"/reconcile\">"
                        + "<label for=\"f-order_ids\">Order ids</label>"
                        + "<textarea id=\"f-order_ids\" name=\"ORDER_IDS\" required aria-describedby=\"f-order_ids-hint\">"
                        + "</textarea><p class=\"hint\" id=\"f-order_ids-hint\">One per line, or separated by commas; "
                        + "up to " + MAX_ORDERS + ".</p>"
                        + "<button type=\"submit\">Reconcile</button></form></section>"
                        + orders.homeNote()
                        + Pages.statusForm("")));
    }

    /** POST /refund: ORDER_ID, AMOUNT (paise) and optionally REFUND_ORDER_ID. */
    Reply refund(Request request) {
        String orderId = Checks.orderId("ORDER_ID", request.form("ORDER_ID"));
        String amount = Checks.amount(request.form("AMOUNT"));
        String refundOrderId = request.form("REFUND_ORDER_ID").isEmpty() ? Client.orderId("RF")
                : Checks.orderId("REFUND_ORDER_ID", request.form("REFUND_ORDER_ID"));
        // The gateway also POSTs refund.processed to NOTIFY_URL (none without a webhook secret).
        Map<String, String> answer = client.refund(orderId, refundOrderId, amount, orders.notifyUrl());
        if (request.wantsJson()) {
            return Reply.json(200, Json.object("verified", true, "fields", answer));
        }
        String code = answer.getOrDefault("RESPONSE_CODE", "");
        String status = answer.getOrDefault("STATUS", "");
        return Reply.html(200, layout.page("000".equals(code) ? "Refund made" : "Refund refused",
                "The gateway's answer; its HASH was verified before it is shown.",
                "<section class=\"card result " + Html.tone(status, code) + "\" aria-labelledby=\"refund-result\">"
                        + "<h2 id=\"refund-result\">Refund " + Html.esc(refundOrderId) + " "
                        + Html.statusBadge(status, code) + "</h2>"
                        + Html.factsHtml(
                                "Order id", "<code>" + Html.esc(orderId) + "</code>",
                                "Refund id", "<code>" + Html.esc(answer.getOrDefault("REFUND_ORDER_ID", refundOrderId))
                                        + "</code>",
                                "Amount", Html.amountHtml(amount),
                                "Transaction id", "<code>" + Html.esc(answer.getOrDefault("TXN_ID", "\u2013")) + "</code>",
                                "Response code", "<code>" + Html.esc(code) + "</code>",
                                "Message", Html.esc(answer.get("RESPONSE_MESSAGE")))
                        + "</section>"
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\""
                        + Html.esc(Html.statusHref(orderId)) + "\">Status of the order</a> <a class=\"button secondary\" href=\"/\">Back to the start</a></p>"
                        + Pages.rawAnswer(answer)));
    }

    /** POST /reconcile: ORDER_IDS (urlencoded) or the ids as text/plain, one per line or comma separated. */
    Reply reconcile(Request request) {
        String text = request.header("Content-Type").startsWith("text/plain") ? request.body()
                : request.form("ORDER_IDS");
        Set<String> orderIds = new LinkedHashSet<>();
        for (String id : text.split("[\\s,;]+")) {
            if (!id.isEmpty()) {
                orderIds.add(Checks.orderId("Order id", id));
            }
        }
        if (orderIds.isEmpty() || orderIds.size() > MAX_ORDERS) {
            throw new BadRequest("Send 1 to " + MAX_ORDERS + " order ids, one per line or separated by commas");
        }
        List<Map<String, String>> checked = new ArrayList<>();
        BigInteger captured = BigInteger.ZERO;
        BigInteger refunded = BigInteger.ZERO;
        for (String orderId : orderIds) {
            Map<String, String> answer = client.status(orderId);   // throws unless the answer verifies
            orders.update(answer, "status");
            Map<String, String> row = new LinkedHashMap<>();
            row.put("ORDER_ID", orderId);
            row.put("STATUS", answer.getOrDefault("STATUS", ""));
            row.put("RESPONSE_CODE", answer.getOrDefault("RESPONSE_CODE", ""));
            row.put("AMOUNT", answer.getOrDefault("AMOUNT", ""));
            // A refunded payment still answers Captured, with what has been given back so far.
            row.put("REFUNDED_AMOUNT", answer.getOrDefault("REFUNDED_AMOUNT", "0"));
            checked.add(row);
            if ("000".equals(row.get("RESPONSE_CODE")) && row.get("AMOUNT").matches("\\d+")) {
                captured = captured.add(new BigInteger(row.get("AMOUNT")));
                if (row.get("REFUNDED_AMOUNT").matches("\\d+")) {
                    refunded = refunded.add(new BigInteger(row.get("REFUNDED_AMOUNT")));
                }
            }
        }
        if (request.wantsJson()) {
            return Reply.json(200, Json.object("orders", checked, "captured_total", captured.toString(),
                    "refunded_total", refunded.toString()));
        }
        StringBuilder rows = new StringBuilder();
        for (Map<String, String> row : checked) {
            rows.append("<tr><td><a href=\"").append(Html.esc(Html.statusHref(row.get("ORDER_ID")))).append("\"><code>")
                    .append(Html.esc(row.get("ORDER_ID"))).append("</code></a></td><td>")
                    .append(Html.statusBadge(row.get("STATUS"), row.get("RESPONSE_CODE"))).append("</td><td><code>")
                    .append(Html.esc(row.get("RESPONSE_CODE"))).append("</code></td><td class=\"num\">")
                    .append(row.get("AMOUNT").isEmpty() ? "&ndash;" : Html.esc(Html.rupees(row.get("AMOUNT"))))
                    .append("</td><td class=\"num\">")
                    .append("0".equals(row.get("REFUNDED_AMOUNT")) ? "&ndash;" : Html.esc(Html.rupees(row.get("REFUNDED_AMOUNT"))))
                    .append("</td></tr>");
        }
        return Reply.html(200, layout.page("Reconciliation of " + checked.size() + " order" + (checked.size() == 1 ? "" : "s"),
                "A status enquiry per order, each answer verified. Captured orders count towards the totals.",
                "<section class=\"card scroll\" aria-label=\"Orders\" tabindex=\"0\"><table class=\"report\"><caption>Orders and their status at the "
                        + "gateway</caption><thead><tr><th scope=\"col\">Order id</th><th scope=\"col\">Status</th>"
                        + "<th scope=\"col\">Code</th><th scope=\"col\" class=\"num\">Amount</th>"
                        + "<th scope=\"col\" class=\"num\">Refunded</th></tr></thead><tbody>" + rows + "</tbody><tfoot>"
                        + totalRow("Captured", captured) + totalRow("Refunded", refunded)
                        + totalRow("Net (captured less refunded)", captured.subtract(refunded))
                        + "</tfoot></table></section>"
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">Back to the start</a></p>"));
    }

    private static String totalRow(String label, BigInteger paise) {
        return "<tr><th scope=\"row\" colspan=\"4\">" + Html.esc(label) + "</th><td class=\"num\"><strong>"
                + Html.esc(Html.rupees(paise.toString())) + "</strong><br><span class=\"muted\">(" + paise
                + " paise)</span></td></tr>";
    }
}
