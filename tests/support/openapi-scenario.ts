/**
 * The calls the OpenAPI document's examples come from, in the order they are made on a fresh
 * sandbox. record-openapi-examples.ts writes their answers into gateway/openapi/examples.json;
 * gateway/openapi/examples.test.ts makes them again and expects the same answers, so every
 * example is one the sandbox gives.
 */
import { addDays, istDateOf, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { currencyByCode } from '#core/currency/currencies.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { disputeCards, disputeReasons, testCards } from '#gateway/methods.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { SIGNATURE_HEADER, verifyWebhook } from '#core/protocol/webhook.ts'
import { DEFAULT_SETTLEMENT_HOUR } from '#core/settlement/schedule.ts'
import type { RecordedExample } from '#gateway/openapi/document.ts'

export const exampleMerchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
/** The public address the examples' URLs carry: the sandbox of a site run with `npm start`. */
export const examplePublicUrl = 'http://localhost:3000/sandbox'
const NOTIFY_URL = 'https://shop.paystra.example/webhook'
const SUBSCRIPTION_RETURN_URL = 'https://shop.paystra.example/subscription/return'
const payId = exampleMerchant.payId

export interface ExampleCall {
  /** The example's name in the document. */
  name: string
  summary: string
  path: string
  /** Absent: POST. A GET sends its fields as its query. */
  method?: 'GET'
  /** Signed with the demo merchant's salt before sending, unless `unsigned`. */
  fields?: Fields
  unsigned?: boolean
  /** A body sent as it is (a malformed request); a GET's query. */
  rawBody?: string
  /**
   * What happens on the sandbox before the call (a payment the call then finds), with the values
   * remembered so far (a payment link's SHORT_URL).
   */
  before?: (
    base: string,
    values: Readonly<Record<string, string>>,
  ) => Promise<void | Record<string, string>>
  /** The request breaks the request schema on purpose, to show its refusal. */
  invalidRequest?: true
  /** Values the later calls name (`{{disputeId}}`), taken from this call's answer. */
  remember?: (answer: Fields) => Record<string, string>
}

const payout = (fields: Fields): Fields => ({ PAY_ID: payId, CURRENCY_CODE: '356', ...fields })

const [winnableDispute, otherDispute]: string[] = [
  disputeReasons.find((reason) => reason.winnable)!,
  disputeReasons.find((reason) => !reason.winnable)!,
].map((reason) => disputeCards.find((card) => card.reasonCode === reason.code)!.number)
const capturedCard: string = testCards[0].number
const numberOf = (code: string) => currencyByCode(code)!.number

/** The dispute of an order, from a disputes list answer. */
const disputeOf =
  (orderId: string, name: string) =>
  (answer: Fields): Record<string, string> => {
    const list = JSON.parse(answer.DISPUTES ?? '[]') as Fields[]
    const found = list.find((dispute) => dispute.ORDER_ID === orderId)
    if (!found) throw new Error(`no dispute of ${orderId} in the answer`)
    return { [name]: found.DISPUTE_ID! }
  }

/** The smallest PDF a sandbox takes as evidence, as Base64. */
const evidencePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
).toString('base64')
const evidence =
  "Delivered on the day after the order to the cardholder's address; the courier's receipt signed by the cardholder is attached."

