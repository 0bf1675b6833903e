package com.paystra.examples.web;

import com.paystra.Client;
import com.paystra.Currency;
import com.paystra.Json;
import java.util.List;
import java.util.Map;

/** Pieces of page and the one route every example shares. */
public final class Pages {
    private Pages() {}

    /**
     * GET /status?order_id=ID: the gateway's status enquiry answer, verified. JSON
     * {"verified": true, "fields": {...}} unless a browser asks for a page.
     */
    public static WebApp.Handler status(Client client, Layout layout) {
        return status(client, layout, null);
    }

    /** As status(client, layout), moving the order forward in the example's store too. */
    public static WebApp.Handler status(Client client, Layout layout, Orders orders) {
        return request -> {
            String orderId = request.query("order_id");
            if (orderId.isEmpty() && request.wantsHtml()) {
                return Reply.html(200, layout.page("Check a payment's status",
                        "Ask the gateway what it knows of an order (a status enquiry, signed with HASH).",
                        statusForm("")));
            }
            Checks.orderId("order_id", orderId);
            Map<String, String> answer = client.status(orderId);
            if (orders != null) {
                orders.update(answer, "status");
            }
            if (!request.wantsHtml()) {
                return Reply.json(200, Json.object("verified", true, "fields", answer));
            }
            return Reply.html(200, layout.page("Status of " + orderId,
                    "The gateway's answer to a status enquiry; its HASH was verified before it is shown.",
                    Html.paymentResult(answer)
                            + "<p class=\"actions\"><a class=\"button secondary\" href=\""
                            + Html.esc(Html.statusHref(orderId)) + "\">Check again</a> "
                            + "<a class=\"button secondary\" href=\"/\">Back to the start</a></p>"
                            + rawAnswer(answer)));
        };
    }

    /** A small GET form to /status. */
    public static String statusForm(String orderId) {
        return "<section class=\"card\" aria-labelledby=\"status-title\"><h2 id=\"status-title\">Status enquiry</h2>"
                + "<form method=\"get\" action=\"/status\">"
                + Html.input("status", "Order id", "order_id", "text", orderId,
                        "The ORDER_ID of an earlier payment, for example PG1763712000123.",
                        "required maxlength=\"50\" pattern=\"[A-Za-z0-9:\\/@_\\-]{1,50}\" autocomplete=\"off\"")
                + "<button type=\"submit\">Check status</button></form></section>";
    }

    /** Every field of a gateway answer, in a card, for developers. */
    public static String rawAnswer(Map<String, String> fields) {
        return "<section class=\"card scroll\" aria-label=\"Fields of the answer\">"
                + Html.fieldsTable("Every field the gateway sent", fields) + "</section>";
    }

    /** The result of a verified payment response, with the next steps. */
    public static String responsePage(Layout layout, Map<String, String> fields) {
        String orderId = fields.getOrDefault("ORDER_ID", "");
        return layout.page("000".equals(fields.get("RESPONSE_CODE")) ? "Thank you, your payment is complete"
                        : "Your payment did not go through",
                "The gateway's response was decrypted and its HASH verified, so these values can be trusted.",
                Html.paymentResult(fields)
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\""
                        + Html.esc(Html.statusHref(orderId)) + "\">Ask the gateway again (status enquiry)</a> "
                        + "<a class=\"button secondary\" href=\"/\">Make another payment</a></p>"
                        + rawAnswer(fields));
    }

    /** The page for a response that failed verification. */
    public static String refusedResponsePage(Layout layout, String reason) {
        return layout.page("This response cannot be trusted",
                "A payment response is believed only when its ENCDATA decrypts with our key, names our "
                        + "PAY_ID and carries a HASH that verifies with our salt.",
                Html.notice("bad", reason + ". Nothing was recorded; the order keeps its previous state.")
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">Back to the start</a></p>");
    }

    /** The sandbox's test data: cards, UPI IDs, bank and wallet pages. */
    public static String paymentTestData() {
        return "<section class=\"card\" aria-labelledby=\"test-title\"><h2 id=\"test-title\">Sandbox test data</h2>"
                + "<ul class=\"steps\">"
                + "<li>Card <code>4111 1111 1111 1111</code>: paid (000, Captured).</li>"
                + "<li>Card <code>4000 0000 0000 0002</code>: declined by the bank (004).</li>"
                + "<li>Card <code>4000 0000 0000 9995</code>: insufficient funds (020).</li>"
                + "<li>Any future expiry (MM/YY), any 3-digit CVV, any name on the card.</li>"
                + "<li>UPI <code>success@upi</code> pays, <code>failure@upi</code> fails (004), "
                + "<code>pending@upi</code> stays pending (026).</li>"
                + "<li>Net banking and wallets open the sandbox bank page: <strong>Success</strong> (000) or "
                + "<strong>Failure</strong> (004).</li>"
                + "<li><strong>Cancel payment</strong> on the hosted page returns 010.</li>"
                + "</ul></section>";
    }

