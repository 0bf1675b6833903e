/**
 * The JSON Schemas (2020-12) of the sandbox's fields and answers, built from the modules that
 * hold each rule: the patterns (`protocol/patterns.ts`), the response codes
 * (`protocol/codes.ts`), the transfer modes and QR types of the API checks. Answers list every
 * field they may carry and nothing else, so a field the document does not describe fails.
 */
import { currencies, RUPEE_CODE } from '#core/currency/currencies.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import { MAX_AMOUNT_DIGITS, patterns } from '#core/protocol/patterns.ts'
import { lineTypes } from '#core/settlement/settlement.ts'
import { transferModes } from '#gateway/api/payout-checks.ts'
import { triggerEvents } from '#gateway/api/trigger-events.ts'
import { qrTypes } from '#gateway/api/qr-checks.ts'
import { webhookEventTypes } from '#core/protocol/webhook.ts'
import type { DeliveryState } from '#gateway/webhooks/store.ts'
import type { Happening } from '#gateway/clock/advance.ts'
import { disputeReasons } from '#gateway/methods.ts'
import { RESPONSE_WORKING_DAYS, resolutions } from '#gateway/disputes/outcome.ts'
import { MAX_EVIDENCE_CHARACTERS, MAX_EVIDENCE_FILE_BYTES } from '#gateway/disputes/evidence.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { productCharge, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_EXPIRY_DAYS,
  MAX_LINK_ATTEMPTS,
  MIN_EXPIRY_MS,
  PAYLINK_ID,
} from '#gateway/paylinks/checks.ts'
import {
  DEFAULT_PAYER_NAME,
  VA_ID,
  VIRTUAL_ACCOUNT_IFSC,
} from '#gateway/virtual-accounts/checks.ts'
import { MAX_LISTED_CREDITS, RETURN_REASON } from '#gateway/virtual-accounts/store.ts'
import {
  APPROVAL_THRESHOLD,
  customerActions,
  frequencies,
  HIGH_LIMIT_APPROVAL_THRESHOLD,
  highLimitCategories,
  largestDebits,
  MANDATE_VALIDITY_YEARS,
  MAX_ATTEMPTS_PER_CYCLE,
  NOTICE_REASON,
  subscriptionStates,
} from '#core/recurring/rules.ts'
import { MAX_START_DAYS, methodsSent, SUBSCRIPTION_ID } from '#gateway/subscriptions/checks.ts'
import { MAX_ANSWER_DEBITS } from '#gateway/subscriptions/store.ts'
import { debitStatuses } from '#gateway/subscriptions/table.ts'

export type Schema = Record<string, unknown>

const deliveryStates = ['pending', 'delivered', 'failed'] as const
// Fails to compile when the store gains a state this list lacks.
const everyDeliveryState: Exclude<DeliveryState, (typeof deliveryStates)[number]> extends never
  ? true
  : never = true
void everyDeliveryState

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
const text = (description: string, extra: Schema = {}): Schema => ({
  type: 'string',
  description,
  ...extra,
})
const pattern = (regex: RegExp) => regex.source

/** An object of string fields: `required` must be present, `optional` may be, nothing else. */
function fields(
  description: string,
  required: Record<string, Schema>,
  optional: Record<string, Schema> = {},
): Schema {
  return {
    type: 'object',
    description,
    properties: { ...required, ...optional },
    required: Object.keys(required),
    additionalProperties: false,
  }
}

export const fieldSchemas = {
  PayId: text('The merchant id.', { examples: ['1000000000000001'] }),
  OrderId: text("The merchant's id: 1–50 of letters, digits and `: / @ _ -`.", {
    pattern: pattern(patterns.orderId),
  }),
  Amount: text(
    `In the minor units of CURRENCY_CODE's currency: paise for rupees (\`"100"\` = ₹1.00), cents for US dollars (\`"1234"\` = $12.34), yen for yen (\`"500"\` = ¥500), fils for Kuwaiti dinars (\`"1250"\` = KWD 1.250). Digits without a leading zero, at most ${MAX_AMOUNT_DIGITS}.`,
    {
      pattern: pattern(patterns.number),
      maxLength: MAX_AMOUNT_DIGITS,
    },
  ),
  CurrencyCode: text(
    `ISO 4217 numeric: 356 for Indian rupees, or one of the ${currencies.length - 1} foreign currencies a card may pay in (any other: 319; a foreign currency with a method other than cards: 345). /pgws/fx lists them.`,
    { enum: currencies.map((currency) => currency.number) },
  ),
  RupeeCurrencyCode: text(
    'ISO 4217 numeric: 356, Indian rupees (payouts and QR codes are in rupees only).',
    { const: currencies.find((currency) => currency.code === RUPEE_CODE)!.number },
  ),
  FxRate: text(
    "Rupees for one unit of the payment's currency, four decimals: the rate it was converted at.",
    { pattern: '^\\d+\\.\\d{4}$' },
  ),
  InrAmount: text(
    'AMOUNT in paise at FX_RATE, computed exactly and rounded half up once: what settles.',
    { pattern: '^\\d+$' },
  ),
  RequestHash: text(
    'SHA-256 of the other fields, hex (see "The HASH" in the description). Either case is accepted.',
    { pattern: '^[0-9A-Fa-f]{64}$' },
  ),
  Hash: text("SHA-256 of the answer's other fields with the merchant's salt, upper-case hex.", {
    pattern: '^[0-9A-F]{64}$',
  }),
  ResponseCode: text('What happened: see the table of response codes in the description.', {
    enum: Object.keys(responseCodes),
  }),
  ResponseMessage: text('The meaning of RESPONSE_CODE, in English.'),
  DateTime: text('India Standard Time, `yyyy-MM-dd HH:mm:ss`.', {
    pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  }),
  TxnId: text("The gateway's transaction id: 16 digits.", {
    pattern: pattern(patterns.transactionId),
  }),
  NotifyUrl: text(
    'Where the webhook of this outcome goes (absolute http(s), at most 2048 characters; private addresses refused, 357). Covered by HASH like every field.',
    { maxLength: 2048 },
  ),
  Url: text('An absolute URL under the gateway.', { pattern: '^https?://' }),
} satisfies Record<string, Schema>

const code = ref('ResponseCode')
const message = ref('ResponseMessage')
const dateTime = ref('DateTime')
const hash = ref('Hash')
/** The fields closing every accepted answer of the JSON APIs. */
const signedAnswer = {
  RESPONSE_CODE: { const: '000' },
  RESPONSE_MESSAGE: message,
  RESPONSE_DATE_TIME: dateTime,
  HASH: hash,
}

/** A field holding JSON text, so that an answer with lists stays flat fields under one HASH. */
const jsonText = (description: string, contentSchema: Schema): Schema => ({
  type: 'string',
  description: `${description} As a JSON text, so the answer stays flat fields under one HASH.`,
  contentMediaType: 'application/json',
  contentSchema,
})

const jsonList = (description: string, item: string): Schema =>
  jsonText(description, { type: 'array', items: ref(item) })

const paymentStatus = text('Captured, Failed or Pending.', {
  enum: ['Captured', 'Failed', 'Pending'],
})

/** What a refusal before the endpoint's own checks (326, 324, 323) and its own refusals share. */
const unsignedNote =
  'HASH is absent only for 324 (unknown PAY_ID: no salt to sign with) and a 326 answered with HTTP 400 (an unreadable body); a 326 answered with HTTP 200 (a field value of a signed request) is signed.'

export const requestSchemas = {
  StatusRequest: fields('Status enquiry: the stored payment of an order.', {
    PAY_ID: ref('PayId'),
    ORDER_ID: ref('OrderId'),
    TXNTYPE: { const: 'STATUS' },
    HASH: ref('RequestHash'),
  }),
  RefundRequest: fields(
    "Refund part or all of a captured payment. Partial refunds add up. A foreign payment's refund is in its currency (AMOUNT in its minor units, CURRENCY_CODE the payment's, 319 otherwise), converted at the payment's FX_RATE so that its refunds add up to its INR_AMOUNT exactly.",
    {
      PAY_ID: ref('PayId'),
      ORDER_ID: ref('OrderId'),
      REFUND_ORDER_ID: {
        ...ref('OrderId'),
        description: "The merchant's own id of this refund, unique.",
      },
      AMOUNT: ref('Amount'),
      CURRENCY_CODE: { ...ref('CurrencyCode'), description: "The payment's CURRENCY_CODE." },
      TXNTYPE: { const: 'REFUND' },
      HASH: ref('RequestHash'),
    },
    { NOTIFY_URL: ref('NotifyUrl') },
  ),
  PayoutRequest: fields(
    "Send money to a beneficiary. NEFT, RTGS and IMPS need BENEFICIARY_ACCOUNT and BENEFICIARY_IFSC, UPI needs BENEFICIARY_VPA; the other mode's fields are ignored (they may be posted empty).",
    {
      PAY_ID: ref('PayId'),
      PAYOUT_ID: {
        ...ref('OrderId'),
        description: "The merchant's own id of this payout, unique.",
      },
      AMOUNT: { ...ref('Amount'), description: 'Paise.' },
      CURRENCY_CODE: ref('RupeeCurrencyCode'),
      TRANSFER_MODE: text(
        'Limits: RTGS from ₹2,00,000, IMPS up to ₹5,00,000, UPI up to ₹1,00,000 (334).',
        {
          enum: [...transferModes],
        },
      ),
      BENEFICIARY_NAME: text('Letters, spaces and dots, 1–50, starting with a letter.'),
      HASH: ref('RequestHash'),
    },
    {
      BENEFICIARY_ACCOUNT: text('9–18 digits.', { pattern: pattern(patterns.accountNumber) }),
      BENEFICIARY_IFSC: text('Upper case, e.g. HDFC0001234.', { pattern: pattern(patterns.ifsc) }),
      BENEFICIARY_VPA: text('A UPI ID, e.g. success@upi.', { pattern: pattern(patterns.vpa) }),
      REMARKS: text('At most 50 characters, no control character.', { maxLength: 50 }),
      TXNTYPE: { const: 'PAYOUT' },
      NOTIFY_URL: ref('NotifyUrl'),
    },
  ),
  PayoutStatusRequest: fields('The stored answer of a payout.', {
    PAY_ID: ref('PayId'),
    PAYOUT_ID: ref('OrderId'),
    HASH: ref('RequestHash'),
  }),
  QrRequest: fields(
    'Open a payment for an order and get the QR code that pays it. QR codes and payments share order ids (018).',
    {
      PAY_ID: ref('PayId'),
      ORDER_ID: ref('OrderId'),
      AMOUNT: { ...ref('Amount'), description: 'Paise.' },
      CURRENCY_CODE: ref('RupeeCurrencyCode'),
      QR_TYPE: text('UPI: a UPI intent; PG: the hosted payment page.', { enum: [...qrTypes] }),
      HASH: ref('RequestHash'),
    },
    {
      CUST_NAME: text("The customer's name."),
      CUST_EMAIL: text("The customer's e-mail address."),
      RETURN_URL: text(
        'Where the end of the payment is posted; without one the sandbox shows its own outcome page.',
      ),
      TXNTYPE: { const: 'QR' },
      NOTIFY_URL: ref('NotifyUrl'),
    },
  ),
  WebhookEventsRequest: {
    oneOf: [
      fields('One event.', {
        PAY_ID: ref('PayId'),
        EVENT_ID: ref('EventId'),
        HASH: ref('RequestHash'),
      }),
      fields(
        "An order's, refund's, payout's or settlement's events (its ORDER_ID, REFUND_ORDER_ID's order, PAYOUT_ID or SETTLEMENT_ID).",
        {
          PAY_ID: ref('PayId'),
          ORDER_ID: ref('OrderId'),
          HASH: ref('RequestHash'),
        },
      ),
      fields(
        "The merchant's latest events, newest first, whatever they are of (`paystra events` asks for 20). A merchant without events gets an empty list.",
        {
          PAY_ID: ref('PayId'),
          LATEST: text('How many: 1 to 50 (anything else is 326, signed).', {
            pattern: '^([1-9]|[1-4][0-9]|50)$',
          }),
          HASH: ref('RequestHash'),
        },
      ),
    ],
  },
  WebhookResendRequest: fields('Send an event again now, with the same id and body.', {
    PAY_ID: ref('PayId'),
    EVENT_ID: ref('EventId'),
    HASH: ref('RequestHash'),
  }),
} satisfies Record<string, Schema>

