"""
Reconciles the server example's paid orders with what the gateway paid out: fetches the
settlements dated from 91 days before to 7 days after today (IST) with every page of their lines,
asks the gateway's recon for each paid order no line pays or with a dispute dated in those days
(whose hold may not be in a settlement yet), and prints one row per order (MATCHED,
REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, UNSETTLED, OVERDUE, MISSING) and per settled
order that is not in the order book (UNKNOWN). HELD: a dispute holds the money back;
CARRIED_FORWARD: its settlement paid nothing yet (its net was not above zero) and no later one has
paid it out. Only MATCHED and REFUNDED money reached your bank. Run it daily, after the
settlements of 11:00 IST.

Run from the kit's root:
    python3 server/reconcile.py [--settle-as-of ISO] [--notify-url URL] [--today YYYY-MM-DD] [--json]

--settle-as-of asks the sandbox to settle first, as if its clock read that time (a test call: a
real gateway settles on its own); --notify-url sends that run's settlement.processed webhooks
there. --json prints {"rows": [...]} instead of the table.
"""

import argparse
import json
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence

KIT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT / "core"))  # the kit's Paystra library

import paystra  # noqa: E402
from paystra import reconciliation  # noqa: E402

DAYS_AHEAD = 7
"""Settlements dated up to this many days after today are fetched (a sandbox run ahead of time)."""
NO_SUCH_ORDER = "328"


