package com.paystra.examples.epos;

import com.paystra.Client;
import com.paystra.Config;
import com.paystra.Json;
import com.paystra.VerificationError;
import com.paystra.examples.web.Checks;
import com.paystra.examples.web.Html;
import com.paystra.examples.web.Layout;
import com.paystra.examples.web.Orders;
import com.paystra.examples.web.Pages;
import com.paystra.examples.web.Reply;
import com.paystra.examples.web.Request;
import com.paystra.examples.web.WebApp;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Paystra ePOS kit: counter sales paid by QR code. The cashier enters the amount; /qr asks the
 * gateway for a UPI QR (any UPI app pays it) or a PG QR (a link to the hosted payment page);
 * /status tells the cashier when the customer has paid.
 */
public final class App {
    private static final Map<String, String> QR_TYPES = new LinkedHashMap<>();

    static {
        QR_TYPES.put("UPI", "UPI QR: any UPI app");
        QR_TYPES.put("PG", "Payment link QR: cards, UPI, net banking, wallets");
    }

    private final Client client;
    private final Config config;
    private final Layout layout = new Layout("ePOS kit");
    private final Orders orders;

    App(Config config) {
        this.config = config;
        this.client = new Client(config);
        this.orders = Orders.open("epos", client);
    }

    public static void main(String[] args) throws IOException {
        Config config = WebApp.loadConfig();
        App app = new App(config);
        new WebApp(app.layout)
                .get("/", request -> app.home())
                .post("/qr", app::qr)
                .post("/response", app::response)
                .get("/status", Pages.status(app.client, app.layout, app.orders))
                .post("/webhook", app.orders::webhook)
                .get("/orders/*", app.orders::lookup)
                .get("/settlements/*", app.orders::settlementLookup)
                .start(config);
    }

