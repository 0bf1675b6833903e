"""
The examples' monthly plan: a UPI AutoPay subscription of ₹499 a month (create_subscription), and
the rules that move it as the gateway reports on it, whatever arrives late or twice:

- its status only moves forward: a webhook or an answer older (on the account's clock, its
  RESPONSE_DATE_TIME) than the status it holds changes nothing, and cancelled, completed and
  failed are final;
- subscription.charged records the debit of its CYCLE once (CYCLE, ATTEMPT, AMOUNT, ORDER_ID,
  TXN_ID), never one charged after the plan ended: a revoke (subscription.cancelled with
  CANCELLED_BY CUSTOMER) or a merchant's cancel stops it;
- subscription.notified shows the next debit (DEBIT_AT, AMOUNT) until it is made or stopped;
- a subscription status answer (Check) reconciles all of that from its STATUS and DEBITS, for a
  webhook that never arrived.

The order book (order_store.py) keeps the plans beside the orders and applies each event id once.
A plan is a dict, as GET /subscriptions/<SUBSCRIPTION_ID> answers it in JSON:

subscription_id, subscription_ref, description, amount (paise, each month), method (UPI),
frequency (MONTHLY), start_date, auth_url (the mandate page), status (the gateway's STATUS in
lower case: created until the customer registers the mandate), status_at (when the gateway
reported it, IST on the account's clock), cancelled_by (CUSTOMER or MERCHANT once cancelled),
ended_at, debits (one a cycle: cycle, attempt, amount, order_id, txn_id, debit_id, charged_at,
recorded_by webhook, status or cancel), next_debit (debit_id, cycle, attempt, amount, debit_at,
notified_at, approval_required; or None), events (the ids of the webhook events that named it) and
updated_by (webhook, status or cancel; None until anything moved it).
"""

import json
import re
from typing import Dict, List, Mapping, Optional

Plan = Dict[str, object]

# The example's one plan: ₹499 a month by UPI AutoPay.
MONTHLY_PLAN = {"DESCRIPTION": "Monthly plan", "AMOUNT": "49900", "METHOD": "UPI", "FREQUENCY": "MONTHLY"}

# Every event of a subscription: its data is the subscription's answer, SUBSCRIPTION_ID first.
SUBSCRIPTION_EVENTS = "subscription."

# The statuses a plan never leaves.
ENDED = ("cancelled", "completed", "failed")

# The status each event reports; notified and skipped report none.
EVENT_STATUS = {
    "subscription.activated": "active",
    "subscription.charged": "active",
    "subscription.pending": "pending",
    "subscription.halted": "halted",
    "subscription.paused": "paused",
    "subscription.resumed": "active",
    "subscription.cancelled": "cancelled",
    "subscription.completed": "completed",
    "subscription.failed": "failed",
}

# The gateway's STATUS words, as a plan's status.
STATUSES = {word: word.lower() for word in ("CREATED", "ACTIVE", "PENDING", "HALTED", "PAUSED", "CANCELLED", "COMPLETED", "FAILED")}

# The notice of an attempt that failed or was skipped is not the next debit any more.
_ENDS_NOTICE = ("subscription.pending", "subscription.halted", "subscription.skipped")
_CYCLE = re.compile(r"\d{1,4}")


def new_plan(fields: Mapping[str, str]) -> Plan:
    """A new plan from the gateway's verified answer to create_subscription (STATUS CREATED)."""
    return {
        "subscription_id": fields.get("SUBSCRIPTION_ID", ""),
        "subscription_ref": fields.get("SUBSCRIPTION_REF", ""),
        "description": fields.get("DESCRIPTION", ""),
        "amount": fields.get("AMOUNT", ""),
        "method": fields.get("METHOD", ""),
        "frequency": fields.get("FREQUENCY", ""),
        "start_date": fields.get("START_DATE", ""),
        "auth_url": fields.get("AUTH_URL", ""),
        "status": "created",
        "status_at": fields.get("RESPONSE_DATE_TIME", ""),
        "cancelled_by": "",
        "ended_at": "",
        "debits": [],
        "next_debit": None,
        "events": [],
        "updated_by": None,
    }


def has_ended(status: object) -> bool:
    return status in ENDED


def apply_event(plan: Plan, kind: str, data: Mapping[str, str]) -> Optional[str]:
    """
    Applies a verified subscription.* event to its plan (the order book has checked that the event
    id is new and the SUBSCRIPTION_ID is the plan's). None when it moved the plan, else why not.
    """
    at = data.get("RESPONSE_DATE_TIME", "")
    unchanged: List[str] = []
    if kind == "subscription.charged":
        skipped = _record_debit(plan, data, data.get("CHARGED_AT") or at, "webhook")
        if skipped:
            unchanged.append(skipped)
    status = EVENT_STATUS.get(kind)
    if status:
        moved = _move_to(plan, status, at, data, "webhook")
        if not moved and kind != "subscription.charged":
            unchanged.append("the plan is {} already, or was reported later".format(plan["status"]))
    if kind == "subscription.notified":
        skipped = _record_notice(plan, data)
        if skipped:
            unchanged.append(skipped)
    shown = plan["next_debit"]
    if kind in _ENDS_NOTICE and shown and shown["debit_id"] == data.get("DEBIT_ID"):
        plan["next_debit"] = None
    elif kind == "subscription.paused" and plan["status"] == "paused":
        plan["next_debit"] = None  # the pause stopped the open notice's attempt (384)
    elif kind == "subscription.skipped":
        unchanged.append("no notice of that debit is shown")
    if not status and kind not in ("subscription.notified", "subscription.skipped"):
        unchanged.append(f"{kind} events are not recorded here")
    return "; ".join(unchanged) or None