export const exampleCalls: ExampleCall[] = [
  {
    name: 'statusCaptured',
    summary: 'Status enquiry of a captured payment',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1001', TXNTYPE: 'STATUS' },
  },
  {
    name: 'refundProcessed',
    summary: 'Refund of part of a captured payment',
    path: '/pgws/transact',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-1001',
      REFUND_ORDER_ID: 'RF-1001-1',
      AMOUNT: '10000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
      NOTIFY_URL,
    },
  },
  {
    name: 'statusRefunded',
    summary: 'Status enquiry after a refund (REFUNDED_AMOUNT)',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1001', TXNTYPE: 'STATUS' },
  },
  {
    name: 'refundTooMuch',
    summary: 'Refund of more than is left (329)',
    path: '/pgws/transact',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-1001',
      REFUND_ORDER_ID: 'RF-1001-2',
      AMOUNT: '20000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    },
  },
  {
    name: 'statusUnknownOrder',
    summary: 'Status enquiry of an order the sandbox never saw (328)',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-9999', TXNTYPE: 'STATUS' },
  },
  {
    name: 'badHash',
    summary: 'A HASH that does not match the fields (323)',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1001', TXNTYPE: 'STATUS', HASH: 'F'.repeat(64) },
    unsigned: true,
  },
  {
    name: 'unknownPayId',
    summary: 'An unknown PAY_ID (324): answered unsigned',
    path: '/pgws/transact',
    fields: { PAY_ID: '9999999999999999', ORDER_ID: 'ORD-1001', TXNTYPE: 'STATUS' },
  },
  {
    name: 'transactMalformed',
    summary: 'A body that is not a JSON object of strings (326)',
    path: '/pgws/transact',
    rawBody: '{"PAY_ID":',
  },
  {
    name: 'qrUpi',
    summary: 'A UPI QR code',
    path: '/pgws/qr',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-2001',
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
    },
  },
  {
    name: 'qrPg',
    summary: 'A PG QR code (opens the hosted payment page)',
    path: '/pgws/qr',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-2002',
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'PG',
    },
  },
  {
    name: 'qrDuplicate',
    summary: 'A QR code for an order id already used (018)',
    path: '/pgws/qr',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-2001',
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
    },
  },
  {
    name: 'statusOpenQr',
    summary: 'Status enquiry of a QR payment not yet paid (006)',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-2001', TXNTYPE: 'STATUS' },
  },
  {
    name: 'qrMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/qr',
    rawBody: '[]',
  },
  {
    name: 'payoutImps',
    summary: 'An IMPS payout to a bank account',
    path: '/pgws/payout',
    fields: payout({
      PAYOUT_ID: 'PO-3001',
      AMOUNT: '150000',
      TRANSFER_MODE: 'IMPS',
      BENEFICIARY_NAME: 'A. K. Sharma',
      BENEFICIARY_ACCOUNT: '123456789012',
      BENEFICIARY_IFSC: 'HDFC0001234',
      REMARKS: 'Vendor invoice 42',
      NOTIFY_URL,
    }),
  },
  {
    name: 'payoutUpiPending',
    summary: 'A UPI payout the bank has not confirmed yet (026)',
    path: '/pgws/payout',
    fields: payout({
      PAYOUT_ID: 'PO-3002',
      AMOUNT: '50000',
      TRANSFER_MODE: 'UPI',
      BENEFICIARY_NAME: 'Ravi Kumar',
      BENEFICIARY_VPA: 'pending@upi',
    }),
  },
  {
    name: 'payoutOutsideLimits',
    summary: 'An RTGS payout under ₹2,00,000 (334)',
    path: '/pgws/payout',
    fields: payout({
      PAYOUT_ID: 'PO-3003',
      AMOUNT: '100',
      TRANSFER_MODE: 'RTGS',
      BENEFICIARY_NAME: 'Ravi Kumar',
      BENEFICIARY_ACCOUNT: '123456789012',
      BENEFICIARY_IFSC: 'HDFC0001234',
    }),
  },
  {
    name: 'payoutMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/payout',
    rawBody: '{',
  },
  {
    name: 'payoutStatus',
    summary: 'The stored answer of a payout',
    path: '/pgws/payout/status',
    fields: { PAY_ID: payId, PAYOUT_ID: 'PO-3001' },
  },
  {
    name: 'payoutStatusUnknown',
    summary: 'A payout id the sandbox never saw (328)',
    path: '/pgws/payout/status',
    fields: { PAY_ID: payId, PAYOUT_ID: 'PO-9999' },
  },
  {
    name: 'payoutStatusMalformed',
    summary: 'A field named twice (326)',
    path: '/pgws/payout/status',
    rawBody: '{"PAY_ID":"1000000000000001","PAY_ID":"1000000000000001"}',
  },
  {
    name: 'eventsOfOrder',
    summary: "An order's webhook events with their attempts",
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1001' },
  },
  {
    name: 'eventsOfPayout',
    summary: "A payout's webhook events (ORDER_ID names the PAYOUT_ID)",
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, ORDER_ID: 'PO-3001' },
  },
  {
    name: 'eventsNone',
    summary: 'An order without webhook events (337)',
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-9999' },
  },
  {
    name: 'eventsMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/webhook/events',
    rawBody: '{',
  },
  {
    name: 'resendMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/webhook/resend',
    rawBody: '{"PAY_ID":1000000000000001}',
  },
  {
    name: 'resend',
    summary: 'An event sent again now, with the same id',
    path: '/pgws/webhook/resend',
    fields: { PAY_ID: payId, EVENT_ID: '{{eventId}}' },
  },
  // After the resend, which resends the first event of the last list answered.
  {
    name: 'eventsLatest',
    summary: "The merchant's 3 latest events, newest first, of whatever order or payout (LATEST)",
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, LATEST: '3' },
  },
  // paystra listen: what the demo merchant gets; an account's stream is recordListenExamples'.
  {
    name: 'streamDemoMerchant',
    summary: 'The demo merchant, whose events are every visitor’s demo (369)',
    path: '/pgws/events/stream',
    method: 'GET',
    fields: { PAY_ID: payId, TIMESTAMP: '{{timestamp}}' },
  },
  {
    name: 'streamMalformed',
    summary: 'A query without TIMESTAMP and HASH (326)',
    path: '/pgws/events/stream',
    method: 'GET',
    rawBody: 'PAY_ID=1000000000000001',
  },
  {
    name: 'streamResultUnknown',
    summary: 'A report of a delivery no stream of the merchant was handed (367)',
    path: '/pgws/events/stream/result',
    fields: {
      PAY_ID: payId,
      DELIVERY_ID: 'evt_5f0c3a8e9d2b4c6a7e1f0b3d',
      HTTP_STATUS: '200',
      DURATION_MS: '14',
    },
  },
  {
    name: 'streamResultMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/events/stream/result',
    rawBody: '{"PAY_ID":"1000000000000001","DELIVERY_ID":',
  },
  // Foreign currencies: ORD-1005 is paid in US dollars with the card a dispute of reason 13.1
  // follows; ORD-1007 in yen with the card that succeeds, then refunded in part.
  {
    name: 'fxRates',
    summary: 'The currencies and the rates of the day',
    path: '/pgws/fx',
    fields: { PAY_ID: payId },
  },
  {
    name: 'fxMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/fx',
    rawBody: '{"PAY_ID":',
  },
  {
    name: 'statusForeign',
    summary: 'Status enquiry of a payment in US dollars (FX_RATE and INR_AMOUNT)',
    path: '/pgws/transact',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1005', TXNTYPE: 'STATUS' },
    before: (base) =>
      payByCard(base, 'ORD-1005', '4999', { currency: numberOf('USD'), card: winnableDispute }),
  },
  {
    name: 'refundForeign',
    summary: 'Refund of part of a payment in yen, at the payment’s rate',
    path: '/pgws/transact',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-1007',
      REFUND_ORDER_ID: 'RF-1007-1',
      AMOUNT: '1500',
      CURRENCY_CODE: numberOf('JPY'),
      TXNTYPE: 'REFUND',
    },
    before: (base) => payByCard(base, 'ORD-1007', '5000', { currency: numberOf('JPY') }),
  },
  {
    name: 'refundOtherCurrency',
    summary: 'Refund in another currency than the payment’s (319)',
    path: '/pgws/transact',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-1007',
      REFUND_ORDER_ID: 'RF-1007-2',
      AMOUNT: '1000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    },
  },
  {
    name: 'qrForeign',
    summary: 'A QR code in a foreign currency (345: only cards take one)',
    path: '/pgws/qr',
    fields: {
      PAY_ID: payId,
      ORDER_ID: 'ORD-2003',
      AMOUNT: '1500',
      CURRENCY_CODE: numberOf('USD'),
      QR_TYPE: 'UPI',
    },
    invalidRequest: true,
  },
  // Payment links and virtual accounts, before the test run: their charges (FEE lines), the paid
  // link's payment and the credits (COLLECTION lines) are in the settlement it makes.
  {
    name: 'paylinkCreate',
    summary: 'A payment link for an invoice: CREATED, with the SHORT_URL to send the customer',
    path: '/pgws/paylink',
    fields: {
      PAY_ID: payId,
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Invoice INV-1001: three months of the Pro plan',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
      REFERENCE_ID: 'INV-1001',
      NOTIFY_URL,
    },
    remember: (answer) => ({ paylinkId: answer.PAYLINK_ID!, paylinkUrl: answer.SHORT_URL! }),
  },
  {
    name: 'paylinkDuplicate',
    summary: 'A link with a REFERENCE_ID already used (374)',
    path: '/pgws/paylink',
    fields: {
      PAY_ID: payId,
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Invoice INV-1001: three months of the Pro plan',
      REFERENCE_ID: 'INV-1001',
    },
  },
  {
    name: 'paylinkBadExpiry',
    summary: 'An EXPIRE_BY without its offset from UTC (371)',
    path: '/pgws/paylink',
    fields: {
      PAY_ID: payId,
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Invoice INV-1009',
      EXPIRE_BY: '2027-01-15T18:00:00',
    },
    invalidRequest: true,
  },
  {
    name: 'paylinkMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/paylink',
    rawBody: '{"PAY_ID":"1000000000000001","AMOUNT":',
  },
  {
    name: 'paylinkPaid',
    summary: "A link paid by card on its page: PAID, with the paying attempt's ORDER_ID and TXN_ID",
    path: '/pgws/paylink/status',
    fields: { PAY_ID: payId, PAYLINK_ID: '{{paylinkId}}' },
    before: (base, values) => payLink(base, values.paylinkUrl!),
  },
  {
    name: 'paylinkByReference',
    summary: 'The same link, by your REFERENCE_ID',
    path: '/pgws/paylink/status',
    fields: { PAY_ID: payId, REFERENCE_ID: 'INV-1001' },
  },
  {
    name: 'paylinkUnknown',
    summary: 'A link the merchant does not have (372)',
    path: '/pgws/paylink/status',
    fields: { PAY_ID: payId, PAYLINK_ID: 'plink_00000000000000' },
  },
  {
    name: 'paylinkStatusMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/paylink/status',
    rawBody: '{"PAY_ID":"1000000000000001","PAYLINK_ID":null}',
  },
  {
    name: 'eventsOfPaylink',
    summary: "A payment link's webhook events (ORDER_ID names the PAYLINK_ID): paylink.paid",
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, ORDER_ID: '{{paylinkId}}' },
  },
  {
    name: 'paylinkForeign',
    summary: 'A link in US dollars (its page takes cards alone)',
    path: '/pgws/paylink',
    fields: {
      PAY_ID: payId,
      AMOUNT: '4999',
      CURRENCY_CODE: numberOf('USD'),
      DESCRIPTION: 'Invoice INV-1003: one annual licence',
      CUST_EMAIL: 'buyer@example.com',
      REFERENCE_ID: 'INV-1003',
    },
    remember: (answer) => ({ cancelledPaylinkId: answer.PAYLINK_ID! }),
  },
  {
    name: 'paylinkCancel',
    summary: 'Cancel a link nobody has paid: CANCELLED',
    path: '/pgws/paylink/cancel',
    fields: { PAY_ID: payId, PAYLINK_ID: '{{cancelledPaylinkId}}' },
  },
  {
    name: 'paylinkCancelPaid',
    summary: 'Cancel a link already paid (373)',
    path: '/pgws/paylink/cancel',
    fields: { PAY_ID: payId, PAYLINK_ID: '{{paylinkId}}' },
  },
  {
    name: 'paylinkCancelMalformed',
    summary: 'A field named twice (326)',
    path: '/pgws/paylink/cancel',
    rawBody:
      '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_00000000000000","PAYLINK_ID":"plink_00000000000001"}',
  },
  {
    name: 'virtualAccountOpen',
    summary: 'A virtual account for a customer: the ACCOUNT_NUMBER, IFSC and VPA to show them',
    path: '/pgws/virtual-account',
    fields: { PAY_ID: payId, CUST_NAME: 'Asha Verma', REFERENCE_ID: 'CUST-1001', NOTIFY_URL },
    remember: (answer) => ({ vaId: answer.VA_ID! }),
  },
  {
    name: 'virtualAccountDuplicate',
    summary: 'An account with a REFERENCE_ID already used (374)',
    path: '/pgws/virtual-account',
    fields: { PAY_ID: payId, CUST_NAME: 'Asha Verma', REFERENCE_ID: 'CUST-1001' },
  },
  {
    name: 'virtualAccountMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/virtual-account',
    rawBody: '["Asha Verma"]',
  },
  {
    name: 'virtualAccountCreditImps',
    summary: 'Sandbox test credit: ₹15,000 by IMPS, CREDITED less ₹10.00 and ₹1.80 GST',
    path: '/pgws/virtual-account/credit',
    fields: {
      PAY_ID: payId,
      VA_ID: '{{vaId}}',
      AMOUNT: '1500000',
      MODE: 'IMPS',
      PAYER_NAME: 'Asha Verma',
    },
  },
  {
    name: 'virtualAccountCreditUpi',
    summary: 'Sandbox test credit: ₹2,500 by UPI, less ₹7.50 and ₹1.35 GST',
    path: '/pgws/virtual-account/credit',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}', AMOUNT: '250000', MODE: 'UPI' },
  },
  {
    name: 'virtualAccountCreditOverLimit',
    summary: 'A UPI credit over ₹1,00,000 (334)',
    path: '/pgws/virtual-account/credit',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}', AMOUNT: '20000000', MODE: 'UPI' },
  },
  {
    name: 'virtualAccountCreditMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/virtual-account/credit',
    rawBody: '{"PAY_ID":"1000000000000001","AMOUNT":1500000}',
  },
  // Settlements: ORD-1001 (UPI, no fee) was refunded in part above; ORD-1003 is paid by card
  // (a 2 % fee and its GST) and ORD-1006 in euros with the card a dispute of reason 10.4 follows,
  // just before the test run settles them all with ORD-1005 and ORD-1007 (the international
  // cards row), the paid link's payment, the links' and the account's charges and the account's
  // two credits, as of the settlement time of today's payments, and raises the two disputes.
  {
    name: 'settlementRun',
    summary:
      "Sandbox test run: settle what is due at AS_OF (here the settlement time of today's payments)",
    path: '/pgws/settlement/run',
    fields: { PAY_ID: payId, AS_OF: '{{asOf}}', NOTIFY_URL },
    before: async (base) => {
      await payByCard(base, 'ORD-1003', '150000')
      await payByCard(base, 'ORD-1006', '12000', { currency: numberOf('EUR'), card: otherDispute })
    },
  },
  {
    name: 'settlementsList',
    summary: 'The settlements dated in a range of dates',
    path: '/pgws/settlements',
    fields: { PAY_ID: payId, FROM: '{{from}}', TO: '{{to}}' },
  },
  {
    name: 'settlementById',
    summary: 'A settlement and its lines, by SETTLEMENT_ID',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: '{{settlementId}}' },
  },
  {
    name: 'settlementByUtr',
    summary: 'The same settlement, by its UTR',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, UTR: '{{utr}}' },
  },
  {
    name: 'settlementPage',
    summary: 'The second page of its lines, two a page (PAGE, PAGE_SIZE)',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: '{{settlementId}}', PAGE: '2', PAGE_SIZE: '2' },
  },
  {
    name: 'settlementCsv',
    summary: "The settlement's lines as a CSV file (FORMAT CSV)",
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: '{{settlementId}}', FORMAT: 'CSV' },
  },
  // The month of that settlement: its tax invoice. The demo merchant is registered in the
  // provider's state, so its fees carry CGST and SGST.
  {
    name: 'gstInvoice',
    summary:
      "The month's tax invoice of the fees on its settlements (CGST and SGST: the merchant is in the provider's state)",
    path: '/pgws/gst-invoice',
    fields: { PAY_ID: payId, MONTH: '{{month}}' },
  },
  {
    name: 'gstInvoiceBadMonth',
    summary: 'A MONTH that is not YYYY-MM from 2000-01 to 2099-12 (355)',
    path: '/pgws/gst-invoice',
    fields: { PAY_ID: payId, MONTH: '2026-13' },
    invalidRequest: true,
  },
  {
    name: 'gstInvoiceBadFormat',
    summary: 'A FORMAT other than JSON or PDF (356)',
    path: '/pgws/gst-invoice',
    fields: { PAY_ID: payId, MONTH: '{{month}}', FORMAT: 'CSV' },
    invalidRequest: true,
  },
  {
    name: 'gstInvoiceMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/gst-invoice',
    rawBody: '{"PAY_ID":"1000000000000001","MONTH":',
  },
  {
    name: 'reconSettled',
    summary:
      'Reconciliation of a settled order: its payment and refund, with SETTLEMENT_ID and UTR',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1001' },
  },
  {
    name: 'reconUnsettled',
    summary:
      'Reconciliation of an order paid after the run: UNSETTLED, with the date it will settle on',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1004' },
    before: (base) => payByUpi(base, 'ORD-1004', '49900'),
  },
  {
    name: 'reconHeld',
    summary:
      "Reconciliation of a disputed order: its payment paid out, the dispute's hold not settled yet",
    path: '/pgws/recon',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1006' },
  },
  {
    name: 'reconOpenOrder',
    summary: 'Reconciliation of an order not paid (yet): nothing to reconcile',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-2002' },
  },
  {
    name: 'reconUnknownOrder',
    summary: 'Reconciliation of an order the sandbox never saw (328)',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-9999' },
  },
  {
    name: 'reconVirtualAccount',
    summary:
      'Reconciliation of a virtual account (VA_ID): its setup charge and its credits, settled',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}' },
  },
  {
    name: 'reconUnknownAccount',
    summary: 'Reconciliation of a virtual account the merchant does not have (376)',
    path: '/pgws/recon',
    fields: { PAY_ID: payId, VA_ID: 'va_00000000000000' },
  },
  {
    name: 'virtualAccountStatus',
    summary: 'A virtual account with its credits, newest first, each with its settlement',
    path: '/pgws/virtual-account/status',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}' },
  },
  {
    name: 'virtualAccountUnknown',
    summary: 'An account the merchant does not have (376)',
    path: '/pgws/virtual-account/status',
    fields: { PAY_ID: payId, VA_ID: 'va_00000000000000' },
  },
  {
    name: 'virtualAccountStatusMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/virtual-account/status',
    rawBody: '{"PAY_ID":"1000000000000001","VA_ID":',
  },
  {
    name: 'virtualAccountClose',
    summary: 'Close a virtual account: CLOSED',
    path: '/pgws/virtual-account/close',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}' },
  },
  {
    name: 'virtualAccountCreditReturned',
    summary: 'Sandbox test credit into a closed account: RETURNED to the payer (377)',
    path: '/pgws/virtual-account/credit',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}', AMOUNT: '500000', MODE: 'NEFT' },
  },
  {
    name: 'virtualAccountCloseAgain',
    summary: 'Close an account closed already (377)',
    path: '/pgws/virtual-account/close',
    fields: { PAY_ID: payId, VA_ID: '{{vaId}}' },
  },
  {
    name: 'virtualAccountCloseMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/virtual-account/close',
    rawBody: '"va_00000000000000"',
  },
  {
    name: 'settlementUnknown',
    summary: 'A settlement id the merchant does not have (338)',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: 'setl_00000000000000000000' },
  },
  {
    name: 'settlementsReversed',
    summary: 'FROM after TO (339)',
    path: '/pgws/settlements',
    fields: { PAY_ID: payId, FROM: '2026-12-01', TO: '2026-11-30' },
  },
  {
    name: 'settlementsTooLong',
    summary: 'A range of more than 92 days (340)',
    path: '/pgws/settlements',
    fields: { PAY_ID: payId, FROM: '2026-08-31', TO: '2026-12-01' },
  },
  {
    name: 'settlementRunNoOffset',
    summary: 'An AS_OF without its offset from UTC (341)',
    path: '/pgws/settlement/run',
    fields: { PAY_ID: payId, AS_OF: '2026-11-30T11:00:00' },
    invalidRequest: true,
  },
  {
    name: 'settlementNoReference',
    summary: 'Neither SETTLEMENT_ID nor UTR (342)',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId },
  },
  {
    name: 'settlementBadFormat',
    summary: 'A FORMAT other than JSON or CSV (343)',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: '{{settlementId}}', FORMAT: 'PDF' },
    invalidRequest: true,
  },
  {
    name: 'settlementBadPage',
    summary: 'A PAGE that is not a number from 1, or a PAGE_SIZE over 1000 (358)',
    path: '/pgws/settlement',
    fields: { PAY_ID: payId, SETTLEMENT_ID: '{{settlementId}}', PAGE: '0' },
    invalidRequest: true,
  },
  {
    name: 'settlementsMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/settlements',
    rawBody: '{"PAY_ID":"1000000000000001","FROM":',
  },
  {
    name: 'settlementMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/settlement',
    rawBody: '{"PAY_ID":"1000000000000001","SETTLEMENT_ID":null}',
  },
  {
    name: 'reconMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/recon',
    rawBody: '["ORD-1001"]',
  },
  {
    name: 'settlementRunMalformed',
    summary: 'A field named twice (326)',
    path: '/pgws/settlement/run',
    rawBody:
      '{"PAY_ID":"1000000000000001","AS_OF":"2026-11-30T11:00:00+05:30","AS_OF":"2026-12-01T11:00:00+05:30"}',
  },
  // Disputes: the test run above raised one for ORD-1005 (13.1) and one for ORD-1006 (10.4).
  {
    name: 'disputesOfOrder',
    summary: "An order's dispute, raised by the settlement run: OPEN, with RESPOND_BY",
    path: '/pgws/disputes',
    fields: { PAY_ID: payId, ORDER_ID: 'ORD-1005' },
    remember: disputeOf('ORD-1005', 'disputeId'),
  },
  {
    name: 'disputesByDate',
    summary: 'The disputes raised in a range of dates',
    path: '/pgws/disputes',
    fields: { PAY_ID: payId, FROM: '{{from}}', TO: '{{to}}' },
    remember: disputeOf('ORD-1006', 'otherDisputeId'),
  },
  {
    name: 'disputeContest',
    summary: 'Contest a dispute with evidence and a document: UNDER_REVIEW',
    path: '/pgws/dispute',
    fields: {
      PAY_ID: payId,
      DISPUTE_ID: '{{disputeId}}',
      ACTION: 'CONTEST',
      EVIDENCE: evidence,
      EVIDENCE_FILE: evidencePdf,
      EVIDENCE_FILE_NAME: 'delivery-receipt.pdf',
    },
  },
  {
    name: 'disputeAnswered',
    summary: 'A dispute answered already (348)',
    path: '/pgws/dispute',
    fields: { PAY_ID: payId, DISPUTE_ID: '{{disputeId}}', ACTION: 'ACCEPT' },
  },
  {
    name: 'disputeBadFile',
    summary: 'Evidence whose file is not a PDF, JPEG or PNG (352)',
    path: '/pgws/dispute',
    fields: {
      PAY_ID: payId,
      DISPUTE_ID: '{{otherDisputeId}}',
      ACTION: 'CONTEST',
      EVIDENCE: evidence,
      EVIDENCE_FILE: Buffer.from('Delivered.\n').toString('base64'),
      EVIDENCE_FILE_NAME: 'delivery-receipt.pdf',
    },
  },
  {
    name: 'disputeAccept',
    summary: 'Accept a dispute: LOST at once, the hold stays',
    path: '/pgws/dispute',
    fields: { PAY_ID: payId, DISPUTE_ID: '{{otherDisputeId}}', ACTION: 'ACCEPT' },
  },
  {
    name: 'disputeUnknown',
    summary: 'A dispute id the merchant does not have (346)',
    path: '/pgws/dispute',
    fields: { PAY_ID: payId, DISPUTE_ID: 'dsp_00000000000000000000', ACTION: 'ACCEPT' },
  },
  {
    name: 'disputeBadAction',
    summary: 'An ACTION other than ACCEPT or CONTEST (347)',
    path: '/pgws/dispute',
    fields: { PAY_ID: payId, DISPUTE_ID: '{{disputeId}}', ACTION: 'REFUND' },
    invalidRequest: true,
  },
  {
    name: 'disputesMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/disputes',
    rawBody: '["ORD-1005"]',
  },
  {
    name: 'disputeMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/dispute',
    rawBody: '{"PAY_ID":"1000000000000001","ACTION":true}',
  },
  // The clock, last: an advance moves every later record of the merchant a day on.
  {
    name: 'clockNow',
    summary: "The merchant's time",
    path: '/pgws/clock',
    fields: { PAY_ID: payId },
  },
  {
    name: 'clockMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/clock',
    rawBody: '{"PAY_ID":',
  },
  {
    name: 'clockAdvanceMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/clock/advance',
    rawBody: '{"PAY_ID":"1000000000000001","BY":1}',
  },
  // A link made now that expires within the day the advance below moves the clock on.
  {
    name: 'paylinkExpiring',
    summary: 'A validated link that expires (EXPIRE_BY, VALIDATE_BENEFICIARY Y)',
    path: '/pgws/paylink',
    fields: {
      PAY_ID: payId,
      AMOUNT: '50000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Invoice INV-1002: setup fee',
      CUST_NAME: 'Ravi Kumar',
      EXPIRE_BY: '{{expireBy}}',
      REFERENCE_ID: 'INV-1002',
      VALIDATE_BENEFICIARY: 'Y',
      NOTIFY_URL,
    },
    remember: (answer) => ({ expiringPaylinkId: answer.PAYLINK_ID! }),
  },
  {
    name: 'clockAdvance',
    summary:
      'A day on: what fell due on the way (here, the link expiring and the next settlement) runs in order',
    path: '/pgws/clock/advance',
    fields: { PAY_ID: payId, BY: '1d' },
    before: (base) => payByCard(base, 'ORD-1009', '50000'),
  },
  {
    name: 'paylinkExpired',
    summary: 'The link after the advance passed its EXPIRE_BY: EXPIRED',
    path: '/pgws/paylink/status',
    fields: { PAY_ID: payId, PAYLINK_ID: '{{expiringPaylinkId}}' },
  },
  {
    name: 'clockAdvanceRefused',
    summary: 'A BY that is not a whole number of hours or days (363)',
    path: '/pgws/clock/advance',
    fields: { PAY_ID: payId, BY: '0d' },
    invalidRequest: true,
  },
  // Subscriptions, after the clock advance above (which their notices would join) and on its
  // date: a monthly UPI plan registered on its mandate page (cycle 0 taken with it), paused and
  // resumed by the customer; a card mandate whose charges are presented, the first above the
  // approval limit; a plan on nofunds@upi whose four attempts fail until it halts, then resumed.
  {
    name: 'subscriptionCreate',
    summary:
      'A monthly UPI AutoPay plan from today: CREATED, with the AUTH_URL to send the customer',
    path: '/pgws/subscription',
    fields: {
      PAY_ID: payId,
      SUBSCRIPTION_REF: 'PLAN-1001',
      METHOD: 'UPI',
      AMOUNT: '49900',
      MAX_AMOUNT: '49900',
      FREQUENCY: 'MONTHLY',
      START_DATE: '{{today}}',
      DESCRIPTION: 'Pro plan, monthly',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
      RETURN_URL: SUBSCRIPTION_RETURN_URL,
      NOTIFY_URL,
    },
    before: async (base) => ({ today: await clockDate(base) }),
    remember: (answer) => ({
      subscriptionId: answer.SUBSCRIPTION_ID!,
      subscriptionUrl: answer.AUTH_URL!,
    }),
  },
  {
    name: 'subscriptionDuplicate',
    summary: 'A subscription with a SUBSCRIPTION_REF already used (374)',
    path: '/pgws/subscription',
    fields: {
      PAY_ID: payId,
      SUBSCRIPTION_REF: 'PLAN-1001',
      METHOD: 'UPI',
      AMOUNT: '49900',
      MAX_AMOUNT: '49900',
      FREQUENCY: 'MONTHLY',
      START_DATE: '{{today}}',
      DESCRIPTION: 'Pro plan, monthly',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
      RETURN_URL: SUBSCRIPTION_RETURN_URL,
    },
  },
  {
    name: 'subscriptionBadFrequency',
    summary: 'A FREQUENCY the sandbox does not offer (379)',
    path: '/pgws/subscription',
    fields: {
      PAY_ID: payId,
      SUBSCRIPTION_REF: 'PLAN-1009',
      METHOD: 'UPI',
      AMOUNT: '4900',
      MAX_AMOUNT: '4900',
      FREQUENCY: 'DAILY',
      START_DATE: '{{today}}',
      DESCRIPTION: 'Daily news',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha.verma@example.com',
      CUST_PHONE: '9876543210',
      RETURN_URL: SUBSCRIPTION_RETURN_URL,
    },
    invalidRequest: true,
  },
  {
    name: 'subscriptionMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/subscription',
    rawBody: '{"PAY_ID":"1000000000000001","METHOD":',
  },
  {
    name: 'subscriptionActive',
    summary:
      'Registered on the mandate page with success@upi and a UPI PIN: ACTIVE, cycle 0 taken with the registration (DEBITS)',
    path: '/pgws/subscription/status',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}' },
    before: (base, values) => approveUpiMandate(base, values.subscriptionUrl!, 'success@upi'),
  },
  {
    name: 'subscriptionByReference',
    summary: 'The same subscription, by your SUBSCRIPTION_REF',
    path: '/pgws/subscription/status',
    fields: { PAY_ID: payId, SUBSCRIPTION_REF: 'PLAN-1001' },
  },
  {
    name: 'subscriptionUnknown',
    summary: 'A subscription the merchant does not have (387)',
    path: '/pgws/subscription/status',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: 'sub_00000000000000' },
  },
  {
    name: 'subscriptionStatusMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/subscription/status',
    rawBody: '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":null}',
  },
  {
    name: 'eventsOfSubscription',
    summary:
      "A subscription's webhook events (ORDER_ID names the SUBSCRIPTION_ID): subscription.activated and subscription.charged",
    path: '/pgws/webhook/events',
    fields: { PAY_ID: payId, ORDER_ID: '{{subscriptionId}}' },
  },
  {
    name: 'subscriptionCustomerSkipNothing',
    summary: 'Sandbox test call: SKIP with no notice out (326)',
    path: '/pgws/subscription/customer',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}', ACTION: 'SKIP' },
  },
  {
    name: 'subscriptionCustomerPause',
    summary: 'Sandbox test call: the customer pauses the UPI mandate (PAUSED)',
    path: '/pgws/subscription/customer',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}', ACTION: 'PAUSE' },
  },
  {
    name: 'subscriptionCustomerResume',
    summary: 'Sandbox test call: the customer resumes it (ACTIVE)',
    path: '/pgws/subscription/customer',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}', ACTION: 'RESUME' },
  },
  {
    name: 'subscriptionCustomerMalformed',
    summary: 'A field named twice (326)',
    path: '/pgws/subscription/customer',
    rawBody: '{"PAY_ID":"1000000000000001","ACTION":"SKIP","ACTION":"REVOKE"}',
  },
  {
    name: 'subscriptionPresented',
    summary: 'A card mandate whose charges you present (AS_PRESENTED, no AMOUNT), up to ₹25,000',
    path: '/pgws/subscription',
    fields: {
      PAY_ID: payId,
      SUBSCRIPTION_REF: 'PLAN-1002',
      METHOD: 'CARD',
      MAX_AMOUNT: '2500000',
      FREQUENCY: 'AS_PRESENTED',
      START_DATE: '{{today}}',
      DESCRIPTION: 'Metered cloud usage',
      CUST_NAME: 'Ravi Kumar',
      CUST_EMAIL: 'ravi.kumar@example.com',
      CUST_PHONE: '9876501234',
      RETURN_URL: SUBSCRIPTION_RETURN_URL,
      NOTIFY_URL,
    },
    remember: (answer) => ({
      presentedId: answer.SUBSCRIPTION_ID!,
      presentedUrl: answer.AUTH_URL!,
    }),
  },
  {
    name: 'subscriptionCharge',
    summary:
      'A charge of ₹18,000 presented on the card mandate, registered with 4111 1111 1111 1111 and OTP 123456: noticed now, debited at 07:00 IST a day on, above ₹15,000 so the customer must approve it',
    path: '/pgws/subscription/charge',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{presentedId}}', AMOUNT: '1800000' },
    before: (base, values) => approveCardMandate(base, values.presentedUrl!),
  },
  {
    name: 'subscriptionChargeOpen',
    summary: 'Another charge while the first is open (386)',
    path: '/pgws/subscription/charge',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{presentedId}}', AMOUNT: '50000' },
  },
  {
    name: 'subscriptionCustomerApprove',
    summary: 'Sandbox test call: the customer approves the noticed debit (APPROVED Y)',
    path: '/pgws/subscription/customer',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{presentedId}}', ACTION: 'APPROVE' },
  },
  {
    name: 'subscriptionChargeScheduled',
    summary: 'A charge presented on a monthly plan, whose debits follow its FREQUENCY (326)',
    path: '/pgws/subscription/charge',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}', AMOUNT: '49900' },
  },
  {
    name: 'subscriptionChargeMalformed',
    summary: 'A value that is not a string (326)',
    path: '/pgws/subscription/charge',
    rawBody: '{"PAY_ID":"1000000000000001","AMOUNT":1800000}',
  },
  {
    name: 'subscriptionCancel',
    summary: 'Cancel the card mandate: CANCELLED by the MERCHANT, its open charge STOPPED (385)',
    path: '/pgws/subscription/cancel',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{presentedId}}' },
  },
  {
    name: 'subscriptionCancelAgain',
    summary: 'Cancel a subscription cancelled already (385)',
    path: '/pgws/subscription/cancel',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{presentedId}}' },
  },
  {
    name: 'subscriptionCancelMalformed',
    summary: 'A body that is not a JSON object (326)',
    path: '/pgws/subscription/cancel',
    rawBody: '["sub_00000000000000"]',
  },
  {
    name: 'subscriptionResumeActive',
    summary: 'Resume a subscription that is not HALTED (385)',
    path: '/pgws/subscription/resume',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{subscriptionId}}' },
  },
  {
    name: 'subscriptionNoFunds',
    summary: 'A monthly UPI plan from tomorrow, for the customer of nofunds@upi',
    path: '/pgws/subscription',
    fields: {
      PAY_ID: payId,
      SUBSCRIPTION_REF: 'PLAN-1003',
      METHOD: 'UPI',
      AMOUNT: '29900',
      MAX_AMOUNT: '29900',
      FREQUENCY: 'MONTHLY',
      START_DATE: '{{tomorrow}}',
      DESCRIPTION: 'Starter plan, monthly',
      CUST_NAME: 'Meera Iyer',
      CUST_EMAIL: 'meera.iyer@example.com',
      CUST_PHONE: '9876512345',
      RETURN_URL: SUBSCRIPTION_RETURN_URL,
      NOTIFY_URL,
    },
    before: async (base) => ({ tomorrow: addDays(await clockDate(base), 1) }),
    remember: (answer) => ({ haltedId: answer.SUBSCRIPTION_ID!, haltedUrl: answer.AUTH_URL! }),
  },
  {
    name: 'subscriptionHalted',
    summary:
      'Registered with nofunds@upi, then the clock moved 6 days: cycle 0 noticed, its four attempts a day apart failed (020), HALTED',
    path: '/pgws/subscription/status',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{haltedId}}' },
    before: async (base, values) => {
      await approveUpiMandate(base, values.haltedUrl!, 'nofunds@upi')
      await signed(base, '/pgws/clock/advance', { PAY_ID: payId, BY: '6d' })
    },
  },
  {
    name: 'subscriptionResume',
    summary:
      'Resume the halted plan: ACTIVE, its next debit the first cycle still to be noticed (the missed one is not collected)',
    path: '/pgws/subscription/resume',
    fields: { PAY_ID: payId, SUBSCRIPTION_ID: '{{haltedId}}' },
  },
  {
    name: 'subscriptionResumeMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/subscription/resume',
    rawBody: '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":',
  },
  // Test events, after the clock: the payments they make are settled by nothing above.
  {
    name: 'triggerPaymentCaptured',
    summary: 'A test payment.captured: a ₹1.00 card payment, captured',
    path: '/pgws/trigger',
    fields: { PAY_ID: payId, EVENT: 'payment.captured', NOTIFY_URL },
  },
  {
    name: 'triggerSettlementProcessed',
    summary:
      'A test settlement.processed: a captured payment, then the clock moved to the settlement run that settles it',
    path: '/pgws/trigger',
    fields: { PAY_ID: payId, EVENT: 'settlement.processed', NOTIFY_URL },
  },
  {
    name: 'triggerUnknownEvent',
    summary: 'An EVENT the trigger does not make (368)',
    path: '/pgws/trigger',
    fields: { PAY_ID: payId, EVENT: 'dispute.won' },
    invalidRequest: true,
  },
  {
    name: 'triggerMalformed',
    summary: 'A body that is not JSON (326)',
    path: '/pgws/trigger',
    rawBody: '{"PAY_ID":"1000000000000001","EVENT":',
  },
]

