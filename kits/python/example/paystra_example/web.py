"""
What every example web app shares (not part of the paystra library a merchant installs): routing on the standard library's ThreadingHTTPServer, error
answers, the order store, webhook, payment-link and subscription routes. The pages come from escape (Html, h), exchange
(requests and answers), layout (the page frame and its stylesheet) and widgets (the page parts),
all re-exported here so the examples keep writing web.card(...). The examples hold only their
own routes.
"""

import os
import sys
import traceback
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Dict, Mapping, Optional, Tuple, Union
from urllib.parse import quote, unquote, urlsplit

from paystra import (
    SIGNATURE_HEADER,
    Client,
    Config,
    ConfigError,
    GatewayError,
    GatewayUnavailable,
    InvalidInput,
    VerificationError,
    WebhookError,
    new_order_id,
    validation,
    verify,
)

from .order_store import OrderStore
from .plans import MONTHLY_PLAN

# The parts the examples build their pages from, all reachable as web.* (escaping, requests and
# answers, the layout, the widgets); this module adds the orders, webhooks and the server.
from .escape import Html, e, h, join  # noqa: F401
from .exchange import MAX_BODY_BYTES, Handler, HttpError, Request, Response, json_response, redirect  # noqa: F401
from .layout import AUTO_SUBMIT, STYLE_FILES, Layout, example_style  # noqa: F401
from .widgets import (  # noqa: F401
    SUMMARY_KEYS,
    amount_field,
    auto_submit,
    back_home,
    card,
    customer_fields,
    fields_table,
    form,
    grid,
    headline,
    input_field,
    money,
    money_in,
    order_page,
    order_status_text,
    order_summary,
    outcome,
    paragraph,
    paylink_card,
    paylinks_page,
    plan_page,
    plan_status_text,
    payment_headline,
    radio_group,
    refund_form,
    refund_link,
    select_field,
    status_form,
    status_link,
    steps,
    subscription_return_page,
    subscriptions_page,
    test_data,
    textarea_field,
    tone,
    verified_answer,
    webhook_note,
)

# ---- orders and webhooks ----

ACCEPT_DISPUTE_PATH = "/disputes/accept"
CONTEST_DISPUTE_PATH = "/disputes/contest"
PAYLINKS_PATH = "/paylinks"
CANCEL_PAYLINK_PATH = "/paylinks/cancel"
PAYLINK_STATUS_PATH = "/paylinks/status"
# The "Expires" choice of GET /paylinks: days from now, or never.
PAYLINK_EXPIRY_DAYS = {"": 0, "1": 1, "7": 7}
SUBSCRIPTIONS_PATH = "/subscriptions"
CANCEL_SUBSCRIPTION_PATH = "/subscriptions/cancel"
SUBSCRIPTION_STATUS_PATH = "/subscriptions/status"
SUBSCRIPTION_RETURN_PATH = "/subscriptions/return"
IST = timezone(timedelta(hours=5, minutes=30))


def order_store(app: "App", example: str, client: Optional[Client] = None) -> OrderStore:
    """
    The example's order book (<data dir>/<example>-orders.json), GET /orders/<ORDER_ID> (JSON, or
    the order's page for a browser), GET /settlements/<SETTLEMENT_ID> (as settlement.processed
    recorded it) and the payment-link routes (paylink_routes, with `client`, else a client of the
    app's configuration), and the monthly plan's (subscription_routes). The page offers "Accept
    dispute" and "Contest dispute" for an open dispute once the example has the POST routes they post
    to (the server example's).
    """
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
        if not found:
            return app.error(req, 404, "No such order", f"This example has no order {req.tail}.", {"error": "No such order"})
        if req.answer_json:
            return json_response(found)
        answers = [path if ("POST", path) in app.routes else "" for path in (ACCEPT_DISPUTE_PATH, CONTEST_DISPUTE_PATH)]
        cancel = CANCEL_PAYLINK_PATH if ("POST", CANCEL_PAYLINK_PATH) in app.routes else ""
        check = PAYLINK_STATUS_PATH if ("GET", PAYLINK_STATUS_PATH) in app.routes else ""
        title = f"Order {found['order_id']}: {order_status_text(found)}" if found.get("paylink") else f"Order {found['order_id']}"
        return app.page(title, order_page(found, *answers, paylink_cancel_path=cancel, paylink_status_path=check))


    @app.get("/settlements/*", json_first=True)
    def settlement(req: Request) -> Response:
        found = store.settlement(req.tail)
        return json_response(found) if found else json_response({"error": "No such settlement"}, 404)

    client = client or Client(app.config)
    paylink_routes(app, client, store)
    subscription_routes(app, client, store)
    return store


