"""
The examples' order book: a JSON file of orders moved by the core's forward-only rule
(paystra.order_status), the event ids already applied, so a webhook delivered twice (delivery is
at least once) changes nothing, the settlements the gateway announced (settlement.processed) and
each order's dispute (dispute.created, dispute.won, dispute.lost), for an order sent as a
payment link, the link (paylink.paid, paylink.expired, paylink.cancelled), and the monthly plans
(subscriptions) moved by their subscription.* events as plans.py says.
A real store keeps this in its database; the rule is the same.
"""

import json
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Union

from paystra import order_status
from paystra.webhook import Event

from . import plans
from .plans import Plan

Order = Dict[str, object]
Settlement = Dict[str, str]

SETTLEMENT_PROCESSED = "settlement.processed"
DISPUTE_EVENTS = ("dispute.created", "dispute.won", "dispute.lost")
# What an order keeps of its dispute (GET /orders/<id> "dispute"), from the gateway's fields.
DISPUTE_FIELDS = {
    "dispute_id": "DISPUTE_ID",
    "status": "STATUS",
    "reason_code": "REASON_CODE",
    "reason": "REASON",
    "amount": "AMOUNT",
    "currency_code": "CURRENCY_CODE",
    "respond_by": "RESPOND_BY",
}
# A dispute only moves forward too: OPEN, then UNDER_REVIEW once contested, then WON or LOST.
_DISPUTE_STEP = {"OPEN": 0, "UNDER_REVIEW": 1, "WON": 2, "LOST": 2}
SETTLEMENT_FIELDS = ("SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE", "NET_AMOUNT", "STATUS")
# paylink.paid, paylink.expired and paylink.cancelled: their data is the link, whose REFERENCE_ID
# is the order's ORDER_ID (their own ORDER_ID is the paying attempt's, PAYLINK_ID-n).
PAYLINK_EVENTS = "paylink."
# A link order's status for each STATUS of its link: created (awaiting payment) until the link is
# paid, expires or is cancelled, each of them final, as the gateway ends a link only once.
LINK_ORDER_STATUS = {"CREATED": order_status.CREATED, "PAID": order_status.PAID, "EXPIRED": "expired", "CANCELLED": "cancelled"}
# What an order keeps of its payment link (GET /orders/<id> "paylink"), from the gateway's fields;
# payment_order_id and txn_id name the payment that paid it (refunds and settlement lines use them).
PAYLINK_FIELDS = {
    "paylink_id": "PAYLINK_ID",
    "short_url": "SHORT_URL",
    "status": "STATUS",
    "description": "DESCRIPTION",
    "currency_code": "CURRENCY_CODE",
    "expire_by": "EXPIRE_BY",
    "payment_order_id": "ORDER_ID",
    "txn_id": "TXN_ID",
}
_SETTLEMENT_ID = re.compile(r"setl_[0-9a-f]{20}")


