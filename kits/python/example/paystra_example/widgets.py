"""The pieces the example pages are built from: cards, forms and fields, amounts, outcomes,
field tables, test data, the page that posts to the gateway and the answer pages."""

from typing import Mapping, Optional, Sequence, Tuple
from urllib.parse import quote

from paystra import Config, SignedForm, currency, rupees

from .escape import Html, h, join
from .exchange import Request, Response, json_response
from .layout import AUTO_SUBMIT, Layout
from .plans import has_ended


def card(title: str, *content: object, intro: str = "") -> Html:
    return h(
        '<section class="card"><h2>{}</h2>{}{}</section>',
        title,
        h("<p>{}</p>", intro) if intro else Html(""),
        join(content),
    )


def paragraph(text: str) -> Html:
    return h("<p>{}</p>", text)


def form(action: str, *fields: object, submit: str, quiet: bool = False, method: str = "post") -> Html:
    return h(
        '<form method="{}" action="{}">{}<div class="actions"><button class="button{}" type="submit">{}</button></div></form>',
        method,
        action,
        join(fields),
        " secondary" if quiet else "",
        submit,
    )


def input_field(
    label: str,
    name: str,
    value: str = "",
    *,
    kind: str = "text",
    hint: str = "",
    required: bool = False,
    pattern: str = "",
    inputmode: str = "",
    autocomplete: str = "off",
) -> Html:
    field_id = "f-" + name.lower()
    attributes = join(
        [
            h(' pattern="{}"', pattern) if pattern else "",
            h(' inputmode="{}"', inputmode) if inputmode else "",
            Html(" required") if required else "",
            h(' aria-describedby="{}-hint"', field_id) if hint else "",
        ]
    )
    return h(
        '<div class="field"><label for="{id}">{label}</label>'
        '<input id="{id}" name="{name}" type="{kind}" value="{value}" autocomplete="{autocomplete}"{attributes}>'
        "{hint}</div>",
        id=field_id,
        label=label,
        name=name,
        kind=kind,
        value=value,
        autocomplete=autocomplete,
        attributes=attributes,
        hint=h('<p class="hint" id="{}-hint">{}</p>', field_id, hint) if hint else Html(""),
    )


def amount_field(value: str = "100", name: str = "AMOUNT", label: str = "Amount (in paise)") -> Html:
    return input_field(
        label,
        name,
        value,
        hint="Paise, the smallest unit of the rupee: 100 = ₹1.00, 150000 = ₹1,500.00.",
        required=True,
        pattern="[1-9][0-9]{0,9}",
        inputmode="numeric",
    )


def textarea_field(label: str, name: str, value: str = "", hint: str = "") -> Html:
    field_id = "f-" + name.lower()
    return h(
        '<div class="field"><label for="{id}">{label}</label><textarea id="{id}" name="{name}"{described}>{value}</textarea>{hint}</div>',
        id=field_id,
        label=label,
        name=name,
        value=value,
        described=h(' aria-describedby="{}-hint"', field_id) if hint else Html(""),
        hint=h('<p class="hint" id="{}-hint">{}</p>', field_id, hint) if hint else Html(""),
    )


def radio_group(legend: str, name: str, options: Sequence[Tuple[str, str]], selected: str = "") -> Html:
    choices = join(
        h(
            '<label class="choice"><input type="radio" name="{}" value="{}"{}> {}</label>',
            name,
            value,
            Html(" checked") if value == selected else "",
            text,
        )
        for value, text in options
    )
    return h('<fieldset class="choices"><legend>{}</legend>{}</fieldset>', legend, choices)


def select_field(label: str, name: str, options: Sequence[Tuple[str, str]], selected: str = "") -> Html:
    field_id = "f-" + name.lower()
    choices = join(
        h('<option value="{}"{}>{}</option>', value, Html(" selected") if value == selected else "", text)
        for value, text in options
    )
    return h('<div class="field"><label for="{}">{}</label><select id="{}" name="{}">{}</select></div>', field_id, label, field_id, name, choices)


def grid(*parts: object) -> Html:
    return h('<div class="grid two">{}</div>', join(parts))


