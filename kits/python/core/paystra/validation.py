"""
The gateway's value patterns (its generic pattern library), so a merchant's form is refused
with a clear message before anything is signed. Each check returns the cleaned value or raises
InvalidInput naming the field.
"""

import re
from typing import Mapping, Optional, Sequence

from .errors import InvalidInput

PATTERNS = {
    "mobile": re.compile(r"[0-9]{10}"),
    "ifsc": re.compile(r"[A-Z]{4}0[A-Z0-9]{6}"),
    "account_number": re.compile(r"[0-9]{9,18}"),
    "number": re.compile(r"[1-9][0-9]*"),
    "vpa": re.compile(r"[A-Za-z0-9._-]{3,}@[A-Za-z]{3,}"),
    "utr": re.compile(r"[0-9]{12}"),
    "transaction_id": re.compile(r"[0-9]{16}"),
    "order_id": re.compile(r"[A-Za-z0-9:/@_-]{1,50}"),
}

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_NAME = re.compile(r"[^\x00-\x1f\x7f~]{1,100}")
MAX_AMOUNT_DIGITS = 10


def matches(pattern: str, value: Optional[str]) -> bool:
    return value is not None and PATTERNS[pattern].fullmatch(value) is not None


def amount(value: Optional[str], field: str = "AMOUNT") -> str:
    """Paise as digits with no leading zero, at most 10 digits: "100" is ₹1.00."""
    value = (value or "").strip()
    if not matches("number", value) or len(value) > MAX_AMOUNT_DIGITS:
        raise InvalidInput(
            field,
            f"{field} must be a whole number of paise from 1 to 9999999999 "
            "(digits only, no leading zero): 100 is ₹1.00",
        )
    return value


def order_id(value: Optional[str], field: str = "ORDER_ID") -> str:
    value = (value or "").strip()
    if not matches("order_id", value):
        raise InvalidInput(field, f"{field} must be 1 to 50 letters, digits or : / @ _ -")
    return value


def one_of(value: Optional[str], choices: Sequence[str], field: str) -> str:
    value = (value or "").strip()
    if value not in choices:
        raise InvalidInput(field, f"{field} must be one of {', '.join(choices)}")
    return value


def customer(form: Mapping[str, str]) -> Mapping[str, str]:
    """CUST_NAME, CUST_EMAIL and CUST_MOBILE when given (each optional, checked when present)."""
    fields = {}
    name = form.get("CUST_NAME", "").strip()
    if name:
        if not _NAME.fullmatch(name):
            raise InvalidInput("CUST_NAME", "CUST_NAME must be at most 100 characters, without ~")
        fields["CUST_NAME"] = name
    email = form.get("CUST_EMAIL", "").strip()
    if email:
        if len(email) > 100 or not _EMAIL.fullmatch(email) or "~" in email:
            raise InvalidInput("CUST_EMAIL", "CUST_EMAIL must be an email address")
        fields["CUST_EMAIL"] = email
    mobile = form.get("CUST_MOBILE", "").strip()
    if mobile:
        if not matches("mobile", mobile):
            raise InvalidInput("CUST_MOBILE", "CUST_MOBILE must be 10 digits")
        fields["CUST_MOBILE"] = mobile
    return fields


def required(form: Mapping[str, str], field: str) -> str:
    value = form.get(field, "").strip()
    if not value:
        raise InvalidInput(field, f"{field} is required")
    if "~" in value:
        # `~` separates the fields inside ENCDATA: a value holding one could smuggle a field in.
        raise InvalidInput(field, f"{field} must not contain ~")
    return value
