import { decrypt, encrypt, merchantHostedKey } from './cipher.js'
import { currencyByNumber } from './currency.js'
import { GatewayError, InvalidInputError, VerificationError } from './errors.js'
import { verify, withHash } from './hash.js'
import { verifyWebhook } from './webhook.js'

/** @typedef {import('./hash.js').Fields} Fields */
/** @typedef {import('./config.js').Config} Config */
/** @typedef {import('./webhook.js').WebhookEvent} WebhookEvent */

/**
 * An order as the customer placed it. AMOUNT is in paise (the rupee's minor unit), digits only:
 * "100" is ₹1.00. RETURN_URL defaults to the config's APP_URL + "/response".
 * @typedef {object} Order
 * @property {string} ORDER_ID your id for the order, unique per merchant (see newOrderId)
 * @property {string} AMOUNT
 * @property {string} [CUST_NAME]
 * @property {string} [CUST_EMAIL]
 * @property {string} [CUST_MOBILE]
 * @property {string} [CUST_ID]
 * @property {string} [RETURN_URL]
 * @property {string} [NOTIFY_URL] where the gateway POSTs the signed webhook of the outcome
 * @property {string} [CURRENCY_CODE] 356 (rupees) unless a card payment is in a foreign currency,
 *   e.g. 840 with AMOUNT in cents (toMinorUnits('12.34', 'USD') = "1234")
 */

/**
 * How a merchant-hosted (seamless) payment is paid: PAYMENT_TYPE NB (net banking, MOP_TYPE a
 * bank code), WL (wallet, MOP_TYPE a wallet code) or UP (UPI, PAYER_ADDRESS the customer's VPA).
 * @typedef {object} PaymentMethod
 * @property {'NB' | 'WL' | 'UP'} PAYMENT_TYPE
 * @property {string} [MOP_TYPE]
 * @property {string} [PAYER_ADDRESS]
 */

/**
 * @typedef {object} PayoutRequest
 * @property {string} PAYOUT_ID your id for the payout, unique per merchant
 * @property {string} AMOUNT paise
 * @property {string} TRANSFER_MODE NEFT, RTGS, IMPS or UPI (the gateway answers 331 otherwise)
 * @property {string} BENEFICIARY_NAME
 * @property {string} [BENEFICIARY_ACCOUNT] with BENEFICIARY_IFSC, for NEFT, RTGS and IMPS
 * @property {string} [BENEFICIARY_IFSC]
 * @property {string} [BENEFICIARY_VPA] for UPI
 * @property {string} [REMARKS]
 * @property {string} [NOTIFY_URL] where the gateway POSTs the signed webhook of the outcome
 */

/**
 * A form the browser posts to the gateway: where, and the hidden fields.
 * @typedef {{ action: string, fields: Fields }} GatewayForm
 */

/**
 * One payout of captured payments less refunds, fees and GST to the merchant's bank account.
 * Amounts are paise as digit strings, negative with a leading "-". All values are strings.
 * @typedef {object} Settlement
 * @property {string} SETTLEMENT_ID setl_ and 20 lower-case hex digits
 * @property {string} UTR the bank transfer's reference; '' when STATUS is CARRIED_FORWARD
 * @property {string} SETTLEMENT_DATE YYYY-MM-DD
 * @property {string} CYCLE_FROM YYYY-MM-DD
 * @property {string} CYCLE_TO YYYY-MM-DD
 * @property {string} PAYMENTS_COUNT
 * @property {string} REFUNDS_COUNT
 * @property {string} GROSS_AMOUNT the payments' and the virtual accounts' credits' AMOUNT summed
 * @property {string} REFUNDS_AMOUNT the refunds' AMOUNT summed (positive)
 * @property {string} FEES_AMOUNT
 * @property {string} GST_AMOUNT
 * @property {string} CGST_AMOUNT
 * @property {string} SGST_AMOUNT
 * @property {string} IGST_AMOUNT the three add up to GST_AMOUNT
 * @property {string} PROVIDER_GSTIN
 * @property {string} MERCHANT_GSTIN
 * @property {string} ADJUSTMENTS_AMOUNT signed: the NET of the DISPUTE_HOLD, DISPUTE_RELEASE and
 *   CARRY_FORWARD lines
 * @property {string} NET_AMOUNT GROSS − REFUNDS − FEES − GST + ADJUSTMENTS, the lines' NET summed
 * @property {string} BANK_ACCOUNT masked, e.g. XXXXXXXXXX4321
 * @property {'PROCESSED' | 'CARRIED_FORWARD'} STATUS CARRIED_FORWARD: nothing was paid (a net
 *   not above zero moves on to the next settlement as a CARRY_FORWARD line)
 */

/**
 * A line of a settlement. REFUND: ORDER_ID the refunded order, TXN_ID the refund's, AMOUNT
 * positive, NET = −AMOUNT. DISPUTE_HOLD (negative) and DISPUTE_RELEASE (positive): the disputed
 * payment's references and DISPUTE_ID. CARRY_FORWARD: no order, SOURCE_SETTLEMENT_ID the settlement
 * whose balance it brings. FEE: a fee that is no payment's (a payment link's, a virtual account's
 * setup; TXN_ID its PAYLINK_ID or VA_ID), NET = −(FEE + GST). COLLECTION: a credit into a virtual
 * account, ORDER_ID the account's REFERENCE_ID (or VA_ID), TXN_ID the CREDIT_ID, PG_REF_NUM the UTR.
 * @typedef {object} SettlementLine
 * @property {'PAYMENT' | 'REFUND' | 'DISPUTE_HOLD' | 'DISPUTE_RELEASE' | 'CARRY_FORWARD' | 'FEE' | 'COLLECTION'} TYPE
 * @property {string} ORDER_ID
 * @property {string} TXN_ID
 * @property {string} PG_REF_NUM
 * @property {string} PAYMENT_TYPE
 * @property {string} MOP_TYPE
 * @property {string} AMOUNT
 * @property {string} FEE
 * @property {string} GST
 * @property {string} NET AMOUNT − FEE − GST
 * @property {string} DATE IST, YYYY-MM-DD HH:mm:ss
 * @property {string} DESCRIPTION
 * @property {string} DISPUTE_ID dsp_… on DISPUTE_HOLD and DISPUTE_RELEASE, else ''
 * @property {string} SOURCE_SETTLEMENT_ID setl_… on CARRY_FORWARD, else ''
 */

/**
 * Where one movement of an order's money stands with settlement (the recon call).
 * @typedef {object} ReconEntry
 * @property {'PAYMENT' | 'REFUND' | 'DISPUTE_HOLD' | 'DISPUTE_RELEASE' | 'COLLECTION' | 'FEE'} TYPE
 *   COLLECTION and FEE: a virtual account's credits and its setup charge (recon({ vaId }))
 * @property {string} TXN_ID
 * @property {string} AMOUNT
 * @property {string} FEE
 * @property {string} GST
 * @property {string} NET
 * @property {string} DATE IST, YYYY-MM-DD HH:mm:ss
 * @property {string} DISPUTE_ID '' unless a hold or a release
 * @property {'SETTLED' | 'CARRIED_FORWARD' | 'UNSETTLED'} STATE SETTLED: paid out under UTR;
 *   CARRIED_FORWARD: in a settlement that paid nothing yet; UNSETTLED: in no settlement yet
 * @property {string} SETTLEMENT_ID the settlement whose line holds it ('' while UNSETTLED)
 * @property {string} SETTLEMENT_DATE '' while UNSETTLED
 * @property {'PROCESSED' | 'CARRIED_FORWARD' | ''} SETTLEMENT_STATUS
 * @property {string} PAID_BY_SETTLEMENT_ID the settlement that paid it out ('' until one has)
 * @property {string} UTR that settlement's UTR ('' until one has)
 * @property {string} EXPECTED_SETTLEMENT_DATE the date it settles (or settled) on
 */

/**
 * One settlement, by its SETTLEMENT_ID or by the UTR of its bank transfer.
 * @typedef {{ settlementId: string, utr?: undefined } | { utr: string, settlementId?: undefined }} SettlementRef
 */

/**
 * A customer's bank's dispute of a captured payment (the disputes calls, the dispute answers and
 * the dispute.* webhooks). All values are strings.
 * @typedef {object} Dispute
 * @property {string} DISPUTE_ID dsp_ and 20 lower-case hex digits
 * @property {string} ORDER_ID
 * @property {string} TXN_ID
 * @property {string} PG_REF_NUM
 * @property {string} AMOUNT the payment's amount less what was refunded before, in its currency's minor units
 * @property {string} CURRENCY_CODE the payment's
 * @property {string} INR_AMOUNT paise held
 * @property {string} REASON_CODE 13.1, 10.4, …
 * @property {string} REASON
 * @property {string} RESPOND_BY YYYY-MM-DD: answer by the end of that day, IST
 * @property {'OPEN' | 'UNDER_REVIEW' | 'WON' | 'LOST'} STATUS
 * @property {'Y' | 'N'} EVIDENCE_RECEIVED
 * @property {string} CREATED_AT IST, YYYY-MM-DD HH:mm:ss
 * @property {string} DECIDED_AT '' while undecided
 * @property {string} RESOLUTION '' while undecided
 */

/**
 * One currency as the exchange-rates call lists it.
 * @typedef {object} FxCurrency
 * @property {string} CURRENCY_CODE
 * @property {string} CODE
 * @property {string} NAME
 * @property {string} MINOR_UNITS
 * @property {string} FX_RATE rupees per unit, four decimals; "1.0000" for INR
 */

/**
 * How far advanceClock moves the clock: `by` a whole number of hours or days ("36h", "4d"), or
 * `to` a time (ISO 8601 with an offset, or a Date, written in IST); exactly one of them.
 * @typedef {{ by: string, to?: undefined } | { to: string | Date, by?: undefined }} ClockAdvance
 */

/**
 * One thing that fell due while the clock moved (advanceClock's HAPPENED), oldest first.
 * @typedef {object} ClockEvent
 * @property {string} AT IST, YYYY-MM-DD HH:mm:ss, on the merchant's clock
 * @property {'PAYMENT_CAPTURED' | 'SETTLEMENT'} TYPE PAYMENT_CAPTURED: a pending payment
 *   (late@upi) confirmed by the bank; SETTLEMENT: a settlement made at the settlement hour
 * @property {string} REFERENCE the payment's ORDER_ID or the settlement's SETTLEMENT_ID
 */

