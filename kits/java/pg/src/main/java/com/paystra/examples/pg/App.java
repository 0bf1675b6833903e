package com.paystra.examples.pg;

import com.paystra.Client;
import com.paystra.Client.PaymentForm;
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

/**
 * Paystra PG kit: a store's checkout on the hosted payment page. /pay signs the order and hands
 * the customer to the gateway; /response verifies what the gateway posts back; /status asks
 * the gateway about an order.
 */
public final class App {
    private final Client client;
    private final Layout layout = new Layout("PG kit");
    private final Orders orders;

    App(Config config) {
        this.client = new Client(config);
        this.orders = Orders.open("pg", client);
    }

    public static void main(String[] args) throws IOException {
        Config config = WebApp.loadConfig();
        App app = new App(config);
        new WebApp(app.layout)
                .get("/", request -> app.home())
                .post("/pay", app::pay)
                .post("/response", app::response)
                .get("/status", Pages.status(app.client, app.layout, app.orders))
                .post("/webhook", app.orders::webhook)
                .get("/orders/*", app.orders::lookup)
                .get("/settlements/*", app.orders::settlementLookup)
                .start(config);
    }

    Reply home() {
        return Reply.html(200, layout.page("Hosted checkout",
                "A store's checkout that hands the customer to Paystra's hosted payment page (cards, "
                        + "net banking, UPI, wallets) and trusts the result only after verifying its signature.",
                "<section class=\"card\" aria-labelledby=\"order-title\"><h2 id=\"order-title\">Your order</h2>"
                        + "<form method=\"post\" action=\"/pay\">"
                        + Html.input("Amount in paise", "AMOUNT", "text", "49900",
                                "AMOUNT is in paise, the rupee's minor unit: 100 = \u20B91.00, 49900 = \u20B9499.00.",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + "<div class=\"grid two\"><div>"
                        + Html.input("Name", "CUST_NAME", "text", "Asha Rao", "", "required maxlength=\"100\" autocomplete=\"name\"")
                        + "</div><div>"
                        + Html.input("Mobile", "CUST_MOBILE", "tel", "9876543210", "", "required pattern=\"[6-9][0-9]{9}\" maxlength=\"10\" autocomplete=\"tel-national\"")
                        + "</div></div>"
                        + Html.input("Email", "CUST_EMAIL", "email", "asha.rao@example.com", "", "required maxlength=\"100\" autocomplete=\"email\"")
                        + "<button type=\"submit\">Pay with Paystra</button></form></section>"
                        + "<section class=\"card\" aria-labelledby=\"how-title\"><h2 id=\"how-title\">What happens</h2>"
                        + "<ol class=\"steps\">"
                        + "<li><code>POST /pay</code> builds the order (ORDER_ID, AMOUNT in paise, customer) and signs "
                        + "it with HASH; the salt never leaves this server.</li>"
                        + "<li>The browser posts the signed fields to the gateway's <code>/paymentrequest</code>.</li>"
                        + "<li>The customer pays on the hosted page.</li>"
                        + "<li>The gateway posts <code>PAY_ID</code> and <code>ENCDATA</code> to <code>/response</code>, "
                        + "which decrypts them and verifies the HASH before showing the result.</li>"
                        + "<li><code>/status</code> asks the gateway directly (a status enquiry) whenever you need to "
                        + "be sure.</li></ol></section>"
                        + orders.homeNote()
                        + Pages.paymentTestData()
                        + Pages.statusForm("")));
    }

    // paystra:region payment-request
    /** POST /pay: signs the order and answers a form the browser posts to the gateway. */
    Reply pay(Request request) {
        Map<String, String> order = new LinkedHashMap<>();
        order.put("ORDER_ID", Client.orderId("PG"));
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
}