const payment = {
  PAY_ID: ref('PayId'),
  ORDER_ID: ref('OrderId'),
  AMOUNT: ref('Amount'),
  TOTAL_AMOUNT: {
    ...ref('Amount'),
    description: 'The amount plus surcharge (the sandbox charges none).',
  },
  SURCHARGE_FLAG: { enum: ['Y', 'N'] },
  CURRENCY_CODE: ref('CurrencyCode'),
  TXNTYPE: text('SALE (a QR code stands for a sale too).'),
  TXN_ID: ref('TxnId'),
  ORIG_TXN_ID: ref('TxnId'),
  PG_REF_NUM: text("The gateway's reference: 18 digits.", { pattern: '^\\d{18}$' }),
  STATUS: paymentStatus,
  RESPONSE_CODE: code,
  RESPONSE_MESSAGE: message,
  PG_TXN_MESSAGE: text("The acquirer's words."),
  RESPONSE_DATE_TIME: dateTime,
  IS_STATUS_FINAL: text('N while Pending.', { enum: ['Y', 'N'] }),
  DUPLICATE_YN: { enum: ['Y', 'N'] },
  PAYMENT_TYPE: text(
    'CC credit card, DC debit card, NB net banking, UP UPI, WL wallet; empty while the customer has not chosen. A sandbox test card answers CC or DC as it is a credit or a debit card; a merchant-hosted payment is NB, WL or UP.',
    { enum: ['CC', 'DC', 'NB', 'UP', 'WL', ''] },
  ),
  MOP_TYPE: text(
    'The card network (VI Visa, RU RuPay), bank or wallet code; empty while unchosen.',
  ),
  ACQ_ID: text("The acquirer's id; may be empty."),
  RRN: text('Retrieval reference number; may be empty.'),
  AUTH_CODE: text('Card authorisation code; may be empty.'),
  CARD_MASK: text('First six and last four digits of a card; empty for other methods.'),
  CUST_NAME: text('As requested; may be empty.'),
  CUST_EMAIL: text('As requested; may be empty.'),
  CUST_PHONE: text('CUST_PHONE as requested, or else CUST_MOBILE; may be empty.'),
}

const payout = {
  PAY_ID: ref('PayId'),
  PAYOUT_ID: ref('OrderId'),
  AMOUNT: { ...ref('Amount'), description: 'Paise.' },
  CURRENCY_CODE: ref('RupeeCurrencyCode'),
  TRANSFER_MODE: { enum: [...transferModes] },
  TXN_ID: ref('TxnId'),
}

/** The answers that can refuse a request with 323 (a HASH that does not verify). */
export const invalidHashAnswers = [
  'ClockRefusal',
  'TriggerRefusal',
  'StreamResultRefusal',
  'StatusRefusal',
  'RefundAnswer',
  'PayoutRefusal',
  'QrRefusal',
  'WebhookRefusal',
  'SettlementRefusal',
  'GstInvoiceRefusal',
  'FxRefusal',
  'DisputeRefusal',
  'PaylinkRefusal',
  'VirtualAccountRefusal',
  'SubscriptionRefusal',
] as const

