"""
The currencies the gateway takes and their amounts. AMOUNT is always digits in the currency's
minor units (¥500 = "500", $12.34 = "1234", KWD 1.250 = "1250"); CURRENCY_CODE is the ISO 4217
numeric code. Only cards take a foreign currency; the gateway settles in rupees and answers a
foreign payment with FX_RATE (rupees per unit, four decimals) and INR_AMOUNT (paise).
"""

import re
from typing import NamedTuple, Optional, Union

from .errors import InvalidInput


class Currency(NamedTuple):
    code: str
    """ISO 4217 alphabetic code: "USD"."""
    number: str
    """ISO 4217 numeric code, as CURRENCY_CODE carries it: "840"."""
    minor_units: int
    """Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD."""


# paystra:generated currencies (python3 core/tools/currency_table.py rewrites this from the vectors)
CURRENCIES = (
    Currency("INR", "356", 2),
    Currency("USD", "840", 2),
    Currency("EUR", "978", 2),
    Currency("GBP", "826", 2),
    Currency("JPY", "392", 0),
    Currency("CHF", "756", 2),
    Currency("CAD", "124", 2),
    Currency("AUD", "036", 2),
    Currency("NZD", "554", 2),
    Currency("SGD", "702", 2),
    Currency("HKD", "344", 2),
    Currency("CNY", "156", 2),
    Currency("KRW", "410", 0),
    Currency("AED", "784", 2),
    Currency("SAR", "682", 2),
    Currency("QAR", "634", 2),
    Currency("KWD", "414", 3),
    Currency("BHD", "048", 3),
    Currency("OMR", "512", 3),
    Currency("JOD", "400", 3),
    Currency("ILS", "376", 2),
    Currency("TRY", "949", 2),
    Currency("ZAR", "710", 2),
    Currency("KES", "404", 2),
    Currency("MUR", "480", 2),
    Currency("LKR", "144", 2),
    Currency("NPR", "524", 2),
    Currency("BDT", "050", 2),
    Currency("THB", "764", 2),
    Currency("MYR", "458", 2),
    Currency("IDR", "360", 2),
    Currency("PHP", "608", 2),
    Currency("SEK", "752", 2),
    Currency("NOK", "578", 2),
    Currency("DKK", "208", 2),
    Currency("PLN", "985", 2),
)
# paystra:endgenerated

INR = CURRENCIES[0]

_BY_CODE = {currency.code: currency for currency in CURRENCIES}
_BY_NUMBER = {currency.number: currency for currency in CURRENCIES}
_MAJOR = re.compile(r"([0-9]{1,15})(?:\.([0-9]+))?")
_RATE = re.compile(r"([0-9]+)\.([0-9]{4})")


def by_code(code: str) -> Optional[Currency]:
    """The currency of an alphabetic code ("usd" or "USD"), or None when the gateway does not take it."""
    return _BY_CODE.get(code.upper()) if isinstance(code, str) else None


def by_number(number: str) -> Optional[Currency]:
    """The currency of a CURRENCY_CODE ("840", or "36" for "036"), or None (the gateway answers 319)."""
    if not isinstance(number, str) or not re.fullmatch(r"[0-9]{1,3}", number):
        return None
    return _BY_NUMBER.get(number.zfill(3))


def _currency(currency: Union[Currency, str]) -> Currency:
    found = currency if isinstance(currency, Currency) else by_code(currency) or by_number(currency)
    if found is None:
        raise InvalidInput("CURRENCY_CODE", f"{currency} is not a currency the gateway takes")
    return found


def to_minor_units(major: str, currency: Union[Currency, str]) -> str:
    """
    An amount in the currency's major unit as AMOUNT: "12.34" USD → "1234", "500" JPY → "500",
    "1.25" KWD → "1250". More decimals than the currency has are refused ("USD has 2 decimals"),
    never rounded: the customer would pay another amount than the one shown.
    """
    currency = _currency(currency)
    match = _MAJOR.fullmatch(major.strip()) if isinstance(major, str) else None
    if not match:
        raise InvalidInput("AMOUNT", f"{major!r} is not an amount: digits with at most one decimal point")
    whole, fraction = match.group(1), match.group(2) or ""
    if len(fraction) > currency.minor_units:
        raise InvalidInput("AMOUNT", f"{currency.code} has {currency.minor_units} decimals")
    minor = int(whole + fraction.ljust(currency.minor_units, "0"))
    if minor == 0:
        raise InvalidInput("AMOUNT", "AMOUNT must be more than zero")
    return str(minor)


def from_minor_units(amount: Union[str, int], currency: Union[Currency, str]) -> str:
    """AMOUNT written in the major unit: "1234" USD → "12.34", "500" JPY → "500"."""
    currency = _currency(currency)
    digits = str(int(amount)).rjust(currency.minor_units + 1, "0")
    if currency.minor_units == 0:
        return digits
    return f"{digits[:-currency.minor_units]}.{digits[-currency.minor_units:]}"


def inr_amount(amount: Union[str, int], currency: Union[Currency, str], fx_rate: str) -> str:
    """
    The paise a foreign AMOUNT comes to at FX_RATE, as the gateway computes INR_AMOUNT: exact
    integers, rounded half up once. Lets you check a payment's INR_AMOUNT, or quote one.
    """
    currency = _currency(currency)
    match = _RATE.fullmatch(fx_rate) if isinstance(fx_rate, str) else None
    if not match:
        raise InvalidInput("FX_RATE", f"FX_RATE has four decimals, e.g. 84.2150: {fx_rate!r}")
    numerator = int(amount) * int(match.group(1) + match.group(2)) * 100
    denominator = 10 ** currency.minor_units * 10_000
    return str((numerator * 2 + denominator) // (denominator * 2))
