import { checkCurrency } from '#gateway/checks.ts'
import { currencyByNumber } from '#core/currency/currencies.ts'
import { refundRupees } from '#core/currency/exchange.ts'
import { refundStatus, type ResponseCode, SUCCESS_CODE } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'
import { codeFields, echo } from './json.ts'

/** A refund request that passed the field checks (`POST /pgws/transact`, `TXNTYPE: "REFUND"`). */
export interface RefundRequest {
  payId: string
  /** The paid order the money goes back for. */
  orderId: string
  /** The merchant's own id of this refund, unique among its refunds. */
  refundOrderId: string
  /** Minor units of the payment's currency (paise for a rupee payment). */
  amount: bigint
  currencyCode: string
}

export type RefundCheck = { ok: true; request: RefundRequest } | { ok: false; code: ResponseCode }

/** The fields of a signed refund request: both ids (321), AMOUNT (320), CURRENCY_CODE (319). */
export function checkRefundRequest(fields: Fields): RefundCheck {
  if (!isValid('orderId', fields.ORDER_ID) || !isValid('orderId', fields.REFUND_ORDER_ID)) {
    return { ok: false, code: '321' }
  }
  if (!isAmount(fields.AMOUNT)) return { ok: false, code: '320' }
  if (!checkCurrency(fields.CURRENCY_CODE)) return { ok: false, code: '319' }
  return {
    ok: true,
    request: {
      payId: fields.PAY_ID!,
      orderId: fields.ORDER_ID,
      refundOrderId: fields.REFUND_ORDER_ID,
      amount: BigInt(fields.AMOUNT),
      currencyCode: fields.CURRENCY_CODE!,
    },
  }
}

/** What the sandbox knows of the payment being refunded. */
export interface RefundablePayment {
  /** Null while the customer has not finished paying. */
  responseCode: ResponseCode | null
  amount: bigint
}

/** A payment's currency and, when foreign, the rate it was converted at (empty for rupees). */
export interface PaymentCurrency {
  currencyCode: string
  fxRate: string
}

/**
 * A refund is made in the payment's own currency (319 otherwise): `840` and `840`, or `36` and
 * `036`, name one currency.
 */
export function sameCurrency(refundCode: string, payment: PaymentCurrency): boolean {
  const currency = currencyByNumber(refundCode)
  return currency !== undefined && currency === currencyByNumber(payment.currencyCode)
}

/**
 * The paise a refund of `amount` gives back, after `refundedSoFar` (both in the payment's minor
 * units): the amount itself for a rupee payment; for a foreign one, at the payment's rate, so that
 * its refunds add up to exactly its rupee amount (core/currency/exchange.ts `refundRupees`).
 */
export function refundInRupees(
  payment: PaymentCurrency,
  refundedSoFar: bigint,
  amount: bigint,
): bigint {
  if (!payment.fxRate) return amount
  const currency = currencyByNumber(payment.currencyCode)
  if (!currency) throw new RangeError(`Not a currency of the gateway: ${payment.currencyCode}`)
  return refundRupees(refundedSoFar, amount, currency, payment.fxRate)
}

/**
 * Whether a refund of `amount` may go through: only a captured payment (330), never more than is
 * left after the refunds already made (329), and never the part a dispute holds (354): what a
 * payment can still lose is captured − refunded − held, or the merchant would pay the customer
 * twice, once through the refund and once through the chargeback. All three in the payment's
 * minor units.
 */
export function refundDecision(
  payment: RefundablePayment,
  refundedSoFar: bigint,
  amount: bigint,
  heldByDisputes = 0n,
): ResponseCode {
  if (payment.responseCode !== SUCCESS_CODE) return '330'
  const captured = payment.amount
  if (refundedSoFar + amount > captured) return '329'
  if (refundedSoFar + heldByDisputes + amount > captured) return '354'
  return SUCCESS_CODE
}

/** A refund answer's own fields, in the order of the contract (HASH is added by the route). */
export const refundAnswerKeys = [
  'PAY_ID',
  'ORDER_ID',
  'REFUND_ORDER_ID',
  'AMOUNT',
  'CURRENCY_CODE',
] as const

/** A refund that went through, as its answer tells it. */
export interface RefundMade {
  txnId: string
  /** Paise given back. */
  inrAmount: bigint
  /** The payment's rate; empty for a rupee payment. */
  fxRate: string
}

/**
 * The answer to a refund: the request's ids and amount, `TXNTYPE=REFUND`, the refund's own
 * TXN_ID when it went through (and, of a foreign payment, FX_RATE and the paise given back,
 * INR_AMOUNT), STATUS `Refunded` (000) or `Failed`, the code and its meaning.
 */
export function refundAnswer(
  request: Fields,
  outcome: { code: ResponseCode; made?: RefundMade; dateTime: string },
): Fields {
  const { made } = outcome
  return {
    ...echo(request, refundAnswerKeys),
    TXNTYPE: 'REFUND',
    ...(made ? { TXN_ID: made.txnId } : {}),
    ...(made?.fxRate ? { FX_RATE: made.fxRate, INR_AMOUNT: String(made.inrAmount) } : {}),
    ...codeFields(outcome.code, refundStatus(outcome.code)),
    RESPONSE_DATE_TIME: outcome.dateTime,
  }
}
