"""
The monthly plan through the shared web layer, as every example mounts it: the order book's plans
and their subscription.* events (each once, forward only, a revoke stopping the plan), GET and POST
/subscriptions, the plan's page with Cancel and Check, and the return page that verifies the
posted HASH, against a stand-in gateway that answers signed as the sandbox does. The events start
from the shared vectors' subscription.notified and subscription.charged, delivered signed as the
vectors sign them.
"""

import json
import os
import tempfile
import unittest
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlencode

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)
from tests.support import KIT_ROOT

from paystra import Client, Config, sign_webhook_event, verify, with_hash
from paystra_example import web
from paystra_example.order_store import OrderStore


def _vectors() -> dict:
    """PAYSTRA_VECTORS, else the copy a kit archive carries beside the core's tests, else the protocol's own."""
    candidates = [KIT_ROOT / "core" / "tests" / "vectors.json", KIT_ROOT.parent.parent / "core" / "protocol" / "vectors.json"]
    if os.environ.get("PAYSTRA_VECTORS"):
        candidates.insert(0, Path(os.environ["PAYSTRA_VECTORS"]))
    for candidate in candidates:
        if candidate.is_file():
            return json.loads(candidate.read_text(encoding="utf-8"))
    raise FileNotFoundError("no protocol vectors: set PAYSTRA_VECTORS to the vectors file")


VECTORS = _vectors()
# The vectors' signed subscription events: their secret, timestamp and header, and the event as sent.
SIGNED = {
    json.loads(vector["body"])["type"]: vector
    for vector in VECTORS["webhook"]["sign"]
    if '"type": "subscription.' in vector["body"]
}
NOTIFIED_VECTOR, CHARGED_VECTOR = SIGNED["subscription.notified"], SIGNED["subscription.charged"]
# The vectors' merchant is the sandbox's demo merchant: its webhook secret and salt.
SECRET = CHARGED_VECTOR["secret"]
SALT = next(vector["salt"] for vector in VECTORS["webhook"]["verify"] if vector["body"] == CHARGED_VECTOR["body"])
PAY_ID = json.loads(CHARGED_VECTOR["body"])["data"]["PAY_ID"]
ATTEMPT_FIELDS = ("DEBIT_ID", "CYCLE", "ATTEMPT", "ORDER_ID", "TXN_ID", "CHARGED_AT", "DEBIT_AT", "NOTIFIED_AT",
                  "APPROVAL_REQUIRED", "REASON", "HASH")
# The subscription every event's data starts from: the vectors', with no attempt's fields.
VECTOR_SUBSCRIPTION = {
    key: value for key, value in json.loads(CHARGED_VECTOR["body"])["data"].items() if key not in ATTEMPT_FIELDS
}
ACTIVATED = {"STATUS": "ACTIVE", "RESPONSE_DATE_TIME": "2026-10-26 10:20:00"}


def subscription(subscription_id, **changes):
    """A subscription's fields as the gateway answers them, for subscription_id."""
    return {**VECTOR_SUBSCRIPTION, "SUBSCRIPTION_ID": subscription_id, **changes}


def created(subscription_id, **changes):
    """What create_subscription answers: CREATED, nothing registered yet."""
    return subscription(
        subscription_id, STATUS="CREATED", ACTIVATED_AT="", ANCHOR_DATE="", END_DATE="", INSTRUMENT="", PAID_CYCLES="0",
        NEXT_DEBIT_AT="", RESPONSE_DATE_TIME="2026-10-26 10:15:00", **changes,
    )


_COUNT = [0]


def event(kind, subscription_id, **changes):
    """A subscription event as the gateway sends it: the vectors' data with changes, its HASH made again."""
    _COUNT[0] += 1
    data = with_hash(subscription(subscription_id, **changes), SALT)
    return {"id": f"evt_{_COUNT[0]:0>24}", "type": kind, "created": 1764000000, "data": data}


