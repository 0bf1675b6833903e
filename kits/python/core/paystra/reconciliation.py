"""
Reconciliation, the same in every Paystra kit and checked against the `reconciliation` cases of
the shared vectors: your paid orders against the settlements you fetched (with their LINES) and,
for an order with no PAYMENT line there, the gateway's recon entries.

One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT or REFUND
line that is not yours, in order of first appearance. An order's payment is its first PAYMENT
line; without one, its recon PAYMENT entry: SETTLED stands for the line, UNSETTLED makes the row
UNSETTLED, or OVERDUE once today (IST) is after its EXPECTED_SETTLEMENT_DATE; no entry: MISSING.
Its refunds are its REFUND lines, then its recon REFUND entries whose TXN_ID no line has. With a
payment: AMOUNT_MISMATCH when the payment's AMOUNT is not the order's, else REFUNDED when the
refunds add up to more than 0, else MATCHED.

Amounts are paise as digit strings, added as integers, never as floats. Every value of a row is a
string, "" where there is nothing to say.
"""

import re
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from .errors import InvalidInput

MATCHED = "MATCHED"
REFUNDED = "REFUNDED"
AMOUNT_MISMATCH = "AMOUNT_MISMATCH"
UNSETTLED = "UNSETTLED"
OVERDUE = "OVERDUE"
MISSING = "MISSING"
UNKNOWN = "UNKNOWN"
RESULTS = (MATCHED, REFUNDED, AMOUNT_MISMATCH, UNSETTLED, OVERDUE, MISSING, UNKNOWN)

ROW_FIELDS = (
    "ORDER_ID",
    "RESULT",
    "AMOUNT",
    "SETTLED_AMOUNT",
    "REFUNDED_AMOUNT",
    "NET",
    "SETTLEMENT_ID",
    "UTR",
    "SETTLEMENT_DATE",
    "EXPECTED_SETTLEMENT_DATE",
)

Row = Dict[str, str]
Line = Mapping[str, str]
Placed = Tuple[Line, Mapping[str, object]]  # a line and the settlement it is in

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_PAISE = re.compile(r"-?[0-9]+")


def reconcile(
    orders: Sequence[Mapping[str, str]],
    settlements: Sequence[Mapping[str, object]],
    recon: Mapping[str, Sequence[Mapping[str, str]]],
    today: str,
) -> List[Row]:
    """
    The report of your paid orders (ORDER_ID, AMOUNT) against the settlements fetched, each with
    its LINES (as Client.settlement answers it), and RECON by ORDER_ID for orders no PAYMENT line
    pays (an order without a key has no entries). today: YYYY-MM-DD in IST. Raises InvalidInput
    when an input is not shaped as the gateway answers it.
    """
    if not isinstance(today, str) or not _DATE.fullmatch(today):
        raise InvalidInput("today", "today must be a date as YYYY-MM-DD (in IST)")
    lines = _placed_lines(settlements)
    line_txn_ids = {line.get("TXN_ID", "") for line, _ in lines} - {""}

    rows = []
    for index, order in enumerate(orders):
        order_id = order.get("ORDER_ID") if isinstance(order, Mapping) else None
        if not isinstance(order_id, str):
            raise InvalidInput("orders", f"orders[{index}] has no ORDER_ID")
        _paise(order.get("AMOUNT"), f"the AMOUNT of order {order_id}")
        entries = recon.get(order_id, [])
        if not isinstance(entries, Sequence) or isinstance(entries, str):
            raise InvalidInput("recon", f'recon["{order_id}"] must be a list of RECON entries')
        rows.append(_order_row(order_id, order["AMOUNT"], lines, entries, line_txn_ids, today))

    yours = {order["ORDER_ID"] for order in orders}
    unknown: Dict[str, None] = {}  # ordered: first appearance
    for line, _ in lines:
        if line.get("TYPE") in ("PAYMENT", "REFUND") and line.get("ORDER_ID") not in yours:
            unknown.setdefault(line.get("ORDER_ID", ""), None)
    rows.extend(_unknown_row(order_id, lines) for order_id in unknown)
    return rows


def _placed_lines(settlements: Sequence[Mapping[str, object]]) -> List[Placed]:
    placed: List[Placed] = []
    for index, settlement in enumerate(settlements):
        lines = settlement.get("LINES") if isinstance(settlement, Mapping) else None
        if not isinstance(lines, list):
            raise InvalidInput(
                "settlements", f"settlements[{index}] has no LINES: fetch each settlement with Client.settlement"
            )
        placed.extend((line, settlement) for line in lines)
    return placed


