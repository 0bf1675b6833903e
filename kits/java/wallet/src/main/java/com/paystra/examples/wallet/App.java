package com.paystra.examples.wallet;

import com.paystra.Client;
import com.paystra.Client.PaymentForm;
import com.paystra.Config;
import com.paystra.Json;
import com.paystra.VerificationError;
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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Paystra Wallet kit: wallet payments through the seamless (merchant-hosted) flow. The store
 * shows its own wallet picker; /pay encrypts the order and the chosen wallet into ENCDATA, the
 * customer approves in the wallet, and /response verifies the gateway's answer.
 */
public final class App {
    /** The wallets the gateway offers, by MOP_TYPE. */
    private static final Map<String, String> WALLETS = new LinkedHashMap<>();

    static {
        WALLETS.put("PPL", "Paytm");
        WALLETS.put("MWL", "Mobikwik");
        WALLETS.put("PPWL", "PhonePay");
    }

    private final Client client;
    private final Layout layout = new Layout("Wallet kit");
    private final Orders orders;

    App(Config config) {
        this.client = new Client(config);
        this.orders = Orders.open("wallet", client);
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
        return Reply.html(200, layout.page("Pay with a wallet",
                "The store shows its own wallet picker, encrypts the order and the chosen wallet into "
                        + "ENCDATA, and the customer goes straight to the wallet to approve the payment.",
                "<section class=\"card\" aria-labelledby=\"order-title\"><h2 id=\"order-title\">Your order</h2>"
                        + "<form method=\"post\" action=\"/pay\">"
                        + "<input type=\"hidden\" name=\"PAYMENT_TYPE\" value=\"WL\">"
                        + Html.radios("Choose your wallet", "MOP_TYPE", WALLETS, "PPL")
                        + Html.input("Amount in paise", "AMOUNT", "text", "29900",
                                "AMOUNT is in paise, the rupee's minor unit: 100 = \u20B91.00, 29900 = \u20B9299.00.",
                                "required inputmode=\"numeric\" pattern=\"[1-9][0-9]{0,9}\" maxlength=\"10\"")
                        + "<div class=\"grid two\"><div>"
                        + Html.input("Name", "CUST_NAME", "text", "Asha Rao", "", "required maxlength=\"100\" autocomplete=\"name\"")
                        + "</div><div>"
                        + Html.input("Mobile", "CUST_MOBILE", "tel", "9876543210", "Wallets identify you by mobile number.",
                                "required pattern=\"[6-9][0-9]{9}\" maxlength=\"10\" autocomplete=\"tel-national\"")
                        + "</div></div>"
                        + Html.input("Email", "CUST_EMAIL", "email", "asha.rao@example.com", "", "required maxlength=\"100\" autocomplete=\"email\"")
                        + "<button type=\"submit\">Pay with wallet</button></form></section>"
                        + "<section class=\"card\" aria-labelledby=\"how-title\"><h2 id=\"how-title\">What happens</h2>"
                        + "<ol class=\"steps\">"
                        + "<li><code>POST /pay</code> adds PAYMENT_TYPE <code>WL</code> and the wallet's MOP_TYPE "
                        + "(<code>PPL</code> Paytm, <code>MWL</code> Mobikwik, <code>PPWL</code> PhonePay) to the order, "
                        + "signs it and encrypts everything into ENCDATA with AES-256.</li>"
                        + "<li>The browser posts only <code>PAY_ID</code> and <code>ENCDATA</code> to the gateway's "
                        + "<code>/merchantPaymentInit</code>: nothing readable or changeable passes through it.</li>"
                        + "<li>The customer approves in the wallet; in the sandbox, a bank page offers "
                        + "<strong>Success</strong> (000) and <strong>Failure</strong> (004).</li>"
                        + "<li>The gateway posts the encrypted result to <code>/response</code>, which verifies it.</li>"
                        + "</ol></section>"
                        + orders.homeNote()
                        + Pages.statusForm("")));
    }

    // paystra:region merchant-hosted-request
    /** POST /pay: the order and the wallet, signed and encrypted into ENCDATA. */
    Reply pay(Request request) {
        String paymentType = request.form("PAYMENT_TYPE");
        if (!paymentType.isEmpty() && !paymentType.equals("WL")) {
            throw new BadRequest("This kit takes wallet payments only: PAYMENT_TYPE must be WL");
        }
        String wallet = Checks.oneOf("MOP_TYPE", request.form("MOP_TYPE"), WALLETS.keySet());
        Map<String, String> order = new LinkedHashMap<>();
        order.put("ORDER_ID", Client.orderId("WL"));
        order.put("AMOUNT", Checks.amount(request.form("AMOUNT")));   // paise: 100 = Rs 1.00
        order.putAll(Checks.customer(request));
        order.put("NOTIFY_URL", orders.notifyUrl());   // encrypted with the rest; "" without a webhook secret
        orders.created(order.get("ORDER_ID"), order.get("AMOUNT"));
        // The browser gets only PAY_ID and ENCDATA (AES-256 of the fields and their HASH).
        PaymentForm form = client.merchantHostedRequest(order, Client.Method.wallet(wallet));
        return Reply.html(200, layout.page("Taking you to " + WALLETS.get(wallet),
                "Order " + order.get("ORDER_ID") + " for " + Html.rupees(order.get("AMOUNT"))
                        + ". If nothing happens, press the button.",
                Html.autoSubmitForm(form, "Continue to " + WALLETS.get(wallet))));
    }
    // paystra:endregion

    /** POST /response: the gateway posts PAY_ID and ENCDATA here when the payment ends. */
    Reply response(Request request) {
        try {
            // Decrypts ENCDATA, checks it names our PAY_ID and verifies its HASH with our salt.
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