def charge(subscription_id, cycle, at="", attempt="1"):
    """The debit of a cycle, as subscription.charged adds it."""
    time = at or f"2026-{10 + int(cycle):02d}-26 07:00:00"
    return {
        "DEBIT_ID": f"sdeb_P4nR8sW2xY6z{int(cycle):02d}", "CYCLE": cycle, "ATTEMPT": attempt, "AMOUNT": "49900",
        "ORDER_ID": f"{subscription_id}-{cycle}-{attempt}", "TXN_ID": f"79702092732711{int(cycle):02d}",
        "CHARGED_AT": time, "RESPONSE_DATE_TIME": time, "PAID_CYCLES": str(int(cycle) + 1),
    }


def notice(cycle, attempt="1"):
    """The notice of a cycle, as subscription.notified adds it."""
    month = f"2026-{10 + int(cycle):02d}"
    return {
        "DEBIT_ID": f"sdeb_N4nR8sW2xY6z{int(cycle):02d}", "CYCLE": cycle, "ATTEMPT": attempt, "AMOUNT": "49900",
        "DEBIT_AT": f"{month}-26 07:00:00", "NOTIFIED_AT": f"{month}-24 19:00:00", "APPROVAL_REQUIRED": "N",
        "REASON": "Recurring payment under the mandate you registered", "NEXT_DEBIT_AT": f"{month}-26 07:00:00",
        "RESPONSE_DATE_TIME": f"{month}-24 19:00:00",
    }


def debit_entry(fields, status, debit_at):
    """One attempt as DEBITS lists it."""
    return {
        "NOTIFIED_AT": debit_at, "APPROVAL_REQUIRED": "N", "APPROVED": "N", "RESPONSE_CODE": "000", "FEE": "", "GST": "",
        "ORDER_ID": "", "TXN_ID": "", **{k: v for k, v in fields.items() if k not in ("CHARGED_AT", "RESPONSE_DATE_TIME", "PAID_CYCLES")},
        "STATUS": status, "DEBIT_AT": debit_at,
    }


class Vectors(unittest.TestCase):
    def test_the_shared_vectors_sign_the_subscription_events_as_this_kit_does(self):
        for vector in (NOTIFIED_VECTOR, CHARGED_VECTOR):
            with self.subTest(vector["note"]):
                sent = json.loads(vector["body"])
                delivery = sign_webhook_event(sent, SECRET, vector["timestamp"])
                self.assertEqual(delivery["body"], vector["body"])
                self.assertEqual(delivery["headers"]["X-Paystra-Signature"], vector["header"])
                self.assertTrue(verify(sent["data"], SALT))