def _order_row(
    order_id: str,
    amount: str,
    lines: List[Placed],
    entries: Sequence[Mapping[str, str]],
    line_txn_ids: set,
    today: str,
) -> Row:
    own = [(line, settlement) for line, settlement in lines if line.get("ORDER_ID") == order_id]
    refunds = [line for line, _ in own if line.get("TYPE") == "REFUND"]
    refunds += [e for e in entries if e.get("TYPE") == "REFUND" and e.get("TXN_ID") not in line_txn_ids]
    payment_line = next(((line, s) for line, s in own if line.get("TYPE") == "PAYMENT"), None)
    entry = None if payment_line else next((e for e in entries if e.get("TYPE") == "PAYMENT"), None)

    payment = _line_payment(*payment_line) if payment_line else None
    if entry is not None and entry.get("STATE") == "SETTLED":
        payment = entry
    # Anything but SETTLED has not been paid out yet.
    unsettled = entry if entry is not None and payment is None else None

    if payment is not None:
        if _paise(payment.get("AMOUNT"), f"the settled AMOUNT of {order_id}") != int(amount):
            result = AMOUNT_MISMATCH
        else:
            result = REFUNDED if _sum(refund.get("AMOUNT") for refund in refunds) > 0 else MATCHED
    elif unsettled is not None:
        expected = unsettled.get("EXPECTED_SETTLEMENT_DATE", "")
        if not _DATE.fullmatch(expected):
            raise InvalidInput("recon", f"the recon entry of {order_id} has no EXPECTED_SETTLEMENT_DATE")
        result = OVERDUE if today > expected else UNSETTLED
    else:
        result = MISSING
    expected = unsettled.get("EXPECTED_SETTLEMENT_DATE", "") if unsettled is not None else ""
    counted = payment if payment is not None else unsettled
    return _row(order_id, result, amount, counted, payment, refunds, expected)


def _unknown_row(order_id: str, lines: List[Placed]) -> Row:
    own = [(line, settlement) for line, settlement in lines if line.get("ORDER_ID") == order_id]
    payment_line = next(((line, s) for line, s in own if line.get("TYPE") == "PAYMENT"), None)
    payment = _line_payment(*payment_line) if payment_line else None
    refunds = [line for line, _ in own if line.get("TYPE") == "REFUND"]
    return _row(order_id, UNKNOWN, "", payment, payment, refunds, "")


def _row(
    order_id: str,
    result: str,
    amount: str,
    counted: Optional[Mapping[str, str]],
    payment: Optional[Mapping[str, str]],
    refunds: Sequence[Mapping[str, str]],
    expected: str,
) -> Row:
    """counted: the payment line or entry whose NET counts, settled or not."""
    nets = ([counted.get("NET")] if counted is not None else []) + [refund.get("NET") for refund in refunds]
    settled = payment or {}
    return {
        "ORDER_ID": order_id,
        "RESULT": result,
        "AMOUNT": amount,
        "SETTLED_AMOUNT": settled.get("AMOUNT", ""),
        "REFUNDED_AMOUNT": str(_sum(refund.get("AMOUNT") for refund in refunds)),
        "NET": str(_sum(nets)),
        "SETTLEMENT_ID": settled.get("SETTLEMENT_ID", ""),
        "UTR": settled.get("UTR", ""),
        "SETTLEMENT_DATE": settled.get("SETTLEMENT_DATE", ""),
        "EXPECTED_SETTLEMENT_DATE": expected,
    }


def _line_payment(line: Line, settlement: Mapping[str, object]) -> Dict[str, str]:
    """A PAYMENT line as its order's payment, with its settlement's id, UTR and date."""
    return {
        "AMOUNT": line.get("AMOUNT", ""),
        "NET": line.get("NET", ""),
        "SETTLEMENT_ID": str(settlement.get("SETTLEMENT_ID", "")),
        # A carried-forward settlement paid nothing, so there is no bank transfer to name.
        "UTR": "" if settlement.get("STATUS") == "CARRIED_FORWARD" else str(settlement.get("UTR", "")),
        "SETTLEMENT_DATE": str(settlement.get("SETTLEMENT_DATE", "")),
    }


def _sum(amounts: Iterable[Optional[str]]) -> int:
    return sum(_paise(amount, "every AMOUNT and NET of the lines and entries") for amount in amounts)


def _paise(value: object, what: str) -> int:
    if not isinstance(value, str) or not _PAISE.fullmatch(value):
        raise InvalidInput("AMOUNT", f'{what} must be paise as digits (e.g. "100" or "-5000")')
    return int(value)
