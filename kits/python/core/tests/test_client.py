import json
import threading
import unittest
from dataclasses import replace
from datetime import date, datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import tests.support  # noqa: F401 (puts the core on the path)

from paystra import (
    Client,
    Config,
    GatewayError,
    GatewayUnavailable,
    InvalidInput,
    ProtocolError,
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
    answer = None  # callable(path, fields) -> (status, body bytes[, content type])
    accepts = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        fields = json.loads(body)
        StubGateway.requests.append((self.path, self.headers["Content-Type"], fields))
        StubGateway.accepts.append(self.headers["Accept"])
        status, reply, *content_type = StubGateway.answer(self.path, fields)
        self.send_response(status)
        self.send_header("Content-Type", content_type[0] if content_type else "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


def signed_echo(path, fields):
    reply = {k: v for k, v in fields.items() if k != "HASH"}
    reply.update(RESPONSE_CODE="000", STATUS="Captured")
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class StubGatewayTestCase(unittest.TestCase):
    """A client of the demo merchant, talking to StubGateway on a port of its own."""

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
        StubGateway.accepts = []
        StubGateway.answer = staticmethod(signed_echo)
        self.client = Client(self.config, timeout=5)


class ClientTests(StubGatewayTestCase):
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


OK = {"RESPONSE_CODE": "000", "RESPONSE_MESSAGE": "Transaction successful", "RESPONSE_DATE_TIME": "2026-11-30 11:00:05"}
SETTLEMENT = {
    "SETTLEMENT_ID": "setl_0a1b2c3d4e5f60718293",
    "UTR": "PYSTN26334000123",
    "SETTLEMENT_DATE": "2026-11-30",
    "CYCLE_FROM": "2026-11-27",
    "CYCLE_TO": "2026-11-27",
    "PAYMENTS_COUNT": "1",
    "REFUNDS_COUNT": "0",
    "GROSS_AMOUNT": "100000",
    "REFUNDS_AMOUNT": "0",
    "FEES_AMOUNT": "2000",
    "GST_AMOUNT": "360",
    "ADJUSTMENTS_AMOUNT": "0",
    "NET_AMOUNT": "97640",
    "BANK_ACCOUNT": "XXXXXXXXXX4321",
    "STATUS": "PROCESSED",
}
LINE = {
    "TYPE": "PAYMENT", "ORDER_ID": "SK1764000000000", "TXN_ID": "1234567890123456",
    "PG_REF_NUM": "202612345678901234", "PAYMENT_TYPE": "UP", "MOP_TYPE": "UP", "AMOUNT": "100000",
    "FEE": "2000", "GST": "360", "NET": "97640", "DATE": "2026-11-27 10:15:00", "DESCRIPTION": "",
}
ENTRY = {
    "TYPE": "PAYMENT", "TXN_ID": "1234567890123456", "AMOUNT": "100000", "FEE": "2000", "GST": "360",
    "NET": "97640", "DATE": "2026-11-27 10:15:00", "STATE": "UNSETTLED", "SETTLEMENT_ID": "", "UTR": "",
    "SETTLEMENT_DATE": "", "EXPECTED_SETTLEMENT_DATE": "2026-11-30",
}


def settlement_gateway(path, fields):
    """The gateway's answer to each settlements path: lists as JSON text inside the signed fields."""
    echo = {k: v for k, v in fields.items() if k != "HASH"}
    if path.endswith(("/pgws/settlements", "/pgws/settlement/run")):
        reply = {**echo, **OK, "SETTLEMENTS": json.dumps([SETTLEMENT])}
    elif path.endswith("/pgws/settlement"):
        reply = {**echo, **OK, **SETTLEMENT, "LINES": json.dumps([LINE])}
    else:
        reply = {**echo, **OK, "RECON": json.dumps([ENTRY])}
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class SettlementCalls(StubGatewayTestCase):
    """settlements, settlement, settlement_csv, recon and run_settlement against the stub gateway."""

    def setUp(self):
        super().setUp()
        StubGateway.answer = staticmethod(settlement_gateway)

    def sent(self):
        return [(path, {k: v for k, v in fields.items() if k not in ("HASH", "PAY_ID")}) for path, _, fields in StubGateway.requests]

    def test_each_call_sends_its_fields_and_answers_the_verified_fields_with_the_list_parsed(self):
        listed = self.client.settlements("2026-09-01", date(2026, 11, 30))
        self.assertEqual(listed["SETTLEMENTS"], [SETTLEMENT])
        self.assertEqual(listed["FROM"], "2026-09-01")
        one = self.client.settlement(settlement_id=SETTLEMENT["SETTLEMENT_ID"])
        self.assertEqual((one["LINES"], one["NET_AMOUNT"]), ([LINE], "97640"))
        self.client.settlement(utr=SETTLEMENT["UTR"])
        self.assertEqual(self.client.recon("SK1764000000000")["RECON"], [ENTRY])
        run = self.client.run_settlement("2026-11-30T11:00:00+05:30", "https://shop.example/hook")
        self.assertEqual(run["SETTLEMENTS"], [SETTLEMENT])
        self.client.run_settlement(datetime(2026, 11, 30, 5, 30, tzinfo=timezone.utc))
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/settlements", {"FROM": "2026-09-01", "TO": "2026-11-30"}),
                ("/sandbox/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"]}),
                ("/sandbox/pgws/settlement", {"UTR": SETTLEMENT["UTR"]}),
                ("/sandbox/pgws/recon", {"ORDER_ID": "SK1764000000000"}),
                ("/sandbox/pgws/settlement/run", {"AS_OF": "2026-11-30T11:00:00+05:30", "NOTIFY_URL": "https://shop.example/hook"}),
                ("/sandbox/pgws/settlement/run", {"AS_OF": "2026-11-30T11:00:00+05:30"}),
            ],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_a_refusal_comes_back_as_its_fields_without_the_list(self):
        refusal = {"PAY_ID": PAY_ID, "ORDER_ID": "SK1", "STATUS": "Failed", "RESPONSE_CODE": "328", "RESPONSE_MESSAGE": "No such transaction"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(with_hash(refusal, SALT)).encode()))
        answer = self.client.recon("SK1")
        self.assertEqual(answer["RESPONSE_CODE"], "328")
        self.assertNotIn("RECON", answer)

    def test_a_list_is_trusted_only_when_the_hash_covers_it_and_it_is_a_list_of_objects(self):
        def tampered(path, fields):
            reply = with_hash({"PAY_ID": PAY_ID, **OK, "SETTLEMENTS": json.dumps([SETTLEMENT])}, SALT)
            reply["SETTLEMENTS"] = json.dumps([{**SETTLEMENT, "NET_AMOUNT": "1"}])
            return 200, json.dumps(reply).encode()

        StubGateway.answer = staticmethod(tampered)
        with self.assertRaises(VerificationError):
            self.client.settlements("2026-11-01", "2026-11-30")
        for text in ("", "nope", "{}", "[1]", '[{"A": 1}]'):
            StubGateway.answer = staticmethod(
                lambda path, fields, text=text: (200, json.dumps(with_hash({"PAY_ID": PAY_ID, **OK, "SETTLEMENTS": text}, SALT)).encode())
            )
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.settlements("2026-11-01", "2026-11-30")

    def test_settlement_csv_returns_the_text_and_raises_the_verified_refusal(self):
        csv = "TYPE,ORDER_ID\r\nPAYMENT,SK1\r\n"

        def answer(path, fields):
            if "SETTLEMENT_ID" in fields:
                return 200, csv.encode(), "text/csv; charset=utf-8"
            refusal = {"PAY_ID": PAY_ID, "UTR": fields["UTR"], "FORMAT": "CSV", "STATUS": "Failed",
                       "RESPONSE_CODE": "338", "RESPONSE_MESSAGE": "No settlement found"}
            return 404, json.dumps(with_hash(refusal, SALT)).encode()

        StubGateway.answer = staticmethod(answer)
        self.assertEqual(self.client.settlement_csv(settlement_id=SETTLEMENT["SETTLEMENT_ID"]), csv)
        self.assertEqual(StubGateway.requests[0][2]["FORMAT"], "CSV")
        self.assertIn("text/csv", StubGateway.accepts[0])
        with self.assertRaises(GatewayError) as caught:
            self.client.settlement_csv(utr="PYSTN26334999999")
        self.assertEqual((caught.exception.code, caught.exception.fields["RESPONSE_MESSAGE"]), ("338", "No settlement found"))
        forged = with_hash({"PAY_ID": PAY_ID, "RESPONSE_CODE": "338"}, SALT)
        forged["RESPONSE_CODE"] = "000"
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(forged).encode()))
        with self.assertRaises(VerificationError):
            self.client.settlement_csv(settlement_id=SETTLEMENT["SETTLEMENT_ID"])

    def test_settlement_with_all_lines_fetches_every_page_and_checks_the_count(self):
        lines = [{**LINE, "TXN_ID": str(1234567890123000 + n)} for n in range(5)]

        def paged(path, fields, lines_count=len(lines)):
            size, page = int(fields.get("PAGE_SIZE", "1000")), int(fields.get("PAGE", "1"))
            pages = max(1, -(-len(lines) // 2))
            paging = {"PAGE": str(page), "PAGE_SIZE": str(size), "LINES_COUNT": str(lines_count), "PAGES": str(pages)}
            # The stub pages by 2, whatever is asked, so that five lines take three pages.
            page_lines = lines[(page - 1) * 2 : page * 2]
            reply = {**fields, **OK, **SETTLEMENT, **paging, "LINES": json.dumps(page_lines)}
            reply.pop("HASH")
            return 200, json.dumps(with_hash(reply, SALT)).encode()

        StubGateway.answer = staticmethod(paged)
        answer = self.client.settlement_with_all_lines(settlement_id=SETTLEMENT["SETTLEMENT_ID"])
        self.assertEqual(answer["LINES"], lines)
        self.assertEqual((answer["NET_AMOUNT"], answer["LINES_COUNT"], answer["PAGES"]), ("97640", "5", "3"))
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE_SIZE": "1000"}),
                ("/sandbox/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE": "2", "PAGE_SIZE": "1000"}),
                ("/sandbox/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE": "3", "PAGE_SIZE": "1000"}),
            ],
        )
        # Pages that do not add up to LINES_COUNT are not the whole settlement.
        StubGateway.answer = staticmethod(lambda path, fields: paged(path, fields, lines_count=6))
        with self.assertRaises(ProtocolError):
            self.client.settlement_with_all_lines(settlement_id=SETTLEMENT["SETTLEMENT_ID"])

    def test_one_page_of_a_settlement_and_the_pages_checked_before_calling(self):
        self.client.settlement(settlement_id=SETTLEMENT["SETTLEMENT_ID"], page=3, page_size=50)
        self.assertEqual(
            self.sent(), [("/sandbox/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE": "3", "PAGE_SIZE": "50"})]
        )
        for page, page_size in ((0, 0), (-1, 0), ("2", 0), (1.5, 0), (True, 0), (1, 1001), (1, -5), (1, "10")):
            with self.subTest(page=page, page_size=page_size), self.assertRaises(InvalidInput):
                self.client.settlement(settlement_id=SETTLEMENT["SETTLEMENT_ID"], page=page, page_size=page_size)
        self.assertEqual(len(StubGateway.requests), 1)

    def test_a_refused_first_page_comes_back_as_it_is(self):
        refusal = {"PAY_ID": PAY_ID, "STATUS": "Failed", "RESPONSE_CODE": "338", "RESPONSE_MESSAGE": "No settlement found"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(with_hash(refusal, SALT)).encode()))
        answer = self.client.settlement_with_all_lines(utr="PYSTN26334999999")
        self.assertEqual((answer["RESPONSE_CODE"], "LINES" in answer), ("338", False))

    def test_dates_the_range_the_settlement_named_and_as_of_are_checked_before_calling(self):
        refused = (
            lambda: self.client.settlements("2026-11-1", "2026-11-30"),
            lambda: self.client.settlements("2026-02-30", "2026-03-30"),
            lambda: self.client.settlements("2026-11-30", "2026-11-01"),
            lambda: self.client.settlements("2026-08-30", "2026-11-30"),
            lambda: self.client.settlements(datetime(2026, 11, 1, tzinfo=timezone.utc), "2026-11-30"),
            lambda: self.client.settlements(None, "2026-11-30"),
            lambda: self.client.settlement(),
            lambda: self.client.settlement(settlement_id=SETTLEMENT["SETTLEMENT_ID"], utr="PYSTN26334000123"),
            lambda: self.client.settlement(settlement_id="setl_XYZ"),
            lambda: self.client.settlement_csv(utr="pystn26334000123"),
            lambda: self.client.run_settlement("2026-11-30T11:00:00"),
            lambda: self.client.run_settlement("tomorrow"),
            lambda: self.client.run_settlement(datetime(2026, 11, 30, 11)),
        )
        for call in refused:
            with self.assertRaises(InvalidInput):
                call()
        self.assertEqual(StubGateway.requests, [])
        # 92 days, both included, is the longest range.
        self.client.settlements("2026-08-31", "2026-11-30")
        self.assertEqual(len(StubGateway.requests), 1)