export const answerSchemas = withHashHelp({
  PaymentAnswer: fields(
    'A payment, as posted to RETURN_URL and answered by the status enquiry (plus REFUNDED_AMOUNT once refunds were made, and FX_RATE and INR_AMOUNT for a payment in a foreign currency).',
    { ...payment, HASH: hash },
    {
      PRODUCT_DESC: text('As requested.'),
      RETURN_URL: text(
        "Posted to RETURN_URL only: the request's RETURN_URL, echoed (the status enquiry and webhooks leave it out).",
      ),
      REFUNDED_AMOUNT: {
        ...ref('Amount'),
        description: "Refunded so far, in the payment's currency's minor units.",
      },
      FX_RATE: { ...ref('FxRate'), description: 'A foreign payment only: its rate.' },
      INR_AMOUNT: {
        ...ref('InrAmount'),
        description: 'A foreign payment only: AMOUNT in paise at FX_RATE, what settles.',
      },
      CARD_ISSUED_ABROAD: text(
        'Y on a payment by a card issued outside India, which settles on the International cards row even in rupees; absent on every other payment.',
        { enum: ['Y'] },
      ),
    },
  ),
  StatusRefusal: fields(
    `A status enquiry refused: 321, 322, 323, 324, 328 (or 326 with status 400). ${unsignedNote}`,
    {
      TXNTYPE: { const: 'STATUS' },
      STATUS: { const: 'Failed' },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
    },
    { PAY_ID: text('As sent.'), ORDER_ID: text('As sent.'), HASH: hash },
  ),
  RefundAnswer: fields(
    `A refund: Refunded (000, with the refund's own TXN_ID) or Failed (018, 319, 320, 321, 323, 324, 328, 329, 330, 354, 357). ${unsignedNote}`,
    {
      TXNTYPE: { const: 'REFUND' },
      STATUS: { enum: ['Refunded', 'Failed'] },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
    },
    {
      PAY_ID: text('As sent.'),
      ORDER_ID: text('As sent.'),
      REFUND_ORDER_ID: text('As sent.'),
      AMOUNT: text('As sent.'),
      CURRENCY_CODE: text('As sent.'),
      TXN_ID: ref('TxnId'),
      FX_RATE: {
        ...ref('FxRate'),
        description: "A foreign payment's refund only: the payment's rate.",
      },
      INR_AMOUNT: {
        ...ref('InrAmount'),
        description:
          "A foreign payment's refund only: its paise, so that the payment's refunds add up to its INR_AMOUNT.",
      },
      HASH: hash,
    },
  ),
  PayoutResult: fields(
    'A payout the bank answered: Processed (000, with a UTR), Pending (026) or Failed (004). The payout status answers it unchanged.',
    {
      ...payout,
      TXNTYPE: { const: 'PAYOUT' },
      STATUS: { enum: ['Processed', 'Pending', 'Failed'] },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
      HASH: hash,
    },
    {
      UTR: text('The bank transfer reference: 12 digits, when Processed.', {
        pattern: pattern(patterns.utr),
      }),
    },
  ),
  PayoutRefusal: fields(
    `A payout refused before the bank: 018, 319–324, 326 (326 with HTTP 200 and signed: REMARKS over 50 characters or with a control character), 328, 331–335, 357 (NOTIFY_URL); nothing is stored. ${unsignedNote}`,
    {
      TXNTYPE: { const: 'PAYOUT' },
      STATUS: { const: 'Failed' },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
    },
    {
      PAY_ID: text('As sent.'),
      PAYOUT_ID: text('As sent.'),
      AMOUNT: text('As sent.'),
      CURRENCY_CODE: text('As sent.'),
      TRANSFER_MODE: text('As sent.'),
      HASH: hash,
    },
  ),
  QrAnswer: fields(
    'A QR code and its open payment (006 until paid). UPI codes carry UPI_INTENT, PG codes PAYMENT_URL.',
    {
      PAY_ID: ref('PayId'),
      ORDER_ID: ref('OrderId'),
      AMOUNT: { ...ref('Amount'), description: 'Paise.' },
      CURRENCY_CODE: ref('RupeeCurrencyCode'),
      QR_TYPE: { enum: [...qrTypes] },
      TXNTYPE: { const: 'QR' },
      TXN_ID: ref('TxnId'),
      QR_IMAGE_URL: { ...ref('Url'), description: 'The code as a 360 px PNG.' },
      QR_SCAN_URL: { ...ref('Url'), description: 'The sandbox scan page: what a phone opens.' },
      STATUS: { const: 'Pending' },
      RESPONSE_CODE: { const: '006' },
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
      HASH: hash,
    },
    {
      UPI_INTENT: text('upi://pay?pa=…&pn=…&am=<rupees>&cu=INR&tr=<TXN_ID>&tn=<ORDER_ID>', {
        pattern: '^upi://pay\\?',
      }),
      PAYMENT_URL: { ...ref('Url'), description: 'The hosted payment page (PG codes).' },
    },
  ),
  QrRefusal: fields(
    `A QR request refused: 018, 319–326 (325 RETURN_URL), 336, 357 (NOTIFY_URL). ${unsignedNote}`,
    {
      TXNTYPE: { const: 'QR' },
      STATUS: { const: 'Failed' },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
    },
    {
      PAY_ID: text('As sent.'),
      ORDER_ID: text('As sent.'),
      AMOUNT: text('As sent.'),
      CURRENCY_CODE: text('As sent.'),
      QR_TYPE: text('As sent.'),
      HASH: hash,
    },
  ),
  WebhookEventsAnswer: fields(
    "The events asked for, with every delivery attempt; a resend answers its one event as listed once scheduled again (state pending, next_attempt now). RESPONSE_MESSAGE is code 000's (the request succeeded, whatever the events' states); there is no STATUS (a payment's) and no RESPONSE_DATE_TIME: EVENTS says how many there are.",
    {
      PAY_ID: ref('PayId'),
      EVENTS: {
        type: 'string',
        description: 'The list as a JSON text, so the answer stays flat fields under one HASH.',
        contentMediaType: 'application/json',
        contentSchema: { type: 'array', items: ref('ListedWebhookEvent') },
      },
      RESPONSE_CODE: { const: '000' },
      RESPONSE_MESSAGE: { const: responseCodes['000'].message },
      HASH: hash,
    },
    { EVENT_ID: ref('EventId'), ORDER_ID: ref('OrderId') },
  ),
  WebhookRefusal: fields(
    `A deliveries request refused: 321, 323, 324, 326 (HTTP 400 for an unreadable body; HTTP 200 and signed for an EVENT_ID that is not evt_ and 24 hex digits, or none to resend, or a LATEST other than 1 to 50), 337. ${unsignedNote}`,
    { STATUS: { const: 'Failed' }, RESPONSE_CODE: code, RESPONSE_MESSAGE: message },
    {
      PAY_ID: text('As sent.'),
      EVENT_ID: text('As sent.'),
      ORDER_ID: text('As sent.'),
      HASH: hash,
    },
  ),
  ListedWebhookEvent: {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'type',
      'reference',
      'notify_url',
      'state',
      'created',
      'next_attempt',
      'attempts',
    ],
    properties: {
      id: ref('EventId'),
      type: ref('WebhookEventType'),
      reference: text(
        "The ORDER_ID (payments, refunds), PAYOUT_ID, SETTLEMENT_ID, a payment link's PAYLINK_ID or a virtual account credit's CREDIT_ID.",
      ),
      notify_url: text('Where it is sent.'),
      state: text(
        "pending until delivered; failed after the last attempt, or at once when the address is refused (private or special-purpose, the reason in the attempt's error).",
        {
          enum: [...deliveryStates],
        },
      ),
      created: dateTime,
      next_attempt: { description: 'Empty unless pending.', anyOf: [dateTime, { const: '' }] },
      attempts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['at', 'http_status', 'error', 'duration_ms'],
          properties: {
            at: dateTime,
            http_status: { type: ['integer', 'null'] },
            error: { type: ['string', 'null'] },
            duration_ms: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
  },
  ...settlementSchemas(),
  ...gstInvoiceSchemas(),
  ...internationalSchemas(),
  ...clockSchemas(),
  ...triggerSchemas(),
  ...listenSchemas(),
  ...paylinkSchemas(),
  ...virtualAccountSchemas(),
  ...subscriptionSchemas(),
  EventId: text('evt_ and 24 hex digits.', { pattern: '^evt_[0-9a-f]{24}$' }),
  WebhookEventType: { type: 'string', enum: [...webhookEventTypes] },
} satisfies Record<string, Schema>)

/**
 * The sandbox's help with a 323: the text it hashed and a link to the signature debugger, as
 * optional fields of every answer that can be a 323.
 */
function withHashHelp<T extends Record<string, Schema>>(answers: T): T {
  const help = {
    HASHED_TEXT: text(
      'Sandbox only, in a 323 answer: the exact text the sandbox hashed to check the request: its fields but HASH, sorted and joined with `~`, then `<your salt>` where the salt goes (fields the call does not take are left out, OTHER_FIELDS counts them). Compare it with the text your code hashes.',
    ),
    DEBUGGER_URL: text(
      "Sandbox only, in a 323 answer: the site's signature debugger with the request's fields in the URL fragment (`#fields=…`, never sent to a server), to find the difference.",
      { pattern: '^https?://' },
    ),
    OTHER_FIELDS: text(
      'Sandbox only, in a 323 answer to a request carrying fields this call does not take: how many. HASHED_TEXT and DEBUGGER_URL leave them out; the HASH covers every field sent, so remove them or sign them.',
      { pattern: '^[1-9]\\d*$' },
    ),
  }
  const helped: Record<string, Schema> = { ...answers }
  for (const name of invalidHashAnswers) {
    const answer = answers[name] as { properties: Record<string, Schema> } | undefined
    if (!answer) throw new Error(`no answer schema ${name}`)
    helped[name] = { ...answer, properties: { ...answer.properties, ...help } }
  }
  return helped as T
}

/** The settlement APIs' requests, answers and the settlement.processed event's data. */
function settlementSchemas() {
  const isoDate = ref('IsoDate')
  const signedAmount = ref('SignedPaise')
  const settlement = {
    SETTLEMENT_ID: ref('SettlementId'),
    UTR: text(
      "The transfer's unique reference: 16 to 22 upper-case letters and digits; empty when carried forward (nothing was paid).",
      { pattern: '^([A-Z0-9]{16,22})?$' },
    ),
    SETTLEMENT_DATE: {
      ...isoDate,
      description:
        'The working day it was made on, at the settlement hour (11:00 IST): paid then, unless carried forward.',
    },
    CYCLE_FROM: {
      ...isoDate,
      description: 'The first date whose payments and refunds settle on SETTLEMENT_DATE.',
    },
    CYCLE_TO: { ...isoDate, description: 'The last: the day before SETTLEMENT_DATE.' },
    PAYMENTS_COUNT: text('Payment lines.', { pattern: '^\\d+$' }),
    REFUNDS_COUNT: text('Refund lines.', { pattern: '^\\d+$' }),
    GROSS_AMOUNT: {
      ...signedAmount,
      description:
        "The payments' amounts added up, with the credits into virtual accounts (COLLECTION lines).",
    },
    REFUNDS_AMOUNT: { ...signedAmount, description: "The refunds' amounts added up (deducted)." },
    FEES_AMOUNT: {
      ...signedAmount,
      description:
        "The fees: each payment's by the Payment Gateway rows of the pricing page (a refund returns none), each credit's by the Auto Collection row, and each FEE line's (a payment link, a virtual account's setup).",
    },
    GST_AMOUNT: {
      ...signedAmount,
      description: "GST on the fees: 18 % of each line's fee, rounded half up to the paisa.",
    },
    CGST_AMOUNT: {
      ...signedAmount,
      description:
        "Central GST: half of GST_AMOUNT, the odd paisa included, when the merchant's GST state is the provider's; 0 otherwise. CGST_AMOUNT + SGST_AMOUNT + IGST_AMOUNT = GST_AMOUNT.",
    },
    SGST_AMOUNT: {
      ...signedAmount,
      description:
        "State GST (UTGST in a union territory without a legislature): the other half, within the provider's state; 0 otherwise.",
    },
    IGST_AMOUNT: {
      ...signedAmount,
      description:
        "Integrated GST: all of GST_AMOUNT when the merchant's state is another; 0 otherwise.",
    },
    PROVIDER_GSTIN: text("The provider's GSTIN, as it was when the settlement was made.", {
      pattern: '^(\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$',
    }),
    MERCHANT_GSTIN: text(
      "The merchant's GSTIN when it was made; empty for a merchant not registered for GST.",
      { pattern: '^(\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$' },
    ),
    ADJUSTMENTS_AMOUNT: {
      ...signedAmount,
      description:
        'The NET of its DISPUTE_HOLD, DISPUTE_RELEASE and CARRY_FORWARD lines added up (signed).',
    },
    NET_AMOUNT: { ...signedAmount, description: "What was paid: the lines' NET added up." },
    BANK_ACCOUNT: text('The bank account settled to, masked but its last four digits.', {
      pattern: '^X+\\d{4}$',
    }),
    STATUS: text(
      'PROCESSED, or CARRIED_FORWARD when the net is zero or negative: nothing paid (UTR empty), the net becomes a CARRY_FORWARD line of the next settlement.',
      { enum: ['PROCESSED', 'CARRIED_FORWARD'] },
    ),
  }
  const refusal = (description: string) =>
    fields(
      `${description} ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      {
        ...Object.fromEntries(
          [
            'PAY_ID',
            'FROM',
            'TO',
            'SETTLEMENT_ID',
            'UTR',
            'FORMAT',
            'PAGE',
            'PAGE_SIZE',
            'ORDER_ID',
            'VA_ID',
            'AS_OF',
            'HASH',
          ].map((key) => [key, key === 'HASH' ? hash : text('As sent.')]),
        ),
        ACCOUNT_URL: text(
          'With 362 only: the page that makes a sandbox account of your own, whose clock you may move.',
        ),
      },
    )
  return {
    IsoDate: text('A date, `YYYY-MM-DD`.', { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    SignedPaise: text('Paise, digits, with a leading `-` when negative.', { pattern: '^-?\\d+$' }),
    SettlementId: text('setl_ and 20 hex digits.', { pattern: '^setl_[0-9a-f]{20}$' }),
    SettlementsRequest: fields(
      "A merchant's settlements dated from FROM to TO (at most 92 days).",
      {
        PAY_ID: ref('PayId'),
        FROM: ref('IsoDate'),
        TO: ref('IsoDate'),
        HASH: ref('RequestHash'),
      },
    ),
    SettlementRequest: fields(
      'One settlement with a page of its lines (JSON) or all of them (CSV), by SETTLEMENT_ID or by UTR (one of them).',
      { PAY_ID: ref('PayId'), HASH: ref('RequestHash') },
      {
        SETTLEMENT_ID: ref('SettlementId'),
        UTR: text("The settlement's UTR: 16 to 22 upper-case letters and digits.", {
          pattern: '^[A-Z0-9]{16,22}$',
        }),
        FORMAT: text('JSON (the default) or CSV: the whole settlement as a file (343 otherwise).', {
          enum: ['JSON', 'CSV'],
        }),
        PAGE: text(
          'JSON: which page of the lines, from 1 (the default); a page past the last has no lines. 358 if not digits from 1.',
          { pattern: '^[1-9]\\d{0,8}$' },
        ),
        PAGE_SIZE: text('JSON: lines a page, 1 to 1000 (the default); 358 otherwise.', {
          pattern: '^[1-9]\\d{0,3}$',
        }),
      },
    ),
    ReconRequest: fields('The reconciliation of one order.', {
      PAY_ID: ref('PayId'),
      ORDER_ID: ref('OrderId'),
      HASH: ref('RequestHash'),
    }),
    VirtualAccountReconRequest: fields(
      'The reconciliation of one virtual account: its setup charge and its credits.',
      {
        PAY_ID: ref('PayId'),
        VA_ID: {
          ...ref('VirtualAccountId'),
          description: 'The account (321 if malformed, 376 if none of yours).',
        },
        HASH: ref('RequestHash'),
      },
    ),
    SettlementRunRequest: fields(
      'Sandbox only: settle what is due at AS_OF.',
      {
        PAY_ID: ref('PayId'),
        AS_OF: text(
          'ISO 8601 date-time with its offset from UTC, e.g. `2026-11-30T11:00:00+05:30` or `2026-11-30T05:30:00Z` (341 without one, or for a date that does not exist). It may be in the future.',
          {
            pattern:
              '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
          },
        ),
        HASH: ref('RequestHash'),
      },
      { NOTIFY_URL: ref('NotifyUrl') },
    ),
    Settlement: fields('A settlement, without its lines.', settlement),
    SettlementLine: fields(
      "One line of a settlement; amounts in paise, as strings. The line of a foreign payment, refund, or dispute's hold or release adds CURRENCY_CODE, ORIGINAL_AMOUNT and FX_RATE.",
      {
        TYPE: text(
          "PAYMENT, REFUND, DISPUTE_HOLD (a dispute's amount held back), DISPUTE_RELEASE (a won dispute's hold given back), CARRY_FORWARD (the balance of an earlier settlement whose net was zero or negative), COLLECTION (a credit into a virtual account, less its Auto Collection charge) or FEE (a charge that is no payment's, a payment link's or a virtual account's setup: AMOUNT 0, NET −(FEE + GST)).",
          { enum: [...lineTypes] },
        ),
        ORDER_ID: text(
          "The payment's or refunded payment's ORDER_ID; for a dispute's hold or release the disputed payment's; for a COLLECTION the virtual account's REFERENCE_ID (its VA_ID when it has none); for a FEE the link's or account's REFERENCE_ID (else its PAYLINK_ID or VA_ID); empty for a balance carried forward.",
        ),
        TXN_ID: text(
          "The payment's TXN_ID, or the refund's own; a dispute's hold or release: the payment's; a COLLECTION: the CREDIT_ID; a FEE: the PAYLINK_ID or VA_ID charged for; empty for a balance carried forward.",
        ),
        PG_REF_NUM: text(
          "The payment's (a dispute's hold or release: the disputed payment's); a COLLECTION: the credit's UTR; empty for a FEE or a balance carried forward.",
        ),
        PAYMENT_TYPE: text(
          'UP, DC, CC, NB or WL; a COLLECTION: its transfer mode, NEFT, RTGS, IMPS or UPI; empty for a FEE or a balance carried forward.',
        ),
        MOP_TYPE: text(
          "As the payment's answer gave it; empty for a COLLECTION, a FEE or a balance carried forward.",
        ),
        AMOUNT: {
          ...signedAmount,
          description:
            "Payment or refund amount (a foreign one's INR_AMOUNT); a dispute's hold −INR_AMOUNT, its release +INR_AMOUNT; the carried balance; a COLLECTION's credit; 0 for a FEE line.",
        },
        FEE: {
          ...signedAmount,
          description:
            "The pricing row's fee (a COLLECTION's by the Auto Collection row's slab of its amount), or a FEE line's charge; 0 for refunds (a refund returns no fee), holds, releases and carried balances.",
        },
        GST: { ...signedAmount, description: '18 % of FEE.' },
        NET: {
          ...signedAmount,
          description:
            'Payment and COLLECTION: AMOUNT − FEE − GST. Refund: −AMOUNT. Hold, release, carried balance: AMOUNT. FEE line: −(FEE + GST).',
        },
        DATE: {
          ...dateTime,
          description:
            'IST: when the payment was captured, the refund processed, the dispute raised (hold) or won (release), the balance carried forward, the credit received or the link or account made.',
        },
        DESCRIPTION: text(
          'The pricing row and rate of a payment ("Credit card (2.00%)"), "Refund", "Dispute dsp_… held: 13.1 …", "Dispute dsp_… won: hold released", "Balance carried forward from setl_…", or the product\'s pricing row ("Auto Collection fees: Per transaction", "Paylinks fees: Normal link").',
        ),
        DISPUTE_ID: text('DISPUTE_HOLD and DISPUTE_RELEASE: the dispute; empty on other lines.', {
          pattern: '^(dsp_[0-9a-f]{20})?$',
        }),
        SOURCE_SETTLEMENT_ID: text(
          'CARRY_FORWARD: the settlement whose balance it brings; empty on other lines.',
          { pattern: '^(setl_[0-9a-f]{20})?$' },
        ),
      },
      {
        CURRENCY_CODE: text(
          "A foreign payment's, refund's, hold's or release's line only: the payment's ISO 4217 numeric currency code (in the CSV always a column, empty on rupee lines).",
        ),
        ORIGINAL_AMOUNT: text(
          "A foreign line only: its amount in the currency's minor units (a payment's or refund's as sent, a hold's or release's as disputed; AMOUNT is its rupee value).",
          { pattern: '^\\d+$' },
        ),
        FX_RATE: {
          ...ref('FxRate'),
          description: "A foreign line only: the payment's rate, rupees per unit.",
        },
      },
    ),
    ReconEntry: fields(
      "One money movement of the order (its payment, a refund, its dispute's hold or release), or of the virtual account (its setup charge, a credit), and the settlements it went into.",
      {
        TYPE: text(
          "An order's: PAYMENT, REFUND, DISPUTE_HOLD or DISPUTE_RELEASE. A virtual account's: FEE (its setup) or COLLECTION (a credit).",
          { enum: ['PAYMENT', 'REFUND', 'DISPUTE_HOLD', 'DISPUTE_RELEASE', 'COLLECTION', 'FEE'] },
        ),
        TXN_ID: text(
          "The payment's TXN_ID (a hold's or release's too), or the refund's own; a COLLECTION's CREDIT_ID; a FEE's VA_ID.",
          { pattern: '^(\\d{16}|vacr_[A-Za-z0-9]{14}|va_[A-Za-z0-9]{14})$' },
        ),
        AMOUNT: {
          ...signedAmount,
          description:
            'The payment, refund or credit amount (positive); a hold −INR_AMOUNT, a release +INR_AMOUNT; 0 for a FEE.',
        },
        FEE: {
          ...signedAmount,
          description: "The pricing row's fee (a FEE's or COLLECTION's charge); 0 for the others.",
        },
        GST: { ...signedAmount, description: '18 % of FEE.' },
        NET: {
          ...signedAmount,
          description:
            'What its settlement line adds: AMOUNT − FEE − GST for the payment or a credit, −AMOUNT for a refund, AMOUNT for a hold or release, −(FEE + GST) for a FEE.',
        },
        DATE: {
          ...dateTime,
          description:
            'IST: when the payment was captured, the refund processed, the dispute raised (hold) or won (release), the account opened (FEE) or the credit received.',
        },
        DISPUTE_ID: text('A hold or release: its dispute; empty otherwise.', {
          pattern: '^(dsp_[0-9a-f]{20})?$',
        }),
        STATE: text(
          'SETTLED: paid out under a UTR. CARRIED_FORWARD: in a settlement carried forward that no processed settlement has paid out yet. UNSETTLED: in no settlement yet.',
          { enum: ['SETTLED', 'CARRIED_FORWARD', 'UNSETTLED'] },
        ),
        SETTLEMENT_ID: text('The settlement whose line holds it; empty while unsettled.', {
          pattern: '^(setl_[0-9a-f]{20})?$',
        }),
        SETTLEMENT_DATE: text("That settlement's date; empty while unsettled.", {
          pattern: '^(\\d{4}-\\d{2}-\\d{2})?$',
        }),
        SETTLEMENT_STATUS: text("That settlement's STATUS; empty while unsettled.", {
          enum: ['PROCESSED', 'CARRIED_FORWARD', ''],
        }),
        PAID_BY_SETTLEMENT_ID: text(
          'The settlement that paid it out: SETTLEMENT_ID when that was processed; when it was carried forward, the processed settlement its balance went into (through each CARRY_FORWARD line). Empty while nothing has paid it.',
          { pattern: '^(setl_[0-9a-f]{20})?$' },
        ),
        UTR: text("PAID_BY_SETTLEMENT_ID's UTR; empty while nothing has paid it.", {
          pattern: '^([A-Z0-9]{16,22})?$',
        }),
        EXPECTED_SETTLEMENT_DATE: {
          ...isoDate,
          description:
            'The first working day after its IST date: when it settles, or settled. Always set.',
        },
      },
    ),
    SettlementsAnswer: fields('The settlements asked for.', {
      PAY_ID: ref('PayId'),
      FROM: isoDate,
      TO: isoDate,
      SETTLEMENTS: jsonList('The settlements, oldest first.', 'Settlement'),
      ...signedAnswer,
    }),
    SettlementAnswer: fields('A settlement and a page of its lines.', {
      PAY_ID: ref('PayId'),
      ...settlement,
      PAGE: text('The page answered, from 1.', { pattern: '^[1-9]\\d*$' }),
      PAGE_SIZE: text('Lines a page, 1 to 1000.', { pattern: '^[1-9]\\d*$' }),
      LINES_COUNT: text('All the lines of the settlement, on every page.', {
        pattern: '^\\d+$',
      }),
      PAGES: text('How many pages of PAGE_SIZE they make (1 at least).', {
        pattern: '^[1-9]\\d*$',
      }),
      LINES: jsonList(
        "This page's lines: of the whole list, carried balances first, then payments, refunds, and disputes' holds and releases as they happened.",
        'SettlementLine',
      ),
      ...signedAnswer,
    }),
    ReconAnswer: fields("An order's money movements, and where their money went.", {
      PAY_ID: ref('PayId'),
      ORDER_ID: ref('OrderId'),
      RECON: jsonList(
        "The payment, each refund, and its dispute's hold and release, in the order they happened.",
        'ReconEntry',
      ),
      ...signedAnswer,
    }),
    VirtualAccountReconAnswer: fields(
      "A virtual account's money movements, and where their money went.",
      {
        PAY_ID: ref('PayId'),
        VA_ID: ref('VirtualAccountId'),
        RECON: jsonList(
          'Its setup charge (FEE), then each credit (COLLECTION; its latest 1000, returned ones left out: they moved no money), in the order they happened.',
          'ReconEntry',
        ),
        ...signedAnswer,
      },
    ),
    SettlementRunAnswer: fields(
      "What the test run settled, and the merchant's settlements up to AS_OF.",
      {
        PAY_ID: ref('PayId'),
        AS_OF: text('As sent.'),
        SETTLEMENTS: jsonList(
          'Dated in the 92 days up to AS_OF, and any the run made; oldest first.',
          'Settlement',
        ),
        ...signedAnswer,
      },
    ),
    SettlementRefusal: refusal(
      "A settlement request refused: 321, 323–326, 328 (recon: an order never seen), 376 (recon: no such virtual account of the merchant), 338 no such settlement, 339 bad or reversed dates, 340 over 92 days, 341 bad AS_OF, 342 SETTLEMENT_ID or UTR, 343 format, 353 a date outside 2000–2099, 357 a refused NOTIFY_URL, 358 bad PAGE or PAGE_SIZE, 359 a date past the bank holidays the sandbox knows, 362 a test run moving the demo merchant's clock forward on a public sandbox (its ACCOUNT_URL makes an account of your own).",
    ),
    SettlementEvent: fields("settlement.processed: the settlement's fields, without lines.", {
      PAY_ID: ref('PayId'),
      ...settlement,
      HASH: hash,
    }),
  } satisfies Record<string, Schema>
}

/** The monthly tax invoice: its request, answer, lines and refusals. */
function gstInvoiceSchemas() {
  const paise = (description: string) =>
    text(`${description} Paise, digits.`, { pattern: '^\\d+$' })
  const gstin = text('A GSTIN: 15 characters, the last a check character.', {
    pattern: '^\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$',
  })
  const stateCode = text('A GST state code, 01 to 38.', { pattern: '^(0[1-9]|[12]\\d|3[0-8])$' })
  const rate = text('Percent, two decimals: 9.00, 18.00 or 0.00.', {
    pattern: '^\\d{1,2}\\.\\d{2}$',
  })
  const amounts = {
    TAXABLE_AMOUNT: paise('The fees, before GST.'),
    CGST_AMOUNT: paise("Central GST (within the provider's state)."),
    SGST_AMOUNT: paise('State GST, or UTGST where STATE_TAX says so (within the state).'),
    IGST_AMOUNT: paise('Integrated GST (between states).'),
    GST_AMOUNT: paise('CGST + SGST + IGST: the GST the settlements charged on these fees.'),
    TOTAL_AMOUNT: paise('TAXABLE_AMOUNT + GST_AMOUNT.'),
  }
  return {
    GstInvoiceRequest: fields(
      "The tax invoice for the fees on a merchant's settlements dated in MONTH.",
      {
        PAY_ID: ref('PayId'),
        MONTH: text('YYYY-MM, 2000-01 to 2099-12 (355 otherwise).', {
          pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
        }),
        HASH: ref('RequestHash'),
      },
      {
        FORMAT: text('JSON (the default) or PDF: the invoice as a file (356 otherwise).', {
          enum: ['JSON', 'PDF'],
        }),
      },
    ),
    GstInvoiceLine: fields(
      'The fees of one Payment Gateway pricing row (or one kind of other charge) in the month.',
      {
        DESCRIPTION: text('"Payment Gateway fees: Credit card": the pricing row\'s label.'),
        SAC: text('Services Accounting Code heading: 9971, financial and related services.', {
          const: '9971',
        }),
        CHARGES_COUNT: text(
          'How many fees: payments charged on this row (or credits, links or accounts opened).',
          { pattern: '^\\d+$' },
        ),
        ...amounts,
      },
    ),
    GstInvoiceAnswer: fields(
      'The tax invoice. A month without fees answers one too, its lines empty and its totals 0. Asked again, the same month keeps its number; its figures follow the settlements dated in it.',
      {
        PAY_ID: ref('PayId'),
        MONTH: text('As sent.'),
        INVOICE_NUMBER: text(
          'PYS/, the financial year (2627 for April 2026 to March 2027), /, a serial consecutive within it: given once for the merchant and month, then kept.',
          { pattern: '^PYS/\\d{4}/\\d{6}$' },
        ),
        INVOICE_DATE: { ...ref('IsoDate'), description: "The month's last day." },
        PERIOD_FROM: { ...ref('IsoDate'), description: "The month's first day." },
        PERIOD_TO: { ...ref('IsoDate'), description: "The month's last day." },
        PROVIDER_NAME: text("The supplier: the provider's legal name."),
        PROVIDER_ADDRESS: text('Its registered office, one line.'),
        PROVIDER_GSTIN: gstin,
        PROVIDER_STATE_CODE: stateCode,
        PROVIDER_STATE: text('Its state by name.'),
        MERCHANT_NAME: text('The recipient: the merchant.'),
        MERCHANT_GSTIN: text('Its GSTIN; empty when it is not registered for GST.', {
          pattern: '^(\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])?$',
        }),
        MERCHANT_STATE_CODE: stateCode,
        MERCHANT_STATE: text('Its state by name.'),
        PLACE_OF_SUPPLY: text("The merchant's state: code-name, `09-Uttar Pradesh`.", {
          pattern: '^\\d{2}-.+$',
        }),
        SUPPLY_TYPE: text(
          "INTRA_STATE (the merchant's state is the provider's: CGST and SGST) or INTER_STATE (IGST).",
          { enum: ['INTRA_STATE', 'INTER_STATE'] },
        ),
        STATE_TAX: text(
          'The name of the second half within a state: SGST, or UTGST in a union territory without a legislature (its amount is in SGST_AMOUNT).',
          { enum: ['SGST', 'UTGST'] },
        ),
        CGST_RATE: rate,
        SGST_RATE: rate,
        IGST_RATE: rate,
        REVERSE_CHARGE: text('Whether the recipient pays the tax: N.', { const: 'N' }),
        SETTLEMENTS_COUNT: text('Settlements dated in the month.', { pattern: '^\\d+$' }),
        LINES: jsonList(
          "The fees by pricing row, in the pricing page's order. Each line's GST is divided on its own (the odd paisa to CGST).",
          'GstInvoiceLine',
        ),
        CHARGES_COUNT: text('All the fees.', { pattern: '^\\d+$' }),
        ...amounts,
        ...signedAnswer,
      },
    ),
    GstInvoiceRefusal: fields(
      `A tax invoice request refused: 323–326, 355 (MONTH), 356 (FORMAT). ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      {
        PAY_ID: text('As sent.'),
        MONTH: text('As sent.'),
        FORMAT: text('As sent.'),
        HASH: hash,
      },
    ),
  } satisfies Record<string, Schema>
}

