"""Every error the library raises derives from PaystraError, so an app can catch them in one place."""

from typing import Dict, Optional


class PaystraError(Exception):
    """Base class of the library's errors."""


class ProtocolError(PaystraError, ValueError):
    """Data that does not follow the protocol: malformed fields, ENCDATA that does not decrypt."""


class VerificationError(PaystraError):
    """A response whose HASH, PAY_ID or ENCDATA does not check out: never trust its fields."""


class InvalidInput(PaystraError, ValueError):
    """A value the merchant's own form sent that the gateway would refuse (shown to the user)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class ConfigError(PaystraError):
    """The configuration misses a key or holds a value that cannot work."""


class GatewayUnavailable(PaystraError):
    """The gateway could not be reached or did not answer with JSON."""


class GatewayError(PaystraError):
    """
    The gateway answered without a HASH, which it does only when it cannot tell who is asking
    (324 unknown PAY_ID, 326 malformed request), or refused a call that has no fields to answer
    with (settlement_csv: its refusal verified, e.g. 338; create_sandbox_account: 360, 344, 361,
    with the answer's http_status). The code and message are the gateway's.
    """

    def __init__(
        self, code: Optional[str], message: str, fields: Dict[str, str], http_status: Optional[int] = None
    ) -> None:
        super().__init__(f"{code or 'no code'}: {message}")
        self.code = code
        self.fields = fields
        self.http_status = http_status