/**
 * A document sent as dispute evidence: the bytes of one PDF, JPEG or PNG (at most 2 MB) and
 * its file name, whose extension matches the content.
 * @typedef {{ bytes: Uint8Array, name: string }} EvidenceFile
 */

/**
 * A payment link to create (createPaylink): a page at SHORT_URL where a customer pays AMOUNT once.
 * AMOUNT is in the minor units of CURRENCY_CODE (paise for rupees, the default); a link in
 * another currency is paid by card only.
 * @typedef {object} PaylinkRequest
 * @property {string} AMOUNT
 * @property {string} DESCRIPTION what the customer pays for: 1 to 255 characters, not only spaces,
 *   no control characters
 * @property {string} [CURRENCY_CODE] 356 (rupees) unless the link is in a foreign currency
 * @property {string} [CUST_NAME] letters, spaces and . ' -, from a letter, at most 100
 * @property {string} [CUST_EMAIL]
 * @property {string} [CUST_PHONE] 10 digits
 * @property {string | Date} [EXPIRE_BY] ISO 8601 with an offset (a Date is written in IST): at
 *   least 15 minutes and at most 366 days after the account's clock (the gateway answers 371)
 * @property {string} [REFERENCE_ID] your id for the link, unique per merchant (374 when reused)
 * @property {string} [NOTIFY_URL] where the paylink.* webhooks go
 * @property {'Y' | 'N'} [VALIDATE_BENEFICIARY] Y: the payer's account is validated (₹5 more a link)
 */

/**
 * A payment link as the gateway answers it (createPaylink, paylinkStatus, cancelPaylink and the
 * paylink.* webhooks' data). All values are strings; times are IST, YYYY-MM-DD HH:mm:ss, on the
 * account's clock, but EXPIRE_BY, which is echoed as sent ('' for none).
 * @typedef {object} Paylink
 * @property {string} PAYLINK_ID plink_ and 14 letters and digits
 * @property {string} REFERENCE_ID
 * @property {string} AMOUNT
 * @property {string} CURRENCY_CODE
 * @property {string} DESCRIPTION
 * @property {string} CUST_NAME
 * @property {string} CUST_EMAIL
 * @property {string} CUST_PHONE
 * @property {string} EXPIRE_BY
 * @property {'Y' | 'N'} VALIDATE_BENEFICIARY
 * @property {string} SHORT_URL the page the customer opens to pay
 * @property {'CREATED' | 'PAID' | 'EXPIRED' | 'CANCELLED'} STATUS
 * @property {string} CREATED_AT
 * @property {string} LINK_FEE paise
 * @property {string} LINK_GST paise
 * @property {'PAYLINK'} TXNTYPE
 * @property {string} [ORDER_ID] once PAID: the paying attempt's order, PAYLINK_ID-n
 * @property {string} [TXN_ID] once PAID
 * @property {string} [PAID_AT] once PAID
 * @property {string} [EXPIRED_AT] once EXPIRED
 * @property {string} [CANCELLED_AT] once CANCELLED
 */

/**
 * One payment link, by its PAYLINK_ID or by your REFERENCE_ID; exactly one of them.
 * @typedef {{ paylinkId: string, referenceId?: undefined } | { referenceId: string, paylinkId?: undefined }} PaylinkRef
 */

/**
 * A virtual account to create (createVirtualAccount): a bank account number, IFSC and UPI ID
 * that take a customer's bank transfers into your settlements.
 * @typedef {object} VirtualAccountRequest
 * @property {string} CUST_NAME the customer the account is for, as a bank account names its holder:
 *   letters, spaces and . ' -, from a letter, at most 100
 * @property {string} [REFERENCE_ID] your id for the account, unique per merchant (374 when reused)
 * @property {string} [NOTIFY_URL] where the virtual_account.* webhooks go
 */

/**
 * A virtual account as the gateway answers it. All values are strings; times IST.
 * @typedef {object} VirtualAccount
 * @property {string} VA_ID va_ and 14 letters and digits
 * @property {string} REFERENCE_ID
 * @property {string} CUST_NAME
 * @property {string} ACCOUNT_NUMBER 16 digits: a payer's NEFT, RTGS or IMPS goes here
 * @property {string} IFSC PYST0000001
 * @property {string} VPA pay.<ACCOUNT_NUMBER>@paystra: a payer's UPI goes here
 * @property {'ACTIVE' | 'CLOSED'} STATUS
 * @property {string} CREATED_AT
 * @property {string} CLOSED_AT '' while ACTIVE
 * @property {string} SETUP_FEE paise
 * @property {string} SETUP_GST paise
 * @property {'VIRTUAL_ACCOUNT'} TXNTYPE
 */

/**
 * A bank transfer into a virtual account (creditVirtualAccount's answer, virtualAccountStatus's
 * CREDITS, the virtual_account.* webhooks' data). Amounts in paise. A RETURNED credit (the account
 * was closed) has FEE, GST and NET 0 and a RETURN_REASON.
 * @typedef {object} VirtualAccountCredit
 * @property {string} VA_ID
 * @property {string} REFERENCE_ID the account's
 * @property {string} ACCOUNT_NUMBER
 * @property {string} CREDIT_ID vacr_ and 14 letters and digits
 * @property {string} AMOUNT
 * @property {string} CURRENCY_CODE 356
 * @property {'NEFT' | 'RTGS' | 'IMPS' | 'UPI'} MODE
 * @property {string} PAYER_NAME
 * @property {string} UTR 12 digits
 * @property {'CREDITED' | 'RETURNED'} STATUS
 * @property {string} CREDITED_AT
 * @property {string} FEE
 * @property {string} GST
 * @property {string} NET AMOUNT − FEE − GST
 * @property {string} [RETURN_REASON] on RETURNED
 * @property {'VA_CREDIT'} [TXNTYPE]
 */

/**
 * A credit as virtualAccountStatus lists it in CREDITS. SETTLEMENT_ID is the settlement that holds
 * it ('' until one does).
 * @typedef {Pick<VirtualAccountCredit, 'CREDIT_ID' | 'AMOUNT' | 'MODE' | 'PAYER_NAME' | 'UTR' | 'STATUS' | 'CREDITED_AT' | 'FEE' | 'GST'> & { SETTLEMENT_ID: string }} ListedCredit
 */

/**
 * A sandbox test transfer into a virtual account (creditVirtualAccount), as a payer's bank makes it.
 * @typedef {object} VirtualAccountCreditRequest
 * @property {string} vaId
 * @property {string} amount paise
 * @property {'NEFT' | 'RTGS' | 'IMPS' | 'UPI'} mode (each mode's limits are the gateway's: 334)
 * @property {string} [payerName] as CUST_NAME; the sandbox writes "Test Payer" without one
 */

/**
 * What recon asks about: an order (its ORDER_ID, or { orderId }) or a virtual account ({ vaId }).
 * @typedef {string | { orderId: string, vaId?: undefined } | { vaId: string, orderId?: undefined }} ReconRef
 */

/**
 * A subscription to create (createSubscription): a mandate the customer registers on the page at
 * AUTH_URL, then debited each cycle on the account's clock, each debit noticed 24 to 48 hours
 * before it. Amounts are paise, digits only.
 * @typedef {object} SubscriptionRequest
 * @property {string} SUBSCRIPTION_REF your id for it, shaped like an order id, unique (374)
 * @property {'UPI' | 'CARD' | 'EMANDATE'} METHOD UPI AutoPay, a card standing instruction, or
 *   e-NACH through net banking
 * @property {'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY' | 'AS_PRESENTED'} FREQUENCY
 * @property {string} [AMOUNT] each scheduled debit; required, but absent for AS_PRESENTED (each
 *   presented charge names its own)
 * @property {string} MAX_AMOUNT the most one debit may take: at least AMOUNT, at most the method's
 *   largest debit (380)
 * @property {string} START_DATE YYYY-MM-DD (IST): from the account clock's today, within 366 days
 *   of it (388)
 * @property {string} [END_DATE] YYYY-MM-DD after START_DATE, within its 10 years (the default)
 * @property {'MUTUAL_FUND' | 'INSURANCE' | 'CREDIT_CARD_BILL'} [CATEGORY] debits up to ₹1,00,000
 *   go without the customer's approval (₹15,000 otherwise)
 * @property {string} DESCRIPTION 1 to 255 characters, not only spaces, no control characters
 * @property {string} CUST_NAME letters, spaces and . ' -, from a letter, at most 100
 * @property {string} CUST_EMAIL
 * @property {string} CUST_PHONE 10 digits
 * @property {string} RETURN_URL where the mandate page's "Return to …" posts the signed answer
 * @property {string} [NOTIFY_URL] where the subscription.* webhooks go
 */

/**
 * A subscription as the gateway answers it (every subscription call, and the subscription.*
 * webhooks' data). All values are strings; times are IST, YYYY-MM-DD HH:mm:ss, on the account's
 * clock, '' until they happen.
 * @typedef {object} Subscription
 * @property {string} SUBSCRIPTION_ID sub_ and 14 letters and digits
 * @property {string} SUBSCRIPTION_REF
 * @property {'UPI' | 'CARD' | 'EMANDATE'} METHOD
 * @property {string} CATEGORY '' for none
 * @property {string} AMOUNT '' for AS_PRESENTED
 * @property {string} MAX_AMOUNT
 * @property {string} CURRENCY_CODE 356
 * @property {string} FREQUENCY
 * @property {string} START_DATE
 * @property {string} END_DATE
 * @property {string} DESCRIPTION
 * @property {string} CUST_NAME
 * @property {string} CUST_EMAIL
 * @property {string} CUST_PHONE
 * @property {string} AUTH_URL the mandate page the customer registers on, and keeps
 * @property {'CREATED' | 'ACTIVE' | 'PENDING' | 'PAUSED' | 'HALTED' | 'COMPLETED' | 'CANCELLED' | 'FAILED'} STATUS
 * @property {string} CREATED_AT
 * @property {string} ACTIVATED_AT
 * @property {string} ENDED_AT
 * @property {string} ANCHOR_DATE cycle 0's date
 * @property {string} INSTRUMENT success@upi, a masked card or account; '' until registered and
 *   after a revocation
 * @property {string} PAID_CYCLES
 * @property {string} NEXT_DEBIT_AT the open notice's DEBIT_AT, or ''
 * @property {string} REGISTRATION_FEE paise
 * @property {string} REGISTRATION_GST paise
 * @property {'MERCHANT' | 'CUSTOMER'} [CANCELLED_BY] once CANCELLED: by your cancelSubscription, or
 *   by the customer's revocation
 * @property {'SUBSCRIPTION'} TXNTYPE
 */

