/**
 * The OpenAPI 3.1 document of the sandbox's JSON APIs and the webhooks it sends, served at
 * `/developers/openapi.json`. Schemas come from `schemas.ts`, examples from `examples.json`
 * (recorded from the sandbox by tests/support/record-openapi-examples.ts), prose from `description.ts`.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { EVENT_ID_HEADER, SIGNATURE_HEADER, webhookEventTypes } from '#core/protocol/webhook.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { productCharge, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import { MAX_LINK_ATTEMPTS } from '#gateway/paylinks/checks.ts'
import { apiDescription } from './description.ts'
import recorded from './examples.json'
import {
  answerSchemas,
  eventStreamQuery,
  fieldSchemas,
  requestSchemas,
  type Schema,
} from './schemas.ts'

/** One call of the recorded scenario as examples.json keeps it. */
export interface RecordedExample {
  name: string
  summary: string
  path: string
  /** Absent: POST. */
  method?: 'GET'
  /** The body as sent; a GET's query (as text when malformed). */
  request: Fields | string
  status: number
  /** The JSON answer, or the text answered instead (the settlement as CSV, the event stream). */
  response: Fields | string
  /** The answer's media type when it is not JSON: `text/csv`, `text/event-stream`. */
  contentType?: string
  /** No example of the request schema: the document shows it with its answer only. */
  invalidRequest?: true
  /**
   * Signed with a sandbox account the recorder made, whose salt it checked the answer with and
   * does not keep (only accounts listen): its PAY_ID and HASH are new on every run.
   */
  account?: true
}

// JSON types each example's fields apart; they are all string fields (examples.test.ts).
const examples = recorded as unknown as RecordedExample[]
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
/** A product's charge before GST, from its pricing row: ₹1.00. */
const feeOf = (kind: ProductChargeKind, amount?: bigint) =>
  formatRupees(productCharge(kind, amount).fee)

const tags = [
  { name: 'Payments', description: 'QR codes, status enquiries and refunds.' },
  { name: 'Payouts', description: 'Money sent to beneficiaries, and its status.' },
  {
    name: 'Webhooks',
    description:
      "The webhook events sent for an order, refund, payout or settlement, and resending them; a sandbox account's event stream, which `paystra listen` forwards to a local URL.",
  },
  {
    name: 'Settlements',
    description:
      "T+1 settlements net of fees and GST, their lines (JSON or CSV), an order's reconciliation, the monthly tax invoice of the fees (JSON or PDF), and the sandbox's test run.",
  },
  {
    name: 'Currencies',
    description:
      'The currencies a card payment may be made in (CURRENCY_CODE, minor units) and the rates foreign payments are converted to rupees at.',
  },
  {
    name: 'Disputes',
    description:
      'Card disputes raised by a settlement run: listing them, and accepting or contesting one with evidence before RESPOND_BY.',
  },
  {
    name: 'Clock',
    description:
      "A sandbox account's own time: every record of the account is dated by it, and moving it forward runs what falls due on the way.",
  },
  {
    name: 'Test events',
    description:
      'Real test records of a sandbox account made to send a chosen webhook event, to try a webhook handler without paying an order (`paystra trigger <event>`).',
  },
  {
    name: 'Payment links',
    description:
      "A page at a short URL where a customer pays an amount once, by any method its currency allows; it expires on the merchant's clock or is cancelled, with a webhook for each.",
  },
  {
    name: 'Virtual accounts',
    description:
      "A bank account number, IFSC and UPI ID of a customer's own, whose credits are the merchant's, net of the Auto Collection charge; the sandbox's test call makes a credit.",
  },
  {
    name: 'Subscriptions',
    description:
      "Recurring payments on a mandate the customer registers once (UPI AutoPay, a card standing instruction, e-NACH): each debit noticed 24 to 48 h ahead and made at 07:00 IST on the account's clock, retried, approved above a limit, skipped, paused or revoked by the customer; the sandbox's test call acts as the customer.",
  },
] as const

/** Every JSON API is a POST; the event stream, which a browser's EventSource could open too, a GET. */
export type HttpMethod = 'get' | 'post'

interface Operation {
  path: string
  /** POST by default, its signed fields a JSON body; a GET's are its query. */
  method?: HttpMethod
  operationId: string
  tag: (typeof tags)[number]['name']
  summary: string
  description: string
  /** The request's fields: a POST's body, a GET's query (an object of string fields). */
  request: Schema
  /** The answers with HTTP 200; a 400 is the same shape with 326 and no HASH. */
  answers: Schema[]
  malformed: string
  /** What the HTTP statuses mean, where they mean something else than for a JSON body. */
  statusTexts?: Partial<Record<'200' | '400' | '429', string>>
  /** Answered as Server-Sent Events (the event stream): what they are. */
  eventStream?: string
  /** Also answered as a file (the settlement with FORMAT=CSV). */
  csv?: string
  /** Also answered as a PDF (the tax invoice with FORMAT=PDF). */
  pdf?: string
}

