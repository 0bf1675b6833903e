"""
Reconciliation, the same in every Paystra kit and checked against the `reconciliation` cases of
the shared vectors: your paid orders against the settlements you fetched (with all their LINES)
and the gateway's recon entries of the orders you asked about (those with no PAYMENT line there,
and those with a dispute). Money is MATCHED or REFUNDED only once a settlement paid it out under a
UTR.

One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT, REFUND,
DISPUTE_HOLD or DISPUTE_RELEASE line that is not yours, in order of first appearance
(CARRY_FORWARD and FEE lines are no order's).

A settlement is paid out by itself when its STATUS is PROCESSED; a CARRIED_FORWARD one by what
pays out the settlement (among those given) whose CARRY_FORWARD line names it as
SOURCE_SETTLEMENT_ID, and by nothing while none does. An order's movements are its lines, then
its recon entries of a TYPE, TXN_ID and DISPUTE_ID that none of its lines has. Its payment is the
first PAYMENT among them: a line is paid out when its settlement is, else carried forward; an
entry is paid out when its STATE is SETTLED (by PAID_BY_SETTLEMENT_ID, under its UTR), carried
forward when CARRIED_FORWARD, unsettled when UNSETTLED. A DISPUTE_HOLD is open until a
DISPUTE_RELEASE of its DISPUTE_ID among the movements is paid out (a release not paid out yet has
given nothing back).

RESULT, the first that applies: AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, REFUNDED, MATCHED,
OVERDUE, UNSETTLED, MISSING. AMOUNT_MISMATCH: the payment is paid out or carried forward at
another AMOUNT than the order's. HELD: an open hold (a dispute's amount is held back).
CARRIED_FORWARD: the payment is carried forward. REFUNDED: paid out, and the refunds add up to
more than 0. MATCHED: paid out. OVERDUE: unsettled, and today (IST) is after its
EXPECTED_SETTLEMENT_DATE. UNSETTLED: unsettled. MISSING: no payment at all.

SETTLED_AMOUNT is the payment's AMOUNT when paid out or carried forward; REFUNDED_AMOUNT the
refunds' AMOUNT summed; HELD_AMOUNT the open holds' NET summed, as a positive amount; NET the
payment's NET and every refund's, hold's and release's, summed. SETTLEMENT_ID, UTR and
SETTLEMENT_DATE say where the money is: on a HELD row, where its first open hold is, else where its
payment is: the settlement that paid it out (its date from the settlements given, else from the
entry when it is the entry's own settlement), or the one it is carried forward in, with an empty
UTR; empty when unsettled. An unsettled hold has none. EXPECTED_SETTLEMENT_DATE is only on
UNSETTLED and OVERDUE rows.

Amounts are paise as digit strings, added as integers, never as floats. Every value of a row is a
string, "" where there is nothing to say.
"""

import re
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Set

from .errors import InvalidInput

MATCHED = "MATCHED"
REFUNDED = "REFUNDED"
AMOUNT_MISMATCH = "AMOUNT_MISMATCH"
HELD = "HELD"
CARRIED_FORWARD = "CARRIED_FORWARD"
UNSETTLED = "UNSETTLED"
OVERDUE = "OVERDUE"
MISSING = "MISSING"
UNKNOWN = "UNKNOWN"
RESULTS = (MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, UNSETTLED, OVERDUE, MISSING, UNKNOWN)

ROW_FIELDS = (
    "ORDER_ID",
    "RESULT",
    "AMOUNT",
    "SETTLED_AMOUNT",
    "REFUNDED_AMOUNT",
    "HELD_AMOUNT",
    "NET",
    "SETTLEMENT_ID",
    "UTR",
    "SETTLEMENT_DATE",
    "EXPECTED_SETTLEMENT_DATE",
)

Row = Dict[str, str]
Fields = Mapping[str, str]

ORDER_TYPES = ("PAYMENT", "REFUND", "DISPUTE_HOLD", "DISPUTE_RELEASE")
_STATUSES = ("PROCESSED", "CARRIED_FORWARD")
_STATES = ("SETTLED", "CARRIED_FORWARD", "UNSETTLED")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_PAISE = re.compile(r"-?[0-9]+")

# Where a movement's money is: paid out, carried forward, or in no settlement yet.
_PAID, _CARRIED, _WAITING = "paid", "carried", "waiting"


class _Movement:
    """A line (with its settlement) or a recon entry, and where its money is."""

    def __init__(self, fields: Fields, state: str, place: Mapping[str, str], from_recon: bool = False) -> None:
        self.fields = fields
        self.from_recon = from_recon
        self.type = fields.get("TYPE", "")
        self.state = state
        self.place = place  # SETTLEMENT_ID, UTR, SETTLEMENT_DATE

    def key(self) -> tuple:
        return (self.type, self.fields.get("TXN_ID", ""), self.fields.get("DISPUTE_ID", ""))