class Store(unittest.TestCase):
    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.path = Path(directory.name) / "pg-orders.json"
        self.store = OrderStore(self.path)

    def test_a_plan_awaits_the_mandate_and_each_event_moves_it_once(self):
        sid = "sub_Plan0000000001"
        plan = self.store.plan_created(with_hash(created(sid), SALT))
        self.assertEqual(plan, {
            "subscription_id": sid, "subscription_ref": "SUB-1001", "description": "Monthly plan", "amount": "49900",
            "method": "UPI", "frequency": "MONTHLY", "start_date": "2026-10-26",
            "auth_url": "https://pay.paystra.example/sandbox/m/Xq7RmT2pLw9KzV4b", "status": "created",
            "status_at": "2026-10-26 10:15:00", "cancelled_by": "", "ended_at": "", "debits": [], "next_debit": None,
            "events": [], "updated_by": None,
        })
        activation = event("subscription.activated", sid, **ACTIVATED)
        self.assertEqual(self.store.receive(activation), {
            "received": True, "duplicate": False, "event_id": activation["id"], "subscription_id": sid, "status": "active",
            "debits": 0,
        })
        first = event("subscription.charged", sid, **charge(sid, "0", "2026-10-26 10:20:00"))
        self.assertEqual(self.store.receive(first)["debits"], 1)
        self.assertEqual(self.store.receive(first), {
            "received": True, "duplicate": True, "event_id": first["id"], "subscription_id": sid, "status": "active",
        })
        again = self.store.receive(event("subscription.charged", sid, **charge(sid, "0", "2026-10-26 10:20:00")))
        self.assertEqual((again["debits"], again["ignored"]), (1, "cycle 0 is recorded already"))

        self.store.receive(event("subscription.notified", sid, **notice("1")))
        self.assertEqual(self.store.plan(sid)["next_debit"], {
            "debit_id": "sdeb_N4nR8sW2xY6z01", "cycle": "1", "attempt": "1", "amount": "49900",
            "debit_at": "2026-11-26 07:00:00", "notified_at": "2026-11-24 19:00:00", "approval_required": "N",
        })
        self.store.receive(event("subscription.charged", sid, **charge(sid, "1")))
        late = self.store.receive(event("subscription.notified", sid, **notice("1")))
        self.assertEqual(late["ignored"], "cycle 1 is recorded already")

        stored = OrderStore(self.path).plan(sid)
        self.assertEqual((stored["status"], stored["next_debit"], stored["updated_by"], len(stored["events"])),
                         ("active", None, "webhook", 6))
        self.assertEqual(stored["debits"], [
            {"cycle": "0", "attempt": "1", "amount": "49900", "order_id": f"{sid}-0-1", "txn_id": "7970209273271100",
             "debit_id": "sdeb_P4nR8sW2xY6z00", "charged_at": "2026-10-26 10:20:00", "recorded_by": "webhook"},
            {"cycle": "1", "attempt": "1", "amount": "49900", "order_id": f"{sid}-1-1", "txn_id": "7970209273271101",
             "debit_id": "sdeb_P4nR8sW2xY6z01", "charged_at": "2026-11-26 07:00:00", "recorded_by": "webhook"},
        ])

    def test_a_revoke_stops_the_plan(self):
        sid = "sub_Plan0000000002"
        self.store.plan_created(created(sid))
        self.store.receive(event("subscription.activated", sid, **ACTIVATED))
        self.store.receive(event("subscription.charged", sid, **charge(sid, "0", "2026-10-26 10:20:00")))
        self.store.receive(event("subscription.notified", sid, **notice("1")))
        revoked = self.store.receive(event(
            "subscription.cancelled", sid, STATUS="CANCELLED", CANCELLED_BY="CUSTOMER", ENDED_AT="2026-11-25 09:00:00",
            INSTRUMENT="", NEXT_DEBIT_AT="", RESPONSE_DATE_TIME="2026-11-25 09:00:00",
        ))
        self.assertEqual((revoked["status"], revoked["debits"]), ("cancelled", 1))
        plan = self.store.plan(sid)
        self.assertEqual((plan["status"], plan["cancelled_by"], plan["ended_at"], plan["next_debit"]),
                         ("cancelled", "CUSTOMER", "2026-11-25 09:00:00", None))
        # Whatever arrives after, signed and new: nothing moves the plan again.
        for late in (
            event("subscription.charged", sid, **charge(sid, "1")),
            event("subscription.notified", sid, **notice("2")),
            event("subscription.resumed", sid, STATUS="ACTIVE", RESPONSE_DATE_TIME="2026-12-01 10:00:00"),
        ):
            with self.subTest(late["type"]):
                receipt = self.store.receive(late)
                self.assertEqual((receipt["duplicate"], receipt["status"], receipt["debits"]), (False, "cancelled", 1))
                self.assertTrue(receipt["ignored"])
        plan = self.store.plan(sid)
        self.assertEqual((plan["status"], len(plan["debits"]), plan["next_debit"]), ("cancelled", 1, None))

    def test_a_status_moves_only_forward_by_the_gateways_time(self):
        sid = "sub_Plan0000000003"
        self.store.plan_created(created(sid))
        self.store.receive(event("subscription.activated", sid, **ACTIVATED))
        self.store.receive(event("subscription.notified", sid, **notice("1")))
        paused = self.store.receive(event("subscription.paused", sid, STATUS="PAUSED", RESPONSE_DATE_TIME="2026-11-25 08:00:00"))
        self.assertEqual((paused["status"], self.store.plan(sid)["next_debit"]), ("paused", None))
        late = self.store.receive(event("subscription.activated", sid, **ACTIVATED))  # older than the pause
        self.assertEqual(late["status"], "paused")
        self.assertTrue(late["ignored"])
        resumed = self.store.receive(event("subscription.resumed", sid, STATUS="ACTIVE", RESPONSE_DATE_TIME="2026-12-02 08:00:00"))
        self.assertEqual(resumed["status"], "active")
        halted = self.store.receive(event(
            "subscription.halted", sid, STATUS="HALTED", DEBIT_ID="sdeb_x", CYCLE="2", ATTEMPT="4", DEBIT_RESPONSE_CODE="020",
            RESPONSE_DATE_TIME="2027-01-02 07:00:00",
        ))
        self.assertEqual(halted["status"], "halted")
        completed = self.store.receive(event(
            "subscription.completed", sid, STATUS="COMPLETED", ENDED_AT="2036-10-26 07:00:00",
            RESPONSE_DATE_TIME="2036-10-26 07:00:00",
        ))
        self.assertEqual(completed["status"], "completed")
        self.assertEqual((self.store.plan(sid)["ended_at"], self.store.plan(sid)["cancelled_by"]), ("2036-10-26 07:00:00", ""))
        foreign = self.store.receive(event("subscription.activated", "sub_SomeoneElse0001", **ACTIVATED))
        self.assertIn("no subscription sub_SomeoneElse0001", foreign["ignored"])

    def test_a_status_answer_reconciles_a_plan_whose_webhooks_were_missed(self):
        sid = "sub_Plan0000000004"
        self.store.plan_created(created(sid))
        answer = subscription(sid, STATUS="ACTIVE", RESPONSE_DATE_TIME="2026-12-25 12:00:00", DEBITS=[
            debit_entry({"DEBIT_ID": "sdeb_N4nR8sW2xY6z02", "CYCLE": "2", "ATTEMPT": "1", "AMOUNT": "49900"}, "NOTIFIED",
                        "2026-12-26 07:00:00"),
            debit_entry(charge(sid, "1"), "CHARGED", "2026-11-26 07:00:00"),
            debit_entry(charge(sid, "0"), "CHARGED", "2026-10-26 10:20:00"),
        ])
        self.assertEqual(self.store.plan_answered({**answer, "RESPONSE_CODE": "387"}, "status")["status"], "created")
        plan = self.store.plan_answered(answer, "status")
        self.assertEqual((plan["status"], plan["updated_by"]), ("active", "status"))
        self.assertEqual([(d["cycle"], d["recorded_by"]) for d in plan["debits"]], [("0", "status"), ("1", "status")])
        self.assertEqual(plan["next_debit"]["debit_at"], "2026-12-26 07:00:00")
        late = self.store.receive(event("subscription.charged", sid, **charge(sid, "1")))
        self.assertEqual((late["debits"], late["ignored"]), (2, "cycle 1 is recorded already"))
        self.assertIsNone(self.store.plan_answered(subscription("sub_SomeoneElse0001"), "status"))
        # The cancel answer carries DEBITS as JSON text when the client leaves them so.
        text = self.store.plan_answered({**answer, "STATUS": "CANCELLED", "CANCELLED_BY": "MERCHANT",
                                         "ENDED_AT": "2026-12-25 12:00:00", "DEBITS": json.dumps(answer["DEBITS"])}, "cancel")
        self.assertEqual((text["status"], text["cancelled_by"], text["next_debit"]), ("cancelled", "MERCHANT", None))