const RETURN_URL = 'https://shop.paystra.example/payment/return'
const customer = {
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha.verma@example.com',
  CUST_MOBILE: '9876543210',
}

/** An order paid at once by UPI as success@upi, merchant-hosted (no page to go through). */
export async function payByUpi(base: string, orderId: string, amount: string): Promise<void> {
  const fields: Fields = {
    PAY_ID: payId,
    ORDER_ID: orderId,
    AMOUNT: amount,
    TXNTYPE: 'SALE',
    CURRENCY_CODE: '356',
    RETURN_URL,
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    PAYER_ADDRESS: 'success@upi',
    ...customer,
    NOTIFY_URL,
  }
  const { salt, merchantHostedKey } = exampleMerchant
  const response = await fetch(`${base}/merchantPaymentInit`, {
    method: 'POST',
    body: new URLSearchParams({
      PAY_ID: payId,
      ENCDATA: encryptFields(fields, salt, merchantHostedKey),
    }),
  })
  if (!response.ok) throw new Error(`paying ${orderId} answered ${response.status}`)
}

/**
 * An order paid on the hosted page by card: by default in rupees with the test card that succeeds
 * (a credit card, VI).
 */
async function payByCard(
  base: string,
  orderId: string,
  amount: string,
  { currency = '356', card = capturedCard } = {},
): Promise<void> {
  const request = withHash(
    {
      PAY_ID: payId,
      ORDER_ID: orderId,
      AMOUNT: amount,
      TXNTYPE: 'SALE',
      CURRENCY_CODE: currency,
      RETURN_URL,
      ...customer,
      NOTIFY_URL,
    },
    exampleMerchant.salt,
  )
  const started = await fetch(`${base}/paymentrequest`, {
    method: 'POST',
    body: new URLSearchParams(request),
    redirect: 'manual',
  })
  const page = started.headers.get('location')
  if (started.status !== 303 || !page) {
    throw new Error(`starting ${orderId} answered ${started.status}`)
  }
  const paid = await fetch(new URL(`${page}/card`, base), {
    method: 'POST',
    body: new URLSearchParams({
      number: card,
      expiry: '12/35',
      cvv: '123',
      name: customer.CUST_NAME,
    }),
  })
  if (!paid.ok) throw new Error(`paying ${orderId} by card answered ${paid.status}`)
}