_NOWHERE = {"SETTLEMENT_ID": "", "UTR": "", "SETTLEMENT_DATE": ""}


def reconcile(
    orders: Sequence[Mapping[str, str]],
    settlements: Sequence[Mapping[str, object]],
    recon: Mapping[str, Sequence[Mapping[str, str]]],
    today: str,
) -> List[Row]:
    """
    The report of your paid orders (ORDER_ID, AMOUNT) against the settlements fetched, each with
    all its LINES (as Client.settlement_with_all_lines answers it), and RECON by ORDER_ID for orders
    no PAYMENT line pays and orders with a dispute (an order without a key has no entries). today:
    YYYY-MM-DD in IST. Raises InvalidInput when an input is not shaped as the gateway answers it.
    """
    if not isinstance(today, str) or not _DATE.fullmatch(today):
        raise InvalidInput("today", "today must be a date as YYYY-MM-DD (in IST)")
    books = _Settlements(settlements)

    rows = []
    for index, order in enumerate(orders):
        order_id = order.get("ORDER_ID") if isinstance(order, Mapping) else None
        if not isinstance(order_id, str):
            raise InvalidInput("orders", f"orders[{index}] has no ORDER_ID")
        _paise(order.get("AMOUNT"), f"the AMOUNT of order {order_id}")
        entries = recon.get(order_id, [])
        if not isinstance(entries, Sequence) or isinstance(entries, str):
            raise InvalidInput("recon", f'recon["{order_id}"] must be a list of RECON entries')
        movements = books.movements_of(order_id) + [books.entry(order_id, entry) for entry in entries]
        rows.append(_row(order_id, order["AMOUNT"], _distinct(movements), today))

    yours = {order["ORDER_ID"] for order in orders}
    unknown: Dict[str, None] = {}  # ordered: first appearance
    for line, _ in books.lines:
        if line.get("TYPE") in ORDER_TYPES and line.get("ORDER_ID") not in yours:
            unknown.setdefault(line.get("ORDER_ID", ""), None)
    rows.extend(_row(order_id, None, books.movements_of(order_id), today) for order_id in unknown)
    return rows


class _Settlements:
    """The settlements given, their lines, and which settlement paid out which."""

    def __init__(self, settlements: Sequence[Mapping[str, object]]) -> None:
        self.lines = []
        self.by_id: Dict[str, Mapping[str, object]] = {}
        self.taken_over_by: Dict[str, str] = {}  # a carried-forward settlement → the one carrying its balance
        for index, settlement in enumerate(settlements):
            lines = settlement.get("LINES") if isinstance(settlement, Mapping) else None
            if not isinstance(lines, list):
                raise InvalidInput(
                    "settlements",
                    f"settlements[{index}] has no LINES: fetch each settlement with Client.settlement_with_all_lines",
                )
            if settlement.get("STATUS") not in _STATUSES:
                raise InvalidInput("settlements", f"settlements[{index}] has no STATUS PROCESSED or CARRIED_FORWARD")
            settlement_id = str(settlement.get("SETTLEMENT_ID", ""))
            self.by_id.setdefault(settlement_id, settlement)
            for line in lines:
                self.lines.append((line, settlement))
                if line.get("TYPE") == "CARRY_FORWARD":
                    self.taken_over_by.setdefault(line.get("SOURCE_SETTLEMENT_ID", ""), settlement_id)

    def paid_out_by(self, settlement: Mapping[str, object]) -> Optional[Mapping[str, object]]:
        """The processed settlement that paid this one's money out, if any has yet."""
        seen: Set[str] = set()
        while settlement.get("STATUS") != "PROCESSED":
            settlement_id = str(settlement.get("SETTLEMENT_ID", ""))
            seen.add(settlement_id)
            taker = self.taken_over_by.get(settlement_id)
            if taker is None or taker in seen:
                return None
            settlement = self.by_id[taker]
        return settlement

    def movements_of(self, order_id: str) -> List[_Movement]:
        return [
            self.line(line, settlement)
            for line, settlement in self.lines
            if line.get("ORDER_ID") == order_id and line.get("TYPE") in ORDER_TYPES
        ]

    def line(self, line: Fields, settlement: Mapping[str, object]) -> _Movement:
        payer = self.paid_out_by(settlement)
        if payer is not None:
            return _Movement(line, _PAID, _place(payer))
        # A carried-forward settlement paid nothing, so there is no bank transfer to name.
        return _Movement(line, _CARRIED, {**_place(settlement), "UTR": ""})

    def entry(self, order_id: str, entry: Fields) -> _Movement:
        state = entry.get("STATE") if isinstance(entry, Mapping) else None
        if state not in _STATES:
            raise InvalidInput(
                "recon", f"a recon entry of {order_id} has no STATE SETTLED, CARRIED_FORWARD or UNSETTLED"
            )
        if state == "SETTLED":
            paid_by = entry.get("PAID_BY_SETTLEMENT_ID", "")
            payer = self.by_id.get(paid_by)
            if payer is not None:
                date = str(payer.get("SETTLEMENT_DATE", ""))
            elif paid_by == entry.get("SETTLEMENT_ID", ""):
                date = entry.get("SETTLEMENT_DATE", "")
            else:
                date = ""
            place = {"SETTLEMENT_ID": paid_by, "UTR": entry.get("UTR", ""), "SETTLEMENT_DATE": date}
            return _Movement(entry, _PAID, place, from_recon=True)
        if state == "CARRIED_FORWARD":
            place = {
                "SETTLEMENT_ID": entry.get("SETTLEMENT_ID", ""),
                "UTR": "",
                "SETTLEMENT_DATE": entry.get("SETTLEMENT_DATE", ""),
            }
            return _Movement(entry, _CARRIED, place, from_recon=True)
        if entry.get("TYPE") == "PAYMENT" and not _DATE.fullmatch(entry.get("EXPECTED_SETTLEMENT_DATE", "")):
            raise InvalidInput("recon", f"the recon entry of {order_id} has no EXPECTED_SETTLEMENT_DATE")
        return _Movement(entry, _WAITING, _NOWHERE, from_recon=True)


