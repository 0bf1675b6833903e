"""Configuration: `paystra.env` in the kit's root, then environment variables override it."""

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Mapping, Optional, Union
from urllib.parse import urlsplit

from .cipher import merchant_hosted_key
from .errors import ConfigError

KEYS = (
    "PAYSTRA_BASE_URL",
    "PAYSTRA_PAY_ID",
    "PAYSTRA_SALT",
    "PAYSTRA_KEY_SALT",
    "PAYSTRA_WEBHOOK_SECRET",
    "PAYSTRA_DATA_DIR",
    "APP_URL",
    "PORT",
)
REQUIRED = ("PAYSTRA_BASE_URL", "PAYSTRA_PAY_ID", "PAYSTRA_SALT", "PAYSTRA_KEY_SALT")
FILE_NAME = "paystra.env"

_LINE = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)")


def read_env_file(path: Union[str, Path]) -> Dict[str, str]:
    """
    Reads `KEY=VALUE` lines. `#` starts a comment at the beginning of a line or after a space;
    a value may be wrapped in single or double quotes (then `#` inside it is kept).
    """
    values: Dict[str, str] = {}
    text = Path(path).read_text(encoding="utf-8")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.fullmatch(line)
        if not match:
            raise ConfigError(f"{path}:{number}: expected KEY=VALUE, found {line[:40]!r}")
        key, value = match.groups()
        if value[:1] in ('"', "'") and value[0] in value[1:]:
            value = value[1 : value.index(value[0], 1)]
        else:
            value = re.split(r"\s#", value, maxsplit=1)[0].strip()
        values[key] = value
    return values


def write_env_file(kit_root: Union[str, Path], account: Mapping[str, str], overwrite: bool = False) -> Path:
    """
    Saves a sandbox account's paystra.env (create_sandbox_account's PAYSTRA_ENV) in kit_root,
    readable by its owner only, for Config.load. Raises ConfigError rather than replace a
    paystra.env that is there, unless overwrite is set.
    """
    text = account.get("PAYSTRA_ENV")
    if not isinstance(text, str) or not text:
        raise ConfigError("the account has no PAYSTRA_ENV to write")
    path = Path(kit_root) / FILE_NAME
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if overwrite else os.O_EXCL)
    try:
        descriptor = os.open(path, flags, 0o600)
    except FileExistsError:
        raise ConfigError(f"{path} exists: pass overwrite=True to replace it") from None
    # Bytes, so the file's line ends are the sandbox's on every platform.
    with os.fdopen(descriptor, "wb") as file:
        file.write(text.encode("utf-8"))
    return path


def _http_url(key: str, value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"{key} must be an http(s) URL, found {value!r}")
    return value.rstrip("/")


@dataclass(frozen=True)
class Config:
    base_url: str
    """The gateway's base URL, e.g. http://localhost:3000/sandbox (no trailing slash)."""
    pay_id: str
    salt: str
    key_salt: str
    app_url: str
    """Where this app is reachable; the gateway posts the response to app_url + /response."""
    port: int
    webhook_secret: str = ""
    """Signs the events the gateway POSTs to NOTIFY_URL; from the merchant portal, not the salt."""
    data_dir: str = "data"
    """Where the examples keep their order files (relative to the working directory)."""

    @property
    def merchant_hosted_key(self) -> str:
        """The AES key of ENCDATA, derived from the key salt and PAY_ID."""
        return merchant_hosted_key(self.key_salt, self.pay_id)

    @property
    def return_url(self) -> str:
        return self.app_url + "/response"

    @property
    def webhook_url(self) -> str:
        """Where the examples listen for webhooks: app_url + /webhook."""
        return self.app_url + "/webhook"

    @property
    def notify_url(self) -> Optional[str]:
        """
        The NOTIFY_URL the examples' requests carry: webhook_url, or None (no NOTIFY_URL at all)
        while PAYSTRA_WEBHOOK_SECRET is unset, as every delivery would then be refused and the
        gateway would retry each one for about 32 hours.
        """
        return self.webhook_url if self.webhook_secret else None

    @classmethod
    def load(
        cls, kit_root: Union[str, Path], environ: Optional[Mapping[str, str]] = None
    ) -> "Config":
        """`paystra.env` in kit_root when present, then the environment (non-empty values) wins."""
        environ = os.environ if environ is None else environ
        path = Path(kit_root) / FILE_NAME
        values = read_env_file(path) if path.is_file() else {}
        for key in KEYS:
            if environ.get(key):
                values[key] = environ[key]
        return cls.from_values(values, source=str(path))

    @classmethod
    def from_values(cls, values: Mapping[str, str], source: str = "the configuration") -> "Config":
        missing = [key for key in REQUIRED if not values.get(key)]
        if missing:
            raise ConfigError(
                f"missing {', '.join(missing)}: copy paystra.env.example to {source} "
                "or set them in the environment"
            )
        port_text = values.get("PORT") or "8000"
        if not re.fullmatch(r"[0-9]{1,5}", port_text) or not 0 < int(port_text) < 65536:
            raise ConfigError(f"PORT must be a port number, found {port_text!r}")
        port = int(port_text)
        pay_id = values["PAYSTRA_PAY_ID"]
        if not re.fullmatch(r"[0-9]+", pay_id):
            raise ConfigError(f"PAYSTRA_PAY_ID must be digits, found {pay_id!r}")
        return cls(
            base_url=_http_url("PAYSTRA_BASE_URL", values["PAYSTRA_BASE_URL"]),
            pay_id=pay_id,
            salt=values["PAYSTRA_SALT"],
            key_salt=values["PAYSTRA_KEY_SALT"],
            app_url=_http_url("APP_URL", values.get("APP_URL") or f"http://localhost:{port}"),
            port=port,
            # Kept as given: white space around it is a mistake verify_webhook names.
            webhook_secret=values.get("PAYSTRA_WEBHOOK_SECRET", ""),
            data_dir=values.get("PAYSTRA_DATA_DIR") or "data",
        )

    def __repr__(self) -> str:
        # The salts and the webhook secret are secrets: never print them in a log or a traceback.
        return (
            f"Config(base_url={self.base_url!r}, pay_id={self.pay_id!r}, salt='***', "
            f"key_salt='***', webhook_secret={'***' if self.webhook_secret else ''!r}, "
            f"app_url={self.app_url!r}, port={self.port}, data_dir={self.data_dir!r})"
        )
