import { describePaymentMethod, formatMinorUnits, type PaymentResult } from '#app/content/demo.ts'
import type { DemoPaymentRow } from '#server/db/schema.ts'

/** What the result screens show of a payment: never the raw response or its HASH. */
export function toPaymentResult(row: DemoPaymentRow): PaymentResult {
  return {
    id: row.id,
    flow: row.flow,
    status: row.outcome === 'created' ? 'awaiting' : row.outcome,
    success: row.outcome === 'success',
    orderId: row.orderId,
    txnId: row.txnId ?? '—',
    amount: formatMinorUnits(row.amount),
    method: describePaymentMethod(row.paymentType, row.mopType),
    responseCode: row.responseCode ?? '—',
    responseMessage: row.responseMessage ?? '—',
  }
}