def customer_fields() -> Html:
    """Name, email and mobile, filled with a demo customer so a visitor can pay at once."""
    return join(
        [
            input_field("Customer name", "CUST_NAME", "Asha Verma", autocomplete="name"),
            grid(
                input_field("Email", "CUST_EMAIL", "asha.verma@example.com", kind="email", autocomplete="email"),
                input_field(
                    "Mobile",
                    "CUST_MOBILE",
                    "9876543210",
                    kind="tel",
                    hint="10 digits.",
                    pattern="[0-9]{10}",
                    inputmode="numeric",
                    autocomplete="tel-national",
                ),
            ),
        ]
    )


def money(paise: Optional[str]) -> Html:
    """₹1,500.00 with the paise the protocol carries beside it."""
    if not paise:
        return Html("")
    return h('{} <span class="muted">({} paise)</span>', rupees(paise), paise)


def money_in(amount: str, currency_code: str) -> Html:
    """An AMOUNT in its currency: rupees as money() shows them, "USD 12.34 (AMOUNT 1234)" otherwise."""
    found = currency.by_number(currency_code)
    if found is None or found == currency.INR or not amount.isascii() or not amount.isdigit():
        return money(amount)
    return h('{} {} <span class="muted">(AMOUNT {})</span>', found.code, currency.from_minor_units(amount, found), amount)


def tone(fields: Mapping[str, str]) -> str:
    code = fields.get("RESPONSE_CODE")
    if code == "000":
        return "ok"
    if fields.get("STATUS") == "Pending" or code in ("006", "026"):
        return "wait"
    return "bad"


SUMMARY_KEYS = (
    ("ORDER_ID", "Order id"),
    ("REFUND_ORDER_ID", "Refund order id"),
    ("PAYOUT_ID", "Payout id"),
    ("TXN_ID", "Transaction id"),
    ("AMOUNT", "Amount"),
    ("REFUNDED_AMOUNT", "Refunded so far"),
    ("STATUS", "Status"),
    ("RESPONSE_CODE", "Response code"),
    ("RESPONSE_MESSAGE", "Message"),
    ("PAYMENT_TYPE", "Payment type"),
    ("MOP_TYPE", "Method (MOP_TYPE)"),
    ("TRANSFER_MODE", "Transfer mode"),
    ("UTR", "UTR"),
    ("RESPONSE_DATE_TIME", "Date and time"),
)


def outcome(fields: Mapping[str, str], headline: str) -> Html:
    """A coloured panel saying how it ended, with the fields a merchant looks at."""
    rows = join(
        h("<dt>{}</dt><dd>{}</dd>", label, money(fields[key]) if key.endswith("AMOUNT") else fields[key])
        for key, label in SUMMARY_KEYS
        if fields.get(key)
    )
    return h(
        '<section class="card result {tone}" aria-labelledby="outcome-title"><h2 id="outcome-title">{headline}</h2>'
        '<p>RESPONSE_CODE {code}: {message}</p></section>'
        '<section class="card"><h2>Details</h2><dl class="facts">{rows}</dl></section>',
        tone=tone(fields),
        headline=headline,
        code=fields.get("RESPONSE_CODE", "none"),
        message=fields.get("RESPONSE_MESSAGE", ""),
        rows=rows,
    )


def fields_table(fields: Mapping[str, str], title: str = "Every field, as the gateway signed it") -> Html:
    rows = join(
        h('<tr><th scope="row">{}</th><td><code>{}</code></td></tr>', key, value) for key, value in fields.items()
    )
    return h(
        '<section class="card"><details><summary>{}</summary><div class="scroll"><table>'
        "<caption>HASH covers every other field; it was checked before this page was shown.</caption>"
        "<tbody>{}</tbody></table></div></details></section>",
        title,
        rows,
    )


