"""
The forward-only order rule. Three messengers report a payment's outcome (the browser's return,
the status enquiry and the webhook), in any order and some of them twice; a store that follows
this rule ends in the same status whatever order they arrive in.
"""

from typing import Mapping

CREATED, PENDING, PAID, FAILED = "created", "pending", "paid", "failed"

# Every status an order can be in, the first one where it starts.
STATUSES = (CREATED, PENDING, PAID, FAILED)

# An order's status only moves forward: created, then pending, paid or failed; pending, then paid
# or failed; paid and failed are final, so a late, repeated or out-of-order message never moves
# it back.
FORWARD = {CREATED: {PENDING, PAID, FAILED}, PENDING: {PAID, FAILED}, PAID: set(), FAILED: set()}


def status_of(fields: Mapping[str, str]) -> str:
    """The status a verified gateway answer asks for: RESPONSE_CODE 000 paid, STATUS Pending pending, anything else failed."""
    if fields.get("RESPONSE_CODE") == "000":
        return PAID
    if fields.get("STATUS") == "Pending":
        return PENDING
    return FAILED


def can_move(current: str, new: str) -> bool:
    """Whether an order in status `current` moves to `new` (staying put is not a move)."""
    return new in FORWARD.get(current, set())


def next_status(current: str, outcome: str) -> str:
    """The status after an outcome is reported: the outcome when it is a step forward, else the current one."""
    return outcome if can_move(current, outcome) else current