/**
 * One attempt of a debit as DEBITS lists it (newest first, at most 100). ORDER_ID, TXN_ID, FEE and
 * GST are '' until the attempt reached the bank and was captured.
 * @typedef {object} SubscriptionDebit
 * @property {string} DEBIT_ID sdeb_ and 14 letters and digits
 * @property {string} CYCLE
 * @property {string} ATTEMPT 1 to 4
 * @property {string} AMOUNT
 * @property {string} NOTIFIED_AT
 * @property {string} DEBIT_AT
 * @property {'Y' | 'N'} APPROVAL_REQUIRED
 * @property {'Y' | 'N'} APPROVED
 * @property {'NOTIFIED' | 'CHARGED' | 'FAILED' | 'SKIPPED' | 'STOPPED'} STATUS
 * @property {string} RESPONSE_CODE
 * @property {string} ORDER_ID <SUBSCRIPTION_ID>-<cycle>-<attempt>
 * @property {string} TXN_ID
 * @property {string} FEE
 * @property {string} GST
 */

/**
 * One subscription, by its SUBSCRIPTION_ID or by your SUBSCRIPTION_REF; exactly one of them.
 * @typedef {{ subscriptionId: string, subscriptionRef?: undefined } | { subscriptionRef: string, subscriptionId?: undefined }} SubscriptionRef
 */

/**
 * What the customer does in the sandbox's stand-in for their UPI app, bank or card issuer
 * (actAsCustomer).
 * @typedef {'SKIP' | 'APPROVE' | 'PAUSE' | 'RESUME' | 'REVOKE'} CustomerAction
 */

/** The Indian rupee (ISO 4217 numeric): every settlement is in it, and every method but cards. */
export const CURRENCY_INR = '356'

/** The longest FROM–TO range the settlements call takes, both days included. */
export const SETTLEMENT_RANGE_DAYS = 92
/** The most LINES one page of a settlement holds (PAGE_SIZE's default and maximum). */
export const SETTLEMENT_PAGE_SIZE = 1000

const ORDER_ID = /^[A-Za-z0-9:/@_-]{1,50}$/
const AMOUNT = /^[1-9]\d{0,9}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MOBILE = /^\d{10}$/
const VPA = /^[A-Za-z0-9._-]{3,}@[A-Za-z]{3,}$/
const MAX_TEXT = 100
const DATE = /^\d{4}-\d{2}-\d{2}$/
const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/
const SETTLEMENT_ID = /^setl_[0-9a-f]{20}$/
const UTR = /^[A-Z0-9]{16,22}$/
const ADVANCE_BY = /^[1-9]\d{0,4}[hd]$/
const PAYLINK_ID = /^plink_[A-Za-z0-9]{14}$/
const VA_ID = /^va_[A-Za-z0-9]{14}$/
/** A person's name as a bank account holds it: 1–100 letters, spaces and . ' -, from a letter (375). */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} .'-]{0,99}$/u
/** A payment link's CUST_EMAIL as the gateway takes it, at most 100 characters (375). */
const LINK_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
/** The longest DESCRIPTION a payment link takes (370 otherwise). */
const DESCRIPTION_MAX = 255
/** How a payer's bank sends money into a virtual account. */
const CREDIT_MODES = ['NEFT', 'RTGS', 'IMPS', 'UPI']
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{14}$/
/** A subscription's instrument: UPI AutoPay, a card standing instruction, e-NACH (327). */
const SUBSCRIPTION_METHODS = ['UPI', 'CARD', 'EMANDATE']
/** The largest debit each method takes, in paise: ₹1,00,000, ₹1,00,000 and ₹1 crore (380). */
const LARGEST_DEBITS = /** @type {Record<string, bigint>} */ ({
  UPI: 100_000_00n,
  CARD: 100_000_00n,
  EMANDATE: 1_00_00_000_00n,
})
/** How often a subscription debits; AS_PRESENTED: when you present a charge (379). */
const FREQUENCIES = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY', 'AS_PRESENTED']
/** The categories debited up to ₹1,00,000 without the customer's approval (326 otherwise). */
const SUBSCRIPTION_CATEGORIES = ['MUTUAL_FUND', 'INSURANCE', 'CREDIT_CARD_BILL']
/** What actAsCustomer may do (326 otherwise). */
const CUSTOMER_ACTIONS = ['SKIP', 'APPROVE', 'PAUSE', 'RESUME', 'REVOKE']
const AS_OF = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
const DAY_MS = 24 * 60 * 60 * 1000
const IST_OFFSET_MS = 330 * 60 * 1000
const URL_FIELDS = ['RETURN_URL', 'NOTIFY_URL']
/** Free text longer than MAX_TEXT that the gateway takes. */
const TEXT_MAX = /** @type {Record<string, number>} */ ({ DESCRIPTION: DESCRIPTION_MAX })
/** Dispute evidence: the gateway judges its length and content (350, 351, 352), not this client. */
const EVIDENCE_FIELDS = ['EVIDENCE', 'EVIDENCE_FILE', 'EVIDENCE_FILE_NAME']

let lastOrderMillis = 0

/**
 * True for an id the gateway accepts as ORDER_ID (and REFUND_ORDER_ID, PAYOUT_ID): 1 to 50
 * letters, digits or : / @ _ -.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isOrderId(value) {
  return typeof value === 'string' && ORDER_ID.test(value)
}

/**
 * A fresh order id: the prefix and the current milliseconds (PG1763712000123). Two calls in
 * the same millisecond get consecutive numbers, because the gateway refuses a reused id (018).
 * @param {string} prefix letters, e.g. "PG"
 * @returns {string}
 */
export function newOrderId(prefix) {
  lastOrderMillis = Math.max(Date.now(), lastOrderMillis + 1)
  return `${prefix}${lastOrderMillis}`
}

/** The merchant's side of the Paystra protocol. Keep it on the server: it holds the salt. */
export class Client {
  /** @type {Readonly<Config>} */
  #config
  /** @type {string} */
  #key
  /** @type {typeof fetch} */
  #fetch
  /** @type {number} */
  #timeoutMs

  /**
   * @param {Readonly<Config>} config see loadConfig
   * @param {{ fetch?: typeof fetch, timeoutMs?: number }} [options]
   */
  constructor(config, options = {}) {
    this.#config = config
    this.#key = merchantHostedKey(config.keySalt, config.payId)
    this.#fetch = options.fetch ?? globalThis.fetch
    this.#timeoutMs = options.timeoutMs ?? 20000
  }

  /** The gateway's base URL. */
  get baseUrl() {
    return this.#config.baseUrl
  }