def test_data(*kinds: str) -> Html:
    """The sandbox's test data for the methods an example offers: cards, upi, bank."""
    parts = {
        "cards": h(
            "<h3>Cards</h3><ul class=\"steps\"><li><code>4111 1111 1111 1111</code> succeeds (000)</li>"
            "<li><code>4000 0000 0000 0002</code> is declined (004)</li>"
            "<li><code>4000 0000 0000 9995</code> lacks funds (020)</li>"
            "<li>Any future expiry, any 3-digit CVV, any name.</li></ul>"
        ),
        "upi": h(
            "<h3>UPI</h3><ul class=\"steps\"><li><code>success@upi</code> pays (000)</li>"
            "<li><code>failure@upi</code> fails (004)</li><li><code>pending@upi</code> stays pending (026)</li></ul>"
        ),
        "bank": h(
            "<h3>Net banking and wallets</h3><p>The sandbox's bank page offers <strong>Success</strong> (000) "
            "and <strong>Failure</strong> (004). Cancelling on the payment page answers 010.</p>"
        ),
    }
    return card("Test data", join(parts[kind] for kind in kinds), intro="The sandbox decides the outcome from what you enter:")


def auto_submit(layout: Layout, signed: SignedForm, title: str, summary: Html) -> Response:
    """
    The page that hands the customer to the gateway: ONE form of hidden fields, posted at once by
    a one-line script, with a button for browsers that run no script.
    """
    hidden = join(
        h('<input type="hidden" name="{}" value="{}">', key, value) for key, value in signed.fields.items()
    )
    body = h(
        '<section class="card">{summary}<form method="post" action="{action}">{hidden}'
        '<div class="actions"><button class="button" type="submit">Continue to Paystra</button>'
        '<span class="hint">Taking you to the secure payment page…</span></div></form></section>'
        "<script>{script}</script>",
        summary=summary,
        action=signed.action,
        hidden=hidden,
        script=Html(AUTO_SUBMIT),
    )
    return layout.page(title, body)


def steps(*items: object) -> Html:
    """An ordered list of how the example works."""
    return h('<ol class="steps">{}</ol>', join(h("<li>{}</li>", item) for item in items))


def status_form(
    hint: str = "The ORDER_ID of any payment made through this merchant.", title: str = "Status enquiry"
) -> Html:
    return card(
        title,
        form(
            "/status",
            input_field("Order id", "order_id", "", hint=hint, required=True, pattern="[A-Za-z0-9:/@_-]{1,50}"),
            submit="Check status",
            quiet=True,
            method="get",
        ),
        intro="Asks the gateway, server to server, how an order stands (POST /pgws/transact, TXNTYPE STATUS). "
        "Trust this, not the browser, before you ship.",
    )


def refund_form(order_id: str = "", title: str = "Refund an order") -> Html:
    """POST /refund: ORDER_ID, AMOUNT in paise and an optional REFUND_ORDER_ID."""
    return card(
        title,
        form(
            "/refund",
            input_field("Order id", "ORDER_ID", order_id, required=True, hint="The ORDER_ID of the captured payment."),
            amount_field("400", label="Amount to refund (in paise)"),
            input_field(
                "Refund order id", "REFUND_ORDER_ID", "",
                hint="Optional: your own reference, unique per refund. One is made when left empty.",
            ),
            submit="Refund",
        ),
        intro="Gives back all or part of a captured payment (POST /pgws/transact, TXNTYPE REFUND). "
        "Partial refunds add up: the gateway refuses one that goes beyond what is left (329).",
    )


def refund_link(order_id: str, label: str = "Refund this payment") -> Html:
    """A link to the home page with the refund form's order id filled in."""
    return h('<p class="actions"><a class="button" href="/?order_id={}">{}</a></p>', order_id, label)


def order_summary(fields: Mapping[str, str]) -> Html:
    """The order about to be paid, as the customer sees it before the gateway's page."""
    labels = (("ORDER_ID", "Order id"), ("AMOUNT", "Amount"), ("CUST_NAME", "Customer"), ("CUST_EMAIL", "Email"))
    rows = join(
        h("<dt>{}</dt><dd>{}</dd>", label, money(fields[key]) if key == "AMOUNT" else fields[key])
        for key, label in labels
        if fields.get(key)
    )
    return h('<dl class="facts">{}</dl>', rows)


def headline(fields: Mapping[str, str], ok: str, pending: str, failed: str) -> str:
    """The panel's title for the answer's tone: success (000), still pending, or anything else."""
    return {"ok": ok, "wait": pending}.get(tone(fields), failed)


def payment_headline(fields: Mapping[str, str]) -> str:
    return headline(fields, "Payment successful", "Payment pending", "Payment failed")


