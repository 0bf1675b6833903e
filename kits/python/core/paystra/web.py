"""
What every example web app shares: routing on the standard library's ThreadingHTTPServer,
request parsing (urlencoded, JSON, plain text), JSON-or-HTML answers, error pages, and one clean
HTML layout in which every value is escaped. The examples hold only their own routes.
"""

import base64
import hashlib
import html
import json
import os
import sys
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union
from urllib.parse import parse_qs, unquote, urlsplit

from .client import Client, SignedForm
from .config import Config
from .errors import (
    ConfigError,
    GatewayError,
    GatewayUnavailable,
    InvalidInput,
    VerificationError,
)
from .money import rupees
from .orders import OrderStore
from .webhook import SIGNATURE_HEADER, WebhookError

MAX_BODY_BYTES = 64 * 1024


# ---- safe HTML ----


class Html(str):
    """Markup that is already safe: never escaped again."""


def e(value: object) -> Html:
    """Escapes a value for HTML text or a quoted attribute (Html passes through as it is)."""
    if isinstance(value, Html):
        return value
    return Html(html.escape("" if value is None else str(value), quote=True))


def h(template: str, *args: object, **values: object) -> Html:
    """Formats a trusted template with every argument escaped: h("<b>{}</b>", name)."""
    return Html(template.format(*(e(a) for a in args), **{k: e(v) for k, v in values.items()}))


def join(parts: Iterable[object]) -> Html:
    return Html("".join(e(part) for part in parts))


# ---- requests and responses ----


class HttpError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Request:
    def __init__(self, method: str, target: str, headers: Mapping[str, str], body: bytes, json_first: bool) -> None:
        parts = urlsplit(target)
        self.method = method
        self.path = parts.path or "/"
        self.query = _single_values(parse_qs(parts.query, keep_blank_values=True), strict=False)
        self.headers = headers
        self.body = body
        self.json_first = json_first
        self.content_type = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
        self.tail = ""
        """What a `/*` route matched: the last path segment, URL-decoded."""
        self._form: Optional[Dict[str, str]] = None

    @property
    def form(self) -> Dict[str, str]:
        """The posted fields, urlencoded or a JSON object; a field given twice is refused."""
        if self._form is None:
            self._form = self._parse_form()
        return self._form

    @property
    def text(self) -> str:
        try:
            return self.body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise HttpError(400, "the request body is not UTF-8") from error

    @property
    def answer_json(self) -> bool:
        """
        JSON when the client asks for it (or posted JSON); HTML when it asks for HTML (a browser);
        otherwise what the route is mostly for (json_first: the API routes).
        """
        accept = (self.headers.get("Accept") or "").lower()
        if "application/json" in accept or self.content_type == "application/json":
            return True
        if "text/html" in accept:
            return False
        return self.json_first

    def _parse_form(self) -> Dict[str, str]:
        if self.content_type == "application/json":
            try:
                data = json.loads(self.text or "{}")
            except ValueError as error:
                raise HttpError(400, "the request body is not valid JSON") from error
            if not isinstance(data, dict):
                raise HttpError(400, "the JSON body must be an object of fields")
            fields = {}
            for key, value in data.items():
                if isinstance(value, bool) or not isinstance(value, (str, int)):
                    raise HttpError(400, f"{key} must be a string")
                fields[key] = str(value)
            return fields
        if self.content_type in ("application/x-www-form-urlencoded", ""):
            return _single_values(parse_qs(self.text, keep_blank_values=True), strict=True)
        return {}


def _single_values(parsed: Dict[str, List[str]], strict: bool) -> Dict[str, str]:
    values = {}
    for key, given in parsed.items():
        if strict and len(given) > 1:
            # Which of two amounts was meant? Guessing is how a tampered form gets through.
            raise HttpError(400, f"{key} was sent more than once")
        values[key] = given[0]
    return values


class Response:
    def __init__(self, status: int, body: Union[str, bytes], content_type: str) -> None:
        self.status = status
        self.body = body.encode("utf-8") if isinstance(body, str) else body
        self.content_type = content_type
        self.headers: Dict[str, str] = {}


def json_response(data: object, status: int = 200) -> Response:
    return Response(status, json.dumps(data, ensure_ascii=False, indent=2), "application/json; charset=utf-8")


def redirect(location: str) -> Response:
    response = Response(303, "", "text/plain; charset=utf-8")
    response.headers["Location"] = location
    return response


Handler = Callable[[Request], Response]


# ---- the layout ----

AUTO_SUBMIT = "document.forms[0].submit()"
_AUTO_SUBMIT_HASH = base64.b64encode(hashlib.sha256(AUTO_SUBMIT.encode()).digest()).decode()