  /**
   * A hosted payment: the signed fields the customer's browser posts to the gateway's payment
   * page, which takes the payment and posts the result back to RETURN_URL.
   * @param {Order} order
   * @returns {GatewayForm}
   */
  paymentRequest(order) {
    const fields = withHash(this.#saleFields(order), this.#config.salt)
    return { action: `${this.#config.baseUrl}/paymentrequest`, fields }
  }

  /**
   * A merchant-hosted (seamless) payment: the customer chose the method on your page; the
   * request and its HASH travel encrypted in ENCDATA, beside PAY_ID in the clear.
   * @param {Order} order
   * @param {PaymentMethod} method
   * @returns {{ action: string, fields: { PAY_ID: string, ENCDATA: string } }}
   */
  merchantHostedRequest(order, method) {
    const request = { ...this.#saleFields(order), ...paymentMethodFields(method) }
    const ENCDATA = encrypt(request, this.#config.salt, this.#key)
    return {
      action: `${this.#config.baseUrl}/merchantPaymentInit`,
      fields: { PAY_ID: this.#config.payId, ENCDATA },
    }
  }

  /**
   * Reads what the gateway posted to RETURN_URL (PAY_ID and ENCDATA): it must name this
   * merchant, decrypt with its key and carry a HASH made with its salt.
   * @param {Record<string, unknown>} posted the urlencoded body
   * @returns {Fields} the response fields, HASH included
   * @throws {VerificationError} when any of that fails: never treat such a post as a payment
   */
  verifyResponse(posted) {
    const { PAY_ID, ENCDATA } = posted
    if (typeof PAY_ID !== 'string' || typeof ENCDATA !== 'string' || ENCDATA === '') {
      throw new VerificationError('The response has no PAY_ID and ENCDATA')
    }
    if (PAY_ID !== this.#config.payId) {
      throw new VerificationError('The response is for another merchant (PAY_ID)')
    }
    let fields
    try {
      fields = decrypt(ENCDATA, this.#key)
    } catch (error) {
      throw new VerificationError("ENCDATA does not decrypt with this merchant's key", {
        cause: error,
      })
    }
    if (fields.PAY_ID !== this.#config.payId) {
      throw new VerificationError('The encrypted response is for another merchant (PAY_ID)')
    }
    if (!verify(fields, this.#config.salt)) {
      throw new VerificationError('The response HASH does not match its fields')
    }
    return fields
  }

  // paystra:region status
  /**
   * Status enquiry: what the gateway knows of an order (STATUS, RESPONSE_CODE, AMOUNT, …).
   * Ask it before shipping: the browser's return to RETURN_URL can be lost or forged.
   * @param {string} orderId
   */
  async status(orderId) {
    const ORDER_ID = checkOrderId('ORDER_ID', orderId)
    return this.call('/pgws/transact', { ORDER_ID, TXNTYPE: 'STATUS' })
  }

  /**
   * Every server-to-server API: PAY_ID and the fields, signed with HASH, posted as JSON. The
   * answer is returned only when its HASH verifies with the salt.
   * @param {string} path e.g. "/pgws/transact"
   * @param {Fields} request
   * @returns {Promise<Fields>}
   */
  async call(path, request) {
    const { text, status } = await this.#post(path, request, 'application/json')
    return this.#verified(answerFields(text, status))
  }
  // paystra:endregion

  // paystra:region refund
  /**
   * Refunds all or part of a captured payment. Partial refunds add up; the gateway answers
   * 329 when AMOUNT (paise) is more than what is left to refund. STATUS is Refunded on 000.
   * @param {string} orderId the paid order
   * @param {string} refundOrderId your id for this refund, unique like an order id
   * @param {string} amount paise
   * @param {{ NOTIFY_URL?: string, CURRENCY_CODE?: string }} [options] where the
   *   refund.processed webhook goes; a foreign payment's currency (AMOUNT then counts its minor units)
   * @returns {Promise<Fields>}
   */
  async refund(orderId, refundOrderId, amount, options = {}) {
    return this.call('/pgws/transact', {
      TXNTYPE: 'REFUND',
      ORDER_ID: checkOrderId('ORDER_ID', orderId),
      REFUND_ORDER_ID: checkOrderId('REFUND_ORDER_ID', refundOrderId),
      AMOUNT: checkAmount(amount),
      CURRENCY_CODE: checkCurrency(options.CURRENCY_CODE ?? CURRENCY_INR),
      ...notifyUrlField(options.NOTIFY_URL),
    })
  }
  // paystra:endregion

  // paystra:region qr
  /**
   * A QR code for a counter sale. UPI: the code holds a UPI intent any UPI app pays. PG: it
   * opens the hosted payment page (cards, net banking, UPI, wallets). The order stays Pending
   * (006) until paid; poll status(ORDER_ID).
   * @param {Order} order ORDER_ID, AMOUNT and optionally CUST_NAME, CUST_EMAIL, RETURN_URL
   * @param {string} qrType UPI or PG (the gateway answers 336 otherwise)
   * @returns {Promise<Fields>} QR_IMAGE_URL, QR_SCAN_URL, UPI_INTENT or PAYMENT_URL, TXN_ID, …
   */
  async qr(order, qrType) {
    return this.call('/pgws/qr', {
      ORDER_ID: checkOrderId('ORDER_ID', order.ORDER_ID),
      AMOUNT: checkAmount(order.AMOUNT),
      CURRENCY_CODE: CURRENCY_INR,
      QR_TYPE: qrType,
      ...optional({ CUST_NAME: order.CUST_NAME, CUST_EMAIL: order.CUST_EMAIL }),
      ...optional({ RETURN_URL: order.RETURN_URL }),
      ...notifyUrlField(order.NOTIFY_URL),
    })
  }
  // paystra:endregion

  // paystra:region payout
  /**
   * Sends money to a bank account (NEFT, RTGS, IMPS: BENEFICIARY_ACCOUNT + BENEFICIARY_IFSC)
   * or a UPI ID (UPI: BENEFICIARY_VPA). STATUS is Processed (000, with the bank's UTR),
   * Pending (026: ask payoutStatus later) or Failed.
   * @param {PayoutRequest} request
   * @returns {Promise<Fields>}
   */
  async payout(request) {
    return this.call('/pgws/payout', {
      PAYOUT_ID: checkOrderId('PAYOUT_ID', request.PAYOUT_ID),
      AMOUNT: checkAmount(request.AMOUNT),
      CURRENCY_CODE: CURRENCY_INR,
      TRANSFER_MODE: request.TRANSFER_MODE,
      BENEFICIARY_NAME: request.BENEFICIARY_NAME,
      ...optional({
        BENEFICIARY_ACCOUNT: request.BENEFICIARY_ACCOUNT,
        BENEFICIARY_IFSC: request.BENEFICIARY_IFSC,
        BENEFICIARY_VPA: request.BENEFICIARY_VPA,
        REMARKS: request.REMARKS,
      }),
      ...notifyUrlField(request.NOTIFY_URL),
    })
  }
  // paystra:endregion

  /**
   * Checks a webhook delivery with this merchant's webhook secret and salt (see verifyWebhook).
   * @param {string | Uint8Array} rawBody the request body exactly as it arrived, before parsing
   * @param {string | null | undefined} signatureHeader X-Paystra-Signature
   * @returns {WebhookEvent}
   * @throws {import('./errors.js').WebhookError} with `.reason`; never act on such a delivery
   */
  verifyWebhook(rawBody, signatureHeader) {
    return verifyWebhook(rawBody, signatureHeader, this.#config.webhookSecret ?? '', {
      salt: this.#config.salt,
    })
  }

  /**
   * The latest answer for a payout, e.g. one that was Pending.
   * @param {string} payoutId
   * @returns {Promise<Fields>}
   */
  async payoutStatus(payoutId) {
    return this.call('/pgws/payout/status', { PAYOUT_ID: checkOrderId('PAYOUT_ID', payoutId) })
  }

  // paystra:region settlements
  /**
   * The settlements dated FROM to TO (both included, at most 92 days), without their lines.
   * On RESPONSE_CODE 000, SETTLEMENTS is the parsed list; a refusal (339 dates, 340 range) comes
   * back as its fields, without it.
   * @param {string} from YYYY-MM-DD
   * @param {string} to YYYY-MM-DD
   * @returns {Promise<Fields & { SETTLEMENTS?: Settlement[] }>}
   */
  async settlements(from, to) {
    const [FROM, TO] = checkDateRange(from, to)
    return withList(await this.call('/pgws/settlements', { FROM, TO }), 'SETTLEMENTS')
  }

  /**
   * One settlement's fields and a page of its LINES (parsed), by SETTLEMENT_ID or UTR; 338 when
   * the gateway knows no such settlement of yours. LINES_COUNT and PAGES say how many there are.
   * @param {SettlementRef} ref
   * @param {{ page?: number, pageSize?: number }} [paging] page from 1; pageSize up to 1000
   * @returns {Promise<Fields & { LINES?: SettlementLine[] }>}
   */
  async settlement(ref, paging = {}) {
    const request = { ...settlementLookup(ref), ...pageFields(paging) }
    return withList(await this.call('/pgws/settlement', request), 'LINES')
  }
  // paystra:endregion

  /**
   * One settlement with every page of its LINES (what `reconcile` needs): the first page's
   * fields, then each further page's lines. A refusal of the first page comes back as it is; of
   * a later one, throws GatewayError.
   * @param {SettlementRef} ref
   * @returns {Promise<Fields & { LINES?: SettlementLine[] }>}
   */
  async settlementWithAllLines(ref) {
    const pageSize = SETTLEMENT_PAGE_SIZE
    const first = await this.settlement(ref, { pageSize })
    if (first.RESPONSE_CODE !== '000' || !first.LINES) return first
    const lines = [...first.LINES]
    for (let page = 2; page <= count(first, 'PAGES', 1); page++) {
      const answer = await this.settlement(ref, { page, pageSize })
      if (answer.RESPONSE_CODE !== '000' || !answer.LINES) {
        throw new GatewayError(answer.RESPONSE_MESSAGE || `Page ${page} was refused`, {
          code: answer.RESPONSE_CODE,
          fields: answer,
        })
      }
      lines.push(...answer.LINES)
    }
    if (lines.length !== count(first, 'LINES_COUNT', lines.length)) {
      throw new GatewayError(`The settlement's pages hold ${lines.length} lines, not LINES_COUNT`, {
        code: first.RESPONSE_CODE,
        fields: first,
      })
    }
    return { ...first, LINES: lines }
  }

  /**
   * The GST invoice of a month's fees: its verified fields with LINES parsed (a line per kind of
   * fee: DESCRIPTION, SAC, TAXABLE_AMOUNT, CGST_AMOUNT, SGST_AMOUNT, IGST_AMOUNT, GST_AMOUNT,
   * TOTAL_AMOUNT...), or with format 'PDF' the PDF's bytes. A refusal (355 a bad MONTH, 356 a bad FORMAT) comes back as its fields for JSON, and
   * throws GatewayError for PDF.
   * @overload
   * @param {string} month YYYY-MM
   * @param {'JSON'} [format]
   * @returns {Promise<Fields & { LINES?: Fields[] }>}
   */
  /**
   * @overload
   * @param {string} month YYYY-MM
   * @param {'PDF'} format
   * @returns {Promise<Uint8Array>}
   */
  /**
   * @param {string} month YYYY-MM
   * @param {'JSON' | 'PDF'} [format]
   * @returns {Promise<Fields | Uint8Array>}
   */
  async gstInvoice(month, format = 'JSON') {
    if (typeof month !== 'string' || !MONTH.test(month)) {
      throw new InvalidInputError(
        'MONTH must be a month as YYYY-MM (2000-01 to 2099-12), e.g. 2026-11',
      )
    }
    if (format !== 'JSON' && format !== 'PDF')
      throw new InvalidInputError('FORMAT must be JSON or PDF')
    if (format === 'JSON')
      return withList(await this.call('/pgws/gst-invoice', { MONTH: month }), 'LINES')
    const request = { MONTH: month, FORMAT: 'PDF' }
    const answer = await this.#post(
      '/pgws/gst-invoice',
      request,
      'application/pdf, application/json',
    )
    if (answer.ok && /^application\/pdf\b/i.test(answer.type)) return answer.bytes
    const refusal = this.#verified(answerFields(answer.text, answer.status))
    throw new GatewayError(refusal.RESPONSE_MESSAGE || 'The gateway sent no PDF', {
      code: refusal.RESPONSE_CODE,
      httpStatus: answer.status,
      fields: refusal,
    })
  }

  /**
   * One settlement's lines as the gateway's CSV file (header row, CRLF line ends), to keep or
   * hand to an accountant.
   * @param {SettlementRef} ref
   * @returns {Promise<string>}
   * @throws {GatewayError} with the refusal's code (338: no such settlement), once its HASH verifies
   */
  async settlementCsv(ref) {
    const request = { ...settlementLookup(ref), FORMAT: 'CSV' }
    const answer = await this.#post('/pgws/settlement', request, 'text/csv, application/json')
    if (answer.ok && /^text\/csv\b/i.test(answer.type)) return answer.text
    const refusal = this.#verified(answerFields(answer.text, answer.status))
    throw new GatewayError(refusal.RESPONSE_MESSAGE || 'The gateway sent no CSV', {
      code: refusal.RESPONSE_CODE,
      httpStatus: answer.status,
      fields: refusal,
    })
  }

  // paystra:region recon
  /**
   * Where an order's money stands: RECON (parsed) has one entry per movement (its payment, each
   * refund, a dispute's hold and release), SETTLED (paid out by PAID_BY_SETTLEMENT_ID under UTR),
   * CARRIED_FORWARD or UNSETTLED (with the date expected). [] for a payment that was never
   * captured; 328 for an order the gateway does not know. With { vaId }, a virtual account's,
   * oldest first: its setup FEE and a COLLECTION per credit (TXN_ID the CREDIT_ID; a returned
   * credit moved no money and is not listed); 376 for an account the gateway does not know.
   * @param {ReconRef} ref the order's ORDER_ID, { orderId } or { vaId }
   * @returns {Promise<Fields & { RECON?: ReconEntry[] }>}
   */
  async recon(ref) {
    return withList(await this.call('/pgws/recon', reconLookup(ref)), 'RECON')
  }
  // paystra:endregion

  /**
   * Sandbox only: settles, as if the clock read `asOf`, every payment and refund due by then, and
   * answers the settlements dated in the 92 days up to it (SETTLEMENTS, parsed). Running it
   * twice creates nothing new. A settlement.processed webhook goes to `notifyUrl` (else your
   * default) for each settlement it makes.
   * @param {string | Date} asOf ISO 8601 with an offset (2026-11-30T11:00:00+05:30), or a Date
   * @param {string} [notifyUrl]
   * @returns {Promise<Fields & { SETTLEMENTS?: Settlement[] }>}
   */
  async runSettlement(asOf, notifyUrl) {
    const request = { AS_OF: checkAsOf(asOf), ...notifyUrlField(notifyUrl) }
    return withList(await this.call('/pgws/settlement/run', request), 'SETTLEMENTS')
  }

  // paystra:region fx
  /**
   * The gateway's exchange rates for card payments in a foreign currency: RATES_DATE, RATES
   * (parsed: CURRENCY_CODE → rupees per unit with four decimals, { '840': '84.2150', … }, every
   * foreign currency) and CURRENCIES (parsed; the rupee first, at 1.0000). A foreign payment's
   * answer carries its own FX_RATE and INR_AMOUNT (paise): book those.
   * @returns {Promise<Fields & { RATES?: Record<string, string>, CURRENCIES?: FxCurrency[] }>}
   */
  async fxRates() {
    const answer = withList(await this.call('/pgws/fx', {}), 'CURRENCIES')
    if (answer.RESPONSE_CODE !== '000') return answer
    let rates
    try {
      rates = jsonFields(JSON.parse(answer.RATES ?? ''))
    } catch {
      rates = undefined
    }
    if (!rates) {
      throw new GatewayError("The gateway's RATES is not a JSON object of rates", {
        code: answer.RESPONSE_CODE,
        fields: answer,
      })
    }
    return { ...answer, RATES: rates }
  }
  // paystra:endregion

  // paystra:region clock
  /**
   * Sandbox only: the merchant's clock, NOW (ISO 8601 in UTC): real time plus the clock's
   * advances. Every time the gateway writes for you (payments, refunds, webhooks' created,
   * settlements, disputes, RESPONSE_DATE_TIME) is read from it.
   * @returns {Promise<Fields>}
   */
  async clock() {
    return this.call('/pgws/clock', {})
  }

  /**
   * Sandbox only: moves the merchant's clock forward, by `by` ("36h", "4d") or to `to`, at most
   * 400 days a call, and runs on the way, in time order, what falls due: pending late payments
   * confirmed, then each working day's settlement (with its webhooks). Answers FROM and NOW,
   * SETTLEMENTS (parsed: the settlements made on the way, without lines) and HAPPENED (parsed,
   * oldest first). A refusal (363 a bad BY, 364 not forward or over 400 days, 341/353/359 a bad
   * TO, 362 the demo merchant's clock on a public sandbox, with ACCOUNT_URL) comes back as its
   * fields, without the lists.
   * @param {ClockAdvance} advance exactly one of `by` and `to`
   * @returns {Promise<Fields & { SETTLEMENTS?: Settlement[], HAPPENED?: ClockEvent[] }>}
   */
  async advanceClock(advance) {
    const answer = await this.call('/pgws/clock/advance', clockAdvanceFields(advance))
    return withList(withList(answer, 'SETTLEMENTS'), 'HAPPENED')
  }
  // paystra:endregion

  // paystra:region disputes
  /**
   * The disputes created FROM to TO (IST dates, both included, at most 92 days), oldest first:
   * on 000, DISPUTES is the parsed list. A refusal (339, 340) comes back as its fields.
   * @param {string} from YYYY-MM-DD
   * @param {string} to YYYY-MM-DD
   * @returns {Promise<Fields & { DISPUTES?: Dispute[] }>}
   */
  async disputes(from, to) {
    const [FROM, TO] = checkDateRange(from, to)
    return withList(await this.call('/pgws/disputes', { FROM, TO }), 'DISPUTES')
  }

  /**
   * The disputes of one order (at most one per payment): DISPUTES, parsed.
   * @param {string} orderId
   * @returns {Promise<Fields & { DISPUTES?: Dispute[] }>}
   */
  async disputesForOrder(orderId) {
    const ORDER_ID = checkOrderId('ORDER_ID', orderId)
    return withList(await this.call('/pgws/disputes', { ORDER_ID }), 'DISPUTES')
  }

  /**
   * Accepts a dispute: LOST at once ("Accepted by the merchant"); the amount held stays with the
   * customer's bank. The answer is the dispute's fields. Refused: 346 no such dispute, 348
   * already answered, 349 past RESPOND_BY or already decided.
   * @param {string} disputeId
   * @returns {Promise<Fields>}
   */
  async acceptDispute(disputeId) {
    return this.call('/pgws/dispute', { DISPUTE_ID: String(disputeId), ACTION: 'ACCEPT' })
  }

  /**
   * Contests a dispute with evidence: 1 to 5,000 characters (no "~", which no field may hold) of
   * why the payment is valid and,
   * best, one document (sent as Base64 with its name). UNDER_REVIEW until the first settlement
   * run after RESPOND_BY decides it (dispute.won or dispute.lost). Refused as acceptDispute, and
   * 350 (the text), 351 (a file over 2 MB), 352 (the file or its name).
   * @param {string} disputeId
   * @param {string} evidence
   * @param {EvidenceFile} [file] e.g. { bytes: await readFile('receipt.pdf'), name: 'receipt.pdf' }
   * @returns {Promise<Fields>}
   */
  async contestDispute(disputeId, evidence, file) {
    return this.call('/pgws/dispute', {
      DISPUTE_ID: String(disputeId),
      ACTION: 'CONTEST',
      EVIDENCE: String(evidence),
      ...(file
        ? {
            EVIDENCE_FILE: Buffer.from(file.bytes).toString('base64'),
            EVIDENCE_FILE_NAME: String(file.name),
          }
        : {}),
    })
  }
  // paystra:endregion

  // paystra:region paylinks
  /**
   * A payment link: a page at SHORT_URL where the customer pays AMOUNT once, by any method its
   * currency allows (cards alone for a foreign one). The answer is the link, STATUS CREATED, with
   * its LINK_FEE and LINK_GST. paylink.paid, paylink.expired and paylink.cancelled go to
   * NOTIFY_URL (else your default); the paying attempt also sends its own payment.captured. A
   * refusal comes back as its fields: 370 DESCRIPTION, 371 EXPIRE_BY, 374 a REFERENCE_ID used
   * before, 375 the customer's details, 378 VALIDATE_BENEFICIARY, 319 the currency, 320 AMOUNT.
   * @param {PaylinkRequest} link
   * @returns {Promise<Fields & Partial<Paylink>>}
   */
  async createPaylink(link) {
    return this.call('/pgws/paylink', paylinkFields(link))
  }

  /**
   * Cancels a link nobody has paid: the answer is the link, STATUS CANCELLED, and
   * paylink.cancelled is sent. 372 no such link, 373 one already paid, expired or cancelled.
   * @param {string} paylinkId
   * @returns {Promise<Fields & Partial<Paylink>>}
   */
  async cancelPaylink(paylinkId) {
    return this.call('/pgws/paylink/cancel', { PAYLINK_ID: checkPaylinkId(paylinkId) })
  }
  // paystra:endregion

  // paystra:region paylink-status
  /**
   * A payment link as it stands, by { paylinkId } or { referenceId }. A link past its EXPIRE_BY
   * on the account's clock is EXPIRED by this very read. 372 when the gateway knows no such link
   * of yours.
   * @param {PaylinkRef} ref
   * @returns {Promise<Fields & Partial<Paylink>>}
   */
  async paylinkStatus(ref) {
    return this.call('/pgws/paylink/status', paylinkLookup(ref))
  }
  // paystra:endregion

  // paystra:region virtual-accounts
  /**
   * A virtual account for one customer: ACCOUNT_NUMBER and IFSC take NEFT, RTGS and IMPS, VPA
   * takes UPI, and each credit is settled to you less its fee (virtual_account.credited). The
   * answer is the account, STATUS ACTIVE, with its SETUP_FEE and SETUP_GST. A refusal comes back
   * as its fields: 374 a REFERENCE_ID used before, 375 CUST_NAME, 357 NOTIFY_URL.
   * @param {VirtualAccountRequest} account
   * @returns {Promise<Fields & Partial<VirtualAccount>>}
   */
  async createVirtualAccount(account) {
    return this.call('/pgws/virtual-account', virtualAccountFields(account))
  }

  /**
   * Closes a virtual account: the answer is the account, STATUS CLOSED. A transfer into it from
   * then on is returned to the payer (virtual_account.credit_returned). 376 no such account, 377
   * one already closed.
   * @param {string} vaId
   * @returns {Promise<Fields & Partial<VirtualAccount>>}
   */
  async closeVirtualAccount(vaId) {
    return this.call('/pgws/virtual-account/close', { VA_ID: checkVaId(vaId) })
  }
  // paystra:endregion

  // paystra:region virtual-account-status
  /**
   * A virtual account as it stands, with CREDITS (parsed: its latest 100 credits, newest first,
   * returned ones too). 376 when the gateway knows no such account of yours (then no CREDITS).
   * @param {string} vaId
   * @returns {Promise<Fields & Partial<VirtualAccount> & { CREDITS?: ListedCredit[] }>}
   */
  async virtualAccountStatus(vaId) {
    const answer = await this.call('/pgws/virtual-account/status', { VA_ID: checkVaId(vaId) })
    return withList(answer, 'CREDITS')
  }
  // paystra:endregion

  // paystra:region virtual-account-credit
  /**
   * Sandbox only: a payer's bank transfer into a virtual account, as the bank would make it. The
   * answer is the credit, STATUS CREDITED with its FEE, GST and NET; into a closed account it is
   * RETURNED, with RESPONSE_CODE 377 and a RETURN_REASON. Other refusals come back as their
   * fields: 376 no such account, 320 amount, 331 mode, 334 the mode's limits, 375 PAYER_NAME.
   * @param {VirtualAccountCreditRequest} credit
   * @returns {Promise<Fields & Partial<VirtualAccountCredit>>}
   */
  async creditVirtualAccount(credit) {
    return this.call('/pgws/virtual-account/credit', creditFields(credit))
  }
  // paystra:endregion

  // paystra:region subscriptions
  /**
   * A subscription: the customer registers its mandate on the page at AUTH_URL (STATUS CREATED
   * until then), and each cycle is noticed and debited on the account's clock. A refusal comes
   * back as its fields: 327 METHOD, 379 FREQUENCY, 380 an amount above MAX_AMOUNT or the method's
   * largest debit (₹1,00,000 on UPI and cards, ₹1 crore on e-NACH), 388 a date, 326 CATEGORY, 370 DESCRIPTION, 374 a SUBSCRIPTION_REF used before,
   * 375 the customer's details, 320 an amount, 325 RETURN_URL, 357 NOTIFY_URL.
   * @param {SubscriptionRequest} subscription
   * @returns {Promise<Fields & Partial<Subscription>>}
   */
  async createSubscription(subscription) {
    return this.call('/pgws/subscription', subscriptionFields(subscription))
  }

  /**
   * Cancels a subscription: STATUS CANCELLED with CANCELLED_BY MERCHANT, an open notice's attempt
   * stopped (STOPPED, 385), and subscription.cancelled sent. The answer is the subscription with
   * DEBITS (parsed), as subscriptionStatus answers it. A refusal comes back as its fields, without
   * DEBITS: 387 no such subscription, 385 one already ended.
   * @param {string} subscriptionId
   * @returns {Promise<Fields & Partial<Subscription> & { DEBITS?: SubscriptionDebit[] }>}
   */
  async cancelSubscription(subscriptionId) {
    const SUBSCRIPTION_ID = checkSubscriptionId(subscriptionId)
    return withList(await this.call('/pgws/subscription/cancel', { SUBSCRIPTION_ID }), 'DEBITS')
  }

  /**
   * Resumes a HALTED subscription: ACTIVE, from the first cycle whose notice is still to come
   * (unpaid cycles are not collected). The answer is the subscription with DEBITS (parsed), the
   * failed attempts among them. A refusal comes back as its fields, without DEBITS: 385 one that
   * is not HALTED, 387 no such subscription.
   * @param {string} subscriptionId
   * @returns {Promise<Fields & Partial<Subscription> & { DEBITS?: SubscriptionDebit[] }>}
   */
  async resumeSubscription(subscriptionId) {
    const SUBSCRIPTION_ID = checkSubscriptionId(subscriptionId)
    return withList(await this.call('/pgws/subscription/resume', { SUBSCRIPTION_ID }), 'DEBITS')
  }
  // paystra:endregion

  // paystra:region subscription-status
  /**
   * A subscription as it stands, by { subscriptionId } or { subscriptionRef }, with DEBITS
   * (parsed: its latest 100 attempts, newest first). The read runs first what fell due on the
   * account's clock. 387 when the gateway knows no such subscription of yours (then no DEBITS).
   * @param {SubscriptionRef} ref
   * @returns {Promise<Fields & Partial<Subscription> & { DEBITS?: SubscriptionDebit[] }>}
   */
  async subscriptionStatus(ref) {
    const answer = await this.call('/pgws/subscription/status', subscriptionLookup(ref))
    return withList(answer, 'DEBITS')
  }
  // paystra:endregion

  // paystra:region subscription-charge
  /**
   * Presents a charge on an AS_PRESENTED subscription: noticed now, debited at the first 07:00
   * IST at least 24 hours on. The answer is the subscription with DEBITS (parsed), the notice
   * first. 380 above MAX_AMOUNT, 386 a presented charge still open, 385 a subscription not
   * active (not yet registered, or ended), 326 a scheduled one, 387 none.
   * @param {string} subscriptionId
   * @param {string} amount paise
   * @returns {Promise<Fields & Partial<Subscription> & { DEBITS?: SubscriptionDebit[] }>}
   */
  async presentCharge(subscriptionId, amount) {
    const fields = {
      SUBSCRIPTION_ID: checkSubscriptionId(subscriptionId),
      AMOUNT: checkAmount(amount),
    }
    return withList(await this.call('/pgws/subscription/charge', fields), 'DEBITS')
  }
  // paystra:endregion

  // paystra:region subscription-customer
  /**
   * Sandbox only: what the customer does in their UPI app, bank or card issuer's page. SKIP a
   * noticed debit, APPROVE one above the approval threshold, PAUSE or RESUME (UPI), REVOKE the
   * mandate. Registering is not an action: that happens on the AUTH_URL page. The answer is the
   * subscription with DEBITS (parsed). A refusal comes back as its fields: 326 an action the
   * rules do not allow now, 385 a subscription not yet registered or ended, 387 none.
   * @param {string} subscriptionId
   * @param {CustomerAction} action
   * @returns {Promise<Fields & Partial<Subscription> & { DEBITS?: SubscriptionDebit[] }>}
   */
  async actAsCustomer(subscriptionId, action) {
    if (typeof action !== 'string' || !CUSTOMER_ACTIONS.includes(action)) {
      throw new InvalidInputError(`ACTION must be one of ${CUSTOMER_ACTIONS.join(', ')}`)
    }
    const fields = { SUBSCRIPTION_ID: checkSubscriptionId(subscriptionId), ACTION: action }
    return withList(await this.call('/pgws/subscription/customer', fields), 'DEBITS')
  }
  // paystra:endregion

  /**
   * The fields of a SALE, checked the way the gateway will check them.
   * @param {Order} order
   * @returns {Fields}
   */
  #saleFields(order) {
    /** @type {Fields} */
    const fields = {
      PAY_ID: this.#config.payId,
      ORDER_ID: checkOrderId('ORDER_ID', order.ORDER_ID),
      AMOUNT: checkAmount(order.AMOUNT),
      CURRENCY_CODE: checkCurrency(order.CURRENCY_CODE ?? CURRENCY_INR),
      TXNTYPE: 'SALE',
      RETURN_URL: order.RETURN_URL || `${this.#config.appUrl}/response`,
      ...optional({
        CUST_NAME: order.CUST_NAME,
        CUST_EMAIL: order.CUST_EMAIL,
        CUST_MOBILE: order.CUST_MOBILE,
        CUST_ID: order.CUST_ID,
      }),
      ...notifyUrlField(order.NOTIFY_URL),
    }
    if (fields.CUST_EMAIL !== undefined && !EMAIL.test(fields.CUST_EMAIL)) {
      throw new InvalidInputError('CUST_EMAIL must be an e-mail address')
    }
    if (fields.CUST_MOBILE !== undefined && !MOBILE.test(fields.CUST_MOBILE)) {
      throw new InvalidInputError('CUST_MOBILE must be a 10-digit mobile number')
    }
    return checkedValues(fields)
  }

  /**
   * Posts PAY_ID and the checked fields, signed with HASH, as JSON to the gateway.
   * @param {string} path e.g. "/pgws/transact"
   * @param {Record<string, unknown>} request
   * @param {string} accept
   * @returns {Promise<{ ok: boolean, status: number, type: string, text: string, bytes: Uint8Array }>}
   */
  async #post(path, request, accept) {
    const { payId, salt, baseUrl } = this.#config
    const url = `${baseUrl}${path}`
    const body = withHash({ PAY_ID: payId, ...checkedValues(request) }, salt)
    try {
      const response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: accept },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
      const bytes = new Uint8Array(await response.arrayBuffer())
      const text = new TextDecoder().decode(bytes)
      const type = response.headers.get('content-type') ?? ''
      return { ok: response.ok, status: response.status, type, text, bytes }
    } catch (error) {
      throw new GatewayError(`The gateway at ${url} could not be reached`, { cause: error })
    }
  }

  /**
   * The answer when its HASH verifies with the salt.
   * @param {Fields} answer
   * @returns {Fields}
   */
  #verified(answer) {
    if (!answer.HASH) {
      const message = answer.RESPONSE_MESSAGE ?? 'The gateway answered without a HASH'
      throw new GatewayError(message, { code: answer.RESPONSE_CODE, fields: answer })
    }
    if (!verify(answer, this.#config.salt)) {
      throw new VerificationError("The gateway's answer does not carry a valid HASH")
    }
    return answer
  }
}

/**
 * The gateway's answer as fields: a flat JSON object.
 * @param {string} text
 * @param {number} httpStatus
 * @returns {Fields}
 */
function answerFields(text, httpStatus) {
  let parsed
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new GatewayError(`The gateway answered HTTP ${httpStatus} without JSON`, { httpStatus })
  }
  const answer = jsonFields(parsed)
  if (!answer) {
    throw new GatewayError("The gateway's answer is not a flat JSON object", { httpStatus })
  }
  return answer
}

