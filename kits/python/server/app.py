"""
Paystra server kit for Python: the whole merchant integration in one small app. It signs a payment
request and hands the customer to Paystra's hosted page, verifies the encrypted response, asks for
an order's status, refunds a payment in full or in part, sends payouts to bank accounts and UPI IDs, and receives the gateway's signed
webhooks at /webhook (payments, settlements and disputes), keeping each order's status and dispute
in data/server-orders.json, and accepts a dispute from the order's page.

Run from the kit's root: python3 server/app.py
"""

import sys
from pathlib import Path
from urllib.parse import quote

KIT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT / "core"))  # the kit's Paystra library, shared by every example
sys.path.insert(0, str(KIT_ROOT / "example"))  # the examples' web code: routing, pages, order store

import paystra  # noqa: E402
from paystra import validation  # noqa: E402
from paystra_example import web  # noqa: E402

config = web.configure(KIT_ROOT)
client = paystra.Client(config)
app = web.App("Server kit · Python", config)
orders = web.order_store(app, "server")  # data/server-orders.json, GET /orders/<id>, GET /settlements/<id>

TRANSFER_MODES = ("NEFT", "RTGS", "IMPS", "UPI")


@app.get("/")
def home(req):
    order_id = req.query.get("order_id", "")  # prefilled from a payment's result page
    return app.page(
        "Paystra integration for Python",
        [
            web.card(
                "1. Take a payment",
                web.form("/pay", web.amount_field("100"), web.customer_fields(), submit="Pay with Paystra"),
                intro="Signs the order on this server and sends the customer to Paystra's hosted page "
                "(cards, net banking, UPI, wallets). The outcome comes back to /response, verified.",
            ),
            web.status_form(title="2. Check an order's status"),
            web.refund_form(order_id, title="3. Refund a payment"),
            web.card(
                "4. Send a payout",
                web.form(
                    "/payout",
                    web.amount_field("150000"),
                    web.radio_group(
                        "Transfer mode",
                        "TRANSFER_MODE",
                        [("IMPS", "IMPS"), ("NEFT", "NEFT"), ("RTGS", "RTGS"), ("UPI", "UPI")],
                        "IMPS",
                    ),
                    web.input_field("Beneficiary name", "BENEFICIARY_NAME", "Ravi Kumar", hint="Letters, spaces and dots."),
                    web.grid(
                        web.input_field(
                            "Account number", "BENEFICIARY_ACCOUNT", "123456789012",
                            hint="9 to 18 digits (NEFT, RTGS, IMPS).", inputmode="numeric",
                        ),
                        web.input_field("IFSC", "BENEFICIARY_IFSC", "HDFC0001234", hint="For example HDFC0001234."),
                    ),
                    web.input_field("UPI ID", "BENEFICIARY_VPA", "success@upi", hint="Used when the mode is UPI."),
                    web.input_field("Remarks", "REMARKS", "Vendor settlement", hint="Optional, up to 50 characters."),
                    submit="Send payout",
                ),
                intro="Moves money from your Paystra balance to a beneficiary (POST /pgws/payout). "
                "RTGS starts at ₹2,00,000 (20000000 paise); IMPS goes up to ₹5,00,000; UPI up to ₹1,00,000.",
            ),
            web.card(
                "How the signature works",
                web.steps(
                    "Take every field but HASH, sort the keys, join them as KEY=VALUE with ~.",
                    "Append your salt and take the SHA-256, in upper-case hex: that is HASH.",
                    "The gateway does the same with its copy of your salt; a changed field gives another hash.",
                    "Responses come back as ENCDATA, AES-256-CBC encrypted with a key derived from your key "
                    "salt; this app decrypts them and checks their HASH the same way.",
                ),
            ),
            web.webhook_note(config),
            web.test_data("cards", "upi", "bank"),
            web.card(
                "Payout test data",
                web.paragraph("UPI ID success@upi is processed (000), failure@upi fails (004), "
                              "pending@upi stays pending (026)."),
                web.paragraph("Account 000000000004 is declined by the beneficiary bank (004), "
                              "000000000026 stays pending (026); any other valid account is processed with a UTR."),
            ),
        ],
        lead="Payments on the hosted page, status enquiries, refunds and payouts, signed with your salt on the server.",
    )


