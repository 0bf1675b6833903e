import {
  describePaymentMethod,
  formatMinorUnits,
  type MerchantSide,
  type PaymentResult,
} from '#app/content/demo.ts'
import {
  dateOfIstDateTime,
  formatIsoDate,
  istDateOf,
  nextWorkingDay,
} from '#core/calendar/business-calendar.ts'
import { formatRupees, quoteLabels } from '#core/pricing/fees.ts'
import { paymentFee, pricedPaymentTypes } from '#core/pricing/payment-fee.ts'
import type { DemoPaymentRow } from '#server/db/schema.ts'

/** What the result screens show of a payment: never the raw response or its HASH. */
export function toPaymentResult(row: DemoPaymentRow): PaymentResult {
  const merchantSide = row.outcome === 'success' ? merchantSideOf(row) : undefined
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
    ...(merchantSide ? { merchantSide } : {}),
  }
}

/**
 * The capture's IST date, from the gateway's RESPONSE_DATE_TIME (IST, as the gateway answers);
 * the time the store heard of it when the response has none.
 */
function captureDate(row: DemoPaymentRow): string {
  const stated = dateOfIstDateTime(row.response?.RESPONSE_DATE_TIME ?? '')
  return stated ?? istDateOf(row.respondedAt ?? row.createdAt)
}

/** Fee, GST and net by the settlement's own rules; none for a method the rates do not price. */
function merchantSideOf(row: DemoPaymentRow): MerchantSide | undefined {
  if (!row.paymentType || !pricedPaymentTypes.includes(row.paymentType)) return undefined
  const fee = paymentFee({ paymentType: row.paymentType, mopType: row.mopType ?? '' }, row.amount)
  return {
    rate: fee.charges.map((charge) => charge.label).join(' + '),
    fee: formatRupees(fee.fee),
    gstLabel: quoteLabels.gst,
    gst: formatRupees(fee.gst),
    net: formatRupees(fee.net),
    settlementDate: formatIsoDate(nextWorkingDay(captureDate(row)), 'full'),
  }
}
