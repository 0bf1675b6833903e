import { checkCurrency } from '#gateway/checks.ts'
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
  /** Paise. */
  amount: string
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
      amount: fields.AMOUNT,
      currencyCode: fields.CURRENCY_CODE!,
    },
  }
}

/** What the sandbox knows of the payment being refunded. */
export interface RefundablePayment {
  /** Null while the customer has not finished paying. */
  responseCode: ResponseCode | null
  amount: string
}

/**
 * Whether a refund of `amount` may go through: only a captured payment (330), and never more
 * than is left after the refunds already made, which add up (329).
 */
export function refundDecision(
  payment: RefundablePayment,
  refundedSoFar: bigint,
  amount: string,
): ResponseCode {
  if (payment.responseCode !== SUCCESS_CODE) return '330'
  if (refundedSoFar + BigInt(amount) > BigInt(payment.amount)) return '329'
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

/**
 * The answer to a refund: the request's ids and amount, `TXNTYPE=REFUND`, the refund's own
 * TXN_ID when it went through, STATUS `Refunded` (000) or `Failed`, the code and its meaning.
 */
export function refundAnswer(
  request: Fields,
  outcome: { code: ResponseCode; txnId?: string; dateTime: string },
): Fields {
  return {
    ...echo(request, refundAnswerKeys),
    TXNTYPE: 'REFUND',
    ...(outcome.txnId ? { TXN_ID: outcome.txnId } : {}),
    ...codeFields(outcome.code, refundStatus(outcome.code)),
    RESPONSE_DATE_TIME: outcome.dateTime,
  }
}