def apply_answer(plan: Plan, fields: Mapping[str, object], source: str) -> None:
    """
    Applies the gateway's verified answer to subscription_status or cancel_subscription: its STATUS
    forward only, its DEBITS' CHARGED attempts not recorded yet (a subscription.charged that never
    arrived), and its open notice. A refusal says nothing of the plan.
    """
    if fields.get("RESPONSE_CODE") != "000" or fields.get("SUBSCRIPTION_ID") != plan["subscription_id"]:
        return

    def text(key: str) -> str:
        value = fields.get(key)
        return value if isinstance(value, str) else ""

    at = text("RESPONSE_DATE_TIME")
    debits = _debits_of(fields.get("DEBITS"))
    for debit in reversed(debits):  # oldest first, so the cycles are recorded in their order
        if debit.get("STATUS") == "CHARGED":
            _record_debit(plan, debit, debit.get("DEBIT_AT", ""), source)
    status = STATUSES.get(text("STATUS"))
    if status and status != "created":
        _move_to(plan, status, at, {"ENDED_AT": text("ENDED_AT"), "CANCELLED_BY": text("CANCELLED_BY")}, source)
    # The answer tells the open notice as it stands at its time: none, or the NOTIFIED attempt.
    open_notice = next((debit for debit in debits if debit.get("STATUS") == "NOTIFIED"), None)
    shown = plan["next_debit"]
    if open_notice and not has_ended(plan["status"]) and not _cycle_recorded(plan, open_notice.get("CYCLE", "")):
        plan["next_debit"] = _notice_of(open_notice)
    elif not shown or shown["notified_at"] <= at:
        plan["next_debit"] = None


def _move_to(plan: Plan, status: str, at: str, data: Mapping[str, str], source: str) -> bool:
    """
    A status a plan takes only forward: never out of an ending, never back to created, and never
    from a report older than the one it holds. True when the status changed.
    """
    if has_ended(plan["status"]):
        return False
    if plan["status"] != "created" and at < str(plan["status_at"]):
        return False
    if at > str(plan["status_at"]):
        plan["status_at"] = at
    if status == plan["status"]:
        return False
    plan["status"], plan["updated_by"] = status, source
    if has_ended(status):
        plan["ended_at"] = data.get("ENDED_AT") or at
        plan["cancelled_by"] = data.get("CANCELLED_BY", "") if status == "cancelled" else ""
        plan["next_debit"] = None
    return True


def _record_debit(plan: Plan, fields: Mapping[str, str], charged_at: str, source: str) -> Optional[str]:
    """Records a captured attempt once for its cycle, unless it was charged after the plan ended."""
    cycle = fields.get("CYCLE", "")
    if not _CYCLE.fullmatch(cycle):
        return "a debit without a CYCLE"
    if _cycle_recorded(plan, cycle):
        return f"cycle {cycle} is recorded already"
    ended_at = str(plan["ended_at"])
    if has_ended(plan["status"]) and not (charged_at and ended_at and charged_at <= ended_at):
        return "the plan is {}: no debit after it is recorded".format(plan["status"])
    debits: List[Dict[str, str]] = plan["debits"]  # type: ignore[assignment]
    debits.append(
        {
            "cycle": cycle,
            "attempt": fields.get("ATTEMPT", ""),
            "amount": fields.get("AMOUNT", ""),
            "order_id": fields.get("ORDER_ID", ""),
            "txn_id": fields.get("TXN_ID", ""),
            "debit_id": fields.get("DEBIT_ID", ""),
            "charged_at": charged_at,
            "recorded_by": source,
        }
    )
    debits.sort(key=lambda debit: int(debit["cycle"]))
    shown = plan["next_debit"]
    if shown and _number(shown["cycle"]) <= int(cycle):
        plan["next_debit"] = None
    plan["updated_by"] = source
    return None


def _record_notice(plan: Plan, data: Mapping[str, str]) -> Optional[str]:
    """Shows a notice's debit as the next one, unless its cycle is paid, the plan ended, or a later notice is shown."""
    if has_ended(plan["status"]):
        return "the plan is {}: no debit is coming".format(plan["status"])
    cycle = data.get("CYCLE", "")
    if _cycle_recorded(plan, cycle):
        return f"cycle {cycle} is recorded already"
    shown = plan["next_debit"]
    if shown and (
        _number(shown["cycle"]) > _number(cycle)
        or (shown["cycle"] == cycle and _number(shown["attempt"]) >= _number(data.get("ATTEMPT", "")))
    ):
        return "a later notice is shown already"
    plan["next_debit"] = _notice_of(data)
    plan["updated_by"] = "webhook"
    return None


def _cycle_recorded(plan: Plan, cycle: str) -> bool:
    return any(debit["cycle"] == cycle for debit in plan["debits"])  # type: ignore[union-attr]


def _notice_of(fields: Mapping[str, str]) -> Dict[str, str]:
    keys = ("debit_id", "cycle", "attempt", "amount", "debit_at", "notified_at", "approval_required")
    return {key: fields.get(key.upper(), "") for key in keys}


def _number(text: object) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() else -1


def _debits_of(value: object) -> List[Dict[str, str]]:
    """An answer's DEBITS: parsed already (subscription_status), or JSON text; anything else is none."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return []
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict) and all(isinstance(v, str) for v in item.values())]
