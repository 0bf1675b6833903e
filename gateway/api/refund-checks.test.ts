import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { currencies, isForeign } from '#core/currency/currencies.ts'
import { toRupees } from '#core/currency/exchange.ts'
import {
  checkRefundRequest,
  refundAnswer,
  refundDecision,
  refundInRupees,
  sameCurrency,
} from './refund-checks.ts'

const request = (overrides: Record<string, string> = {}) => ({
  PAY_ID: '1000000000000001',
  ORDER_ID: 'LP1763712000000',
  REFUND_ORDER_ID: 'RF1763712000000',
  AMOUNT: '100',
  CURRENCY_CODE: '356',
  TXNTYPE: 'REFUND',
  ...overrides,
})

describe('refund request checks', () => {
  it('accepts a well-formed request', () => {
    expect(checkRefundRequest(request())).toEqual({
      ok: true,
      request: {
        payId: '1000000000000001',
        orderId: 'LP1763712000000',
        refundOrderId: 'RF1763712000000',
        amount: 100n,
        currencyCode: '356',
      },
    })
  })

  it.each([
    ['321', { ORDER_ID: '' }],
    ['321', { ORDER_ID: 'has space' }],
    ['321', { REFUND_ORDER_ID: 'x'.repeat(51) }],
    ['320', { AMOUNT: '0' }],
    ['320', { AMOUNT: '1.50' }],
    ['320', { AMOUNT: '10000000000' }],
    ['319', { CURRENCY_CODE: '999' }],
    ['319', { CURRENCY_CODE: 'USD' }],
  ])('refuses with %s: %j', (code, overrides) => {
    expect(checkRefundRequest(request(overrides))).toEqual({ ok: false, code })
  })

  it("takes every currency the gateway knows (whether it is the payment's is decided later)", () => {
    for (const { number } of currencies) {
      expect(checkRefundRequest(request({ CURRENCY_CODE: number }))).toMatchObject({ ok: true })
    }
  })

  it('refuses missing ids, amount and currency', () => {
    const { REFUND_ORDER_ID: _r, ...noRefundId } = request()
    expect(checkRefundRequest(noRefundId)).toMatchObject({ code: '321' })
    const { AMOUNT: _a, ...noAmount } = request()
    expect(checkRefundRequest(noAmount)).toMatchObject({ code: '320' })
    const { CURRENCY_CODE: _c, ...noCurrency } = request()
    expect(checkRefundRequest(noCurrency)).toMatchObject({ code: '319' })
  })
})

describe('refund decision', () => {
  const captured = { responseCode: '000' as const, amount: 1000n }

  it('refunds a captured payment in full or in parts that add up to it', () => {
    expect(refundDecision(captured, 0n, 1000n)).toBe('000')
    expect(refundDecision(captured, 0n, 400n)).toBe('000')
    expect(refundDecision(captured, 400n, 600n)).toBe('000')
  })

  it('never more than is left (329)', () => {
    expect(refundDecision(captured, 0n, 1001n)).toBe('329')
    expect(refundDecision(captured, 400n, 601n)).toBe('329')
    expect(refundDecision(captured, 1000n, 1n)).toBe('329')
  })

  it('never the part a dispute holds (354): refunded + held + the refund stay within the payment', () => {
    expect(refundDecision(captured, 0n, 1000n, 1000n)).toBe('354')
    expect(refundDecision(captured, 0n, 1n, 1000n)).toBe('354')
    expect(refundDecision(captured, 400n, 600n, 600n)).toBe('354')
    expect(refundDecision(captured, 0n, 400n, 600n)).toBe('000')
    // Over the payment whatever is held: 329 says so first.
    expect(refundDecision(captured, 400n, 601n, 600n)).toBe('329')
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 1n, max: 2000n }),
        (refunded, held, amount) => {
          const code = refundDecision(captured, refunded, amount, held)
          expect(code === '000').toBe(refunded + held + amount <= 1000n)
        },
      ),
    )
  })

  it('only a captured payment (330): failed, pending or still open', () => {
    for (const responseCode of ['004', '010', '020', '026', null] as const) {
      expect(refundDecision({ responseCode, amount: 1000n }, 0n, 1n)).toBe('330')
    }
  })
})