def paylink_routes(app: "App", client: Client, store: OrderStore) -> None:
    """
    Pay by link: GET /paylinks (the form and the links sent), POST /paylinks (a new order sent as
    a payment link), POST /paylinks/cancel and GET /paylinks/status?order_id=… The link's
    paylink.paid, paylink.expired and paylink.cancelled arrive at /webhook with the other events
    and move the order its REFERENCE_ID names. In a shop, only its staff may reach these.
    """

    @app.get(PAYLINKS_PATH)
    def paylinks(req: Request) -> Response:
        links = store.paylinks()
        if req.answer_json:
            return json_response({"paylinks": links})
        return app.page(
            "Payment links",
            paylinks_page(links, app.config, PAYLINKS_PATH),
            lead="Send a customer a link to pay an order, with no checkout on your site: they open it, pay on "
            "Paystra's page, and the signed paylink.paid webhook marks the order paid here.",
        )

    @app.post(PAYLINKS_PATH)
    def create_paylink(req: Request) -> Response:
        expires_in = req.form.get("EXPIRES_IN", "")
        if expires_in not in PAYLINK_EXPIRY_DAYS:
            raise InvalidInput("EXPIRES_IN", "EXPIRES_IN must be empty, 1 or 7 (days)")
        days = PAYLINK_EXPIRY_DAYS[expires_in]
        order_id = new_order_id("PL")  # unique per merchant: the gateway refuses a reused REFERENCE_ID (374)
        fields = client.create_paylink(
            {
                "AMOUNT": req.form.get("AMOUNT", ""),  # paise: "24900" is ₹249.00
                "DESCRIPTION": req.form.get("DESCRIPTION", ""),
                "CUST_NAME": req.form.get("CUST_NAME"),
                "CUST_EMAIL": req.form.get("CUST_EMAIL"),
                "CUST_PHONE": req.form.get("CUST_PHONE"),
                # An aware datetime; the gateway judges it against the account's clock (371).
                "EXPIRE_BY": datetime.now(timezone.utc) + timedelta(days=days) if days else None,
                "REFERENCE_ID": order_id,
                "NOTIFY_URL": app.config.notify_url,  # paylink.paid, .expired, .cancelled come to /webhook
            }
        )
        if fields.get("RESPONSE_CODE") != "000":
            # Signed refusals (370 the description, 371 the expiry, 374 the reference...): no link, no order.
            return _refused(app, req, fields, "Payment link not created")
        store.paylink_created(order_id, fields)  # status "created": awaiting payment
        if req.answer_json:
            return json_response({"verified": True, "order_id": order_id, "fields": dict(fields)})
        return redirect("/orders/" + quote(order_id, safe=""))  # the page shows the SHORT_URL

    @app.post(CANCEL_PAYLINK_PATH)
    def cancel_paylink(req: Request) -> Response:
        order_id = req.form.get("ORDER_ID", "")
        order = store.get(order_id)
        if not order or not order.get("paylink"):
            raise InvalidInput("ORDER_ID", f"order {order_id} has no payment link")
        fields = client.cancel_paylink(str(order["paylink"]["paylink_id"]))
        if fields.get("RESPONSE_CODE") != "000":
            # 373: paid, expired or cancelled already, or held by a payment the bank is confirming.
            return _refused(app, req, fields, "Payment link not cancelled")
        store.paylink_answered(fields, "cancel")  # cancelled at once; paylink.cancelled changes nothing
        if req.answer_json:
            return json_response({"verified": True, "fields": dict(fields)})
        return redirect("/orders/" + quote(order_id, safe=""))

    @app.get(PAYLINK_STATUS_PATH, json_first=True)
    def paylink_status(req: Request) -> Response:
        order_id = validation.order_id(req.query.get("order_id"), "order_id")
        fields = client.paylink_status(reference_id=order_id)
        store.paylink_answered(fields, "status")  # moves the order forward, as a webhook would
        return verified_answer(
            req, app.layout, "Payment link status", fields,
            headline=f"Payment link {fields.get('STATUS', '')}",
            extra=h('<p class="actions"><a class="button" href="/orders/{}">See the order</a></p>', quote(order_id, safe="")),
        )