/**
 * A payment link paid as a customer pays it: its page's Pay button (a payment attempt), then the
 * test card that succeeds on the hosted payment page. The SHORT_URL is on the public address the
 * examples carry: its code is posted to this sandbox.
 */
async function payLink(base: string, shortUrl: string): Promise<void> {
  const code = new URL(shortUrl).pathname.split('/l/')[1]
  const started = await fetch(`${base}/l/${code}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ lang: 'en' }),
    redirect: 'manual',
  })
  const page = started.headers.get('location')
  if (started.status !== 303 || !page?.includes('/pay/')) {
    throw new Error(`paying the link ${shortUrl} answered ${started.status} ${page ?? ''}`)
  }
  const paid = await fetch(new URL(`${page}/card`, base), {
    method: 'POST',
    body: new URLSearchParams({
      number: capturedCard,
      expiry: '12/35',
      cvv: '123',
      name: customer.CUST_NAME,
    }),
  })
  if (!paid.ok) throw new Error(`paying the link ${shortUrl} by card answered ${paid.status}`)
}

/** Posts signed fields to a call of the sandbox and answers its JSON (a step no example shows). */
async function signed(base: string, path: string, fields: Fields): Promise<Fields> {
  const response = await send(base, path, withHash(fields, exampleMerchant.salt))
  const answer = (await response.json()) as Fields
  if (answer.RESPONSE_CODE !== '000') {
    throw new Error(`${path} answered ${answer.RESPONSE_CODE}: ${answer.RESPONSE_MESSAGE}`)
  }
  return answer
}

/** The demo merchant's clock's IST date, which the examples' advances have moved on. */
async function clockDate(base: string): Promise<string> {
  const { NOW } = await signed(base, '/pgws/clock', { PAY_ID: payId })
  return istDateOf(new Date(NOW!))
}

/** Posts a mandate page's form as the customer's browser does; its AUTH_URL is on the public address. */
async function mandateForm(base: string, authUrl: string, step: string, form: Fields) {
  const code = new URL(authUrl).pathname.split('/m/')[1]
  return fetch(`${base}/m/${code}/${step}`, {
    method: 'POST',
    body: new URLSearchParams({ lang: 'en', ...form }),
    redirect: 'manual',
  })
}

/** The customer approves a UPI mandate in the virtual UPI app: the UPI ID, then a UPI PIN. */
async function approveUpiMandate(base: string, authUrl: string, vpa: string): Promise<void> {
  const pin = await mandateForm(base, authUrl, 'upi', { vpa, decision: 'approve' })
  if (pin.status !== 200) throw new Error(`the UPI ID page answered ${pin.status}`)
  const done = await mandateForm(base, authUrl, 'upi/pin', { vpa, pin: '1234' })
  if (done.status !== 303) throw new Error(`the UPI PIN page answered ${done.status}`)
}

/** The customer registers a card's standing instruction: the card, then the issuer's OTP. */
async function approveCardMandate(base: string, authUrl: string): Promise<void> {
  const otp = await mandateForm(base, authUrl, 'card', {
    number: '4111 1111 1111 1111',
    expiry: '12/35',
    cvv: '123',
  })
  if (otp.status !== 200) throw new Error(`the card page answered ${otp.status}`)
  const done = await mandateForm(base, authUrl, 'card/otp', { card: '1111', otp: '123456' })
  if (done.status !== 303) throw new Error(`the OTP page answered ${done.status}`)
}

/**
 * A payment link's EXPIRE_BY two hours from now, in IST with its offset: after the 15 minutes a
 * link must stay open, and before the day the clock advance example moves on.
 */
export function expiryOf(now: Date): string {
  const ist = new Date(now.getTime() + 2 * 3_600_000 + 330 * 60_000)
  return `${ist.toISOString().slice(0, 16)}:00+05:30`
}

/**
 * The dates the settlement examples name: the test run's AS_OF is the settlement time of what is
 * paid today (the next working day, 11:00 IST), and the list asks for the 31 days up to that date.
 */
export function settlementDates(now: Date) {
  const settles = nextWorkingDay(istDateOf(now))
  const hour = String(DEFAULT_SETTLEMENT_HOUR).padStart(2, '0')
  return {
    asOf: `${settles}T${hour}:00:00+05:30`,
    from: addDays(settles, -30),
    to: settles,
    month: settles.slice(0, 7),
  }
}

/**
 * The limits of the sandbox the examples come from: the scenario pays dozens of orders and posts
 * mandate pages in a few seconds, more than the address limit of a minute allows.
 */
export const exampleLimits = { pages: 0, perIp: 1000 }

/** The limits of the sandbox the 429 examples come from: a merchant gets one call a minute. */
export const limitedExampleLimits = { perIp: 1000, perMerchant: 1, resend: 1000 }

/**
 * One call per path, each the first signed example call of its path, made on a fresh sandbox
 * with `limitedExampleLimits` after one call that uses the merchant's minute: each is refused
 * with 344 and 429, signed (the limit counts after the HASH is verified).
 */
export async function recordLimitExamples(base: string): Promise<RecordedExample[]> {
  const first = new Map<string, ExampleCall>()
  for (const call of exampleCalls) {
    if (call.fields && !call.unsigned && !first.has(call.path)) first.set(call.path, call)
  }
  const using = withHash(
    { PAY_ID: payId, ORDER_ID: 'ORD-1001', TXNTYPE: 'STATUS' },
    exampleMerchant.salt,
  )
  await send(base, '/pgws/transact', using)
  const recorded: RecordedExample[] = []
  for (const [path, call] of first) {
    const request = withHash(
      fillIn(call.fields!, {
        eventId: 'evt_000000000000000000000000',
        settlementId: 'setl_0123456789abcdef0123',
        utr: 'PYSTN26334000123',
        disputeId: 'dsp_0123456789abcdef0123',
        otherDisputeId: 'dsp_0123456789abcdef0124',
        paylinkId: 'plink_4kTq9ZbW2mXc7R',
        cancelledPaylinkId: 'plink_Vb3nQ8sLx1Jd6T',
        expiringPaylinkId: 'plink_H7pW2cKz9RmY4u',
        vaId: 'va_8RkT2mWq5ZcX1b',
        subscriptionId: 'sub_5nLp8XqR2wTb6K',
        presentedId: 'sub_Qe4Hm9Vz3cYs7J',
        haltedId: 'sub_B2xW6tNk8PdR1f',
        today: istDateOf(new Date()),
        tomorrow: addDays(istDateOf(new Date()), 1),
        expireBy: expiryOf(new Date()),
        timestamp: unixNow(),
        ...settlementDates(new Date()),
      }),
      exampleMerchant.salt,
    )
    const response = await send(base, path, request, call.method)
    recorded.push({
      name: `${call.name}Limited`,
      summary: 'Over the merchant’s limit of requests a minute (344)',
      path,
      ...(call.method && { method: call.method }),
      request,
      status: response.status,
      response: (await response.json()) as Fields,
    })
  }
  return recorded
}

/** Makes every example call on a fresh sandbox at `base`, in order, and records the answers. */
export async function recordExamples(base: string): Promise<RecordedExample[]> {
  await payByUpi(base, 'ORD-1001', '24900')
  const recorded: RecordedExample[] = []
  // The resend example resends the first event of the last list answered; the settlement
  // examples name the first settlement the test run made.
  const values: Record<string, string> = {
    eventId: '',
    timestamp: unixNow(),
    expireBy: expiryOf(new Date()),
    ...settlementDates(new Date()),
  }
  for (const call of exampleCalls) {
    Object.assign(values, await call.before?.(base, values))
    const fields = call.fields && fillIn(call.fields, values)
    const request =
      call.rawBody ?? (call.unsigned ? fields! : withHash(fields!, exampleMerchant.salt))
    const response = await send(base, call.path, request, call.method)
    const contentType = response.headers.get('content-type') ?? ''
    const example: RecordedExample = {
      name: call.name,
      summary: call.summary,
      path: call.path,
      ...(call.method && { method: call.method }),
      request,
      status: response.status,
      response: '',
      ...(call.invalidRequest ? { invalidRequest: true } : {}),
    }
    if (contentType.startsWith('application/json')) {
      const json = (await response.json()) as Fields
      if (json.EVENTS) values.eventId = (JSON.parse(json.EVENTS) as Array<{ id: string }>)[0]!.id
      if (json.SETTLEMENTS && call.path === '/pgws/settlement/run') {
        const [made] = JSON.parse(json.SETTLEMENTS) as Fields[]
        if (!made) throw new Error('the settlement test run settled nothing')
        values.settlementId = made.SETTLEMENT_ID!
        values.utr = made.UTR!
      }
      Object.assign(values, call.remember?.(json))
      example.response = json
    } else {
      example.response = await response.text()
      example.contentType = contentType.split(';')[0]!
    }
    recorded.push(example)
  }
  return recorded
}

/** Now in unix seconds, as the event stream's TIMESTAMP. */
const unixNow = () => String(Math.floor(Date.now() / 1000))

/** Sends a request as recorded: a GET's fields as its query, another's as its JSON body. */
function send(base: string, path: string, request: Fields | string, method?: 'GET') {
  if (method === 'GET') {
    const query = typeof request === 'string' ? request : new URLSearchParams(request).toString()
    return fetch(`${base}${path}?${query}`)
  }
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof request === 'string' ? request : JSON.stringify(request),
  })
}

/** The JSON answer of a request signed with an account's salt, its HASH checked with it. */
async function signedAnswer(response: Response, salt: string): Promise<Fields> {
  const answer = (await response.json()) as Fields
  if (!verifyHash(answer, salt)) {
    throw new Error(`an answer not signed with the account's salt: ${JSON.stringify(answer)}`)
  }
  return answer
}

