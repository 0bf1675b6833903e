"""The merchant's side of the gateway: signed payment forms, response verification, JSON APIs."""

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Dict, Mapping, NamedTuple, Optional

from .cipher import decrypt, encrypt
from .config import Config
from .errors import GatewayError, GatewayUnavailable, ProtocolError, VerificationError
from .fields import Fields
from .hash import verify, with_hash
from .webhook import Event, RawBody, verify_webhook

CURRENCY_INR = "356"

_order_lock = threading.Lock()
_last_millis = 0


def new_order_id(prefix: str) -> str:
    """`prefix` + milliseconds (e.g. PG1763712000123), never the same twice in this process."""
    global _last_millis
    with _order_lock:
        _last_millis = max(int(time.time() * 1000), _last_millis + 1)
        return f"{prefix}{_last_millis}"


class SignedForm(NamedTuple):
    """What the customer's browser posts to the gateway: the form's action and hidden fields."""

    action: str
    fields: Fields


def _without_none(fields: Mapping[str, Optional[str]]) -> Fields:
    return {key: value for key, value in fields.items() if value is not None}


class Client:
    """Talks to the gateway for one merchant (the PAY_ID, salt and key salt of its Config)."""

    def __init__(self, config: Config, timeout: float = 20.0) -> None:
        self.config = config
        self.timeout = timeout

    # ---- browser forms ----

    def payment_request(self, order: Mapping[str, Optional[str]]) -> SignedForm:
        """
        A hosted checkout: the order (ORDER_ID, AMOUNT in paise, CUST_*) completed with PAY_ID,
        CURRENCY_CODE, TXNTYPE and RETURN_URL, signed with HASH, posted to /paymentrequest.
        """
        fields = {
            "PAY_ID": self.config.pay_id,
            "CURRENCY_CODE": CURRENCY_INR,
            "TXNTYPE": "SALE",
            "RETURN_URL": self.config.return_url,
            **_without_none(order),
        }
        return SignedForm(self.config.base_url + "/paymentrequest", with_hash(fields, self.config.salt))

    def merchant_hosted_request(
        self,
        order: Mapping[str, Optional[str]],
        payment_type: str,
        mop_type: str,
        payer_address: Optional[str] = None,
    ) -> SignedForm:
        """
        A merchant-hosted (seamless) payment: the method chosen on the merchant's page (NB, WL or
        UP with its MOP_TYPE) goes inside ENCDATA; only PAY_ID travels in clear.
        """
        fields = {
            "PAY_ID": self.config.pay_id,
            "CURRENCY_CODE": CURRENCY_INR,
            "TXNTYPE": "SALE",
            "RETURN_URL": self.config.return_url,
            **_without_none(order),
            "PAYMENT_TYPE": payment_type,
            "MOP_TYPE": mop_type,
        }
        if payer_address:
            fields["PAYER_ADDRESS"] = payer_address
        encdata = encrypt(fields, self.config.salt, self.config.merchant_hosted_key)
        return SignedForm(
            self.config.base_url + "/merchantPaymentInit",
            {"PAY_ID": self.config.pay_id, "ENCDATA": encdata},
        )

    def verify_response(self, posted: Mapping[str, str]) -> Fields:
        """
        The gateway's response posted to RETURN_URL (PAY_ID + ENCDATA): decrypted, its PAY_ID and
        HASH checked. Raises VerificationError when anything does not check out.
        """
        if posted.get("PAY_ID") != self.config.pay_id:
            raise VerificationError("the response is not for this merchant's PAY_ID")
        if not posted.get("ENCDATA"):
            raise VerificationError("the response carries no ENCDATA")
        try:
            fields = decrypt(posted["ENCDATA"], self.config.merchant_hosted_key)
        except ProtocolError as error:
            raise VerificationError(f"ENCDATA was altered or is not from the gateway ({error})") from error
        if fields.get("PAY_ID") != self.config.pay_id:
            raise VerificationError("the encrypted response names another PAY_ID")
        if not verify(fields, self.config.salt):
            raise VerificationError("the response's HASH does not match its fields")
        return fields

    # ---- JSON APIs: every answer is verified before it is returned ----

    # paystra:region status
    def status(self, order_id: str) -> Fields:
        """Status enquiry: the order's stored outcome (RESPONSE_CODE 000 + STATUS Captured = paid)."""
        return self.call("/pgws/transact", {"ORDER_ID": order_id, "TXNTYPE": "STATUS"})

    def call(self, path: str, fields: Mapping[str, str]) -> Fields:
        """POSTs the fields with PAY_ID and HASH as JSON; returns the answer once its HASH verifies."""
        request = with_hash({"PAY_ID": self.config.pay_id, **fields}, self.config.salt)
        answer = self._post_json(self.config.base_url + path, request)
        if "HASH" not in answer:
            # Unsigned: the gateway could not tell who asked (324 unknown PAY_ID, 326 malformed).
            code = answer.get("RESPONSE_CODE")
            raise GatewayError(code, answer.get("RESPONSE_MESSAGE", "unsigned answer"), answer)
        if not verify(answer, self.config.salt) or answer.get("PAY_ID") != self.config.pay_id:
            raise VerificationError(f"the gateway's answer from {path} does not verify")
        return answer
    # paystra:endregion

    # paystra:region refund
    def refund(self, order_id: str, refund_order_id: str, amount: str, notify_url: Optional[str] = None) -> Fields:
        """
        Refunds part or all of a captured payment. AMOUNT is in paise; partial refunds add up
        (329 when one goes beyond what is left). STATUS Refunded with RESPONSE_CODE 000.
        With notify_url, the gateway also POSTs refund.processed there (a webhook).
        """
        fields = {
            "ORDER_ID": order_id,
            "REFUND_ORDER_ID": refund_order_id,
            "AMOUNT": amount,
            "CURRENCY_CODE": CURRENCY_INR,
            "TXNTYPE": "REFUND",
            "NOTIFY_URL": notify_url,
        }
        return self.call("/pgws/transact", _without_none(fields))
    # paystra:endregion

    # paystra:region qr
    def qr(self, order: Mapping[str, Optional[str]], qr_type: str) -> Fields:
        """
        A QR for an order (ORDER_ID, AMOUNT in paise, CUST_NAME...): UPI (a upi:// intent) or PG
        (the hosted payment page). Answers 006 Pending with QR_IMAGE_URL until the customer pays.
        """
        fields = {"CURRENCY_CODE": CURRENCY_INR, **_without_none(order), "QR_TYPE": qr_type}
        return self.call("/pgws/qr", fields)
    # paystra:endregion

    # paystra:region payout
    def payout(self, request: Mapping[str, Optional[str]]) -> Fields:
        """
        Sends money to a beneficiary: PAYOUT_ID, AMOUNT (paise), TRANSFER_MODE NEFT|RTGS|IMPS with
        BENEFICIARY_ACCOUNT + BENEFICIARY_IFSC, or UPI with BENEFICIARY_VPA; BENEFICIARY_NAME.
        STATUS Processed (000, with a UTR), Pending (026) or Failed.
        """
        fields = {"CURRENCY_CODE": CURRENCY_INR, **_without_none(request)}
        return self.call("/pgws/payout", fields)

    def payout_status(self, payout_id: str) -> Fields:
        """The payout's stored answer (328 when the gateway never saw PAYOUT_ID)."""
        return self.call("/pgws/payout/status", {"PAYOUT_ID": payout_id})
    # paystra:endregion

    # ---- webhooks ----

    def verify_webhook(self, raw_body: RawBody, signature_header: Optional[str]) -> Event:
        """
        A webhook delivery checked with the configured webhook secret, and its data's HASH with
        the salt: the event (id, type, created, data), or WebhookError saying what is wrong.
        """
        return verify_webhook(raw_body, signature_header, self.config.webhook_secret, salt=self.config.salt)

    def _post_json(self, url: str, body: Mapping[str, str]) -> Dict[str, str]:
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode("utf-8"),
            method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            # A refusal may come with a 4xx status and still be a JSON answer worth reading.
            raw = error.read()
            if not raw.strip().startswith(b"{"):
                raise GatewayUnavailable(f"the gateway answered {error.code} at {url}") from error
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise GatewayUnavailable(f"could not reach the gateway at {url}: {reason}") from error
        try:
            answer = json.loads(raw.decode("utf-8"))
        except ValueError as error:
            raise GatewayUnavailable(f"the gateway's answer from {url} is not JSON") from error
        if not isinstance(answer, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in answer.items()
        ):
            raise GatewayUnavailable(f"the gateway's answer from {url} is not a set of fields")
        return answer