DISPUTE = {
    "DISPUTE_ID": "dsp_0a1b2c3d4e5f60718293", "ORDER_ID": "SK1764000000000", "TXN_ID": "1234567890123456",
    "PG_REF_NUM": "2234567890123456", "AMOUNT": "1234", "CURRENCY_CODE": "840", "INR_AMOUNT": "103921",
    "REASON_CODE": "13.1", "REASON": "Merchandise or services not received", "RESPOND_BY": "2026-12-07",
    "STATUS": "OPEN", "EVIDENCE_RECEIVED": "N", "CREATED_AT": "2026-11-30 12:00:00", "DECIDED_AT": "",
    "RESOLUTION": "",
}
RATES = {"840": "84.2150", "392": "0.5532"}
CURRENCIES = [
    {"CURRENCY_CODE": "356", "CODE": "INR", "NAME": "Indian Rupee", "MINOR_UNITS": "2", "FX_RATE": "1.0000"},
    {"CURRENCY_CODE": "840", "CODE": "USD", "NAME": "US Dollar", "MINOR_UNITS": "2", "FX_RATE": "84.2150"},
]


def dispute_gateway(path, fields):
    """The gateway's answers to /pgws/fx, /pgws/disputes and /pgws/dispute."""
    echo = {k: v for k, v in fields.items() if k not in ("HASH", "EVIDENCE", "EVIDENCE_FILE", "EVIDENCE_FILE_NAME")}
    if path.endswith("/pgws/fx"):
        reply = {**echo, **OK, "RATES_DATE": "2026-11-27", "RATES": json.dumps(RATES), "CURRENCIES": json.dumps(CURRENCIES)}
    elif path.endswith("/pgws/disputes"):
        reply = {**echo, **OK, "DISPUTES": json.dumps([DISPUTE])}
    else:
        status = "LOST" if fields["ACTION"] == "ACCEPT" else "UNDER_REVIEW"
        reply = {**echo, **OK, **DISPUTE, "STATUS": status}
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class DisputeCalls(StubGatewayTestCase):
    """fx_rates, disputes, disputes_for_order, accept_dispute and contest_dispute against the stub gateway."""

    def setUp(self):
        super().setUp()
        StubGateway.answer = staticmethod(dispute_gateway)

    def sent(self):
        return [(path, {k: v for k, v in fields.items() if k not in ("HASH", "PAY_ID")}) for path, _, fields in StubGateway.requests]

    def test_each_call_sends_its_fields_and_answers_verified_with_its_lists_parsed(self):
        rates = self.client.fx_rates()
        self.assertEqual((rates["RATES"], rates["CURRENCIES"], rates["RATES_DATE"]), (RATES, CURRENCIES, "2026-11-27"))
        self.assertEqual(self.client.disputes("2026-11-01", date(2026, 11, 30))["DISPUTES"], [DISPUTE])
        self.assertEqual(self.client.disputes_for_order("SK1764000000000")["DISPUTES"], [DISPUTE])
        self.assertEqual(self.client.accept_dispute(DISPUTE["DISPUTE_ID"])["STATUS"], "LOST")
        contested = self.client.contest_dispute(DISPUTE["DISPUTE_ID"], "Delivered on 28 November, signed for.")
        self.assertEqual(contested["STATUS"], "UNDER_REVIEW")
        self.client.contest_dispute(DISPUTE["DISPUTE_ID"], "Proof attached.", b"%PDF-1.4 proof", "delivery.pdf")
        dispute_id = DISPUTE["DISPUTE_ID"]
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/fx", {}),
                ("/sandbox/pgws/disputes", {"FROM": "2026-11-01", "TO": "2026-11-30"}),
                ("/sandbox/pgws/disputes", {"ORDER_ID": "SK1764000000000"}),
                ("/sandbox/pgws/dispute", {"DISPUTE_ID": dispute_id, "ACTION": "ACCEPT"}),
                ("/sandbox/pgws/dispute", {"DISPUTE_ID": dispute_id, "ACTION": "CONTEST",
                                           "EVIDENCE": "Delivered on 28 November, signed for."}),
                ("/sandbox/pgws/dispute", {"DISPUTE_ID": dispute_id, "ACTION": "CONTEST", "EVIDENCE": "Proof attached.",
                                           "EVIDENCE_FILE": "JVBERi0xLjQgcHJvb2Y=", "EVIDENCE_FILE_NAME": "delivery.pdf"}),
            ],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_rates_and_disputes_are_trusted_only_when_the_hash_covers_them(self):
        def tampered(path, fields):
            reply = with_hash({"PAY_ID": PAY_ID, **OK, "RATES": json.dumps(RATES), "CURRENCIES": "[]"}, SALT)
            reply["RATES"] = json.dumps({**RATES, "840": "1.0000"})
            return 200, json.dumps(reply).encode()

        StubGateway.answer = staticmethod(tampered)
        with self.assertRaises(VerificationError):
            self.client.fx_rates()
        for text in ("", "[]", '{"840": 84.2}'):
            StubGateway.answer = staticmethod(
                lambda path, fields, text=text: (200, json.dumps(with_hash({"PAY_ID": PAY_ID, **OK, "RATES": text, "CURRENCIES": "[]"}, SALT)).encode())
            )
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.fx_rates()

    def test_a_refusal_comes_back_as_its_fields(self):
        refusal = {"PAY_ID": PAY_ID, "DISPUTE_ID": DISPUTE["DISPUTE_ID"], "RESPONSE_CODE": "349",
                   "RESPONSE_MESSAGE": "The deadline to respond to this dispute has passed"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(with_hash(refusal, SALT)).encode()))
        self.assertEqual(self.client.accept_dispute(DISPUTE["DISPUTE_ID"])["RESPONSE_CODE"], "349")
        self.assertNotIn("DISPUTES", self.client.disputes_for_order("SK1"))

    def test_ids_evidence_files_and_dates_are_checked_before_calling(self):
        dispute_id = DISPUTE["DISPUTE_ID"]
        refused = (
            lambda: self.client.accept_dispute("dsp_XYZ"),
            lambda: self.client.accept_dispute(None),
            lambda: self.client.contest_dispute(dispute_id, "   "),
            lambda: self.client.contest_dispute(dispute_id, "x" * 5001),
            lambda: self.client.contest_dispute(dispute_id, "Proof", b"%PDF"),
            lambda: self.client.contest_dispute(dispute_id, "Proof", None, "proof.pdf"),
            lambda: self.client.contest_dispute(dispute_id, "Proof", b"x" * (2 * 1024 * 1024 + 1), "big.pdf"),
            lambda: self.client.disputes("2026-11-30", "2026-11-01"),
            lambda: self.client.disputes("2026-08-30", "2026-11-30"),
            lambda: self.client.disputes_for_order("SK 1"),
        )
        for call in refused:
            with self.assertRaises(InvalidInput):
                call()
        self.assertEqual(StubGateway.requests, [])


# The sandbox's own answers, as its OpenAPI document's examples clockNow, clockAdvance and
# clockAdvanceRefused give them: signed with the demo merchant's salt, byte for byte.
CLOCK_NOW = (
    b'{"PAY_ID":"1000000000000001","NOW":"2026-12-07T07:39:53.511Z","RESPONSE_CODE":"000",'
    b'"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 13:09:53",'
    b'"HASH":"28BDBD0A6C29D28FE67A23FCC46C94182F3F8953C932165AB8013F68ABE3C1AA"}'
)
CLOCK_ADVANCED = {
    "PAY_ID": "1000000000000001",
    "FROM": "2026-12-07T07:39:53.553Z",
    "NOW": "2026-12-08T07:39:53.552Z",
    "SETTLEMENTS": (
        '[{"SETTLEMENT_ID":"setl_905a1044707140347aa5","UTR":"PYSTN26342627304","SETTLEMENT_DATE":"2026-12-08",'
        '"CYCLE_FROM":"2026-12-07","CYCLE_TO":"2026-12-07","PAYMENTS_COUNT":"2","REFUNDS_COUNT":"0",'
        '"GROSS_AMOUNT":"99900","REFUNDS_AMOUNT":"0","FEES_AMOUNT":"1000","GST_AMOUNT":"180","CGST_AMOUNT":"90",'
        '"SGST_AMOUNT":"90","IGST_AMOUNT":"0","PROVIDER_GSTIN":"09AAPCP4821K1ZW","MERCHANT_GSTIN":"09AAFCD5862R1ZT",'
        '"ADJUSTMENTS_AMOUNT":"0","NET_AMOUNT":"98720","BANK_ACCOUNT":"XXXXXXXXXX4321","STATUS":"PROCESSED"}]'
    ),
    "HAPPENED": '[{"AT":"2026-12-08 11:00:00","TYPE":"SETTLEMENT","REFERENCE":"setl_905a1044707140347aa5"}]',
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-08 13:09:53",
    "HASH": "F5E21F5F153BA3CFDD5FE8AA9D2C23146AF1A412B220F22E99249D6155454E94",
}
CLOCK_REFUSED = {
    "PAY_ID": "1000000000000001",
    "BY": "0d",
    "STATUS": "Failed",
    "RESPONSE_CODE": "363",
    "RESPONSE_MESSAGE": "Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both",
    "RESPONSE_DATE_TIME": "2026-12-07 13:09:53",
    "HASH": "5C7F3E622414E9758332CC8859F21CC78A8A5E6853D9E3BAF13198CEFFEEB86F",
}