def _place(settlement: Mapping[str, object]) -> Dict[str, str]:
    return {key: str(settlement.get(key, "")) for key in ("SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE")}


def _distinct(movements: List[_Movement]) -> List[_Movement]:
    """The lines, then the entries that are none of them (a line is what the entry stands for)."""
    line_keys = {movement.key() for movement in movements if not movement.from_recon}
    return [movement for movement in movements if not movement.from_recon or movement.key() not in line_keys]


def _row(order_id: str, amount: Optional[str], movements: List[_Movement], today: str) -> Row:
    """amount: the order's, or None for an order that is not yours (UNKNOWN)."""
    of_type = lambda kind: [m for m in movements if m.type == kind]  # noqa: E731
    payment = next(iter(of_type("PAYMENT")), None)
    refunds = of_type("REFUND")
    released = {m.fields.get("DISPUTE_ID", "") for m in of_type("DISPUTE_RELEASE") if m.state == _PAID}
    open_holds = [m for m in of_type("DISPUTE_HOLD") if m.fields.get("DISPUTE_ID", "") not in released]
    settled = payment if payment is not None and payment.state != _WAITING else None
    waiting = payment if payment is not None and payment.state == _WAITING else None

    if amount is None:
        result = UNKNOWN
    elif settled is not None and _paise(settled.fields.get("AMOUNT"), f"the AMOUNT of {order_id}") != int(amount):
        result = AMOUNT_MISMATCH
    elif open_holds:
        result = HELD
    elif settled is not None and settled.state == _CARRIED:
        result = CARRIED_FORWARD
    elif settled is not None:
        result = REFUNDED if _sum(m.fields.get("AMOUNT") for m in refunds) > 0 else MATCHED
    elif waiting is not None:
        result = OVERDUE if today > waiting.fields["EXPECTED_SETTLEMENT_DATE"] else UNSETTLED
    else:
        result = MISSING

    expected = waiting.fields["EXPECTED_SETTLEMENT_DATE"] if waiting is not None else ""
    where = open_holds[0] if result == HELD else settled
    place = where.place if where is not None else _NOWHERE
    return {
        "ORDER_ID": order_id,
        "RESULT": result,
        "AMOUNT": amount or "",
        "SETTLED_AMOUNT": settled.fields.get("AMOUNT", "") if settled is not None else "",
        "REFUNDED_AMOUNT": str(_sum(m.fields.get("AMOUNT") for m in refunds)),
        "HELD_AMOUNT": str(-_sum(m.fields.get("NET") for m in open_holds)),
        "NET": str(_sum(m.fields.get("NET") for m in movements if m is payment or m.type != "PAYMENT")),
        "SETTLEMENT_ID": place["SETTLEMENT_ID"],
        "UTR": place["UTR"],
        "SETTLEMENT_DATE": place["SETTLEMENT_DATE"],
        "EXPECTED_SETTLEMENT_DATE": expected if result in (UNSETTLED, OVERDUE) else "",
    }


def _sum(amounts: Iterable[Optional[str]]) -> int:
    return sum(_paise(amount, "every AMOUNT and NET of the lines and entries") for amount in amounts)


def _paise(value: object, what: str) -> int:
    if not isinstance(value, str) or not _PAISE.fullmatch(value):
        raise InvalidInput("AMOUNT", f'{what} must be paise as digits (e.g. "100" or "-5000")')
    return int(value)