/**
 * The examples only a sandbox account gives, since the demo merchant cannot listen (369): an
 * account made over HTTP, as a developer makes one, has a stale stream refused (365), opens its
 * event stream, gets a test payment.captured on it, and reports it delivered (000). The account's
 * salt is not kept, so each answer's HASH, and the streamed webhook's signature, are checked here.
 */
export async function recordListenExamples(base: string): Promise<RecordedExample[]> {
  const made = await fetch(`${base}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  })
  if (made.status !== 201) throw new Error(`making an account answered ${made.status}`)
  const account = (await made.json()) as Fields
  const salt = account.SALT!
  const sign = (fields: Fields) => withHash({ PAY_ID: account.PAY_ID!, ...fields }, salt)
  const STREAM = '/pgws/events/stream'
  const RESULT = '/pgws/events/stream/result'
  const recorded: RecordedExample[] = []
  const record = async (
    example: Omit<RecordedExample, 'status' | 'response' | 'account'>,
    response: Response,
  ) => {
    recorded.push({
      ...example,
      status: response.status,
      response: await signedAnswer(response, salt),
      account: true,
    })
  }

  const stale = sign({ TIMESTAMP: String(Number(unixNow()) - 600) })
  await record(
    {
      name: 'streamStale',
      summary: 'A TIMESTAMP ten minutes old (365)',
      path: STREAM,
      method: 'GET',
      request: stale,
    },
    await send(base, STREAM, stale, 'GET'),
  )

  // The stream is read until its webhook message, then closed: it would go on for ever.
  const query = sign({ TIMESTAMP: unixNow() })
  const stream = new AbortController()
  const giveUp = setTimeout(() => stream.abort(), 20_000)
  let text = ''
  try {
    const opened = await fetch(`${base}${STREAM}?${new URLSearchParams(query)}`, {
      headers: { accept: 'text/event-stream' },
      signal: stream.signal,
    })
    const contentType = opened.headers.get('content-type') ?? ''
    if (!contentType.startsWith('text/event-stream')) {
      throw new Error(`the event stream answered ${opened.status}: ${await opened.text()}`)
    }
    const reader = opened.body!.pipeThrough(new TextDecoderStream()).getReader()
    const readUntil = async (message: RegExp) => {
      while (!message.test(text)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`the event stream ended: ${text}`)
        text += value
      }
      return message.exec(text)!
    }
    await readUntil(/^event: ready\n[^\n]*\n\n/)
    const triggered = await signedAnswer(
      await send(base, '/pgws/trigger', sign({ EVENT: 'payment.captured' })),
      salt,
    )
    if (triggered.RESPONSE_CODE !== '000')
      throw new Error(`the trigger answered ${triggered.RESPONSE_CODE}`)
    const webhook = await readUntil(/\n\nevent: webhook\nid: [^\n]*\ndata: ([^\n]*)\n\n/)
    text = text.slice(0, webhook.index + webhook[0].length)
    recorded.push({
      name: 'streamEvents',
      summary: 'The stream: ready, then a payment.captured for the listener to forward',
      path: STREAM,
      method: 'GET',
      request: query,
      status: opened.status,
      response: text,
      contentType: contentType.split(';')[0]!,
      account: true,
    })
    const message = JSON.parse(webhook[1]!) as {
      DELIVERY_ID: string
      HEADERS: Record<string, string>
      BODY: string
    }
    const verified = verifyWebhook(
      message.BODY,
      message.HEADERS[SIGNATURE_HEADER],
      account.WEBHOOK_SECRET!,
      { salt },
    )
    if (!verified.ok) throw new Error(`the streamed webhook does not verify: ${verified.message}`)

    const report = sign({ DELIVERY_ID: message.DELIVERY_ID, HTTP_STATUS: '200', DURATION_MS: '14' })
    await record(
      {
        name: 'streamResultDelivered',
        summary: 'The local URL answered 200: the event is delivered',
        path: RESULT,
        request: report,
      },
      await send(base, RESULT, report),
    )
  } finally {
    clearTimeout(giveUp)
    stream.abort()
  }
  return recorded
}

function fillIn(fields: Fields, values: Record<string, string>): Fields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? ''),
    ]),
  )
}
