"""
Paystra POS kit for Python: the back office of a store. It refunds card sales in full or in part,
and reconciles a day's orders against the gateway with one status enquiry per order, totalling
what was captured. Paystra POSTs each outcome, signed, to /webhook; the test sales' status is
kept in data/pos-orders.json.

Run from the kit's root: python3 pos/app.py
"""

import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

KIT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT / "core"))  # the kit's Paystra library, shared by every example
sys.path.insert(0, str(KIT_ROOT / "example"))  # the examples' web code: routing, pages, order store

import paystra  # noqa: E402
from paystra import InvalidInput, validation  # noqa: E402
from paystra_example import web  # noqa: E402
from paystra_example.web import h, join  # noqa: E402

config = web.configure(KIT_ROOT)
client = paystra.Client(config)
app = web.App("POS kit · Python", config)
sales = web.track_orders(app, client, "pos")  # test sales: data/pos-orders.json, POST /webhook, GET /orders/<ORDER_ID>

MAX_ORDERS = 200


@app.get("/")
def home(req):
    order_id = req.query.get("order_id", "")  # prefilled after a test sale
    return app.page(
        "Refunds and reconciliation",
        [
            web.card(
                "Ring up a test sale",
                web.form("/pay", web.amount_field("1000"), web.customer_fields(), submit="Take a card payment"),
                intro="Makes a paid order to refund and reconcile: pay it on the hosted page with card "
                "4111 1111 1111 1111, any future expiry and any CVV.",
            ),
            web.refund_form(order_id),
            web.card(
                "Reconcile the day",
                web.form(
                    "/reconcile",
                    web.textarea_field("Order ids", "ORDER_IDS", order_id, hint="One per line, or separated by commas."),
                    submit="Reconcile",
                ),
                intro="Asks the gateway for each order's status and adds up what was captured, so the "
                "till matches the settlement.",
            ),
            web.status_form(),
            web.webhook_note(config),
        ],
        lead="Paystra's POS kit: refunds and end-of-day reconciliation from the store's server.",
    )


@app.post("/pay")
def pay(req):
    order = {
        "ORDER_ID": paystra.new_order_id("POS"),
        "AMOUNT": validation.amount(req.form.get("AMOUNT")),  # paise: "1000" is ₹10.00
        **validation.customer(req.form),
        "NOTIFY_URL": config.notify_url,  # APP_URL/webhook; left out without a webhook secret
    }
    sales.create(order["ORDER_ID"], order["AMOUNT"])
    signed = client.payment_request(order)
    return web.auto_submit(app.layout, signed, "Taking you to Paystra", web.order_summary(order))


@app.post("/response")
def response(req):
    fields = client.verify_response(req.form)  # raises VerificationError when altered
    sales.update(fields, "return")  # forward only: a webhook may have come first
    refund_link = h(
        '<p class="actions"><a class="button" href="/?order_id={}">Refund or reconcile this sale</a></p>',
        fields.get("ORDER_ID", ""),
    )
    return web.verified_answer(
        req, app.layout, "Sale result", fields, headline=web.payment_headline(fields), extra=refund_link
    )


@app.post("/refund", json_first=True)
def refund(req):
    # ORDER_ID, AMOUNT in paise: a signed TXNTYPE REFUND, its answer verified (web.refund).
    return web.refund(app, client, req)


def order_ids(req):
    """ORDER_IDs from a text/plain body or the ORDER_IDS field: one per line or comma separated."""
    text = req.text if req.content_type == "text/plain" else req.form.get("ORDER_IDS", "")
    ids = list(dict.fromkeys(part.strip() for part in re.split(r"[\r\n,]+", text) if part.strip()))
    if not ids:
        raise InvalidInput("ORDER_IDS", "ORDER_IDS needs at least one order id")
    if len(ids) > MAX_ORDERS:
        raise InvalidInput("ORDER_IDS", f"reconcile at most {MAX_ORDERS} orders at a time")
    return ids


@app.post("/reconcile")
def reconcile(req):
    ids = order_ids(req)
    # One status enquiry per order (a few at a time); each answer is verified before it counts.
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(client.status, ids))
    for answer in answers:
        sales.enquired(answer)
    orders = [
        {
            "ORDER_ID": order_id,
            "STATUS": answer.get("STATUS", ""),
            "RESPONSE_CODE": answer.get("RESPONSE_CODE", ""),
            "AMOUNT": answer.get("AMOUNT", ""),
        }
        for order_id, answer in zip(ids, answers)
    ]
    captured = sum(
        int(order["AMOUNT"]) for order in orders
        if paystra.is_success(order) and order["STATUS"] == "Captured" and order["AMOUNT"].isdigit()
    )
    if req.answer_json:
        return web.json_response({"orders": orders, "captured_total": str(captured)})
    return app.page("Reconciliation", [reconciliation_table(orders, answers, captured), web.back_home()])


def reconciliation_table(orders, answers, captured):
    rows = join(
        h(
            '<tr><td><code>{}</code></td><td><span class="status {}">{}</span></td><td>{}</td>'
            '<td class="num">{}</td><td class="num">{}</td></tr>',
            order["ORDER_ID"],
            web.tone(order),
            order["STATUS"] or "Unknown",
            f'{order["RESPONSE_CODE"]} {answer.get("RESPONSE_MESSAGE", "")}',
            paystra.rupees(order["AMOUNT"]) if order["AMOUNT"] else "—",
            paystra.rupees(answer["REFUNDED_AMOUNT"]) if answer.get("REFUNDED_AMOUNT") else "—",
        )
        for order, answer in zip(orders, answers)
    )
    return web.card(
        f"{len(orders)} orders, {paystra.rupees(captured)} captured",
        h(
            '<div class="scroll"><table><thead><tr><th scope="col">Order id</th><th scope="col">Status</th>'
            '<th scope="col">Code</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Refunded</th>'
            '</tr></thead><tbody>{}</tbody><tfoot><tr><th scope="row" colspan="3">Captured total</th>'
            '<td class="num"><strong>{}</strong></td><td></td></tr></tfoot></table></div>',
            rows,
            web.money(str(captured)),
        ),
        intro="Captured orders count towards the total; refunds are shown beside them and settle separately.",
    )


@app.get("/status", json_first=True)
def status(req):
    order_id = validation.order_id(req.query.get("order_id"), "order_id")
    fields = client.status(order_id)
    sales.enquired(fields)
    return web.verified_answer(req, app.layout, "Status enquiry", fields)


if __name__ == "__main__":
    app.run()