class OrderStore:
    """Orders in one JSON file, written whole (temp file + rename) under a lock: requests run in threads."""

    def __init__(self, path: Union[str, Path]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._orders: Dict[str, Order] = {}
        self._seen: List[str] = []
        self._settlements: Dict[str, Settlement] = {}
        self._plans: Dict[str, Plan] = {}
        if self.path.is_file():
            saved = json.loads(self.path.read_text(encoding="utf-8"))
            self._orders, self._seen = saved.get("orders", {}), saved.get("seen_events", [])
            self._settlements = saved.get("settlements", {})
            self._plans = saved.get("subscriptions", {})

    def create(self, order_id: str, amount: str) -> Order:
        with self._lock:
            order = {
                "order_id": order_id, "amount": amount, "status": order_status.CREATED, "events": [], "updated_by": None,
                "dispute": None,
            }
            self._orders[order_id] = order
            self._save()
            return dict(order)

    def paylink_created(self, order_id: str, link: Mapping[str, str]) -> Order:
        """
        An order the example has just sent as a payment link: the gateway's verified answer to
        create_paylink (STATUS CREATED, REFERENCE_ID the order's id). Status created: awaiting payment.
        """
        with self._lock:
            order = {
                "order_id": order_id, "amount": link.get("AMOUNT", ""), "status": order_status.CREATED, "events": [],
                "updated_by": None, "dispute": None,
                "paylink": {key: link.get(field, "") for key, field in PAYLINK_FIELDS.items()},
            }
            self._orders[order_id] = order
            self._save()
            return _copy(order)

    def paylink_answered(self, link: Mapping[str, str], source: str) -> Optional[Order]:
        """
        The gateway's verified answer to paylink_status or cancel_paylink (the link's fields) applied
        to the order its REFERENCE_ID names, forward only; None when that order is not this link's.
        """
        with self._lock:
            order = self._link_order(link)
            if order is None:
                return None
            _advance_link(order, link, source)
            self._save()
            return _copy(order)

    def paylinks(self, limit: int = 20) -> List[Order]:
        """The orders this example sent as payment links, the newest first."""
        with self._lock:
            return [_copy(order) for order in reversed(list(self._orders.values())) if order.get("paylink")][:limit]

    def plan_created(self, fields: Mapping[str, str]) -> Plan:
        """
        A monthly plan the example has just created: the gateway's verified answer to
        create_subscription (STATUS CREATED), waiting for the customer's mandate on its AUTH_URL.
        """
        with self._lock:
            plan = plans.new_plan(fields)
            self._plans[str(plan["subscription_id"])] = plan
            self._save()
            return _copy_plan(plan)

    def plan(self, subscription_id: str) -> Optional[Plan]:
        """A plan by its SUBSCRIPTION_ID, or None."""
        with self._lock:
            found = self._plans.get(subscription_id)
            return _copy_plan(found) if found else None

    def plans(self, limit: int = 20) -> List[Plan]:
        """The plans this example created, the newest first."""
        with self._lock:
            return [_copy_plan(plan) for plan in reversed(list(self._plans.values()))][:limit]

    def plan_answered(self, fields: Mapping[str, object], source: str) -> Optional[Plan]:
        """
        The gateway's verified answer to subscription_status (Check) or cancel_subscription applied
        to the plan its SUBSCRIPTION_ID names, forward only (plans.apply_answer); None when that
        plan is not this example's.
        """
        with self._lock:
            plan = self._plans.get(str(fields.get("SUBSCRIPTION_ID", "")))
            if plan is None:
                return None
            plans.apply_answer(plan, fields, source)
            self._save()
            return _copy_plan(plan)

    def get(self, order_id: str) -> Optional[Order]:
        with self._lock:
            order = self._orders.get(order_id)
            return _copy(order) if order else None

    def settlement(self, settlement_id: str) -> Optional[Settlement]:
        """A settlement as its settlement.processed webhook announced it, or None."""
        with self._lock:
            found = self._settlements.get(settlement_id)
            return dict(found) if found else None

    def update(self, fields: Mapping[str, str], source: str) -> Optional[Order]:
        """
        Applies a verified answer (the browser return or a status enquiry) to its ORDER_ID, forward
        only; None when this store did not create the order.
        """
        with self._lock:
            order = self._apply(fields, source)
            if order is not None:
                self._save()
            return _copy(order) if order else None

    def enquired(self, fields: Mapping[str, str]) -> Optional[Order]:
        """
        A status enquiry's answer. 328 (no transaction yet: the customer has not reached the
        payment page) says nothing final, so it leaves the order as it is.
        """
        if fields.get("RESPONSE_CODE") == "328":
            return self.get(fields.get("ORDER_ID", ""))
        return self.update(fields, "status")

    def disputed(self, fields: Mapping[str, str]) -> Optional[Order]:
        """
        A dispute's verified fields (an answer to accept_dispute or contest_dispute) recorded on
        its ORDER_ID, forward only; None when this store did not create the order.
        """
        with self._lock:
            order = self._orders.get(fields.get("ORDER_ID", ""))
            if order is None:
                return None
            _record_dispute(order, fields)
            self._save()
            return _copy(order)

    def receive(self, event: Event) -> Dict[str, object]:
        """
        A verified webhook event, once: the answer for the gateway (duplicate, applied, or
        ignored with the reason). settlement.processed is recorded under its SETTLEMENT_ID and
        moves no order: which orders a settlement paid out is in its lines. A paylink.* event moves
        the order its REFERENCE_ID names (paid, expired or cancelled), forward only; a
        subscription.* event the plan its SUBSCRIPTION_ID names (plans.apply_event).
        """
        if str(event["type"]).startswith(plans.SUBSCRIPTION_EVENTS):
            return self._receive_plan_event(event)
        data = event["data"]
        is_link_event = str(event["type"]).startswith(PAYLINK_EVENTS)
        event_id = str(event["id"])
        order_id = data.get("REFERENCE_ID" if is_link_event else "ORDER_ID", "")
        with self._lock:
            order = self._link_order(data) if is_link_event else self._orders.get(order_id)
            answer: Dict[str, object] = {"received": True, "duplicate": event_id in self._seen, "event_id": event_id}
            if answer["duplicate"]:
                return {**answer, "order_id": order_id, **({"status": order["status"]} if order else {})}
            self._seen.append(event_id)
            if event["type"] == SETTLEMENT_PROCESSED:
                answer.update(self._record_settlement(data))
                self._save()
                return answer
            if is_link_event:
                if order is None:
                    self._save()
                    return {**answer, "ignored": f"no payment link {order_id} in this example's order book"}
                _advance_link(order, data, "webhook")
                order["events"].append(event_id)
                self._save()
                return {**answer, "order_id": order_id, "status": order["status"], "paylink_status": order["paylink"]["status"]}
            ignored = _ignored(str(event["type"]), order_id, order)
            if ignored:
                self._save()
                return {**answer, "ignored": ignored}
            if event["type"] in DISPUTE_EVENTS:
                _record_dispute(order, data)
                order["events"].append(event_id)
                self._save()
                return {**answer, "order_id": order_id, "status": order["status"], "dispute": dict(order["dispute"])}
            order = self._apply(data, "webhook")
            order["events"].append(event_id)
            self._save()
            return {**answer, "order_id": order_id, "status": order["status"]}

    def _receive_plan_event(self, event: Event) -> Dict[str, object]:
        """
        A verified subscription.* event, once: a repeated id changes nothing; otherwise it moves the
        plan its SUBSCRIPTION_ID names, forward only, and says why when it changed nothing.
        """
        event_id = str(event["id"])
        subscription_id = event["data"].get("SUBSCRIPTION_ID", "")
        with self._lock:
            plan = self._plans.get(subscription_id)
            answer: Dict[str, object] = {
                "received": True, "duplicate": event_id in self._seen, "event_id": event_id,
                "subscription_id": subscription_id,
            }
            if answer["duplicate"]:
                return {**answer, **({"status": plan["status"]} if plan else {})}
            self._seen.append(event_id)
            if plan is None:
                self._save()
                return {**answer, "ignored": f"no subscription {subscription_id} in this example's order book"}
            unchanged = plans.apply_event(plan, str(event["type"]), event["data"])
            plan["events"].append(event_id)  # type: ignore[union-attr]
            self._save()
            answer.update(status=plan["status"], debits=len(plan["debits"]))  # type: ignore[arg-type]
            if unchanged:
                answer["ignored"] = unchanged
            return answer

    def _record_settlement(self, data: Mapping[str, str]) -> Dict[str, object]:
        settlement_id = data.get("SETTLEMENT_ID", "")
        if not _SETTLEMENT_ID.fullmatch(settlement_id):
            return {"ignored": f"{SETTLEMENT_PROCESSED} without a valid SETTLEMENT_ID"}
        self._settlements[settlement_id] = {key: data.get(key, "") for key in SETTLEMENT_FIELDS}
        return {"settlement_id": settlement_id}

    def _link_order(self, link: Mapping[str, str]) -> Optional[Order]:
        """The order a link's fields name by REFERENCE_ID, when it is the order of that very link."""
        order = self._orders.get(link.get("REFERENCE_ID", ""))
        paylink = order.get("paylink") if order else None
        return order if paylink and paylink["paylink_id"] == link.get("PAYLINK_ID") else None

    def _apply(self, fields: Mapping[str, str], source: str) -> Optional[Order]:
        order = self._orders.get(fields.get("ORDER_ID", ""))
        if order is None:
            return None
        new = order_status.of(fields)
        if order_status.moves(str(order["status"]), new):
            order["status"], order["updated_by"] = new, source
        return order

    def _save(self) -> None:
        # A crash mid-write must never leave half a file: write a temp file, then rename over.
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                book = {
                    "orders": self._orders, "seen_events": self._seen, "settlements": self._settlements,
                    "subscriptions": self._plans,
                }
                json.dump(book, file, ensure_ascii=False, indent=2)
            os.replace(temp, self.path)
        except BaseException:
            os.unlink(temp)
            raise


def _ignored(kind: str, order_id: str, order: Optional[Order]) -> str:
    if not kind.startswith("payment.") and kind not in DISPUTE_EVENTS:
        return f"{kind} is not about a payment or a dispute: this example keeps payment orders only"
    if order is None:
        return f"no order {order_id} in this example's order book"
    return ""


def _advance_link(order: Order, link: Mapping[str, str], source: str) -> None:
    """
    Moves a link order as its link's verified fields say: from created (awaiting payment) to paid,
    expired or cancelled, never from one of them to another, so a late or repeated event changes
    nothing. A refusal (RESPONSE_CODE other than 000) says nothing of the link.
    """
    status = link.get("STATUS", "")
    if link.get("RESPONSE_CODE") != "000" or status not in LINK_ORDER_STATUS or status == "CREATED":
        return
    if order["status"] != order_status.CREATED:
        return
    order["status"], order["updated_by"] = LINK_ORDER_STATUS[status], source
    order["paylink"]["status"] = status
    if status == "PAID":
        order["paylink"]["payment_order_id"] = link.get("ORDER_ID", "")
        order["paylink"]["txn_id"] = link.get("TXN_ID", "")


def _record_dispute(order: Order, fields: Mapping[str, str]) -> None:
    """The dispute's fields on the order, unless they would move its status back (a late event)."""
    current = order.get("dispute")
    if current and current.get("dispute_id") == fields.get("DISPUTE_ID"):
        if _DISPUTE_STEP.get(fields.get("STATUS", ""), -1) < _DISPUTE_STEP.get(str(current.get("status")), -1):
            return
    order["dispute"] = {key: fields.get(field, "") for key, field in DISPUTE_FIELDS.items()}


def _copy_plan(plan: Plan) -> Plan:
    notice = plan.get("next_debit")
    return {
        **plan,
        "debits": [dict(debit) for debit in plan["debits"]],  # type: ignore[union-attr]
        "next_debit": dict(notice) if isinstance(notice, dict) else None,
        "events": list(plan["events"]),  # type: ignore[call-overload]
    }


def _copy(order: Order) -> Order:
    # An order saved before disputes were recorded has none; only an order sent as a link has a paylink.
    dispute = order.get("dispute")
    copied = {**order, "events": list(order["events"]), "dispute": dict(dispute) if dispute else None}
    if order.get("paylink"):
        copied["paylink"] = dict(order["paylink"])
    return copied
