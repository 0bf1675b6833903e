"""The merchant's side of the gateway: signed payment forms, response verification, JSON APIs."""

import base64
import json
import re
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, datetime, timedelta, timezone
from typing import Any, Dict, Mapping, NamedTuple, Optional, Tuple, Union

from . import currency, validation
from .cipher import decrypt, encrypt
from .config import Config
from .errors import GatewayError, GatewayUnavailable, InvalidInput, ProtocolError, VerificationError
from .fields import Fields
from .hash import verify, with_hash
from .webhook import Event, RawBody, verify_webhook

CURRENCY_INR = "356"

SETTLEMENT_RANGE_DAYS = 92
"""The longest FROM–TO range the settlements call takes, both days included."""

SETTLEMENT_PAGE_SIZE = 1000
"""The most LINES one page of a settlement holds (PAGE_SIZE's default and maximum)."""

INVOICE_FORMATS = ("JSON", "PDF")

EVIDENCE_CHARACTERS = 5000
"""The longest explanation a contested dispute takes."""

EVIDENCE_FILE_BYTES = 2 * 1024 * 1024
"""The largest evidence document (PDF, JPEG or PNG) a contested dispute takes."""

IST = timezone(timedelta(hours=5, minutes=30), "IST")

CREDIT_MODES = ("NEFT", "RTGS", "IMPS", "UPI")
"""How a payer's bank sends money into a virtual account (credit_virtual_account's MODE)."""

DESCRIPTION_CHARACTERS = 255
"""The longest DESCRIPTION a payment link takes."""

VALIDATE_BENEFICIARY = ("Y", "N")

SUBSCRIPTION_METHODS = ("UPI", "CARD", "EMANDATE")
"""A subscription's instrument: UPI AutoPay, a card standing instruction, e-NACH (327 otherwise)."""

LARGEST_DEBITS = {"UPI": 100_000_00, "CARD": 100_000_00, "EMANDATE": 1_00_00_000_00}
"""The largest debit each method takes, in paise: ₹1,00,000, ₹1,00,000 and ₹1 crore (380 above)."""

FREQUENCIES = ("WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY", "AS_PRESENTED")
"""How often a subscription debits; AS_PRESENTED: when you present a charge (379 otherwise)."""

SUBSCRIPTION_CATEGORIES = ("MUTUAL_FUND", "INSURANCE", "CREDIT_CARD_BILL")
"""The categories debited up to ₹1,00,000 without the customer's approval (326 otherwise)."""

CUSTOMER_ACTIONS = ("SKIP", "APPROVE", "PAUSE", "RESUME", "REVOKE")
"""What act_as_customer may do (326 otherwise)."""

Answer = Dict[str, Any]
"""A verified answer: its fields (strings), and on success its list field parsed (a list of dicts)."""