    /**
     * GET /orders/ID for a browser: the order as the example recorded it, and its dispute with,
     * while it is OPEN, the "Accept dispute" and "Contest dispute" forms posting to the paths given
     * (null: not offered).
     */
    @SuppressWarnings("unchecked")
    public static String orderPage(Layout layout, Map<String, Object> order, String acceptPath, String contestPath) {
        String orderId = (String) order.get("order_id");
        List<String> events = (List<String>) order.get("events");
        Map<String, String> dispute = (Map<String, String>) order.get("dispute");
        return layout.page("Order " + orderId, "The order as this example recorded it.",
                "<section class=\"card\" aria-labelledby=\"order-title\"><h2 id=\"order-title\">Order</h2>"
                        + Html.factsHtml(
                                "Order id", "<code>" + Html.esc(orderId) + "</code>",
                                "Status", Html.esc((String) order.get("status")),
                                "Amount", Html.amountHtml((String) order.get("amount")),
                                "Updated by", Html.esc(order.get("updated_by") == null ? "\u2013"
                                        : (String) order.get("updated_by")),
                                "Events", Html.esc(events.isEmpty() ? "none" : String.join(", ", events)))
                        + "</section>"
                        + (dispute == null ? "" : disputeSection(dispute, acceptPath, contestPath))
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">Back to the start</a></p>");
    }

    /** An order's dispute: what the customer's bank says, by when to answer, and the answers. */
    public static String disputeSection(Map<String, String> dispute, String acceptPath, String contestPath) {
        String answers = "";
        if ("OPEN".equals(dispute.get("status"))) {
            String hidden = "<input type=\"hidden\" name=\"DISPUTE_ID\" value=\"" + Html.esc(dispute.get("dispute_id"))
                    + "\">";
            if (acceptPath != null) {
                answers += "<form method=\"post\" action=\"" + Html.esc(acceptPath) + "\">" + hidden
                        + "<button type=\"submit\" class=\"secondary\">Accept dispute</button></form>";
            }
            if (contestPath != null) {
                answers += "<form method=\"post\" action=\"" + Html.esc(contestPath) + "\">" + hidden
                        + "<label for=\"EVIDENCE\">Why the payment is valid</label>"
                        + "<textarea id=\"EVIDENCE\" name=\"EVIDENCE\" rows=\"4\" maxlength=\"5000\" required></textarea>"
                        + "<p class=\"hint\">1 to 5,000 characters: what was delivered, when, to whom.</p>"
                        + "<button type=\"submit\">Contest dispute</button></form>";
            }
        }
        return "<section class=\"card\" aria-labelledby=\"dispute-title\"><h2 id=\"dispute-title\">Dispute</h2>"
                + "<p>The customer's bank disputes this payment; its amount is held from your settlements until "
                + "it is decided. Accepting loses it at once; contesting puts your evidence before the issuer, who "
                + "decides after the deadline.</p>"
                + Html.factsHtml(
                        "Dispute id", "<code>" + Html.esc(dispute.get("dispute_id")) + "</code>",
                        "Status", Html.esc(dispute.get("status")),
                        "Reason", Html.esc(dispute.get("reason_code") + " " + dispute.get("reason")),
                        "Amount disputed", amountIn(dispute.get("amount"), dispute.get("currency_code")))
                + "<p><strong>Respond by " + Html.esc(dispute.get("respond_by")) + "</strong> (end of the day, IST).</p>"
                + answers + "</section>";
    }

    /** An AMOUNT in its currency: rupees as amountHtml shows them, "USD 12.34 (AMOUNT 1234)" otherwise. */
    public static String amountIn(String amount, String currencyCode) {
        Currency currency = Currency.byNumber(currencyCode).orElse(Currency.INR);
        if (currency.equals(Currency.INR) || amount == null || !amount.matches("[0-9]+")) {
            return Html.amountHtml(amount);
        }
        return "<strong>" + Html.esc(currency.code() + " " + currency.fromMinorUnits(amount))
                + "</strong> <span class=\"muted\">(AMOUNT " + Html.esc(amount) + ")</span>";
    }
}