def clock_gateway(path, fields):
    """The recorded answers: NOW to /pgws/clock, the day's advance to /pgws/clock/advance."""
    return 200, CLOCK_NOW if path.endswith("/pgws/clock") else json.dumps(CLOCK_ADVANCED).encode()


class ClockCalls(StubGatewayTestCase):
    """clock and advance_clock against the stub gateway, answering the sandbox's recorded answers."""

    def setUp(self):
        super().setUp()
        StubGateway.answer = staticmethod(clock_gateway)

    def sent(self):
        return [(path, {k: v for k, v in fields.items() if k != "HASH"}) for path, _, fields in StubGateway.requests]

    def test_each_call_sends_its_fields_and_answers_verified_with_its_lists_parsed(self):
        self.assertEqual(self.client.clock(), json.loads(CLOCK_NOW))
        advanced = self.client.advance_clock(by="1d")
        self.assertEqual((advanced["FROM"], advanced["NOW"]), (CLOCK_ADVANCED["FROM"], CLOCK_ADVANCED["NOW"]))
        self.assertEqual(advanced["SETTLEMENTS"], json.loads(CLOCK_ADVANCED["SETTLEMENTS"]))
        self.assertEqual(advanced["SETTLEMENTS"][0]["NET_AMOUNT"], "98720")
        self.assertEqual(
            advanced["HAPPENED"], [{"AT": "2026-12-08 11:00:00", "TYPE": "SETTLEMENT", "REFERENCE": "setl_905a1044707140347aa5"}]
        )
        self.client.advance_clock(to="2026-12-10T11:00:00+05:30")
        self.client.advance_clock(to=datetime(2026, 12, 10, 5, 30, tzinfo=timezone.utc))
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/clock", {"PAY_ID": PAY_ID}),
                ("/sandbox/pgws/clock/advance", {"PAY_ID": PAY_ID, "BY": "1d"}),
                ("/sandbox/pgws/clock/advance", {"PAY_ID": PAY_ID, "TO": "2026-12-10T11:00:00+05:30"}),
                ("/sandbox/pgws/clock/advance", {"PAY_ID": PAY_ID, "TO": "2026-12-10T11:00:00+05:30"}),
            ],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_a_refusal_comes_back_as_its_fields_without_the_lists(self):
        # The recorded refusal, whatever was asked: this client refuses BY "0d" itself.
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(CLOCK_REFUSED).encode()))
        self.assertEqual(self.client.advance_clock(by="1d"), CLOCK_REFUSED)
        locked = {"PAY_ID": PAY_ID, "BY": "4d", "STATUS": "Failed", "RESPONSE_CODE": "362",
                  "RESPONSE_MESSAGE": "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
                  "ACCOUNT_URL": "https://sandbox.paystra.example/accounts/new"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(with_hash(locked, SALT)).encode()))
        answer = self.client.advance_clock(by="4d")
        self.assertEqual((answer["RESPONSE_CODE"], answer["ACCOUNT_URL"]), ("362", locked["ACCOUNT_URL"]))
        self.assertNotIn("SETTLEMENTS", answer)
        self.assertNotIn("HAPPENED", answer)

    def test_the_lists_are_trusted_only_when_the_hash_covers_them_and_they_are_lists_of_objects(self):
        tampered = {**CLOCK_ADVANCED, "HAPPENED": CLOCK_ADVANCED["HAPPENED"].replace('SETTLEMENT"', 'PAYMENT_CAPTURED"')}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(tampered).encode()))
        with self.assertRaises(VerificationError):
            self.client.advance_clock(by="1d")
        late = CLOCK_NOW.replace(b"2026-12-07T07", b"2026-12-08T07")
        StubGateway.answer = staticmethod(lambda path, fields: (200, late))
        with self.assertRaises(VerificationError):
            self.client.clock()
        unsigned = {k: v for k, v in CLOCK_ADVANCED.items() if k != "HASH"}
        for text in ("", "nope", "{}", "[1]", '[{"AT": {}}]'):
            reply = json.dumps(with_hash({**unsigned, "HAPPENED": text}, SALT)).encode()
            StubGateway.answer = staticmethod(lambda path, fields, reply=reply: (200, reply))
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.advance_clock(by="1d")
        without = json.dumps(with_hash({k: v for k, v in unsigned.items() if k != "SETTLEMENTS"}, SALT)).encode()
        StubGateway.answer = staticmethod(lambda path, fields: (200, without))
        with self.assertRaises(ProtocolError):
            self.client.advance_clock(by="1d")

    def test_by_and_to_exactly_one_of_them_are_checked_before_calling(self):
        refused = (
            lambda: self.client.advance_clock(),
            lambda: self.client.advance_clock(by="1d", to="2026-12-10T11:00:00+05:30"),
            lambda: self.client.advance_clock(by="0d"),
            lambda: self.client.advance_clock(by="36"),
            lambda: self.client.advance_clock(by="1w"),
            lambda: self.client.advance_clock(by="1.5d"),
            lambda: self.client.advance_clock(by="١d"),
            lambda: self.client.advance_clock(by=36),
            lambda: self.client.advance_clock(to="2026-12-10T11:00:00"),
            lambda: self.client.advance_clock(to="tomorrow"),
            lambda: self.client.advance_clock(to=datetime(2026, 12, 10, 11)),
        )
        for call in refused:
            with self.assertRaises(InvalidInput):
                call()
        self.assertEqual(StubGateway.requests, [])


class OrderIds(unittest.TestCase):
    def test_prefix_and_milliseconds_never_repeat(self):
        ids = [new_order_id("PG") for _ in range(500)]
        self.assertEqual(len(set(ids)), 500)
        self.assertTrue(all(i.startswith("PG") and i[2:].isdigit() and len(i) == 15 for i in ids))
        self.assertEqual(ids, sorted(ids))


if __name__ == "__main__":
    unittest.main()


INVOICE = {
    "INVOICE_NUMBER": "PYS/2026-27/000123", "MONTH": "2026-11", "TAXABLE_AMOUNT": "2000",
    "CGST_AMOUNT": "180", "SGST_AMOUNT": "180", "IGST_AMOUNT": "0", "GST_AMOUNT": "360", "TOTAL_AMOUNT": "2360",
}
INVOICE_LINE = {
    "DESCRIPTION": "Payment processing fees", "SAC": "997158", "CHARGES_COUNT": "1", "TAXABLE_AMOUNT": "2000",
    "CGST_AMOUNT": "180", "SGST_AMOUNT": "180", "IGST_AMOUNT": "0", "GST_AMOUNT": "360", "TOTAL_AMOUNT": "2360",
}


class GstInvoice(StubGatewayTestCase):
    """gst_invoice against a stand-in for POST /pgws/gst-invoice: the fields, or the PDF's bytes."""

    PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"

    def setUp(self):
        super().setUp()

        def invoice(path, fields):
            if fields.get("FORMAT") == "PDF" and fields["MONTH"] != "2099-12":
                return 200, self.PDF, "application/pdf"
            if fields["MONTH"] == "2099-12":
                refusal = {"PAY_ID": PAY_ID, "MONTH": fields["MONTH"], "STATUS": "Failed", "RESPONSE_CODE": "355",
                           "RESPONSE_MESSAGE": "Invalid month"}
                return 400, json.dumps(with_hash(refusal, SALT)).encode()
            reply = {"PAY_ID": PAY_ID, **INVOICE, "LINES": json.dumps([INVOICE_LINE]), **OK}
            return 200, json.dumps(with_hash(reply, SALT)).encode()

        StubGateway.answer = staticmethod(invoice)

    def test_the_invoice_as_verified_fields(self):
        answer = self.client.gst_invoice("2026-11")
        self.assertEqual({k: answer[k] for k in INVOICE}, INVOICE)
        self.assertEqual(answer["LINES"], [INVOICE_LINE])
        path, _, sent = StubGateway.requests[0]
        self.assertEqual(path, "/sandbox/pgws/gst-invoice")
        self.assertEqual({k: v for k, v in sent.items() if k != "HASH"}, {"PAY_ID": PAY_ID, "MONTH": "2026-11"})
        self.assertTrue(verify(sent, SALT))
        self.client.gst_invoice(date(2026, 10, 31))
        self.assertEqual(StubGateway.requests[1][2]["MONTH"], "2026-10")

    def test_the_invoice_as_a_pdf(self):
        self.assertEqual(self.client.gst_invoice("2026-11", "PDF"), self.PDF)
        self.assertEqual(StubGateway.requests[0][2]["FORMAT"], "PDF")
        self.assertIn("application/pdf", StubGateway.accepts[0])

    def test_a_refusal_is_its_fields_or_raises_for_a_pdf(self):
        self.assertEqual(self.client.gst_invoice("2099-12")["RESPONSE_CODE"], "355")
        with self.assertRaises(GatewayError) as caught:
            self.client.gst_invoice("2099-12", "PDF")
        self.assertEqual(caught.exception.code, "355")

    def test_month_and_format_are_checked_before_calling(self):
        for month, kind in (("2026-13", "JSON"), ("2026-1", "JSON"), ("1999-12", "JSON"), ("2026-11-01", "JSON"),
                            (None, "JSON"), ("2026-11", "CSV"), ("2026-11", "pdf")):
            with self.subTest(month=month, format=kind), self.assertRaises(InvalidInput):
                self.client.gst_invoice(month, kind)
        self.assertEqual(StubGateway.requests, [])


# A link, an account and a credit with every field the sandbox answers them with.
LINK = {
    "PAY_ID": PAY_ID, "PAYLINK_ID": "plink_4Fq9ZkT2mW8xLc", "REFERENCE_ID": "INV-2026-0042", "AMOUNT": "49900",
    "CURRENCY_CODE": "356", "DESCRIPTION": "Invoice 42: two chai sets", "CUST_NAME": "Asha Verma",
    "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210", "EXPIRE_BY": "2026-12-14T18:00:00+05:30",
    "VALIDATE_BENEFICIARY": "N", "SHORT_URL": "http://127.0.0.1:4150/sandbox/l/4Fq9ZkT2", "STATUS": "CREATED",
    "CREATED_AT": "2026-12-07 13:09:53", "LINK_FEE": "100", "LINK_GST": "18", "TXNTYPE": "PAYLINK", **OK,
}
ACCOUNT = {
    "PAY_ID": PAY_ID, "VA_ID": "va_7Hn2Kp9Qr4Ts6V", "REFERENCE_ID": "CUST-1042", "CUST_NAME": "Ravi Kumar",
    "ACCOUNT_NUMBER": "2223330000123456", "IFSC": "PYST0000001", "VPA": "pay.2223330000123456@paystra",
    "STATUS": "ACTIVE", "CREATED_AT": "2026-12-07 13:09:53", "CLOSED_AT": "", "SETUP_FEE": "500", "SETUP_GST": "90",
    "TXNTYPE": "VIRTUAL_ACCOUNT", **OK,
}
CREDIT = {
    "PAY_ID": PAY_ID, "VA_ID": ACCOUNT["VA_ID"], "REFERENCE_ID": ACCOUNT["REFERENCE_ID"],
    "ACCOUNT_NUMBER": ACCOUNT["ACCOUNT_NUMBER"], "CREDIT_ID": "vacr_9Lm3Np5Rs7Tu1W", "AMOUNT": "1500000",
    "CURRENCY_CODE": "356", "MODE": "NEFT", "PAYER_NAME": "Ravi Kumar", "UTR": "634112345678", "STATUS": "CREDITED",
    "CREDITED_AT": "2026-12-07 13:10:02", "FEE": "1000", "GST": "180", "NET": "1498820", "TXNTYPE": "VA_CREDIT", **OK,
}
LISTED_CREDIT = {  # the credit as CREDITS lists it
    **{k: CREDIT[k] for k in ("CREDIT_ID", "AMOUNT", "MODE", "PAYER_NAME", "UTR", "STATUS", "CREDITED_AT", "FEE", "GST")},
    "SETTLEMENT_ID": "",
}


