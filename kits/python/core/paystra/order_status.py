"""
The forward-only order rule, the same in every Paystra kit and checked against the `orders`
table of the shared vectors (tests/vectors.json):

An order's status only moves forward: created, then pending, paid or failed; pending, then
paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
retried webhook, a payment.failed after the capture, the browser's pending answer after the
webhook's capture) never moves it back.

The browser's return, a status enquiry and a webhook event all go through `of` then `advance`,
in whatever order they arrive.
"""

from typing import Mapping

CREATED, PENDING, PAID, FAILED = "created", "pending", "paid", "failed"

# Every status an order can be in, the first one where it starts.
STATUSES = (CREATED, PENDING, PAID, FAILED)

# Where each status may go next; paid and failed are final.
NEXT = {CREATED: {PENDING, PAID, FAILED}, PENDING: {PAID, FAILED}, PAID: set(), FAILED: set()}


def of(fields: Mapping[str, str]) -> str:
    """The status a verified answer, response or event's data asks for: RESPONSE_CODE 000 paid, STATUS Pending pending, anything else failed."""
    if fields.get("RESPONSE_CODE") == "000":
        return PAID
    if fields.get("STATUS") == "Pending":
        return PENDING
    return FAILED


def moves(current: str, new: str) -> bool:
    """True when an order in `current` moves to `new`; False for a repeat or a step back."""
    return new in NEXT.get(current, set())


def advance(current: str, new: str) -> str:
    """`new` when the order may move there from `current`, else `current`: never backwards."""
    return new if moves(current, new) else current
