package com.paystra.examples.server;

import com.paystra.Client;
import com.paystra.Client.PaymentForm;
import com.paystra.Config;
import com.paystra.Json;
import com.paystra.VerificationError;
import com.paystra.Webhook;
import com.paystra.WebhookError;
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
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Paystra Java server kit: the whole protocol in one small app. /pay signs a hosted payment,
 * /response verifies the gateway's answer, /status runs a status enquiry and /payout sends
 * money to a bank account or UPI ID. /webhook takes the gateway's signed events, /orders/ID
 * shows what the app knows of an order (its dispute too, which /disputes/accept
 * and /disputes/contest answer) and
 * /settlements/ID a settlement the gateway reported.
 * Reconcile (beside this class) matches the paid orders to the gateway's settlements.
 */
public final class App {
    /** Where the order page's "Accept dispute" and "Contest dispute" buttons post. */
    static final String ACCEPT_DISPUTE_PATH = "/disputes/accept";
    static final String CONTEST_DISPUTE_PATH = "/disputes/contest";
    private static final Set<String> TRANSFER_MODES = Set.of("NEFT", "RTGS", "IMPS", "UPI");
    private static final String[] PAYOUT_FIELDS = {"BENEFICIARY_NAME", "BENEFICIARY_ACCOUNT",
        "BENEFICIARY_IFSC", "BENEFICIARY_VPA", "REMARKS"};

    private final Client client;
    private final Layout layout = new Layout("Server kit");
    private final Orders orders;

    App(Config config) {
        this.client = new Client(config);
        this.orders = Orders.open("server", client);
    }

    public static void main(String[] args) throws IOException {
        Config config = WebApp.loadConfig();
        App app = new App(config);
        new WebApp(app.layout)
                .get("/", request -> app.home())
                .post("/pay", app::pay)
                .post("/response", app::response)
                .get("/status", Pages.status(app.client, app.layout, app.orders))
                .post("/payout", app::payout)
                .post("/webhook", app::webhook)
                .get("/orders/*", app.orders.lookup(app.layout, ACCEPT_DISPUTE_PATH, CONTEST_DISPUTE_PATH))
                .post(ACCEPT_DISPUTE_PATH, app::acceptDispute)
                .post(CONTEST_DISPUTE_PATH, app::contestDispute)
                .get("/settlements/*", app.orders::settlementLookup)
                .start(config);
    }