# The sandbox's own answers, recorded with the demo merchant (its salt is SALT): a status with
# CREDITS, a second cancel's 373 and a credit into a closed account, 377.
RECORDED_STATUS = {
    "PAY_ID": "1000000000000001",
    "VA_ID": "va_ZWDje54lt0w70o",
    "REFERENCE_ID": "CUST-REC-1",
    "CUST_NAME": "Ravi Kumar",
    "ACCOUNT_NUMBER": "2223342923132325",
    "IFSC": "PYST0000001",
    "VPA": "pay.2223342923132325@paystra",
    "STATUS": "ACTIVE",
    "CREATED_AT": "2026-12-07 18:15:21",
    "CLOSED_AT": "",
    "SETUP_FEE": "500",
    "SETUP_GST": "90",
    "TXNTYPE": "VIRTUAL_ACCOUNT",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-07 18:15:21",
    "CREDITS": "[{\"CREDIT_ID\":\"vacr_kHa9i6PDzTlbX3\",\"AMOUNT\":\"1500000\",\"MODE\":\"NEFT\",\"PAYER_NAME\":\"Test Payer\",\"UTR\":\"284068466442\",\"STATUS\":\"CREDITED\",\"CREDITED_AT\":\"2026-12-07 18:15:21\",\"FEE\":\"1000\",\"GST\":\"180\",\"SETTLEMENT_ID\":\"\"}]",
    "HASH": "0A51180B16BBC35506F0B7D66B839F36A096EEFE5BA8846A1C75C5A2814B6909",
}
RECORDED_CANCEL = {
    "PAY_ID": "1000000000000001",
    "PAYLINK_ID": "plink_HHIkYXi1SYVEjY",
    "STATUS": "Failed",
    "RESPONSE_CODE": "373",
    "RESPONSE_MESSAGE": "This payment link is paid, expired or cancelled",
    "RESPONSE_DATE_TIME": "2026-12-07 18:15:21",
    "HASH": "065274B9591BE863E80B23C835BC88F7490A7F0932BC606812E45644C37038A0",
}
RECORDED_RETURN = {
    "PAY_ID": "1000000000000001",
    "VA_ID": "va_ZWDje54lt0w70o",
    "REFERENCE_ID": "CUST-REC-1",
    "ACCOUNT_NUMBER": "2223342923132325",
    "CREDIT_ID": "vacr_4EqFTW3ZDX0TKM",
    "AMOUNT": "100",
    "CURRENCY_CODE": "356",
    "MODE": "UPI",
    "PAYER_NAME": "Test Payer",
    "UTR": "167395199344",
    "STATUS": "RETURNED",
    "CREDITED_AT": "2026-12-07 18:15:21",
    "FEE": "0",
    "GST": "0",
    "NET": "0",
    "RETURN_REASON": "The virtual account is closed: the amount was returned to the payer",
    "TXNTYPE": "VA_CREDIT",
    "RESPONSE_CODE": "377",
    "RESPONSE_MESSAGE": "Virtual account is closed",
    "RESPONSE_DATE_TIME": "2026-12-07 18:15:21",
    "HASH": "1D9089C4652C9845496657064B30294F190ADE0D08EFF09A455D1D56DC9D9901",
}