def status_link(order_id: str) -> Html:
    return h(
        '<p class="actions"><a class="button secondary" href="/status?order_id={}">Check its status with the gateway</a></p>',
        order_id,
    )


def verified_answer(
    req: Request,
    layout: Layout,
    title: str,
    fields: Mapping[str, str],
    extra: object = "",
    headline: str = "",
    first: object = "",
) -> Response:
    """
    A verified answer: JSON {"verified": true, "fields": ...} or the outcome page (`first` above
    the outcome panel, `extra` below it).
    """
    if req.answer_json:
        return json_response({"verified": True, "fields": dict(fields)})
    body = join([first, outcome(fields, headline or title), extra, fields_table(fields), back_home()])
    return layout.page(title, body)


def back_home() -> Html:
    return Html('<p><a class="button secondary" href="/">Back to the start</a></p>')


def webhook_note(config: Config) -> Html:
    """
    The home page's word on webhooks: where the app listens and where NOTIFY_URL points (only once
    PAYSTRA_WEBHOOK_SECRET is set do the requests carry it).
    """
    url = h('<code class="mono">NOTIFY_URL={}</code>', config.webhook_url)
    if config.notify_url:
        notify = h("The requests it sends carry {}.", url)
    else:
        notify = h(
            "Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal, not the salt) and the "
            "requests it sends carry {}.",
            url,
        )
    webhooks = card(
        "Webhooks",
        h(
            "<p>This server also listens at <code>/webhook</code> for the gateway’s signed events, which "
            "tell it each outcome even when the customer’s browser never comes back. {} <code>APP_URL</code> "
            "must be an address the gateway can reach. See an order as this app recorded it at "
            "<code>/orders/&lt;ORDER_ID&gt;</code>.</p>",
            notify,
        ),
    )
    # Every example serves the payment-link pages (web.order_store adds them).
    paylinks = card(
        "Pay by link",
        Html('<p class="actions"><a class="button" href="/paylinks">Send a payment link</a></p>'),
        intro="No checkout needed: send the customer a payment link for an order, by email, SMS or chat. "
        "They pay on Paystra's page, and the signed paylink.paid webhook marks the order paid here.",
    )
    # And the monthly plan's (web.subscription_routes, added by web.order_store too).
    subscriptions = card(
        "Monthly plan",
        Html('<p class="actions"><a class="button" href="/subscriptions">Subscribe monthly</a></p>'),
        intro="Charge a customer every month by UPI AutoPay: they approve the mandate once on Paystra's page, "
        "and the signed subscription.* webhooks record each month's debit here.",
    )
    return join([webhooks, paylinks, subscriptions])


def order_status_text(order: Mapping[str, object]) -> str:
    """An order's status as a person reads it: an order sent as a payment link is "awaiting payment" until it ends."""
    if order.get("paylink") and order["status"] == "created":
        return "awaiting payment"
    return str(order["status"])


# The tone of each link STATUS: waiting for the customer, paid, or ended unpaid.
_LINK_TONES = {"CREATED": "wait", "PAID": "ok", "EXPIRED": "bad", "CANCELLED": "bad"}


def _short_url(url: str) -> Html:
    """A short URL as a link when it is one (http or https), else as text."""
    if url.lower().startswith(("http://", "https://")):
        return h('<a class="mono" href="{}">{}</a>', url, url)
    return h('<code class="mono">{}</code>', url)


