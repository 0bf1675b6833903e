"""Amounts travel in paise (minor units): "100" is ₹1.00."""

from typing import Union


def rupees(paise: Union[str, int]) -> str:
    """Paise as rupees with Indian digit grouping: "12345678" → "₹1,23,456.78"."""
    text = str(paise).strip()
    if not text.isascii() or not text.isdigit():
        return text
    value = int(text)
    whole, fraction = divmod(value, 100)
    digits = str(whole)
    # The last three digits form a group; the rest go in pairs (lakh, crore).
    head, tail = digits[:-3], digits[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return "₹" + ",".join(groups + [tail]) + f".{fraction:02d}"