DateLike = Union[str, date]

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")
_PAGE = re.compile(r"[1-9][0-9]{0,8}")
_SETTLEMENT_ID = re.compile(r"setl_[0-9a-f]{20}")
_DISPUTE_ID = re.compile(r"dsp_[0-9a-f]{20}")
_UTR = re.compile(r"[A-Z0-9]{16,22}")
_ADVANCE_BY = re.compile(r"[1-9][0-9]{0,4}[hd]")
_PAYLINK_ID = re.compile(r"plink_[A-Za-z0-9]{14}")
_VA_ID = re.compile(r"va_[A-Za-z0-9]{14}")
_SUBSCRIPTION_ID = re.compile(r"sub_[A-Za-z0-9]{14}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_LINK_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_PHONE = re.compile(r"[0-9]{10}")
_NAME_MARKS = frozenset(" .'-")
_AS_OF = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})")

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
        return self._verified(path, self._post_json(self.config.base_url + path, request))

    def _verified(self, path: str, answer: Dict[str, str]) -> Fields:
        if "HASH" not in answer:
            # Unsigned: the gateway could not tell who asked (324 unknown PAY_ID, 326 malformed).
            code = answer.get("RESPONSE_CODE")
            raise GatewayError(code, answer.get("RESPONSE_MESSAGE", "unsigned answer"), answer)
        if not verify(answer, self.config.salt) or answer.get("PAY_ID") != self.config.pay_id:
            raise VerificationError(f"the gateway's answer from {path} does not verify")
        return answer
    # paystra:endregion

    # paystra:region refund
    def refund(self, order_id: str, refund_order_id: str, amount: str, notify_url: Optional[str] = None,
               currency_code: str = CURRENCY_INR) -> Fields:
        """
        Refunds part or all of a captured payment. AMOUNT is in the payment's minor units (paise,
        cents of a USD payment, whose currency_code "840" it must repeat); partial refunds add up
        (329 beyond what is left). STATUS Refunded with 000; with notify_url, the gateway also
        POSTs refund.processed there (a webhook).
        """
        fields = {
            "ORDER_ID": order_id,
            "REFUND_ORDER_ID": refund_order_id,
            "AMOUNT": amount,
            "CURRENCY_CODE": currency_code,
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

    # ---- settlements and reconciliation ----
    # On RESPONSE_CODE 000 the list field (JSON text covered by the HASH) comes back parsed, a list
    # of dicts of strings; a refusal comes back as its fields, without it.

    # paystra:region settlements
    def settlements(self, date_from: DateLike, date_to: DateLike) -> Answer:
        """
        The settlements dated date_from to date_to (YYYY-MM-DD or dates, both included, at most 92
        days), without their lines: answer["SETTLEMENTS"].
        """
        return _with_list(self.call("/pgws/settlements", _date_range(date_from, date_to)), "SETTLEMENTS")

    def settlement(
        self, settlement_id: Optional[str] = None, utr: Optional[str] = None, page: int = 1, page_size: int = 0
    ) -> Answer:
        """
        One settlement's fields and one page of its lines, answer["LINES"], by its id or its UTR
        (338: none of yours). PAGE and PAGE_SIZE (default and at most 1000) choose the page;
        LINES_COUNT and PAGES say how many lines and pages there are.
        """
        fields = {**_settlement_lookup(settlement_id, utr), **_page(page, page_size)}
        return _with_list(self.call("/pgws/settlement", fields), "LINES")
    # paystra:endregion

    def settlement_with_all_lines(self, settlement_id: Optional[str] = None, utr: Optional[str] = None) -> Answer:
        """
        One settlement with every page of its lines in answer["LINES"] (what reconcile needs): the
        first page's fields, then each further page's LINES. A refusal of the first page comes
        back as it is; of a later one, raises GatewayError.
        """
        first = self.settlement(settlement_id, utr, page=1, page_size=SETTLEMENT_PAGE_SIZE)
        if first.get("RESPONSE_CODE") != "000":
            return first
        lines = list(first["LINES"])
        for page in range(2, _count(first, "PAGES", 1) + 1):
            answer = self.settlement(settlement_id, utr, page=page, page_size=SETTLEMENT_PAGE_SIZE)
            if answer.get("RESPONSE_CODE") != "000":
                raise GatewayError(answer.get("RESPONSE_CODE"), answer.get("RESPONSE_MESSAGE", "refused"), answer)
            lines += answer["LINES"]
        if len(lines) != _count(first, "LINES_COUNT", len(lines)):
            raise ProtocolError(f"the settlement's pages hold {len(lines)} lines, not its LINES_COUNT")
        return {**first, "LINES": lines}

    def settlement_csv(self, settlement_id: Optional[str] = None, utr: Optional[str] = None) -> str:
        """
        One settlement's lines as the gateway's CSV (header row, CRLF line ends). A refusal raises
        GatewayError with its code (338: no such settlement) once its HASH verifies.
        """
        path = "/pgws/settlement"
        request = with_hash(
            {"PAY_ID": self.config.pay_id, **_settlement_lookup(settlement_id, utr), "FORMAT": "CSV"},
            self.config.salt,
        )
        content_type, raw = self._post(self.config.base_url + path, request, "text/csv, application/json")
        if content_type.split(";")[0].strip().lower() == "text/csv":
            return raw.decode("utf-8")
        refusal = self._verified(path, _answer_fields(raw, self.config.base_url + path))
        raise GatewayError(refusal.get("RESPONSE_CODE"), refusal.get("RESPONSE_MESSAGE", "no CSV"), refusal)

    def gst_invoice(self, month: Union[str, date], format: str = "JSON") -> Union[Answer, bytes]:
        """
        The GST invoice of a month's fees (MONTH YYYY-MM, or a date in it): its fields, verified,
        with answer["LINES"] (a line per kind of fee: DESCRIPTION, SAC, TAXABLE_AMOUNT, CGST_AMOUNT,
        SGST_AMOUNT, IGST_AMOUNT, GST_AMOUNT, TOTAL_AMOUNT...), or with format="PDF" the PDF's bytes.
        A refusal (355 a bad MONTH, 356 a bad FORMAT) comes back as its fields for JSON, and raises
        GatewayError for PDF.
        """
        if format not in INVOICE_FORMATS:
            raise InvalidInput("FORMAT", "FORMAT must be JSON or PDF")
        fields = {"MONTH": _month(month)}
        if format == "JSON":
            return _with_list(self.call("/pgws/gst-invoice", fields), "LINES")
        path = "/pgws/gst-invoice"
        request = with_hash({"PAY_ID": self.config.pay_id, **fields, "FORMAT": "PDF"}, self.config.salt)
        content_type, raw = self._post(self.config.base_url + path, request, "application/pdf, application/json")
        if content_type.split(";")[0].strip().lower() == "application/pdf":
            return raw
        refusal = self._verified(path, _answer_fields(raw, self.config.base_url + path))
        raise GatewayError(refusal.get("RESPONSE_CODE"), refusal.get("RESPONSE_MESSAGE", "no PDF"), refusal)

    # paystra:region recon
    def recon(self, order_id: Optional[str] = None, va_id: Optional[str] = None) -> Answer:
        """
        Where an order's money stands: answer["RECON"], one entry per movement (its PAYMENT, each
        REFUND, a dispute's DISPUTE_HOLD and DISPUTE_RELEASE with its DISPUTE_ID), STATE SETTLED
        (paid out by PAID_BY_SETTLEMENT_ID under UTR), CARRIED_FORWARD (in SETTLEMENT_ID, which paid
        nothing yet) or UNSETTLED (EXPECTED_SETTLEMENT_DATE) ([] for a payment never captured; 328
        for an order the gateway does not know). With va_id instead, a virtual account's: one entry
        per credit (376 for an account the gateway does not know).
        """
        if (order_id is None) == (va_id is None):
            raise InvalidInput("ORDER_ID", "give one of order_id or va_id")
        fields = {"ORDER_ID": validation.order_id(order_id)} if va_id is None else {"VA_ID": _va_id(va_id)}
        return _with_list(self.call("/pgws/recon", fields), "RECON")
    # paystra:endregion

    def run_settlement(self, as_of: Union[str, datetime], notify_url: Optional[str] = None) -> Answer:
        """
        Sandbox only: settles, as if the clock read as_of (ISO 8601 with an offset, or an aware
        datetime), everything due by then, and answers the settlements dated in the 92 days up to
        it (answer["SETTLEMENTS"]). A second identical run creates nothing new. Each settlement it
        makes is announced by a settlement.processed webhook to notify_url (else your default).
        """
        fields = {"AS_OF": _as_of(as_of), "NOTIFY_URL": notify_url}
        return _with_list(self.call("/pgws/settlement/run", _without_none(fields)), "SETTLEMENTS")

    # ---- exchange rates and disputes ----

    # paystra:region fx
    def fx_rates(self) -> Answer:
        """
        The rates the gateway converts foreign card payments at, dated RATES_DATE:
        answer["RATES"] maps CURRENCY_CODE to rupees per unit ({"840": "84.2150", ...}), and
        answer["CURRENCIES"] lists every currency it takes (CURRENCY_CODE, CODE, NAME,
        MINOR_UNITS, FX_RATE), INR first at "1.0000".
        """
        answer = _with_list(self.call("/pgws/fx", {}), "CURRENCIES")
        if answer.get("RESPONSE_CODE") != "000":
            return answer
        return {**answer, "RATES": _json_fields(answer.get("RATES", ""), "RATES")}
    # paystra:endregion

    # ---- the sandbox clock ----

    # paystra:region clock
    def clock(self) -> Fields:
        """
        Sandbox only: the merchant's clock, answer["NOW"] (ISO 8601 in UTC), real time plus its
        advances. Every time the gateway writes for you (payments, refunds, webhooks' created,
        settlements, disputes, RESPONSE_DATE_TIME) is read from it.
        """
        return self.call("/pgws/clock", {})

    def advance_clock(self, by: Optional[str] = None, to: Union[str, datetime, None] = None) -> Answer:
        """
        Sandbox only: moves the merchant's clock forward, by a whole number of hours or days
        (by="36h", by="4d") or to a time (to: ISO 8601 with an offset, or an aware datetime), at
        most 400 days a call; exactly one of them. On the way, in time order, pending late
        payments are confirmed and each working day's settlement runs, each with its webhooks.
        Answers FROM and NOW, answer["SETTLEMENTS"] (made on the way, without lines) and
        answer["HAPPENED"] (oldest first: AT, TYPE PAYMENT_CAPTURED or SETTLEMENT, REFERENCE). A
        refusal (364 not forward or over 400 days, 353/359 a TO out of reach, 362 the demo
        merchant's clock on a public sandbox, with ACCOUNT_URL) comes back as its fields.
        """
        answer = _with_list(self.call("/pgws/clock/advance", _clock_advance(by, to)), "SETTLEMENTS")
        return _with_list(answer, "HAPPENED")
    # paystra:endregion

    # paystra:region disputes
    def disputes(self, date_from: DateLike, date_to: DateLike) -> Answer:
        """
        The disputes created from date_from to date_to (IST, both included, at most 92 days),
        oldest first: answer["DISPUTES"], each with DISPUTE_ID, ORDER_ID, AMOUNT, CURRENCY_CODE,
        INR_AMOUNT, REASON_CODE, REASON, RESPOND_BY, STATUS (OPEN, UNDER_REVIEW, WON, LOST)...
        """
        return _with_list(self.call("/pgws/disputes", _date_range(date_from, date_to)), "DISPUTES")

    def disputes_for_order(self, order_id: str) -> Answer:
        """The disputes of one order (at most one per payment): answer["DISPUTES"]."""
        fields = {"ORDER_ID": validation.order_id(order_id)}
        return _with_list(self.call("/pgws/disputes", fields), "DISPUTES")
    # paystra:endregion

    # paystra:region dispute-answer
    def accept_dispute(self, dispute_id: str) -> Fields:
        """Accepts a dispute: it is LOST at once and the amount held stays with the customer."""
        return self.call("/pgws/dispute", {"DISPUTE_ID": _dispute_id(dispute_id), "ACTION": "ACCEPT"})

    def contest_dispute(self, dispute_id: str, evidence: str, file: Optional[bytes] = None,
                        file_name: Optional[str] = None) -> Fields:
        """
        Contests a dispute with why the payment is valid (1 to 5,000 characters) and, optionally,
        one PDF, JPEG or PNG document of at most 2 MB (sent as Base64 with its name). It is then
        UNDER_REVIEW until the issuer decides, after RESPOND_BY.
        """
        fields = {"DISPUTE_ID": _dispute_id(dispute_id), "ACTION": "CONTEST", "EVIDENCE": _evidence(evidence)}
        if (file is None) != (file_name is None):
            raise InvalidInput("EVIDENCE_FILE", "send the evidence file with its name, or neither")
        if file is not None:
            if len(file) > EVIDENCE_FILE_BYTES:
                raise InvalidInput("EVIDENCE_FILE", "the evidence file may be at most 2 MB")
            fields["EVIDENCE_FILE"] = base64.b64encode(file).decode("ascii")
            fields["EVIDENCE_FILE_NAME"] = file_name
        return self.call("/pgws/dispute", fields)
    # paystra:endregion

    # ---- payment links and virtual accounts ----
    # Each answer is verified like any other; a refusal comes back as its fields (check the code).

    # paystra:region paylinks
    def create_paylink(self, link: Mapping[str, Union[str, datetime, None]]) -> Fields:
        """
        A payment link: a page at answer["SHORT_URL"] where a customer pays AMOUNT once, by any method
        its currency allows (cards alone for a foreign one). link: AMOUNT (minor units of
        CURRENCY_CODE, "356" rupees by default), DESCRIPTION (1 to 255 characters, no control
        characters), and optionally CUST_NAME, CUST_EMAIL, CUST_PHONE (10 digits), EXPIRE_BY (ISO
        8601 with an offset, or an aware datetime: 15 minutes to 366 days after the account's clock),
        REFERENCE_ID (yours, unique), NOTIFY_URL (the paylink.* webhooks), VALIDATE_BENEFICIARY (Y or
        N). The answer is the link, STATUS CREATED, with LINK_FEE and LINK_GST (paise). Refusals:
        370 DESCRIPTION, 371 EXPIRE_BY, 374 a REFERENCE_ID used before, 375 the customer's details,
        378 VALIDATE_BENEFICIARY, 319 the currency, 320 AMOUNT.
        """
        return self.call("/pgws/paylink", _paylink_fields(link))

    def cancel_paylink(self, paylink_id: str) -> Fields:
        """
        Cancels a link nobody has paid: the link, STATUS CANCELLED (paylink.cancelled is sent). 372 no
        such link, 373 one already paid, expired or cancelled.
        """
        return self.call("/pgws/paylink/cancel", {"PAYLINK_ID": _paylink_id(paylink_id)})
    # paystra:endregion

    # paystra:region paylink-status
    def paylink_status(self, paylink_id: Optional[str] = None, reference_id: Optional[str] = None) -> Fields:
        """
        A link as it stands (STATUS CREATED, PAID with ORDER_ID, TXN_ID and PAID_AT, EXPIRED or
        CANCELLED), by its PAYLINK_ID or your REFERENCE_ID: exactly one of them. A link past its
        EXPIRE_BY on the account's clock is EXPIRED by this very read. 372: no such link of yours.
        """
        if (paylink_id is None) == (reference_id is None):
            raise InvalidInput("PAYLINK_ID", "give one of paylink_id or reference_id")
        if paylink_id is not None:
            return self.call("/pgws/paylink/status", {"PAYLINK_ID": _paylink_id(paylink_id)})
        fields = {"REFERENCE_ID": validation.order_id(_text(reference_id, "REFERENCE_ID"), "REFERENCE_ID")}
        return self.call("/pgws/paylink/status", fields)
    # paystra:endregion

    # paystra:region virtual-accounts
    def create_virtual_account(self, account: Mapping[str, Optional[str]]) -> Fields:
        """
        A virtual account for one customer (account: CUST_NAME, and optionally REFERENCE_ID and
        NOTIFY_URL for the virtual_account.* webhooks): ACCOUNT_NUMBER and IFSC take NEFT, RTGS and
        IMPS, VPA takes UPI. The answer is the account, STATUS ACTIVE, with SETUP_FEE and SETUP_GST
        (paise). Refusals: 374 a REFERENCE_ID used before, 375 CUST_NAME, 357 NOTIFY_URL.
        """
        name = _name(account.get("CUST_NAME"), "CUST_NAME")
        if name is None:
            raise InvalidInput("CUST_NAME", "CUST_NAME is required")
        fields = {"CUST_NAME": name, **_reference_and_notify(account)}
        return self.call("/pgws/virtual-account", fields)

    def close_virtual_account(self, va_id: str) -> Fields:
        """
        Closes an account: STATUS CLOSED; a transfer into it from then on is returned to the payer
        (virtual_account.credit_returned). 376 no such account, 377 one already closed.
        """
        return self.call("/pgws/virtual-account/close", {"VA_ID": _va_id(va_id)})
    # paystra:endregion

    # paystra:region virtual-account-status
    def virtual_account_status(self, va_id: str) -> Answer:
        """
        An account as it stands (STATUS ACTIVE or CLOSED) with answer["CREDITS"]: its latest 100
        credits, newest first (CREDIT_ID, AMOUNT, MODE, PAYER_NAME, UTR, STATUS CREDITED or RETURNED,
        CREDITED_AT, FEE, GST, NET...). 376: no such account of yours (then no CREDITS).
        """
        return _with_list(self.call("/pgws/virtual-account/status", {"VA_ID": _va_id(va_id)}), "CREDITS")
    # paystra:endregion

    # paystra:region virtual-account-credit
    def credit_virtual_account(self, va_id: str, amount: str, mode: str, payer_name: Optional[str] = None) -> Fields:
        """
        Sandbox only: a payer's bank transfer of amount (paise) into the account, by mode (NEFT, RTGS,
        IMPS or UPI), as the bank would make it. The answer is the credit: STATUS CREDITED with FEE,
        GST and NET (virtual_account.credited), or, into a closed account, RETURNED under
        RESPONSE_CODE 377 with a RETURN_REASON. Refusals: 376 no such account, 320 amount, 331 mode,
        334 the mode's limits, 375 payer_name.
        """
        fields = {
            "VA_ID": _va_id(va_id),
            "AMOUNT": _amount(amount),
            "MODE": validation.one_of(_text(mode, "MODE"), CREDIT_MODES, "MODE"),
        }
        payer = _name(payer_name, "PAYER_NAME")
        if payer is not None:
            fields["PAYER_NAME"] = payer
        return self.call("/pgws/virtual-account/credit", fields)
    # paystra:endregion

    # ---- subscriptions ----
    # Each answer is verified like any other; a refusal comes back as its fields (check the code).

    # paystra:region subscriptions
    def create_subscription(self, subscription: Mapping[str, Union[str, date, None]]) -> Fields:
        """
        A subscription: the customer registers its mandate on the page at answer["AUTH_URL"] (STATUS
        CREATED until then), and each cycle is noticed and debited on the account's clock.
        subscription: SUBSCRIPTION_REF (yours, unique), METHOD (UPI, CARD, EMANDATE), FREQUENCY
        (WEEKLY, MONTHLY, QUARTERLY, YEARLY, AS_PRESENTED), AMOUNT (paise; absent for AS_PRESENTED),
        MAX_AMOUNT (at least AMOUNT), START_DATE and optionally END_DATE (YYYY-MM-DD or dates),
        CATEGORY, DESCRIPTION, CUST_NAME, CUST_EMAIL, CUST_PHONE, RETURN_URL and NOTIFY_URL. Refusals:
        327 METHOD, 379 FREQUENCY, 380 an amount above MAX_AMOUNT or the method's largest debit (LARGEST_DEBITS),
        388 a date, 326 CATEGORY, 370 DESCRIPTION, 374 a SUBSCRIPTION_REF used before, 375 the customer.
        """
        return self.call("/pgws/subscription", _subscription_fields(subscription))

    def cancel_subscription(self, subscription_id: str) -> Answer:
        """
        Cancels a subscription: STATUS CANCELLED, CANCELLED_BY MERCHANT, an open notice's attempt
        STOPPED (385), subscription.cancelled sent; with answer["DEBITS"] as subscription_status
        gives them. Refusals (no DEBITS): 387 no such subscription, 385 one already ended.
        """
        fields = {"SUBSCRIPTION_ID": _subscription_id(subscription_id)}
        return _with_list(self.call("/pgws/subscription/cancel", fields), "DEBITS")

    def resume_subscription(self, subscription_id: str) -> Answer:
        """
        Resumes a HALTED subscription: ACTIVE, from the first cycle whose notice is still to come
        (unpaid cycles are not collected); with answer["DEBITS"] as subscription_status gives
        them. Refusals (no DEBITS): 385 one that is not HALTED, 387 no such subscription.
        """
        fields = {"SUBSCRIPTION_ID": _subscription_id(subscription_id)}
        return _with_list(self.call("/pgws/subscription/resume", fields), "DEBITS")
    # paystra:endregion

    # paystra:region subscription-status
    def subscription_status(
        self, subscription_id: Optional[str] = None, subscription_ref: Optional[str] = None
    ) -> Answer:
        """
        A subscription as it stands, by its SUBSCRIPTION_ID or your SUBSCRIPTION_REF (exactly one),
        with answer["DEBITS"]: its latest 100 attempts, newest first (DEBIT_ID, CYCLE, ATTEMPT,
        AMOUNT, NOTIFIED_AT, DEBIT_AT, APPROVAL_REQUIRED, APPROVED, STATUS, RESPONSE_CODE, ORDER_ID,
        TXN_ID, FEE, GST). The read runs first what fell due on the account's clock. 387: no such
        subscription of yours (then no DEBITS).
        """
        if (subscription_id is None) == (subscription_ref is None):
            raise InvalidInput("SUBSCRIPTION_ID", "give one of subscription_id or subscription_ref")
        if subscription_id is not None:
            fields = {"SUBSCRIPTION_ID": _subscription_id(subscription_id)}
        else:
            ref = _text(subscription_ref, "SUBSCRIPTION_REF")
            fields = {"SUBSCRIPTION_REF": validation.order_id(ref, "SUBSCRIPTION_REF")}
        return _with_list(self.call("/pgws/subscription/status", fields), "DEBITS")
    # paystra:endregion

    # paystra:region subscription-charge
    def present_charge(self, subscription_id: str, amount: str) -> Answer:
        """
        Presents a charge of amount (paise) on an AS_PRESENTED subscription: noticed now, debited at
        the first 07:00 IST at least 24 hours on. The answer is the subscription with
        answer["DEBITS"], the notice first. 380 above MAX_AMOUNT, 386 a presented charge still open,
        385 a subscription not active (not yet registered, or ended), 326 a scheduled one, 387 none.
        """
        fields = {"SUBSCRIPTION_ID": _subscription_id(subscription_id), "AMOUNT": _amount(amount)}
        return _with_list(self.call("/pgws/subscription/charge", fields), "DEBITS")
    # paystra:endregion

    # paystra:region subscription-customer
    def act_as_customer(self, subscription_id: str, action: str) -> Answer:
        """
        Sandbox only: what the customer does in their UPI app, bank or card issuer's page: SKIP a
        noticed debit, APPROVE one above the approval threshold, PAUSE or RESUME (UPI), REVOKE the
        mandate. Registering is not an action: that happens on the AUTH_URL page. The answer is the
        subscription with answer["DEBITS"]. Refusals: 326 an action the rules do not allow now, 385 a
        subscription not yet registered or ended, 387 none.
        """
        fields = {
            "SUBSCRIPTION_ID": _subscription_id(subscription_id),
            "ACTION": _choice(action, CUSTOMER_ACTIONS, "ACTION"),
        }
        return _with_list(self.call("/pgws/subscription/customer", fields), "DEBITS")
    # paystra:endregion

    # ---- webhooks ----

    def verify_webhook(self, raw_body: RawBody, signature_header: Optional[str]) -> Event:
        """
        A webhook delivery checked with the configured webhook secret, and its data's HASH with
        the salt: the event (id, type, created, data), or WebhookError saying what is wrong.
        """
        return verify_webhook(raw_body, signature_header, self.config.webhook_secret, salt=self.config.salt)

    def _post_json(self, url: str, body: Mapping[str, str]) -> Dict[str, str]:
        return _answer_fields(self._post(url, body, "application/json")[1], url)

    def _post(self, url: str, body: Mapping[str, str], accept: str) -> Tuple[str, bytes]:
        """The answer's content type and bytes."""
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode("utf-8"),
            method="POST",
            headers={"Content-Type": "application/json", "Accept": accept},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            # A refusal may come with a 4xx status and still be a JSON answer worth reading.
            raw = error.read()
            if not raw.strip().startswith(b"{"):
                raise GatewayUnavailable(f"the gateway answered {error.code} at {url}") from error
            return error.headers.get("Content-Type", ""), raw
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise GatewayUnavailable(f"could not reach the gateway at {url}: {reason}") from error


def _answer_fields(raw: bytes, url: str) -> Dict[str, str]:
    try:
        answer = json.loads(raw.decode("utf-8"))
    except ValueError as error:
        raise GatewayUnavailable(f"the gateway's answer from {url} is not JSON") from error
    if not _is_fields(answer):
        raise GatewayUnavailable(f"the gateway's answer from {url} is not a set of fields")
    return answer


def _is_fields(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _with_list(answer: Fields, key: str) -> Answer:
    """A successful answer with its list field parsed; a refusal as it is."""
    if answer.get("RESPONSE_CODE") != "000":
        return answer
    try:
        items = json.loads(answer.get(key, ""))
    except ValueError:
        items = None
    if not isinstance(items, list) or not all(_is_fields(item) for item in items):
        raise ProtocolError(f"the gateway's {key} is not a JSON list of objects of strings")
    return {**answer, key: items}


def _json_fields(text: str, key: str) -> Dict[str, str]:
    """A field holding a JSON object of strings (the HASH covers the text), parsed."""
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if not _is_fields(parsed):
        raise ProtocolError(f"the gateway's {key} is not a JSON object of strings")
    return parsed


def _paylink_id(value: str) -> str:
    if not isinstance(value, str) or not _PAYLINK_ID.fullmatch(value):
        raise InvalidInput("PAYLINK_ID", "PAYLINK_ID must be plink_ and 14 letters and digits")
    return value


def _va_id(value: str) -> str:
    if not isinstance(value, str) or not _VA_ID.fullmatch(value):
        raise InvalidInput("VA_ID", "VA_ID must be va_ and 14 letters and digits")
    return value


def _subscription_id(value: str) -> str:
    if not isinstance(value, str) or not _SUBSCRIPTION_ID.fullmatch(value):
        raise InvalidInput("SUBSCRIPTION_ID", "SUBSCRIPTION_ID must be sub_ and 14 letters and digits")
    return value


def _amount(value: object, field: str = "AMOUNT") -> str:
    """AMOUNT as digits (minor units), checked as the gateway checks it (320)."""
    return validation.amount(_text(value, field), field)


def _choice(value: object, choices: Tuple[str, ...], field: str) -> str:
    """One of the choices, exactly as written."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidInput(field, f"{field} must be one of {', '.join(choices)}")
    return value


def _text(value: object, field: str) -> Optional[str]:
    """An optional text field, trimmed: None when absent or blank; ~ is refused (it splits fields)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInput(field, f"{field} must be text")
    if "~" in value:
        raise InvalidInput(field, f"{field} must not contain ~")
    return value.strip() or None


def _name(value: object, field: str) -> Optional[str]:
    """
    CUST_NAME or PAYER_NAME when given, trimmed: 1 to 100 letters, spaces and . ' -, from a letter,
    as a bank account names its holder (the gateway answers 375 otherwise).
    """
    name = _text(value, field)
    if name is not None and not _is_person_name(name):
        raise InvalidInput(field, f"{field} must be 1 to 100 letters, spaces and . ' -, starting with a letter")
    return name


def _is_person_name(name: str) -> bool:
    """Letters (with their combining marks), spaces and . ' -, starting with a letter, at most 100."""
    if not 0 < len(name) <= 100 or unicodedata.category(name[0])[0] != "L":
        return False
    return all(unicodedata.category(char)[0] in "LM" or char in _NAME_MARKS for char in name[1:])


def _reference_and_notify(request: Mapping[str, object]) -> Fields:
    """REFERENCE_ID (shaped like an order id) and NOTIFY_URL, each when given."""
    fields = {}
    reference = _text(request.get("REFERENCE_ID"), "REFERENCE_ID")
    if reference is not None:
        fields["REFERENCE_ID"] = validation.order_id(reference, "REFERENCE_ID")
    notify_url = _text(request.get("NOTIFY_URL"), "NOTIFY_URL")
    if notify_url is not None:
        fields["NOTIFY_URL"] = _notify_url(notify_url)
    return fields


def _notify_url(value: str) -> str:
    """An absolute http(s) URL without credentials, as the gateway requires (357 otherwise)."""
    return _http_url(value, "NOTIFY_URL")


def _http_url(value: str, field: str) -> str:
    """An absolute http(s) URL without credentials (the gateway answers 325 for RETURN_URL, 357 for NOTIFY_URL)."""
    try:
        parts = urllib.parse.urlsplit(value)
        usable = parts.scheme in ("http", "https") and bool(parts.hostname) and len(value) <= 2048
        usable = usable and parts.username is None and parts.password is None
    except ValueError:
        usable = False
    if not usable:
        raise InvalidInput(field, f"{field} must be an absolute http:// or https:// URL")
    return value


def _description(description: object) -> str:
    """DESCRIPTION of a link or a subscription: 1 to 255 characters, not only spaces, no control characters (370)."""
    if (
        not isinstance(description, str)
        or not description.strip()
        or _utf16_length(description) > DESCRIPTION_CHARACTERS
        or _CONTROL.search(description)
        or "~" in description
    ):
        raise InvalidInput(
            "DESCRIPTION",
            f"DESCRIPTION must be 1 to {DESCRIPTION_CHARACTERS} characters, not only spaces, without control characters or ~",
        )
    return description


def _customer(values: Mapping[str, object]) -> Fields:
    """CUST_NAME, CUST_EMAIL and CUST_PHONE when given, each checked as the gateway checks it (375)."""
    fields = {}
    name = _name(values.get("CUST_NAME"), "CUST_NAME")
    if name is not None:
        fields["CUST_NAME"] = name
    email = _text(values.get("CUST_EMAIL"), "CUST_EMAIL")
    if email is not None:
        if len(email) > 100 or not _LINK_EMAIL.fullmatch(email):
            raise InvalidInput("CUST_EMAIL", "CUST_EMAIL must be an email address")
        fields["CUST_EMAIL"] = email
    phone = _text(values.get("CUST_PHONE"), "CUST_PHONE")
    if phone is not None:
        if not _PHONE.fullmatch(phone):
            raise InvalidInput("CUST_PHONE", "CUST_PHONE must be 10 digits")
        fields["CUST_PHONE"] = phone
    return fields


def _paylink_fields(link: Mapping[str, Union[str, datetime, None]]) -> Fields:
    """
    A payment link's fields, checked as the gateway checks them; how far ahead EXPIRE_BY may be is
    the gateway's to judge against the account's clock (371).
    """
    if not isinstance(link, Mapping):
        raise InvalidInput("AMOUNT", "give the link as a dict of AMOUNT, DESCRIPTION...")
    description = _description(link.get("DESCRIPTION"))
    currency_code = link.get("CURRENCY_CODE") or CURRENCY_INR
    if not isinstance(currency_code, str) or currency.by_number(currency_code) is None:
        raise InvalidInput(
            "CURRENCY_CODE", f"CURRENCY_CODE {currency_code} is not a currency the gateway takes (356 rupees, 840 US dollars...)"
        )
    fields = {"AMOUNT": _amount(link.get("AMOUNT")), "CURRENCY_CODE": currency_code, "DESCRIPTION": description}
    fields.update(_customer(link))
    expire_by = link.get("EXPIRE_BY")
    if expire_by is not None and expire_by != "":
        fields["EXPIRE_BY"] = _as_of(expire_by, "EXPIRE_BY")
    fields.update(_reference_and_notify(link))
    validate = link.get("VALIDATE_BENEFICIARY")
    if validate is not None:
        if validate not in VALIDATE_BENEFICIARY:
            raise InvalidInput("VALIDATE_BENEFICIARY", "VALIDATE_BENEFICIARY must be Y or N")
        fields["VALIDATE_BENEFICIARY"] = validate
    return fields


def _subscription_fields(subscription: Mapping[str, Union[str, date, None]]) -> Fields:
    """
    A subscription's fields, checked as the gateway checks them. Whether START_DATE and END_DATE are
    within reach of the account's clock is the gateway's to judge (388); that END_DATE comes after
    START_DATE is checked here.
    """
    if not isinstance(subscription, Mapping):
        raise InvalidInput("SUBSCRIPTION_REF", "give the subscription as a dict of SUBSCRIPTION_REF, METHOD...")
    s = subscription
    frequency = _choice(s.get("FREQUENCY"), FREQUENCIES, "FREQUENCY")
    max_amount = _amount(s.get("MAX_AMOUNT"), "MAX_AMOUNT")
    presented = frequency == "AS_PRESENTED"
    if presented != (s.get("AMOUNT") in (None, "")):
        if presented:
            raise InvalidInput("AMOUNT", "AMOUNT must be left out for AS_PRESENTED: each charge names its own")
        raise InvalidInput("AMOUNT", "AMOUNT is required: the paise of each scheduled debit")
    amount = None if presented else _amount(s.get("AMOUNT"))
    if amount is not None and int(amount) > int(max_amount):
        raise InvalidInput("AMOUNT", "AMOUNT must not be above MAX_AMOUNT")
    method = _choice(s.get("METHOD"), SUBSCRIPTION_METHODS, "METHOD")
    if int(max_amount) > LARGEST_DEBITS[method]:
        raise InvalidInput("MAX_AMOUNT", f"MAX_AMOUNT must be at most {LARGEST_DEBITS[method]} paise on {method}")
    start = _day(s.get("START_DATE"), "START_DATE")
    end = None if s.get("END_DATE") in (None, "") else _day(s.get("END_DATE"), "END_DATE")
    if end is not None and end <= start:
        raise InvalidInput("END_DATE", "END_DATE must be after START_DATE")
    reference = _text(s.get("SUBSCRIPTION_REF"), "SUBSCRIPTION_REF")
    fields = {
        "SUBSCRIPTION_REF": validation.order_id(reference, "SUBSCRIPTION_REF"),
        "METHOD": method,
    }
    if amount is not None:
        fields["AMOUNT"] = amount
    fields.update({"MAX_AMOUNT": max_amount, "FREQUENCY": frequency, "START_DATE": start})
    if end is not None:
        fields["END_DATE"] = end
    if s.get("CATEGORY") not in (None, ""):
        fields["CATEGORY"] = _choice(s.get("CATEGORY"), SUBSCRIPTION_CATEGORIES, "CATEGORY")
    fields["DESCRIPTION"] = _description(s.get("DESCRIPTION"))
    customer = _customer(s)
    if len(customer) < 3:
        raise InvalidInput("CUST_NAME", "CUST_NAME, CUST_EMAIL and CUST_PHONE are required")
    fields.update(customer)
    return_url = _text(s.get("RETURN_URL"), "RETURN_URL")
    fields["RETURN_URL"] = _http_url(return_url or "", "RETURN_URL")
    notify_url = _text(s.get("NOTIFY_URL"), "NOTIFY_URL")
    if notify_url is not None:
        fields["NOTIFY_URL"] = _notify_url(notify_url)
    return fields


def _utf16_length(text: str) -> int:
    """The length the gateway counts: UTF-16 code units, so a character beyond U+FFFF counts two."""
    return len(text.encode("utf-16-le")) // 2


def _date_range(date_from: DateLike, date_to: DateLike) -> Fields:
    """FROM and TO, checked as the gateway checks them (339, 340) before anything is sent."""
    fields = {"FROM": _day(date_from, "FROM"), "TO": _day(date_to, "TO")}
    days = (date.fromisoformat(fields["TO"]) - date.fromisoformat(fields["FROM"])).days
    if days < 0:
        raise InvalidInput("FROM", "FROM must not be after TO")
    if days >= SETTLEMENT_RANGE_DAYS:
        raise InvalidInput("TO", f"FROM to TO may span at most {SETTLEMENT_RANGE_DAYS} days, both included: ask in parts")
    return fields


def _dispute_id(value: str) -> str:
    if not isinstance(value, str) or not _DISPUTE_ID.fullmatch(value):
        raise InvalidInput("DISPUTE_ID", "DISPUTE_ID must be dsp_ and 20 lower-case hex digits")
    return value


def _evidence(text: str) -> str:
    if not isinstance(text, str) or not text.strip() or len(text) > EVIDENCE_CHARACTERS:
        raise InvalidInput("EVIDENCE", "explain in 1 to 5,000 characters why the payment is valid")
    return text


def _day(value: DateLike, field: str) -> str:
    """A date as the gateway writes it, YYYY-MM-DD, checked to exist."""
    if isinstance(value, datetime):
        raise InvalidInput(field, f"{field} must be a date, not a date and time")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str) and _is_day(value):
        return value
    raise InvalidInput(field, f"{field} must be a date as YYYY-MM-DD, e.g. 2026-11-30")


def _is_day(text: str) -> bool:
    if not _DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
        return True
    except ValueError:
        return False


def _settlement_lookup(settlement_id: Optional[str], utr: Optional[str]) -> Fields:
    if (settlement_id is None) == (utr is None):
        raise InvalidInput("SETTLEMENT_ID", "give one of settlement_id or utr")
    if settlement_id is not None:
        if not isinstance(settlement_id, str) or not _SETTLEMENT_ID.fullmatch(settlement_id):
            raise InvalidInput("SETTLEMENT_ID", "SETTLEMENT_ID must be setl_ and 20 lower-case hex digits")
        return {"SETTLEMENT_ID": settlement_id}
    if not isinstance(utr, str) or not _UTR.fullmatch(utr):
        raise InvalidInput("UTR", "UTR must be 16 to 22 upper-case letters and digits")
    return {"UTR": utr}


def _page(page: int, page_size: int) -> Fields:
    """PAGE (from 1) and PAGE_SIZE (1 to 1000; 0: the gateway's default), checked as the gateway does (358)."""
    if isinstance(page, bool) or not isinstance(page, int) or not _PAGE.fullmatch(str(page)):
        raise InvalidInput("PAGE", "PAGE must be a whole number from 1")
    if isinstance(page_size, bool) or not isinstance(page_size, int) or not 0 <= page_size <= SETTLEMENT_PAGE_SIZE:
        raise InvalidInput("PAGE_SIZE", f"PAGE_SIZE must be a whole number from 1 to {SETTLEMENT_PAGE_SIZE}")
    fields = {"PAGE": str(page)} if page != 1 else {}
    return {**fields, "PAGE_SIZE": str(page_size)} if page_size else fields


def _count(answer: Mapping[str, Any], key: str, absent: int) -> int:
    """A count the answer gives as digits (PAGES, LINES_COUNT); a gateway without pages gives none."""
    value = answer.get(key)
    if value is None:
        return absent
    if not isinstance(value, str) or not value.isdigit():
        raise ProtocolError(f"the gateway's {key} is not a number")
    return int(value)


def _month(value: Union[str, date]) -> str:
    """MONTH as the gateway reads it: YYYY-MM, 2000-01 to 2099-12."""
    if isinstance(value, date):
        value = value.strftime("%Y-%m")
    if isinstance(value, str) and _MONTH.fullmatch(value) and "2000" <= value[:4] <= "2099":
        return value
    raise InvalidInput("MONTH", "MONTH must be a month as YYYY-MM (2000-01 to 2099-12), e.g. 2026-11")


def _as_of(value: Union[str, datetime], field: str = "AS_OF") -> str:
    """AS_OF (or the clock's TO): ISO 8601 with an offset; an aware datetime is written in IST (+05:30)."""
    if isinstance(value, datetime):
        if value.utcoffset() is None:
            raise InvalidInput(field, f"{field} must be an aware datetime (with tzinfo): the time is read in IST")
        return value.astimezone(IST).replace(microsecond=0).isoformat()
    match = _AS_OF.fullmatch(value) if isinstance(value, str) else None
    if match and _is_day(match.group(1)) and int(match.group(2)) < 24 and int(match.group(3)) < 60:
        if int(match.group(4) or 0) < 60:
            return value
    raise InvalidInput(field, f"{field} must be an ISO 8601 date-time with an offset, e.g. 2026-11-30T11:00:00+05:30")


def _clock_advance(by: Optional[str], to: Union[str, datetime, None]) -> Fields:
    """
    BY or TO, exactly one of them: BY checked as the gateway checks it (363), TO as AS_OF. How far
    ahead is the gateway's to judge (364).
    """
    if (by is None) == (to is None):
        raise InvalidInput("BY", 'give one of by ("36h", "4d") or to (a time)')
    if to is not None:
        return {"TO": _as_of(to, "TO")}
    if not isinstance(by, str) or not _ADVANCE_BY.fullmatch(by):
        raise InvalidInput("BY", "BY must be a whole number of hours or days, e.g. 36h or 4d")
    return {"BY": by}