def paylink_card(order: Mapping[str, object], cancel_path: str = "", status_path: str = "") -> Html:
    """
    An order's payment link: the short URL to send the customer, the link's state, a link that asks
    the gateway how it stands, and while nobody has paid it, the "Cancel link" form. In a shop, only
    its staff see this.
    """
    link = order["paylink"]
    awaiting = order["status"] == "created"
    paid_by = (
        h("<dt>Paid by</dt><dd>Transaction <code>{}</code>, payment <code>{}</code></dd>", link["txn_id"], link["payment_order_id"])
        if link.get("txn_id")
        else Html("")
    )
    facts = h(
        '<dl class="facts"><dt>Short URL</dt><dd>{}</dd><dt>Link status</dt><dd><span class="status {}">{}</span></dd>'
        "<dt>Payment link id</dt><dd><code>{}</code></dd><dt>Description</dt><dd>{}</dd><dt>Expires</dt><dd>{}</dd>{}</dl>",
        _short_url(str(link["short_url"])),
        _LINK_TONES.get(str(link["status"]), "wait"),
        link["status"],
        link["paylink_id"],
        link["description"],
        link.get("expire_by") or "Never",
        paid_by,
    )
    if awaiting:
        notice = h(
            '<p class="notice wait" role="status"><strong>Awaiting payment.</strong> Send the customer the short URL '
            "(by email, SMS or chat): they pay on Paystra's page, and the paylink.paid webhook marks this order paid.</p>"
        )
    elif order["status"] == "paid":
        notice = h('<p class="notice ok" role="status"><strong>Paid by link.</strong> Ship the order.</p>')
    else:
        notice = h('<p class="notice bad" role="status"><strong>Link {}.</strong> Nobody can pay it any more.</p>', order["status"])
    actions = []
    if status_path:
        actions.append(h('<p class="actions"><a class="button" href="{}?order_id={}">Check the link with the gateway</a></p>',
                         status_path, quote(str(order["order_id"]), safe="")))
    if cancel_path and awaiting:
        hidden = h('<input type="hidden" name="ORDER_ID" value="{}">', order["order_id"])
        actions.append(form(cancel_path, hidden, submit="Cancel link", quiet=True))
    return h('<section class="card"><h2>Payment link</h2>{}{}{}</section>', notice, facts, join(actions))


def paylinks_page(links: Sequence[Mapping[str, object]], config: Config, create_path: str = "/paylinks") -> Html:
    """GET /paylinks: the form that sends a payment link (POSTed to create_path) and the links sent so far."""
    webhooks_off = (
        Html("")
        if config.notify_url
        else h(
            '<p class="notice wait" role="status">PAYSTRA_WEBHOOK_SECRET is not set, so links carry no NOTIFY_URL and '
            "no paylink.* webhook reaches this app: an order's “Check the link with the gateway” updates it.</p>"
        )
    )
    send = card(
        "Send a payment link",
        webhooks_off,
        form(
            create_path,
            grid(
                amount_field("24900"),
                input_field(
                    "Description", "DESCRIPTION", "Invoice 42: two chai sets", required=True,
                    hint="What the customer pays for, as the link's page shows it: 1 to 255 characters.",
                ),
            ),
            grid(
                input_field("Customer name (optional)", "CUST_NAME", "Asha Verma", autocomplete="name"),
                input_field("Email (optional)", "CUST_EMAIL", "asha.verma@example.com", kind="email", autocomplete="email"),
            ),
            grid(
                input_field(
                    "Mobile (optional)", "CUST_PHONE", "9876543210", kind="tel", hint="10 digits.",
                    pattern="[0-9]{10}", inputmode="numeric", autocomplete="tel-national",
                ),
                select_field("Expires", "EXPIRES_IN", (("", "Never"), ("1", "In 1 day"), ("7", "In 7 days"))),
            ),
            submit="Create payment link",
        ),
        intro="This example makes an order, whose ORDER_ID is the link's REFERENCE_ID, and asks the gateway for a "
        "link in a signed request. The answer's SHORT_URL is what you send the customer.",
    )
    rows = [
        h(
            '<tr><td><a href="/orders/{}"><code>{}</code></a></td><td>{}</td><td><span class="status {}">{}</span></td><td>{}</td></tr>',
            quote(str(order["order_id"]), safe=""),
            order["order_id"],
            money(str(order["amount"])),
            _LINK_TONES.get(str(order["paylink"]["status"]), "wait"),
            order_status_text(order),
            _short_url(str(order["paylink"]["short_url"])),
        )
        for order in links
    ]
    table = _list_table(("Order", "Amount", "Status", "Short URL"), rows)
    return join([send, card("Links sent", table), back_home()])