class ReconcileError(paystra.PaystraError):
    """A refusal from the gateway, or an order book that cannot be read."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse exits 2 on a usage error; every failure of this script exits 1.
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _arguments(argv)
    try:
        report = reconcile_store(args)
    except (paystra.PaystraError, OSError) as error:
        print(f"reconcile: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"rows": report["rows"]}))
    else:
        print(report_text(report, args.today))
    return 0


def _arguments(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = _Parser(
        prog="python3 server/reconcile.py",
        description="Reconcile the server example's paid orders with the gateway's settlements.",
    )
    parser.add_argument("--settle-as-of", metavar="ISO", help="sandbox only: settle first, as if the clock read this time (e.g. 2026-11-30T11:00:00+05:30)")
    parser.add_argument("--notify-url", metavar="URL", help="where that settlement run's settlement.processed webhooks go")
    parser.add_argument("--today", metavar="YYYY-MM-DD", type=_date, help="today in IST (default: the clock's)")
    parser.add_argument("--json", action="store_true", help='print {"rows": [...]} instead of a table')
    args = parser.parse_args(argv)
    if args.notify_url is not None and args.settle_as_of is None:
        parser.error("--notify-url goes with --settle-as-of: it is where that run's webhooks go")
    if args.today is None:
        args.today = datetime.now(paystra.IST).date().isoformat()
    return args


def _date(text: str) -> str:
    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat()
    except ValueError:
        pass
    raise argparse.ArgumentTypeError("expected a date as YYYY-MM-DD")


def paid_orders(path: Path) -> List[Dict[str, str]]:
    """The orders the server example recorded as paid, in the order it created them."""
    if not path.is_file():
        print(f"No orders at {path} yet (PAYSTRA_DATA_DIR): only settled orders are listed.", file=sys.stderr)
        return []
    try:
        book = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ReconcileError(f"{path} is not JSON: is it the server example's order book?") from error
    return [
        {"ORDER_ID": str(order_id), "AMOUNT": str(order.get("amount", ""))}
        for order_id, order in book.get("orders", {}).items()
        if order.get("status") == paystra.order_status.PAID
    ]


def succeeded(answer: Mapping[str, Any], call: str) -> Mapping[str, Any]:
    """A verified answer that succeeded; a refusal becomes an error naming the call."""
    if answer.get("RESPONSE_CODE") == paystra.SUCCESS_CODE:
        return answer
    raise ReconcileError(f"{call}: {answer.get('RESPONSE_MESSAGE') or 'refused'} ({answer.get('RESPONSE_CODE')})")


def reconcile_store(args: argparse.Namespace) -> Dict[str, Any]:
    config = paystra.Config.load(KIT_ROOT)
    client = paystra.Client(config)

    run = None
    if args.settle_as_of is not None:
        run = succeeded(client.run_settlement(args.settle_as_of, args.notify_url), "The settlement run")["SETTLEMENTS"]

    orders = paid_orders(Path(config.data_dir) / "server-orders.json")
    date_to = date.fromisoformat(args.today) + timedelta(days=DAYS_AHEAD)
    date_from = date_to - timedelta(days=paystra.SETTLEMENT_RANGE_DAYS - 1)
    listed = succeeded(client.settlements(date_from, date_to), "The settlements call")["SETTLEMENTS"]
    settlements = [
        succeeded(
            client.settlement_with_all_lines(settlement_id=item["SETTLEMENT_ID"]), f"Settlement {item['SETTLEMENT_ID']}"
        )
        for item in listed
    ]

    paid_out = {
        line["ORDER_ID"] for settlement in settlements for line in settlement["LINES"] if line["TYPE"] == "PAYMENT"
    }
    disputes = succeeded(client.disputes(date_from, date_to), "The disputes call")["DISPUTES"]
    disputed = {dispute["ORDER_ID"] for dispute in disputes}
    recon = {}
    for order in orders:
        if order["ORDER_ID"] in paid_out and order["ORDER_ID"] not in disputed:
            continue
        answer = client.recon(order["ORDER_ID"])
        # 328: the gateway has no such order, so the row says MISSING rather than the run failing.
        no_such_order = answer.get("RESPONSE_CODE") == NO_SUCH_ORDER
        recon[order["ORDER_ID"]] = [] if no_such_order else succeeded(answer, f"Recon of {order['ORDER_ID']}")["RECON"]

    rows = paystra.reconcile(orders, settlements, recon, args.today)
    return {"rows": rows, "from": date_from.isoformat(), "to": date_to.isoformat(), "settlements": settlements, "run": run}


def money(paise: str) -> str:
    """Signed paise as rupees: "-1180" → "-₹11.80"; "" stays ""."""
    return "-" + paystra.rupees(paise[1:]) if paise.startswith("-") else paystra.rupees(paise)


def table(columns: Sequence[str], cells: List[List[str]], right: Sequence[str] = ()) -> str:
    """Columns padded to their widest cell; those named in `right` (amounts) aligned right."""
    widths = [max([len(title)] + [len(row[index]) for row in cells]) for index, title in enumerate(columns)]

    def line(row: Sequence[str]) -> str:
        padded = (
            cell.rjust(width) if title in right else cell.ljust(width)
            for cell, width, title in zip(row, widths, columns)
        )
        return "  ".join(padded).rstrip()

    return "\n".join([line(columns)] + [line(row) for row in cells])


def report_text(report: Mapping[str, Any], today: str) -> str:
    """The report as text: the settlement run (if any), the settlements, then the orders."""
    sections = []
    if report["run"] is not None:
        sections.append(f"Settlement run: {len(report['run'])} settlement(s) dated in the 92 days up to it.")
    settlements = report["settlements"]
    lines = [f"Settlements dated {report['from']} to {report['to']}: {len(settlements)}"]
    if settlements:
        cells = [
            [s["SETTLEMENT_ID"], s["SETTLEMENT_DATE"], s["STATUS"], s["UTR"] or "-", money(s["NET_AMOUNT"])]
            for s in settlements
        ]
        lines.append(table(["SETTLEMENT_ID", "DATE", "STATUS", "UTR", "NET"], cells, right=["NET"]))
    sections.append("\n".join(lines))

    rows = report["rows"]
    lines = [f"Orders reconciled on {today} (IST): {len(rows)}"]
    if rows:
        cells = [
            [
                row["ORDER_ID"],
                row["RESULT"],
                money(row["AMOUNT"]),
                money(row["SETTLED_AMOUNT"]),
                money(row["REFUNDED_AMOUNT"]),
                money(row["HELD_AMOUNT"]),
                money(row["NET"]),
                row["SETTLEMENT_ID"],
                row["UTR"],
                row["SETTLEMENT_DATE"] or (f"due {row['EXPECTED_SETTLEMENT_DATE']}" if row["EXPECTED_SETTLEMENT_DATE"] else ""),
            ]
            for row in rows
        ]
        columns = ["ORDER_ID", "RESULT", "AMOUNT", "SETTLED", "REFUNDED", "HELD", "NET", "SETTLEMENT_ID", "UTR", "SETTLED ON"]
        lines.append(table(columns, cells, right=["AMOUNT", "SETTLED", "REFUNDED", "HELD", "NET"]))
        counts = [(result, sum(row["RESULT"] == result for row in rows)) for result in reconciliation.RESULTS]
        lines += ["", ", ".join(f"{count} {result}" for result, count in counts if count)]
    sections.append("\n".join(lines))
    return "\n\n".join(sections)


if __name__ == "__main__":
    sys.exit(main())
