"""The HASH that signs every request and response."""

import hashlib
import hmac
import re
from typing import Mapping

from .fields import Fields, sorted_keys

_HEX64 = re.compile(r"[0-9A-Fa-f]{64}")


# paystra:region hash
def canonical(fields: Mapping[str, str]) -> str:
    """Every field but HASH, keys sorted, `KEY=VALUE` joined by `~` (an empty value stays `KEY=`)."""
    return "~".join(f"{key}={fields[key]}" for key in sorted_keys(fields) if key != "HASH")


def sign(fields: Mapping[str, str], salt: str) -> str:
    """SHA-256 of the canonical string with the merchant's salt appended, upper-case hex."""
    data = (canonical(fields) + salt).encode("utf-8")
    return hashlib.sha256(data).hexdigest().upper()
# paystra:endregion


def with_hash(fields: Mapping[str, str], salt: str) -> Fields:
    """A copy of the fields with their HASH added (any HASH already there is replaced)."""
    signed = {key: value for key, value in fields.items() if key != "HASH"}
    signed["HASH"] = sign(signed, salt)
    return signed


# paystra:region verify
def verify(fields: Mapping[str, str], salt: str) -> bool:
    """True when fields["HASH"] is the hash of the other fields; false when it is missing."""
    claimed = fields.get("HASH", "")
    if not _HEX64.fullmatch(claimed):
        return False
    # A constant-time comparison, so the time taken tells an attacker nothing about the hash.
    return hmac.compare_digest(sign(fields, salt), claimed.upper())
# paystra:endregion