/** A dispute's fields, as the dispute answers, the list's entries and the dispute events carry them. */
function disputeFields() {
  const decided = (description: string) =>
    text(description, { pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$' })
  return {
    DISPUTE_ID: ref('DisputeId'),
    ORDER_ID: ref('OrderId'),
    TXN_ID: { ...ref('TxnId'), description: "The disputed payment's TXN_ID." },
    PG_REF_NUM: text("The disputed payment's PG_REF_NUM.", { pattern: '^\\d{18}$' }),
    AMOUNT: {
      ...ref('Amount'),
      description:
        "What is disputed: the payment's amount less what was refunded before the dispute, in the payment's currency's minor units.",
    },
    CURRENCY_CODE: { ...ref('CurrencyCode'), description: "The payment's currency." },
    INR_AMOUNT: { ...ref('InrAmount'), description: 'The paise held from the settlements.' },
    REASON_CODE: text("The card network's reason code.", {
      enum: disputeReasons.map((reason) => reason.code),
    }),
    REASON: text('The reason in words.', { enum: disputeReasons.map((reason) => reason.reason) }),
    RESPOND_BY: text(
      `The last day (IST) to accept or contest: ${RESPONSE_WORKING_DAYS} working days after the IST date of CREATED_AT, on the business calendar; the deadline is the end of that day.`,
      { pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    ),
    STATUS: text('OPEN, UNDER_REVIEW (contested), WON or LOST.', {
      enum: ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST'],
    }),
    EVIDENCE_RECEIVED: text('Y once evidence was sent with CONTEST, else N.', {
      enum: ['Y', 'N'],
    }),
    CREATED_AT: { ...ref('DateTime'), description: 'IST: the settlement run that raised it.' },
    DECIDED_AT: decided('IST: when it was won or lost; empty while undecided.'),
    RESOLUTION: text('Why it was won or lost; empty while undecided.', {
      enum: ['', ...Object.values(resolutions)],
    }),
  }
}

/** The rates API, the dispute APIs and the dispute events. */
function internationalSchemas() {
  const refusal = (description: string, sent: string[]) =>
    fields(
      `${description} ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      Object.fromEntries(
        [...sent, 'HASH'].map((key) => [key, key === 'HASH' ? hash : text('As sent.')]),
      ),
    )
  const dispute = disputeFields()
  return {
    DisputeId: text('dsp_ and 20 hex digits.', { pattern: '^dsp_[0-9a-f]{20}$' }),
    FxRequest: fields('The currencies and the rates of the day.', {
      PAY_ID: ref('PayId'),
      HASH: ref('RequestHash'),
    }),
    FxCurrency: fields('A currency the gateway takes.', {
      CURRENCY_CODE: ref('CurrencyCode'),
      CODE: text('ISO 4217 alphabetic code, e.g. USD.', { pattern: '^[A-Z]{3}$' }),
      NAME: text('Its name, e.g. US Dollar.'),
      MINOR_UNITS: text('Digits after the decimal point: AMOUNT is in units of 10^-MINOR_UNITS.', {
        enum: ['0', '2', '3'],
      }),
      FX_RATE: { ...ref('FxRate'), description: 'Rupees per unit; 1.0000 for the rupee.' },
    }),
    FxAnswer: fields('The currencies a payment may be made in, and the rates of the day.', {
      PAY_ID: ref('PayId'),
      RATES_DATE: text('The day the rates are of, `YYYY-MM-DD`.', {
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      }),
      RATES: jsonText("Each foreign currency's rate, rupees per unit, by CURRENCY_CODE.", {
        type: 'object',
        propertyNames: { pattern: '^\\d{3}$' },
        additionalProperties: ref('FxRate'),
      }),
      CURRENCIES: jsonText('Every currency, the rupee first.', {
        type: 'array',
        items: ref('FxCurrency'),
      }),
      ...signedAnswer,
    }),
    FxRefusal: refusal('A rates request refused: 323, 324, 326.', ['PAY_ID']),
    DisputesRequest: {
      oneOf: [
        fields('The disputes raised from FROM to TO (IST dates of CREATED_AT, at most 92 days).', {
          PAY_ID: ref('PayId'),
          FROM: ref('IsoDate'),
          TO: ref('IsoDate'),
          HASH: ref('RequestHash'),
        }),
        fields("An order's dispute.", {
          PAY_ID: ref('PayId'),
          ORDER_ID: ref('OrderId'),
          HASH: ref('RequestHash'),
        }),
      ],
    },
    DisputeRequest: fields(
      'Accept or contest a dispute, once, before the end of RESPOND_BY. CONTEST takes EVIDENCE and may take one document.',
      {
        PAY_ID: ref('PayId'),
        DISPUTE_ID: ref('DisputeId'),
        ACTION: text(
          'ACCEPT: LOST at once, the hold stays. CONTEST: UNDER_REVIEW until the rule decides it after the deadline (347 otherwise).',
          { enum: ['ACCEPT', 'CONTEST'] },
        ),
        HASH: ref('RequestHash'),
      },
      {
        EVIDENCE: text(
          `CONTEST: why the payment is valid, 1 to ${MAX_EVIDENCE_CHARACTERS.toLocaleString('en-IN')} characters, not blank (350 otherwise).`,
          { minLength: 1, maxLength: MAX_EVIDENCE_CHARACTERS },
        ),
        EVIDENCE_FILE: text(
          `CONTEST: one PDF, JPEG or PNG document as Base64, at most ${MAX_EVIDENCE_FILE_BYTES / 1024 / 1024} MB decoded (351 if larger; 352 if not Base64 or not one of these by its whole content: a PDF ending with %%EOF, a PNG with IEND, a JPEG with FF D9, none holding a ZIP or HTML signature).`,
          { contentEncoding: 'base64' },
        ),
        EVIDENCE_FILE_NAME: text(
          'With EVIDENCE_FILE: its name, ending .pdf, .jpg, .jpeg or .png as its content is (352 if missing, unsafe or not matching; a name without a file is 352 too).',
        ),
      },
    ),
    Dispute: fields('A dispute: every field a string.', dispute),
    DisputesAnswer: fields(
      'The disputes asked for: FROM and TO, or ORDER_ID, as sent.',
      {
        PAY_ID: ref('PayId'),
        DISPUTES: jsonList('The disputes, oldest first.', 'Dispute'),
        ...signedAnswer,
      },
      { FROM: ref('IsoDate'), TO: ref('IsoDate'), ORDER_ID: ref('OrderId') },
    ),
    DisputeAnswer: fields('The dispute as it now stands, after ACCEPT or CONTEST.', {
      PAY_ID: ref('PayId'),
      ...dispute,
      ...signedAnswer,
    }),
    DisputeRefusal: refusal(
      'A disputes or dispute request refused, nothing stored: 321 (a malformed ORDER_ID), 323–326, 339 and 340 (the dates, as for settlements), 346 no such dispute of the merchant, 347 ACTION, 348 already answered, 349 past the deadline, 350 EVIDENCE, 351 file over 2 MB, 352 file or name.',
      ['PAY_ID', 'FROM', 'TO', 'ORDER_ID', 'DISPUTE_ID', 'ACTION'],
    ),
    DisputeEvent: fields(
      'dispute.created, dispute.won, dispute.lost: the dispute as it now stands.',
      { PAY_ID: ref('PayId'), ...dispute, HASH: hash },
    ),
  } satisfies Record<string, Schema>
}

/** An instant on the merchant's clock; a function, so the answer schemas built above can use it. */
function instantSchema(): Schema {
  return text('An instant, ISO 8601 in UTC (`2026-12-10T05:30:00.000Z`).', {
    format: 'date-time',
  })
}

/** A sandbox account's clock: reading it and moving it forward. */
function clockSchemas() {
  const instant = instantSchema()
  // What a clock advance lists as HAPPENED; fails to compile when the clock gains another.
  const happeningTypes = [
    'PAYMENT_CAPTURED',
    'PAYLINK_EXPIRED',
    'SETTLEMENT',
    'SUBSCRIPTION_NOTIFIED',
    'SUBSCRIPTION_CHARGED',
    'SUBSCRIPTION_DEBIT_FAILED',
    'SUBSCRIPTION_HALTED',
    'SUBSCRIPTION_COMPLETED',
    'SUBSCRIPTION_FAILED',
  ] as const satisfies ReadonlyArray<Happening['TYPE']>
  const everyHappening: Exclude<Happening['TYPE'], (typeof happeningTypes)[number]> extends never
    ? true
    : never = true
  void everyHappening
  return {
    ClockRequest: fields("The merchant's time.", {
      PAY_ID: ref('PayId'),
      HASH: ref('RequestHash'),
    }),
    ClockAnswer: fields(
      "The merchant's time: real time plus the sum of its advances. Every time written for the merchant (payments, refunds, webhooks' created, settlements, disputes, RESPONSE_DATE_TIME) is read from it.",
      { PAY_ID: ref('PayId'), NOW: instant, ...signedAnswer },
    ),
    ClockAdvanceRequest: {
      oneOf: [
        fields('Forward by a number of hours or days.', {
          PAY_ID: ref('PayId'),
          BY: text('`<n>h` or `<n>d`: 1 to 400 days in all.', { pattern: '^[1-9]\\d{0,4}[hd]$' }),
          HASH: ref('RequestHash'),
        }),
        fields('Forward to a time.', {
          PAY_ID: ref('PayId'),
          TO: text('ISO 8601 with an offset, after NOW and at most 400 days on.'),
          HASH: ref('RequestHash'),
        }),
      ],
    },
    ClockHappening: fields('One thing that fell due on the way.', {
      AT: { ...ref('DateTime'), description: "IST, on the merchant's clock." },
      TYPE: text(
        "PAYMENT_CAPTURED: a pending payment (late@upi) confirmed by the bank; PAYLINK_EXPIRED: a payment link whose EXPIRE_BY passed (paylink.expired sent); SETTLEMENT: a settlement made at the settlement hour of a working day. A subscription's steps, each with its webhook: SUBSCRIPTION_NOTIFIED a debit's notice went; SUBSCRIPTION_CHARGED a debit was captured; SUBSCRIPTION_DEBIT_FAILED one failed (subscription.pending or subscription.halted follows); SUBSCRIPTION_HALTED the last attempt of a cycle failed; SUBSCRIPTION_COMPLETED no cycle is left before END_DATE; SUBSCRIPTION_FAILED a mandate not registered within 24 h.",
        { enum: [...happeningTypes] },
      ),
      REFERENCE: text(
        "The payment's ORDER_ID, the link's PAYLINK_ID or the settlement's SETTLEMENT_ID; for a subscription, a notice's DEBIT_ID, a debit's ORDER_ID (a DEBIT_ID when it failed before reaching the bank) or the SUBSCRIPTION_ID.",
      ),
    }),
    ClockAdvanceAnswer: fields('The clock moved, and what fell due on the way, in order.', {
      PAY_ID: ref('PayId'),
      FROM: { ...instant, description: 'The time before the advance.' },
      NOW: { ...instant, description: 'The time after it.' },
      SETTLEMENTS: jsonText('The settlements made on the way, without lines.', {
        type: 'array',
        items: { type: 'object' },
      }),
      HAPPENED: jsonText('Everything that fell due on the way, oldest first.', {
        type: 'array',
        items: ref('ClockHappening'),
      }),
      ...signedAnswer,
    }),
    ClockRefusal: fields(
      `A clock request refused: 323, 324, 326; 363 BY malformed, or both BY and TO, or neither; 364 not forward, or more than 400 days; 341, 353, 359 a TO read as AS_OF is; 362 the demo merchant's clock on a public sandbox (ACCOUNT_URL makes an account of your own). ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      {
        PAY_ID: text('As sent.'),
        BY: text('As sent.'),
        TO: text('As sent.'),
        HASH: hash,
        ACCOUNT_URL: text('With 362 only: the page that makes a sandbox account of your own.'),
      },
    ),
  } satisfies Record<string, Schema>
}

/** Test events: real records of the merchant made to send a chosen webhook event. */
function triggerSchemas() {
  const instant = instantSchema()
  const event = text(
    'payment.captured: a card payment captured. payment.failed: one declined (004). payment.pending: a late@upi payment, Pending (026) until the bank confirms it (payment.captured follows). refund.processed: a captured payment, then its full refund (payment.captured first). payout.processed, payout.failed: a UPI payout to success@upi or failure@upi. settlement.processed: a captured payment, then the clock moved to the settlement run that settles it. dispute.created: a payment by the dispute test card of reason 13.1, then the clock moved to the run that settles and disputes it (payment.captured and settlement.processed on the way). Anything else: 368.',
    { enum: [...triggerEvents] },
  )
  return {
    TriggerRequest: fields(
      'Sandbox only: make real ₹1.00 records of the merchant that send EVENT.',
      { PAY_ID: ref('PayId'), EVENT: event, HASH: ref('RequestHash') },
      {
        NOTIFY_URL: {
          ...ref('NotifyUrl'),
          description:
            "Where the events go; without one, where the merchant's events go by default (its default NOTIFY_URL, its paystra listen stream).",
        },
      },
    ),
    TriggerAnswer: fields(
      'The records made (their ids, to look them up with the other APIs) and the clock after them.',
      {
        PAY_ID: ref('PayId'),
        EVENT: { enum: [...triggerEvents] },
        NOW: {
          ...instant,
          description:
            "The merchant's time after the records were made: moved to the settlement run for settlement.processed and dispute.created.",
        },
        ...signedAnswer,
      },
      {
        ORDER_ID: {
          ...ref('OrderId'),
          description:
            'Every event but the payouts: the payment made, `trigger_` and 16 hex digits (the status enquiry, recon and deliveries APIs find it).',
        },
        PAYOUT_ID: {
          ...ref('OrderId'),
          description:
            'payout.processed and payout.failed: the payout made, `trigger_` and 16 hex digits.',
        },
        REFUND_ORDER_ID: {
          ...ref('OrderId'),
          description: 'refund.processed: the refund, ORDER_ID and `-refund`.',
        },
        SETTLEMENT_ID: {
          ...ref('SettlementId'),
          description:
            'settlement.processed and dispute.created: the settlement that paid the payment.',
        },
        DISPUTE_ID: {
          ...ref('DisputeId'),
          description: 'dispute.created: the dispute raised on the payment.',
        },
      },
    ),
    TriggerRefusal: fields(
      `A trigger refused, nothing stored: 323, 324, 326; 368 EVENT; 357 NOTIFY_URL; 362 settlement.processed or dispute.created of the demo merchant on a public sandbox, whose clock cannot move (ACCOUNT_URL makes an account of your own); 359 its clock too near the end of the bank holidays the sandbox knows. ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      {
        PAY_ID: text('As sent.'),
        EVENT: text('As sent.'),
        HASH: hash,
        ACCOUNT_URL: text('With 362 only: the page that makes a sandbox account of your own.'),
      },
    ),
  } satisfies Record<string, Schema>
}

/**
 * `paystra listen`: a sandbox account's event stream, its refusals, and the listener's report of
 * each delivery. The stream's own fields are its query's, which no component describes.
 */
export const eventStreamQuery = fields('The signed fields of the event stream, in its query.', {
  PAY_ID: {
    ...ref('PayId'),
    description: "A sandbox account's PAY_ID (the demo merchant's stream is 369).",
  },
  TIMESTAMP: text(
    "Now, in unix seconds: more than 300 seconds from the sandbox's time is 365, so a signed address opens a stream for 5 minutes at most.",
    { pattern: '^[0-9]{1,12}$' },
  ),
  HASH: {
    ...ref('RequestHash'),
    description: 'The HASH of PAY_ID and TIMESTAMP with the salt, as every request is signed.',
  },
})

function listenSchemas() {
  const asSent = text('As sent.')
  return {
    StreamRefusal: fields(
      `An event stream refused, as JSON: 323, 324; 326 with HTTP 400 and unsigned, a query other than exactly PAY_ID, TIMESTAMP and HASH, or a value over 128 characters; 365 TIMESTAMP; 369 the demo merchant, whose events are every visitor's demo (ACCOUNT_URL makes an account of your own); with HTTP 429, 366 when the account holds 3 streams already (a closed one frees its place), and 344. HASH is absent only for 324 and 326.`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      {
        PAY_ID: asSent,
        TIMESTAMP: asSent,
        HASH: hash,
        ACCOUNT_URL: text('With 369 only: the page that makes a sandbox account of your own.'),
      },
    ),
    StreamResultRequest: {
      ...fields(
        'What the local URL answered to a webhook message of the event stream (HTTP_STATUS), or why it did not (ERROR): at least one of them.',
        {
          PAY_ID: ref('PayId'),
          DELIVERY_ID: {
            ...ref('EventId'),
            description: "The message's DELIVERY_ID (its SSE id).",
          },
          DURATION_MS: text('How long the local URL took, in milliseconds: 1 to 7 digits.', {
            pattern: '^[0-9]{1,7}$',
          }),
          HASH: ref('RequestHash'),
        },
        {
          HTTP_STATUS: text(
            'The HTTP status the local URL answered, 100 to 599: a 2xx delivers the event.',
            { pattern: '^[1-5][0-9]{2}$' },
          ),
          ERROR: text(
            'Why the forward failed: without HTTP_STATUS, why there was no answer (the connection refused, a timeout); with a status other than 2xx, what the answer said (`HTTP <status>` when absent). The attempt keeps its first 500 characters.',
          ),
        },
      ),
      anyOf: [{ required: ['HTTP_STATUS'] }, { required: ['ERROR'] }],
    },
    StreamResultAnswer: fields(
      "The report recorded as the event's delivery attempt, as a webhook's: /pgws/webhook/events and the console show it. RESPONSE_MESSAGE is code 000's (the report was taken, whatever the STATE).",
      {
        PAY_ID: ref('PayId'),
        DELIVERY_ID: ref('EventId'),
        STATE: text(
          "delivered: the local URL answered 2xx. pending: it did not, and the stream hands the event out again after the webhooks' retry delay. failed: that was its last attempt.",
          { enum: [...deliveryStates] },
        ),
        RESPONSE_CODE: { const: '000' },
        RESPONSE_MESSAGE: { const: responseCodes['000'].message },
        HASH: hash,
      },
    ),
    StreamResultRefusal: fields(
      `A report refused, nothing recorded: 323, 324; 326 (with HTTP 200 and signed: a DELIVERY_ID that is not evt_ and 24 hex digits, an HTTP_STATUS outside 100 to 599, a DURATION_MS that is not 1 to 7 digits, or neither HTTP_STATUS nor ERROR); 367, a DELIVERY_ID the account's streams were not handed in the last 30 seconds, or one already reported. ${unsignedNote}`,
      {
        STATUS: { const: 'Failed' },
        RESPONSE_CODE: code,
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
      },
      { PAY_ID: asSent, DELIVERY_ID: asSent, HASH: hash },
    ),
  } satisfies Record<string, Schema>
}

