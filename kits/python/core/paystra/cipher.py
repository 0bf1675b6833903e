"""ENCDATA: the merchant-hosted request, and every response the gateway posts back, encrypted."""

import base64
import binascii
import hashlib
import re
from typing import Mapping

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from .errors import ProtocolError
from .fields import Fields, parse_fields
from .hash import canonical, sign

_KEY = re.compile(r"[\x21-\x7e]{32}")
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")


# paystra:region encrypt
def merchant_hosted_key(key_salt: str, pay_id: str) -> str:
    """The first 32 characters of upper-case hex SHA-256(key salt + PAY_ID)."""
    return hashlib.sha256((key_salt + pay_id).encode("utf-8")).hexdigest().upper()[:32]


def _aes(key: str) -> Cipher:
    """AES-256-CBC keyed with the key's 32 ASCII bytes; the IV is its first 16 characters."""
    if not _KEY.fullmatch(key):
        raise ProtocolError("the key must be 32 ASCII characters")
    return Cipher(algorithms.AES(key.encode("ascii")), modes.CBC(key[:16].encode("ascii")))


def encrypt_text(plaintext: str, key: str) -> str:
    """AES-256-CBC with PKCS#7 padding, Base64 without the trailing `=`."""
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext.encode("utf-8")) + padder.finalize()
    encryptor = _aes(key).encryptor()
    data = encryptor.update(padded) + encryptor.finalize()
    return base64.b64encode(data).decode("ascii").rstrip("=")


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
    cipher = _aes(key)
    text = encdata.replace(" ", "+").strip()
    if not _BASE64.fullmatch(text):
        raise ProtocolError("ENCDATA is not Base64")
    text = text.rstrip("=")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
        decryptor = cipher.decryptor()
        padded = decryptor.update(data) + decryptor.finalize()
        unpadder = padding.PKCS7(128).unpadder()
        return (unpadder.update(padded) + unpadder.finalize()).decode("utf-8")
    except (binascii.Error, ValueError) as error:
        # Wrong length, wrong key (bad padding) or bytes that are not UTF-8: all one answer.
        raise ProtocolError("ENCDATA does not decrypt with this key") from error


def decrypt(encdata: str, key: str) -> Fields:
    """The fields inside ENCDATA, HASH included; check it with hash.verify before trusting them."""
    return parse_fields(decrypt_text(encdata, key))
# paystra:endregion
