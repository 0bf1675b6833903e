import { describe, expect, it } from 'vitest'
import { nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { formatRupees } from '#core/currency/paise.ts'
import type { DemoPaymentRow } from '#server/db/schema.ts'
import { toPaymentResult } from './result.ts'

const captured: DemoPaymentRow = {
  id: '00000000-0000-4000-8000-000000000001',
  orderId: 'LP1764232200000',
  flow: 'hosted',
  amount: 2_500_00,
  currencyCode: '356',
  paymentType: 'CC',
  mopType: 'VI',
  outcome: 'success',
  responseCode: '000',
  responseMessage: 'Transaction successful',
  txnId: '1234567890',
  response: { RESPONSE_CODE: '000', RESPONSE_DATE_TIME: '2026-11-27 14:00:00' },
  createdAt: new Date('2026-11-27T08:29:00Z'),
  respondedAt: new Date('2026-11-27T08:30:00Z'),
  checkedAt: null,
}

describe("a captured demo payment's result", () => {
  it('shows what the merchant receives: the pricing rate, fee, GST, net and settlement date', () => {
    // ₹2,500 by credit card: 2 % is ₹50.00, GST 18 % of it ₹9.00. Friday 27 November 2026 is
    // followed by the 4th Saturday and a Sunday, so it settles on Monday.
    expect(toPaymentResult(captured).merchantSide).toEqual({
      rate: 'Credit card (2.00%)',
      fee: '₹50.00',
      gstLabel: 'GST on the fee (18%)',
      gst: '₹9.00',
      net: '₹2,441.00',
      settlementDate: 'Monday, 30 November 2026',
    })
  })

  it('uses the code settlements run, for every method the rates price', () => {
    for (const [paymentType, mopType] of [
      ['UP', 'UP'],
      ['DC', 'VI'],
      ['NB', '1001'],
      ['WL', '3001'],
    ] as const) {
      const side = toPaymentResult({ ...captured, paymentType, mopType }).merchantSide
      const fee = paymentFee({ paymentType, mopType }, BigInt(captured.amount))
      expect(side?.net, paymentType).toBe(formatRupees(fee.net))
    }
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30')
  })

  it('shows a foreign payment in its currency, with the rate and rupees the gateway answered', () => {
    // $12.34 at ₹84.2150 is ₹1,039.21: priced on the international cards row (3 %).
    const dollars: DemoPaymentRow = {
      ...captured,
      amount: 1234,
      paymentType: 'CC',
      response: {
        ...captured.response,
        CURRENCY_CODE: '840',
        FX_RATE: '84.2150',
        INR_AMOUNT: '103921',
      },
    }
    const result = toPaymentResult(dollars)
    expect(result).toMatchObject({
      amount: '$12.34',
      fxRate: '1 USD = ₹84.2150',
      inrAmount: '₹1,039.21',
    })
    const fee = paymentFee({ paymentType: 'CC', foreignCurrency: true }, 103921n)
    expect(result.merchantSide?.rate).toBe(fee.charges.map((charge) => charge.label).join(' + '))
    expect(result.merchantSide?.net).toBe(formatRupees(fee.net))
    // A rupee payment carries neither.
    expect(toPaymentResult(captured)).not.toHaveProperty('fxRate')
    expect(toPaymentResult(captured).amount).toBe('₹2,500.00')
  })

  it('prices a rupee payment by a card issued abroad on the international cards row, as its response says', () => {
    // ₹2,500 at 3 %: ₹75.00, GST ₹13.50; the same card issued in India would be 2 %.
    const abroad = { ...captured, response: { ...captured.response, CARD_ISSUED_ABROAD: 'Y' } }
    expect(toPaymentResult(abroad).merchantSide).toMatchObject({
      rate: 'International cards (3.00%)',
      fee: '₹75.00',
      gst: '₹13.50',
      net: '₹2,411.50',
    })
  })

  it('dates the capture in IST from the gateway, or from when the store heard of it', () => {
    // 19:00 UTC on the 26th is half past midnight on the 27th in India.
    const heardLate = { ...captured, response: {}, respondedAt: new Date('2026-11-26T19:00:00Z') }
    expect(toPaymentResult(heardLate).merchantSide?.settlementDate).toBe('Monday, 30 November 2026')
    const thursday = { ...captured, response: { RESPONSE_DATE_TIME: '2026-11-26 23:59:59' } }
    expect(toPaymentResult(thursday).merchantSide?.settlementDate).toBe('Friday, 27 November 2026')
  })

  it('shows nothing of the kind for a payment not captured, or a method the rates do not price', () => {
    for (const outcome of ['failed', 'pending', 'created'] as const) {
      expect(toPaymentResult({ ...captured, outcome }).merchantSide).toBeUndefined()
    }
    expect(toPaymentResult({ ...captured, paymentType: 'EMI' }).merchantSide).toBeUndefined()
    expect(toPaymentResult({ ...captured, paymentType: null }).merchantSide).toBeUndefined()
  })
})