# kits/shared/example.css, the one stylesheet every kit language's examples use, read on the first
# page. A downloaded kit ships it as core/example.css; in the Paystra repository it is kits/shared.
_CORE = Path(__file__).resolve().parent.parent
STYLE_FILES = (_CORE / "example.css", _CORE.parent.parent / "shared" / "example.css")
_style: Optional[Html] = None


def example_style() -> Html:
    global _style
    if _style is None:
        found = next((file for file in STYLE_FILES if file.is_file()), None)
        if found is None:
            raise FileNotFoundError(f"Missing {STYLE_FILES[0]}: the examples' stylesheet")
        _style = Html(found.read_text(encoding="utf-8"))
    return _style


class Layout:
    """The chrome of every page of one example: its name in the header, the sandbox notice below."""

    def __init__(self, kit_name: str, gateway_origin: str = "") -> None:
        self.kit_name = kit_name
        self.gateway_origin = gateway_origin

    def page(self, title: str, body: Html, status: int = 200, lead: str = "") -> Response:
        document = h(
            """<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title} · {kit}</title>
<style>{style}</style>
</head>
<body>
<header class="top"><div class="wrap">
<a class="brand" href="/">Paystra <span>{kit}</span></a>
<span class="badge">Sandbox</span>
</div></header>
<main class="wrap">
<h1>{title}</h1>
{lead}
{body}
</main>
<footer class="wrap">
<p>Test mode: no real money moves. Amounts travel in paise, the smallest unit of the rupee:
AMOUNT 100 is ₹1.00. Every request is signed with your salt on this server; the salt never
reaches the browser.</p>
</footer>
</body>
</html>
""",
            title=title,
            kit=self.kit_name,
            style=example_style(),
            lead=h('<p class="lead">{}</p>', lead) if lead else Html(""),
            body=body,
        )
        response = Response(status, document, "text/html; charset=utf-8")
        form_targets = " ".join(filter(None, ["'self'", self.gateway_origin]))
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; img-src 'self' http: https: data:; style-src 'unsafe-inline'; "
            f"script-src 'sha256-{_AUTO_SUBMIT_HASH}'; form-action {form_targets}; "
            "frame-ancestors 'none'; base-uri 'none'"
        )
        return response


# ---- page parts ----


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


# ---- orders and webhooks ----


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
    return card(
        "Webhooks",
        h(
            "<p>This server also listens at <code>/webhook</code> for the gateway’s signed events, which "
            "tell it each outcome even when the customer’s browser never comes back. {} <code>APP_URL</code> "
            "must be an address the gateway can reach. See an order as this app recorded it at "
            "<code>/orders/&lt;ORDER_ID&gt;</code>.</p>",
            notify,
        ),
    )


def order_store(app: "App", example: str) -> OrderStore:
    """The example's order book (<data dir>/<example>-orders.json) and GET /orders/<ORDER_ID>."""
    store = OrderStore(Path(app.config.data_dir) / f"{example}-orders.json")
    if not app.config.webhook_secret:
        print(
            "paystra: PAYSTRA_WEBHOOK_SECRET is not set: webhooks are off (requests carry no NOTIFY_URL "
            "and /webhook refuses every event) until it is set",
            file=sys.stderr,
        )

    @app.get("/orders/*", json_first=True)
    def order(req: Request) -> Response:
        found = store.get(req.tail)
        return json_response(found) if found else json_response({"error": "No such order"}, 404)

    return store


def receive_webhook(client: Client, store: OrderStore, req: Request) -> Response:
    """
    POST /webhook: the raw body verified against X-Paystra-Signature (400 with the reason when
    refused), then applied once and forward only.
    """
    try:
        event = client.verify_webhook(req.body, req.headers.get(SIGNATURE_HEADER))
    except WebhookError as error:
        return webhook_refused(error)
    return json_response(store.receive(event))


def webhook_refused(error: WebhookError) -> Response:
    # Not 2xx, so the gateway retries; the reason in its delivery log tells a developer what to fix.
    return json_response({"received": False, "reason": error.reason, "error": str(error)}, 400)


def track_orders(app: "App", client: Client, example: str) -> OrderStore:
    """Everything an example needs for webhooks: the order book, GET /orders/<id> and POST /webhook."""
    store = order_store(app, example)
    app.post("/webhook", json_first=True)(lambda req: receive_webhook(client, store, req))
    return store


# ---- the application ----


