import { describe, expect, it } from 'vitest'
import { isValid } from '#core/protocol/patterns.ts'
import {
  expectSigned,
  merchant,
  payByUpi,
  postJson,
  postPaymentRequest,
  signed,
  statusOf,
  uniqueId,
  sandboxForThisFile,
} from '#tests/support/sandbox-api.ts'

/** Refunds through `POST /pgws/transact` with `TXNTYPE: "REFUND"`, over HTTP on PGlite. */
const sandbox = sandboxForThisFile()
const transact = () => `${sandbox.current.url}/pgws/transact`

function refund(orderId: string, amount: string, overrides: Record<string, string> = {}) {
  return postJson(transact(), {
    PAY_ID: merchant.payId,
    ORDER_ID: orderId,
    REFUND_ORDER_ID: uniqueId('RF'),
    AMOUNT: amount,
    CURRENCY_CODE: '356',
    TXNTYPE: 'REFUND',
    ...overrides,
  })
}

describe('POST /pgws/transact TXNTYPE REFUND', () => {
  it('refunds a captured payment in full: Refunded, a new TXN_ID, signed', async () => {
    const orderId = await payByUpi(sandbox.current.url, '5000')
    const payment = (await statusOf(sandbox.current.url, orderId)).json
    const refundOrderId = uniqueId('RF')
    const { status, json } = await refund(orderId, '5000', { REFUND_ORDER_ID: refundOrderId })
    expect(status).toBe(200)
    expectSigned(json)
    const { HASH: _, TXN_ID, RESPONSE_DATE_TIME, ...rest } = json
    expect(rest).toEqual({
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      REFUND_ORDER_ID: refundOrderId,
      AMOUNT: '5000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
      STATUS: 'Refunded',
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: 'Transaction successful',
    })
    expect(isValid('transactionId', TXN_ID)).toBe(true)
    expect(TXN_ID).not.toBe(payment.TXN_ID)
    expect(RESPONSE_DATE_TIME).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    // The payment stays Captured; the enquiry adds what was refunded.
    const after = (await statusOf(sandbox.current.url, orderId)).json
    expectSigned(after)
    expect(after).toMatchObject({
      STATUS: 'Captured',
      RESPONSE_CODE: '000',
      REFUNDED_AMOUNT: '5000',
    })
    expect(after.TXN_ID).toBe(payment.TXN_ID)
  })

  it('partial refunds add up, and nothing beyond the payment is refunded (329)', async () => {
    const orderId = await payByUpi(sandbox.current.url, '1000')
    expect((await statusOf(sandbox.current.url, orderId)).json).not.toHaveProperty(
      'REFUNDED_AMOUNT',
    )
    expect((await refund(orderId, '400')).json.RESPONSE_CODE).toBe('000')
    expect((await statusOf(sandbox.current.url, orderId)).json.REFUNDED_AMOUNT).toBe('400')
    const over = (await refund(orderId, '601')).json
    expect(over).toMatchObject({
      RESPONSE_CODE: '329',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Refund amount exceeds the amount left to refund on this order',
    })
    expect(over).not.toHaveProperty('TXN_ID')
    expectSigned(over)
    expect((await refund(orderId, '600')).json.RESPONSE_CODE).toBe('000')
    expect((await refund(orderId, '1')).json.RESPONSE_CODE).toBe('329')
    expect((await statusOf(sandbox.current.url, orderId)).json.REFUNDED_AMOUNT).toBe('1000')
  })

  it('a refund beyond the amount of a fresh payment is 329', async () => {
    const orderId = await payByUpi(sandbox.current.url, '100')
    expect((await refund(orderId, '101')).json.RESPONSE_CODE).toBe('329')
  })

  it('two refunds sent together never spend more than was paid', async () => {
    const orderId = await payByUpi(sandbox.current.url, '1000')
    const answers = await Promise.all([refund(orderId, '700'), refund(orderId, '700')])
    expect(answers.map((answer) => answer.json.RESPONSE_CODE).sort()).toEqual(['000', '329'])
  })

  it.each([
    ['failure@upi', '004'],
    ['pending@upi', '026'],
  ])('a payment that was not captured (%s) cannot be refunded: 330', async (vpa) => {
    const orderId = await payByUpi(sandbox.current.url, '1000', vpa)
    const { json } = await refund(orderId, '100')
    expect(json).toMatchObject({
      RESPONSE_CODE: '330',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Only a captured payment can be refunded',
    })
  })

  it('a payment still open cannot be refunded either (330)', async () => {
    const orderId = uniqueId('LP')
    const response = await postPaymentRequest(sandbox.current.url, { ORDER_ID: orderId })
    expect(response.status).toBe(303)
    expect((await refund(orderId, '100')).json.RESPONSE_CODE).toBe('330')
  })

  it('a NOTIFY_URL it will not call is 357 Invalid notify URL, and nothing is refunded', async () => {
    const orderId = await payByUpi(sandbox.current.url, '700')
    const refused = (await refund(orderId, '700', { NOTIFY_URL: 'http://10.0.0.8/hook' })).json
    expect(refused).toMatchObject({
      RESPONSE_CODE: '357',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Invalid notify URL',
    })
    expectSigned(refused)
    expect((await statusOf(sandbox.current.url, orderId)).json).not.toHaveProperty(
      'REFUNDED_AMOUNT',
    )
  })

  it('an order the sandbox never saw is 328', async () => {
    expect((await refund('NEVER-PAID-1', '100')).json.RESPONSE_CODE).toBe('328')
  })

  it('a REFUND_ORDER_ID used before is 018, even on another order', async () => {
    const first = await payByUpi(sandbox.current.url, '1000')
    const second = await payByUpi(sandbox.current.url, '1000')
    const refundOrderId = uniqueId('RF')
    expect(
      (await refund(first, '100', { REFUND_ORDER_ID: refundOrderId })).json.RESPONSE_CODE,
    ).toBe('000')
    const again = (await refund(first, '100', { REFUND_ORDER_ID: refundOrderId })).json
    expect(again).toMatchObject({ RESPONSE_CODE: '018', RESPONSE_MESSAGE: 'Duplicate order id' })
    expect(
      (await refund(second, '100', { REFUND_ORDER_ID: refundOrderId })).json.RESPONSE_CODE,
    ).toBe('018')
    expect((await statusOf(sandbox.current.url, first)).json.REFUNDED_AMOUNT).toBe('100')
  })

  it.each([
    ['320', { AMOUNT: '0' }],
    ['320', { AMOUNT: '10.00' }],
    ['321', { REFUND_ORDER_ID: 'bad id' }],
    ['321', { ORDER_ID: '' }],
    ['319', { CURRENCY_CODE: '840' }],
    ['319', { CURRENCY_CODE: '999' }],
  ])('refuses %s for %j', async (code, overrides) => {
    const orderId = await payByUpi(sandbox.current.url, '1000')
    const { json } = await refund(orderId, '100', overrides)
    expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: 'Failed', TXNTYPE: 'REFUND' })
    expectSigned(json)
    expect((await statusOf(sandbox.current.url, orderId)).json).not.toHaveProperty(
      'REFUNDED_AMOUNT',
    )
  })

  it('a bad HASH is 323 (signed), an unknown PAY_ID 324 (unsigned), malformed JSON 326', async () => {
    const orderId = await payByUpi(sandbox.current.url, '1000')
    const forged = await postJson(
      transact(),
      {
        ...signed({
          PAY_ID: merchant.payId,
          ORDER_ID: orderId,
          REFUND_ORDER_ID: uniqueId('RF'),
          AMOUNT: '100',
          CURRENCY_CODE: '356',
          TXNTYPE: 'REFUND',
        }),
        AMOUNT: '1000',
      },
      { raw: true },
    )
    expect(forged.json).toMatchObject({ RESPONSE_CODE: '323', TXNTYPE: 'REFUND' })
    expectSigned(forged.json)
    const unknown = await refund(orderId, '100', { PAY_ID: '1000000000000999' })
    expect(unknown.json.RESPONSE_CODE).toBe('324')
    expect(unknown.json).not.toHaveProperty('HASH')
    const malformed = await postJson(transact(), '{"TXNTYPE":"REFUND",')
    expect(malformed).toMatchObject({ status: 400, json: { RESPONSE_CODE: '326' } })
    expect((await statusOf(sandbox.current.url, orderId)).json).not.toHaveProperty(
      'REFUNDED_AMOUNT',
    )
  })

  it('a body over the size limit is 326, and the sandbox keeps answering', async () => {
    const huge = JSON.stringify({ PAY_ID: merchant.payId, NOTE: 'x'.repeat(20_000) })
    expect(await postJson(transact(), huge)).toMatchObject({
      status: 400,
      json: { RESPONSE_CODE: '326' },
    })
    expect((await statusOf(sandbox.current.url, 'NEVER-PAID-2')).json.RESPONSE_CODE).toBe('328')
  })
})