describe('refund answer', () => {
  it('Refunded with the new TXN_ID on 000, in the fields of the contract', () => {
    const answer = refundAnswer(request(), {
      code: '000',
      made: { txnId: '1234567890123456', inrAmount: 100n, fxRate: '' },
      dateTime: '2026-11-21 14:58:21',
    })
    expect(answer).toEqual({
      PAY_ID: '1000000000000001',
      ORDER_ID: 'LP1763712000000',
      REFUND_ORDER_ID: 'RF1763712000000',
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
      TXN_ID: '1234567890123456',
      STATUS: 'Refunded',
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: 'Transaction successful',
      RESPONSE_DATE_TIME: '2026-11-21 14:58:21',
    })
  })

  it('Failed without a TXN_ID when refused, echoing only what was sent', () => {
    const { CURRENCY_CODE: _, ...partial } = request()
    const answer = refundAnswer(partial, { code: '329', dateTime: '2026-11-21 14:58:21' })
    expect(answer).toMatchObject({ STATUS: 'Failed', RESPONSE_CODE: '329' })
    expect(answer).not.toHaveProperty('TXN_ID')
    expect(answer).not.toHaveProperty('CURRENCY_CODE')
    expect(answer.RESPONSE_MESSAGE).toBe(
      'Refund amount exceeds the amount left to refund on this order',
    )
  })
})

describe('a refund in a foreign currency', () => {
  const usdPayment = { currencyCode: '840', fxRate: '84.2150' }

  it("is made in the payment's own currency (319 otherwise), however the code is written", () => {
    expect(sameCurrency('840', usdPayment)).toBe(true)
    expect(sameCurrency('356', usdPayment)).toBe(false)
    expect(sameCurrency('978', usdPayment)).toBe(false)
    expect(sameCurrency('840', { currencyCode: '356', fxRate: '' })).toBe(false)
    expect(sameCurrency('36', { currencyCode: '036', fxRate: '54.8830' })).toBe(true)
    expect(sameCurrency('999', { currencyCode: '999', fxRate: '' })).toBe(false)
  })

  it("gives back paise at the payment's rate; a rupee refund its own amount", () => {
    // $12.34 at 84.2150 is 103,921.31 paise; refunded as $5.00 then $7.34.
    expect(refundInRupees(usdPayment, 0n, 500n)).toBe(42108n)
    expect(refundInRupees(usdPayment, 500n, 734n)).toBe(61813n)
    expect(42108n + 61813n).toBe(
      toRupees(
        1234n,
        currencies.find((c) => c.code === 'USD')!,
      ).paise,
    )
    expect(refundInRupees({ currencyCode: '356', fxRate: '' }, 400n, 600n)).toBe(600n)
  })

  it("adds up to exactly the payment's INR_AMOUNT, in any currency and any parts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies.filter(isForeign)),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 8n }), { minLength: 1, maxLength: 12 }),
        (currency, parts) => {
          const payment = { currencyCode: currency.number, fxRate: toRupees(1n, currency).rate }
          let refunded = 0n
          let paise = 0n
          for (const part of parts) {
            paise += refundInRupees(payment, refunded, part)
            refunded += part
          }
          expect(paise).toBe(toRupees(refunded, currency).paise)
        },
      ),
    )
  })

  it('answers FX_RATE and the paise given back, INR_AMOUNT, under the HASH of the refund', () => {
    const answer = refundAnswer(request({ AMOUNT: '500', CURRENCY_CODE: '840' }), {
      code: '000',
      made: { txnId: '1234567890123456', inrAmount: 42108n, fxRate: '84.2150' },
      dateTime: '2026-11-21 14:58:21',
    })
    expect(answer).toMatchObject({
      AMOUNT: '500',
      CURRENCY_CODE: '840',
      TXN_ID: '1234567890123456',
      FX_RATE: '84.2150',
      INR_AMOUNT: '42108',
      STATUS: 'Refunded',
    })
    const refused = refundAnswer(request({ CURRENCY_CODE: '840' }), {
      code: '329',
      dateTime: '2026-11-21 14:58:21',
    })
    expect(refused).not.toHaveProperty('FX_RATE')
    expect(refused).not.toHaveProperty('INR_AMOUNT')
  })
})