class App:
    """Routes of one example, its page layout, and the error answers they all share."""

    def __init__(self, kit_name: str, config: Config) -> None:
        self.config = config
        self.layout = Layout(kit_name, _origin(config.base_url))
        self.routes: Dict[Tuple[str, str], Tuple[Handler, bool]] = {}

    def page(self, title: str, body: object, status: int = 200, lead: str = "") -> Response:
        content = join(body) if isinstance(body, (list, tuple)) else e(body)
        return self.layout.page(title, content, status, lead)

    def get(self, path: str, json_first: bool = False) -> Callable[[Handler], Handler]:
        return self._route("GET", path, json_first)

    def post(self, path: str, json_first: bool = False) -> Callable[[Handler], Handler]:
        return self._route("POST", path, json_first)

    def _route(self, method: str, path: str, json_first: bool) -> Callable[[Handler], Handler]:
        """`path` is exact, or ends in `/*`: then the last segment of the path is `req.tail` (URL-decoded)."""

        def register(handler: Handler) -> Handler:
            self.routes[(method, path)] = (handler, json_first)
            return handler

        return register

    def _find(self, method: str, path: str) -> Tuple[Optional[Tuple[Handler, bool]], str]:
        route = self.routes.get((method, path))
        if route:
            return route, ""
        prefix, _, tail = path.rpartition("/")
        return self.routes.get((method, prefix + "/*")) if tail else None, unquote(tail)

    def handle(self, method: str, target: str, headers: Mapping[str, str], body: bytes) -> Response:
        path = urlsplit(target).path or "/"
        route, tail = self._find(method, path)
        request = Request(method, target, headers, body, route[1] if route else False)
        request.tail = tail
        try:
            if route is None:
                allowed = sorted(m for m in ("GET", "POST") if self._find(m, path)[0])
                if allowed:
                    response = self.error(request, 405, "Method not allowed", f"{path} answers {' and '.join(allowed)} only.")
                    response.headers["Allow"] = ", ".join(allowed)
                    return response
                return self.error(request, 404, "Page not found", f"There is no page at {path}.")
            return route[0](request)
        except InvalidInput as error:
            return self.error(request, 400, "Please check the form", str(error))
        except VerificationError as error:
            return self.error(
                request,
                400,
                "Response not verified",
                f"This response was refused: {error}. Nothing in it can be trusted, so the order was not updated.",
                {"verified": False, "error": str(error)},
            )
        except GatewayError as error:
            return self.error(
                request,
                502,
                "The gateway refused the request",
                f"The gateway answered {error} without a signature: check PAYSTRA_PAY_ID and PAYSTRA_BASE_URL.",
                {"verified": False, "error": str(error), "fields": error.fields},
            )
        except GatewayUnavailable as error:
            return self.error(request, 502, "The gateway is unreachable", f"{error}. Is PAYSTRA_BASE_URL right?", {"verified": False, "error": str(error)})
        except HttpError as error:
            return self.error(request, error.status, "Bad request", str(error))
        except Exception:  # noqa: BLE001 (the last resort: a page, never a stack trace to the browser)
            traceback.print_exc()
            return self.error(request, 500, "Something went wrong", "The example hit an unexpected error; its console shows the details.")

    def error(self, req: Request, status: int, title: str, message: str, data: Optional[Dict[str, object]] = None) -> Response:
        if req.answer_json:
            return json_response(data if data is not None else {"error": message}, status)
        body = h('<section class="card result bad" role="alert"><h2>{}</h2><p>{}</p></section>', title, message)
        return self.layout.page(title, join([body, back_home()]), status)

    def run(self) -> None:
        """Serves until stopped (Ctrl+C), on 127.0.0.1 unless HOST says otherwise."""
        host = os.environ.get("HOST", "127.0.0.1")
        try:
            server = ThreadingHTTPServer((host, self.config.port), _handler_class(self))
        except OSError as error:
            raise SystemExit(f"paystra: cannot listen on {host}:{self.config.port}: {error.strerror}") from None
        server.daemon_threads = True
        print(
            f"{self.layout.kit_name} on http://{host}:{self.config.port} (APP_URL {self.config.app_url}), "
            f"gateway {self.config.base_url}",
            flush=True,
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()


def configure(kit_root: Union[str, Path]) -> Config:
    """The kit's configuration, or a one-line explanation and exit when it is incomplete."""
    try:
        return Config.load(kit_root)
    except ConfigError as error:
        raise SystemExit(f"paystra: {error}") from None


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _handler_class(app: App) -> type:
    class RequestHandler(BaseHTTPRequestHandler):
        server_version = "PaystraKit/1.0"
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self._serve(b"")

        def do_POST(self) -> None:
            length = self.headers.get("Content-Length", "0")
            if not length.isdigit():
                self.close_connection = True
                self._send(Response(400, "Content-Length is missing or invalid.", "text/plain; charset=utf-8"))
                return
            if int(length) > MAX_BODY_BYTES:
                self.close_connection = True
                self._send(Response(413, "The request body is too large.", "text/plain; charset=utf-8"))
                return
            self._serve(self.rfile.read(int(length)))

        def _serve(self, body: bytes) -> None:
            self._send(app.handle(self.command, self.path, self.headers, body))

        def _send(self, response: Response) -> None:
            self.send_response(response.status)
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "same-origin")
            for name, value in response.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(response.body)

        def log_message(self, format: str, *args: object) -> None:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")

    return RequestHandler