# paystra:region payment-request
@app.post("/pay")
def pay(req):
    order = {
        "ORDER_ID": paystra.new_order_id("SK"),  # unique per merchant: SK + milliseconds
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
    order_id = fields.get("ORDER_ID", "")
    return web.verified_answer(
        req, app.layout, "Payment result", fields, headline=web.payment_headline(fields),
        extra=web.join([web.status_link(order_id), web.refund_link(order_id) if paystra.is_success(fields) else ""]),
    )
# paystra:endregion


@app.get("/status", json_first=True)
def status(req):
    order_id = validation.order_id(req.query.get("order_id"), "order_id")
    fields = client.status(order_id)
    orders.enquired(fields)  # moves a known order forward, like the return and the webhook
    return web.verified_answer(req, app.layout, "Status enquiry", fields)


@app.post("/refund", json_first=True)
def refund(req):
    # ORDER_ID, AMOUNT in paise: a signed TXNTYPE REFUND, its answer verified (web.refund).
    return web.refund(app, client, req)


# paystra:region webhook
@app.post("/webhook", json_first=True)
def webhook(req):
    # req.body is the raw bytes as they arrived: the signature covers them, not parsed JSON.
    try:
        event = client.verify_webhook(req.body, req.headers.get(paystra.SIGNATURE_HEADER))
    except paystra.WebhookError as error:
        # 400 {"received": false, "reason": "signature-mismatch", "error": "The signature does..."}
        return web.webhook_refused(error)
    # An event id seen before changes nothing (delivery is at least once); payment.* moves its
    # order forward only; settlement.processed is recorded (GET /settlements/<SETTLEMENT_ID>) and
    # moves no order. Answer 2xx quickly: the gateway retries anything else.
    return web.json_response(orders.receive(event))
# paystra:endregion


# paystra:region dispute-answer
@app.post(web.ACCEPT_DISPUTE_PATH)
def accept_dispute(req):
    # The order page's "Accept dispute": LOST at once; dispute.lost follows as a webhook.
    return dispute_answered(req, client.accept_dispute(req.form.get("DISPUTE_ID", "").strip()))


@app.post(web.CONTEST_DISPUTE_PATH)
def contest_dispute(req):
    # The order page's "Contest dispute": UNDER_REVIEW until the first settlement run after
    # RESPOND_BY decides (a document, sent with client.contest_dispute's file, can win 13.1).
    dispute_id, evidence = req.form.get("DISPUTE_ID", "").strip(), req.form.get("EVIDENCE", "")
    return dispute_answered(req, client.contest_dispute(dispute_id, evidence))


def dispute_answered(req, answer):
    # Verified like every answer. No event announces UNDER_REVIEW, so the order records the answer's
    # STATUS itself; a refusal (349: past RESPOND_BY, 348: answered already) is shown as it is.
    if answer.get("RESPONSE_CODE") != "000" or orders.disputed(answer) is None:
        return web.verified_answer(req, app.layout, "Dispute not answered", answer)
    if req.answer_json:
        return web.json_response({"verified": True, "fields": answer})
    return web.redirect("/orders/" + quote(answer["ORDER_ID"], safe=""))
# paystra:endregion


@app.post("/payout", json_first=True)
def payout(req):
    form = req.form
    mode = validation.one_of(form.get("TRANSFER_MODE"), TRANSFER_MODES, "TRANSFER_MODE")
    request = {
        "PAYOUT_ID": validation.order_id(form["PAYOUT_ID"], "PAYOUT_ID")
        if form.get("PAYOUT_ID", "").strip()
        else paystra.new_order_id("PO"),
        "AMOUNT": validation.amount(form.get("AMOUNT")),
        "TRANSFER_MODE": mode,
        "BENEFICIARY_NAME": validation.required(form, "BENEFICIARY_NAME"),
    }
    if mode == "UPI":
        request["BENEFICIARY_VPA"] = validation.required(form, "BENEFICIARY_VPA")
    else:
        request["BENEFICIARY_ACCOUNT"] = validation.required(form, "BENEFICIARY_ACCOUNT")
        request["BENEFICIARY_IFSC"] = validation.required(form, "BENEFICIARY_IFSC").upper()
    if form.get("REMARKS", "").strip():
        request["REMARKS"] = validation.required(form, "REMARKS")
    request["NOTIFY_URL"] = config.notify_url  # payout.processed or payout.failed arrive at /webhook
    # The gateway checks the account, IFSC, VPA and the mode's limits and answers with a code.
    fields = client.payout(request)
    return web.verified_answer(
        req, app.layout, "Payout", fields,
        headline=web.headline(fields, "Payout processed", "Payout pending", "Payout failed"),
    )


if __name__ == "__main__":
    app.run()