/**
 * @param {PaymentMethod} method
 * @returns {Fields}
 */
function paymentMethodFields(method) {
  const type = method.PAYMENT_TYPE
  if (type === 'UP') {
    const vpa = (method.PAYER_ADDRESS ?? '').trim()
    if (!VPA.test(vpa)) throw new InvalidInputError('PAYER_ADDRESS must be a UPI ID like name@bank')
    return { PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: vpa }
  }
  if (type !== 'NB' && type !== 'WL') {
    throw new InvalidInputError('PAYMENT_TYPE must be NB (net banking), WL (wallet) or UP (UPI)')
  }
  const mopType = (method.MOP_TYPE ?? '').trim()
  if (!/^[A-Z0-9]{1,10}$/.test(mopType)) {
    throw new InvalidInputError(`MOP_TYPE must name the ${type === 'NB' ? 'bank' : 'wallet'}`)
  }
  return { PAYMENT_TYPE: type, MOP_TYPE: mopType }
}

/**
 * @param {string} name
 * @param {unknown} value
 * @returns {string}
 */
function checkOrderId(name, value) {
  if (!isOrderId(value)) {
    throw new InvalidInputError(`${name} must be 1 to 50 letters, digits or : / @ _ -`)
  }
  return value
}

/**
 * @param {unknown} value
 * @param {string} [name]
 * @returns {string}
 */