class StandInClient(Client):
    """The kit's client, its JSON posts answered by `gateway(path, fields)`, signed with the salt."""

    def __init__(self, config):
        super().__init__(config)
        self.requests = []
        self.gateway = lambda path, fields: {}

    def _post_json(self, url, body):
        path = url[len(self.config.base_url):]
        self.requests.append((path, dict(body)))
        answer = self.gateway(path, body)
        if "unsigned" in answer:
            return answer["unsigned"]
        return with_hash({k: json.dumps(v) if isinstance(v, list) else v for k, v in answer.items()}, SALT)


class ExampleApp(unittest.TestCase):
    """An example's app with its order book, its client answered by the stand-in gateway."""

    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.config = Config.from_values(
            {
                "PAYSTRA_BASE_URL": "http://127.0.0.1:4130/sandbox",
                "PAYSTRA_PAY_ID": PAY_ID,
                "PAYSTRA_SALT": SALT,
                "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
                "PAYSTRA_WEBHOOK_SECRET": SECRET,
                "PAYSTRA_DATA_DIR": directory.name,
                "APP_URL": "http://127.0.0.1:8000",
            }
        )
        self.app = web.App("Test kit", self.config)
        self.client = StandInClient(self.config)
        self.store = web.track_orders(self.app, self.client, "test")
        self.made = 0

    def sandbox(self, now="2026-12-31T20:00:00.000Z"):
        """The stand-in: the account's clock at `now`, and a new subscription for what is asked."""

        def answer(path, fields):
            if path == "/pgws/clock":
                return {"PAY_ID": PAY_ID, "NOW": now, "RESPONSE_CODE": "000", "RESPONSE_MESSAGE": "ok"}
            self.assertEqual(path, "/pgws/subscription")
            self.made += 1
            return created(
                f"sub_Route{self.made:09d}", SUBSCRIPTION_REF=fields["SUBSCRIPTION_REF"], START_DATE=fields["START_DATE"],
                AUTH_URL=f"http://127.0.0.1:4130/sandbox/m/Route{self.made:011d}",
            )

        self.client.gateway = answer

    def post(self, path, fields, accept=""):
        headers = {"Content-Type": "application/x-www-form-urlencoded", **({"Accept": accept} if accept else {})}
        return self.app.handle("POST", path, headers, urlencode(fields).encode())

    def get(self, path, accept=""):
        return self.app.handle("GET", path, {"Accept": accept} if accept else {}, b"")

    def plan(self, sid):
        return json.loads(self.get(f"/subscriptions/{sid}").body)

    def page(self, sid):
        return self.get(f"/subscriptions/{sid}", "text/html").body.decode()

    def deliver(self, sent, secret=SECRET):
        signed = sign_webhook_event(sent, secret)
        response = self.app.handle("POST", "/webhook", signed["headers"], signed["body"].encode())
        return response.status, json.loads(response.body)

    CUSTOMER = {"CUST_NAME": "Asha Verma", "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210"}

    def subscribe(self):
        self.sandbox()
        response = self.post("/subscriptions", self.CUSTOMER)
        self.assertEqual(response.status, 303, response.body)
        auth_url = response.headers["Location"]
        listed = json.loads(self.get("/subscriptions", "application/json").body)["subscriptions"]
        return next(plan["subscription_id"] for plan in listed if plan["auth_url"] == auth_url)



