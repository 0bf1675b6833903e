"""
Pay by link through the shared web layer, as every example mounts it: the order store's link
orders and paylink.* events, GET and POST /paylinks, the order page with its short URL, cancel and
the link's status, against a stand-in gateway that answers signed as the sandbox does.
"""

import json
import re
import tempfile
import unittest
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlencode

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)

from paystra import Client, Config, sign_webhook_event, verify, with_hash
from paystra_example import web
from paystra_example.order_store import OrderStore

SALT = "a1b2c3d4e5f60718"
SECRET = "wh_demo_7c1e4b9a2f6d8035"
PAY_ID = "1000000000000001"
OK = {"RESPONSE_CODE": "000", "RESPONSE_MESSAGE": "Transaction successful", "RESPONSE_DATE_TIME": "2026-12-07 13:09:53"}
# What a paid link adds: the paying attempt's ORDER_ID and TXN_ID.
PAID = {"STATUS": "PAID", "ORDER_ID": "plink_4Fq9ZkT2mW8xLc-1", "TXN_ID": "1234567890123456", "PAID_AT": "2026-12-07 13:12:00"}


def link(reference_id, **changes):
    """A link with every field the sandbox answers it with, for the order reference_id."""
    return {
        "PAY_ID": PAY_ID, "PAYLINK_ID": "plink_4Fq9ZkT2mW8xLc", "REFERENCE_ID": reference_id, "AMOUNT": "24900",
        "CURRENCY_CODE": "356", "DESCRIPTION": "Invoice 42: two chai sets", "CUST_NAME": "Asha Verma",
        "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210", "EXPIRE_BY": "",
        "VALIDATE_BENEFICIARY": "N", "SHORT_URL": "http://127.0.0.1:4130/sandbox/l/4Fq9ZkT2", "STATUS": "CREATED",
        "CREATED_AT": "2026-12-07 13:09:53", "LINK_FEE": "100", "LINK_GST": "18", "TXNTYPE": "PAYLINK", **OK, **changes,
    }


def link_event(event_id, kind, data):
    return {"id": event_id, "type": kind, "created": 1764000000, "data": with_hash(data, SALT)}


RECORDED_LINK = {
    "paylink_id": "plink_4Fq9ZkT2mW8xLc", "short_url": "http://127.0.0.1:4130/sandbox/l/4Fq9ZkT2", "status": "CREATED",
    "description": "Invoice 42: two chai sets", "currency_code": "356", "expire_by": "", "payment_order_id": "",
    "txn_id": "",
}


class StandInClient(Client):
    """The kit's client, its JSON posts answered by `gateway(path, fields)`, signed with the salt."""

    def __init__(self, config):
        super().__init__(config)
        self.requests = []
        self.gateway = lambda path, fields: {}

    def _post_json(self, url, body):
        path = url[len(self.config.base_url):]
        self.requests.append((path, dict(body)))
        return with_hash(self.gateway(path, body), SALT)