function checkAmount(value, name = 'AMOUNT') {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !AMOUNT.test(text.trim())) {
    throw new InvalidInputError(
      `${name} must be a whole number of paise without a leading zero (100 = ₹1.00)`,
    )
  }
  return text.trim()
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function checkCurrency(value) {
  if (typeof value !== 'string' || !currencyByNumber(value)) {
    throw new InvalidInputError(
      `CURRENCY_CODE ${String(value)} is not a currency the gateway takes (356 rupees, 840 US dollars, …: CURRENCIES)`,
    )
  }
  return value
}

/**
 * A day as the gateway writes it, YYYY-MM-DD, checked to exist.
 * @param {string} name
 * @param {unknown} value
 * @returns {number} the day's number (days since 1970-01-01)
 */
function dayNumber(name, value) {
  const day = typeof value === 'string' && DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN
  // Date.parse rolls 2026-02-30 over to March; a day that exists formats back to itself.
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== value) {
    throw new InvalidInputError(`${name} must be a date as YYYY-MM-DD, e.g. 2026-11-30`)
  }
  return day / DAY_MS
}

/**
 * FROM and TO of the settlements call: dates, FROM not after TO, at most 92 days both included.
 * @param {unknown} from
 * @param {unknown} to
 * @returns {[string, string]}
 */
