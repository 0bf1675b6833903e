"""
Paystra Wallet kit for Python: wallet payments through the seamless (merchant-hosted) flow. The
customer picks Paytm, Mobikwik or PhonePay on the store's own page; the store encrypts the order
and the chosen wallet into ENCDATA and the customer goes straight to that wallet's page, then
back to /response, where the outcome is decrypted and verified. Paystra also POSTs the outcome,
signed, to /webhook; each order's status is kept in data/wallet-orders.json.

Run from the kit's root: python3 wallet/app.py
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
app = web.App("Wallet kit · Python", config)
orders = web.track_orders(app, client, "wallet")  # data/wallet-orders.json, POST /webhook, GET /orders/<ORDER_ID>

# MOP_TYPE codes of the wallets the gateway offers.
WALLETS = (("PPL", "Paytm"), ("MWL", "Mobikwik"), ("PPWL", "PhonePay"))


@app.get("/")
def home(req):
    return app.page(
        "Pay with a wallet",
        [
            web.card(
                "Checkout",
                web.form(
                    "/pay",
                    web.amount_field("100"),
                    web.radio_group("Wallet", "MOP_TYPE", WALLETS, "PPL"),
                    web.customer_fields(),
                    submit="Pay with the wallet",
                ),
                intro="The customer chooses a wallet here, on the store's page; Paystra's own page is "
                "skipped and the wallet opens directly.",
            ),
            web.card(
                "How it works",
                web.steps(
                    "The store builds the order with PAYMENT_TYPE WL and the wallet's MOP_TYPE "
                    "(PPL Paytm, MWL Mobikwik, PPWL PhonePay).",
                    "It signs the fields with HASH, then encrypts them into ENCDATA: AES-256-CBC with the "
                    "32-character key derived from your key salt and PAY_ID.",
                    "The browser posts PAY_ID and ENCDATA to the gateway's /merchantPaymentInit; "
                    "no field can be read or changed on the way.",
                    "The customer approves in the wallet, and the gateway posts the encrypted outcome back "
                    "to /response, where it is decrypted and its HASH verified.",
                ),
            ),
            web.status_form(),
            web.webhook_note(config),
            web.test_data("bank"),
        ],
        lead="Paystra's Wallet kit: Paytm, Mobikwik and PhonePay payments started from your own checkout page.",
    )


# paystra:region merchant-hosted-request
@app.post("/pay")
def pay(req):
    validation.one_of(req.form.get("PAYMENT_TYPE") or "WL", ["WL"], "PAYMENT_TYPE")  # wallets only
    wallet = validation.one_of(req.form.get("MOP_TYPE"), [code for code, _ in WALLETS], "MOP_TYPE")
    order = {
        "ORDER_ID": paystra.new_order_id("WL"),  # unique per merchant: WL + milliseconds
        "AMOUNT": validation.amount(req.form.get("AMOUNT")),  # paise: "100" is ₹1.00
        **validation.customer(req.form),  # CUST_NAME, CUST_EMAIL, CUST_MOBILE when given
        "NOTIFY_URL": config.notify_url,  # encrypted with the rest; left out without a webhook secret
    }
    orders.create(order["ORDER_ID"], order["AMOUNT"])  # status "created" until an outcome arrives
    # Adds PAY_ID, CURRENCY_CODE, TXNTYPE and RETURN_URL; PAYMENT_TYPE WL with the wallet's MOP_TYPE;
    # signs them with HASH and encrypts everything into ENCDATA. Only PAY_ID travels in clear.
    signed = client.merchant_hosted_request(order, "WL", wallet)
    # One form (PAY_ID, ENCDATA) posted to {PAYSTRA_BASE_URL}/merchantPaymentInit by the browser.
    return web.auto_submit(app.layout, signed, "Opening your wallet", web.order_summary(order))
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