class Store(unittest.TestCase):
    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.path = Path(directory.name) / "pg-orders.json"
        self.store = OrderStore(self.path)

    def test_a_link_order_awaits_payment_and_paylink_paid_by_its_reference_id_marks_it_paid_once(self):
        created = self.store.paylink_created("PL1", with_hash(link("PL1"), SALT))
        expected = {"order_id": "PL1", "amount": "24900", "status": "created", "events": [], "updated_by": None,
                    "dispute": None, "paylink": RECORDED_LINK}
        self.assertEqual(created, expected)
        self.assertEqual(OrderStore(self.path).get("PL1"), expected)
        # The attempt's own payment.captured names the attempt, not the order: nothing to do.
        captured = self.store.receive(link_event("evt_c", "payment.captured", {"ORDER_ID": PAID["ORDER_ID"], "RESPONSE_CODE": "000"}))
        self.assertIn(PAID["ORDER_ID"], captured["ignored"])

        first = self.store.receive(link_event("evt_1", "paylink.paid", link("PL1", **PAID)))
        self.assertEqual(first, {"received": True, "duplicate": False, "event_id": "evt_1", "order_id": "PL1",
                                 "status": "paid", "paylink_status": "PAID"})
        again = self.store.receive(link_event("evt_1", "paylink.paid", link("PL1", **PAID)))
        self.assertEqual(again, {"received": True, "duplicate": True, "event_id": "evt_1", "order_id": "PL1", "status": "paid"})
        order = OrderStore(self.path).get("PL1")
        self.assertEqual((order["status"], order["updated_by"], order["events"]), ("paid", "webhook", ["evt_1"]))
        self.assertEqual(order["paylink"], {**RECORDED_LINK, "status": "PAID", "payment_order_id": PAID["ORDER_ID"],
                                            "txn_id": PAID["TXN_ID"]})
        # Each ending is final: a late expiry (a new event id) changes nothing.
        late = self.store.receive(link_event("evt_2", "paylink.expired", link("PL1", STATUS="EXPIRED")))
        self.assertEqual((late["status"], late["paylink_status"]), ("paid", "PAID"))

    def test_expired_and_cancelled_are_final_and_links_not_its_own_are_ignored(self):
        self.store.paylink_created("PL2", link("PL2"))
        self.store.paylink_created("PL3", link("PL3", PAYLINK_ID="plink_Zz9ZkT2mW8xLc"))
        self.store.create("PG1", "100")
        expired = self.store.receive(link_event("evt_e", "paylink.expired", link("PL2", STATUS="EXPIRED", EXPIRED_AT="x")))
        self.assertEqual((expired["status"], expired["paylink_status"]), ("expired", "EXPIRED"))
        self.assertEqual(self.store.receive(link_event("evt_p", "paylink.paid", link("PL2", **PAID)))["status"], "expired")

        cancelled = {"STATUS": "CANCELLED", "PAYLINK_ID": "plink_Zz9ZkT2mW8xLc"}
        answered = self.store.paylink_answered(link("PL3", **cancelled), "cancel")
        self.assertEqual((answered["status"], answered["updated_by"]), ("cancelled", "cancel"))
        self.assertEqual(self.store.receive(link_event("evt_x", "paylink.cancelled", link("PL3", **cancelled)))["status"], "cancelled")

        # Another link naming this order, an order that is no link's, a reference nobody made.
        for event_id, reference in (("evt_o", "PL3"), ("evt_g", "PG1"), ("evt_n", "NONE")):
            ignored = self.store.receive(link_event(event_id, "paylink.paid", link(reference, **PAID)))
            self.assertIn(f"no payment link {reference}", ignored["ignored"])
        self.assertEqual(self.store.get("PG1")["status"], "created")
        self.assertNotIn("paylink", self.store.get("PG1"))

        # A refusal says nothing of the link; an answer for an open link changes nothing.
        self.store.paylink_created("PL4", link("PL4"))
        refusal = link("PL4", STATUS="Failed", RESPONSE_CODE="373")
        self.assertEqual(self.store.paylink_answered(refusal, "cancel")["status"], "created")
        self.assertIsNone(self.store.paylink_answered(link("PL4"), "status")["updated_by"])
        self.assertIsNone(self.store.paylink_answered(link("NONE"), "status"))
        self.assertEqual([order["order_id"] for order in self.store.paylinks()], ["PL4", "PL3", "PL2"])