    Reply home() {
        return Reply.html(200, layout.page("Paystra server kit for Java",
                "Sign a payment request for the hosted payment page, verify the gateway's response, "
                        + "ask for a payment's status and send a payout, with nothing but the JDK.",
                "<section class=\"card\" aria-labelledby=\"pay-title\"><h2 id=\"pay-title\">Take a payment</h2>"
                        + "<p>The server signs the order with HASH and the browser takes it to the hosted page. "
                        + "When the customer has paid, the gateway posts the encrypted result to "
                        + "<code>/response</code>, which verifies it before showing it.</p>"
                        + "<form method=\"post\" action=\"/pay\">"
                        + Html.input("Amount in paise", "AMOUNT", "text", "100",
                                "AMOUNT is in paise, the rupee's minor unit: 100 = \u20B91.00.",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + "<div class=\"grid two\"><div>"
                        + Html.input("Customer name", "CUST_NAME", "text", "Asha Rao", "", "maxlength=\"100\" autocomplete=\"name\"")
                        + "</div><div>"
                        + Html.input("Mobile", "CUST_MOBILE", "tel", "9876543210", "", "pattern=\"[6-9][0-9]{9}\" maxlength=\"10\"")
                        + "</div></div>"
                        + Html.input("Email", "CUST_EMAIL", "email", "asha.rao@example.com", "", "maxlength=\"100\"")
                        + "<button type=\"submit\">Pay on the hosted page</button></form></section>"
                        + Pages.statusForm("")
                        + "<section class=\"card\" aria-labelledby=\"payout-title\"><h2 id=\"payout-title\">"
                        + "Send a payout</h2>"
                        + "<p>NEFT, RTGS and IMPS go to an account number and IFSC; UPI goes to a UPI ID. "
                        + "The answer is signed; its STATUS is Processed (with a UTR), Pending or Failed.</p>"
                        + "<form method=\"post\" action=\"/payout\">"
                        + "<div class=\"grid two\"><div>"
                        + Html.input("payout", "Amount in paise", "AMOUNT", "text", "150000",
                                "150000 = \u20B91,500.00. RTGS starts at \u20B92,00,000; IMPS up to \u20B95,00,000; UPI up to \u20B91,00,000.",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + "</div><div>"
                        + Html.select("Transfer mode", "TRANSFER_MODE", modes(), "IMPS", "")
                        + "</div></div>"
                        + Html.input("Beneficiary name", "BENEFICIARY_NAME", "text", "Ravi Kumar", "", "required maxlength=\"50\"")
                        + "<div class=\"grid two\"><div>"
                        + Html.input("Account number", "BENEFICIARY_ACCOUNT", "text", "123456789012",
                                "9 to 18 digits. Test: 000000000004 is declined (004), 000000000026 stays pending.",
                                "inputmode=\"numeric\" maxlength=\"18\"")
                        + "</div><div>"
                        + Html.input("IFSC", "BENEFICIARY_IFSC", "text", "HDFC0001234", "For NEFT, RTGS and IMPS.", "maxlength=\"11\"")
                        + "</div></div>"
                        + Html.input("UPI ID", "BENEFICIARY_VPA", "text", "",
                                "For UPI only. Test: success@upi, failure@upi, pending@upi.", "maxlength=\"100\"")
                        + Html.input("Remarks (optional)", "REMARKS", "text", "Vendor settlement", "", "maxlength=\"50\"")
                        + "<button type=\"submit\">Send payout</button></form></section>"
                        + orders.homeNote()
                        + Pages.paymentTestData()));
    }

    // paystra:region payment-request
    /** POST /pay: signs the order and answers a form the browser posts to the gateway. */
    Reply pay(Request request) {
        Map<String, String> order = new LinkedHashMap<>();
        order.put("ORDER_ID", Client.orderId("SV"));
        order.put("AMOUNT", Checks.amount(request.form("AMOUNT")));   // paise: 100 = Rs 1.00
        order.putAll(Checks.customer(request));                      // CUST_NAME, CUST_EMAIL, CUST_MOBILE
        order.put("NOTIFY_URL", orders.notifyUrl());                 // APP_URL/webhook, or "" (left out) without a secret
        orders.created(order.get("ORDER_ID"), order.get("AMOUNT"));
        // Adds PAY_ID, CURRENCY_CODE 356, TXNTYPE SALE, RETURN_URL (APP_URL + /response) and HASH.
        PaymentForm form = client.paymentRequest(order);
        return Reply.html(200, layout.page("Taking you to Paystra",
                "Order " + order.get("ORDER_ID") + " for " + Html.rupees(order.get("AMOUNT"))
                        + ". If nothing happens, press the button.",
                Html.autoSubmitForm(form, "Continue to the payment page")));
    }
    // paystra:endregion

    // paystra:region response
    /** POST /response: the gateway posts PAY_ID and ENCDATA here when the payment ends. */
    Reply response(Request request) {
        try {
            // Decrypts ENCDATA, checks it names our PAY_ID and verifies its HASH with our salt.
            Map<String, String> fields = client.verifyResponse(request.form());
            orders.update(fields, "return");   // forward only, as the webhook and the status enquiry
            // Only now can RESPONSE_CODE be trusted: 000 (STATUS Captured) means paid.
            return request.wantsJson()
                    ? Reply.json(200, Json.object("verified", true, "fields", fields))
                    : Reply.html(200, Pages.responsePage(layout, fields));
        } catch (VerificationError error) {
            return request.wantsJson()
                    ? Reply.json(400, Json.object("verified", false, "error", error.getMessage()))
                    : Reply.html(400, Pages.refusedResponsePage(layout, error.getMessage()));
        }
    }
    // paystra:endregion

    /** POST /payout (a form or JSON): sends the payout and shows the gateway's verified answer. */
    Reply payout(Request request) {
        Map<String, String> payout = new LinkedHashMap<>();
        String payoutId = request.form("PAYOUT_ID");
        payout.put("PAYOUT_ID", payoutId.isEmpty() ? Client.orderId("PO") : Checks.orderId("PAYOUT_ID", payoutId));
        payout.put("AMOUNT", Checks.amount(request.form("AMOUNT")));
        payout.put("TRANSFER_MODE", Checks.oneOf("TRANSFER_MODE", request.form("TRANSFER_MODE"), TRANSFER_MODES));
        for (String field : PAYOUT_FIELDS) {
            payout.put(field, request.form(field));   // empty ones are left out of the request
        }
        payout.put("NOTIFY_URL", orders.notifyUrl());
        Map<String, String> answer = client.payout(payout);
        if (!request.wantsHtml()) {
            return Reply.json(200, Json.object("verified", true, "fields", answer));
        }
        String code = answer.getOrDefault("RESPONSE_CODE", "");
        String status = answer.getOrDefault("STATUS", "");
        return Reply.html(200, layout.page("Payout " + answer.getOrDefault("PAYOUT_ID", ""),
                "The gateway's answer; its HASH was verified before it is shown.",
                "<section class=\"card result " + Html.tone(status, code) + "\" aria-labelledby=\"payout-result\">"
                        + "<h2 id=\"payout-result\">Payout " + Html.esc(status.toLowerCase(Locale.ROOT)) + " "
                        + Html.statusBadge(status, code) + "</h2>"
                        + Html.factsHtml(
                                "Payout id", "<code>" + Html.esc(answer.get("PAYOUT_ID")) + "</code>",
                                "Amount", Html.amountHtml(answer.get("AMOUNT")),
                                "Transfer mode", Html.esc(answer.get("TRANSFER_MODE")),
                                "UTR", Html.esc(answer.getOrDefault("UTR", "\u2013")),
                                "Response code", "<code>" + Html.esc(code) + "</code>",
                                "Message", Html.esc(answer.get("RESPONSE_MESSAGE")))
                        + "</section>"
                        + "<p class=\"actions\"><a class=\"button secondary\" href=\"/\">Back to the start</a></p>"
                        + Pages.rawAnswer(answer)));
    }

    // paystra:region webhook
    /** POST /webhook: the gateway's signed event about a payment, refund, payout or settlement. */
    Reply webhook(Request request) {
        Webhook.Event event;
        try {
            // The raw bytes as they arrived: parsing first and verifying what was re-serialised fails.
            event = client.verifyWebhook(request.rawBody(), request.header(Webhook.SIGNATURE_HEADER));
        } catch (WebhookError error) {
            // 400 {"received": false, "reason", "error"}: nothing is changed, the gateway retries.
            return Orders.refused(error);
        }
        // Once per event id (deliveries repeat), and only forward: a late payment.failed never
        // undoes a capture. Answer 2xx quickly; the gateway retries anything else.
        return Reply.json(200, orders.receive(event));
    }
    // paystra:endregion

    // paystra:region dispute-answer
    /** POST /disputes/accept, the order page's "Accept dispute": LOST at once; dispute.lost follows. */
    Reply acceptDispute(Request request) {
        return disputeAnswered(request, () -> client.acceptDispute(request.form("DISPUTE_ID")));
    }

    /**
     * POST /disputes/contest, the order page's "Contest dispute": UNDER_REVIEW until the first
     * settlement run after RESPOND_BY decides (a document, sent with contestDispute's file, can win 13.1).
     */
    Reply contestDispute(Request request) {
        return disputeAnswered(request, () -> client.contestDispute(request.form("DISPUTE_ID"),
                request.form("EVIDENCE"), null, null));
    }

    /**
     * The answer is verified like every other. No event announces UNDER_REVIEW, so the order records
     * the answer's STATUS itself; a refusal (349: past RESPOND_BY, 348: answered already) is shown.
     */
    private Reply disputeAnswered(Request request, Supplier<Map<String, String>> call) {
        Map<String, String> answer;
        try {
            answer = call.get();
        } catch (IllegalArgumentException refused) {
            throw new BadRequest(refused.getMessage());   // nothing was sent
        }
        Map<String, Object> order = "000".equals(answer.get("RESPONSE_CODE")) ? orders.disputed(answer) : null;
        if (request.wantsJson() || order == null && !request.wantsHtml()) {
            return Reply.json(200, Json.object("verified", true, "fields", answer));
        }
        if (order == null) {
            return Reply.html(200, layout.page("Dispute not answered", "The gateway's answer; its HASH was verified.",
                    Html.notice("bad", answer.get("RESPONSE_CODE") + " " + answer.get("RESPONSE_MESSAGE"))
                            + Pages.rawAnswer(answer)));
        }
        return Reply.redirect("/orders/" + URLEncoder.encode((String) order.get("order_id"), StandardCharsets.UTF_8));
    }
    // paystra:endregion

    private static Map<String, String> modes() {
        Map<String, String> modes = new LinkedHashMap<>();
        modes.put("IMPS", "IMPS (instant, up to \u20B95,00,000)");
        modes.put("NEFT", "NEFT");
        modes.put("RTGS", "RTGS (\u20B92,00,000 and above)");
        modes.put("UPI", "UPI (to a UPI ID, up to \u20B91,00,000)");
        return modes;
    }
}