def order_page(
    order: Mapping[str, object], accept_path: str = "", contest_path: str = "", paylink_cancel_path: str = "",
    paylink_status_path: str = "",
) -> Html:
    """
    GET /orders/<id> for a browser: the order as this example recorded it, its payment link for an
    order sent as one (with "Cancel link" posting to paylink_cancel_path while nobody has paid it),
    and its dispute (with the "Accept dispute" and "Contest dispute" forms posting to the paths
    given, while it is open).
    """
    facts = h(
        '<dl class="facts"><dt>Status</dt><dd>{}</dd><dt>Amount</dt><dd>{}</dd><dt>Updated by</dt><dd>{}</dd>'
        "<dt>Events</dt><dd>{}</dd></dl>",
        order_status_text(order),
        money(str(order["amount"])),
        order.get("updated_by") or "–",
        ", ".join(order.get("events") or []) or "none",
    )
    parts = []
    if order.get("paylink"):
        parts.append(paylink_card(order, paylink_cancel_path, paylink_status_path))
    parts.append(card("Order", facts, intro=f"Order {order['order_id']} as this example recorded it."))
    dispute = order.get("dispute")
    if dispute:
        parts.append(dispute_card(dispute, accept_path, contest_path))
    parts.append(back_home())
    return join(parts)


def dispute_card(dispute: Mapping[str, str], accept_path: str = "", contest_path: str = "") -> Html:
    """The order's dispute: what the customer's bank says, by when to answer, and the answers."""
    facts = h(
        '<dl class="facts"><dt>Dispute id</dt><dd><code>{}</code></dd><dt>Status</dt><dd>{}</dd>'
        "<dt>Reason</dt><dd>{} {}</dd><dt>Amount disputed</dt><dd>{}</dd></dl>"
        "<p><strong>Respond by {}</strong> (end of the day, IST).</p>",
        dispute["dispute_id"],
        dispute["status"],
        dispute["reason_code"],
        dispute["reason"],
        money_in(dispute["amount"], dispute["currency_code"]),
        dispute["respond_by"],
    )
    answers = []
    hidden = h('<input type="hidden" name="DISPUTE_ID" value="{}">', dispute["dispute_id"])
    if accept_path and dispute["status"] == "OPEN":
        answers.append(form(accept_path, hidden, submit="Accept dispute", quiet=True))
    if contest_path and dispute["status"] == "OPEN":
        evidence = textarea_field(
            "Why the payment is valid", "EVIDENCE", hint="1 to 5,000 characters: what was delivered, when, to whom."
        )
        answers.append(form(contest_path, hidden, evidence, submit="Contest dispute"))
    return card(
        "Dispute",
        facts,
        join(answers),
        intro="The customer's bank disputes this payment; its amount is held from your settlements until it is decided. "
        "Accepting loses it at once; contesting puts your evidence before the issuer, who decides after the deadline.",
    )


# The tone of each plan status: waiting for the customer or a retry, running, or ended.
_PLAN_TONES = {
    "created": "wait", "active": "ok", "pending": "wait", "paused": "wait", "halted": "bad", "completed": "ok",
    "cancelled": "bad", "failed": "bad",
}
# What each status means for the merchant (cancelled has its own words: who cancelled).
_PLAN_NOTICES = {
    "created": ("Awaiting the mandate.", "The customer approves UPI AutoPay on Paystra's mandate page (AUTH_URL); the "
                "subscription.activated webhook then marks this plan active, and subscription.charged records each "
                "month's debit."),
    "active": ("Active.", "Each month's debit is noticed a day or two ahead (subscription.notified) and recorded here "
               "when subscription.charged says it was taken."),
    "pending": ("A debit failed.", "The gateway retries it after a notice; nothing to do yet."),
    "paused": ("Paused.", "The customer paused the mandate in their UPI app: no debit is taken until they resume it."),
    "halted": ("Halted.", "The month's last attempt failed: ask the customer to fund their account, then resume it."),
    "completed": ("Completed.", "Its last month is over: no debit is coming."),
    "failed": ("Not registered.", "The customer declined the mandate, or did not approve it within 24 hours."),
}


def plan_status_text(plan: Mapping[str, object]) -> str:
    """A plan's status as a person reads it: "awaiting the mandate" until the customer registers it."""
    return "awaiting the mandate" if plan["status"] == "created" else str(plan["status"])


