"""
The server example's reconciliation (server/reconcile.py), run as a merchant runs it, against a
stand-in gateway. A kit archive of another example has no server/ folder: then there is nothing to
test.
"""

import json
import os
import subprocess
import sys
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)
from tests.support import KIT_ROOT

from paystra import with_hash

SCRIPT = KIT_ROOT / "server" / "reconcile.py"
SALT = "a1b2c3d4e5f60718"
PAY_ID = "1000000000000001"
OK = {"RESPONSE_CODE": "000", "RESPONSE_MESSAGE": "Transaction successful", "RESPONSE_DATE_TIME": "2026-11-30 11:00:05"}
SETTLEMENT = {
    "SETTLEMENT_ID": "setl_0a1b2c3d4e5f60718293", "UTR": "PYSTN26334000123", "SETTLEMENT_DATE": "2026-11-30",
    "CYCLE_FROM": "2026-11-27", "CYCLE_TO": "2026-11-27", "PAYMENTS_COUNT": "2", "REFUNDS_COUNT": "0",
    "GROSS_AMOUNT": "150000", "REFUNDS_AMOUNT": "0", "FEES_AMOUNT": "3000", "GST_AMOUNT": "540",
    "ADJUSTMENTS_AMOUNT": "0", "NET_AMOUNT": "146460", "BANK_ACCOUNT": "XXXXXXXXXX4321", "STATUS": "PROCESSED",
}


def payment_line(order_id, amount, net):
    return {
        "TYPE": "PAYMENT", "ORDER_ID": order_id, "TXN_ID": "1234567890123456", "PG_REF_NUM": "202612345678901234",
        "PAYMENT_TYPE": "UP", "MOP_TYPE": "UP", "AMOUNT": amount, "FEE": "0", "GST": "0", "NET": net,
        "DATE": "2026-11-27 10:15:00", "DESCRIPTION": "",
    }


LINES = [payment_line("SK1", "100000", "97640"), payment_line("OTHER1", "50000", "48820")]
UNSETTLED = {
    "TYPE": "PAYMENT", "TXN_ID": "5234567890123456", "AMOUNT": "100", "FEE": "2", "GST": "0", "NET": "98",
    "DATE": "2026-11-28 10:00:00", "STATE": "UNSETTLED", "SETTLEMENT_ID": "", "UTR": "", "SETTLEMENT_DATE": "",
    "EXPECTED_SETTLEMENT_DATE": "2026-12-01",
}


HOLD = {
    "TYPE": "DISPUTE_HOLD", "TXN_ID": "1234567890123456", "AMOUNT": "-100000", "FEE": "0", "GST": "0", "NET": "-100000",
    "DATE": "2026-11-30 11:00:00", "DISPUTE_ID": "dsp_0a1b2c3d4e5f60718293", "STATE": "UNSETTLED", "SETTLEMENT_ID": "",
    "SETTLEMENT_DATE": "", "SETTLEMENT_STATUS": "", "PAID_BY_SETTLEMENT_ID": "", "UTR": "", "EXPECTED_SETTLEMENT_DATE": "2026-12-01",
}


