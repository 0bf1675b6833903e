import json
import tempfile
import threading
import unittest
from email.message import Message
from pathlib import Path

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)

from paystra import SIGNATURE_HEADER, Client, Config, sign_webhook_event, with_hash
from paystra_example import web
from paystra_example.order_store import OrderStore

SALT = "a1b2c3d4e5f60718"
SECRET = "wh_demo_7c1e4b9a2f6d8035"


def answer(order_id, code, status=None):
    status = status or {"000": "Captured", "026": "Pending", "006": "Pending"}.get(code, "Failed")
    return with_hash({"ORDER_ID": order_id, "RESPONSE_CODE": code, "STATUS": status, "AMOUNT": "100"}, SALT)


def event(event_id, order_id, code, kind="payment.captured"):
    return {"id": event_id, "type": kind, "created": 1764000000, "data": answer(order_id, code)}


SETTLEMENT = {
    "PAY_ID": "1000000000000001",
    "SETTLEMENT_ID": "setl_0a1b2c3d4e5f60718293",
    "UTR": "PYSTN26334000123",
    "SETTLEMENT_DATE": "2026-11-30",
    "CYCLE_FROM": "2026-11-27",
    "CYCLE_TO": "2026-11-27",
    "PAYMENTS_COUNT": "1",
    "REFUNDS_COUNT": "0",
    "GROSS_AMOUNT": "100",
    "REFUNDS_AMOUNT": "0",
    "FEES_AMOUNT": "2",
    "GST_AMOUNT": "0",
    "ADJUSTMENTS_AMOUNT": "0",
    "NET_AMOUNT": "98",
    "BANK_ACCOUNT": "XXXXXXXXXX4321",
    "STATUS": "PROCESSED",
}
RECORDED = {key: SETTLEMENT[key] for key in ("SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE", "NET_AMOUNT", "STATUS")}


DISPUTE = {
    "PAY_ID": "1000000000000001", "DISPUTE_ID": "dsp_0a1b2c3d4e5f60718293", "ORDER_ID": "PG1",
    "TXN_ID": "1234567890123456", "PG_REF_NUM": "2234567890123456", "AMOUNT": "100", "CURRENCY_CODE": "356",
    "INR_AMOUNT": "100", "REASON_CODE": "13.1", "REASON": "Merchandise or services not received",
    "RESPOND_BY": "2026-12-07", "STATUS": "OPEN", "EVIDENCE_RECEIVED": "N", "CREATED_AT": "2026-11-30 12:00:00",
    "DECIDED_AT": "", "RESOLUTION": "",
}
RECORDED_DISPUTE = {
    "dispute_id": DISPUTE["DISPUTE_ID"], "status": "OPEN", "reason_code": "13.1",
    "reason": "Merchandise or services not received", "amount": "100", "currency_code": "356",
    "respond_by": "2026-12-07",
}


def dispute_event(event_id, kind, status, order_id="PG1"):
    data = with_hash({**DISPUTE, "ORDER_ID": order_id, "STATUS": status}, SALT)
    return {"id": event_id, "type": kind, "created": 1764000000, "data": data}


def settlement_event(event_id, **changes):
    data = with_hash({**SETTLEMENT, **changes}, SALT)
    return {"id": event_id, "type": "settlement.processed", "created": 1764000000, "data": data}


