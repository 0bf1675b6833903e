"""
Paystra payment gateway integration for Python: sign requests (HASH), encrypt merchant-hosted
requests (ENCDATA), verify the gateway's responses and signed webhooks, call its JSON APIs
(status enquiry, refund, QR, payout, settlements, recon, exchange rates, disputes, payment links,
virtual accounts, subscriptions) and reconcile paid orders with the settlements, and make a sandbox account of
your own. The standard library, plus `cryptography` for AES when it is installed (without it, the
kit's own AES on the standard library: see cipher.AES_BACKEND).
"""

from .cipher import AES_BACKEND, decrypt, decrypt_text, encrypt, encrypt_text, merchant_hosted_key
from .client import (
    CREDIT_MODES,
    CURRENCY_INR,
    CUSTOMER_ACTIONS,
    FREQUENCIES,
    IST,
    LARGEST_DEBITS,
    SETTLEMENT_PAGE_SIZE,
    SETTLEMENT_RANGE_DAYS,
    SUBSCRIPTION_CATEGORIES,
    SUBSCRIPTION_METHODS,
    Answer,
    Client,
    SignedForm,
    new_order_id,
)
from .config import Config, write_env_file
from . import currency
from .currency import CURRENCIES, Currency, from_minor_units, inr_amount, to_minor_units
from .errors import (
    ConfigError,
    GatewayError,
    GatewayUnavailable,
    InvalidInput,
    PaystraError,
    ProtocolError,
    VerificationError,
)
from .fields import Fields, parse_fields
from .hash import canonical, sign, verify, with_hash
from .money import rupees
from . import order_status, reconciliation
from .reconciliation import reconcile
from .accounts import MAX_ACCOUNT_NAME_LENGTH, create_sandbox_account
from .webhook import (
    EVENT_ID_HEADER,
    SIGNATURE_HEADER,
    WebhookError,
    new_event_id,
    sign_webhook_event,
    verify_webhook,
)

__version__ = "1.0.0"

SUCCESS_CODE = "000"


def is_success(fields: Fields) -> bool:
    """RESPONSE_CODE 000 is the only success; everything else is a failure or still pending."""
    return fields.get("RESPONSE_CODE") == SUCCESS_CODE


__all__ = [
    "AES_BACKEND",
    "Answer",
    "CREDIT_MODES",
    "CURRENCIES",
    "Currency",
    "CURRENCY_INR",
    "CUSTOMER_ACTIONS",
    "EVENT_ID_HEADER",
    "FREQUENCIES",
    "Client",
    "Config",
    "ConfigError",
    "Fields",
    "GatewayError",
    "GatewayUnavailable",
    "IST",
    "LARGEST_DEBITS",
    "MAX_ACCOUNT_NAME_LENGTH",
    "InvalidInput",
    "PaystraError",
    "ProtocolError",
    "SETTLEMENT_PAGE_SIZE",
    "SETTLEMENT_RANGE_DAYS",
    "SIGNATURE_HEADER",
    "SUBSCRIPTION_CATEGORIES",
    "SUBSCRIPTION_METHODS",
    "SUCCESS_CODE",
    "SignedForm",
    "VerificationError",
    "WebhookError",
    "canonical",
    "create_sandbox_account",
    "currency",
    "decrypt",
    "decrypt_text",
    "encrypt",
    "encrypt_text",
    "from_minor_units",
    "inr_amount",
    "is_success",
    "merchant_hosted_key",
    "new_event_id",
    "new_order_id",
    "order_status",
    "parse_fields",
    "reconcile",
    "reconciliation",
    "rupees",
    "sign",
    "sign_webhook_event",
    "to_minor_units",
    "verify",
    "verify_webhook",
    "with_hash",
    "write_env_file",
]
