"""
The server example's refund route (server/app.py, POST /refund) and its form on the home page,
against a stand-in gateway. A kit archive of another example has no server/ folder: then there is
nothing to test.
"""

import importlib.util
import json
import os
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from unittest import mock
from urllib.parse import urlencode

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)
from tests.support import KIT_ROOT

from paystra import verify, with_hash

APP = KIT_ROOT / "server" / "app.py"
SALT = "a1b2c3d4e5f60718"
PAY_ID = "1000000000000001"
CAPTURED = 1000  # what the stand-in gateway's orders were paid, in paise


class Gateway(BaseHTTPRequestHandler):
    """Refunds like the gateway: 000 Refunded while the refunds add up to no more than the payment."""

    requests = []
    refunded = {}

    def do_POST(self):
        fields = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Gateway.requests.append((self.path, fields))
        echo = {k: v for k, v in fields.items() if k != "HASH"}
        left = CAPTURED - Gateway.refunded.get(fields["ORDER_ID"], 0)
        if int(fields["AMOUNT"]) > left:
            reply = {**echo, "STATUS": "Failed", "RESPONSE_CODE": "329", "RESPONSE_MESSAGE": "Refund amount exceeds"}
        else:
            Gateway.refunded[fields["ORDER_ID"]] = CAPTURED - left + int(fields["AMOUNT"])
            reply = {**echo, "STATUS": "Refunded", "RESPONSE_CODE": "000", "RESPONSE_MESSAGE": "Refund successful"}
        body = json.dumps(with_hash(reply, SALT)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@unittest.skipUnless(APP.is_file(), "no server example here")
class ServerRefund(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gateway = ThreadingHTTPServer(("127.0.0.1", 0), Gateway)
        threading.Thread(target=cls.gateway.serve_forever, daemon=True).start()
        data = tempfile.TemporaryDirectory()
        cls.addClassCleanup(data.cleanup)
        env = {
            "PAYSTRA_BASE_URL": f"http://127.0.0.1:{cls.gateway.server_address[1]}/sandbox",
            "PAYSTRA_PAY_ID": PAY_ID,
            "PAYSTRA_SALT": SALT,
            "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
            "PAYSTRA_WEBHOOK_SECRET": "wh_demo_7c1e4b9a2f6d8035",
            "APP_URL": "http://127.0.0.1:8000",
            "PORT": "8000",
            "PAYSTRA_DATA_DIR": data.name,
        }
        # The example reads its configuration when it is loaded, as `python3 server/app.py` does.
        with mock.patch.dict(os.environ, env):
            spec = importlib.util.spec_from_file_location("paystra_server_example", APP)
            cls.example = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(cls.example)

    @classmethod
    def tearDownClass(cls):
        cls.gateway.shutdown()
        cls.gateway.server_close()

    def setUp(self):
        Gateway.requests, Gateway.refunded = [], {}

    def call(self, method, target, form=None, accept="application/json"):
        headers = {"Accept": accept, "Content-Type": "application/x-www-form-urlencoded"}
        body = urlencode(form or {}).encode()
        response = self.example.app.handle(method, target, headers, body)
        return response.status, response.body.decode("utf-8")

    def test_a_refund_is_a_signed_refund_request_and_answers_the_verified_fields(self):
        status, body = self.call("POST", "/refund", {"ORDER_ID": "SK1", "AMOUNT": "400"})
        self.assertEqual(status, 200, body)
        answer = json.loads(body)
        self.assertEqual(answer["verified"], True)
        self.assertEqual(
            {k: answer["fields"][k] for k in ("ORDER_ID", "AMOUNT", "STATUS", "RESPONSE_CODE")},
            {"ORDER_ID": "SK1", "AMOUNT": "400", "STATUS": "Refunded", "RESPONSE_CODE": "000"},
        )
        [(path, sent)] = Gateway.requests
        self.assertEqual(path, "/sandbox/pgws/transact")
        self.assertTrue(verify(sent, SALT))
        self.assertRegex(sent.pop("REFUND_ORDER_ID"), r"^RF\d+$")
        self.assertEqual(
            {k: v for k, v in sent.items() if k != "HASH"},
            {
                "PAY_ID": PAY_ID, "ORDER_ID": "SK1", "AMOUNT": "400", "CURRENCY_CODE": "356", "TXNTYPE": "REFUND",
                "NOTIFY_URL": "http://127.0.0.1:8000/webhook",
            },
        )

    def test_partial_refunds_add_up_and_one_beyond_the_rest_answers_329(self):
        for amount, code in (("400", "000"), ("700", "329"), ("600", "000")):
            with self.subTest(amount=amount):
                status, body = self.call("POST", "/refund", {"ORDER_ID": "SK2", "AMOUNT": amount, "REFUND_ORDER_ID": f"R{amount}"})
                self.assertEqual((status, json.loads(body)["fields"]["RESPONSE_CODE"]), (200, code))
        self.assertEqual([sent["REFUND_ORDER_ID"] for _, sent in Gateway.requests], ["R400", "R700", "R600"])

    def test_bad_input_is_refused_before_the_gateway_is_asked(self):
        for form in ({"ORDER_ID": "SK1", "AMOUNT": "-5"}, {"AMOUNT": "100"}, {"ORDER_ID": "SK1", "AMOUNT": "1", "REFUND_ORDER_ID": "no spaces"}):
            with self.subTest(form=form):
                status, body = self.call("POST", "/refund", form)
                self.assertEqual(status, 400)
                self.assertTrue(json.loads(body)["error"])
        self.assertEqual(Gateway.requests, [])

    def test_a_browser_gets_the_refund_page(self):
        status, body = self.call("POST", "/refund", {"ORDER_ID": "SK3", "AMOUNT": "100"}, accept="text/html")
        self.assertEqual(status, 200)
        self.assertIn("Refunded", body)
        self.assertIn("/status?order_id=SK3", body)

    def test_the_home_page_has_the_refund_form_prefilled_from_the_query(self):
        status, body = self.call("GET", "/?order_id=SK1764480000000", accept="text/html")
        self.assertEqual(status, 200)
        self.assertIn('action="/refund"', body)
        self.assertIn('name="ORDER_ID" type="text" value="SK1764480000000"', body)
        self.assertIn('name="REFUND_ORDER_ID"', body)


if __name__ == "__main__":
    unittest.main()