def _plan_notice(plan: Mapping[str, object]) -> Html:
    if plan["status"] == "cancelled":
        by_customer = plan.get("cancelled_by") == "CUSTOMER"
        when = " on {} (IST)".format(plan["ended_at"]) if plan.get("ended_at") else ""
        return h(
            '<p class="notice bad" role="status"><strong>{}</strong> {}{}: no further debit is taken or recorded.</p>',
            "The customer cancelled." if by_customer else "Cancelled by you.",
            "They revoked the mandate in their UPI app" if by_customer else "You cancelled the mandate",
            when,
        )
    headline, detail = _PLAN_NOTICES.get(str(plan["status"]), (f"{plan['status']}.", ""))
    return h('<p class="notice {}" role="status"><strong>{}</strong> {}</p>', _PLAN_TONES.get(str(plan["status"]), "wait"), headline, detail)


def _debits_table(debits: Sequence[Mapping[str, str]]) -> Html:
    rows = [
        h(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
            debit["cycle"], debit["attempt"], money(debit["amount"]), debit["order_id"], debit["txn_id"],
            debit["charged_at"], "subscription.charged" if debit["recorded_by"] == "webhook" else "the status answer",
        )
        for debit in debits
    ]
    return _list_table(
        ("Cycle", "Attempt", "Amount", "Order id", "Transaction id", "Charged at (IST)", "Recorded from"), rows
    )


def _list_table(headings: Sequence[str], rows: Sequence[Html]) -> Html:
    """A list as a scrolling table under its column headings, or "None yet." when it is empty."""
    if not rows:
        return paragraph("None yet.")
    return h(
        '<div class="scroll"><table><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div>',
        join(h('<th scope="col">{}</th>', heading) for heading in headings),
        join(rows),
    )


def plan_page(plan: Mapping[str, object], cancel_path: str = "", status_path: str = "") -> Html:
    """
    GET /subscriptions/<SUBSCRIPTION_ID> for a browser: a monthly plan as this example recorded it,
    its next debit, the debits recorded, "Check with the gateway" (status_path) and, while it runs,
    "Cancel" (posting to cancel_path). In a shop, only its staff see this.
    """
    subscription_id = str(plan["subscription_id"])
    notice = plan.get("next_debit")
    if isinstance(notice, dict):
        attempt = "" if notice["attempt"] == "1" else ", attempt {}".format(notice["attempt"])
        next_debit = h("{} on {} (IST), cycle {}{}", money(notice["amount"]), notice["debit_at"], notice["cycle"], attempt)
    else:
        next_debit = h("None: the plan has ended") if has_ended(plan["status"]) else h("No notice yet")
    cancelled_by = (
        h("<dt>Cancelled by</dt><dd>{}</dd>",
          "the customer (CUSTOMER)" if plan["cancelled_by"] == "CUSTOMER" else "you (MERCHANT)")
        if plan.get("cancelled_by")
        else Html("")
    )
    facts = h(
        '<dl class="facts"><dt>Subscription id</dt><dd><code>{}</code></dd><dt>Your reference</dt><dd><code>{}</code></dd>'
        "<dt>Plan</dt><dd>{}</dd><dt>Amount</dt><dd>{} a month ({}, {})</dd><dt>Starts</dt><dd>{}</dd>"
        '<dt>Status</dt><dd><span class="status {}">{}</span></dd>{}<dt>Next debit</dt><dd>{}</dd>'
        "<dt>Mandate page</dt><dd>{}</dd><dt>Updated by</dt><dd>{}</dd><dt>Events</dt><dd>{}</dd></dl>",
        subscription_id, plan["subscription_ref"], plan["description"], money(str(plan["amount"])), plan["frequency"],
        plan["method"], plan["start_date"], _PLAN_TONES.get(str(plan["status"]), "wait"), plan_status_text(plan),
        cancelled_by, next_debit, _short_url(str(plan["auth_url"])), plan.get("updated_by") or "–",
        ", ".join(plan.get("events") or []) or "none",  # type: ignore[arg-type]
    )
    actions = []
    if status_path:
        actions.append(h('<p class="actions"><a class="button" href="{}?subscription_id={}">Check with the gateway</a></p>',
                         status_path, quote(subscription_id, safe="")))
    if cancel_path and not has_ended(plan["status"]):
        hidden = h('<input type="hidden" name="SUBSCRIPTION_ID" value="{}">', subscription_id)
        actions.append(form(cancel_path, hidden, submit="Cancel", quiet=True))
    return join([
        h('<section class="card"><h2>Monthly plan</h2>{}{}{}</section>', _plan_notice(plan), facts, join(actions)),
        card("Debits recorded", _debits_table(plan["debits"])),  # type: ignore[arg-type]
        Html('<p><a class="button secondary" href="/subscriptions">All subscriptions</a></p>'),
        back_home(),
    ])