    Reply home() {
        return Reply.html(200, layout.page("Counter sale by QR code",
                "Enter the bill, show the customer the QR code, and see the payment arrive: no card "
                        + "machine, no cash to count.",
                "<section class=\"card\" aria-labelledby=\"sale-title\"><h2 id=\"sale-title\">New sale</h2>"
                        + "<form method=\"post\" action=\"/qr\">"
                        + Html.input("Amount in paise", "AMOUNT", "text", "2500",
                                "AMOUNT is in paise, the rupee's minor unit: 100 = \u20B91.00, 2500 = \u20B925.00.",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + Html.radios("QR code", "QR_TYPE", QR_TYPES, "UPI")
                        + Html.input("Customer name (optional)", "CUST_NAME", "text", "", "", "maxlength=\"100\"")
                        + "<button type=\"submit\">Show QR code</button></form></section>"
                        + "<section class=\"card\" aria-labelledby=\"how-title\"><h2 id=\"how-title\">What happens</h2>"
                        + "<ol class=\"steps\">"
                        + "<li><code>POST /qr</code> sends the order to the gateway's <code>/pgws/qr</code> as signed "
                        + "JSON and verifies the signed answer.</li>"
                        + "<li>The answer carries the QR image, the UPI intent (UPI) or the payment link (PG); the "
                        + "order stays Pending (006) until the customer pays.</li>"
                        + "<li>In the sandbox, the scan page stands in for the customer's phone: pay as "
                        + "<code>success@upi</code> or <code>failure@upi</code>, or open the hosted page.</li>"
                        + "<li><code>/status</code> asks the gateway whether the order is paid (000 Captured).</li>"
                        + "</ol></section>"
                        + orders.homeNote()
                        + Pages.statusForm("")));
    }

    /** POST /qr: a QR code for a new order, from the gateway's signed answer. */
    Reply qr(Request request) {
        Map<String, String> order = new LinkedHashMap<>();
        order.put("ORDER_ID", Client.orderId("QR"));
        order.put("AMOUNT", Checks.amount(request.form("AMOUNT")));   // paise: 100 = Rs 1.00
        order.putAll(Checks.customer(request));
        // A PG QR's hosted page sends the customer back here once paid.
        order.put("RETURN_URL", config.appUrl() + "/response");
        order.put("NOTIFY_URL", orders.notifyUrl());   // APP_URL/webhook, or "" (left out) without a secret
        String qrType = Checks.oneOf("QR_TYPE", request.form("QR_TYPE").isEmpty() ? "UPI" : request.form("QR_TYPE"),
                Set.of("UPI", "PG"));
        Map<String, String> answer = client.qr(order, qrType);
        orders.created(order.get("ORDER_ID"), order.get("AMOUNT"));
        if (request.wantsJson()) {
            return Reply.json(200, Json.object("verified", true, "fields", answer));
        }
        String orderId = answer.getOrDefault("ORDER_ID", order.get("ORDER_ID"));
        if (!answer.containsKey("QR_IMAGE_URL")) {
            return Reply.html(502, layout.page("No QR code for this sale",
                    "The gateway refused the request; its answer was verified.",
                    Html.notice("bad", answer.get("RESPONSE_CODE") + " " + answer.get("RESPONSE_MESSAGE"))
                            + Pages.rawAnswer(answer)));
        }
        String statusLink = Html.statusHref(orderId);
        boolean upi = "UPI".equals(qrType);
        return Reply.html(200, layout.page("Scan to pay " + Html.rupees(answer.get("AMOUNT")),
                upi ? "Ask the customer to scan the code with any UPI app (BHIM, Google Pay, PhonePe, Paytm)."
                        : "Ask the customer to scan the code with the phone's camera and pay on the page it opens.",
                "<section class=\"card qr\" aria-labelledby=\"qr-title\">"
                        + "<img src=\"" + Html.esc(answer.get("QR_IMAGE_URL")) + "\" width=\"260\" height=\"260\" alt=\""
                        + Html.esc("QR code to pay " + Html.rupees(answer.get("AMOUNT")) + " for order " + orderId) + "\">"
                        + "<div><h2 id=\"qr-title\">Order <code>" + Html.esc(orderId) + "</code> "
                        + Html.statusBadge(answer.get("STATUS"), answer.get("RESPONSE_CODE")) + "</h2>"
                        + Html.factsHtml(
                                "Amount", Html.amountHtml(answer.get("AMOUNT")),
                                "QR type", Html.esc(QR_TYPES.get(qrType)),
                                "Transaction id", "<code>" + Html.esc(answer.get("TXN_ID")) + "</code>",
                                upi ? "UPI intent" : "Payment link",
                                upi ? "<code>" + Html.esc(answer.get("UPI_INTENT")) + "</code>"
                                        : "<a href=\"" + Html.esc(answer.get("PAYMENT_URL")) + "\">"
                                        + Html.esc(answer.get("PAYMENT_URL")) + "</a>")
                        + "<p class=\"actions\"><a class=\"button\" href=\"" + Html.esc(statusLink)
                        + "\">Check status</a> <a class=\"button secondary\" href=\"" + Html.esc(answer.get("QR_SCAN_URL"))
                        + "\">Open the sandbox scan page</a></p>"
                        + "<p class=\"hint\">The scan page is what a phone would open in the sandbox. Pay there, then "
                        + "check the status: 000 Captured means the money is in.</p></div></section>"
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">New sale</a></p>"
                        + Pages.rawAnswer(answer)));
    }

    /** POST /response: where a PG QR's hosted page returns the customer, with PAY_ID and ENCDATA. */
    Reply response(Request request) {
        try {
            Map<String, String> fields = client.verifyResponse(request.form());
            orders.update(fields, "return");   // forward only, as the webhook and the status enquiry
            return request.wantsJson()
                    ? Reply.json(200, Json.object("verified", true, "fields", fields))
                    : Reply.html(200, Pages.responsePage(layout, fields));
        } catch (VerificationError error) {
            return request.wantsJson()
                    ? Reply.json(400, Json.object("verified", false, "error", error.getMessage()))
                    : Reply.html(400, Pages.refusedResponsePage(layout, error.getMessage()));
        }
    }
}