// The schemas below are built while answerSchemas is (above): functions, not constants.

/** A product's charge and its GST in words, as the pricing page writes rupees: "₹1.00 + ₹0.18 GST". */
function chargeText(kind: ProductChargeKind, amount?: bigint): string {
  const charge = productCharge(kind, amount)
  return `${formatRupees(charge.fee)} + ${formatRupees(charge.gst)} GST`
}

/** An id the sandbox draws: its prefix and 14 letters and digits. */
function drawnId(prefix: string, regex: RegExp): Schema {
  return text(`${prefix} and 14 letters and digits.`, { pattern: pattern(regex) })
}

/** The shape of an optional field of an answer: the pattern, or empty. */
function orEmpty(source: string): string {
  return `^(${source.replace(/^\^/, '').replace(/\$$/, '')})?$`
}

/** The merchant's own id of a link or an account, as sent (empty when none was). */
function referenceIdAnswer(of: string): Schema {
  return text(`Your REFERENCE_ID of the ${of}, as sent; empty when none was.`, {
    pattern: orEmpty(patterns.orderId.source),
  })
}

/** An ISO 8601 date-time with its offset, as AS_OF is written. */
function isoWithOffset(): string {
  return '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$'
}

/** Optional IST times of an answer, `YYYY-MM-DD HH:mm:ss`. */
function istTime(description: string): Schema {
  return { ...ref('DateTime'), description }
}

