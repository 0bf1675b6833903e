import json
import threading
import unittest
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import tests.support  # noqa: F401 (puts the core on the path)

from paystra import (
    Client,
    Config,
    GatewayError,
    GatewayUnavailable,
    VerificationError,
    decrypt,
    encrypt,
    new_order_id,
    verify,
    with_hash,
)

SALT = "a1b2c3d4e5f60718"
PAY_ID = "1000000000000001"


class StubGateway(BaseHTTPRequestHandler):
    """Answers like the gateway's JSON APIs; each test sets `answer` to shape the reply."""

    requests = []
    answer = None  # callable(path, fields) -> (status, body bytes)

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        fields = json.loads(body)
        StubGateway.requests.append((self.path, self.headers["Content-Type"], fields))
        status, reply = StubGateway.answer(self.path, fields)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


def signed_echo(path, fields):
    reply = {k: v for k, v in fields.items() if k != "HASH"}
    reply.update(RESPONSE_CODE="000", STATUS="Captured")
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class ClientTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), StubGateway)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        port = cls.server.server_address[1]
        cls.config = Config.from_values(
            {
                "PAYSTRA_BASE_URL": f"http://127.0.0.1:{port}/sandbox",
                "PAYSTRA_PAY_ID": PAY_ID,
                "PAYSTRA_SALT": SALT,
                "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
                "APP_URL": "http://127.0.0.1:8000",
            }
        )

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        StubGateway.requests = []
        StubGateway.answer = staticmethod(signed_echo)
        self.client = Client(self.config, timeout=5)

    # ---- browser forms ----

    def test_payment_request_is_complete_and_signed(self):
        form = self.client.payment_request({"ORDER_ID": "PG1", "AMOUNT": "100", "CUST_NAME": "Asha", "CUST_ID": None})
        self.assertEqual(form.action, self.config.base_url + "/paymentrequest")
        self.assertEqual(
            {k: v for k, v in form.fields.items() if k != "HASH"},
            {
                "PAY_ID": PAY_ID,
                "ORDER_ID": "PG1",
                "AMOUNT": "100",
                "CURRENCY_CODE": "356",
                "TXNTYPE": "SALE",
                "RETURN_URL": "http://127.0.0.1:8000/response",
                "CUST_NAME": "Asha",
            },
        )
        self.assertTrue(verify(form.fields, SALT))

    def test_merchant_hosted_request_hides_everything_but_pay_id(self):
        form = self.client.merchant_hosted_request({"ORDER_ID": "WL1", "AMOUNT": "250"}, "UP", "UP", "success@upi")
        self.assertEqual(form.action, self.config.base_url + "/merchantPaymentInit")
        self.assertEqual(set(form.fields), {"PAY_ID", "ENCDATA"})
        inside = decrypt(form.fields["ENCDATA"], self.config.merchant_hosted_key)
        self.assertTrue(verify(inside, SALT))
        self.assertEqual(inside["PAYMENT_TYPE"], "UP")
        self.assertEqual(inside["PAYER_ADDRESS"], "success@upi")
        self.assertEqual(inside["RETURN_URL"], "http://127.0.0.1:8000/response")

    # ---- the gateway's response ----

    def response(self, **changes):
        fields = {"PAY_ID": PAY_ID, "ORDER_ID": "PG1", "AMOUNT": "100", "RESPONSE_CODE": "000", **changes}
        return {"PAY_ID": PAY_ID, "ENCDATA": encrypt(fields, SALT, self.config.merchant_hosted_key)}

    def test_verify_response_returns_the_fields(self):
        fields = self.client.verify_response(self.response())
        self.assertEqual(fields["RESPONSE_CODE"], "000")
        self.assertIn("HASH", fields)

    def test_verify_response_accepts_spaces_for_plus(self):
        for attempt in range(100):
            posted = self.response(CUST_NAME=f"Customer {attempt}")
            if "+" in posted["ENCDATA"]:
                break
        self.assertIn("+", posted["ENCDATA"])
        posted["ENCDATA"] = posted["ENCDATA"].replace("+", " ")
        self.assertEqual(self.client.verify_response(posted)["ORDER_ID"], "PG1")

    def test_verify_response_refuses_tampering_and_other_merchants(self):
        good = self.response()
        middle = len(good["ENCDATA"]) // 2
        flipped = "A" if good["ENCDATA"][middle] != "A" else "B"
        tampered = {**good, "ENCDATA": good["ENCDATA"][:middle] + flipped + good["ENCDATA"][middle + 1 :]}
        other_salt = {
            "PAY_ID": PAY_ID,
            "ENCDATA": encrypt({"PAY_ID": PAY_ID, "AMOUNT": "1"}, "other", self.config.merchant_hosted_key),
        }
        inner_other = self.response(PAY_ID="1000000000000002")
        for posted in (
            tampered,
            other_salt,
            inner_other,
            {**good, "PAY_ID": "1000000000000002"},
            {"PAY_ID": PAY_ID},
            {"PAY_ID": PAY_ID, "ENCDATA": "garbage!"},
            {},
        ):
            with self.subTest(posted=posted), self.assertRaises(VerificationError):
                self.client.verify_response(posted)

    # ---- JSON APIs ----

    def test_status_posts_signed_json_and_returns_the_verified_answer(self):
        answer = self.client.status("PG1")
        path, content_type, sent = StubGateway.requests[0]
        self.assertEqual(path, "/sandbox/pgws/transact")
        self.assertEqual(content_type, "application/json")
        self.assertEqual({k: v for k, v in sent.items() if k != "HASH"}, {"PAY_ID": PAY_ID, "ORDER_ID": "PG1", "TXNTYPE": "STATUS"})
        self.assertTrue(verify(sent, SALT))
        self.assertEqual(answer["STATUS"], "Captured")

    def test_every_api_posts_its_fields_to_its_path(self):
        self.client.refund("PG1", "RF1", "400")
        self.client.qr({"ORDER_ID": "QR1", "AMOUNT": "2500", "CUST_NAME": None}, "UPI")
        self.client.payout({"PAYOUT_ID": "PO1", "AMOUNT": "150000", "TRANSFER_MODE": "UPI", "BENEFICIARY_VPA": "success@upi"})
        self.client.payout_status("PO1")
        sent = [(path, {k: v for k, v in fields.items() if k not in ("HASH", "PAY_ID")}) for path, _, fields in StubGateway.requests]
        self.assertEqual(
            sent,
            [
                ("/sandbox/pgws/transact", {"ORDER_ID": "PG1", "REFUND_ORDER_ID": "RF1", "AMOUNT": "400", "CURRENCY_CODE": "356", "TXNTYPE": "REFUND"}),
                ("/sandbox/pgws/qr", {"ORDER_ID": "QR1", "AMOUNT": "2500", "CURRENCY_CODE": "356", "QR_TYPE": "UPI"}),
                ("/sandbox/pgws/payout", {"PAYOUT_ID": "PO1", "AMOUNT": "150000", "CURRENCY_CODE": "356", "TRANSFER_MODE": "UPI", "BENEFICIARY_VPA": "success@upi"}),
                ("/sandbox/pgws/payout/status", {"PAYOUT_ID": "PO1"}),
            ],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_notify_url_travels_signed_with_every_request(self):
        notify = {"NOTIFY_URL": "http://127.0.0.1:8000/webhook"}
        hosted = self.client.payment_request({"ORDER_ID": "PG1", "AMOUNT": "100", **notify})
        self.assertEqual(hosted.fields["NOTIFY_URL"], notify["NOTIFY_URL"])
        self.assertTrue(verify(hosted.fields, SALT))
        seamless = self.client.merchant_hosted_request({"ORDER_ID": "WL1", "AMOUNT": "100", **notify}, "WL", "PPL")
        inside = decrypt(seamless.fields["ENCDATA"], self.config.merchant_hosted_key)
        self.assertEqual(inside["NOTIFY_URL"], notify["NOTIFY_URL"])
        self.client.qr({"ORDER_ID": "QR1", "AMOUNT": "2500", **notify}, "UPI")
        self.client.refund("PG1", "RF1", "400", notify_url=notify["NOTIFY_URL"])
        self.client.refund("PG1", "RF2", "400")
        self.client.payout({"PAYOUT_ID": "PO1", "AMOUNT": "150000", "TRANSFER_MODE": "UPI", "BENEFICIARY_VPA": "success@upi", **notify})
        sent = [fields for _, _, fields in StubGateway.requests]
        self.assertEqual([fields.get("NOTIFY_URL") for fields in sent], [notify["NOTIFY_URL"]] * 2 + [None, notify["NOTIFY_URL"]])
        for fields in sent:
            self.assertTrue(verify(fields, SALT))

    def test_notify_url_only_once_a_webhook_secret_is_set(self):
        # The examples put config.notify_url on every request: without PAYSTRA_WEBHOOK_SECRET they
        # could not verify the events, so the requests must not ask for any (each delivery would be
        # refused and retried for about 32 hours).
        def sent_with(config):
            StubGateway.requests = []
            client = Client(config, timeout=5)
            notify = {"NOTIFY_URL": config.notify_url}
            hosted = client.payment_request({"ORDER_ID": "PG1", "AMOUNT": "100", **notify})
            seamless = client.merchant_hosted_request({"ORDER_ID": "WL1", "AMOUNT": "100", **notify}, "WL", "PPL")
            client.qr({"ORDER_ID": "QR1", "AMOUNT": "2500", **notify}, "UPI")
            client.refund("PG1", "RF1", "400", notify_url=config.notify_url)
            client.payout({"PAYOUT_ID": "PO1", "AMOUNT": "150000", "TRANSFER_MODE": "UPI", "BENEFICIARY_VPA": "success@upi", **notify})
            inside = decrypt(seamless.fields["ENCDATA"], config.merchant_hosted_key)
            return [hosted.fields, inside] + [fields for _, _, fields in StubGateway.requests]

        without = sent_with(self.config)
        self.assertEqual(self.config.webhook_secret, "")
        self.assertIsNone(self.config.notify_url)
        self.assertEqual(len(without), 5)
        for fields in without:
            self.assertNotIn("NOTIFY_URL", fields)
            self.assertTrue(verify(fields, SALT))
        with_secret = replace(self.config, webhook_secret="wh_demo_7c1e4b9a2f6d8035")
        self.assertEqual(with_secret.notify_url, "http://127.0.0.1:8000/webhook")
        for fields in sent_with(with_secret):
            self.assertEqual(fields["NOTIFY_URL"], "http://127.0.0.1:8000/webhook")
            self.assertTrue(verify(fields, SALT))

    def test_an_answer_whose_hash_does_not_verify_is_refused(self):
        def forged(path, fields):
            reply = with_hash({"PAY_ID": PAY_ID, "RESPONSE_CODE": "000"}, SALT)
            reply["RESPONSE_CODE"] = "001"
            return 200, json.dumps(reply).encode()

        StubGateway.answer = staticmethod(forged)
        with self.assertRaises(VerificationError):
            self.client.status("PG1")

    def test_a_signed_answer_for_another_pay_id_is_refused(self):
        StubGateway.answer = staticmethod(
            lambda path, fields: (200, json.dumps(with_hash({"PAY_ID": "1000000000000002"}, SALT)).encode())
        )
        with self.assertRaises(VerificationError):
            self.client.status("PG1")

    def test_an_unsigned_refusal_raises_with_its_code(self):
        for status, code in ((200, "324"), (400, "326")):
            StubGateway.answer = staticmethod(
                lambda path, fields, status=status, code=code: (
                    status,
                    json.dumps({"RESPONSE_CODE": code, "RESPONSE_MESSAGE": "Refused"}).encode(),
                )
            )
            with self.subTest(code=code), self.assertRaises(GatewayError) as caught:
                self.client.status("PG1")
            self.assertEqual(caught.exception.code, code)

    def test_a_gateway_that_does_not_answer_json_is_unavailable(self):
        for status, body in ((200, b"<html>"), (500, b"oops"), (200, b'["list"]'), (200, b'{"A": 1}')):
            StubGateway.answer = staticmethod(lambda path, fields, status=status, body=body: (status, body))
            with self.subTest(body=body), self.assertRaises(GatewayUnavailable):
                self.client.status("PG1")

    def test_an_unreachable_gateway_is_unavailable(self):
        closed = Config.from_values(
            {"PAYSTRA_BASE_URL": "http://127.0.0.1:9/sandbox", "PAYSTRA_PAY_ID": PAY_ID, "PAYSTRA_SALT": SALT, "PAYSTRA_KEY_SALT": "k"}
        )
        with self.assertRaises(GatewayUnavailable):
            Client(closed, timeout=2).status("PG1")


class OrderIds(unittest.TestCase):
    def test_prefix_and_milliseconds_never_repeat(self):
        ids = [new_order_id("PG") for _ in range(500)]
        self.assertEqual(len(set(ids)), 500)
        self.assertTrue(all(i.startswith("PG") and i[2:].isdigit() and len(i) == 15 for i in ids))
        self.assertEqual(ids, sorted(ids))


if __name__ == "__main__":
    unittest.main()