def account_today(client: Client) -> str:
    """
    Today's date in IST (YYYY-MM-DD) on the account's clock, which a subscription's START_DATE is
    judged against (388): the sandbox's clock call, whose NOW runs ahead of real time once the clock
    was advanced; where the gateway has no clock to read, today's IST date.
    """
    now = datetime.now(timezone.utc)
    try:
        clock = client.clock()
        if clock.get("RESPONSE_CODE") == "000":
            now = datetime.fromisoformat(clock.get("NOW", "").replace("Z", "+00:00"))
    except (GatewayError, ValueError):
        pass
    return now.astimezone(IST).date().isoformat()


def subscription_routes(app: "App", client: Client, store: OrderStore) -> None:
    """
    The monthly plan: GET /subscriptions (the "Subscribe monthly" form and the plans made), POST
    /subscriptions (a new subscription, the customer sent to its AUTH_URL), GET
    /subscriptions/<SUBSCRIPTION_ID>, POST /subscriptions/cancel, GET
    /subscriptions/status?subscription_id=… (Check) and POST /subscriptions/return (the RETURN_URL).
    The subscription.* events arrive at /webhook with the others and move the plan. In a shop, only
    its staff may reach these but the return page, which is the customer's.
    """

    @app.get(SUBSCRIPTIONS_PATH)
    def subscriptions(req: Request) -> Response:
        made = store.plans()
        if req.answer_json:
            return json_response({"subscriptions": made})
        return app.page(
            "Subscriptions",
            subscriptions_page(made, app.config, MONTHLY_PLAN, SUBSCRIPTIONS_PATH),
            lead="A monthly plan paid by UPI AutoPay: the customer approves the mandate once on Paystra's page, and "
            "each month's debit is taken on its own, announced and recorded by signed webhooks.",
        )

    @app.post(SUBSCRIPTIONS_PATH)
    def subscribe(req: Request) -> Response:
        fields = client.create_subscription(
            {
                "SUBSCRIPTION_REF": new_order_id("SUB"),  # unique per merchant: the gateway refuses a reused one (374)
                "METHOD": "UPI",  # UPI AutoPay: the customer approves the mandate in their UPI app
                "FREQUENCY": "MONTHLY",
                "AMOUNT": MONTHLY_PLAN["AMOUNT"],  # paise: "49900" is ₹499.00 a month
                "MAX_AMOUNT": MONTHLY_PLAN["AMOUNT"],  # the most one debit may take
                "START_DATE": account_today(client),  # from today: the first month is taken on approval
                "DESCRIPTION": MONTHLY_PLAN["DESCRIPTION"],
                "CUST_NAME": req.form.get("CUST_NAME", ""),
                "CUST_EMAIL": req.form.get("CUST_EMAIL", ""),
                "CUST_PHONE": req.form.get("CUST_PHONE", ""),
                "RETURN_URL": app.config.app_url + SUBSCRIPTION_RETURN_PATH,  # the mandate page's "Return to"
                "NOTIFY_URL": app.config.notify_url,  # subscription.activated, .charged, ... come to /webhook
            }
        )
        if fields.get("RESPONSE_CODE") != "000":
            # Signed refusals (375 the customer's details, 388 the date, 374 the reference...): no plan.
            return _refused(app, req, fields, "Subscription not created")
        plan = store.plan_created(fields)  # status "created": awaiting the mandate
        if req.answer_json:
            return json_response({"verified": True, "subscription_id": plan["subscription_id"],
                                  "auth_url": plan["auth_url"], "fields": dict(fields)})
        return redirect(str(plan["auth_url"]))  # the customer approves the mandate there

    @app.get(SUBSCRIPTIONS_PATH + "/*", json_first=True)
    def subscription(req: Request) -> Response:
        plan = store.plan(req.tail)
        if not plan:
            return app.error(req, 404, "No such subscription", f"This example made no subscription {req.tail}.",
                             {"error": "No such subscription"})
        if req.answer_json:
            return json_response(plan)
        return app.page(
            f"Subscription {plan['subscription_id']}: {plan_status_text(plan)}",
            plan_page(plan, CANCEL_SUBSCRIPTION_PATH, SUBSCRIPTION_STATUS_PATH),
            lead="As this example recorded it. The subscription.* webhooks move it, each once and only forward; "
            "“Check with the gateway” reconciles it from the status answer's DEBITS when a webhook was missed.",
        )

    @app.post(CANCEL_SUBSCRIPTION_PATH)
    def cancel_subscription(req: Request) -> Response:
        subscription_id = req.form.get("SUBSCRIPTION_ID", "")
        if not store.plan(subscription_id):
            raise InvalidInput("SUBSCRIPTION_ID", f"this example made no subscription {subscription_id}")
        fields = client.cancel_subscription(subscription_id)
        if fields.get("RESPONSE_CODE") != "000":
            # 385 ended already, 326 not allowed now: nothing changed.
            return _refused(app, req, fields, "Subscription not cancelled")
        store.plan_answered(fields, "cancel")  # cancelled at once; subscription.cancelled changes nothing
        if req.answer_json:
            return json_response({"verified": True, "fields": dict(fields)})
        return redirect(SUBSCRIPTIONS_PATH + "/" + quote(subscription_id, safe=""))

    @app.get(SUBSCRIPTION_STATUS_PATH, json_first=True)
    def subscription_status(req: Request) -> Response:
        subscription_id = req.query.get("subscription_id", "")
        fields = client.subscription_status(subscription_id=subscription_id)
        # Moves the plan forward and records each CHARGED debit a missed subscription.charged did not.
        plan = store.plan_answered(fields, "status")
        if req.answer_json:
            return json_response({"verified": True, "fields": dict(fields)})
        debits = fields.get("DEBITS")
        shown = {**fields, "DEBITS": f"{len(debits)} attempts"} if isinstance(debits, list) else dict(fields)
        link = (h('<p class="actions"><a class="button" href="/subscriptions/{}">See the plan</a></p>',
                  quote(subscription_id, safe="")) if plan else "")
        return verified_answer(req, app.layout, "Subscription status", shown,
                               headline=f"Subscription {fields.get('STATUS', '')}", extra=link)

    @app.post(SUBSCRIPTION_RETURN_PATH)
    def subscription_return(req: Request) -> Response:
        # The mandate page posts the subscription's signed answer as a form. Trusted only when its
        # HASH verifies with the salt and it names this merchant; even then it moves nothing (a post
        # like this can be replayed): the webhooks move the plan.
        fields = dict(req.form)
        if fields.get("PAY_ID") != app.config.pay_id or not fields.get("SUBSCRIPTION_ID"):
            raise VerificationError("the post is not a subscription of this merchant")
        if not verify(fields, app.config.salt):
            raise VerificationError("the HASH does not match the posted fields")
        plan = store.plan(fields["SUBSCRIPTION_ID"])
        if req.answer_json:
            return json_response({"verified": True, "fields": fields, "plan": plan})
        return app.page(
            "Subscription {}: {}".format(fields["SUBSCRIPTION_ID"], fields.get("STATUS", "")),
            subscription_return_page(fields, plan),
            lead="What the mandate page posted back, its HASH verified with your salt. It tells the customer how the "
            "subscription stands; it moves nothing, as the signed webhooks do.",
        )