/** The refusals of a family of calls: the code fields and what was sent of the named fields. */
function refusalOf(description: string, sent: readonly string[]): Schema {
  return fields(
    `${description} Nothing is stored. ${unsignedNote}`,
    {
      STATUS: { const: 'Failed' },
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: message,
      RESPONSE_DATE_TIME: dateTime,
    },
    Object.fromEntries(
      [...sent, 'HASH'].map((key) => [key, key === 'HASH' ? hash : text('As sent.')]),
    ),
  )
}

/** Payment links: the three calls, the link they answer, its refusals. */
function paylinkSchemas() {
  const status = text(
    'CREATED: open, it may be paid. PAID: paid once (ORDER_ID, TXN_ID and PAID_AT say by which attempt). EXPIRED: its EXPIRE_BY passed on the merchant’s clock before it was paid (EXPIRED_AT). CANCELLED: cancelled by the merchant (CANCELLED_AT).',
    { enum: ['CREATED', 'PAID', 'EXPIRED', 'CANCELLED'] },
  )
  const paylinkId = ref('PaylinkId')
  return {
    PaylinkId: drawnId('plink_', PAYLINK_ID),
    PaylinkRequest: fields(
      `A payment link: a page at SHORT_URL where a customer pays AMOUNT once. Checked in this order, nothing stored when refused: 320 AMOUNT, 319 CURRENCY_CODE, 370 DESCRIPTION, 375 CUST_NAME, CUST_EMAIL or CUST_PHONE, 321 REFERENCE_ID, 371 EXPIRE_BY, 378 VALIDATE_BENEFICIARY, 357 NOTIFY_URL, then 374 a REFERENCE_ID used before. Charged when made: ${chargeText('paylink')} a link, ${chargeText('validated-paylink')} validated (the Paylinks row of the pricing page), a FEE line of the next settlement; the payment that pays it is charged as any payment.`,
      {
        PAY_ID: ref('PayId'),
        AMOUNT: {
          ...ref('Amount'),
          description:
            "What the customer pays, in the minor units of CURRENCY_CODE's currency (paise for 356).",
        },
        CURRENCY_CODE: {
          ...ref('CurrencyCode'),
          description:
            'Any currency the gateway takes (/pgws/fx); a link in a foreign currency is paid by card alone.',
        },
        DESCRIPTION: text(
          `What the payment is for, shown on the link's page: 1 to ${MAX_DESCRIPTION_LENGTH} characters, not blank, no control characters (370).`,
          { minLength: 1, maxLength: MAX_DESCRIPTION_LENGTH },
        ),
        HASH: ref('RequestHash'),
      },
      {
        CUST_NAME: text(
          "The customer's name: letters, spaces and . ' - (1 to 100, from a letter); 375 otherwise.",
          { maxLength: 100 },
        ),
        CUST_EMAIL: text("The customer's e-mail address, at most 100 characters (375).", {
          maxLength: 100,
        }),
        CUST_PHONE: text("The customer's mobile number: 10 digits (375).", {
          pattern: pattern(patterns.mobile),
        }),
        EXPIRE_BY: text(
          `When the link can no longer be paid: an ISO 8601 date-time with its offset, at least ${MIN_EXPIRY_MS / 60_000} minutes and at most ${MAX_EXPIRY_DAYS} days after the merchant's clock (371). Without it the link never expires.`,
          { pattern: isoWithOffset() },
        ),
        REFERENCE_ID: text(
          'Your own id of the link (an invoice number): 1 to 50 of letters, digits and `: / @ _ -` (321), unique among your links (374). /pgws/paylink/status finds the link by it.',
          { pattern: pattern(patterns.orderId) },
        ),
        NOTIFY_URL: {
          ...ref('NotifyUrl'),
          description:
            "Where paylink.paid, paylink.expired and paylink.cancelled go, and the payment.captured of the attempt that pays the link; without one, where the merchant's events go by default. Private addresses refused (357).",
        },
        VALIDATE_BENEFICIARY: text(
          `Y: a validated link, which checks the payer's bank account holder name first (${chargeText('validated-paylink')} instead of ${chargeText('paylink')}); N, the default: a normal link. Anything else is 378.`,
          { enum: ['Y', 'N'] },
        ),
      },
    ),
    PaylinkStatusRequest: {
      oneOf: [
        fields('A link by its PAYLINK_ID.', {
          PAY_ID: ref('PayId'),
          PAYLINK_ID: { ...paylinkId, description: 'The link (321 if malformed).' },
          HASH: ref('RequestHash'),
        }),
        fields('A link by your REFERENCE_ID.', {
          PAY_ID: ref('PayId'),
          REFERENCE_ID: text('Your REFERENCE_ID of the link (321 if malformed).', {
            pattern: pattern(patterns.orderId),
          }),
          HASH: ref('RequestHash'),
        }),
      ],
    },
    PaylinkCancelRequest: fields(
      'Cancel a link nobody has paid: 373 when it is paid, expired or cancelled already, or while a payment of it waits for the bank.',
      {
        PAY_ID: ref('PayId'),
        PAYLINK_ID: { ...paylinkId, description: 'The link (321 if malformed).' },
        HASH: ref('RequestHash'),
      },
    ),
    PaylinkAnswer: fields(
      "A payment link, as its three calls answer it and as the paylink.paid, paylink.expired and paylink.cancelled events carry it (with HASH). Times are IST on the merchant's clock; a link past its EXPIRE_BY is EXPIRED by the very read that finds it.",
      {
        PAY_ID: ref('PayId'),
        PAYLINK_ID: paylinkId,
        REFERENCE_ID: referenceIdAnswer('link'),
        AMOUNT: ref('Amount'),
        CURRENCY_CODE: ref('CurrencyCode'),
        DESCRIPTION: text('As sent.'),
        CUST_NAME: text('As sent; may be empty.'),
        CUST_EMAIL: text('As sent; may be empty.'),
        CUST_PHONE: text('As sent; may be empty.'),
        EXPIRE_BY: text('As sent (ISO 8601 with its offset); empty when the link never expires.', {
          pattern: orEmpty(isoWithOffset()),
        }),
        VALIDATE_BENEFICIARY: text('Y for a validated link, else N.', { enum: ['Y', 'N'] }),
        SHORT_URL: {
          ...ref('Url'),
          description: `The link's page, \`<sandbox>/l/<code>\` (16 letters and digits): send it to the customer. Its Pay button opens the hosted payment page with every method the currency allows, as a payment of ORDER_ID \`<PAYLINK_ID>-<n>\`; at most ${MAX_LINK_ATTEMPTS} attempts a link.`,
        },
        STATUS: status,
        CREATED_AT: istTime('When the link was made.'),
        LINK_FEE: text("The link's charge before GST, paise (the Paylinks row).", {
          pattern: '^\\d+$',
        }),
        LINK_GST: text('18 % GST on LINK_FEE, paise.', { pattern: '^\\d+$' }),
        TXNTYPE: { const: 'PAYLINK' },
        RESPONSE_CODE: { const: '000' },
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
        HASH: hash,
      },
      {
        ORDER_ID: {
          ...ref('OrderId'),
          description:
            'PAID only: the attempt that paid it, `<PAYLINK_ID>-<n>` (the status enquiry, recon and settlements name the payment by it).',
        },
        TXN_ID: { ...ref('TxnId'), description: "PAID only: the paying attempt's TXN_ID." },
        PAID_AT: istTime('PAID only: when the payment was captured.'),
        EXPIRED_AT: istTime('EXPIRED only: its EXPIRE_BY, in IST.'),
        CANCELLED_AT: istTime('CANCELLED only: when it was cancelled.'),
        PAYER_ACCOUNT: text(
          "A validated link, once a payer's bank confirmed the account they pay from: its number, all but the last four digits hidden.",
          { pattern: '^X{5,14}\\d{4}$' },
        ),
        PAYER_NAME: text(
          "With PAYER_ACCOUNT: the account holder's name as the bank gave it (CUST_NAME's, when the link names its customer).",
        ),
      },
    ),
    PaylinkRefusal: refusalOf(
      'A payment link request refused: 319, 320, 321, 323, 324, 326, 357, 370, 371, 374, 375, 378 (making one); 321, 372 no such link of the merchant (status); 321, 372, 373 paid, expired or cancelled already (cancel).',
      ['PAY_ID', 'PAYLINK_ID', 'REFERENCE_ID', 'AMOUNT', 'CURRENCY_CODE'],
    ),
  } satisfies Record<string, Schema>
}

