"""Request and response fields travel as `KEY=VALUE` pairs joined by `~`."""

from typing import Dict, List, Mapping

from .errors import ProtocolError

Fields = Dict[str, str]


def sorted_keys(fields: Mapping[str, str]) -> List[str]:
    """
    Keys in UTF-16 code unit order, as the gateway (JavaScript's default sort) orders them.
    Big-endian UTF-16 bytes compare exactly like code units; for ASCII keys this is plain order.
    """
    return sorted(fields, key=lambda key: key.encode("utf-16-be", "surrogatepass"))


def parse_fields(text: str) -> Fields:
    """Reads `KEY=VALUE~...` in any order; only the first `=` of a pair separates key and value."""
    fields: Fields = {}
    if text == "":
        return fields
    for pair in text.split("~"):
        key, separator, value = pair.partition("=")
        if not separator or key == "":
            raise ProtocolError(f'malformed field "{pair[:40]}"')
        fields[key] = value
    return fields
