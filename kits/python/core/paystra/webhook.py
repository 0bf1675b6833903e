"""
Webhooks: the gateway POSTs a signed event to the merchant's NOTIFY_URL when a payment, refund or
payout reaches an outcome, or a settlement is made, so the merchant hears of it even when the
customer never comes back. The types: payment.captured, payment.failed, payment.pending,
refund.processed, payout.processed, payout.failed and settlement.processed (its data: the
settlement's fields without lines, with PAY_ID and HASH).

    X-Paystra-Signature: t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")>

The rules and the messages are the same in every kit (the "webhook" vectors keep them in step).
"""

import hashlib
import hmac
import json
import re
import secrets
import time
from typing import Dict, List, Mapping, Optional, Tuple, Union

from .errors import PaystraError
from .hash import verify

EVENT_ID_HEADER = "X-Paystra-Event-Id"
SIGNATURE_HEADER = "X-Paystra-Signature"
TOLERANCE_SECONDS = 300

MESSAGES = {
    "secret-missing": "No webhook secret: set PAYSTRA_WEBHOOK_SECRET to the webhook secret from the merchant portal (it is not your salt).",
    "secret-whitespace": "The webhook secret has white space around it: remove the spaces or line break around PAYSTRA_WEBHOOK_SECRET.",
    "body-not-raw": "Pass the raw request body as it arrived (a string or bytes), not parsed JSON: the signature covers the exact bytes.",
    "malformed-header": "The X-Paystra-Signature header is missing or malformed: expected t=<unix seconds>,v1=<64 hex digits>.",
    "body-reserialised": "The signature does not match, and the body is not laid out as Paystra sends it: it was parsed and serialised again. Verify the raw request body, byte for byte, before parsing it.",
    "wrong-secret": "The signature does not match, but the body is intact (its HASH verifies with your salt): sign with the webhook secret, not the salt or another merchant\u2019s secret.",
    "signature-mismatch": "The signature does not match the body: it was changed after Paystra signed it, or it is not the raw request body, or the secret is not your webhook secret.",
    "stale-timestamp": "The signature\u2019s timestamp is more than 5 minutes from this server\u2019s clock: a replayed request, or a server clock that is wrong.",
    "malformed-body": "The body is signed but is not a Paystra event: a JSON object with id, type, created and data.",
    "data-hash": "The event is signed, but the HASH of its data does not verify with your salt: check PAYSTRA_SALT.",
}

_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_SIGNATURE = re.compile(r"[0-9A-Fa-f]{64}")

Event = Dict[str, object]
RawBody = Union[str, bytes, bytearray]


class WebhookError(PaystraError):
    """A delivery that was refused; `reason` is machine-readable, the message says what to fix."""

    def __init__(self, reason: str) -> None:
        super().__init__(MESSAGES[reason])
        self.reason = reason


def new_event_id() -> str:
    """`evt_` and 24 lower-case hex digits, as the gateway makes them."""
    return "evt_" + secrets.token_hex(12)


def serialise_event(event: Mapping[str, object]) -> str:
    """
    Indented JSON ending in a line break, as the gateway sends it: a receiver that parses and
    serialises the body again gets other bytes, and verify can say so.
    """
    ordered = {key: event[key] for key in ("id", "type", "created", "data")}
    return json.dumps(ordered, indent=2, ensure_ascii=False) + "\n"


def webhook_signature(secret: str, timestamp: int, body: RawBody) -> str:
    """Lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")."""
    data = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    mac = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode("ascii") + data, hashlib.sha256)
    return mac.hexdigest()


def sign_webhook_event(event: Mapping[str, object], secret: str, timestamp: Optional[int] = None) -> Dict[str, object]:
    """A delivery as the gateway makes it, for the merchant's own tests: {"body": str, "headers": dict}."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    body = serialise_event(event)
    return {
        "body": body,
        "headers": {
            "Content-Type": "application/json",
            EVENT_ID_HEADER: str(event["id"]),
            SIGNATURE_HEADER: f"t={timestamp},v1={webhook_signature(secret, timestamp, body)}",
        },
    }


def parse_signature_header(header: Optional[str]) -> Optional[Tuple[int, List[str]]]:
    """`t=<digits>,v1=<hex>[,v1=<hex>…]` → (t, signatures); other keys are ignored (a later scheme may add some)."""
    if not isinstance(header, str) or len(header) > 1000:
        return None
    timestamp: Optional[int] = None
    signatures: List[str] = []
    for part in header.split(","):
        key, separator, value = part.partition("=")
        if not separator:
            return None
        key, value = key.strip(), value.strip()
        if key == "t":
            if not _TIMESTAMP.fullmatch(value) or timestamp is not None:
                return None
            timestamp = int(value)
        elif key == "v1":
            if not _SIGNATURE.fullmatch(value):
                return None
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        return None
    return timestamp, signatures


# paystra:region webhook-verify
def verify_webhook(raw_body: RawBody, signature_header: Optional[str], secret: str, *,
                   salt: Optional[str] = None, now: Optional[int] = None,
                   tolerance_seconds: int = TOLERANCE_SECONDS) -> Event:
    """The event (id, type, created, data) of a delivery that checks out; raises WebhookError."""
    if not secret:
        raise WebhookError("secret-missing")
    if secret.strip() != secret:
        raise WebhookError("secret-whitespace")
    if not isinstance(raw_body, (str, bytes, bytearray)):
        raise WebhookError("body-not-raw")  # a parsed dict has lost the bytes that were signed
    parsed = parse_signature_header(signature_header)
    if parsed is None:
        raise WebhookError("malformed-header")
    timestamp, signatures = parsed
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    expected = webhook_signature(secret, timestamp, body)
    text = body.decode("utf-8", errors="replace")
    event = read_event(text)
    # Constant time, against every v1: the gateway may sign with an old and a new secret at once.
    if not any(hmac.compare_digest(expected, signature) for signature in signatures):
        raise WebhookError(_mismatch_reason(text, event, salt))
    current = int(time.time()) if now is None else now
    if abs(current - timestamp) > tolerance_seconds:
        raise WebhookError("stale-timestamp")
    if event is None:
        raise WebhookError("malformed-body")
    if salt is not None and not verify(event["data"], salt):
        raise WebhookError("data-hash")
    return event
# paystra:endregion


def _mismatch_reason(text: str, event: Optional[Event], salt: Optional[str]) -> str:
    """The likeliest cause of a signature that does not match, in the order every kit checks."""
    if event is not None and not text.startswith("{\n"):
        return "body-reserialised"
    if event is not None and salt is not None and verify(event["data"], salt):
        return "wrong-secret"
    return "signature-mismatch"


def read_event(text: str) -> Optional[Event]:
    """The event in a body: a JSON object with id and type strings, created a number, data of strings."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    event_id, kind, created, data = (value.get(key) for key in ("id", "type", "created", "data"))
    if not isinstance(event_id, str) or not isinstance(kind, str) or not _is_number(created):
        return None
    if not isinstance(data, dict) or not all(isinstance(field, str) for field in data.values()):
        return None
    return {"id": event_id, "type": kind, "created": created, "data": data}


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _refuse_constant(name: str) -> None:
    # NaN and Infinity are not JSON; the gateway's parser refuses them too.
    raise ValueError(f"{name} is not JSON")