/** Virtual accounts: opening, reading and closing one, the sandbox's test credit, the credits. */
function virtualAccountSchemas() {
  const vaId = ref('VirtualAccountId')
  const paise = (description: string) => text(description, { pattern: '^\\d+$' })
  const slabs = `${chargeText('collection', 1_000_000n)} a credit up to ₹10,000, ${chargeText('collection', 2_500_000n)} up to ₹25,000, ${chargeText('collection', 2_500_001n)} above`
  const account = {
    PAY_ID: ref('PayId'),
    VA_ID: vaId,
    REFERENCE_ID: referenceIdAnswer('account'),
    CUST_NAME: text('As sent: the name the payer’s bank shows for the account.'),
    ACCOUNT_NUMBER: text('The account number a payer sends NEFT, RTGS or IMPS to: 16 digits.', {
      pattern: '^\\d{16}$',
    }),
    IFSC: text('The branch of every virtual account.', { const: VIRTUAL_ACCOUNT_IFSC }),
    VPA: text('The UPI ID that pays into it: `pay.<ACCOUNT_NUMBER>@paystra`.', {
      pattern: '^pay\\.\\d{16}@paystra$',
    }),
    STATUS: text(
      'ACTIVE: it takes credits. CLOSED: a credit into it is returned to the payer (377).',
      { enum: ['ACTIVE', 'CLOSED'] },
    ),
    CREATED_AT: istTime('When it was opened.'),
    CLOSED_AT: text('When it was closed (IST); empty while ACTIVE.', {
      pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$',
    }),
    SETUP_FEE: paise(
      'The one-time setup charge before GST, paise (the Auto Collection row), charged when it was opened.',
    ),
    SETUP_GST: paise('18 % GST on SETUP_FEE, paise.'),
    TXNTYPE: { const: 'VIRTUAL_ACCOUNT' },
  }
  const creditStatus = text(
    'CREDITED: the money is the merchant’s, settled less FEE and GST. RETURNED: the account was closed, the money went back to the payer.',
    { enum: ['CREDITED', 'RETURNED'] },
  )
  const credit = {
    CREDIT_ID: ref('CreditId'),
    AMOUNT: { ...ref('Amount'), description: 'Paise.' },
    MODE: text('How the payer sent it.', { enum: [...transferModes] }),
    PAYER_NAME: text(`The payer's name as their bank sent it (${DEFAULT_PAYER_NAME} by default).`),
    UTR: text('The bank transfer reference: 12 digits.', { pattern: pattern(patterns.utr) }),
    STATUS: creditStatus,
    CREDITED_AT: istTime("When it arrived, on the merchant's clock."),
    FEE: paise(`The Auto Collection charge by slab: ${slabs}; 0 when RETURNED.`),
    GST: paise('18 % GST on FEE; 0 when RETURNED.'),
  }
  return {
    VirtualAccountId: drawnId('va_', VA_ID),
    CreditId: drawnId('vacr_', /^vacr_[A-Za-z0-9]{14}$/),
    VirtualAccountRequest: fields(
      `A virtual account for one customer: a bank account number, IFSC and UPI ID of its own, whose credits are the merchant's. Checked in this order, nothing stored when refused: 375 CUST_NAME, 321 REFERENCE_ID, 357 NOTIFY_URL, then 374 a REFERENCE_ID used before. Charged ${chargeText('virtual-account-setup')} once (the Auto Collection row), a FEE line of the next settlement.`,
      {
        PAY_ID: ref('PayId'),
        CUST_NAME: text(
          "The customer's name, which the payer's bank shows: letters, spaces and . ' - (1 to 100, from a letter); required (375).",
          { minLength: 1, maxLength: 100 },
        ),
        HASH: ref('RequestHash'),
      },
      {
        REFERENCE_ID: text(
          'Your own id of the account (your customer id): 1 to 50 of letters, digits and `: / @ _ -` (321), unique among your accounts (374). Settlement lines of its credits carry it as ORDER_ID.',
          { pattern: pattern(patterns.orderId) },
        ),
        NOTIFY_URL: {
          ...ref('NotifyUrl'),
          description:
            "Where virtual_account.credited and virtual_account.credit_returned go; without one, where the merchant's events go by default. Private addresses refused (357).",
        },
      },
    ),
    VirtualAccountStatusRequest: fields('An account as it stands, with its credits.', {
      PAY_ID: ref('PayId'),
      VA_ID: { ...vaId, description: 'The account (321 if malformed).' },
      HASH: ref('RequestHash'),
    }),
    VirtualAccountCloseRequest: fields(
      'Close an account: every later credit into it is returned to the payer. 377 when it is closed already.',
      {
        PAY_ID: ref('PayId'),
        VA_ID: { ...vaId, description: 'The account (321 if malformed).' },
        HASH: ref('RequestHash'),
      },
    ),
    VirtualAccountCreditRequest: fields(
      'Sandbox only: a bank transfer into the account, as a payer’s bank would send it. Checked in this order, nothing stored when refused: 321 VA_ID, 320 AMOUNT, 331 MODE, 334 the mode’s limits, 375 PAYER_NAME, then 376 no such account of the merchant.',
      {
        PAY_ID: ref('PayId'),
        VA_ID: { ...vaId, description: 'The account paid into (321 if malformed).' },
        AMOUNT: { ...ref('Amount'), description: 'Paise: a credit is in rupees only.' },
        MODE: text(
          'NEFT, RTGS, IMPS or UPI (331), within the limits of a payout: RTGS from ₹2,00,000, IMPS up to ₹5,00,000, UPI up to ₹1,00,000 (334).',
          { enum: [...transferModes] },
        ),
        HASH: ref('RequestHash'),
      },
      {
        PAYER_NAME: text(
          `Who sends it: letters, spaces and . ' - (1 to 100, from a letter; 375 otherwise). ${DEFAULT_PAYER_NAME} when absent.`,
          { maxLength: 100 },
        ),
      },
    ),
    VirtualAccountAnswer: fields(
      'A virtual account, as opening, reading and closing it answer it; the status adds CREDITS.',
      {
        ...account,
        RESPONSE_CODE: { const: '000' },
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
        HASH: hash,
      },
      {
        CREDITS: jsonList(
          `/pgws/virtual-account/status only: its latest ${MAX_LISTED_CREDITS} credits, newest first, returned ones too.`,
          'ListedCredit',
        ),
      },
    ),
    ListedCredit: fields('A credit as the account’s status lists it.', {
      ...credit,
      SETTLEMENT_ID: text(
        'The settlement whose COLLECTION line holds it; empty until then (and for a returned one).',
        {
          pattern: '^(setl_[0-9a-f]{20})?$',
        },
      ),
    }),
    VirtualAccountCredit: fields(
      `A credit into a virtual account, as the test call answers it and as virtual_account.credited and virtual_account.credit_returned carry it (with HASH). Credited (000): the next settlement holds it as a COLLECTION line, AMOUNT less FEE and GST. Returned (377, into a closed account): RETURN_REASON, FEE, GST and NET 0, nothing settled.`,
      {
        PAY_ID: ref('PayId'),
        VA_ID: vaId,
        REFERENCE_ID: referenceIdAnswer('account'),
        ACCOUNT_NUMBER: account.ACCOUNT_NUMBER,
        CREDIT_ID: credit.CREDIT_ID,
        AMOUNT: credit.AMOUNT,
        CURRENCY_CODE: ref('RupeeCurrencyCode'),
        MODE: credit.MODE,
        PAYER_NAME: credit.PAYER_NAME,
        UTR: credit.UTR,
        STATUS: creditStatus,
        CREDITED_AT: credit.CREDITED_AT,
        FEE: credit.FEE,
        GST: credit.GST,
        NET: paise('What the merchant gets: AMOUNT − FEE − GST; 0 when RETURNED.'),
        TXNTYPE: { const: 'VA_CREDIT' },
        RESPONSE_CODE: text('000 credited, 377 returned.', { enum: ['000', '377'] }),
        RESPONSE_MESSAGE: message,
        RESPONSE_DATE_TIME: dateTime,
        HASH: hash,
      },
      {
        RETURN_REASON: text('RETURNED only: why.', { const: RETURN_REASON }),
      },
    ),
    VirtualAccountRefusal: refusalOf(
      'A virtual account request refused: 321, 323, 324, 326, 357, 374, 375 (opening one); 321, 376 no such account of the merchant (status); 321, 376, 377 closed already (close); 320, 321, 331, 334, 375, 376 (a test credit).',
      ['PAY_ID', 'VA_ID', 'REFERENCE_ID', 'AMOUNT', 'MODE'],
    ),
  } satisfies Record<string, Schema>
}

