import io
import json
import unittest
from contextlib import redirect_stdout

from tests.support import vectors

from paystra import (
    EVENT_ID_HEADER,
    SIGNATURE_HEADER,
    Client,
    Config,
    WebhookError,
    new_event_id,
    sign_webhook_event,
    verify_webhook,
    with_hash,
)
from paystra.__main__ import main
from paystra.webhook import MESSAGES, webhook_signature

SECRET = "wh_demo_7c1e4b9a2f6d8035"
SALT = "a1b2c3d4e5f60718"
NOW = 1764000000


def event(**changes):
    data = with_hash({"PAY_ID": "1000000000000001", "ORDER_ID": "PG1", "AMOUNT": "100", "RESPONSE_CODE": "000"}, SALT)
    return {"id": "evt_0123456789abcdef01234567", "type": "payment.captured", "created": NOW, "data": data, **changes}


class WebhookVectors(unittest.TestCase):
    def test_the_messages_are_the_shared_ones(self):
        self.assertEqual(MESSAGES, vectors()["webhook"]["messages"])

    def test_every_sign_vector(self):
        cases = vectors()["webhook"]["sign"]
        self.assertGreater(len(cases), 0)
        for case in cases:
            with self.subTest(case["note"]):
                parsed = json.loads(case["body"])
                signed = sign_webhook_event(parsed, case["secret"], case["timestamp"])
                self.assertEqual(signed["body"], case["body"])
                self.assertEqual(signed["headers"][SIGNATURE_HEADER], case["header"])
                self.assertEqual(signed["headers"][EVENT_ID_HEADER], parsed["id"])
                self.assertEqual(signed["headers"]["Content-Type"], "application/json")
                self.assertIn(case["signature"], case["header"])

    def test_every_verify_vector_with_its_reason_and_message(self):
        cases = vectors()["webhook"]["verify"]
        self.assertGreater(len(cases), 0)
        for case in cases:
            for body in (case["body"], case["body"].encode("utf-8")):
                with self.subTest(case["note"], body_type=type(body).__name__):
                    self.check(case, body)

    def check(self, case, body):
        expect = case["expect"]
        options = {"now": case["now"], "salt": case.get("salt")}
        if expect["ok"]:
            got = verify_webhook(body, case["header"], case["secret"], **options)
            self.assertEqual((got["id"], got["type"]), (expect["id"], expect["type"]))
            self.assertEqual(got["data"], json.loads(case["body"])["data"])
            return
        with self.assertRaises(WebhookError) as caught:
            verify_webhook(body, case["header"], case["secret"], **options)
        self.assertEqual(caught.exception.reason, expect["reason"])
        self.assertEqual(str(caught.exception), vectors()["webhook"]["messages"][expect["reason"]])