class Routes(ExampleApp):
    """GET and POST /subscriptions, the plan's page, Cancel, Check, the return page and POST /webhook."""

    def test_the_home_page_note_and_get_subscriptions_offer_a_plain_form(self):
        self.assertIn('<a class="button" href="/subscriptions">Subscribe monthly</a>', web.webhook_note(self.config))
        response = self.get("/subscriptions", "text/html")
        page = response.body.decode()
        self.assertEqual(response.status, 200)
        self.assertIn("<h1>Subscriptions</h1>", page)
        self.assertIn('<form method="post" action="/subscriptions">', page)
        self.assertIn("₹499.00 a month", page)
        for name in ("CUST_NAME", "CUST_EMAIL", "CUST_PHONE"):
            self.assertIn(f'name="{name}"', page)
        self.assertIn("None yet.", page)
        self.assertNotIn("<script>", page)
        self.assertEqual(json.loads(self.get("/subscriptions", "application/json").body), {"subscriptions": []})

    def test_subscribes_monthly_by_upi_from_the_account_clocks_ist_today_and_sends_the_customer_to_auth_url(self):
        self.sandbox("2026-12-31T20:00:00.000Z")  # 01:30 on 1 January 2027 in IST
        response = self.post("/subscriptions", self.CUSTOMER)
        self.assertEqual((response.status, response.headers["Location"]), (303, "http://127.0.0.1:4130/sandbox/m/Route00000000001"))
        self.assertEqual([path for path, _ in self.client.requests[-2:]], ["/pgws/clock", "/pgws/subscription"])
        sent = self.client.requests[-1][1]
        self.assertTrue(verify(sent, SALT))
        self.assertRegex(sent["SUBSCRIPTION_REF"], r"^SUB\d+$")
        self.assertEqual({k: v for k, v in sent.items() if k not in ("HASH", "SUBSCRIPTION_REF")}, {
            "PAY_ID": PAY_ID, "METHOD": "UPI", "FREQUENCY": "MONTHLY", "AMOUNT": "49900", "MAX_AMOUNT": "49900",
            "START_DATE": "2027-01-01", "DESCRIPTION": "Monthly plan", "CUST_NAME": "Asha Verma",
            "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210",
            "RETURN_URL": "http://127.0.0.1:8000/subscriptions/return", "NOTIFY_URL": "http://127.0.0.1:8000/webhook",
        })
        sid = "sub_Route000000001"
        plan = self.plan(sid)
        self.assertEqual((plan["status"], plan["subscription_ref"], plan["start_date"], plan["debits"]),
                         ("created", sent["SUBSCRIPTION_REF"], "2027-01-01", []))
        page = self.page(sid)
        for shown in (
            f"<h1>Subscription {sid}: awaiting the mandate</h1>",
            "Awaiting the mandate.",
            '<form method="post" action="/subscriptions/cancel">',
            f'<input type="hidden" name="SUBSCRIPTION_ID" value="{sid}">',
            f'href="/subscriptions/status?subscription_id={sid}"',
        ):
            self.assertIn(shown, page)
        self.assertIn(f'href="/subscriptions/{sid}"', self.get("/subscriptions", "text/html").body.decode())

        # JSON when asked; a gateway with no clock to read: today's IST date.
        self.client.gateway = lambda path, fields: (
            {"unsigned": {"RESPONSE_CODE": "404"}} if path == "/pgws/clock"
            else created("sub_Route000000099", START_DATE=fields["START_DATE"])
        )
        answered = self.post("/subscriptions", self.CUSTOMER, "application/json")
        body = json.loads(answered.body)
        self.assertEqual((answered.status, body["verified"], body["subscription_id"], body["auth_url"]),
                         (200, True, "sub_Route000000099", body["fields"]["AUTH_URL"]))
        ist_today = datetime.now(timezone(timedelta(hours=5, minutes=30))).date().isoformat()
        self.assertEqual(self.client.requests[-1][1]["START_DATE"], ist_today)

    def test_a_refusal_records_no_plan(self):
        self.client.gateway = lambda path, fields: (
            {"PAY_ID": PAY_ID, "NOW": "2026-12-07T10:00:00.000Z", "RESPONSE_CODE": "000"} if path == "/pgws/clock"
            else {"PAY_ID": PAY_ID, "SUBSCRIPTION_REF": "x", "RESPONSE_CODE": "375", "RESPONSE_MESSAGE": "Invalid customer details"}
        )
        refused = self.post("/subscriptions", self.CUSTOMER)
        self.assertEqual(refused.status, 400)
        self.assertIn("375 Invalid customer details", refused.body.decode())
        creates = lambda: sum(path == "/pgws/subscription" for path, _ in self.client.requests)  # noqa: E731
        sent = creates()
        invalid = self.post("/subscriptions", {**self.CUSTOMER, "CUST_PHONE": "12"}, "application/json")
        self.assertEqual(invalid.status, 400)
        self.assertTrue(json.loads(invalid.body)["error"])
        self.assertEqual(creates(), sent, "no subscription asked for with a phone the gateway would refuse")
        self.assertEqual(self.store.plans(), [])

    def test_the_webhook_moves_the_plan_once_per_event_and_a_revoke_stops_it(self):
        sid = self.subscribe()
        activation = event("subscription.activated", sid, **ACTIVATED)
        self.assertEqual(self.deliver(activation, "wh_someone_else")[0], 400)
        self.assertEqual(self.plan(sid)["status"], "created")
        self.assertEqual(self.deliver(activation), (200, {
            "received": True, "duplicate": False, "event_id": activation["id"], "subscription_id": sid, "status": "active",
            "debits": 0,
        }))
        self.assertTrue(self.deliver(activation)[1]["duplicate"])
        first = event("subscription.charged", sid, **charge(sid, "0", "2026-10-26 10:20:00"))
        self.assertEqual(self.deliver(first)[1]["debits"], 1)
        self.assertTrue(self.deliver(first)[1]["duplicate"])
        self.deliver(event("subscription.notified", sid, **notice("1")))
        page = self.page(sid)
        for shown in (f"<h1>Subscription {sid}: active</h1>", f"{sid}-0-1", "subscription.charged",
                      "on 2026-11-26 07:00:00 (IST), cycle 1"):
            self.assertIn(shown, page)
        self.deliver(event("subscription.charged", sid, **charge(sid, "1")))
        revoke = event("subscription.cancelled", sid, STATUS="CANCELLED", CANCELLED_BY="CUSTOMER",
                       ENDED_AT="2026-12-01 09:00:00", INSTRUMENT="", RESPONSE_DATE_TIME="2026-12-01 09:00:00")
        self.assertEqual(self.deliver(revoke)[1]["status"], "cancelled")
        late = self.deliver(event("subscription.charged", sid, **charge(sid, "2")))[1]
        self.assertEqual((late["status"], late["debits"], late["ignored"]),
                         ("cancelled", 2, "the plan is cancelled: no debit after it is recorded"))
        plan = self.plan(sid)
        self.assertEqual((plan["status"], plan["cancelled_by"], [d["cycle"] for d in plan["debits"]]),
                         ("cancelled", "CUSTOMER", ["0", "1"]))
        page = self.page(sid)
        self.assertIn(f"<h1>Subscription {sid}: cancelled</h1>", page)
        self.assertIn("The customer cancelled.", page)
        self.assertIn("They revoked the mandate in their UPI app", page)
        self.assertNotIn('action="/subscriptions/cancel"', page)

    def test_cancel_as_the_merchant_and_a_refused_cancel(self):
        sid = self.subscribe()
        self.deliver(event("subscription.activated", sid, **ACTIVATED))

        def cancel(path, fields):
            self.assertEqual((path, fields["SUBSCRIPTION_ID"]), ("/pgws/subscription/cancel", sid))
            return subscription(sid, STATUS="CANCELLED", CANCELLED_BY="MERCHANT", ENDED_AT="2026-10-27 10:00:00", INSTRUMENT="",
                                RESPONSE_DATE_TIME="2026-10-27 10:00:00",
                                DEBITS=[debit_entry(charge(sid, "0", "2026-10-26 10:20:00"), "CHARGED", "2026-10-26 10:20:00")])
        self.client.gateway = cancel
        response = self.post("/subscriptions/cancel", {"SUBSCRIPTION_ID": sid})
        self.assertEqual((response.status, response.headers["Location"]), (303, f"/subscriptions/{sid}"))
        plan = self.plan(sid)
        self.assertEqual((plan["status"], plan["cancelled_by"], plan["updated_by"], len(plan["debits"])),
                         ("cancelled", "MERCHANT", "cancel", 1))
        self.assertIn("Cancelled by you.", self.page(sid))

        self.client.gateway = lambda path, fields: {
            "PAY_ID": PAY_ID, "SUBSCRIPTION_ID": sid, "RESPONSE_CODE": "385", "RESPONSE_MESSAGE": "This subscription is not running",
        }
        again = self.post("/subscriptions/cancel", {"SUBSCRIPTION_ID": sid}, "application/json")
        self.assertEqual(again.status, 400)
        self.assertTrue(json.loads(again.body)["error"].startswith("385 "))
        sent = len(self.client.requests)
        self.assertEqual(self.post("/subscriptions/cancel", {"SUBSCRIPTION_ID": "sub_NotMine0000000"}).status, 400)
        self.assertEqual(len(self.client.requests), sent, "no call for a plan this example did not make")

    def test_check_reconciles_the_plan_from_the_status_answers_debits(self):
        sid = self.subscribe()

        def status(path, fields):
            self.assertEqual((path, fields["SUBSCRIPTION_ID"]), ("/pgws/subscription/status", sid))
            return subscription(sid, STATUS="ACTIVE", RESPONSE_DATE_TIME="2026-10-26 11:00:00",
                                DEBITS=[debit_entry(charge(sid, "0", "2026-10-26 10:20:00"), "CHARGED", "2026-10-26 10:20:00")])
        self.client.gateway = status
        answer = json.loads(self.get(f"/subscriptions/status?subscription_id={sid}").body)
        self.assertEqual((answer["verified"], answer["fields"]["STATUS"], len(answer["fields"]["DEBITS"])), (True, "ACTIVE", 1))
        plan = self.plan(sid)
        self.assertEqual((plan["status"], plan["updated_by"], plan["debits"][0]["cycle"], plan["debits"][0]["recorded_by"]),
                         ("active", "status", "0", "status"))
        page = self.get(f"/subscriptions/status?subscription_id={sid}", "text/html").body.decode()
        self.assertIn("Subscription ACTIVE", page)
        self.assertIn("1 attempts", page)
        self.assertIn(f'href="/subscriptions/{sid}"', page)
        late = self.deliver(event("subscription.charged", sid, **charge(sid, "0", "2026-10-26 10:20:00")))[1]
        self.assertEqual((late["debits"], late["ignored"]), (1, "cycle 0 is recorded already"))
        self.assertEqual(self.get("/subscriptions/status?subscription_id=nope").status, 400)

    def test_the_return_page_verifies_the_posted_hash_and_moves_nothing(self):
        sid = self.subscribe()
        posted = with_hash(subscription(sid, STATUS="ACTIVE", RESPONSE_DATE_TIME="2026-10-26 10:20:00"), SALT)
        shown = self.post("/subscriptions/return", posted)
        self.assertEqual(shown.status, 200)
        page = shown.body.decode()
        self.assertIn(f"<h1>Subscription {sid}: ACTIVE</h1>", page)
        self.assertIn("awaiting the mandate", page)
        self.assertIn(f'href="/subscriptions/{sid}"', page)
        self.assertEqual(self.plan(sid)["status"], "created", "the return moves nothing")
        answered = json.loads(self.post("/subscriptions/return", posted, "application/json").body)
        self.assertEqual((answered["verified"], answered["fields"]["STATUS"], answered["plan"]["status"]), (True, "ACTIVE", "created"))

        tampered = {**posted, "STATUS": "CANCELLED"}
        refused = self.post("/subscriptions/return", tampered)
        self.assertEqual(refused.status, 400)
        self.assertIn("Response not verified", refused.body.decode())
        refused_json = self.post("/subscriptions/return", tampered, "application/json")
        self.assertEqual((refused_json.status, json.loads(refused_json.body)["verified"]), (400, False))
        foreign = with_hash({**{k: v for k, v in posted.items() if k != "HASH"}, "PAY_ID": "1000000000000002"}, SALT)
        self.assertEqual(self.post("/subscriptions/return", foreign).status, 400)
        unsigned = {k: v for k, v in posted.items() if k != "HASH"}
        self.assertEqual(self.post("/subscriptions/return", unsigned).status, 400)
        self.assertEqual(self.plan(sid)["status"], "created")