class Routes(unittest.TestCase):
    """GET and POST /paylinks, the order page, cancel, status and POST /webhook, as every example mounts them."""

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

    def creates(self):
        """The stand-in answers create_paylink with the link of the REFERENCE_ID sent."""
        def answer(path, fields):
            self.assertEqual(path, "/pgws/paylink")
            return link(fields["REFERENCE_ID"], AMOUNT=fields["AMOUNT"], DESCRIPTION=fields["DESCRIPTION"],
                        EXPIRE_BY=fields.get("EXPIRE_BY", ""))
        self.client.gateway = answer

    def post(self, path, fields, accept=""):
        headers = {"Content-Type": "application/x-www-form-urlencoded", **({"Accept": accept} if accept else {})}
        return self.app.handle("POST", path, headers, urlencode(fields).encode())

    def get(self, path, accept=""):
        return self.app.handle("GET", path, {"Accept": accept} if accept else {}, b"")

    def create(self, **fields):
        self.creates()
        response = self.post("/paylinks", {"AMOUNT": "24900", "DESCRIPTION": "Two chai sets", **fields})
        self.assertEqual(response.status, 303, response.body)
        return response.headers["Location"][len("/orders/"):]

    def deliver(self, event, secret=SECRET):
        signed = sign_webhook_event(event, secret)
        response = self.app.handle("POST", "/webhook", signed["headers"], signed["body"].encode())
        return response.status, json.loads(response.body)

    def test_the_home_page_note_and_get_paylinks_offer_a_plain_form(self):
        self.assertIn('<a class="button" href="/paylinks">Send a payment link</a>', web.webhook_note(self.config))
        response = self.get("/paylinks", "text/html")
        page = response.body.decode()
        self.assertEqual(response.status, 200)
        self.assertIn("<h1>Payment links</h1>", page)
        self.assertIn('<form method="post" action="/paylinks">', page)
        for name in ("AMOUNT", "DESCRIPTION", "CUST_NAME", "CUST_EMAIL", "CUST_PHONE", "EXPIRES_IN"):
            self.assertIn(f'name="{name}"', page)
        self.assertIn("None yet.", page)
        self.assertNotIn("<script>", page)
        self.assertEqual(json.loads(self.get("/paylinks", "application/json").body), {"paylinks": []})

    def test_a_link_is_made_for_a_new_order_shown_awaiting_payment_and_marked_paid_by_its_webhook(self):
        order_id = self.create(DESCRIPTION="Two <b>chai</b> sets", CUST_NAME="Asha Verma", CUST_EMAIL="", CUST_PHONE="9876543210", EXPIRES_IN="")
        self.assertRegex(order_id, r"^PL\d+$")
        path, sent = self.client.requests[-1]
        self.assertEqual(path, "/pgws/paylink")
        self.assertTrue(verify(sent, SALT))
        self.assertEqual(
            {k: v for k, v in sent.items() if k != "HASH"},
            {"PAY_ID": PAY_ID, "AMOUNT": "24900", "CURRENCY_CODE": "356", "DESCRIPTION": "Two <b>chai</b> sets",
             "CUST_NAME": "Asha Verma", "CUST_PHONE": "9876543210", "REFERENCE_ID": order_id,
             "NOTIFY_URL": "http://127.0.0.1:8000/webhook"},
        )
        order = json.loads(self.get(f"/orders/{order_id}").body)
        self.assertEqual(order, {"order_id": order_id, "amount": "24900", "status": "created", "events": [], "updated_by": None,
                                 "dispute": None, "paylink": {**RECORDED_LINK, "description": "Two <b>chai</b> sets"}})
        page = self.get(f"/orders/{order_id}", "text/html").body.decode()
        for shown in (
            f"<h1>Order {order_id}: awaiting payment</h1>",
            '<a class="mono" href="http://127.0.0.1:4130/sandbox/l/4Fq9ZkT2">',
            "Awaiting payment.",
            "Two &lt;b&gt;chai&lt;/b&gt; sets",
            '<form method="post" action="/paylinks/cancel">',
            f'<input type="hidden" name="ORDER_ID" value="{order_id}">',
            "Cancel link</button>",
            f'href="/paylinks/status?order_id={order_id}"',
        ):
            self.assertIn(shown, page)
        self.assertNotIn("<b>chai", page)
        listed = self.get("/paylinks", "text/html").body.decode()
        self.assertIn(f'href="/orders/{order_id}"', listed)
        self.assertIn("awaiting payment", listed)

        event = link_event("evt_1", "paylink.paid", link(order_id, **PAID))
        self.assertEqual(self.deliver(event, "wh_someone_else")[0], 400)
        self.assertEqual(self.store.get(order_id)["status"], "created")
        self.assertEqual(self.deliver(event), (200, {"received": True, "duplicate": False, "event_id": "evt_1",
                                                     "order_id": order_id, "status": "paid", "paylink_status": "PAID"}))
        self.assertTrue(self.deliver(event)[1]["duplicate"])
        order = json.loads(self.get(f"/orders/{order_id}").body)
        self.assertEqual((order["status"], order["updated_by"], order["events"]), ("paid", "webhook", ["evt_1"]))
        self.assertEqual((order["paylink"]["txn_id"], order["paylink"]["payment_order_id"]), (PAID["TXN_ID"], PAID["ORDER_ID"]))
        page = self.get(f"/orders/{order_id}", "text/html").body.decode()
        self.assertIn(f"<h1>Order {order_id}: paid</h1>", page)
        self.assertIn("Paid by link.", page)
        self.assertIn(PAID["TXN_ID"], page)
        self.assertNotIn("Cancel link", page)

    def test_json_an_expiry_and_refusals(self):
        self.creates()
        before = datetime.now(timezone.utc)
        created = self.post("/paylinks", {"AMOUNT": "100", "DESCRIPTION": "One chai", "EXPIRES_IN": "7"}, "application/json")
        self.assertEqual(created.status, 200)
        body = json.loads(created.body)
        self.assertEqual((body["verified"], body["fields"]["REFERENCE_ID"]), (True, body["order_id"]))
        expire_by = self.client.requests[-1][1]["EXPIRE_BY"]
        self.assertRegex(expire_by, r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$")
        days = (datetime.fromisoformat(expire_by) - before).total_seconds() / 86400
        self.assertTrue(6.99 < days < 7.01, days)

        self.client.gateway = lambda path, fields: {
            "PAY_ID": PAY_ID, "REFERENCE_ID": fields["REFERENCE_ID"], "AMOUNT": fields["AMOUNT"], "STATUS": "Failed",
            "RESPONSE_CODE": "374", "RESPONSE_MESSAGE": "Duplicate reference id",
        }
        count = len(self.store.paylinks())
        refused = self.post("/paylinks", {"AMOUNT": "100", "DESCRIPTION": "x"})
        self.assertEqual(refused.status, 400)
        self.assertIn("374 Duplicate reference id", refused.body.decode())
        self.assertEqual(len(self.store.paylinks()), count)

        sent = len(self.client.requests)
        for fields in ({"AMOUNT": "-1", "DESCRIPTION": "x"}, {"AMOUNT": "100", "DESCRIPTION": "x", "EXPIRES_IN": "3"},
                       {"AMOUNT": "100", "DESCRIPTION": ""}):
            with self.subTest(fields=fields):
                response = self.post("/paylinks", fields, "application/json")
                self.assertEqual(response.status, 400)
                self.assertTrue(json.loads(response.body)["error"])
        self.assertEqual(len(self.client.requests), sent, "nothing was sent")

    def test_cancel_from_the_order_page_the_links_status_and_paylink_expired(self):
        cancel_id = self.create(DESCRIPTION="To cancel")
        expire_id = self.create(DESCRIPTION="To expire")

        def cancel(path, fields):
            self.assertEqual((path, fields["PAYLINK_ID"]), ("/pgws/paylink/cancel", "plink_4Fq9ZkT2mW8xLc"))
            return link(cancel_id, STATUS="CANCELLED", CANCELLED_AT="2026-12-07 13:15:00")
        self.client.gateway = cancel
        response = self.post("/paylinks/cancel", {"ORDER_ID": cancel_id})
        self.assertEqual((response.status, response.headers["Location"]), (303, f"/orders/{cancel_id}"))
        order = self.store.get(cancel_id)
        self.assertEqual((order["status"], order["updated_by"]), ("cancelled", "cancel"))
        self.assertIn(f"<h1>Order {cancel_id}: cancelled</h1>", self.get(f"/orders/{cancel_id}", "text/html").body.decode())
        self.assertEqual(self.deliver(link_event("evt_c", "paylink.cancelled", link(cancel_id, STATUS="CANCELLED")))[1]["status"], "cancelled")

        self.client.gateway = lambda path, fields: {
            "PAY_ID": PAY_ID, "PAYLINK_ID": fields["PAYLINK_ID"], "STATUS": "Failed", "RESPONSE_CODE": "373",
            "RESPONSE_MESSAGE": "This payment link is paid, expired or cancelled",
        }
        again = self.post("/paylinks/cancel", {"ORDER_ID": cancel_id}, "application/json")
        self.assertEqual(again.status, 400)
        self.assertTrue(json.loads(again.body)["error"].startswith("373 "))
        self.assertEqual(self.post("/paylinks/cancel", {"ORDER_ID": "NONE"}).status, 400)

        def status(path, fields):
            self.assertEqual((path, fields["REFERENCE_ID"]), ("/pgws/paylink/status", expire_id))
            return link(expire_id)
        self.client.gateway = status
        checked = self.get(f"/paylinks/status?order_id={expire_id}")
        self.assertEqual(json.loads(checked.body)["fields"]["STATUS"], "CREATED")
        self.assertIn("Payment link CREATED", self.get(f"/paylinks/status?order_id={expire_id}", "text/html").body.decode())
        self.assertEqual(self.store.get(expire_id)["status"], "created")

        status_code, answer = self.deliver(link_event("evt_e", "paylink.expired", link(expire_id, STATUS="EXPIRED", EXPIRED_AT="x")))
        self.assertEqual((status_code, answer["status"], answer["paylink_status"]), (200, "expired", "EXPIRED"))
        page = self.get(f"/orders/{expire_id}", "text/html").body.decode()
        self.assertIn(f"<h1>Order {expire_id}: expired</h1>", page)
        self.assertIn("Link expired.", page)
        self.assertTrue(re.search(r'<span class="status bad">EXPIRED</span>', page))


if __name__ == "__main__":
    unittest.main()
