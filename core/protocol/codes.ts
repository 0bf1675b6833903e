/** Response codes of the gateway (docs/architecture.md "Gateway sandbox protocol"). 000 is success. */
export const responseCodes = {
  '000': { status: 'Captured', message: 'Transaction successful' },
  '004': { status: 'Failed', message: 'Transaction declined by the issuing bank' },
  '006': {
    status: 'Pending',
    message: 'Transaction in progress: the customer has not finished paying',
  },
  '010': { status: 'Failed', message: 'Transaction cancelled by the customer' },
  '018': { status: 'Failed', message: 'Duplicate order id' },
  '020': { status: 'Failed', message: 'Insufficient funds' },
  '026': { status: 'Pending', message: 'Transaction pending: awaiting confirmation from the bank' },
  '319': { status: 'Failed', message: 'Invalid currency code' },
  '320': { status: 'Failed', message: 'Invalid amount' },
  '321': { status: 'Failed', message: 'Invalid order id' },
  '322': { status: 'Failed', message: 'Invalid transaction type' },
  '323': { status: 'Failed', message: 'Invalid hash' },
  '324': { status: 'Failed', message: 'Invalid pay id' },
  '325': { status: 'Failed', message: 'Invalid return URL' },
  '326': { status: 'Failed', message: 'Invalid request' },
  '327': { status: 'Failed', message: 'Invalid payment method' },
  '328': { status: 'Failed', message: 'No transaction found for this order id' },
  '329': {
    status: 'Failed',
    message: 'Refund amount exceeds the amount left to refund on this order',
  },
  '330': { status: 'Failed', message: 'Only a captured payment can be refunded' },
  '331': { status: 'Failed', message: 'Invalid transfer mode: use NEFT, RTGS, IMPS or UPI' },
  '332': { status: 'Failed', message: 'Invalid beneficiary account number or IFSC' },
  '333': { status: 'Failed', message: 'Invalid beneficiary VPA' },
  '334': { status: 'Failed', message: "Amount outside the transfer mode's limits" },
  '335': { status: 'Failed', message: 'Invalid beneficiary name' },
  '336': { status: 'Failed', message: 'Invalid QR type: use UPI or PG' },
  '337': { status: 'Failed', message: 'No webhook event found' },
  '338': { status: 'Failed', message: 'No settlement found' },
  '339': {
    status: 'Failed',
    message: 'Invalid date range: FROM and TO are dates (YYYY-MM-DD) and FROM is not after TO',
  },
  '340': { status: 'Failed', message: 'Date range longer than 92 days' },
  '341': { status: 'Failed', message: 'Invalid AS_OF: use an ISO 8601 date-time with an offset' },
  '342': {
    status: 'Failed',
    message: 'Invalid settlement id or UTR: send one of SETTLEMENT_ID or UTR',
  },
  '343': { status: 'Failed', message: 'Invalid format: use JSON or CSV' },
  '344': { status: 'Failed', message: 'Too many requests: try again later' },
  '345': { status: 'Failed', message: 'Only card payments can be made in a foreign currency' },
  '346': { status: 'Failed', message: 'No dispute found' },
  '347': { status: 'Failed', message: 'Invalid dispute action: use ACCEPT or CONTEST' },
  '348': { status: 'Failed', message: 'This dispute has already been answered' },
  '349': { status: 'Failed', message: 'The deadline to respond to this dispute has passed' },
  '350': {
    status: 'Failed',
    message: 'Invalid evidence: explain in 1 to 5,000 characters why the payment is valid',
  },
  '351': { status: 'Failed', message: 'Evidence file too large: at most 2 MB' },
  '352': {
    status: 'Failed',
    message: 'Invalid evidence file: send one PDF, JPEG or PNG file as Base64 with its name',
  },
  '353': {
    status: 'Failed',
    message: 'Invalid date: the sandbox reads dates from 2000-01-01 to 2099-12-31',
  },
  '354': {
    status: 'Failed',
    message: 'Refund amount exceeds what is refundable: part of this payment is held by a dispute',
  },
  '355': { status: 'Failed', message: 'Invalid month: use YYYY-MM, from 2000-01 to 2099-12' },
  '356': { status: 'Failed', message: 'Invalid format: use JSON or PDF' },
  '357': { status: 'Failed', message: 'Invalid notify URL' },
  '358': {
    status: 'Failed',
    message: 'Invalid page: PAGE from 1 and PAGE_SIZE from 1 to 1,000',
  },
  '359': {
    status: 'Failed',
    message:
      'Date beyond the business calendar: the sandbox does not know the bank holidays that far ahead',
  },
  '360': {
    status: 'Failed',
    message:
      "Invalid account name: up to 60 letters, digits, spaces and . , & ' ( ) - / characters",
  },
  '361': {
    status: 'Failed',
    message: 'The sandbox holds as many accounts as it can: try again later',
  },
  '362': {
    status: 'Failed',
    message:
      "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
  },
  '363': {
    status: 'Failed',
    message:
      'Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both',
  },
  '364': {
    status: 'Failed',
    message: 'Invalid advance: the clock moves forward only, at most 400 days a call',
  },
  '365': {
    status: 'Failed',
    message: 'Invalid TIMESTAMP: unix seconds within 5 minutes of the sandbox’s time',
  },
  '366': {
    status: 'Failed',
    message: 'Too many listeners: an account holds at most 3 event streams at once',
  },
  '367': {
    status: 'Failed',
    message: 'Unknown delivery: not one this account’s stream was handed, or already reported',
  },
  '368': {
    status: 'Failed',
    message:
      'Invalid EVENT: one of payment.captured, payment.failed, payment.pending, refund.processed, payout.processed, payout.failed, settlement.processed, dispute.created',
  },
  '369': {
    status: 'Failed',
    message: 'Event streams are for sandbox accounts: create one, then listen with its keys',
  },
  '370': {
    status: 'Failed',
    message: 'Invalid description: 1 to 255 characters, without control characters',
  },
  '371': {
    status: 'Failed',
    message:
      'Invalid EXPIRE_BY: a date-time with its offset, at least 15 minutes after the account’s clock and at most 366 days after it',
  },
  '372': { status: 'Failed', message: 'No payment link found' },
  '373': { status: 'Failed', message: 'This payment link is paid, expired or cancelled' },
  '374': { status: 'Failed', message: 'Duplicate reference id' },
  '375': { status: 'Failed', message: 'Invalid customer or payer details' },
  '376': { status: 'Failed', message: 'No virtual account found' },
  '377': { status: 'Failed', message: 'Virtual account is closed' },
  '378': { status: 'Failed', message: 'Invalid VALIDATE_BENEFICIARY: use Y or N' },
  '379': {
    status: 'Failed',
    message: 'Invalid frequency: use WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED',
  },
  '380': {
    status: 'Failed',
    message: "Amount above the mandate's maximum, or above the method's largest debit",
  },
  '381': {
    status: 'Failed',
    message: 'Debit refused: no pre-debit notice 24 to 48 hours before it',
  },
  '382': { status: 'Failed', message: 'Debit not made: the customer opted out of it' },
  '383': {
    status: 'Failed',
    message:
      'Debit not made: above the limit without additional authentication, and the customer did not approve it',
  },
  '384': { status: 'Failed', message: 'Mandate paused by the customer' },
  '385': {
    status: 'Failed',
    message: 'Subscription not active: cancelled, revoked, halted, completed or failed',
  },
  '386': {
    status: 'Failed',
    message: 'This cycle is already paid, or a presented charge is still open',
  },
  '387': { status: 'Failed', message: 'No subscription found' },
  '388': {
    status: 'Failed',
    message:
      "Invalid start or end date: a date from the account's today, within 366 days; end after it, within 10 years",
  },
} as const satisfies Record<string, { status: TransactionStatus; message: string }>

/** STATUS of a payment (the response to RETURN_URL, a status enquiry, a QR answer). */
export type TransactionStatus = 'Captured' | 'Failed' | 'Pending'
export type ResponseCode = keyof typeof responseCodes

/** STATUS of a refund answer: the money went back (000), or the refund was refused. */
export type RefundStatus = 'Refunded' | 'Failed'

/** STATUS of a payout answer: paid out (000, with a UTR), awaiting the bank (026), or not. */
export type PayoutStatus = 'Processed' | 'Pending' | 'Failed'

export function refundStatus(code: ResponseCode): RefundStatus {
  return code === SUCCESS_CODE ? 'Refunded' : 'Failed'
}

export function payoutStatus(code: ResponseCode): PayoutStatus {
  if (code === SUCCESS_CODE) return 'Processed'
  return responseCodes[code].status === 'Pending' ? 'Pending' : 'Failed'
}

export function isResponseCode(value: unknown): value is ResponseCode {
  return typeof value === 'string' && Object.hasOwn(responseCodes, value)
}

export const SUCCESS_CODE: ResponseCode = '000'

export function isSuccess(code: string | undefined): boolean {
  return code === SUCCESS_CODE
}
