"""
Paystra ePOS kit for Python: counter sales by QR. The shop asks the gateway for a QR for the
amount due: a UPI QR that any UPI app pays, or a payment-link QR that opens Paystra's page with
every method. The customer scans it with their phone; the counter checks the status to confirm,
or Paystra POSTs the outcome, signed, to /webhook (orders are kept in data/epos-orders.json).

Run from the kit's root: python3 epos/app.py
"""

import sys
from pathlib import Path

KIT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT / "core"))  # the kit's Paystra library, shared by every example
sys.path.insert(0, str(KIT_ROOT / "example"))  # the examples' web code: routing, pages, order store

import paystra  # noqa: E402
from paystra import validation  # noqa: E402
from paystra_example import web  # noqa: E402
from paystra_example.web import h  # noqa: E402

config = web.configure(KIT_ROOT)
client = paystra.Client(config)
app = web.App("ePOS kit · Python", config)
orders = web.track_orders(app, client, "epos")  # data/epos-orders.json, POST /webhook, GET /orders/<ORDER_ID>

QR_TYPES = (("UPI", "UPI QR (any UPI app)"), ("PG", "Payment link QR (cards, net banking, UPI, wallets)"))


@app.get("/")
def home(req):
    return app.page(
        "Counter sales by QR",
        [
            web.card(
                "Charge a customer",
                web.form(
                    "/qr",
                    web.amount_field("2500"),
                    web.radio_group("QR type", "QR_TYPE", QR_TYPES, "UPI"),
                    web.input_field("Customer name", "CUST_NAME", "", hint="Optional.", autocomplete="name"),
                    submit="Show the QR",
                ),
                intro="Enter the bill; the gateway returns a QR for this order, to show on the counter "
                "screen or print on the bill.",
            ),
            web.card(
                "How it works",
                web.steps(
                    "The counter sends ORDER_ID, AMOUNT in paise and QR_TYPE to the gateway's /pgws/qr, "
                    "signed with HASH (POST, JSON).",
                    "The gateway answers, signed, with QR_IMAGE_URL and either UPI_INTENT (upi://pay?...) "
                    "or PAYMENT_URL (the hosted page). Status is 006 Pending until the customer pays.",
                    "The customer scans and pays on their phone.",
                    "The counter runs a status enquiry: 000 Captured means paid, hand over the goods.",
                ),
            ),
            web.status_form(hint="The ORDER_ID shown with the QR."),
            web.webhook_note(config),
            web.card(
                "Test data",
                web.paragraph(
                    "In the sandbox, the QR's scan page stands in for the customer's phone: a UPI QR "
                    "offers paying as success@upi (000) or failure@upi (004); a payment-link QR opens "
                    "the hosted page, where card 4111 1111 1111 1111 succeeds and 4000 0000 0000 0002 "
                    "is declined (004)."
                ),
            ),
        ],
        lead="Paystra's ePOS kit: UPI and payment-link QR codes for the counter, confirmed by status enquiry.",
    )


def qr_panel(fields):
    """The QR with what the customer and the cashier need beside it."""
    if not fields.get("QR_IMAGE_URL"):
        return ""
    order_id = fields.get("ORDER_ID", "")
    pay_link = (
        h('<p><a href="{}">Open in a UPI app</a><br><code class="mono">{}</code></p>', fields["UPI_INTENT"], fields["UPI_INTENT"])
        if fields.get("UPI_INTENT")
        else h('<p><a href="{}">Open the payment page</a></p>', fields.get("PAYMENT_URL", ""))
    )
    return h(
        '<section class="card"><div class="qr">'
        '<img src="{image}" alt="QR code to pay {amount} for order {order}" width="240" height="240">'
        '<div><h2>Scan to pay {amount}</h2><p>Order <code class="mono">{order}</code></p>{pay_link}'
        '<p><a href="{scan}">Open the scan page</a> <span class="muted">(sandbox: what the phone opens)</span></p>'
        '<p class="actions"><a class="button" href="/status?order_id={order}">Check status</a></p>'
        "</div></div></section>",
        image=fields["QR_IMAGE_URL"],
        amount=paystra.rupees(fields.get("AMOUNT", "")),
        order=order_id,
        pay_link=pay_link,
        scan=fields.get("QR_SCAN_URL", ""),
    )


@app.post("/qr")
def qr(req):
    qr_type = validation.one_of(req.form.get("QR_TYPE") or "UPI", [code for code, _ in QR_TYPES], "QR_TYPE")
    order = {
        "ORDER_ID": paystra.new_order_id("QR"),  # unique per merchant: QR + milliseconds
        "AMOUNT": validation.amount(req.form.get("AMOUNT")),  # paise: "2500" is ₹25.00
        **validation.customer(req.form),
        # Where a payment-link QR's hosted page sends the customer's phone afterwards.
        "RETURN_URL": config.return_url,
        "NOTIFY_URL": config.notify_url,  # APP_URL/webhook; left out without a webhook secret
    }
    orders.create(order["ORDER_ID"], order["AMOUNT"])  # status "created" until an outcome arrives
    # Signed with HASH, sent as JSON to /pgws/qr; the answer's HASH is verified before use.
    fields = client.qr(order, qr_type)
    return web.verified_answer(
        req, app.layout, "Scan to pay", fields, first=qr_panel(fields),
        headline=web.headline(fields, "Paid", "Waiting for the customer to pay", "QR not created"),
    )


@app.post("/response")
def response(req):
    # A payment-link QR paid on the hosted page returns here: decrypted and verified like any payment.
    fields = client.verify_response(req.form)
    orders.update(fields, "return")  # forward only: a webhook may have come first
    return web.verified_answer(
        req, app.layout, "Payment result", fields,
        headline=web.payment_headline(fields), extra=web.status_link(fields.get("ORDER_ID", "")),
    )


@app.get("/status", json_first=True)
def status(req):
    order_id = validation.order_id(req.query.get("order_id"), "order_id")
    fields = client.status(order_id)
    orders.enquired(fields)  # moves a known order forward, like the return and the webhook
    return web.verified_answer(
        req, app.layout, "Status enquiry", fields,
        headline=web.headline(fields, "Paid: hand over the goods", "Not paid yet", "Not paid"),
        extra=web.status_link(order_id) if web.tone(fields) == "wait" else "",
    )


if __name__ == "__main__":
    app.run()