class VectorEvents(ExampleApp):
    """The vectors' own events, their data's HASH the gateway's, through POST /webhook."""

    def test_the_vectors_notified_shows_the_next_debit_and_charged_records_it(self):
        data = json.loads(CHARGED_VECTOR["body"])["data"]
        sid = data["SUBSCRIPTION_ID"]
        self.store.plan_created(created(sid))
        self.deliver(event("subscription.activated", sid, **ACTIVATED))
        for vector in (NOTIFIED_VECTOR, CHARGED_VECTOR):
            status, receipt = self.deliver(json.loads(vector["body"]))
            self.assertEqual((status, receipt["duplicate"], receipt["status"], receipt.get("ignored")), (200, False, "active", None))
            if vector is NOTIFIED_VECTOR:
                self.assertEqual(self.store.plan(sid)["next_debit"], {
                    "debit_id": "sdeb_P4nR8sW2xY6zQ1", "cycle": "1", "attempt": "1", "amount": "49900",
                    "debit_at": "2026-11-26 07:00:00", "notified_at": "2026-11-24 19:00:00", "approval_required": "N",
                })
        plan = self.store.plan(sid)
        self.assertEqual(plan["debits"], [{
            "cycle": "1", "attempt": "1", "amount": "49900", "order_id": "sub_Lk3Vq8ZsT2nW9x-1-1", "txn_id": "7970209273271184",
            "debit_id": "sdeb_P4nR8sW2xY6zQ1", "charged_at": "2026-11-26 07:00:00", "recorded_by": "webhook",
        }])
        self.assertIsNone(plan["next_debit"])


if __name__ == "__main__":
    unittest.main()
