"""Sandbox accounts: a merchant of your own on a Paystra sandbox, made in one call without keys."""

import json
import re
import unicodedata
import urllib.error
import urllib.request
from typing import Dict, Optional
from urllib.parse import urlsplit

from .errors import ConfigError, GatewayError, GatewayUnavailable, InvalidInput

MAX_ACCOUNT_NAME_LENGTH = 60
"""The longest account name the sandbox takes."""

_PUNCTUATION = frozenset(" .,&'()-/")
# White space as the sandbox trims and joins it (JavaScript's \s), which Python's own differs from.
_SPACE = "\t\n\x0b\x0c\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_SPACES = re.compile(f"[{_SPACE}]+")
_NEEDED = ("PAY_ID", "SALT", "KEY_SALT", "PAYSTRA_ENV")


# paystra:region sandbox-account
def create_sandbox_account(base_url: str, name: Optional[str] = None, timeout: float = 20.0) -> Dict[str, str]:
    """
    Makes a sandbox account (POST base_url + /accounts): no keys needed, the answer holds the
    new account's. base_url is the sandbox's, e.g. http://localhost:3000/sandbox
    (PAYSTRA_BASE_URL). Without a name (or an empty one) the sandbox calls it "Test store".

    Returns the account's fields: STATUS "Created", PAY_ID, SALT, KEY_SALT, MERCHANT_HOSTED_KEY,
    WEBHOOK_SECRET, NAME, PAYSTRA_BASE_URL, CONSOLE_URL, PAYSTRA_ENV_URL, PAYSTRA_ENV (the text of
    its paystra.env, see config.write_env_file) and IDLE_DAYS.

    Raises InvalidInput for a name the sandbox would refuse, before sending; GatewayError for a
    refusal (code 360 the name, 344 too many accounts from this address this hour, 361 the sandbox
    is full; http_status); GatewayUnavailable when the sandbox cannot be reached or does not answer
    JSON (a base URL that is no Paystra sandbox making accounts).
    """
    url = _sandbox_url(base_url) + "/accounts"
    tidy = _account_name(name)
    request = urllib.request.Request(
        url,
        data=json.dumps({"NAME": tidy} if tidy else {}).encode("utf-8"),
        method="POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise GatewayUnavailable(f"could not reach the sandbox at {url}: {reason}") from error
    try:
        answer = json.loads(raw.decode("utf-8"))
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        raise GatewayUnavailable(f"the sandbox answered HTTP {status} without JSON: is {url} a Paystra sandbox that makes accounts?")
    fields = {key: value for key, value in answer.items() if isinstance(value, str)}
    if status == 201 and fields.get("STATUS") == "Created" and all(fields.get(key) for key in _NEEDED):
        return fields
    message = fields.get("RESPONSE_MESSAGE", f"the sandbox answered HTTP {status} without an account")
    raise GatewayError(fields.get("RESPONSE_CODE"), message, fields, http_status=status)
# paystra:endregion


def _account_name(name: Optional[str]) -> str:
    """
    The name as the sandbox stores it (trimmed, each run of white space one space), or "" for
    none. Raises InvalidInput for one it refuses (360): more than 60 characters, a control
    character, or anything but letters, digits, spaces and . , & ' ( ) - /.
    """
    if name is None:
        return ""
    if not isinstance(name, str):
        raise InvalidInput("NAME", "the account name must be text")
    tidy = _SPACES.sub(" ", name).strip(" ")
    if not tidy:
        return ""
    # The sandbox counts UTF-16 code units, as JavaScript does: a character beyond U+FFFF is two.
    length = sum(2 if ord(char) > 0xFFFF else 1 for char in tidy)
    control = any(char < " " or char == "\x7f" for char in name)
    allowed = all(char in _PUNCTUATION or unicodedata.category(char)[0] in "LMN" for char in tidy)
    if length > MAX_ACCOUNT_NAME_LENGTH or control or not allowed:
        raise InvalidInput(
            "NAME",
            f"the account name must be up to {MAX_ACCOUNT_NAME_LENGTH} letters, digits, spaces and . , & ' ( ) - / characters",
        )
    return tidy


def _sandbox_url(base_url: str) -> str:
    parts = urlsplit(base_url) if isinstance(base_url, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"base_url must be the sandbox's http(s) URL, e.g. http://localhost:3000/sandbox, found {base_url!r}")
    return base_url.rstrip("/")
