"""
Paystra PG kit for Python: hosted checkout. The store signs the order on its server and sends the
customer to Paystra's payment page (cards, net banking, UPI, wallets); Paystra posts the outcome
back to /response, where it is decrypted and verified before anything is trusted. Paystra also
POSTs the outcome, signed, to /webhook; each order's status is kept in data/pg-orders.json.

Run from the kit's root: python3 pg/app.py
"""

import sys
from pathlib import Path

KIT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT / "core"))  # the kit's Paystra library, shared by every example
sys.path.insert(0, str(KIT_ROOT / "example"))  # the examples' web code: routing, pages, order store

import paystra  # noqa: E402
from paystra import validation  # noqa: E402
from paystra_example import web  # noqa: E402

config = web.configure(KIT_ROOT)
client = paystra.Client(config)
app = web.App("PG kit · Python", config)
orders = web.track_orders(app, client, "pg")  # data/pg-orders.json, POST /webhook, GET /orders/<ORDER_ID>


@app.get("/")
def home(req):
    return app.page(
        "Hosted checkout",
        [
            web.card(
                "Pay for an order",
                web.form(
                    "/pay",
                    web.amount_field("100"),
                    web.customer_fields(),
                    submit="Pay with Paystra",
                ),
                intro="A one-item store. Paying takes you to Paystra's hosted page, where the customer "
                "chooses a card, net banking, UPI or a wallet.",
            ),
            web.card(
                "How it works",
                web.steps(
                    "Your server builds the order (ORDER_ID, AMOUNT in paise, the customer) and adds "
                    "PAY_ID, CURRENCY_CODE 356, TXNTYPE SALE and RETURN_URL.",
                    "It signs the fields with HASH: SHA-256 of the sorted KEY=VALUE pairs joined by ~ "
                    "with your salt appended. The salt stays on the server.",
                    "The browser posts the signed form to the gateway's /paymentrequest; the customer pays there.",
                    "The gateway posts PAY_ID and ENCDATA back to RETURN_URL (/response here). ENCDATA is "
                    "decrypted and its HASH verified before the order is marked paid or failed.",
                    "A status enquiry asks the gateway directly, whenever you need to be sure.",
                ),
            ),
            web.status_form(),
            web.webhook_note(config),
            web.test_data("cards", "upi", "bank"),
        ],
        lead="Paystra's PG kit: the store signs an order and the customer pays on Paystra's secure page.",
    )


# paystra:region payment-request
@app.post("/pay")
def pay(req):
    order = {
        "ORDER_ID": paystra.new_order_id("PG"),  # unique per merchant: PG + milliseconds
        "AMOUNT": validation.amount(req.form.get("AMOUNT")),  # paise: "100" is ₹1.00
        **validation.customer(req.form),  # CUST_NAME, CUST_EMAIL, CUST_MOBILE when given
        "NOTIFY_URL": config.notify_url,  # APP_URL/webhook; left out without a webhook secret
    }
    orders.create(order["ORDER_ID"], order["AMOUNT"])  # status "created" until an outcome arrives
    # Adds PAY_ID, CURRENCY_CODE 356, TXNTYPE SALE and RETURN_URL (APP_URL + /response), then HASH.
    signed = client.payment_request(order)
    # One form of hidden fields, posted to {PAYSTRA_BASE_URL}/paymentrequest by the browser.
    return web.auto_submit(app.layout, signed, "Taking you to Paystra", web.order_summary(order))
# paystra:endregion


# paystra:region response
@app.post("/response")
def response(req):
    # Decrypts ENCDATA, checks PAY_ID and HASH; raises VerificationError (answered 400) when the
    # response was altered or is not for this merchant.
    fields = client.verify_response(req.form)
    # 000 → paid, Pending → pending, else failed; forward only, so a reload or a webhook that
    # came first changes nothing.
    orders.update(fields, "return")
    return web.verified_answer(
        req, app.layout, "Payment result", fields,
        headline=web.payment_headline(fields), extra=web.status_link(fields.get("ORDER_ID", "")),
    )
# paystra:endregion


@app.get("/status", json_first=True)
def status(req):
    order_id = validation.order_id(req.query.get("order_id"), "order_id")
    fields = client.status(order_id)
    orders.enquired(fields)  # moves a known order forward, like the return and the webhook
    return web.verified_answer(req, app.layout, "Status enquiry", fields)


if __name__ == "__main__":
    app.run()