function checkDateRange(from, to) {
  const days = dayNumber('TO', to) - dayNumber('FROM', from)
  if (days < 0) throw new InvalidInputError('FROM must not be after TO')
  if (days >= SETTLEMENT_RANGE_DAYS) {
    throw new InvalidInputError(
      `FROM to TO may span at most ${SETTLEMENT_RANGE_DAYS} days, both included: ask in parts`,
    )
  }
  return [/** @type {string} */ (from), /** @type {string} */ (to)]
}

/**
 * SETTLEMENT_ID or UTR, exactly one of them.
 * @param {SettlementRef} ref
 * @returns {Fields}
 */
function settlementLookup(ref) {
  const { settlementId, utr } = ref ?? {}
  if ((settlementId === undefined) === (utr === undefined)) {
    throw new InvalidInputError('Give one of settlementId or utr')
  }
  if (settlementId !== undefined) {
    if (typeof settlementId !== 'string' || !SETTLEMENT_ID.test(settlementId)) {
      throw new InvalidInputError('settlementId must be setl_ and 20 lower-case hex digits')
    }
    return { SETTLEMENT_ID: settlementId }
  }
  if (typeof utr !== 'string' || !UTR.test(utr)) {
    throw new InvalidInputError('utr must be 16 to 22 upper-case letters and digits')
  }
  return { UTR: utr }
}

/**
 * PAGE (from 1) and PAGE_SIZE (1 to 1000), checked as the gateway checks them (358); left out
 * when not given, for the gateway's defaults (page 1, 1000 lines).
 * @param {{ page?: number, pageSize?: number }} paging
 * @returns {Fields}
 */
function pageFields({ page, pageSize } = {}) {
  /** @type {Fields} */
  const fields = {}
  if (page !== undefined) {
    if (!Number.isSafeInteger(page) || page < 1) {
      throw new InvalidInputError('page must be a whole number from 1')
    }
    if (page !== 1) fields.PAGE = String(page)
  }
  if (pageSize !== undefined) {
    if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > SETTLEMENT_PAGE_SIZE) {
      throw new InvalidInputError(
        `pageSize must be a whole number from 1 to ${SETTLEMENT_PAGE_SIZE}`,
      )
    }
    fields.PAGE_SIZE = String(pageSize)
  }
  return fields
}

/**
 * A count the answer gives as digits (PAGES, LINES_COUNT); a gateway without pages gives none.
 * @param {Fields} answer
 * @param {string} key
 * @param {number} absent
 * @returns {number}
 */
function count(answer, key, absent) {
  const value = answer[key]
  if (value === undefined) return absent
  if (!/^\d{1,9}$/.test(value)) {
    throw new GatewayError(`The gateway's ${key} is not a number`, { fields: answer })
  }
  return Number(value)
}

/**
 * AS_OF (or the clock's TO): an ISO 8601 date-time with an offset; a Date is written in IST
 * (+05:30).
 * @param {unknown} value
 * @param {string} [name]
 * @returns {string}
 */
function checkAsOf(value, name = 'AS_OF') {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InvalidInputError(`${name} is not a valid Date`)
    const ist = new Date(value.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)
    return `${ist}+05:30`
  }
  if (typeof value !== 'string' || !AS_OF.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidInputError(
      `${name} must be an ISO 8601 date-time with an offset, e.g. 2026-11-30T11:00:00+05:30`,
    )
  }
  return value
}

/**
 * BY or TO of a clock advance, exactly one of them: BY a whole number of hours or days as the
 * gateway reads it (363 otherwise), TO as AS_OF. How far ahead is the gateway's to judge (364).
 * @param {ClockAdvance} advance
 * @returns {Fields}
 */
function clockAdvanceFields(advance) {
  const { by, to } = advance ?? {}
  if ((by === undefined) === (to === undefined)) {
    throw new InvalidInputError('Give one of by ("36h", "4d") or to (a time)')
  }
  if (to !== undefined) return { TO: checkAsOf(to, 'TO') }
  if (typeof by !== 'string' || !ADVANCE_BY.test(by)) {
    throw new InvalidInputError('BY must be a whole number of hours or days, e.g. 36h or 4d')
  }
  return { BY: by }
}

/**
 * ORDER_ID or VA_ID of the recon call: a string is an order's id.
 * @param {ReconRef} ref
 * @returns {Fields}
 */