def product_gateway(path, fields):
    """The gateway's answers to the payment link and virtual account paths, signed."""
    echo = {k: v for k, v in fields.items() if k != "HASH"}
    if path.endswith("/pgws/paylink"):
        reply = {**LINK, **echo}
    elif path.endswith("/pgws/paylink/status"):
        reply = LINK
    elif path.endswith("/pgws/paylink/cancel"):
        reply = {**LINK, "STATUS": "CANCELLED", "CANCELLED_AT": "2026-12-07 13:12:00"}
    elif path.endswith("/pgws/virtual-account/status"):
        reply = {**ACCOUNT, "CREDITS": json.dumps([LISTED_CREDIT])}
    elif path.endswith("/pgws/virtual-account/close"):
        reply = {**ACCOUNT, "STATUS": "CLOSED", "CLOSED_AT": "2026-12-07 13:15:00"}
    elif path.endswith("/pgws/virtual-account/credit"):
        reply = CREDIT
    elif path.endswith("/pgws/recon"):
        reply = {**echo, **OK, "RECON": "[]"}
    else:
        reply = ACCOUNT
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class PaylinkAndVirtualAccountCalls(StubGatewayTestCase):
    """The payment link and virtual account calls, and recon by va_id, against the stub gateway."""

    def setUp(self):
        super().setUp()
        StubGateway.answer = staticmethod(product_gateway)

    def sent(self):
        return [(path, {k: v for k, v in fields.items() if k != "HASH"}) for path, _, fields in StubGateway.requests]

    def test_each_call_sends_its_fields_signed_and_answers_the_verified_fields(self):
        created = self.client.create_paylink({
            "AMOUNT": "49900", "DESCRIPTION": "Invoice 42: two chai sets", "CUST_NAME": " Asha Verma ",
            "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210",
            "EXPIRE_BY": datetime(2026, 12, 14, 12, 30, tzinfo=timezone.utc), "REFERENCE_ID": "INV-2026-0042",
            "NOTIFY_URL": "https://shop.example/hook", "VALIDATE_BENEFICIARY": "N", "CUST_ID": None,
        })
        self.assertEqual(
            (created["PAYLINK_ID"], created["STATUS"], created["LINK_FEE"], created["LINK_GST"]),
            ("plink_4Fq9ZkT2mW8xLc", "CREATED", "100", "18"),
        )
        self.client.create_paylink({"AMOUNT": "1234", "CURRENCY_CODE": "840", "DESCRIPTION": "x"})
        self.assertEqual(self.client.paylink_status(paylink_id=LINK["PAYLINK_ID"]), with_hash(LINK, SALT))
        self.client.paylink_status(reference_id="INV-2026-0042")
        cancelled = self.client.cancel_paylink(LINK["PAYLINK_ID"])
        self.assertEqual((cancelled["STATUS"], cancelled["CANCELLED_AT"]), ("CANCELLED", "2026-12-07 13:12:00"))
        opened = self.client.create_virtual_account({"CUST_NAME": "Ravi Kumar", "REFERENCE_ID": "CUST-1042"})
        self.assertEqual(opened, with_hash(ACCOUNT, SALT))
        self.client.create_virtual_account({"CUST_NAME": "Ravi Kumar", "NOTIFY_URL": None})
        credited = self.client.credit_virtual_account(ACCOUNT["VA_ID"], "1500000", "NEFT", "Ravi Kumar")
        self.assertEqual(credited, with_hash(CREDIT, SALT))
        self.client.credit_virtual_account(ACCOUNT["VA_ID"], "100", "UPI")
        closed = self.client.close_virtual_account(ACCOUNT["VA_ID"])
        self.assertEqual((closed["STATUS"], closed["CLOSED_AT"]), ("CLOSED", "2026-12-07 13:15:00"))
        self.assertEqual(self.client.recon(va_id=ACCOUNT["VA_ID"])["RECON"], [])
        self.client.recon("SK1764000000000")
        pay = {"PAY_ID": PAY_ID}
        va_id = ACCOUNT["VA_ID"]
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/paylink", {
                    **pay, "AMOUNT": "49900", "CURRENCY_CODE": "356", "DESCRIPTION": "Invoice 42: two chai sets",
                    "CUST_NAME": "Asha Verma", "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210",
                    "EXPIRE_BY": "2026-12-14T18:00:00+05:30", "REFERENCE_ID": "INV-2026-0042",
                    "NOTIFY_URL": "https://shop.example/hook", "VALIDATE_BENEFICIARY": "N",
                }),
                ("/sandbox/pgws/paylink", {**pay, "AMOUNT": "1234", "CURRENCY_CODE": "840", "DESCRIPTION": "x"}),
                ("/sandbox/pgws/paylink/status", {**pay, "PAYLINK_ID": LINK["PAYLINK_ID"]}),
                ("/sandbox/pgws/paylink/status", {**pay, "REFERENCE_ID": "INV-2026-0042"}),
                ("/sandbox/pgws/paylink/cancel", {**pay, "PAYLINK_ID": LINK["PAYLINK_ID"]}),
                ("/sandbox/pgws/virtual-account", {**pay, "CUST_NAME": "Ravi Kumar", "REFERENCE_ID": "CUST-1042"}),
                ("/sandbox/pgws/virtual-account", {**pay, "CUST_NAME": "Ravi Kumar"}),
                ("/sandbox/pgws/virtual-account/credit",
                 {**pay, "VA_ID": va_id, "AMOUNT": "1500000", "MODE": "NEFT", "PAYER_NAME": "Ravi Kumar"}),
                ("/sandbox/pgws/virtual-account/credit", {**pay, "VA_ID": va_id, "AMOUNT": "100", "MODE": "UPI"}),
                ("/sandbox/pgws/virtual-account/close", {**pay, "VA_ID": va_id}),
                ("/sandbox/pgws/recon", {**pay, "VA_ID": va_id}),
                ("/sandbox/pgws/recon", {**pay, "ORDER_ID": "SK1764000000000"}),
            ],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_virtual_account_status_parses_credits_when_the_hash_covers_them(self):
        status = self.client.virtual_account_status(ACCOUNT["VA_ID"])
        self.assertEqual(status["CREDITS"], [LISTED_CREDIT])
        self.assertEqual((status["CREDITS"][0]["FEE"], status["ACCOUNT_NUMBER"]), ("1000", "2223330000123456"))
        self.assertEqual(self.sent(), [("/sandbox/pgws/virtual-account/status", {"PAY_ID": PAY_ID, "VA_ID": ACCOUNT["VA_ID"]})])

        def tampered(path, fields):
            reply = with_hash({**ACCOUNT, "CREDITS": json.dumps([LISTED_CREDIT])}, SALT)
            reply["CREDITS"] = json.dumps([{**LISTED_CREDIT, "AMOUNT": "1"}])
            return 200, json.dumps(reply).encode()

        StubGateway.answer = staticmethod(tampered)
        with self.assertRaises(VerificationError):
            self.client.virtual_account_status(ACCOUNT["VA_ID"])
        for text in ("", "nope", "{}", "[1]", '[{"AMOUNT": 1}]'):
            reply = json.dumps(with_hash({**ACCOUNT, "CREDITS": text}, SALT)).encode()
            StubGateway.answer = staticmethod(lambda path, fields, reply=reply: (200, reply))
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.virtual_account_status(ACCOUNT["VA_ID"])
        reply = json.dumps(with_hash({**ACCOUNT, "CREDITS": "[]"}, SALT)).encode()
        StubGateway.answer = staticmethod(lambda path, fields: (200, reply))
        self.assertEqual(self.client.virtual_account_status(ACCOUNT["VA_ID"])["CREDITS"], [])

    def test_the_sandboxs_recorded_answers_verify_with_credits_parsed_and_refusals_as_their_fields(self):
        def recorded(path, fields):
            replies = {"/status": RECORDED_STATUS, "/cancel": RECORDED_CANCEL, "/credit": RECORDED_RETURN}
            return 200, json.dumps(replies[path[path.rindex("/"):]]).encode()

        StubGateway.answer = staticmethod(recorded)
        status = self.client.virtual_account_status(RECORDED_STATUS["VA_ID"])
        self.assertEqual(status, {**RECORDED_STATUS, "CREDITS": json.loads(RECORDED_STATUS["CREDITS"])})
        self.assertEqual((status["CREDITS"][0]["FEE"], status["CREDITS"][0]["SETTLEMENT_ID"]), ("1000", ""))
        self.assertEqual(self.client.cancel_paylink(RECORDED_CANCEL["PAYLINK_ID"]), RECORDED_CANCEL)
        self.assertEqual(self.client.credit_virtual_account(RECORDED_RETURN["VA_ID"], "100", "UPI"), RECORDED_RETURN)

    def test_a_refusal_comes_back_as_its_fields(self):
        def refusing(code, message):
            def answer(path, fields):
                echo = {k: v for k, v in fields.items() if k != "HASH"}
                reply = {**echo, "STATUS": "Failed", "RESPONSE_CODE": code, "RESPONSE_MESSAGE": message,
                         "RESPONSE_DATE_TIME": "2026-12-07 13:09:53"}
                return 200, json.dumps(with_hash(reply, SALT)).encode()
            return staticmethod(answer)

        StubGateway.answer = refusing("372", "No payment link found")
        missing = self.client.paylink_status(reference_id="INV-404")
        self.assertEqual((missing["RESPONSE_CODE"], missing["REFERENCE_ID"]), ("372", "INV-404"))
        StubGateway.answer = refusing("373", "This payment link is paid, expired or cancelled")
        self.assertEqual(self.client.cancel_paylink(LINK["PAYLINK_ID"])["RESPONSE_CODE"], "373")
        StubGateway.answer = refusing("376", "No virtual account found")
        unknown = self.client.virtual_account_status(ACCOUNT["VA_ID"])
        self.assertEqual(unknown["RESPONSE_CODE"], "376")
        self.assertNotIn("CREDITS", unknown)
        # A transfer into a closed account is a credit, RETURNED, under 377.
        returned = {**CREDIT, "STATUS": "RETURNED", "FEE": "0", "GST": "0", "NET": "0",
                    "RETURN_REASON": RECORDED_RETURN["RETURN_REASON"], "RESPONSE_CODE": "377",
                    "RESPONSE_MESSAGE": "Virtual account is closed"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(with_hash(returned, SALT)).encode()))
        self.assertEqual(self.client.credit_virtual_account(ACCOUNT["VA_ID"], "1500000", "NEFT"), with_hash(returned, SALT))
        forged = {**with_hash(returned, SALT), "STATUS": "CREDITED"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(forged).encode()))
        with self.assertRaises(VerificationError):
            self.client.credit_virtual_account(ACCOUNT["VA_ID"], "100", "NEFT")

    def test_ids_amounts_description_expiry_customer_and_mode_are_checked_before_calling(self):
        base = {"AMOUNT": "100", "DESCRIPTION": "Tea"}
        va_id = ACCOUNT["VA_ID"]
        refused = (
            lambda: self.client.create_paylink(None),
            lambda: self.client.create_paylink({**base, "AMOUNT": "0"}),
            lambda: self.client.create_paylink({**base, "AMOUNT": "1.50"}),
            lambda: self.client.create_paylink({**base, "AMOUNT": 100}),
            lambda: self.client.create_paylink({**base, "CURRENCY_CODE": "999"}),
            lambda: self.client.create_paylink({"AMOUNT": "100"}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": ""}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": "   "}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": "\U0001F375" * 128}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": "x" * 256}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": "Tea\nand cake"}),
            lambda: self.client.create_paylink({**base, "DESCRIPTION": "Tea ~ cake"}),
            lambda: self.client.create_paylink({**base, "CUST_EMAIL": "nope"}),
            lambda: self.client.create_paylink({**base, "CUST_EMAIL": "asha@example"}),
            lambda: self.client.create_paylink({**base, "CUST_NAME": "R2D2"}),
            lambda: self.client.create_paylink({**base, "CUST_NAME": "-Asha"}),
            lambda: self.client.create_paylink({**base, "CUST_PHONE": "98765"}),
            lambda: self.client.create_paylink({**base, "CUST_NAME": "Asha\x00"}),
            lambda: self.client.create_paylink({**base, "CUST_NAME": "x" * 101}),
            lambda: self.client.create_paylink({**base, "EXPIRE_BY": "2026-12-14T18:00:00"}),
            lambda: self.client.create_paylink({**base, "EXPIRE_BY": "next week"}),
            lambda: self.client.create_paylink({**base, "EXPIRE_BY": datetime(2026, 12, 14, 18)}),
            lambda: self.client.create_paylink({**base, "REFERENCE_ID": "INV 42"}),
            lambda: self.client.create_paylink({**base, "NOTIFY_URL": "ftp://shop.example/hook"}),
            lambda: self.client.create_paylink({**base, "NOTIFY_URL": "https://user:pw@shop.example/hook"}),
            lambda: self.client.create_paylink({**base, "VALIDATE_BENEFICIARY": "yes"}),
            lambda: self.client.paylink_status(),
            lambda: self.client.paylink_status(paylink_id=LINK["PAYLINK_ID"], reference_id="INV-1"),
            lambda: self.client.paylink_status(paylink_id="plink_short"),
            lambda: self.client.paylink_status(reference_id="INV#1"),
            lambda: self.client.cancel_paylink(va_id),
            lambda: self.client.cancel_paylink(None),
            lambda: self.client.create_virtual_account({}),
            lambda: self.client.create_virtual_account({"CUST_NAME": "  "}),
            lambda: self.client.create_virtual_account({"CUST_NAME": "Ravi & Sons"}),
            lambda: self.client.create_virtual_account({"CUST_NAME": "Ravi", "REFERENCE_ID": "x" * 51}),
            lambda: self.client.virtual_account_status(LINK["PAYLINK_ID"]),
            lambda: self.client.close_virtual_account("va_7Hn2Kp9Qr4Ts6"),
            lambda: self.client.credit_virtual_account("va_1", "100", "NEFT"),
            lambda: self.client.credit_virtual_account(va_id, "-5", "NEFT"),
            lambda: self.client.credit_virtual_account(va_id, "100", "CASH"),
            lambda: self.client.credit_virtual_account(va_id, "100", "neft"),
            lambda: self.client.credit_virtual_account(va_id, "100", None),
            lambda: self.client.credit_virtual_account(va_id, "100", "IMPS", "Ravi\tKumar"),
            lambda: self.client.recon(),
            lambda: self.client.recon("SK1", va_id=va_id),
            lambda: self.client.recon(va_id="va_nope"),
            lambda: self.client.recon("SK 1"),
        )
        for index, call in enumerate(refused):
            with self.subTest(index=index), self.assertRaises(InvalidInput):
                call()
        self.assertEqual(StubGateway.requests, [])
        # 255 characters is the longest DESCRIPTION (as the gateway counts them: UTF-16 units); a
        # name may be any script's letters.
        self.client.create_paylink({**base, "DESCRIPTION": "x" * 255})
        self.client.create_paylink({**base, "DESCRIPTION": "\U0001F375" * 127, "CUST_NAME": "José D'Souza"})
        self.client.create_virtual_account({"CUST_NAME": "राम कुमार"})
        self.assertEqual(len(StubGateway.requests), 3)


SUBSCRIPTION = {  # a monthly UPI subscription before the customer registers it: every field of its answer
    "PAY_ID": PAY_ID, "SUBSCRIPTION_ID": "sub_7Rk2Wq9Lm4Tx8Z", "SUBSCRIPTION_REF": "SUB-2026-0042", "METHOD": "UPI",
    "CATEGORY": "", "AMOUNT": "49900", "MAX_AMOUNT": "100000", "CURRENCY_CODE": "356", "FREQUENCY": "MONTHLY",
    "START_DATE": "2026-12-10", "END_DATE": "2036-12-10", "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma", "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210",
    "AUTH_URL": "http://127.0.0.1:4150/sandbox/m/Hq3Zr8Tn2Wk5Lp9V", "STATUS": "CREATED",
    "CREATED_AT": "2026-12-07 13:09:53", "ACTIVATED_AT": "", "ENDED_AT": "", "ANCHOR_DATE": "", "INSTRUMENT": "",
    "PAID_CYCLES": "0", "NEXT_DEBIT_AT": "", "REGISTRATION_FEE": "700", "REGISTRATION_GST": "126",
    "TXNTYPE": "SUBSCRIPTION", **OK,
}
PRESENTED = {  # an AS_PRESENTED card subscription, registered, with a presented charge noticed
    **SUBSCRIPTION, "SUBSCRIPTION_ID": "sub_2Pm8Xc4Vb6Nq1R", "SUBSCRIPTION_REF": "SUB-2026-0043", "METHOD": "CARD",
    "CATEGORY": "INSURANCE", "AMOUNT": "", "MAX_AMOUNT": "5000000", "FREQUENCY": "AS_PRESENTED", "STATUS": "ACTIVE",
    "ACTIVATED_AT": "2026-12-07 13:11:02", "ANCHOR_DATE": "2026-12-07", "INSTRUMENT": "XXXX-XXXX-XXXX-1111",
    "PAID_CYCLES": "1", "NEXT_DEBIT_AT": "2026-12-11 07:00:00", "REGISTRATION_FEE": "600", "REGISTRATION_GST": "108",
}
NOTICE = {
    "DEBIT_ID": "sdeb_3Vn8Qk2Rt6Wy1M", "CYCLE": "2", "ATTEMPT": "1", "AMOUNT": "2500000",
    "NOTIFIED_AT": "2026-12-09 15:00:00", "DEBIT_AT": "2026-12-11 07:00:00", "APPROVAL_REQUIRED": "N", "APPROVED": "N",
    "STATUS": "NOTIFIED", "RESPONSE_CODE": "", "ORDER_ID": "", "TXN_ID": "", "FEE": "", "GST": "",
}
CHARGED = {
    **NOTICE, "DEBIT_ID": "sdeb_9Tz4Lk7Hd2Sw5E", "CYCLE": "1", "AMOUNT": "1200000",
    "NOTIFIED_AT": "2026-12-07 13:30:00", "DEBIT_AT": "2026-12-09 07:00:00", "STATUS": "CHARGED", "RESPONSE_CODE": "000",
    "ORDER_ID": "sub_2Pm8Xc4Vb6Nq1R-1-1", "TXN_ID": "7970209273270511", "FEE": "700", "GST": "126",
}
DEBITS = json.dumps([NOTICE, CHARGED])
MONTHLY = {
    "SUBSCRIPTION_REF": "SUB-2026-0042", "METHOD": "UPI", "AMOUNT": "49900", "MAX_AMOUNT": "100000",
    "FREQUENCY": "MONTHLY", "START_DATE": "2026-12-10", "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma", "CUST_EMAIL": "asha.verma@example.com", "CUST_PHONE": "9876543210",
    "RETURN_URL": "https://shop.example/subscribed",
}