class Gateway(BaseHTTPRequestHandler):
    requests = []
    refusals = {}  # path → refusal fields
    disputed = []  # the ORDER_IDs /pgws/disputes lists

    def do_POST(self):
        fields = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        path = self.path.replace("/sandbox", "")
        Gateway.requests.append((path, {k: v for k, v in fields.items() if k not in ("HASH", "PAY_ID")}))
        echo = {k: v for k, v in fields.items() if k != "HASH"}
        if path in Gateway.refusals:
            reply = {**echo, "STATUS": "Failed", **Gateway.refusals[path]}
        elif path in ("/pgws/settlement/run", "/pgws/settlements"):
            reply = {**echo, **OK, "SETTLEMENTS": json.dumps([SETTLEMENT])}
        elif path == "/pgws/settlement":
            # One line a page, whatever PAGE_SIZE asks: the example must fetch every page.
            page = int(fields.get("PAGE", "1"))
            paging = {"PAGE": str(page), "PAGE_SIZE": "1", "LINES_COUNT": str(len(LINES)), "PAGES": str(len(LINES))}
            reply = {**echo, **OK, **SETTLEMENT, **paging, "LINES": json.dumps(LINES[page - 1 : page])}
        elif path == "/pgws/disputes":
            disputes = [{"DISPUTE_ID": HOLD["DISPUTE_ID"], "ORDER_ID": order_id, "STATUS": "OPEN"} for order_id in Gateway.disputed]
            reply = {**echo, **OK, "DISPUTES": json.dumps(disputes)}
        elif fields.get("ORDER_ID") == "SK1":
            reply = {**echo, **OK, "RECON": json.dumps([HOLD])}
        elif fields.get("ORDER_ID") == "SK2":
            reply = {**echo, **OK, "RECON": json.dumps([UNSETTLED])}
        else:
            reply = {**echo, "STATUS": "Failed", "RESPONSE_CODE": "328", "RESPONSE_MESSAGE": "No such transaction"}
        body = json.dumps(with_hash(reply, SALT)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@unittest.skipUnless(SCRIPT.is_file(), "no server example here")
class Reconcile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), Gateway)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base_url = f"http://127.0.0.1:{cls.server.server_address[1]}/sandbox"
        directory = tempfile.TemporaryDirectory()
        cls.addClassCleanup(directory.cleanup)
        cls.data_dir = directory.name

        def order(order_id, amount, status="paid"):
            return {"order_id": order_id, "amount": amount, "status": status, "events": [], "updated_by": "return"}

        orders = {"SK1": order("SK1", "100000"), "SK2": order("SK2", "100"), "SK3": order("SK3", "2500"), "SK4": order("SK4", "100", "failed")}
        book = {"orders": orders, "seen_events": []}
        (Path(cls.data_dir) / "server-orders.json").write_text(json.dumps(book), encoding="utf-8")

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        Gateway.requests, Gateway.refusals, Gateway.disputed = [], {}, []

    def reconcile(self, *args, base_url=None):
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PAYSTRA_BASE_URL": base_url or self.base_url,
            "PAYSTRA_PAY_ID": PAY_ID,
            "PAYSTRA_SALT": SALT,
            "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
            "PAYSTRA_DATA_DIR": self.data_dir,
        }
        return subprocess.run(
            [sys.executable, str(SCRIPT), *args], cwd=KIT_ROOT, env=env, capture_output=True, text=True, timeout=60
        )

    def test_it_settles_fetches_the_settlements_with_their_lines_asks_recon_for_the_rest_and_reports(self):
        as_of, notify = "2026-11-30T11:00:00+05:30", "http://127.0.0.1:4151/webhook"
        run = self.reconcile("--settle-as-of", as_of, "--notify-url", notify, "--today", "2026-12-02", "--json")
        self.assertEqual((run.returncode, run.stderr), (0, ""))
        self.assertEqual(
            Gateway.requests,
            [
                ("/pgws/settlement/run", {"AS_OF": as_of, "NOTIFY_URL": notify}),
                # TO = today + 7 days, FROM = TO - 91 days: 92 days, both included.
                ("/pgws/settlements", {"FROM": "2026-09-09", "TO": "2026-12-09"}),
                ("/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE_SIZE": "1000"}),
                ("/pgws/settlement", {"SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"], "PAGE": "2", "PAGE_SIZE": "1000"}),
                ("/pgws/disputes", {"FROM": "2026-09-09", "TO": "2026-12-09"}),
                ("/pgws/recon", {"ORDER_ID": "SK2"}),
                ("/pgws/recon", {"ORDER_ID": "SK3"}),
            ],
        )
        rows = json.loads(run.stdout)["rows"]
        self.assertEqual(
            [(row["ORDER_ID"], row["RESULT"]) for row in rows],
            [("SK1", "MATCHED"), ("SK2", "OVERDUE"), ("SK3", "MISSING"), ("OTHER1", "UNKNOWN")],
        )
        self.assertEqual(
            rows[0],
            {
                "ORDER_ID": "SK1", "RESULT": "MATCHED", "AMOUNT": "100000", "SETTLED_AMOUNT": "100000",
                "REFUNDED_AMOUNT": "0", "HELD_AMOUNT": "0", "NET": "97640", "SETTLEMENT_ID": SETTLEMENT["SETTLEMENT_ID"],
                "UTR": SETTLEMENT["UTR"], "SETTLEMENT_DATE": "2026-11-30", "EXPECTED_SETTLEMENT_DATE": "",
            },
        )

    def test_a_paid_out_order_with_a_dispute_is_asked_for_its_recon_and_held_while_its_hold_is_open(self):
        Gateway.disputed = ["SK1"]
        run = self.reconcile("--today", "2026-11-30", "--json")
        self.assertEqual((run.returncode, run.stderr), (0, ""))
        self.assertIn(("/pgws/recon", {"ORDER_ID": "SK1"}), Gateway.requests)
        row = json.loads(run.stdout)["rows"][0]
        self.assertEqual(
            {key: row[key] for key in ("ORDER_ID", "RESULT", "HELD_AMOUNT", "NET", "SETTLEMENT_ID", "UTR")},
            {"ORDER_ID": "SK1", "RESULT": "HELD", "HELD_AMOUNT": "100000", "NET": "-2360", "SETTLEMENT_ID": "", "UTR": ""},
        )

    def test_it_prints_a_table_by_default_and_settles_nothing_unless_asked(self):
        run = self.reconcile("--today", "2026-11-30")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(Gateway.requests[0][0], "/pgws/settlements")
        self.assertRegex(run.stdout, r"(?m)^SK1 +MATCHED +₹1,000\.00 +₹1,000\.00 +₹0\.00 +₹0\.00 +₹976\.40 +setl_")
        self.assertRegex(run.stdout, r"(?m)^SK2 +UNSETTLED .* due 2026-12-01$")
        self.assertIn("1 MATCHED, 1 UNSETTLED, 1 MISSING, 1 UNKNOWN", run.stdout)

    def test_a_refusal_stops_it_with_the_message_on_stderr_and_exit_code_1(self):
        Gateway.refusals = {"/pgws/settlements": {"RESPONSE_CODE": "340", "RESPONSE_MESSAGE": "Date range longer than 92 days"}}
        run = self.reconcile("--json")
        self.assertEqual((run.returncode, run.stdout), (1, ""))
        self.assertIn("The settlements call: Date range longer than 92 days (340)", run.stderr)

    def test_bad_options_and_an_unreachable_gateway_exit_1(self):
        for args in (["--notify-url", "http://127.0.0.1:4151/webhook"], ["--today", "2026-02-30"], ["--settle-as-of", "tomorrow"], ["--unknown"]):
            with self.subTest(args=args):
                run = self.reconcile(*args)
                self.assertEqual(run.returncode, 1)
                self.assertNotEqual(run.stderr, "")
        run = self.reconcile("--json", base_url="http://127.0.0.1:9/sandbox")
        self.assertEqual(run.returncode, 1)
        self.assertIn("could not reach the gateway", run.stderr)


if __name__ == "__main__":
    unittest.main()