/** Subscriptions: the six calls, the subscription they answer, its debits, events and refusals. */
function subscriptionSchemas() {
  const subscriptionId = ref('SubscriptionId')
  const paise = (description: string) => text(description, { pattern: '^\\d+$' })
  const paiseOrEmpty = (description: string) => text(description, { pattern: '^(\\d+)?$' })
  const isoDate = '^\\d{4}-\\d{2}-\\d{2}$'
  const istOrEmpty = (description: string) =>
    text(`${description} IST \`yyyy-MM-dd HH:mm:ss\`; empty until it happens.`, {
      pattern: '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$',
    })
  const method = text(
    'UPI: UPI AutoPay. CARD: a card standing instruction. EMANDATE: e-NACH through net banking.',
    { enum: Object.keys(methodsSent) },
  )
  const frequency = text(
    'How often a debit falls: each cycle is the anchor (ANCHOR_DATE) plus whole weeks, months, quarters or years, at 07:00 IST. AS_PRESENTED: no schedule, each debit is a charge you present (/pgws/subscription/charge).',
    { enum: [...frequencies] },
  )
  const category = text(
    `MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL: the categories RBI lets debit up to ${formatRupees(HIGH_LIMIT_APPROVAL_THRESHOLD)} without the customer's approval (instead of ${formatRupees(APPROVAL_THRESHOLD)}).`,
    { enum: [...highLimitCategories] },
  )
  const status = text(
    'CREATED: waiting for the customer on AUTH_URL (24 h, then FAILED). ACTIVE: registered, debits run. PENDING: an attempt failed and a retry is noticed. PAUSED: the customer paused it (UPI). HALTED: the last attempt of a cycle failed; /pgws/subscription/resume starts it again. COMPLETED: no cycle is left before END_DATE. CANCELLED: revoked by the customer or cancelled by you (CANCELLED_BY). FAILED: the registration was declined or not completed.',
    { enum: [...subscriptionStates] },
  )
  const debitStatus = text(
    'NOTIFIED: noticed, not yet made. CHARGED: captured (a payment, ORDER_ID and TXN_ID). FAILED: refused by the bank (004, 020: a payment with its payment.failed) or before it (381, 383: no payment). SKIPPED: the customer opted out (382). STOPPED: a pause (384), a revocation or a cancellation (385) ended it.',
    { enum: [...debitStatuses] },
  )
  const subscription = {
    PAY_ID: ref('PayId'),
    SUBSCRIPTION_ID: subscriptionId,
    SUBSCRIPTION_REF: text('Your reference of the subscription, as sent.', {
      pattern: pattern(patterns.orderId),
    }),
    METHOD: method,
    CATEGORY: text('As sent, or empty.', { enum: ['', ...highLimitCategories] }),
    AMOUNT: paiseOrEmpty(
      "Paise: each scheduled debit, as sent; empty for AS_PRESENTED. In an event that names one attempt (DEBIT_ID), that attempt's amount.",
    ),
    MAX_AMOUNT: paise('Paise: the most one debit may take, as sent.'),
    CURRENCY_CODE: ref('RupeeCurrencyCode'),
    FREQUENCY: frequency,
    START_DATE: text('As sent (YYYY-MM-DD, IST).', { pattern: isoDate }),
    END_DATE: text(
      `As sent, or empty until the mandate is registered and then ANCHOR_DATE + ${MANDATE_VALIDITY_YEARS} years. No cycle after it is debited.`,
      { pattern: orEmpty(isoDate) },
    ),
    DESCRIPTION: text('As sent.'),
    CUST_NAME: text('As sent.'),
    CUST_EMAIL: text('As sent.'),
    CUST_PHONE: text('As sent.'),
    AUTH_URL: {
      ...ref('Url'),
      description:
        "The mandate page, `<sandbox>/m/<code>` (16 letters and digits): send the customer there to register the mandate (a virtual UPI app, the card's standing instruction with its OTP, or the bank's e-mandate page); afterwards it shows the mandate, its notice and debits, and the customer's actions.",
    },
    STATUS: status,
    CREATED_AT: istTime('When it was made.'),
    ACTIVATED_AT: istOrEmpty('When the customer registered the mandate.'),
    ENDED_AT: istOrEmpty('When it was cancelled, completed or failed.'),
    ANCHOR_DATE: text(
      "Cycle 0's date (IST), fixed at registration: START_DATE, or the first date the method allows if later (the registration's date on UPI and card, the third working day after it on e-NACH, and a day later when the first debit needs a notice 24 h ahead). Empty before.",
      { pattern: orEmpty(isoDate) },
    ),
    INSTRUMENT: text(
      'What the customer registered: the UPI ID, a masked card (411111XXXXXX1111) or a masked account (XXXXXXXX0020). Empty until registered, and after a cancellation.',
    ),
    PAID_CYCLES: text('How many cycles (or presented charges) were captured.', {
      pattern: '^\\d+$',
    }),
    NEXT_DEBIT_AT: istOrEmpty('The DEBIT_AT of the notice out, if one is.'),
    REGISTRATION_FEE: paise(
      `The mandate's charge before GST, paise, made once when the customer registers it: ${chargeText('upi-mandate')} on UPI, ${chargeText('mandate-registration')} on card and e-NACH (the Subscription row), a FEE line of the next settlement.`,
    ),
    REGISTRATION_GST: paise('18 % GST on REGISTRATION_FEE, paise.'),
    TXNTYPE: { const: 'SUBSCRIPTION' },
    RESPONSE_CODE: { const: '000' },
    RESPONSE_MESSAGE: message,
    RESPONSE_DATE_TIME: dateTime,
    HASH: hash,
  }
  const cancelledBy = text(
    'Once CANCELLED: CUSTOMER (revoked in the UPI app, on the mandate page or by the test call) or MERCHANT (/pgws/subscription/cancel).',
    { enum: ['CUSTOMER', 'MERCHANT'] },
  )
  const debitId = ref('SubscriptionDebitId')
  const cycle = text('The cycle: 0 is the first (the anchor), then 1, 2…', { pattern: '^\\d+$' })
  const attempt = text(
    `The attempt of the cycle: 1, then a retry a day later each time, ${MAX_ATTEMPTS_PER_CYCLE} at most.`,
    { pattern: `^[1-${MAX_ATTEMPTS_PER_CYCLE}]$` },
  )
  const debitCode = text(
    "The attempt's own code: 000 captured, 004 declined, 020 insufficient funds, 381 no notice 24 to 48 h ahead, 382 skipped, 383 not approved, 384 paused, 385 revoked or cancelled.",
    { enum: ['000', '004', '020', '381', '382', '383', '384', '385'] },
  )
  /** A subscription event's data: the subscription's fields, and the event's own. */
  const event = (
    description: string,
    required: Record<string, Schema> = {},
    optional: Record<string, Schema> = {},
  ) =>
    fields(
      `${description} The event's data: the subscription's fields (no DEBITS) with the event's own, under its HASH; RESPONSE_CODE is 000, the event being the news.`,
      { ...subscription, ...required },
      { CANCELLED_BY: cancelledBy, ...optional },
    )
  const oneAttempt = {
    DEBIT_ID: debitId,
    CYCLE: cycle,
    ATTEMPT: attempt,
  }
  const paymentOf = {
    ORDER_ID: {
      ...ref('OrderId'),
      description: "The debit's payment: `<SUBSCRIPTION_ID>-<cycle>-<attempt>`.",
    },
    TXN_ID: { ...ref('TxnId'), description: "The debit's payment's TXN_ID." },
  }
  return {
    SubscriptionId: drawnId('sub_', SUBSCRIPTION_ID),
    SubscriptionDebitId: drawnId('sdeb_', /^sdeb_[A-Za-z0-9]{14}$/),
    SubscriptionRequest: fields(
      'A subscription: a mandate the customer registers on AUTH_URL, then debits on the account’s clock. Checked in this order, nothing stored when refused: 321 SUBSCRIPTION_REF, 327 METHOD, 379 FREQUENCY, 320 then 380 AMOUNT and MAX_AMOUNT, 388 START_DATE and END_DATE, 326 CATEGORY, 370 DESCRIPTION, 375 the customer, 325 RETURN_URL, 357 NOTIFY_URL, then 374 a SUBSCRIPTION_REF used before.',
      {
        PAY_ID: ref('PayId'),
        SUBSCRIPTION_REF: text(
          'Your own id of the subscription: 1 to 50 of letters, digits and `: / @ _ -` (321), unique among your subscriptions (374). The status call finds it by it.',
          { pattern: pattern(patterns.orderId) },
        ),
        METHOD: { ...method, description: `${method.description} Anything else is 327.` },
        MAX_AMOUNT: {
          ...ref('Amount'),
          description: `Paise: the most one debit may take (320), at most the method's largest debit: ${formatRupees(largestDebits.UPI)} on UPI, ${formatRupees(largestDebits.CARD)} on card, ${formatRupees(largestDebits.ENACH)} on e-NACH (380).`,
        },
        FREQUENCY: { ...frequency, description: `${frequency.description} Anything else is 379.` },
        START_DATE: text(
          `YYYY-MM-DD (IST): a real date from the account clock's date to ${MAX_START_DAYS} days after it (388).`,
          { pattern: isoDate },
        ),
        DESCRIPTION: text(
          `What the customer pays for, shown on the mandate page and in each notice: 1 to ${MAX_DESCRIPTION_LENGTH} characters, not blank, no control characters (370).`,
          { minLength: 1, maxLength: MAX_DESCRIPTION_LENGTH },
        ),
        CUST_NAME: text(
          "The customer's name: letters, spaces and . ' - (1 to 100, from a letter); required (375).",
          { minLength: 1, maxLength: 100 },
        ),
        CUST_EMAIL: text("The customer's e-mail address, at most 100 characters; required (375).", {
          minLength: 1,
          maxLength: 100,
        }),
        CUST_PHONE: text("The customer's mobile number: 10 digits; required (375).", {
          pattern: pattern(patterns.mobile),
        }),
        RETURN_URL: text(
          "Where the mandate page's \"Return to\" button posts the subscription's signed answer: on the merchant's site (325 otherwise), as a payment's RETURN_URL.",
        ),
        HASH: ref('RequestHash'),
      },
      {
        AMOUNT: {
          ...ref('Amount'),
          description:
            'Paise: each scheduled debit, at most MAX_AMOUNT (380); required for every FREQUENCY but AS_PRESENTED, which must leave it out or empty (320).',
        },
        END_DATE: text(
          `YYYY-MM-DD: after START_DATE, at most its ${MANDATE_VALIDITY_YEARS} years (388); the default is the anchor's ${MANDATE_VALIDITY_YEARS} years.`,
          { pattern: orEmpty(isoDate) },
        ),
        CATEGORY: { ...category, description: `${category.description} Anything else is 326.` },
        NOTIFY_URL: {
          ...ref('NotifyUrl'),
          description:
            "Where the subscription.* events go, and the payment.captured or payment.failed of each debit; without one, where the merchant's events go by default. Private addresses refused (357).",
        },
      },
    ),
    SubscriptionStatusRequest: {
      oneOf: [
        fields('A subscription by its SUBSCRIPTION_ID.', {
          PAY_ID: ref('PayId'),
          SUBSCRIPTION_ID: {
            ...subscriptionId,
            description: 'The subscription (321 if malformed).',
          },
          HASH: ref('RequestHash'),
        }),
        fields('A subscription by your SUBSCRIPTION_REF.', {
          PAY_ID: ref('PayId'),
          SUBSCRIPTION_REF: text('Your SUBSCRIPTION_REF (321 if malformed).', {
            pattern: pattern(patterns.orderId),
          }),
          HASH: ref('RequestHash'),
        }),
      ],
    },
    SubscriptionCancelRequest: fields(
      'Cancel a subscription that has not ended: its notice out is stopped (385), no later debit is made. 385 once it is completed, cancelled or failed.',
      {
        PAY_ID: ref('PayId'),
        SUBSCRIPTION_ID: { ...subscriptionId, description: 'The subscription (321 if malformed).' },
        HASH: ref('RequestHash'),
      },
    ),
    SubscriptionResumeRequest: fields(
      'Resume a HALTED subscription (385 in any other state): the next debit is the first cycle whose notice time is still to come; the cycles missed are not collected.',
      {
        PAY_ID: ref('PayId'),
        SUBSCRIPTION_ID: { ...subscriptionId, description: 'The subscription (321 if malformed).' },
        HASH: ref('RequestHash'),
      },
    ),
    SubscriptionChargeRequest: fields(
      'Present a charge on an AS_PRESENTED subscription: noticed now, debited at the first 07:00 IST at least 24 h later. Checked in this order: 321, 387, 320 AMOUNT, 380 above MAX_AMOUNT, 385 not ACTIVE or PENDING, 326 a scheduled FREQUENCY, 386 another charge still open.',
      {
        PAY_ID: ref('PayId'),
        SUBSCRIPTION_ID: { ...subscriptionId, description: 'The subscription (321 if malformed).' },
        AMOUNT: { ...ref('Amount'), description: 'Paise: at most MAX_AMOUNT (380).' },
        HASH: ref('RequestHash'),
      },
    ),
    SubscriptionCustomerRequest: fields(
      'Sandbox only: act as the customer would in a UPI app or on the mandate page. 385 on a subscription that is not running (CREATED, HALTED or ended; RESUME on a PAUSED one excepted), 326 for an ACTION not allowed now (PAUSE on a card, SKIP with no notice out, APPROVE of a notice that needs no approval).',
      {
        PAY_ID: ref('PayId'),
        SUBSCRIPTION_ID: { ...subscriptionId, description: 'The subscription (321 if malformed).' },
        ACTION: text(
          'SKIP the notice out (382, ACTIVE or PENDING); APPROVE a notice with APPROVAL_REQUIRED Y (UPI and card); PAUSE (UPI: the notice out stopped, 384) and RESUME a paused one (UPI); REVOKE the mandate (CANCELLED, CANCELLED_BY CUSTOMER). Anything else is 326.',
          { enum: [...customerActions] },
        ),
        HASH: ref('RequestHash'),
      },
    ),
    SubscriptionAnswer: fields(
      "A subscription, as its calls answer it. Times are IST on the account's clock; every call first runs the notices and debits the clock has brought due. Status, cancel, resume, charge and the customer call add DEBITS.",
      subscription,
      {
        CANCELLED_BY: cancelledBy,
        DEBITS: jsonList(
          `Its attempts, newest first, at most the latest ${MAX_ANSWER_DEBITS}.`,
          'SubscriptionDebit',
        ),
      },
    ),
    SubscriptionDebit: fields('One attempt of one cycle, with its notice.', {
      DEBIT_ID: debitId,
      CYCLE: cycle,
      ATTEMPT: attempt,
      AMOUNT: paise('Paise.'),
      NOTIFIED_AT: istTime('When its notice went to the customer.'),
      DEBIT_AT: istTime('When it is (or was) made: 07:00 IST.'),
      APPROVAL_REQUIRED: text(
        `Y when the customer must approve it first: above ${formatRupees(APPROVAL_THRESHOLD)} on UPI and card (${formatRupees(HIGH_LIMIT_APPROVAL_THRESHOLD)} for the three CATEGORY values); never on e-NACH.`,
        { enum: ['Y', 'N'] },
      ),
      APPROVED: text('Y once the customer approved it.', { enum: ['Y', 'N'] }),
      STATUS: debitStatus,
      RESPONSE_CODE: {
        ...debitCode,
        enum: ['', ...(debitCode.enum as string[])],
        description: `${String(debitCode.description)} Empty while NOTIFIED.`,
      },
      ORDER_ID: text(
        "The attempt's payment, `<SUBSCRIPTION_ID>-<cycle>-<attempt>`, once it reached the bank; else empty.",
      ),
      TXN_ID: text("Its payment's TXN_ID, or empty.", {
        pattern: orEmpty(patterns.transactionId.source),
      }),
      FEE: paiseOrEmpty(
        `CHARGED only: the Subscription row's charge before GST: UPI AutoPay by slab (${chargeText('upi-autopay-presentation', 25_000n)} up to ₹250, ${chargeText('upi-autopay-presentation', 100_000n)} up to ₹1,000, ${chargeText('upi-autopay-presentation', 100_001n)} above), ${chargeText('debit-transaction')} a card or e-NACH debit. Empty otherwise.`,
      ),
      GST: paiseOrEmpty('CHARGED only: 18 % GST on FEE. Empty otherwise.'),
    }),
    SubscriptionEvent: event(
      'subscription.paused (the customer paused it, UPI), subscription.resumed (the customer resumed it, or you resumed a halted one), subscription.completed (no cycle left before END_DATE).',
    ),
    SubscriptionActivatedEvent: event(
      'subscription.activated: the customer registered the mandate (STATUS ACTIVE). ORDER_ID and TXN_ID when cycle 0 was taken with the registration (UPI and card starting that day).',
      {},
      paymentOf,
    ),
    SubscriptionNotifiedEvent: event(
      'subscription.notified: a notice went to the customer for one attempt (each attempt has its own).',
      {
        ...oneAttempt,
        DEBIT_AT: istTime('When the attempt is made: 07:00 IST, 24 to 48 h after the notice.'),
        NOTIFIED_AT: istTime('When the notice went.'),
        APPROVAL_REQUIRED: text('Y when the customer must approve the debit before DEBIT_AT.', {
          enum: ['Y', 'N'],
        }),
        MERCHANT_NAME: text('The merchant the notice names, as the customer sees it.'),
        REASON: text('Why the debit is made, as the notice says it.', { const: NOTICE_REASON }),
      },
    ),
    SubscriptionChargedEvent: event(
      'subscription.charged: an attempt was captured (cycle 0 at registration too). Its payment has its own payment.captured; it settles as a PAYMENT line priced by the Subscription row.',
      { ...oneAttempt, ...paymentOf, CHARGED_AT: istTime('When it was captured.') },
    ),
    SubscriptionDebitFailedEvent: event(
      'subscription.pending: an attempt failed and the next one is noticed (a subscription.notified follows). subscription.halted: the last attempt of the cycle failed; resume it with /pgws/subscription/resume.',
      { ...oneAttempt, DEBIT_RESPONSE_CODE: { ...debitCode, enum: ['004', '020', '381', '383'] } },
    ),
    SubscriptionSkippedEvent: event(
      'subscription.skipped: the customer opted out of the debit noticed (382); the cycle is not collected.',
      oneAttempt,
    ),
    SubscriptionCancelledEvent: event(
      'subscription.cancelled: the customer revoked the mandate or you cancelled it (CANCELLED_BY).',
      { CANCELLED_BY: cancelledBy },
    ),
    SubscriptionFailedEvent: event(
      'subscription.failed: the registration failed (STATUS FAILED).',
      {
        REGISTRATION_RESPONSE_CODE: text(
          '004: the customer declined or the issuer refused, 020: the card has no funds, 385: not completed on AUTH_URL within 24 h.',
          { enum: ['004', '020', '385'] },
        ),
      },
    ),
    SubscriptionRefusal: refusalOf(
      'A subscription request refused: 320, 321, 323, 324, 325, 326, 327, 357, 370, 374, 375, 379, 380, 388 (making one); 321, 387 no such subscription of the merchant (status); 321, 385, 387 (cancel, resume); 320, 321, 326, 380, 385, 386, 387 (charge); 321, 326, 385, 387 (customer).',
      ['PAY_ID', 'SUBSCRIPTION_ID', 'SUBSCRIPTION_REF', 'AMOUNT', 'ACTION'],
    ),
  } satisfies Record<string, Schema>
}
