"""
What every example web app shares (not part of the paystra library a merchant installs): routing on the standard library's ThreadingHTTPServer, error
answers, the order store and webhook routes. The pages come from escape (Html, h), exchange
(requests and answers), layout (the page frame and its stylesheet) and widgets (the page parts),
all re-exported here so the examples keep writing web.card(...). The examples hold only their
own routes.
"""

import os
import sys
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Dict, Mapping, Optional, Tuple, Union
from urllib.parse import unquote, urlsplit

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
)

from .order_store import OrderStore

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
    order_summary,
    outcome,
    paragraph,
    payment_headline,
    radio_group,
    refund_form,
    refund_link,
    select_field,
    status_form,
    status_link,
    steps,
    test_data,
    textarea_field,
    tone,
    verified_answer,
    webhook_note,
)

# ---- orders and webhooks ----

ACCEPT_DISPUTE_PATH = "/disputes/accept"
CONTEST_DISPUTE_PATH = "/disputes/contest"


def order_store(app: "App", example: str) -> OrderStore:
    """
    The example's order book (<data dir>/<example>-orders.json), GET /orders/<ORDER_ID> (JSON, or
    the order's page for a browser) and GET /settlements/<SETTLEMENT_ID> (as settlement.processed
    recorded it). The page offers "Accept dispute" and "Contest dispute" for an open dispute once
    the example has the POST routes they post to (the server example's).
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
        answers = [path for path in (ACCEPT_DISPUTE_PATH, CONTEST_DISPUTE_PATH) if ("POST", path) in app.routes]
        return app.page(f"Order {found['order_id']}", order_page(found, *answers))


    @app.get("/settlements/*", json_first=True)
    def settlement(req: Request) -> Response:
        found = store.settlement(req.tail)
        return json_response(found) if found else json_response({"error": "No such settlement"}, 404)

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
    GET /settlements/<id> and POST /webhook.
    """
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