# The sandbox's own answers, recorded with the demo merchant (its salt is SALT): a UPI monthly
# subscription created; one registered with success@upi, its first month taken with the
# registration; an AS_PRESENTED one charged and its notice skipped; a charge refused on one not yet
# registered (385) and on a scheduled one (326), and a reference it does not know (387); and,
# recorded for the OpenAPI examples, a card mandate cancelled by the merchant with its presented
# charge's notice open (the attempt STOPPED, 385).
RECORDED_CREATED = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_pui8zNFLX9zfFZ",
    "SUBSCRIPTION_REF": "SUB-REC-A1796658775556",
    "METHOD": "UPI",
    "CATEGORY": "",
    "AMOUNT": "49900",
    "MAX_AMOUNT": "49900",
    "CURRENCY_CODE": "356",
    "FREQUENCY": "MONTHLY",
    "START_DATE": "2026-12-07",
    "END_DATE": "",
    "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma",
    "CUST_EMAIL": "asha.verma@example.com",
    "CUST_PHONE": "9876543210",
    "AUTH_URL": "http://127.0.0.1:4391/sandbox/m/ZVw5WRx66FJEEEYW",
    "STATUS": "CREATED",
    "CREATED_AT": "2026-12-07 21:22:55",
    "ACTIVATED_AT": "",
    "ENDED_AT": "",
    "ANCHOR_DATE": "",
    "INSTRUMENT": "",
    "PAID_CYCLES": "0",
    "NEXT_DEBIT_AT": "",
    "REGISTRATION_FEE": "700",
    "REGISTRATION_GST": "126",
    "TXNTYPE": "SUBSCRIPTION",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:55",
    "HASH": "702B258D9064729D665743DCBB7CEE07FE00E0B057197734856D6C84DBABE02B",
}
RECORDED_ACTIVE = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_RdU7SNsnBlDrtZ",
    "SUBSCRIPTION_REF": "SUB-REC-B1796658775556",
    "METHOD": "UPI",
    "CATEGORY": "",
    "AMOUNT": "49900",
    "MAX_AMOUNT": "49900",
    "CURRENCY_CODE": "356",
    "FREQUENCY": "MONTHLY",
    "START_DATE": "2026-12-07",
    "END_DATE": "2036-12-07",
    "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma",
    "CUST_EMAIL": "asha.verma@example.com",
    "CUST_PHONE": "9876543210",
    "AUTH_URL": "http://127.0.0.1:4391/sandbox/m/no9ZWHu834minfVO",
    "STATUS": "ACTIVE",
    "CREATED_AT": "2026-12-07 21:22:56",
    "ACTIVATED_AT": "2026-12-07 21:22:56",
    "ENDED_AT": "",
    "ANCHOR_DATE": "2026-12-07",
    "INSTRUMENT": "success@upi",
    "PAID_CYCLES": "1",
    "NEXT_DEBIT_AT": "",
    "REGISTRATION_FEE": "700",
    "REGISTRATION_GST": "126",
    "DEBITS": "[{\"DEBIT_ID\":\"sdeb_IEqtTBSn8DtJB7\",\"CYCLE\":\"0\",\"ATTEMPT\":\"1\",\"AMOUNT\":\"49900\",\"NOTIFIED_AT\":\"2026-12-07 21:22:56\",\"DEBIT_AT\":\"2026-12-07 21:22:56\",\"APPROVAL_REQUIRED\":\"N\",\"APPROVED\":\"N\",\"STATUS\":\"CHARGED\",\"RESPONSE_CODE\":\"000\",\"ORDER_ID\":\"sub_RdU7SNsnBlDrtZ-0-1\",\"TXN_ID\":\"3970648670121488\",\"FEE\":\"700\",\"GST\":\"126\"}]",
    "TXNTYPE": "SUBSCRIPTION",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:56",
    "HASH": "2D5422F23236B8294AD3C4ED807BAD2A126E1C7E5F7A600452CEF4E89E3616D7",
}
RECORDED_CHARGE = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_0yzYTi4VDz8QQr",
    "SUBSCRIPTION_REF": "SUB-REC-C1796658775556",
    "METHOD": "UPI",
    "CATEGORY": "INSURANCE",
    "AMOUNT": "",
    "MAX_AMOUNT": "2000000",
    "CURRENCY_CODE": "356",
    "FREQUENCY": "AS_PRESENTED",
    "START_DATE": "2026-12-07",
    "END_DATE": "2036-12-07",
    "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma",
    "CUST_EMAIL": "asha.verma@example.com",
    "CUST_PHONE": "9876543210",
    "AUTH_URL": "http://127.0.0.1:4391/sandbox/m/AwzphYbFUpW1VtCU",
    "STATUS": "ACTIVE",
    "CREATED_AT": "2026-12-07 21:22:56",
    "ACTIVATED_AT": "2026-12-07 21:22:57",
    "ENDED_AT": "",
    "ANCHOR_DATE": "2026-12-07",
    "INSTRUMENT": "success@upi",
    "PAID_CYCLES": "0",
    "NEXT_DEBIT_AT": "2026-12-09 07:00:00",
    "REGISTRATION_FEE": "700",
    "REGISTRATION_GST": "126",
    "DEBITS": "[{\"DEBIT_ID\":\"sdeb_YlBDgMsTrbAPMN\",\"CYCLE\":\"0\",\"ATTEMPT\":\"1\",\"AMOUNT\":\"1600000\",\"NOTIFIED_AT\":\"2026-12-07 21:22:57\",\"DEBIT_AT\":\"2026-12-09 07:00:00\",\"APPROVAL_REQUIRED\":\"N\",\"APPROVED\":\"N\",\"STATUS\":\"NOTIFIED\",\"RESPONSE_CODE\":\"\",\"ORDER_ID\":\"\",\"TXN_ID\":\"\",\"FEE\":\"\",\"GST\":\"\"}]",
    "TXNTYPE": "SUBSCRIPTION",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:57",
    "HASH": "67932CA7C126D69352F715D7F78CF93E77BE5D6AC824D39E6368B45AB288BE39",
}
RECORDED_SKIPPED = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_0yzYTi4VDz8QQr",
    "SUBSCRIPTION_REF": "SUB-REC-C1796658775556",
    "METHOD": "UPI",
    "CATEGORY": "INSURANCE",
    "AMOUNT": "",
    "MAX_AMOUNT": "2000000",
    "CURRENCY_CODE": "356",
    "FREQUENCY": "AS_PRESENTED",
    "START_DATE": "2026-12-07",
    "END_DATE": "2036-12-07",
    "DESCRIPTION": "Chai club: a box a month",
    "CUST_NAME": "Asha Verma",
    "CUST_EMAIL": "asha.verma@example.com",
    "CUST_PHONE": "9876543210",
    "AUTH_URL": "http://127.0.0.1:4391/sandbox/m/AwzphYbFUpW1VtCU",
    "STATUS": "ACTIVE",
    "CREATED_AT": "2026-12-07 21:22:56",
    "ACTIVATED_AT": "2026-12-07 21:22:57",
    "ENDED_AT": "",
    "ANCHOR_DATE": "2026-12-07",
    "INSTRUMENT": "success@upi",
    "PAID_CYCLES": "0",
    "NEXT_DEBIT_AT": "",
    "REGISTRATION_FEE": "700",
    "REGISTRATION_GST": "126",
    "DEBITS": "[{\"DEBIT_ID\":\"sdeb_YlBDgMsTrbAPMN\",\"CYCLE\":\"0\",\"ATTEMPT\":\"1\",\"AMOUNT\":\"1600000\",\"NOTIFIED_AT\":\"2026-12-07 21:22:57\",\"DEBIT_AT\":\"2026-12-09 07:00:00\",\"APPROVAL_REQUIRED\":\"N\",\"APPROVED\":\"N\",\"STATUS\":\"SKIPPED\",\"RESPONSE_CODE\":\"382\",\"ORDER_ID\":\"\",\"TXN_ID\":\"\",\"FEE\":\"\",\"GST\":\"\"}]",
    "TXNTYPE": "SUBSCRIPTION",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:57",
    "HASH": "E97095C1DBE37A34F6387C362A3CB1E6B9C83BEE20390D1E1170B51C2BFC4E65",
}
RECORDED_CANCELLED = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_Rb69mUXi9Lz5kY",
    "SUBSCRIPTION_REF": "PLAN-1002",
    "METHOD": "CARD",
    "CATEGORY": "",
    "AMOUNT": "",
    "MAX_AMOUNT": "2500000",
    "CURRENCY_CODE": "356",
    "FREQUENCY": "AS_PRESENTED",
    "START_DATE": "2026-12-08",
    "END_DATE": "2036-12-08",
    "DESCRIPTION": "Metered cloud usage",
    "CUST_NAME": "Ravi Kumar",
    "CUST_EMAIL": "ravi.kumar@example.com",
    "CUST_PHONE": "9876501234",
    "AUTH_URL": "http://localhost:3000/sandbox/m/vGbSn81TIF8wp62N",
    "STATUS": "CANCELLED",
    "CREATED_AT": "2026-12-08 21:39:04",
    "ACTIVATED_AT": "2026-12-08 21:39:04",
    "ENDED_AT": "2026-12-08 21:39:05",
    "ANCHOR_DATE": "2026-12-08",
    "INSTRUMENT": "",
    "PAID_CYCLES": "0",
    "NEXT_DEBIT_AT": "",
    "REGISTRATION_FEE": "600",
    "REGISTRATION_GST": "108",
    "CANCELLED_BY": "MERCHANT",
    "DEBITS": "[{\"DEBIT_ID\":\"sdeb_7w6GmhbWpVVG5R\",\"CYCLE\":\"0\",\"ATTEMPT\":\"1\",\"AMOUNT\":\"1800000\",\"NOTIFIED_AT\":\"2026-12-08 21:39:04\",\"DEBIT_AT\":\"2026-12-10 07:00:00\",\"APPROVAL_REQUIRED\":\"Y\",\"APPROVED\":\"Y\",\"STATUS\":\"STOPPED\",\"RESPONSE_CODE\":\"385\",\"ORDER_ID\":\"\",\"TXN_ID\":\"\",\"FEE\":\"\",\"GST\":\"\"}]",
    "TXNTYPE": "SUBSCRIPTION",
    "RESPONSE_CODE": "000",
    "RESPONSE_MESSAGE": "Transaction successful",
    "RESPONSE_DATE_TIME": "2026-12-08 21:39:05",
    "HASH": "D34F24B497DE58EB60BA086E4C8C7FF2A6306482149A7ABD830E592E6E68349A",
}
RECORDED_NOT_REGISTERED = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_pui8zNFLX9zfFZ",
    "AMOUNT": "49900",
    "STATUS": "Failed",
    "RESPONSE_CODE": "385",
    "RESPONSE_MESSAGE": "Subscription not active: cancelled, revoked, halted, completed or failed",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:56",
    "HASH": "85CF09396C9FBCE205555055A9D4FF8347B03263386F3464CFDDAB5D869BDD18",
}
RECORDED_SCHEDULED = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_ID": "sub_RdU7SNsnBlDrtZ",
    "AMOUNT": "49900",
    "STATUS": "Failed",
    "RESPONSE_CODE": "326",
    "RESPONSE_MESSAGE": "Invalid request",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:56",
    "HASH": "F0F45F888219501D738B928BD1774436EA9B8974799550E6CB154CFD7FE6F05A",
}
RECORDED_UNKNOWN = {
    "PAY_ID": "1000000000000001",
    "SUBSCRIPTION_REF": "SUB-REC-NONE",
    "STATUS": "Failed",
    "RESPONSE_CODE": "387",
    "RESPONSE_MESSAGE": "No subscription found",
    "RESPONSE_DATE_TIME": "2026-12-07 21:22:57",
    "HASH": "94550CF010C8810F5CC18B04E5CC3A9B09DD4EA5055B6B722048CB853745FE5B",
}


