import { describe, expect, it } from 'vitest'
import { checkRefundRequest, refundAnswer, refundDecision } from './refund-checks.ts'

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
        amount: '100',
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
    ['319', { CURRENCY_CODE: '840' }],
  ])('refuses with %s: %j', (code, overrides) => {
    expect(checkRefundRequest(request(overrides))).toEqual({ ok: false, code })
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
  const captured = { responseCode: '000' as const, amount: '1000' }

  it('refunds a captured payment in full or in parts that add up to it', () => {
    expect(refundDecision(captured, 0n, '1000')).toBe('000')
    expect(refundDecision(captured, 0n, '400')).toBe('000')
    expect(refundDecision(captured, 400n, '600')).toBe('000')
  })

  it('never more than is left (329)', () => {
    expect(refundDecision(captured, 0n, '1001')).toBe('329')
    expect(refundDecision(captured, 400n, '601')).toBe('329')
    expect(refundDecision(captured, 1000n, '1')).toBe('329')
  })

  it('only a captured payment (330): failed, pending or still open', () => {
    for (const responseCode of ['004', '010', '020', '026', null] as const) {
      expect(refundDecision({ responseCode, amount: '1000' }, 0n, '1')).toBe('330')
    }
  })
})

describe('refund answer', () => {
  it('Refunded with the new TXN_ID on 000, in the fields of the contract', () => {
    const answer = refundAnswer(request(), {
      code: '000',
      txnId: '1234567890123456',
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