function reconLookup(ref) {
  if (typeof ref === 'string') return { ORDER_ID: checkOrderId('ORDER_ID', ref) }
  const { orderId, vaId } = ref ?? {}
  if ((orderId === undefined) === (vaId === undefined)) {
    throw new InvalidInputError('Give one of an order id ({ orderId }) or { vaId }')
  }
  if (vaId !== undefined) return { VA_ID: checkVaId(vaId) }
  return { ORDER_ID: checkOrderId('ORDER_ID', orderId) }
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function checkPaylinkId(value) {
  if (typeof value !== 'string' || !PAYLINK_ID.test(value)) {
    throw new InvalidInputError('PAYLINK_ID must be plink_ and 14 letters and digits')
  }
  return value
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function checkVaId(value) {
  if (typeof value !== 'string' || !VA_ID.test(value)) {
    throw new InvalidInputError('VA_ID must be va_ and 14 letters and digits')
  }
  return value
}

/**
 * PAYLINK_ID or REFERENCE_ID, exactly one of them.
 * @param {PaylinkRef} ref
 * @returns {Fields}
 */
function paylinkLookup(ref) {
  const { paylinkId, referenceId } = ref ?? {}
  if ((paylinkId === undefined) === (referenceId === undefined)) {
    throw new InvalidInputError('Give one of paylinkId or referenceId')
  }
  if (paylinkId !== undefined) return { PAYLINK_ID: checkPaylinkId(paylinkId) }
  return { REFERENCE_ID: checkOrderId('REFERENCE_ID', referenceId) }
}

/**
 * A payment link's request fields, checked as the gateway checks them; how far ahead EXPIRE_BY
 * may be is the gateway's to judge against the account's clock (371).
 * @param {PaylinkRequest} link
 * @returns {Fields}
 */
function paylinkFields(link) {
  if (typeof link !== 'object' || link === null) {
    throw new InvalidInputError('Give the link as { AMOUNT, DESCRIPTION, … }')
  }
  const description = checkDescription(link.DESCRIPTION)
  const validate = link.VALIDATE_BENEFICIARY
  if (validate !== undefined && validate !== 'Y' && validate !== 'N') {
    throw new InvalidInputError('VALIDATE_BENEFICIARY must be Y or N')
  }
  const reference = optional({ REFERENCE_ID: link.REFERENCE_ID })
  /** @type {Fields} */
  const fields = {
    AMOUNT: checkAmount(link.AMOUNT),
    CURRENCY_CODE: checkCurrency(link.CURRENCY_CODE ?? CURRENCY_INR),
    DESCRIPTION: description,
    ...customerFields({
      CUST_NAME: link.CUST_NAME,
      CUST_EMAIL: link.CUST_EMAIL,
      CUST_PHONE: link.CUST_PHONE,
    }),
    ...(link.EXPIRE_BY === undefined || link.EXPIRE_BY === ''
      ? {}
      : { EXPIRE_BY: checkAsOf(link.EXPIRE_BY, 'EXPIRE_BY') }),
    ...(reference.REFERENCE_ID === undefined
      ? {}
      : { REFERENCE_ID: checkOrderId('REFERENCE_ID', reference.REFERENCE_ID) }),
    ...notifyUrlField(link.NOTIFY_URL),
    ...(validate === undefined ? {} : { VALIDATE_BENEFICIARY: validate }),
  }
  return fields
}

/**
 * A virtual account's request fields: CUST_NAME required.
 * @param {VirtualAccountRequest} account
 * @returns {Fields}
 */
function virtualAccountFields(account) {
  if (typeof account !== 'object' || account === null) {
    throw new InvalidInputError('Give the account as { CUST_NAME, … }')
  }
  const { CUST_NAME } = personName('CUST_NAME', account.CUST_NAME)
  if (CUST_NAME === undefined) throw new InvalidInputError('CUST_NAME is required')
  const reference = optional({ REFERENCE_ID: account.REFERENCE_ID })
  return {
    CUST_NAME,
    ...(reference.REFERENCE_ID === undefined
      ? {}
      : { REFERENCE_ID: checkOrderId('REFERENCE_ID', reference.REFERENCE_ID) }),
    ...notifyUrlField(account.NOTIFY_URL),
  }
}

/**
 * A test credit's request fields: VA_ID, AMOUNT (paise), MODE and PAYER_NAME when given.
 * @param {VirtualAccountCreditRequest} credit
 * @returns {Fields}
 */
function creditFields(credit) {
  const { vaId, amount, mode, payerName } = credit ?? {}
  if (typeof mode !== 'string' || !CREDIT_MODES.includes(mode)) {
    throw new InvalidInputError(`MODE must be one of ${CREDIT_MODES.join(', ')}`)
  }
  const payer = personName('PAYER_NAME', payerName)
  return { VA_ID: checkVaId(vaId), AMOUNT: checkAmount(amount), MODE: mode, ...payer }
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function checkSubscriptionId(value) {
  if (typeof value !== 'string' || !SUBSCRIPTION_ID.test(value)) {
    throw new InvalidInputError('SUBSCRIPTION_ID must be sub_ and 14 letters and digits')
  }
  return value
}

/**
 * SUBSCRIPTION_ID or SUBSCRIPTION_REF, exactly one of them.
 * @param {SubscriptionRef} ref
 * @returns {Fields}
 */
function subscriptionLookup(ref) {
  const { subscriptionId, subscriptionRef } = ref ?? {}
  if ((subscriptionId === undefined) === (subscriptionRef === undefined)) {
    throw new InvalidInputError('Give one of subscriptionId or subscriptionRef')
  }
  if (subscriptionId !== undefined) return { SUBSCRIPTION_ID: checkSubscriptionId(subscriptionId) }
  return { SUBSCRIPTION_REF: checkOrderId('SUBSCRIPTION_REF', subscriptionRef) }
}

/**
 * @param {string} name
 * @param {unknown} value
 * @param {string[]} choices
 * @returns {string}
 */
function oneOf(name, value, choices) {
  if (typeof value !== 'string' || !choices.includes(value)) {
    throw new InvalidInputError(`${name} must be one of ${choices.join(', ')}`)
  }
  return value
}

/**
 * A subscription's request fields, checked as the gateway checks them. Whether START_DATE and
 * END_DATE are within reach of the account's clock is the gateway's to judge (388); that END_DATE
 * comes after START_DATE is checked here.
 * @param {SubscriptionRequest} subscription
 * @returns {Fields}
 */
function subscriptionFields(subscription) {
  if (typeof subscription !== 'object' || subscription === null) {
    throw new InvalidInputError('Give the subscription as { SUBSCRIPTION_REF, METHOD, … }')
  }
  const s = subscription
  const FREQUENCY = oneOf('FREQUENCY', s.FREQUENCY, FREQUENCIES)
  const MAX_AMOUNT = checkAmount(s.MAX_AMOUNT, 'MAX_AMOUNT')
  const presented = FREQUENCY === 'AS_PRESENTED'
  if (presented !== (s.AMOUNT === undefined || s.AMOUNT === '')) {
    throw new InvalidInputError(
      presented
        ? 'AMOUNT must be left out for AS_PRESENTED: each presented charge names its own'
        : 'AMOUNT is required: the paise of each scheduled debit',
    )
  }
  const amount = presented ? undefined : checkAmount(s.AMOUNT)
  if (amount !== undefined && BigInt(amount) > BigInt(MAX_AMOUNT)) {
    throw new InvalidInputError('AMOUNT must not be above MAX_AMOUNT')
  }
  const METHOD = oneOf('METHOD', s.METHOD, SUBSCRIPTION_METHODS)
  const largest = /** @type {bigint} */ (LARGEST_DEBITS[METHOD])
  if (BigInt(MAX_AMOUNT) > largest) {
    throw new InvalidInputError(`MAX_AMOUNT must be at most ${largest} paise on ${METHOD}`)
  }
  const start = dayNumber('START_DATE', s.START_DATE)
  const ends = s.END_DATE !== undefined && s.END_DATE !== ''
  if (ends && dayNumber('END_DATE', s.END_DATE) <= start) {
    throw new InvalidInputError('END_DATE must be after START_DATE')
  }
  const { CUST_NAME, CUST_EMAIL, CUST_PHONE } = customerFields({
    CUST_NAME: s.CUST_NAME,
    CUST_EMAIL: s.CUST_EMAIL,
    CUST_PHONE: s.CUST_PHONE,
  })
  if (!CUST_NAME || !CUST_EMAIL || !CUST_PHONE) {
    throw new InvalidInputError('CUST_NAME, CUST_EMAIL and CUST_PHONE are required')
  }
  const category = s.CATEGORY === undefined || s.CATEGORY === '' ? undefined : s.CATEGORY
  return {
    SUBSCRIPTION_REF: checkOrderId('SUBSCRIPTION_REF', s.SUBSCRIPTION_REF),
    METHOD,
    ...(amount === undefined ? {} : { AMOUNT: amount }),
    MAX_AMOUNT,
    FREQUENCY,
    START_DATE: /** @type {string} */ (s.START_DATE),
    ...(ends ? { END_DATE: /** @type {string} */ (s.END_DATE) } : {}),
    ...(category === undefined
      ? {}
      : { CATEGORY: oneOf('CATEGORY', category, SUBSCRIPTION_CATEGORIES) }),
    DESCRIPTION: checkDescription(s.DESCRIPTION),
    CUST_NAME,
    CUST_EMAIL,
    CUST_PHONE,
    RETURN_URL: httpUrl('RETURN_URL', s.RETURN_URL),
    ...notifyUrlField(s.NOTIFY_URL),
  }
}

/**
 * CUST_NAME, CUST_EMAIL and CUST_PHONE of a payment link when given (trimmed; empty ones left
 * out), each checked as the gateway checks it (375).
 * @param {{ CUST_NAME?: string, CUST_EMAIL?: string, CUST_PHONE?: string }} values
 * @returns {Fields}
 */
function customerFields(values) {
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && typeof value !== 'string') {
      throw new InvalidInputError(`${key} must be text`)
    }
  }
  const fields = { ...optional(values), ...personName('CUST_NAME', values.CUST_NAME) }
  const email = fields.CUST_EMAIL
  if (email !== undefined && (email.length > MAX_TEXT || !LINK_EMAIL.test(email))) {
    throw new InvalidInputError('CUST_EMAIL must be an e-mail address')
  }
  if (fields.CUST_PHONE !== undefined && !MOBILE.test(fields.CUST_PHONE)) {
    throw new InvalidInputError('CUST_PHONE must be a 10-digit mobile number')
  }
  return fields
}

/**
 * A person's name (CUST_NAME, PAYER_NAME) when given, trimmed: 1 to 100 letters, spaces and
 * . ' -, from a letter, as a bank account holds it (the gateway answers 375 otherwise).
 * @param {string} name
 * @param {unknown} value
 * @returns {Fields}
 */
function personName(name, value) {
  if (value === undefined) return {}
  if (typeof value !== 'string') throw new InvalidInputError(`${name} must be text`)
  const trimmed = value.trim()
  if (trimmed === '') return {}
  if (!PERSON_NAME.test(trimmed)) {
    throw new InvalidInputError(
      `${name} must be 1 to 100 letters, spaces and . ' -, starting with a letter`,
    )
  }
  return { [name]: trimmed }
}

/**
 * DESCRIPTION of a payment link or a subscription: 1 to 255 characters (UTF-16 units, as the
 * gateway counts them), not only spaces, without control characters (370).
 * @param {unknown} description
 * @returns {string}
 */
function checkDescription(description) {
  if (
    typeof description !== 'string' ||
    description.trim() === '' ||
    description.length > DESCRIPTION_MAX ||
    hasControlCharacter(description)
  ) {
    throw new InvalidInputError(
      `DESCRIPTION must be 1 to ${DESCRIPTION_MAX} characters, not only spaces, without control characters`,
    )
  }
  return description
}

/**
 * A control character (below a space, or DEL), which no DESCRIPTION may hold (370).
 * @param {string} value
 * @returns {boolean}
 */
function hasControlCharacter(value) {
  for (const char of value) if (char < ' ' || char === '\u007f') return true
  return false
}

/**
 * A successful answer with its list field (JSON text, covered by the HASH just verified) parsed;
 * a refusal as it is. A list that is not JSON objects of strings throws GatewayError.
 * @template {string} K
 * @param {Fields} answer
 * @param {K} key
 * @returns {Fields & { [P in K]?: any[] }}
 */
function withList(answer, key) {
  if (answer.RESPONSE_CODE !== '000') return answer
  let list
  try {
    list = JSON.parse(answer[key] ?? '')
  } catch {
    list = undefined
  }
  const objectsOfStrings =
    Array.isArray(list) && list.every((item) => jsonFields(item) !== undefined)
  if (!objectsOfStrings) {
    throw new GatewayError(`The gateway's ${key} is not a JSON list of objects`, {
      code: answer.RESPONSE_CODE,
      fields: answer,
    })
  }
  return { ...answer, [key]: list.map((item) => jsonFields(item)) }
}

/**
 * The given values that are set, trimmed; empty ones are left out rather than sent empty.
 * @param {Record<string, string | undefined>} values
 * @returns {Fields}
 */
function optional(values) {
  /** @type {Fields} */
  const fields = {}
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() !== '') fields[key] = value.trim()
  }
  return fields
}

/**
 * NOTIFY_URL when one is given: an absolute http(s) URL without credentials, as the gateway
 * requires (it answers 357, Invalid notify URL, otherwise).
 * @param {string | undefined} value
 * @returns {Fields}
 */
function notifyUrlField(value) {
  const fields = optional({ NOTIFY_URL: value })
  if (fields.NOTIFY_URL === undefined) return fields
  return { NOTIFY_URL: httpUrl('NOTIFY_URL', fields.NOTIFY_URL) }
}

/**
 * An absolute http(s) URL without credentials, trimmed (the gateway answers 325 for RETURN_URL
 * and 357 for NOTIFY_URL otherwise).
 * @param {string} name
 * @param {unknown} value
 * @returns {string}
 */
function httpUrl(name, value) {
  let url
  try {
    url = typeof value === 'string' ? new URL(value.trim()) : undefined
  } catch {
    url = undefined
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new InvalidInputError(`${name} must be an absolute http:// or https:// URL`)
  }
  return /** @type {string} */ (value).trim()
}

/**
 * Fields travel as `KEY=VALUE~…` inside ENCDATA, so a `~` in a value would split it. Long
 * free text is refused here rather than cut short by the gateway.
 * @param {Record<string, unknown>} fields
 * @returns {Fields}
 */
function checkedValues(fields) {
  /** @type {Fields} */
  const checked = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    if (typeof value !== 'string') throw new InvalidInputError(`${key} must be text`)
    if (value.includes('~')) throw new InvalidInputError(`${key} must not contain "~"`)
    if (EVIDENCE_FIELDS.includes(key)) {
      checked[key] = value
      continue
    }
    if (value.length > (URL_FIELDS.includes(key) ? 2048 : (TEXT_MAX[key] ?? MAX_TEXT))) {
      throw new InvalidInputError(`${key} is too long`)
    }
    checked[key] = value
  }
  return checked
}

/**
 * A flat JSON object as protocol fields (numbers become strings), or undefined.
 * @param {unknown} value
 * @returns {Fields | undefined}
 */
function jsonFields(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  /** @type {Fields} */
  const fields = {}
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') fields[key] = item
    else if (typeof item === 'number' || typeof item === 'boolean') fields[key] = String(item)
    else if (item !== null) return undefined
  }
  return fields
}