class Store(unittest.TestCase):
    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.path = Path(directory.name) / "data" / "pg-orders.json"
        self.store = OrderStore(self.path)
        self.store.create("PG1", "100")

    def test_a_new_order_is_created_and_saved(self):
        expected = {"order_id": "PG1", "amount": "100", "status": "created", "events": [], "updated_by": None, "dispute": None}
        self.assertEqual(self.store.get("PG1"), expected)
        self.assertEqual(OrderStore(self.path).get("PG1"), expected)
        self.assertIsNone(self.store.get("PG2"))

    def test_the_return_the_enquiry_and_the_webhook_share_the_forward_only_rule(self):
        self.assertEqual(self.store.update(answer("PG1", "026"), "return")["status"], "pending")
        self.assertEqual(self.store.receive(event("evt_1", "PG1", "000"))["status"], "paid")
        late = self.store.enquired(answer("PG1", "004"))
        self.assertEqual((late["status"], late["updated_by"]), ("paid", "webhook"))
        self.assertIsNone(self.store.update(answer("PG9", "000"), "return"))

    def test_an_enquiry_about_an_order_the_gateway_has_not_seen_changes_nothing(self):
        self.assertEqual(self.store.enquired(answer("PG1", "328"))["status"], "created")
        self.assertEqual(self.store.enquired(answer("PG1", "006"))["updated_by"], "status")

    def test_an_event_is_applied_once(self):
        first = self.store.receive(event("evt_1", "PG1", "000"))
        again = self.store.receive(event("evt_1", "PG1", "004", "payment.failed"))
        self.assertEqual(first, {"received": True, "duplicate": False, "event_id": "evt_1", "order_id": "PG1", "status": "paid"})
        self.assertEqual(again, {**first, "duplicate": True})
        self.assertEqual(self.store.get("PG1")["events"], ["evt_1"])
        reloaded = OrderStore(self.path)
        self.assertTrue(reloaded.receive(event("evt_1", "PG1", "000"))["duplicate"])

    def test_a_late_failure_never_undoes_a_capture(self):
        self.store.receive(event("evt_1", "PG1", "000"))
        late = self.store.receive(event("evt_2", "PG1", "004", "payment.failed"))
        self.assertEqual((late["duplicate"], late["status"]), (False, "paid"))
        self.assertEqual(self.store.get("PG1")["events"], ["evt_1", "evt_2"])

    def test_other_events_and_unknown_orders_are_remembered_and_ignored(self):
        refund = self.store.receive(event("evt_r", "PG1", "000", "refund.processed"))
        unknown = self.store.receive(event("evt_u", "PG404", "000"))
        self.assertIn("refund.processed", refund["ignored"])
        self.assertIn("PG404", unknown["ignored"])
        self.assertEqual(self.store.get("PG1")["status"], "created")
        self.assertTrue(self.store.receive(event("evt_u", "PG404", "000"))["duplicate"])

    def test_settlement_processed_is_recorded_once_and_moves_no_order(self):
        first = self.store.receive(settlement_event("evt_s"))
        self.assertEqual(first, {"received": True, "duplicate": False, "event_id": "evt_s", "settlement_id": SETTLEMENT["SETTLEMENT_ID"]})
        self.assertTrue(self.store.receive(settlement_event("evt_s"))["duplicate"])
        self.assertEqual(self.store.settlement(SETTLEMENT["SETTLEMENT_ID"]), RECORDED)
        self.assertEqual(self.store.get("PG1")["status"], "created")
        saved = json.loads(self.path.read_text())
        self.assertEqual(saved["settlements"], {SETTLEMENT["SETTLEMENT_ID"]: RECORDED})
        self.assertEqual(saved["seen_events"], ["evt_s"])
        self.assertEqual(OrderStore(self.path).settlement(SETTLEMENT["SETTLEMENT_ID"]), RECORDED)
        self.assertIsNone(self.store.settlement("setl_ffffffffffffffffffff"))
        nameless = self.store.receive(settlement_event("evt_n", SETTLEMENT_ID=""))
        self.assertIn("SETTLEMENT_ID", nameless["ignored"])

    def test_dispute_events_are_recorded_on_their_order_once_and_forward_only(self):
        first = self.store.receive(dispute_event("evt_d1", "dispute.created", "OPEN"))
        self.assertEqual(first, {"received": True, "duplicate": False, "event_id": "evt_d1", "order_id": "PG1",
                                 "status": "created", "dispute": RECORDED_DISPUTE})
        self.assertTrue(self.store.receive(dispute_event("evt_d1", "dispute.created", "OPEN"))["duplicate"])
        self.store.receive(dispute_event("evt_d2", "dispute.lost", "LOST"))
        late = self.store.receive(dispute_event("evt_d3", "dispute.created", "OPEN"))
        self.assertEqual(late["dispute"]["status"], "LOST")
        order = OrderStore(self.path).get("PG1")
        self.assertEqual((order["dispute"], order["events"]), ({**RECORDED_DISPUTE, "status": "LOST"}, ["evt_d1", "evt_d2", "evt_d3"]))
        self.assertEqual(order["status"], "created")  # a dispute never moves the payment's status
        self.assertIn("PG404", self.store.receive(dispute_event("evt_d4", "dispute.won", "WON", "PG404"))["ignored"])

    def test_an_answered_dispute_is_recorded_from_the_gateways_answer(self):
        self.assertIsNone(self.store.disputed({**DISPUTE, "ORDER_ID": "PG404"}))
        self.assertEqual(self.store.disputed({**DISPUTE, "STATUS": "LOST"})["dispute"]["status"], "LOST")
        self.assertEqual(self.store.get("PG1")["dispute"], {**RECORDED_DISPUTE, "status": "LOST"})

    def test_concurrent_deliveries_of_one_event_apply_it_once(self):
        answers = []
        threads = [threading.Thread(target=lambda: answers.append(self.store.receive(event("evt_1", "PG1", "000")))) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(sorted(a["duplicate"] for a in answers), [False] + [True] * 15)
        self.assertEqual(json.loads(self.path.read_text())["seen_events"], ["evt_1"])
        self.assertEqual(list(self.path.parent.iterdir()), [self.path])  # no temp file left behind


class Routes(unittest.TestCase):
    """POST /webhook and GET /orders/<id> through the shared web layer, as every example mounts them."""

    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        config = Config.from_values(
            {
                "PAYSTRA_BASE_URL": "http://127.0.0.1:4130/sandbox",
                "PAYSTRA_PAY_ID": "1000000000000001",
                "PAYSTRA_SALT": SALT,
                "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
                "PAYSTRA_WEBHOOK_SECRET": SECRET,
                "PAYSTRA_DATA_DIR": directory.name,
            }
        )
        self.app = web.App("Test kit", config)
        self.store = web.track_orders(self.app, Client(config), "test")
        self.store.create("PG1", "100")
        self.file = Path(directory.name) / "test-orders.json"

    def post(self, signed, body=None):
        body = signed["body"] if body is None else body
        response = self.app.handle("POST", "/webhook", signed["headers"], body.encode("utf-8"))
        return response.status, json.loads(response.body)

    def test_a_signed_event_moves_the_order_and_the_order_is_readable(self):
        status, body = self.post(sign_webhook_event(event("evt_1", "PG1", "000"), SECRET))
        self.assertEqual((status, body["status"]), (200, "paid"))
        response = self.app.handle("GET", "/orders/PG1", {}, b"")
        self.assertEqual(response.status, 200)
        self.assertEqual(
            json.loads(response.body),
            {"order_id": "PG1", "amount": "100", "status": "paid", "events": ["evt_1"], "updated_by": "webhook", "dispute": None},
        )
        self.assertTrue(self.file.is_file())

    def test_a_refused_event_answers_400_with_the_reason_and_the_message(self):
        signed = sign_webhook_event(event("evt_1", "PG1", "000"), SECRET)
        status, body = self.post(signed, signed["body"].replace('"100"', '"101"'))
        self.assertEqual(status, 400)
        self.assertEqual(body["received"], False)
        self.assertEqual(body["reason"], "signature-mismatch")
        self.assertTrue(body["error"].startswith("The signature does not match the body"))
        self.assertEqual(self.store.get("PG1")["status"], "created")
        status, body = self.post({"headers": {}, "body": signed["body"]})
        self.assertEqual((status, body["reason"]), (400, "malformed-header"))

    def test_settlement_processed_is_answered_and_readable_at_its_id(self):
        carried = {"SETTLEMENT_ID": "setl_1b2c3d4e5f6071829304", "UTR": "", "STATUS": "CARRIED_FORWARD"}
        status, body = self.post(sign_webhook_event(settlement_event("evt_s", **carried), SECRET))
        self.assertEqual(
            (status, body),
            (200, {"received": True, "duplicate": False, "event_id": "evt_s", "settlement_id": carried["SETTLEMENT_ID"]}),
        )
        response = self.app.handle("GET", "/settlements/" + carried["SETTLEMENT_ID"], {"Accept": "application/json"}, b"")
        self.assertEqual(response.status, 200)
        self.assertEqual(json.loads(response.body), {**RECORDED, **carried})
        self.assertEqual(self.store.get("PG1")["status"], "created")
        self.assertEqual(json.loads(self.file.read_text())["settlements"], {carried["SETTLEMENT_ID"]: {**RECORDED, **carried}})
        for unknown in ("setl_ffffffffffffffffffff", "nope"):
            response = self.app.handle("GET", "/settlements/" + unknown, {}, b"")
            self.assertEqual((response.status, json.loads(response.body)), (404, {"error": "No such settlement"}))

    def test_an_unknown_order_answers_404(self):
        for headers in ({"Accept": "application/json"}, {}):
            response = self.app.handle("GET", "/orders/NOPE", headers, b"")
            self.assertEqual((response.status, json.loads(response.body)), (404, {"error": "No such order"}))
        page = self.app.handle("GET", "/orders/NOPE", {"Accept": "text/html"}, b"")
        self.assertEqual(page.status, 404)
        self.assertIn("No such order", page.body.decode())

    def test_the_order_page_shows_the_dispute_and_offers_to_accept_it_while_open(self):
        self.post(sign_webhook_event(dispute_event("evt_d1", "dispute.created", "OPEN"), SECRET))
        html = {"Accept": "text/html"}
        page = self.app.handle("GET", "/orders/PG1", html, b"").body.decode()
        for shown in ("<h2>Dispute</h2>", DISPUTE["DISPUTE_ID"], "OPEN", "Merchandise or services not received",
                      "Respond by 2026-12-07"):
            self.assertIn(shown, page)
        self.assertNotIn("Accept dispute", page)  # this app has no routes to answer with
        for path in (web.ACCEPT_DISPUTE_PATH, web.CONTEST_DISPUTE_PATH):
            self.app.post(path)(lambda req: web.json_response({}))
        page = self.app.handle("GET", "/orders/PG1", html, b"").body.decode()
        hidden = f'<input type="hidden" name="DISPUTE_ID" value="{DISPUTE["DISPUTE_ID"]}">'
        self.assertIn(f'<form method="post" action="/disputes/accept">{hidden}', page)
        self.assertIn(f'<form method="post" action="/disputes/contest">{hidden}', page)
        self.assertIn('<textarea id="f-evidence" name="EVIDENCE"', page)
        self.assertIn("Accept dispute</button>", page)
        self.assertIn("Contest dispute</button>", page)
        self.post(sign_webhook_event(dispute_event("evt_d2", "dispute.lost", "LOST"), SECRET))
        page = self.app.handle("GET", "/orders/PG1", html, b"").body.decode()
        self.assertIn("LOST", page)
        self.assertNotIn("Accept dispute", page)
        self.assertNotIn("Contest dispute", page)
        self.assertEqual(json.loads(self.app.handle("GET", "/orders/PG1", {}, b"").body)["dispute"]["status"], "LOST")

    def test_the_header_name_is_case_insensitive_as_http_says(self):
        signed = sign_webhook_event(event("evt_1", "PG1", "000"), SECRET)
        headers = Message()
        headers["x-paystra-signature"] = signed["headers"][SIGNATURE_HEADER]
        response = self.app.handle("POST", "/webhook", headers, signed["body"].encode())
        self.assertEqual(response.status, 200)


if __name__ == "__main__":
    unittest.main()