class SignThenVerify(unittest.TestCase):
    def refusal(self, body, header, secret=SECRET, **options):
        with self.assertRaises(WebhookError) as caught:
            verify_webhook(body, header, secret, **{"salt": SALT, "now": NOW, **options})
        return caught.exception.reason

    def test_a_signed_event_verifies_and_comes_back_whole(self):
        signed = sign_webhook_event(event(), SECRET, NOW)
        got = verify_webhook(signed["body"], signed["headers"][SIGNATURE_HEADER], SECRET, salt=SALT, now=NOW)
        self.assertEqual(got, event())
        self.assertTrue(signed["body"].startswith("{\n") and signed["body"].endswith("}\n"))

    def test_settlement_processed_verifies_like_any_event(self):
        settlement = with_hash(
            {"PAY_ID": "1000000000000001", "SETTLEMENT_ID": "setl_0a1b2c3d4e5f60718293", "UTR": "PYSTN26334000123",
             "SETTLEMENT_DATE": "2026-11-30", "NET_AMOUNT": "97640", "STATUS": "PROCESSED"},
            SALT,
        )
        processed = event(type="settlement.processed", data=settlement)
        signed = sign_webhook_event(processed, SECRET, NOW)
        got = verify_webhook(signed["body"], signed["headers"][SIGNATURE_HEADER], SECRET, salt=SALT, now=NOW)
        self.assertEqual(got, processed)
        altered = sign_webhook_event(event(type="settlement.processed", data={**settlement, "UTR": ""}), SECRET, NOW)
        with self.assertRaises(WebhookError) as caught:
            verify_webhook(altered["body"], altered["headers"][SIGNATURE_HEADER], SECRET, salt=SALT, now=NOW)
        self.assertEqual(caught.exception.reason, "data-hash")

    def test_the_body_keeps_the_protocol_order_and_utf8(self):
        signed = sign_webhook_event({"data": {"CUST_NAME": "आशा"}, "created": 1, "type": "t", "id": "e"}, SECRET, 1)
        self.assertEqual(list(json.loads(signed["body"])), ["id", "type", "created", "data"])
        self.assertIn("आशा", signed["body"])

    def test_the_timestamp_defaults_to_the_clock(self):
        signed = sign_webhook_event(event(), SECRET)
        verify_webhook(signed["body"], signed["headers"][SIGNATURE_HEADER], SECRET)  # now: the clock

    def test_the_tolerance_can_be_set(self):
        signed = sign_webhook_event(event(), SECRET, NOW)
        header = signed["headers"][SIGNATURE_HEADER]
        self.assertEqual(self.refusal(signed["body"], header, now=NOW + 61, tolerance_seconds=60), "stale-timestamp")
        verify_webhook(signed["body"], header, SECRET, now=NOW + 600, tolerance_seconds=600)

    def test_a_parsed_body_is_refused_as_not_raw(self):
        signed = sign_webhook_event(event(), SECRET, NOW)
        header = signed["headers"][SIGNATURE_HEADER]
        for parsed in (json.loads(signed["body"]), [1], None, 5):
            with self.subTest(parsed=parsed):
                self.assertEqual(self.refusal(parsed, header), "body-not-raw")

    def test_the_likeliest_cause_of_a_mismatch_is_named(self):
        signed = sign_webhook_event(event(), SECRET, NOW)
        body, header = signed["body"], signed["headers"][SIGNATURE_HEADER]
        self.assertEqual(self.refusal(json.dumps(json.loads(body)), header), "body-reserialised")
        other = sign_webhook_event(event(), "wh_other", NOW)["headers"][SIGNATURE_HEADER]
        self.assertEqual(self.refusal(body, other), "wrong-secret")
        self.assertEqual(self.refusal(body, other, salt=None), "signature-mismatch")
        self.assertEqual(self.refusal(body.replace('"100"', '"900"'), header), "signature-mismatch")

    def test_a_signed_body_that_is_not_an_event(self):
        for bad in ({**event(), "created": "now"}, {**event(), "created": True}, {**event(), "data": {"A": 1}}):
            body = json.dumps(bad, indent=2) + "\n"
            header = f"t={NOW},v1={webhook_signature(SECRET, NOW, body)}"
            with self.subTest(bad=bad):
                self.assertEqual(self.refusal(body, header), "malformed-body")

    def test_new_event_ids_look_like_the_gateways(self):
        ids = {new_event_id() for _ in range(100)}
        self.assertEqual(len(ids), 100)
        self.assertTrue(all(len(i) == 28 and i.startswith("evt_") for i in ids))


class CommandLine(unittest.TestCase):
    def test_the_webhook_command_prints_an_event_that_verifies(self):
        output = io.StringIO()
        with redirect_stdout(output):
            main(["webhook", "--secret", SECRET, "--salt", SALT, "--id", "evt_cli", "ORDER_ID=PG1", "RESPONSE_CODE=000"])
        head, _, body = output.getvalue().partition("\n\n")
        headers = dict(line.split(": ", 1) for line in head.splitlines())
        got = verify_webhook(body, headers[SIGNATURE_HEADER], SECRET, salt=SALT)
        self.assertEqual((got["id"], got["data"]["ORDER_ID"]), ("evt_cli", "PG1"))


class ClientWebhooks(unittest.TestCase):
    values = {
        "PAYSTRA_BASE_URL": "http://127.0.0.1:4130/sandbox",
        "PAYSTRA_PAY_ID": "1000000000000001",
        "PAYSTRA_SALT": SALT,
        "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
    }

    def test_the_client_uses_the_configured_secret_and_salt(self):
        client = Client(Config.from_values({**self.values, "PAYSTRA_WEBHOOK_SECRET": SECRET}))
        signed = sign_webhook_event(event(), SECRET)
        self.assertEqual(client.verify_webhook(signed["body"], signed["headers"][SIGNATURE_HEADER])["id"], event()["id"])
        bad_hash = sign_webhook_event(event(data={**event()["data"], "AMOUNT": "900"}), SECRET)
        with self.assertRaises(WebhookError) as caught:
            client.verify_webhook(bad_hash["body"].encode(), bad_hash["headers"][SIGNATURE_HEADER])
        self.assertEqual(caught.exception.reason, "data-hash")

    def test_without_a_secret_every_delivery_is_refused(self):
        client = Client(Config.from_values(self.values))
        signed = sign_webhook_event(event(), SECRET)
        with self.assertRaises(WebhookError) as caught:
            client.verify_webhook(signed["body"], signed["headers"][SIGNATURE_HEADER])
        self.assertEqual(caught.exception.reason, "secret-missing")


if __name__ == "__main__":
    unittest.main()