def _refused(app: "App", req: Request, fields: Mapping[str, str], title: str) -> Response:
    """A signed refusal from the gateway, answered 400: nothing was changed."""
    message = f"{fields.get('RESPONSE_CODE', '')} {fields.get('RESPONSE_MESSAGE', '')}".strip()
    return app.error(req, 400, title, message, {"verified": True, "fields": dict(fields), "error": message})


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


def refund(app: "App", client: Client, req: Request) -> Response:
    """
    POST /refund (ORDER_ID, AMOUNT in paise, optional REFUND_ORDER_ID): signed JSON to
    /pgws/transact with TXNTYPE REFUND, the answer's HASH verified. 000 Refunded, 329 when it
    goes beyond what is left to refund; refund.processed follows at /webhook.
    """
    order_id = validation.order_id(req.form.get("ORDER_ID"))
    amount = validation.amount(req.form.get("AMOUNT"))  # paise: "400" is ₹4.00
    given = req.form.get("REFUND_ORDER_ID", "").strip()
    refund_order_id = validation.order_id(given, "REFUND_ORDER_ID") if given else new_order_id("RF")
    fields = client.refund(order_id, refund_order_id, amount, notify_url=client.config.notify_url)
    return verified_answer(
        req, app.layout, "Refund", fields,
        headline=headline(fields, "Refunded", "Refund pending", "Refund refused"),
        extra=status_link(order_id),
    )


def webhook_refused(error: WebhookError) -> Response:
    # Not 2xx, so the gateway retries; the reason in its delivery log tells a developer what to fix.
    return json_response({"received": False, "reason": error.reason, "error": str(error)}, 400)


def track_orders(app: "App", client: Client, example: str) -> OrderStore:
    """
    Everything an example needs for webhooks: the order book, GET /orders/<id>,
    GET /settlements/<id>, the payment-link routes and POST /webhook.
    """
    store = order_store(app, example, client)
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