def subscriptions_page(plans: Sequence[Mapping[str, object]], config: Config, plan: Mapping[str, str],
                       create_path: str = "/subscriptions") -> Html:
    """GET /subscriptions: the "Subscribe monthly" form (POSTed to create_path) and the plans made so far."""
    webhooks_off = (
        Html("")
        if config.notify_url
        else h(
            '<p class="notice wait" role="status">PAYSTRA_WEBHOOK_SECRET is not set, so subscriptions carry no NOTIFY_URL '
            "and no subscription.* webhook reaches this app: a plan's “Check with the gateway” updates it.</p>"
        )
    )
    subscribe = card(
        "Subscribe monthly",
        h("<p>{}: <strong>{} a month</strong> by UPI AutoPay.</p>", plan["DESCRIPTION"], rupees(plan["AMOUNT"])),
        webhooks_off,
        form(
            create_path,
            input_field("Customer name", "CUST_NAME", "Asha Verma", required=True, autocomplete="name"),
            grid(
                input_field("Email", "CUST_EMAIL", "asha.verma@example.com", kind="email", required=True, autocomplete="email"),
                input_field(
                    "Mobile", "CUST_PHONE", "9876543210", kind="tel", hint="10 digits.", required=True,
                    pattern="[0-9]{10}", inputmode="numeric", autocomplete="tel-national",
                ),
            ),
            submit="Subscribe monthly",
        ),
        h(
            '<p class="hint">On the sandbox\'s mandate page, approve with the UPI ID <code>success@upi</code> and any 4- or '
            "6-digit UPI PIN; <code>nofunds@upi</code> registers but every later debit fails (020), "
            "<code>failure@upi</code> declines (004).</p>"
        ),
        intro="This example asks the gateway for a subscription (METHOD UPI, FREQUENCY MONTHLY, START_DATE the account "
        "clock's today in IST) and sends the customer to its AUTH_URL to approve the mandate; the first month is taken "
        "with the approval.",
    )
    rows = [
        h(
            '<tr><td><a href="/subscriptions/{}"><code>{}</code></a></td><td>{}</td><td><span class="status {}">{}</span></td>'
            "<td>{}</td><td>{}</td></tr>",
            quote(str(stored["subscription_id"]), safe=""),
            stored["subscription_id"],
            stored["description"],
            _PLAN_TONES.get(str(stored["status"]), "wait"),
            plan_status_text(stored),
            len(stored["debits"]),  # type: ignore[arg-type]
            stored["next_debit"]["debit_at"] if stored.get("next_debit") else "",  # type: ignore[index]
        )
        for stored in plans
    ]
    table = _list_table(("Subscription", "Plan", "Status", "Debits", "Next debit (IST)"), rows)
    return join([subscribe, card("Subscriptions made", table), back_home()])


def subscription_return_page(fields: Mapping[str, str], plan: Optional[Mapping[str, object]]) -> Html:
    """
    POST /subscriptions/return, the RETURN_URL: what the mandate page posted, its HASH verified. It
    says how the subscription stood then; the plan itself is moved by the webhooks only.
    """
    if plan:
        debits = len(plan["debits"])  # type: ignore[arg-type]
        recorded = h(
            '<p>This example has recorded the plan as <span class="status {}">{}</span> with {} debit{}; the webhooks '
            'move it, not this page.</p><p class="actions"><a class="button" href="/subscriptions/{}">See the plan</a></p>',
            _PLAN_TONES.get(str(plan["status"]), "wait"), plan_status_text(plan), debits, "" if debits == 1 else "s",
            quote(str(plan["subscription_id"]), safe=""),
        )
    else:
        recorded = h('<p class="notice bad" role="status">This example made no subscription {}.</p>', fields.get("SUBSCRIPTION_ID", ""))
    return join([outcome(fields, "Mandate {}".format(fields.get("STATUS", ""))), card("As this example recorded it", recorded),
                 fields_table(fields, "Every field, as the mandate page posted it"), back_home()])
