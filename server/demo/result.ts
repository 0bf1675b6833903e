import { describePaymentMethod, type MerchantSide, type PaymentResult } from '#app/content/demo.ts'
import {
  dateOfIstDateTime,
  formatIsoDate,
  istDateOf,
  nextWorkingDay,
} from '#core/calendar/business-calendar.ts'
import { quoteLabels } from '#core/pricing/fees.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { paymentFee, pricedPaymentTypes } from '#core/pricing/payment-fee.ts'
import { isForeign } from '#core/currency/currencies.ts'
import { currencyOf } from '#core/currency/currencies.ts'
import { formatAmount } from '#core/currency/format.ts'
import type { DemoPaymentRow } from '#server/db/schema.ts'

/** What the result screens show of a payment: never the raw response or its HASH. */
export function toPaymentResult(row: DemoPaymentRow): PaymentResult {
  const merchantSide = row.outcome === 'success' ? merchantSideOf(row) : undefined
  const fx = foreignAmountOf(row)
  const currency = currencyOf(paidIn(row))
  return {
    id: row.id,
    flow: row.flow,
    status: row.outcome === 'created' ? 'awaiting' : row.outcome,
    success: row.outcome === 'success',
    orderId: row.orderId,
    txnId: row.txnId ?? '—',
    amount: formatAmount(String(row.amount), currency, 'en'),
    ...(fx
      ? { fxRate: `1 ${currency.code} = ₹${fx.rate}`, inrAmount: formatRupees(fx.paise) }
      : {}),
    method: describePaymentMethod(row.paymentType, row.mopType),
    responseCode: row.responseCode ?? '—',
    responseMessage: row.responseMessage ?? '—',
    ...(merchantSide ? { merchantSide } : {}),
  }
}

/**
 * The currency the verified response names. The order's row keeps no currency of its own, so an
 * order the gateway has not answered yet is shown in rupees.
 */
function paidIn(row: DemoPaymentRow) {
  return { currencyCode: row.response?.CURRENCY_CODE ?? '356' }
}

/** A foreign payment's rate and rupee amount, as its verified response gave them. */
function foreignAmountOf(row: DemoPaymentRow): { rate: string; paise: bigint } | undefined {
  const rate = row.response?.FX_RATE
  const inr = row.response?.INR_AMOUNT
  if (!rate || !inr || !/^\d{1,15}$/.test(inr)) return undefined
  return { rate, paise: BigInt(inr) }
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
  // A foreign payment is priced on the international cards row, on its rupee amount.
  const foreign = isForeign(currencyOf(paidIn(row)))
  const fx = foreignAmountOf(row)
  if (foreign && !fx) return undefined
  const fee = paymentFee(
    {
      paymentType: row.paymentType,
      mopType: row.mopType ?? '',
      foreignCurrency: foreign,
      // A card issued outside India, as its verified response says: international even in rupees.
      issuedAbroad: row.response?.CARD_ISSUED_ABROAD === 'Y',
    },
    fx?.paise ?? BigInt(row.amount),
  )
  return {
    rate: fee.charges.map((charge) => charge.label).join(' + '),
    fee: formatRupees(fee.fee),
    gstLabel: quoteLabels.gst,
    gst: formatRupees(fee.gst),
    net: formatRupees(fee.net),
    settlementDate: formatIsoDate(nextWorkingDay(captureDate(row)), 'full'),
  }
}
