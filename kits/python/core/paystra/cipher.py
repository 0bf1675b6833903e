"""
ENCDATA: the merchant-hosted request, and every response the gateway posts back, encrypted.

AES comes from the `cryptography` package when it is installed; without it, from `aes.py`, the
kit's own AES on the standard library alone (slower, not constant-time: see its docstring).
PAYSTRA_AES chooses: `auto` (the default: `cryptography` if importable, else the standard
library), `cryptography` (refuse to run without it) or `pure` (the standard-library AES even when
`cryptography` is there, e.g. to test it). AES_BACKEND says which one is in use.
"""

import base64
import binascii
import hashlib
import os
import re
from typing import Callable, Mapping, Optional, Tuple

from . import aes
from .errors import ConfigError, ProtocolError
from .fields import Fields, parse_fields
from .hash import canonical, sign

Cbc = Callable[[bytes, bytes, bytes], bytes]  # (key, iv, whole blocks) -> whole blocks

AES_SETTINGS = ("auto", "cryptography", "pure")


def _cryptography_cbc() -> Optional[Tuple[Cbc, Cbc]]:
    """CBC from the `cryptography` package (OpenSSL), or None when it is not installed."""
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    except ImportError:
        return None

    def encrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
        encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        return encryptor.update(data) + encryptor.finalize()

    def decrypt(key: bytes, iv: bytes, data: bytes) -> bytes:
        decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
        return decryptor.update(data) + decryptor.finalize()

    return encrypt, decrypt


def aes_backend(setting: Optional[str]) -> Tuple[str, Cbc, Cbc]:
    """The AES that PAYSTRA_AES asks for: ("cryptography" or "pure", cbc_encrypt, cbc_decrypt)."""
    chosen = (setting or "auto").strip().lower()
    if chosen not in AES_SETTINGS:
        raise ConfigError(f"PAYSTRA_AES must be one of {', '.join(AES_SETTINGS)}, not {setting!r}")
    if chosen != "pure":
        found = _cryptography_cbc()
        if found:
            return ("cryptography", *found)
        if chosen == "cryptography":
            raise ConfigError("PAYSTRA_AES=cryptography, but the cryptography package is not installed")
    return "pure", aes.cbc_encrypt, aes.cbc_decrypt


# Chosen once, when the library is imported: "cryptography" or "pure".
AES_BACKEND, _cbc_encrypt, _cbc_decrypt = aes_backend(os.environ.get("PAYSTRA_AES"))

_KEY = re.compile(r"[\x21-\x7e]{32}")
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")


# paystra:region encrypt
def merchant_hosted_key(key_salt: str, pay_id: str) -> str:
    """The first 32 characters of upper-case hex SHA-256(key salt + PAY_ID)."""
    return hashlib.sha256((key_salt + pay_id).encode("utf-8")).hexdigest().upper()[:32]


def _key_and_iv(key: str) -> Tuple[bytes, bytes]:
    """AES-256-CBC keyed with the key's 32 ASCII bytes; the IV is its first 16 characters."""
    if not _KEY.fullmatch(key):
        raise ProtocolError("the key must be 32 ASCII characters")
    return key.encode("ascii"), key[:16].encode("ascii")


def encrypt_text(plaintext: str, key: str) -> str:
    """AES-256-CBC with PKCS#7 padding, Base64 without the trailing `=`."""
    aes_key, iv = _key_and_iv(key)
    data = plaintext.encode("utf-8")
    fill = aes.BLOCK - len(data) % aes.BLOCK  # PKCS#7: 1 to 16 bytes, each holding the count
    # AES-256-CBC from `cryptography`, or without it the kit's own (aes.py): the same bytes.
    encrypted = _cbc_encrypt(aes_key, iv, data + bytes([fill]) * fill)
    return base64.b64encode(encrypted).decode("ascii").rstrip("=")


def encrypt(fields: Mapping[str, str], salt: str, key: str) -> str:
    """ENCDATA of a request: the sorted fields plus `~HASH=<their hash>`, encrypted."""
    plaintext = f"{canonical(fields)}~HASH={sign(fields, salt)}"
    return encrypt_text(plaintext, key)
# paystra:endregion


# paystra:region decrypt
def decrypt_text(encdata: str, key: str) -> str:
    """
    Decrypts ENCDATA. Accepts padded and unpadded Base64, and spaces where a form post turned
    `+` into a space.
    """
    aes_key, iv = _key_and_iv(key)
    text = encdata.replace(" ", "+").strip()
    if not _BASE64.fullmatch(text):
        raise ProtocolError("ENCDATA is not Base64")
    text = text.rstrip("=")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
        if not data or len(data) % aes.BLOCK:
            raise ValueError("not whole AES blocks")
        # AES-256-CBC from `cryptography`, or without it the kit's own (aes.py).
        padded = _cbc_decrypt(aes_key, iv, data)
        fill = padded[-1]  # PKCS#7: the last byte is how many padding bytes to remove
        if not 1 <= fill <= aes.BLOCK or padded[-fill:] != bytes([fill]) * fill:
            raise ValueError("bad PKCS#7 padding")
        return padded[:-fill].decode("utf-8")
    except (binascii.Error, ValueError) as error:
        # Wrong length, wrong key (bad padding) or bytes that are not UTF-8: all one answer.
        raise ProtocolError("ENCDATA does not decrypt with this key") from error


def decrypt(encdata: str, key: str) -> Fields:
    """The fields inside ENCDATA, HASH included; check it with hash.verify before trusting them."""
    return parse_fields(decrypt_text(encdata, key))
# paystra:endregion