def subscription_gateway(path, fields):
    """The gateway's answers to the subscription paths, signed; DEBITS as JSON text inside the signed fields."""
    echo = {k: v for k, v in fields.items() if k not in ("HASH", "RETURN_URL")}
    if path.endswith("/pgws/subscription"):
        reply = {**SUBSCRIPTION, **echo}
    elif path.endswith("/pgws/subscription/cancel"):
        reply = {**SUBSCRIPTION, "STATUS": "CANCELLED", "ENDED_AT": "2026-12-07 13:20:00", "CANCELLED_BY": "MERCHANT",
                 "DEBITS": "[]"}
    elif path.endswith("/pgws/subscription/resume"):
        reply = {**PRESENTED, "DEBITS": DEBITS}
    else:
        reply = {**PRESENTED, "DEBITS": DEBITS}
    return 200, json.dumps(with_hash(reply, SALT)).encode()


class SubscriptionCalls(StubGatewayTestCase):
    """The subscription calls against the stub gateway."""

    def setUp(self):
        super().setUp()
        StubGateway.answer = staticmethod(subscription_gateway)

    def sent(self):
        return [(path, {k: v for k, v in fields.items() if k != "HASH"}) for path, _, fields in StubGateway.requests]

    def test_each_call_sends_its_fields_signed_and_answers_the_verified_fields_with_debits_parsed(self):
        created = self.client.create_subscription({
            **MONTHLY, "END_DATE": date(2036, 12, 10), "CUST_NAME": " Asha Verma ",
            "NOTIFY_URL": "https://shop.example/hook", "CATEGORY": None,
        })
        self.assertEqual(
            (created["SUBSCRIPTION_ID"], created["STATUS"], created["AUTH_URL"]),
            ("sub_7Rk2Wq9Lm4Tx8Z", "CREATED", SUBSCRIPTION["AUTH_URL"]),
        )
        self.client.create_subscription({
            **MONTHLY, "SUBSCRIPTION_REF": "SUB-2026-0043", "METHOD": "CARD", "AMOUNT": None, "MAX_AMOUNT": "5000000",
            "FREQUENCY": "AS_PRESENTED", "CATEGORY": "INSURANCE", "NOTIFY_URL": "",
        })
        self.client.create_subscription({**MONTHLY, "METHOD": "EMANDATE", "FREQUENCY": "YEARLY"})
        status = self.client.subscription_status(subscription_id=PRESENTED["SUBSCRIPTION_ID"])
        self.assertEqual(status, {**with_hash({**PRESENTED, "DEBITS": DEBITS}, SALT), "DEBITS": [NOTICE, CHARGED]})
        self.assertEqual(
            [(debit["CYCLE"], debit["STATUS"], debit["ORDER_ID"]) for debit in status["DEBITS"]],
            [("2", "NOTIFIED", ""), ("1", "CHARGED", "sub_2Pm8Xc4Vb6Nq1R-1-1")],
        )
        self.client.subscription_status(subscription_ref="SUB-2026-0043")
        cancelled = self.client.cancel_subscription(SUBSCRIPTION["SUBSCRIPTION_ID"])
        self.assertEqual(
            (cancelled["STATUS"], cancelled["ENDED_AT"], cancelled["CANCELLED_BY"], cancelled["DEBITS"]),
            ("CANCELLED", "2026-12-07 13:20:00", "MERCHANT", []),
        )
        resumed = self.client.resume_subscription(PRESENTED["SUBSCRIPTION_ID"])
        self.assertEqual((resumed["STATUS"], resumed["DEBITS"]), ("ACTIVE", [NOTICE, CHARGED]))
        charge = self.client.present_charge(PRESENTED["SUBSCRIPTION_ID"], "2500000")
        self.assertEqual(charge["DEBITS"][0], NOTICE)
        for action in ("SKIP", "APPROVE", "PAUSE", "RESUME", "REVOKE"):
            acted = self.client.act_as_customer(PRESENTED["SUBSCRIPTION_ID"], action)
            self.assertEqual(acted["DEBITS"], [NOTICE, CHARGED])
        pay = {"PAY_ID": PAY_ID}
        ident = {**pay, "SUBSCRIPTION_ID": PRESENTED["SUBSCRIPTION_ID"]}
        presented = {k: v for k, v in MONTHLY.items() if k != "AMOUNT"}
        self.assertEqual(
            self.sent(),
            [
                ("/sandbox/pgws/subscription",
                 {**pay, **MONTHLY, "END_DATE": "2036-12-10", "NOTIFY_URL": "https://shop.example/hook"}),
                ("/sandbox/pgws/subscription", {
                    **pay, **presented, "SUBSCRIPTION_REF": "SUB-2026-0043", "METHOD": "CARD", "MAX_AMOUNT": "5000000",
                    "FREQUENCY": "AS_PRESENTED", "CATEGORY": "INSURANCE",
                }),
                ("/sandbox/pgws/subscription", {**pay, **MONTHLY, "METHOD": "EMANDATE", "FREQUENCY": "YEARLY"}),
                ("/sandbox/pgws/subscription/status", ident),
                ("/sandbox/pgws/subscription/status", {**pay, "SUBSCRIPTION_REF": "SUB-2026-0043"}),
                ("/sandbox/pgws/subscription/cancel", {**pay, "SUBSCRIPTION_ID": SUBSCRIPTION["SUBSCRIPTION_ID"]}),
                ("/sandbox/pgws/subscription/resume", ident),
                ("/sandbox/pgws/subscription/charge", {**ident, "AMOUNT": "2500000"}),
                ("/sandbox/pgws/subscription/customer", {**ident, "ACTION": "SKIP"}),
                ("/sandbox/pgws/subscription/customer", {**ident, "ACTION": "APPROVE"}),
                ("/sandbox/pgws/subscription/customer", {**ident, "ACTION": "PAUSE"}),
                ("/sandbox/pgws/subscription/customer", {**ident, "ACTION": "RESUME"}),
                ("/sandbox/pgws/subscription/customer", {**ident, "ACTION": "REVOKE"}),
            ],
        )
        self.assertEqual(  # the request's fields in the contract's order
            list(StubGateway.requests[0][2]),
            ["PAY_ID", "SUBSCRIPTION_REF", "METHOD", "AMOUNT", "MAX_AMOUNT", "FREQUENCY", "START_DATE", "END_DATE",
             "DESCRIPTION", "CUST_NAME", "CUST_EMAIL", "CUST_PHONE", "RETURN_URL", "NOTIFY_URL", "HASH"],
        )
        for _, _, fields in StubGateway.requests:
            self.assertTrue(verify(fields, SALT))

    def test_debits_are_trusted_only_when_the_hash_covers_them_and_they_are_a_list_of_objects(self):
        sub_id = PRESENTED["SUBSCRIPTION_ID"]

        def tampered(path, fields):
            reply = with_hash({**PRESENTED, "DEBITS": DEBITS}, SALT)
            reply["DEBITS"] = json.dumps([{**NOTICE, "AMOUNT": "1"}])
            return 200, json.dumps(reply).encode()

        StubGateway.answer = staticmethod(tampered)
        for call in (
            lambda: self.client.subscription_status(subscription_id=sub_id),
            lambda: self.client.present_charge(sub_id, "100"),
            lambda: self.client.act_as_customer(sub_id, "SKIP"),
            lambda: self.client.cancel_subscription(sub_id),
            lambda: self.client.resume_subscription(sub_id),
        ):
            with self.assertRaises(VerificationError):
                call()
        for text in ("", "nope", "{}", "[1]", '[{"AMOUNT": 1}]'):
            reply = json.dumps(with_hash({**PRESENTED, "DEBITS": text}, SALT)).encode()
            StubGateway.answer = staticmethod(lambda path, fields, reply=reply: (200, reply))
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.subscription_status(subscription_id=sub_id)
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.act_as_customer(sub_id, "PAUSE")
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.cancel_subscription(sub_id)
            with self.subTest(text=text), self.assertRaises(ProtocolError):
                self.client.resume_subscription(sub_id)
        reply = json.dumps(with_hash({**SUBSCRIPTION, "DEBITS": "[]"}, SALT)).encode()
        StubGateway.answer = staticmethod(lambda path, fields: (200, reply))
        self.assertEqual(self.client.subscription_status(subscription_ref="SUB-2026-0042")["DEBITS"], [])

    def test_the_sandboxs_recorded_answers_verify_with_debits_parsed_and_refusals_as_their_fields(self):
        answers = [RECORDED_CREATED, RECORDED_ACTIVE, RECORDED_CHARGE, RECORDED_SKIPPED, RECORDED_CANCELLED,
                   RECORDED_NOT_REGISTERED, RECORDED_SCHEDULED, RECORDED_UNKNOWN]
        def recorded(path, fields):  # each call's answer in turn
            return 200, json.dumps(answers[len(StubGateway.requests) - 1]).encode()

        StubGateway.answer = staticmethod(recorded)

        def parsed(answer):
            return {**answer, "DEBITS": json.loads(answer["DEBITS"])}

        created = self.client.create_subscription({
            **MONTHLY, "SUBSCRIPTION_REF": RECORDED_CREATED["SUBSCRIPTION_REF"], "MAX_AMOUNT": "49900",
            "START_DATE": RECORDED_CREATED["START_DATE"],
        })
        self.assertEqual(created, RECORDED_CREATED)
        active = self.client.subscription_status(subscription_id=RECORDED_ACTIVE["SUBSCRIPTION_ID"])
        self.assertEqual(active, parsed(RECORDED_ACTIVE))
        self.assertEqual(
            [(debit["CYCLE"], debit["STATUS"], debit["ORDER_ID"], debit["FEE"]) for debit in active["DEBITS"]],
            [("0", "CHARGED", RECORDED_ACTIVE["SUBSCRIPTION_ID"] + "-0-1", "700")],
        )
        charge = self.client.present_charge(RECORDED_CHARGE["SUBSCRIPTION_ID"], "1600000")
        self.assertEqual(charge, parsed(RECORDED_CHARGE))
        notice = charge["DEBITS"][0]
        self.assertEqual((notice["STATUS"], notice["DEBIT_AT"]), ("NOTIFIED", "2026-12-09 07:00:00"))
        skipped = self.client.act_as_customer(RECORDED_SKIPPED["SUBSCRIPTION_ID"], "SKIP")
        self.assertEqual(skipped, parsed(RECORDED_SKIPPED))
        self.assertEqual((skipped["DEBITS"][0]["STATUS"], skipped["DEBITS"][0]["RESPONSE_CODE"]), ("SKIPPED", "382"))
        cancelled = self.client.cancel_subscription(RECORDED_CANCELLED["SUBSCRIPTION_ID"])
        self.assertEqual(cancelled, parsed(RECORDED_CANCELLED))
        self.assertEqual(
            (cancelled["STATUS"], cancelled["CANCELLED_BY"], cancelled["INSTRUMENT"], cancelled["NEXT_DEBIT_AT"]),
            ("CANCELLED", "MERCHANT", "", ""),
        )
        self.assertEqual(
            [(debit["CYCLE"], debit["STATUS"], debit["RESPONSE_CODE"]) for debit in cancelled["DEBITS"]],
            [("0", "STOPPED", "385")],
        )
        early = self.client.present_charge(RECORDED_NOT_REGISTERED["SUBSCRIPTION_ID"], "49900")
        self.assertEqual(early, RECORDED_NOT_REGISTERED)
        self.assertEqual(self.client.present_charge(RECORDED_SCHEDULED["SUBSCRIPTION_ID"], "49900"), RECORDED_SCHEDULED)
        unknown = self.client.subscription_status(subscription_ref=RECORDED_UNKNOWN["SUBSCRIPTION_REF"])
        self.assertEqual(unknown, RECORDED_UNKNOWN)

    def test_a_refusal_comes_back_as_its_fields_without_debits(self):
        def refusing(code, message):
            def answer(path, fields):
                echo = {k: v for k, v in fields.items() if k != "HASH"}
                reply = {**echo, "STATUS": "Failed", "RESPONSE_CODE": code, "RESPONSE_MESSAGE": message,
                         "RESPONSE_DATE_TIME": "2026-12-07 13:09:53"}
                return 200, json.dumps(with_hash(reply, SALT)).encode()
            return staticmethod(answer)

        StubGateway.answer = refusing("387", "No subscription found")
        missing = self.client.subscription_status(subscription_ref="SUB-404")
        self.assertEqual((missing["RESPONSE_CODE"], missing["SUBSCRIPTION_REF"]), ("387", "SUB-404"))
        self.assertNotIn("DEBITS", missing)
        not_active = "Subscription not active: cancelled, revoked, halted, completed or failed"
        sub_id = SUBSCRIPTION["SUBSCRIPTION_ID"]
        StubGateway.answer = refusing("385", not_active)
        refused = self.client.present_charge(sub_id, "49900")
        self.assertEqual((refused["RESPONSE_CODE"], refused["RESPONSE_MESSAGE"]), ("385", not_active))
        self.assertNotIn("DEBITS", refused)
        self.assertEqual(self.client.cancel_subscription(sub_id)["RESPONSE_CODE"], "385")
        self.assertEqual(self.client.resume_subscription(sub_id)["RESPONSE_CODE"], "385")
        self.assertEqual(self.client.act_as_customer(sub_id, "REVOKE")["RESPONSE_CODE"], "385")
        StubGateway.answer = refusing("374", "Duplicate reference id")
        self.assertEqual(self.client.create_subscription(MONTHLY)["RESPONSE_CODE"], "374")
        StubGateway.answer = refusing("380", "Amount above the mandate's maximum, or above the method's largest debit")
        too_much = self.client.present_charge(sub_id, "5000001")
        self.assertEqual((too_much["RESPONSE_CODE"], too_much["AMOUNT"]), ("380", "5000001"))
        StubGateway.answer = refusing("388", "Invalid start or end date: a date from the account's today, within 366 "
                                             "days; end after it, within 10 years")
        past = self.client.create_subscription({**MONTHLY, "START_DATE": "2020-01-01"})
        self.assertEqual((past["RESPONSE_CODE"], past["START_DATE"]), ("388", "2020-01-01"))
        refusal = with_hash({**SUBSCRIPTION, "STATUS": "Failed", "RESPONSE_CODE": "385"}, SALT)
        forged = {**refusal, "RESPONSE_CODE": "000"}
        StubGateway.answer = staticmethod(lambda path, fields: (200, json.dumps(forged).encode()))
        with self.assertRaises(VerificationError):
            self.client.cancel_subscription(sub_id)

    def test_ids_method_frequency_amounts_dates_category_customer_and_action_are_checked_before_calling(self):
        sub_id = SUBSCRIPTION["SUBSCRIPTION_ID"]
        create = self.client.create_subscription
        refused = (
            lambda: create(None),
            lambda: create({**MONTHLY, "SUBSCRIPTION_REF": "SUB 42"}),
            lambda: create({**MONTHLY, "SUBSCRIPTION_REF": None}),
            lambda: create({**MONTHLY, "METHOD": "NETBANKING"}),
            lambda: create({**MONTHLY, "METHOD": "upi"}),
            lambda: create({**MONTHLY, "METHOD": "ENACH"}),
            lambda: create({**MONTHLY, "FREQUENCY": "DAILY"}),
            lambda: create({**MONTHLY, "FREQUENCY": None}),
            lambda: create({**MONTHLY, "AMOUNT": "0"}),
            lambda: create({**MONTHLY, "AMOUNT": "499.00"}),
            lambda: create({**MONTHLY, "AMOUNT": "049900"}),
            lambda: create({**MONTHLY, "AMOUNT": 49900}),
            lambda: create({**MONTHLY, "AMOUNT": None}),
            lambda: create({**MONTHLY, "AMOUNT": ""}),
            lambda: create({**MONTHLY, "MAX_AMOUNT": "1e5"}),
            lambda: create({**MONTHLY, "MAX_AMOUNT": None}),
            lambda: create({**MONTHLY, "AMOUNT": "100001"}),
            lambda: create({**MONTHLY, "MAX_AMOUNT": "10000001"}),
            lambda: create({**MONTHLY, "METHOD": "CARD", "MAX_AMOUNT": "10000001"}),
            lambda: create({**MONTHLY, "METHOD": "EMANDATE", "MAX_AMOUNT": "1000000001"}),
            lambda: create({**MONTHLY, "FREQUENCY": "AS_PRESENTED"}),
            lambda: create({**MONTHLY, "START_DATE": "2026-02-30"}),
            lambda: create({**MONTHLY, "START_DATE": "10/12/2026"}),
            lambda: create({**MONTHLY, "START_DATE": "2026-12-10T00:00:00+05:30"}),
            lambda: create({**MONTHLY, "START_DATE": datetime(2026, 12, 10, tzinfo=timezone.utc)}),
            lambda: create({**MONTHLY, "START_DATE": None}),
            lambda: create({**MONTHLY, "END_DATE": "2027-13-01"}),
            lambda: create({**MONTHLY, "END_DATE": "2026-12-10"}),
            lambda: create({**MONTHLY, "END_DATE": date(2026, 12, 9)}),
            lambda: create({**MONTHLY, "CATEGORY": "GYM"}),
            lambda: create({**MONTHLY, "CATEGORY": "insurance"}),
            lambda: create({**MONTHLY, "DESCRIPTION": ""}),
            lambda: create({**MONTHLY, "DESCRIPTION": "   "}),
            lambda: create({**MONTHLY, "DESCRIPTION": "x" * 256}),
            lambda: create({**MONTHLY, "DESCRIPTION": "Chai\nclub"}),
            lambda: create({**MONTHLY, "DESCRIPTION": "Chai ~ club"}),
            lambda: create({**MONTHLY, "CUST_NAME": ""}),
            lambda: create({**MONTHLY, "CUST_NAME": "R2D2"}),
            lambda: create({**MONTHLY, "CUST_EMAIL": None}),
            lambda: create({**MONTHLY, "CUST_EMAIL": "asha@example"}),
            lambda: create({**MONTHLY, "CUST_PHONE": "  "}),
            lambda: create({**MONTHLY, "CUST_PHONE": "98765"}),
            lambda: create({**MONTHLY, "RETURN_URL": None}),
            lambda: create({**MONTHLY, "RETURN_URL": "/subscribed"}),
            lambda: create({**MONTHLY, "RETURN_URL": "javascript:alert(1)"}),
            lambda: create({**MONTHLY, "RETURN_URL": "http://[::1/x"}),
            lambda: create({**MONTHLY, "NOTIFY_URL": "ftp://shop.example/hook"}),
            lambda: self.client.subscription_status(),
            lambda: self.client.subscription_status(subscription_id=sub_id, subscription_ref="SUB-1"),
            lambda: self.client.subscription_status(subscription_id="sub_short"),
            lambda: self.client.subscription_status(subscription_id="plink_4Fq9ZkT2mW8xLc"),
            lambda: self.client.subscription_status(subscription_ref="SUB#1"),
            lambda: self.client.cancel_subscription(None),
            lambda: self.client.cancel_subscription("sub_7Rk2Wq9Lm4Tx8"),
            lambda: self.client.resume_subscription("SUB-2026-0042"),
            lambda: self.client.present_charge(sub_id, "0"),
            lambda: self.client.present_charge(sub_id, None),
            lambda: self.client.present_charge("sub_!Rk2Wq9Lm4Tx8Z", "100"),
            lambda: self.client.act_as_customer(sub_id, "REGISTER"),
            lambda: self.client.act_as_customer(sub_id, "skip"),
            lambda: self.client.act_as_customer(sub_id, None),
            lambda: self.client.act_as_customer("va_7Hn2Kp9Qr4Ts6V", "SKIP"),
        )
        for index, call in enumerate(refused):
            with self.subTest(index=index), self.assertRaises(InvalidInput):
                call()
        self.assertEqual(StubGateway.requests, [])
        # AMOUNT may be MAX_AMOUNT itself, MAX_AMOUNT the method's largest debit, END_DATE the day after
        # START_DATE, a leap day a date; how far from the account's today the dates are is the gateway's
        # to judge (388).
        create({**MONTHLY, "AMOUNT": "100000"})
        create({**MONTHLY, "MAX_AMOUNT": "10000000"})
        create({**MONTHLY, "METHOD": "EMANDATE", "MAX_AMOUNT": "1000000000"})
        create({**MONTHLY, "START_DATE": date(2028, 2, 29), "END_DATE": "2028-03-01"})
        create({**MONTHLY, "START_DATE": "2020-01-01", "CATEGORY": "MUTUAL_FUND"})
        create({**MONTHLY, "FREQUENCY": "AS_PRESENTED", "AMOUNT": "", "CATEGORY": "CREDIT_CARD_BILL"})
        create({**MONTHLY, "DESCRIPTION": "\U0001F375" * 127})
        self.assertEqual(len(StubGateway.requests), 7)
        self.assertEqual(StubGateway.requests[3][2]["START_DATE"], "2028-02-29")