const operations: Operation[] = [
  {
    path: '/pgws/qr',
    operationId: 'qr',
    tag: 'Payments',
    summary: 'A UPI or PG QR code for an order',
    description:
      'Opens a payment (006 until paid) and answers its code: QR_IMAGE_URL (PNG), QR_SCAN_URL (the sandbox scan page) and UPI_INTENT or PAYMENT_URL. The URLs are absolute under the gateway. Paid, the status enquiry answers 000 Captured.',
    request: ref('QrRequest'),
    answers: [ref('QrAnswer'), ref('QrRefusal')],
    malformed: 'QrRefusal',
  },
  {
    path: '/pgws/transact',
    operationId: 'transact',
    tag: 'Payments',
    summary: 'Status enquiry or refund of a payment',
    description:
      '`TXNTYPE: "STATUS"` answers the stored payment (006 Pending while open, 328 for an order never seen). `TXNTYPE: "REFUND"` gives part or all of a captured payment back: 330 when not captured, 329 beyond what is left, 354 beyond what is left once the hold of an open, under-review or lost dispute is counted, 018 for a REFUND_ORDER_ID already used; refused refunds leave nothing behind. Another TXNTYPE is 322.',
    request: { oneOf: [ref('StatusRequest'), ref('RefundRequest')] },
    answers: [ref('PaymentAnswer'), ref('StatusRefusal'), ref('RefundAnswer')],
    malformed: 'StatusRefusal',
  },
  {
    path: '/pgws/payout',
    operationId: 'payout',
    tag: 'Payouts',
    summary: 'Send money to a beneficiary by NEFT, RTGS, IMPS or UPI',
    description:
      'Checked in this order: 321 PAYOUT_ID, 320, 319, 322, 331 transfer mode, 335 name, 332 account or IFSC, 333 VPA, 334 limits, 326 REMARKS, then 018 PAYOUT_ID used. Test beneficiaries: VPA failure@upi (004), pending@upi (026), account 000000000004 (004), 000000000026 (026); any other valid one is paid.',
    request: ref('PayoutRequest'),
    answers: [ref('PayoutResult'), ref('PayoutRefusal')],
    malformed: 'PayoutRefusal',
  },
  {
    path: '/pgws/payout/status',
    operationId: 'payoutStatus',
    tag: 'Payouts',
    summary: 'The stored answer of a payout',
    description: 'Answers the payout as it was answered (or as it settled since), or 328.',
    request: ref('PayoutStatusRequest'),
    answers: [ref('PayoutResult'), ref('PayoutRefusal')],
    malformed: 'PayoutRefusal',
  },
  {
    path: '/pgws/webhook/events',
    operationId: 'webhookEvents',
    tag: 'Webhooks',
    summary: 'Webhook events and their delivery attempts',
    description:
      "One event by EVENT_ID, or every event of an order, refund, payout or settlement by ORDER_ID (a settlement by its SETTLEMENT_ID), 337 when there is none; or the merchant's latest LATEST events (1 to 50), newest first, whatever they are of, an empty list when there is none. An EVENT_ID that is not evt_ and 24 hex digits, or a LATEST other than 1 to 50, is 326, signed (HTTP 200).",
    request: ref('WebhookEventsRequest'),
    answers: [ref('WebhookEventsAnswer'), ref('WebhookRefusal')],
    malformed: 'WebhookRefusal',
  },
  {
    path: '/pgws/webhook/resend',
    operationId: 'webhookResend',
    tag: 'Webhooks',
    summary: 'Send a webhook event again now',
    description:
      'Schedules the event at once with the same id and body, its retries started again from the first, and answers it as /pgws/webhook/events lists it: RESPONSE_CODE 000 with its message, no STATUS, the event pending with next_attempt now. An EVENT_ID missing or not evt_ and 24 hex digits is 326, signed (HTTP 200).',
    request: ref('WebhookResendRequest'),
    answers: [ref('WebhookEventsAnswer'), ref('WebhookRefusal')],
    malformed: 'WebhookRefusal',
  },
  {
    path: '/pgws/events/stream',
    method: 'get',
    operationId: 'eventStream',
    tag: 'Webhooks',
    summary: "Sandbox accounts: the account's webhook events as a stream, for paystra listen",
    description:
      "`paystra listen` (the command line of the Node.js kit, also at /downloads/paystra.mjs) is its client: it holds the stream, POSTs each event to a local URL with its headers and body byte for byte, and reports the answer to /pgws/events/stream/result, so a laptop gets webhooks without a public address. The stream carries the account's events that went to no NOTIFY_URL or to one at a private address (which the sandbox itself never posts to), and while a stream was open in the last 24 hours, a copy of every other event (the same id and body). Each is handed to one stream of the account, whichever instance holds it; one not reported within 30 seconds is handed out again, and one not delivered is retried on the webhooks' schedule. Signed with a HASH of PAY_ID and TIMESTAMP, in the query so that a browser's EventSource could open it too. At most 3 streams an account; the configured demo merchant's events are every visitor's demo, and its stream is refused (369).",
    request: eventStreamQuery,
    answers: [ref('StreamRefusal')],
    malformed: 'StreamRefusal',
    statusTexts: {
      '200':
        'The stream, as `text/event-stream`, or a refusal as JSON (see RESPONSE_CODE), signed with HASH except 324.',
      '400':
        'A query other than exactly PAY_ID, TIMESTAMP and HASH, or a value over 128 characters: 326, unsigned.',
      '429':
        "366: the account holds 3 streams already, counted across the sandbox's instances (a closed one frees its place). 344: over the merchant's limit of requests a minute, after its HASH is verified; `Retry-After` gives the seconds to wait. Both signed.",
    },
    eventStream:
      "UTF-8 Server-Sent Events. First `event: ready`, its `data` a JSON object: PAY_ID and NOW (the account's clock, ISO 8601). Then, for each event due, `event: webhook` with `id:` its DELIVERY_ID and `data` a JSON object: DELIVERY_ID (what the report names), EVENT_ID (the event's id, a copy's the same as its original's), TYPE, HEADERS (`Content-Type`, `X-Paystra-Event-Id` and `X-Paystra-Signature`, signed with the account's webhook secret when handed out) and BODY (the webhook's raw body). POST BODY with HEADERS to the local URL, then report its answer. A comment `: keep-alive` every 15 seconds; the stream ends when the sandbox stops or the account is deleted: open it again.",
  },
  {
    path: '/pgws/events/stream/result',
    operationId: 'eventStreamResult',
    tag: 'Webhooks',
    summary: 'Sandbox accounts: report what the local URL answered to a streamed event',
    description:
      "`paystra listen` (the command line of the Node.js kit, also at /downloads/paystra.mjs) is its client: after POSTing a webhook message of the event stream to the local URL, it reports the answer here. The report is the event's delivery attempt, recorded as a webhook's: a 2xx delivers it; another status or an ERROR leaves it pending, handed out again on the webhooks' retry schedule until its last attempt fails it.",
    request: ref('StreamResultRequest'),
    answers: [ref('StreamResultAnswer'), ref('StreamResultRefusal')],
    malformed: 'StreamResultRefusal',
  },
  {
    path: '/pgws/settlements',
    operationId: 'settlements',
    tag: 'Settlements',
    summary: "A merchant's settlements by settlement date",
    description:
      'Every settlement dated from FROM to TO (both included, at most 92 days), oldest first, without their lines. 339 for a date that is not YYYY-MM-DD or FROM after TO, 340 for a longer range.',
    request: ref('SettlementsRequest'),
    answers: [ref('SettlementsAnswer'), ref('SettlementRefusal')],
    malformed: 'SettlementRefusal',
  },
  {
    path: '/pgws/settlement',
    operationId: 'settlement',
    tag: 'Settlements',
    summary: 'One settlement and its lines, as JSON (a page at a time) or CSV',
    description:
      'By SETTLEMENT_ID or UTR (one of them, 342 otherwise). 338 when the merchant has no such settlement (another merchant\'s is not found either). The JSON answer holds one page of the lines: PAGE (from 1, the default) of PAGE_SIZE (1 to 1000, the default 1000), with LINES_COUNT and PAGES; a page past the last has no lines; 358 for a bad PAGE or PAGE_SIZE. `FORMAT: "CSV"` answers the whole settlement as an RFC 4180 file with the same figures (a refusal stays JSON); 343 for another format.',
    request: ref('SettlementRequest'),
    answers: [ref('SettlementAnswer'), ref('SettlementRefusal')],
    malformed: 'SettlementRefusal',
    csv: "For a spreadsheet: a header row, then one row per line, CRLF line ends; attachment `<SETTLEMENT_ID>.csv`. Columns: SETTLEMENT_ID, UTR and SETTLEMENT_DATE (on every row), then the line fields (TYPE, ORDER_ID, TXN_ID, PG_REF_NUM, PAYMENT_TYPE, MOP_TYPE, AMOUNT, FEE, GST, NET, DATE, DESCRIPTION, DISPUTE_ID, SOURCE_SETTLEMENT_ID, CURRENCY_CODE, ORIGINAL_AMOUNT, FX_RATE: the last three empty on rupee lines), each amount followed by its rupees with two decimals (AMOUNT_RUPEES, FEE_RUPEES, GST_RUPEES, NET_RUPEES). A text cell a spreadsheet would read as a value (beginning with a digit, a month's date such as Dec-05, TRUE or FALSE) or as a formula (beginning with =, +, -, @, a tab or a carriage return) starts with an apostrophe (') so that it stays whole and never runs; amounts are plain numbers. The last row's first cell is TOTAL: FEE, GST and NET are the settlement's FEES_AMOUNT, GST_AMOUNT and NET_AMOUNT.",
  },
  {
    path: '/pgws/recon',
    operationId: 'recon',
    tag: 'Settlements',
    summary: "An order's or a virtual account's reconciliation",
    description:
      "By ORDER_ID, every money movement of the order, in the order they happened: its captured payment, each refund, and its dispute's hold and release, with fee, GST and net. By VA_ID instead, a virtual account's: its setup charge (FEE) and each credit into it (COLLECTION), returned credits left out. Each says the settlement whose line holds it (SETTLEMENT_ID, SETTLEMENT_DATE, SETTLEMENT_STATUS) and the one that paid it out (PAID_BY_SETTLEMENT_ID and its UTR: the same settlement when it was processed, else the processed one a carried-forward balance went into). STATE is SETTLED once paid out, CARRIED_FORWARD while its settlement's balance waits to be paid, UNSETTLED (with the date it will settle on) before any settlement. A payment that was not captured has nothing to reconcile (an empty list); 328 for an order never seen, 376 for a virtual account the merchant does not have, 321 for a malformed ORDER_ID or VA_ID.",
    request: { oneOf: [ref('ReconRequest'), ref('VirtualAccountReconRequest')] },
    answers: [ref('ReconAnswer'), ref('VirtualAccountReconAnswer'), ref('SettlementRefusal')],
    malformed: 'SettlementRefusal',
  },
  {
    path: '/pgws/settlement/run',
    operationId: 'settlementRun',
    tag: 'Settlements',
    summary: 'Sandbox only: run the settlements due at a given time',
    description:
      "Settles, as if the clock read AS_OF (ISO 8601 with an offset, 341 otherwise, 353 outside 2000–2099; it may be in the future, up to five working days before the end of the last year whose bank holidays the sandbox knows, 359 after), every payment, refund and dispute hold or release already made whose settlement time is at or before it, each once, with a settlement.processed webhook to NOTIFY_URL or the merchant's default. Answers the merchant's settlements dated in the 92 days up to AS_OF and any the run made; a second identical run makes nothing new. The sandbox also runs the settlements itself at the settlement hour. For a sandbox account, a future AS_OF is an advance of the account's own clock to it (see clock/advance); for the shared demo merchant the run is as if, and on a public sandbox a future AS_OF for it is refused (362, with ACCOUNT_URL).",
    request: ref('SettlementRunRequest'),
    answers: [ref('SettlementRunAnswer'), ref('SettlementRefusal')],
    malformed: 'SettlementRefusal',
  },
  {
    path: '/pgws/gst-invoice',
    operationId: 'gstInvoice',
    tag: 'Settlements',
    summary: 'The monthly tax invoice of the fees',
    description:
      "The fees and their GST on the merchant's settlements dated in MONTH, one line per Payment Gateway pricing row, with both GSTINs and states and the place of supply (the merchant's state): CGST and SGST when it is the provider's, IGST otherwise. Each line's GST is divided on its own, the odd paisa to CGST; the totals add the lines, and GST_AMOUNT is the GST the settlements charged. The number is given the first time a month is asked for and kept. A month without fees answers an invoice with no lines and zero totals. 355 for a MONTH that is not YYYY-MM from 2000-01 to 2099-12, 356 for a FORMAT other than JSON or PDF.",
    request: ref('GstInvoiceRequest'),
    answers: [ref('GstInvoiceAnswer'), ref('GstInvoiceRefusal')],
    malformed: 'GstInvoiceRefusal',
    pdf: 'The same invoice as an A4 PDF (tagged, fonts embedded): particulars, supplier and recipient with their GSTINs, the lines and totals in rupees; attachment `PYS-<year>-<serial>.pdf`. A refusal stays JSON.',
  },
  {
    path: '/pgws/clock',
    operationId: 'clock',
    tag: 'Clock',
    summary: "Sandbox only: the merchant's time",
    description:
      "NOW: real time plus the sum of the merchant's advances. Every time written for the merchant (payments, refunds, webhooks' created, settlements, disputes and their deadlines, RESPONSE_DATE_TIME) is read from it; another account's clock is its own.",
    request: ref('ClockRequest'),
    answers: [ref('ClockAnswer'), ref('ClockRefusal')],
    malformed: 'ClockRefusal',
  },
  {
    path: '/pgws/clock/advance',
    operationId: 'clockAdvance',
    tag: 'Clock',
    summary: "Sandbox only: move the merchant's clock forward",
    description:
      "BY (`36h`, `4d`) or TO (ISO 8601 with an offset), forward only, at most 400 days a call. On the way, in time order: pending late@upi payments confirmed when they fall due, then each working day's settlement run at the settlement hour (which raises disputes on the dispute test cards' payments and decides those past RESPOND_BY), each with its webhooks. Answers FROM, NOW, SETTLEMENTS and HAPPENED. Two advances to one time, even on two instances at once, do the work once. On a public sandbox the demo merchant's clock cannot move (362): make an account of your own. A settlement/run with a future AS_OF is an advance of the account's clock to it.",
    request: ref('ClockAdvanceRequest'),
    answers: [ref('ClockAdvanceAnswer'), ref('ClockRefusal')],
    malformed: 'ClockRefusal',
  },
  {
    path: '/pgws/fx',
    operationId: 'fx',
    tag: 'Currencies',
    summary: 'The currencies and the rates of the day',
    description:
      "Every currency a payment may be made in, the rupee first (CURRENCIES: CURRENCY_CODE, CODE, NAME, MINOR_UNITS, FX_RATE), and each foreign currency's rate in rupees per unit by CURRENCY_CODE (RATES), dated RATES_DATE. Only cards (CC, DC) pay in a foreign currency (345 otherwise); a foreign payment's answers add FX_RATE and INR_AMOUNT under the HASH, and it settles at INR_AMOUNT on the international cards row.",
    request: ref('FxRequest'),
    answers: [ref('FxAnswer'), ref('FxRefusal')],
    malformed: 'FxRefusal',
  },
  {
    path: '/pgws/disputes',
    operationId: 'disputes',
    tag: 'Disputes',
    summary: "A merchant's disputes by creation date, or an order's",
    description:
      'By FROM and TO (IST dates of CREATED_AT, both included, at most 92 days: 339, 340 as for settlements) or by ORDER_ID (321 if malformed); oldest first, an empty list when there is none. A dispute is raised by the settlement run that settles a payment of a dispute test card (4000000000001976: 13.1, 4000000000000259: 10.4), with RESPOND_BY 5 working days on; its INR_AMOUNT is held from the next settlement as a negative DISPUTE_HOLD line with its DISPUTE_ID.',
    request: ref('DisputesRequest'),
    answers: [ref('DisputesAnswer'), ref('DisputeRefusal')],
    malformed: 'DisputeRefusal',
  },
  {
    path: '/pgws/dispute',
    operationId: 'dispute',
    tag: 'Disputes',
    summary: 'Accept or contest a dispute',
    description:
      'Checked in this order, nothing stored when refused: 346 (no such dispute of the merchant), 347 (ACTION), 348 (already answered), 349 (past the end of RESPOND_BY, or decided without an answer), then for CONTEST 350 (EVIDENCE), 351 (EVIDENCE_FILE over 2 MB), 352 (the file or its name). ACCEPT: LOST at once, dispute.lost. CONTEST: UNDER_REVIEW; the first settlement run after the deadline decides it: 13.1 with a document WON (the hold released as a positive DISPUTE_RELEASE line), 13.1 without LOST, 10.4 LOST; an OPEN dispute LOST. The body may be up to 3 MB (an evidence file as Base64); every other API takes 16 kB.',
    request: ref('DisputeRequest'),
    answers: [ref('DisputeAnswer'), ref('DisputeRefusal')],
    malformed: 'DisputeRefusal',
  },
  {
    path: '/pgws/trigger',
    operationId: 'trigger',
    tag: 'Test events',
    summary: 'Sandbox only: make records that send a chosen webhook event',
    description:
      "Makes real ₹1.00 records of the merchant through the sandbox's own payments, refunds, payouts and settlement runs, dated by its clock, with every webhook they send on the way, to NOTIFY_URL or where the merchant's events go by default (its default NOTIFY_URL, its paystra listen stream). The answer names them (ORDER_ID or PAYOUT_ID, REFUND_ORDER_ID, SETTLEMENT_ID, DISPUTE_ID) for the status enquiry, payout status, recon, settlement, disputes and deliveries APIs. settlement.processed and dispute.created are sent by the settlement run that settles the payment: the merchant's clock is moved to it as clock/advance moves it, running on the way what falls due; on a public sandbox the demo merchant's clock cannot move (362): make an account of your own. A refused trigger stores nothing.",
    request: ref('TriggerRequest'),
    answers: [ref('TriggerAnswer'), ref('TriggerRefusal')],
    malformed: 'TriggerRefusal',
  },
  {
    path: '/pgws/paylink',
    operationId: 'paylink',
    tag: 'Payment links',
    summary: 'Make a payment link',
    description: `A page at SHORT_URL where a customer pays AMOUNT once: send it by SMS, e-mail or chat. Its Pay button starts a hosted payment (ORDER_ID \`<PAYLINK_ID>-<n>\`, at most ${MAX_LINK_ATTEMPTS} a link) with every method the currency allows (cards alone for a foreign one); the attempt that captures the money makes the link PAID with paylink.paid, and a later attempt reaching the bank after it ends 373 with no money taken. A link past EXPIRE_BY on the merchant's clock is EXPIRED (paylink.expired): move the clock forward (clock/advance) to see it in a second. Charged when made: a FEE line of the next settlement (${feeOf('paylink')} + 18 % GST a link, ${feeOf('validated-paylink')} + GST a validated one); the payment is charged as any payment. Refused, in this order, nothing stored: 320 AMOUNT, 319 CURRENCY_CODE, 370 DESCRIPTION, 375 the customer's details, 321 REFERENCE_ID, 371 EXPIRE_BY, 378 VALIDATE_BENEFICIARY, 357 NOTIFY_URL, 374 a REFERENCE_ID used before.`,
    request: ref('PaylinkRequest'),
    answers: [ref('PaylinkAnswer'), ref('PaylinkRefusal')],
    malformed: 'PaylinkRefusal',
  },
  {
    path: '/pgws/paylink/status',
    operationId: 'paylinkStatus',
    tag: 'Payment links',
    summary: 'A payment link as it stands',
    description:
      "By PAYLINK_ID, or by your REFERENCE_ID: CREATED, PAID (with ORDER_ID, TXN_ID and PAID_AT), EXPIRED or CANCELLED. A link whose EXPIRE_BY the merchant's clock has passed is expired by this read, with its paylink.expired. 321 for a malformed id, 372 for a link the merchant does not have.",
    request: ref('PaylinkStatusRequest'),
    answers: [ref('PaylinkAnswer'), ref('PaylinkRefusal')],
    malformed: 'PaylinkRefusal',
  },
  {
    path: '/pgws/paylink/cancel',
    operationId: 'paylinkCancel',
    tag: 'Payment links',
    summary: 'Cancel a payment link nobody has paid',
    description:
      'The link, STATUS CANCELLED with CANCELLED_AT, and paylink.cancelled; its page then says so and has no Pay button. 321 for a malformed PAYLINK_ID, 372 for a link the merchant does not have, 373 for one paid, expired or cancelled already, or held by a UPI payment the bank has yet to confirm. Its charge stays.',
    request: ref('PaylinkCancelRequest'),
    answers: [ref('PaylinkAnswer'), ref('PaylinkRefusal')],
    malformed: 'PaylinkRefusal',
  },
  {
    path: '/pgws/virtual-account',
    operationId: 'virtualAccount',
    tag: 'Virtual accounts',
    summary: 'Open a virtual account for a customer',
    description: `An ACCOUNT_NUMBER (16 digits) at IFSC PYST0000001 for NEFT, RTGS and IMPS, and a VPA for UPI, to show the customer: each transfer into them is a credit of the merchant's (virtual_account.credited), settled as a COLLECTION line less the Auto Collection charge by slab (${feeOf('collection', 1_000_000n)} up to ₹10,000, ${feeOf('collection', 2_500_000n)} up to ₹25,000, ${feeOf('collection', 2_500_001n)} above, plus 18 % GST). The setup is charged once, ${feeOf('virtual-account-setup')} + GST, as a FEE line. Refused, in this order, nothing stored: 375 CUST_NAME, 321 REFERENCE_ID, 357 NOTIFY_URL, 374 a REFERENCE_ID used before.`,
    request: ref('VirtualAccountRequest'),
    answers: [ref('VirtualAccountAnswer'), ref('VirtualAccountRefusal')],
    malformed: 'VirtualAccountRefusal',
  },
  {
    path: '/pgws/virtual-account/status',
    operationId: 'virtualAccountStatus',
    tag: 'Virtual accounts',
    summary: 'A virtual account with its credits',
    description:
      'The account (ACTIVE or CLOSED) and CREDITS: its latest 100 credits, newest first, returned ones too, each with the settlement that holds it once settled. 321 for a malformed VA_ID, 376 for an account the merchant does not have.',
    request: ref('VirtualAccountStatusRequest'),
    answers: [ref('VirtualAccountAnswer'), ref('VirtualAccountRefusal')],
    malformed: 'VirtualAccountRefusal',
  },
  {
    path: '/pgws/virtual-account/close',
    operationId: 'virtualAccountClose',
    tag: 'Virtual accounts',
    summary: 'Close a virtual account',
    description:
      'The account, STATUS CLOSED with CLOSED_AT. A transfer into it from then on is returned to the payer (virtual_account.credit_returned, 377); what it received before stays credited and settles. 321 for a malformed VA_ID, 376 for an account the merchant does not have, 377 for one closed already.',
    request: ref('VirtualAccountCloseRequest'),
    answers: [ref('VirtualAccountAnswer'), ref('VirtualAccountRefusal')],
    malformed: 'VirtualAccountRefusal',
  },
  {
    path: '/pgws/virtual-account/credit',
    operationId: 'virtualAccountCredit',
    tag: 'Virtual accounts',
    summary: 'Sandbox only: a bank transfer into a virtual account',
    description:
      "What a payer's bank does: AMOUNT paise by MODE into the account, dated by the merchant's clock, with a 12-digit UTR. Into an ACTIVE account it is CREDITED (000, virtual_account.credited) with its FEE, GST and NET: the next settlement holds it as a COLLECTION line. Into a CLOSED one it is RETURNED to the payer (377, virtual_account.credit_returned), with a RETURN_REASON and nothing settled. Refused, in this order, nothing stored: 321 VA_ID, 320 AMOUNT, 331 MODE, 334 the mode's limits (RTGS from ₹2,00,000, IMPS up to ₹5,00,000, UPI up to ₹1,00,000), 375 PAYER_NAME, 376 an account the merchant does not have.",
    request: ref('VirtualAccountCreditRequest'),
    answers: [ref('VirtualAccountCredit'), ref('VirtualAccountRefusal')],
    malformed: 'VirtualAccountRefusal',
  },
  {
    path: '/pgws/subscription',
    operationId: 'subscription',
    tag: 'Subscriptions',
    summary: 'Make a subscription',
    description: `A mandate for the customer to register at AUTH_URL (STATUS CREATED; FAILED with subscription.failed if not done within 24 h on the account's clock): a virtual UPI app (success@upi, nofunds@upi, failure@upi; any 4 or 6 digit PIN), a card's standing instruction (4111 1111 1111 1111 registers, …0341 registers and fails every debit with 020, …0002 declines with 004, …9995 with 020; OTP 123456) or the bank's e-mandate page (account 000000000020 registers and fails every debit). Registered, it is ACTIVE (subscription.activated) and charged ${feeOf('upi-mandate')} + 18 % GST on UPI, ${feeOf('mandate-registration')} + GST on card and e-NACH, a FEE line of the next settlement. On UPI and card a START_DATE of the registration's own date takes cycle 0 with the registration; every other debit is noticed 36 h before 07:00 IST on its date (subscription.notified) and made then as a payment \`<SUBSCRIPTION_ID>-<cycle>-<attempt>\` (subscription.charged, or a retry a day later up to 4 attempts, then HALTED). Refused, in this order, nothing stored: 321 SUBSCRIPTION_REF, 327 METHOD, 379 FREQUENCY, 320 then 380 the amounts, 388 the dates, 326 CATEGORY, 370 DESCRIPTION, 375 the customer's details, 325 RETURN_URL, 357 NOTIFY_URL, 374 a SUBSCRIPTION_REF used before.`,
    request: ref('SubscriptionRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
  {
    path: '/pgws/subscription/status',
    operationId: 'subscriptionStatus',
    tag: 'Subscriptions',
    summary: 'A subscription as it stands, with its debits',
    description:
      "By SUBSCRIPTION_ID, or by your SUBSCRIPTION_REF (SUBSCRIPTION_ID wins when both are sent), after running the notices and debits the account's clock has brought due. DEBITS lists its latest 100 attempts, newest first: the open notice (NOTIFIED) and what each attempt became, with its payment's ORDER_ID and TXN_ID and, once captured, its FEE and GST. 321 for a malformed id or reference, 387 for a subscription the merchant does not have.",
    request: ref('SubscriptionStatusRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
  {
    path: '/pgws/subscription/cancel',
    operationId: 'subscriptionCancel',
    tag: 'Subscriptions',
    summary: 'Cancel a subscription',
    description:
      'CANCELLED with CANCELLED_BY MERCHANT, subscription.cancelled, and DEBITS: the notice out, if any, STOPPED with 385, no later debit made; INSTRUMENT is emptied, as a merchant deletes a withdrawn mandate’s details. Works in every state but the final ones (CREATED, ACTIVE, PENDING, PAUSED, HALTED). 321 for a malformed SUBSCRIPTION_ID, 387 for a subscription the merchant does not have, 385 for one completed, cancelled or failed already.',
    request: ref('SubscriptionCancelRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
  {
    path: '/pgws/subscription/resume',
    operationId: 'subscriptionResume',
    tag: 'Subscriptions',
    summary: 'Resume a halted subscription',
    description:
      'ACTIVE again, subscription.resumed, with DEBITS: the next cycle is the first whose notice time (36 h before its 07:00 IST debit) is still to come; the cycles missed are not collected (COMPLETED, with subscription.completed, when none is left before END_DATE). An AS_PRESENTED one simply takes charges again. 321 for a malformed SUBSCRIPTION_ID, 387 for a subscription the merchant does not have, 385 for one that is not HALTED (a PAUSED one is the customer’s to resume).',
    request: ref('SubscriptionResumeRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
  {
    path: '/pgws/subscription/charge',
    operationId: 'subscriptionCharge',
    tag: 'Subscriptions',
    summary: 'Present a charge on an AS_PRESENTED subscription',
    description:
      'Notices AMOUNT now (subscription.notified) and debits it at the first 07:00 IST at least 24 h later, on the account’s clock: the answer’s DEBITS holds it NOTIFIED, with NEXT_DEBIT_AT its DEBIT_AT. Above the approval limit it needs the customer’s APPROVE first (383 otherwise). Refused, in this order, nothing stored: 321 SUBSCRIPTION_ID, 387 a subscription the merchant does not have, 320 AMOUNT, 380 above MAX_AMOUNT, 385 a subscription not ACTIVE or PENDING, 326 a scheduled one (its debits follow FREQUENCY), 386 while another presented charge is open.',
    request: ref('SubscriptionChargeRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
  {
    path: '/pgws/subscription/customer',
    operationId: 'subscriptionCustomer',
    tag: 'Subscriptions',
    summary: 'Sandbox only: act as the customer',
    description:
      "What the customer does in a UPI app, on a bank's SMS link or on the mandate page, answered with DEBITS: SKIP the notice out (382, subscription.skipped), APPROVE a notice with APPROVAL_REQUIRED Y (UPI and card), PAUSE (UPI: subscription.paused, the notice out STOPPED with 384), RESUME a paused one (UPI: subscription.resumed), REVOKE the mandate (CANCELLED, CANCELLED_BY CUSTOMER, subscription.cancelled). 321 for a malformed SUBSCRIPTION_ID, 326 for an ACTION the call does not take or the rules do not allow now (PAUSE on a card, SKIP with no notice out), 387 for a subscription the merchant does not have, 385 for one that is not running (CREATED, HALTED, completed, cancelled or failed).",
    request: ref('SubscriptionCustomerRequest'),
    answers: [ref('SubscriptionAnswer'), ref('SubscriptionRefusal')],
    malformed: 'SubscriptionRefusal',
  },
]

type Picked = { value: unknown; description?: string } | undefined

/** The recorded examples of one path (and HTTP status), by name; `pick` may leave one out. */
function examplesOf(path: string, pick: (example: RecordedExample) => Picked, status?: number) {
  const named = examples
    .filter((example) => example.path === path && (status ?? example.status) === example.status)
    .flatMap((example) => {
      const picked = pick(example)
      return picked ? [[example.name, { summary: example.summary, ...picked }] as const] : []
    })
  return named.length > 0 ? { examples: Object.fromEntries(named) } : {}
}

/**
 * A malformed body, or a request that breaks the request schema to show its refusal, is no
 * example of the request schema: it is shown with its answer.
 */
const shownWithAnswer = (example: RecordedExample) =>
  typeof example.request === 'string' || example.invalidRequest === true
const requestOf = (example: RecordedExample): Picked =>
  shownWithAnswer(example) ? undefined : { value: example.request }
/** The request as sent: a POST's body, a GET's query. */
function sentOf(example: RecordedExample): string {
  const { request } = example
  if (example.method === 'GET') {
    return `?${typeof request === 'string' ? request : new URLSearchParams(request).toString()}`
  }
  return typeof request === 'string' ? request : JSON.stringify(request)
}
/** A GET has no request body to show its request: each of its answers says what was sent. */
const withSent = (example: RecordedExample, value: unknown): Picked =>
  example.method === 'GET' || shownWithAnswer(example)
    ? { value, description: `Sent: \`${sentOf(example)}\`` }
    : { value }
const responseOf = (example: RecordedExample): Picked =>
  typeof example.response === 'string' ? undefined : withSent(example, example.response)
/**
 * A file answered instead of JSON (the settlement as CSV), or the event stream, shown under its
 * own media type.
 */
const fileOf =
  (contentType: string) =>
  (example: RecordedExample): Picked =>
    example.contentType === contentType ? withSent(example, example.response) : undefined

/** A GET's signed fields as query parameters, each with its values in the request examples. */
function queryParameters(operation: Operation) {
  const { properties, required } = operation.request as {
    properties: Record<string, Schema>
    required: string[]
  }
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query' as const,
    required: required.includes(name),
    description: String(description ?? ''),
    schema,
    ...examplesOf(operation.path, (example) => {
      const request = requestOf(example)?.value as Fields | undefined
      return request?.[name] === undefined ? undefined : { value: request[name] }
    }),
  }))
}

/** The schemas once each (a refusal schema is often one of the answers as well). */
function uniqueSchemas(schemas: Schema[]): Schema[] {
  const seen = new Set<string>()
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What each status of a JSON API means. */
const statusTexts = {
  '200': 'Answered: see RESPONSE_CODE. Signed with HASH except 324.',
  '400':
    'A body that is not a JSON object of strings, names a field twice, holds `~` in a value or is too large: 326, unsigned.',
  '429':
    'Over a limit: 344. The limit of requests a minute from one address is answered before the body is read (unsigned, no fields echoed); the limits of one merchant (and of its resends) after its HASH is verified, signed. `Retry-After` gives the seconds to wait.',
}

const anyOf = (schemas: Schema[]): Schema =>
  schemas.length === 1 ? schemas[0]! : { anyOf: schemas }

function operationObject(operation: Operation) {
  const { path } = operation
  const texts = { ...statusTexts, ...operation.statusTexts }
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    ...(operation.method === 'get' ? { parameters: queryParameters(operation) } : {}),
    ...(operation.method === 'get'
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: operation.request,
                ...examplesOf(path, requestOf),
              },
            },
          },
        }),
    responses: {
      '200': {
        description: texts['200'],
        content: {
          ...(operation.eventStream
            ? {
                'text/event-stream': {
                  schema: { type: 'string', description: operation.eventStream },
                  ...examplesOf(path, fileOf('text/event-stream'), 200),
                },
              }
            : {}),
          'application/json': {
            schema:
              operation.answers.length === 1 ? operation.answers[0] : { oneOf: operation.answers },
            ...examplesOf(path, responseOf, 200),
          },
          ...(operation.csv
            ? {
                'text/csv': {
                  schema: { type: 'string', description: operation.csv },
                  ...examplesOf(path, fileOf('text/csv'), 200),
                },
              }
            : {}),
          ...(operation.pdf
            ? {
                'application/pdf': {
                  schema: {
                    type: 'string',
                    contentMediaType: 'application/pdf',
                    description: operation.pdf,
                  },
                },
              }
            : {}),
        },
      },
      '400': {
        description: texts['400'],
        content: {
          'application/json': {
            schema: ref(operation.malformed),
            ...examplesOf(path, responseOf, 400),
          },
        },
      },
      '429': {
        description: texts['429'],
        headers: {
          'Retry-After': {
            description: 'Seconds until the limit allows a request again.',
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        },
        content: {
          'application/json': {
            schema: anyOf(uniqueSchemas([ref(operation.malformed), ...operation.answers])),
            ...examplesOf(path, responseOf, 429),
          },
        },
      },
    },
  }
}

export type DocumentedOperation = ReturnType<typeof operationObject>
/** A path of the document: its one operation, under its method. */
export type PathItem = Partial<Record<HttpMethod, DocumentedOperation>>

const pathItem = (operation: Operation): PathItem => ({
  [operation.method ?? 'post']: operationObject(operation),
})

/** What an event's `data` is, said in its request body's description. */
const disputeEventText =
  "`data` is the dispute's fields with PAY_ID and their HASH, as /pgws/disputes lists them. Sent to the disputed payment's NOTIFY_URL, else the settlement test run's, else the merchant's default; the deliveries API finds it by the payment's ORDER_ID."

const subscriptionEventText =
  "`data` is the subscription's fields as its calls answer them (without DEBITS), with PAY_ID, the event's own fields and their HASH; RESPONSE_CODE is 000, the event being the news. Sent to the subscription's NOTIFY_URL, else the merchant's default; the deliveries API finds it by the SUBSCRIPTION_ID as ORDER_ID."

const eventDataText: Partial<Record<(typeof webhookEventTypes)[number], string>> = {
  'dispute.created': `${disputeEventText} Sent by the settlement run that raised it (STATUS OPEN).`,
  'dispute.won': `${disputeEventText} Sent by the first settlement run after RESPOND_BY that decided it for the merchant.`,
  'dispute.lost': `${disputeEventText} Sent when the merchant accepts it, or by the run that decided it against the merchant (RESOLUTION says why).`,
  'paylink.paid':
    "`data` is the link's fields as /pgws/paylink/status answers them, with PAY_ID and their HASH: STATUS PAID, with the paying attempt's ORDER_ID, TXN_ID and PAID_AT. Sent once, when the attempt's payment is captured (the attempt sends its own payment.captured too), to the link's NOTIFY_URL, else the merchant's default; the deliveries API finds it by the PAYLINK_ID as ORDER_ID. Mark your order paid once, by PAYLINK_ID or REFERENCE_ID.",
  'paylink.expired':
    "`data` is the link's fields with PAY_ID and their HASH: STATUS EXPIRED, EXPIRED_AT its EXPIRE_BY. Sent once, by whichever comes first after the merchant's clock passes EXPIRE_BY: a clock advance, the sandbox's own settlement run, or a read of the link (status, page, pay).",
  'paylink.cancelled':
    "`data` is the link's fields with PAY_ID and their HASH: STATUS CANCELLED, with CANCELLED_AT. Sent once, when /pgws/paylink/cancel cancels it.",
  'virtual_account.credited':
    "`data` is the credit's fields as /pgws/virtual-account/credit answers them, with PAY_ID and their HASH: STATUS CREDITED, with FEE, GST and NET. Sent to the account's NOTIFY_URL, else the merchant's default; the deliveries API finds it by the CREDIT_ID as ORDER_ID. The credit settles as a COLLECTION line; credit the customer once, by CREDIT_ID or UTR.",
  'virtual_account.credit_returned':
    "`data` is the credit's fields with PAY_ID and their HASH: STATUS RETURNED, RESPONSE_CODE 377, a RETURN_REASON, FEE, GST and NET 0. Sent for a transfer into a closed account, whose money went back to the payer: nothing is settled.",
  'subscription.activated': `${subscriptionEventText} Sent when the customer registers the mandate on AUTH_URL: STATUS ACTIVE, ACTIVATED_AT, ANCHOR_DATE and INSTRUMENT; with ORDER_ID and TXN_ID when cycle 0 was taken with the registration (a subscription.charged and the payment's payment.captured are sent too).`,
  'subscription.notified': `${subscriptionEventText} Sent for each attempt's notice, 36 h before a scheduled debit at 07:00 IST, when an attempt fails for its retry a day later, or when a charge is presented: DEBIT_ID, CYCLE, ATTEMPT, AMOUNT, DEBIT_AT, NOTIFIED_AT, APPROVAL_REQUIRED and REASON. With APPROVAL_REQUIRED Y, the debit is made only if the customer approves it before DEBIT_AT (383 otherwise).`,
  'subscription.charged': `${subscriptionEventText} Sent when an attempt is captured: DEBIT_ID, CYCLE, ATTEMPT, AMOUNT, ORDER_ID, TXN_ID and CHARGED_AT. Its payment sends its own payment.captured and settles as a PAYMENT line priced by the Subscription row. Give the service for the cycle once, by DEBIT_ID or ORDER_ID.`,
  'subscription.pending': `${subscriptionEventText} Sent when an attempt fails and another is left: STATUS PENDING, the failed attempt's DEBIT_ID, CYCLE, ATTEMPT, AMOUNT and DEBIT_RESPONSE_CODE (020 no funds, 381 no valid notice, 383 not approved); the retry's subscription.notified follows.`,
  'subscription.halted': `${subscriptionEventText} Sent when a cycle's last attempt fails: STATUS HALTED, the attempt's DEBIT_ID, CYCLE, ATTEMPT, AMOUNT and DEBIT_RESPONSE_CODE. Nothing more is debited until /pgws/subscription/resume.`,
  'subscription.skipped': `${subscriptionEventText} Sent when the customer opts out of the debit noticed (382): its DEBIT_ID, CYCLE, ATTEMPT and AMOUNT. The cycle is not collected and counts towards no halt.`,
  'subscription.paused': `${subscriptionEventText} Sent when the customer pauses a UPI mandate: STATUS PAUSED, the notice out stopped (384).`,
  'subscription.resumed': `${subscriptionEventText} Sent when the customer resumes a paused UPI mandate, or /pgws/subscription/resume a halted one: STATUS ACTIVE.`,
  'subscription.cancelled': `${subscriptionEventText} Sent when the customer revokes the mandate or /pgws/subscription/cancel cancels it: STATUS CANCELLED, CANCELLED_BY CUSTOMER or MERCHANT, INSTRUMENT empty.`,
  'subscription.completed': `${subscriptionEventText} Sent when no cycle is left on or before END_DATE: STATUS COMPLETED.`,
  'subscription.failed': `${subscriptionEventText} Sent when the registration fails: STATUS FAILED, REGISTRATION_RESPONSE_CODE 004 or 020 (declined on the mandate page) or 385 (not completed within 24 h on the account's clock).`,
  'settlement.processed':
    "`data` is the settlement's fields as the settlements list gives them (no lines), with PAY_ID and their HASH. Sent for every settlement a run makes, a carried-forward one too (STATUS CARRIED_FORWARD, UTR empty), to the test run's NOTIFY_URL or the merchant's default; the deliveries API finds it by its SETTLEMENT_ID as ORDER_ID. Fetch the lines with /pgws/settlement.",
}

/** The schema of each event type's `data`. */
export const eventDataSchemas: Record<(typeof webhookEventTypes)[number], string> = {
  'payment.captured': 'PaymentAnswer',
  'payment.failed': 'PaymentAnswer',
  'payment.pending': 'PaymentAnswer',
  'refund.processed': 'RefundAnswer',
  'payout.processed': 'PayoutResult',
  'payout.failed': 'PayoutResult',
  'settlement.processed': 'SettlementEvent',
  'dispute.created': 'DisputeEvent',
  'dispute.won': 'DisputeEvent',
  'dispute.lost': 'DisputeEvent',
  'paylink.paid': 'PaylinkAnswer',
  'paylink.expired': 'PaylinkAnswer',
  'paylink.cancelled': 'PaylinkAnswer',
  'virtual_account.credited': 'VirtualAccountCredit',
  'virtual_account.credit_returned': 'VirtualAccountCredit',
  'subscription.activated': 'SubscriptionActivatedEvent',
  'subscription.notified': 'SubscriptionNotifiedEvent',
  'subscription.charged': 'SubscriptionChargedEvent',
  'subscription.pending': 'SubscriptionDebitFailedEvent',
  'subscription.halted': 'SubscriptionDebitFailedEvent',
  'subscription.skipped': 'SubscriptionSkippedEvent',
  'subscription.paused': 'SubscriptionEvent',
  'subscription.resumed': 'SubscriptionEvent',
  'subscription.cancelled': 'SubscriptionCancelledEvent',
  'subscription.completed': 'SubscriptionEvent',
  'subscription.failed': 'SubscriptionFailedEvent',
}

function webhook(type: (typeof webhookEventTypes)[number]) {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      summary: `${type}: sent to NOTIFY_URL`,
      description:
        'Verify `X-Paystra-Signature` over the raw body before parsing it, refuse a timestamp more than 5 minutes away, ignore an event id already seen, and only move an order forward. Retried from 60 s, five times longer each time up to 6 h (each wait up to a fifth shorter at random), 10 attempts, same event id, until a 2xx answer.',
      parameters: [
        {
          name: EVENT_ID_HEADER,
          in: 'header',
          required: true,
          schema: ref('EventId'),
        },
        {
          name: SIGNATURE_HEADER,
          in: 'header',
          required: true,
          description:
            '`t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(webhook secret, "<t>.<raw body>")>`.',
          schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}' },
        },
      ],
      requestBody: {
        required: true,
        description: `Indented JSON ending in a line break; ${
          eventDataText[type] ??
          '`data` is the answer the merchant gets from the API, with its HASH.'
        }`,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'type', 'created', 'data'],
              properties: {
                id: ref('EventId'),
                type: { const: type },
                created: { type: 'integer', description: 'Unix seconds.' },
                data: ref(eventDataSchemas[type]),
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received: no more attempts.' } },
    },
  }
}

/**
 * The document, a new copy for each caller: its schemas are shared module objects, and a caller
 * that resolves or rewrites a schema in place must not change the document another one reads.
 */
export function openApiDocument() {
  return structuredClone({
    openapi: '3.1.1',
    info: {
      title: 'Paystra sandbox JSON APIs',
      version: '1.0.0',
      description: apiDescription,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Paystra' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/sandbox', description: "The site's built-in sandbox" }],
    security: [],
    tags,
    paths: Object.fromEntries(operations.map((operation) => [operation.path, pathItem(operation)])),
    webhooks: Object.fromEntries(webhookEventTypes.map((type) => [type, webhook(type)])),
    components: { schemas: { ...fieldSchemas, ...requestSchemas, ...answerSchemas } },
  })
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>

/** Every operation of the document with its path and method, in the document's order. */
export function documentOperations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method: method as HttpMethod,
      operation: operation!,
    })),
  )
}
