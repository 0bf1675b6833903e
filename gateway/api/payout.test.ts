import { describe, expect, it } from 'vitest'
import { isValid } from '#core/protocol/patterns.ts'
import {
  bankPayout,
  expectSigned,
  merchant,
  postJson,
  signed,
  sandboxForThisFile,
} from '#tests/support/sandbox-api.ts'

/** Payouts through `POST /pgws/payout` and `POST /pgws/payout/status`, over HTTP on PGlite. */
const sandbox = sandboxForThisFile()

const upi = (overrides: Record<string, string> = {}) => {
  const {
    BENEFICIARY_ACCOUNT: _a,
    BENEFICIARY_IFSC: _i,
    ...rest
  } = bankPayout({ TRANSFER_MODE: 'UPI' })
  return { ...rest, BENEFICIARY_VPA: 'success@upi', ...overrides }
}

const payout = (fields: Record<string, string>) =>
  postJson(`${sandbox.current.url}/pgws/payout`, fields)
const payoutStatus = (payoutId: string, overrides: Record<string, string> = {}) =>
  postJson(`${sandbox.current.url}/pgws/payout/status`, {
    PAY_ID: merchant.payId,
    PAYOUT_ID: payoutId,
    ...overrides,
  })

describe('POST /pgws/payout', () => {
  it.each([
    ['NEFT', '1'],
    ['NEFT', '9999999999'],
    ['RTGS', '20000000'],
    ['IMPS', '50000000'],
  ])(
    '%s of %s paise to a bank account: Processed, with TXN_ID and a 12-digit UTR',
    async (mode, amount) => {
      const request = bankPayout({ TRANSFER_MODE: mode, AMOUNT: amount })
      const { status, json } = await payout(request)
      expect(status).toBe(200)
      expectSigned(json)
      const { HASH: _, TXN_ID, UTR, RESPONSE_DATE_TIME, ...rest } = json
      expect(rest).toEqual({
        PAY_ID: merchant.payId,
        PAYOUT_ID: request.PAYOUT_ID,
        AMOUNT: amount,
        CURRENCY_CODE: '356',
        TRANSFER_MODE: mode,
        TXNTYPE: 'PAYOUT',
        STATUS: 'Processed',
        RESPONSE_CODE: '000',
        RESPONSE_MESSAGE: 'Transaction successful',
      })
      expect(isValid('transactionId', TXN_ID)).toBe(true)
      expect(isValid('utr', UTR)).toBe(true)
      expect(RESPONSE_DATE_TIME).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    },
  )

  it('UPI up to ₹1,00,000 to a VPA: Processed', async () => {
    const { json } = await payout(upi({ AMOUNT: '10000000' }))
    expect(json).toMatchObject({ TRANSFER_MODE: 'UPI', STATUS: 'Processed', RESPONSE_CODE: '000' })
    expect(isValid('utr', json.UTR)).toBe(true)
  })

  it.each([
    [{ BENEFICIARY_VPA: 'success@upi' }, '000', 'Processed'],
    [{ BENEFICIARY_VPA: 'failure@upi' }, '004', 'Failed'],
    [{ BENEFICIARY_VPA: 'pending@upi' }, '026', 'Pending'],
    [{ BENEFICIARY_VPA: 'asha.rao@okaxis' }, '000', 'Processed'],
  ])('test VPA %j → %s %s', async (overrides, code, status) => {
    const { json } = await payout(upi(overrides))
    expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: status })
    expect('UTR' in json).toBe(code === '000')
    expect(isValid('transactionId', json.TXN_ID)).toBe(true)
  })

  it.each([
    ['000000000004', 'IMPS', '004', 'Failed'],
    ['000000000026', 'NEFT', '026', 'Pending'],
    ['000000000026', 'RTGS', '026', 'Pending'],
    ['123456789', 'IMPS', '000', 'Processed'],
  ])('test account %s by %s → %s %s', async (account, mode, code, status) => {
    const amount = mode === 'RTGS' ? '25000000' : '5000'
    const { json } = await payout(
      bankPayout({ BENEFICIARY_ACCOUNT: account, TRANSFER_MODE: mode, AMOUNT: amount }),
    )
    expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: status })
    expect('UTR' in json).toBe(code === '000')
  })

  it('a declined payout says why', async () => {
    const { json } = await payout(bankPayout({ BENEFICIARY_ACCOUNT: '000000000004' }))
    expect(json.RESPONSE_MESSAGE).toBe('Transaction declined by the issuing bank')
  })

  it.each([
    ['334', bankPayout({ TRANSFER_MODE: 'RTGS', AMOUNT: '19999999' })],
    ['334', bankPayout({ TRANSFER_MODE: 'IMPS', AMOUNT: '50000001' })],
    ['334', upi({ AMOUNT: '10000001' })],
    ['331', bankPayout({ TRANSFER_MODE: 'CHEQUE' })],
    ['332', bankPayout({ BENEFICIARY_ACCOUNT: '12345' })],
    ['332', bankPayout({ BENEFICIARY_IFSC: 'HDFC000123' })],
    ['333', upi({ BENEFICIARY_VPA: 'no-at-sign' })],
    ['335', bankPayout({ BENEFICIARY_NAME: 'Asha_Rao' })],
    ['320', bankPayout({ AMOUNT: '0150000' })],
    ['321', bankPayout({ PAYOUT_ID: 'PO 1' })],
    ['319', bankPayout({ CURRENCY_CODE: '978' })],
  ])('refuses %s, signed, and stores nothing', async (code, request) => {
    const { json } = await payout(request)
    expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: 'Failed', TXNTYPE: 'PAYOUT' })
    expect(json).not.toHaveProperty('TXN_ID')
    expect(json).not.toHaveProperty('UTR')
    expectSigned(json)
    if (code !== '321') {
      expect((await payoutStatus(request.PAYOUT_ID!)).json.RESPONSE_CODE).toBe('328')
    }
  })

  it('a PAYOUT_ID used before is 018, and the first payout stands', async () => {
    const request = bankPayout()
    const first = (await payout(request)).json
    const again = (await payout({ ...request, AMOUNT: '999' })).json
    expect(again).toMatchObject({
      PAYOUT_ID: request.PAYOUT_ID,
      RESPONSE_CODE: '018',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Duplicate order id',
    })
    expect(again).not.toHaveProperty('TXN_ID')
    expect((await payoutStatus(request.PAYOUT_ID)).json.TXN_ID).toBe(first.TXN_ID)
  })

  it('a bad HASH is 323 (signed), an unknown PAY_ID 324 (unsigned), malformed JSON 326', async () => {
    const request = bankPayout()
    const forged = await postJson(
      `${sandbox.current.url}/pgws/payout`,
      { ...signed(request), AMOUNT: '1' },
      { raw: true },
    )
    expect(forged.json).toMatchObject({ RESPONSE_CODE: '323', TXNTYPE: 'PAYOUT' })
    expectSigned(forged.json)
    const unsigned = await postJson(`${sandbox.current.url}/pgws/payout`, request, { raw: true })
    expect(unsigned.json.RESPONSE_CODE).toBe('323')
    const unknown = (await payout({ ...request, PAY_ID: '1000000000000999' })).json
    expect(unknown.RESPONSE_CODE).toBe('324')
    expect(unknown).not.toHaveProperty('HASH')
    for (const body of ['not json', '[]', '{"AMOUNT":150000}', '']) {
      const malformed = await postJson(`${sandbox.current.url}/pgws/payout`, body)
      expect(malformed, body).toMatchObject({ status: 400, json: { RESPONSE_CODE: '326' } })
    }
    expect((await payoutStatus(request.PAYOUT_ID)).json.RESPONSE_CODE).toBe('328')
  })
})

describe('POST /pgws/payout/status', () => {
  it('answers the stored payout, the same fields and HASH as the payout answer', async () => {
    for (const request of [bankPayout(), upi({ BENEFICIARY_VPA: 'pending@upi' })]) {
      const answer = (await payout(request)).json
      const { status, json } = await payoutStatus(request.PAYOUT_ID)
      expect(status).toBe(200)
      expect(json).toEqual(answer)
    }
  })

  it('an unknown payout is 328, a malformed id 321, a bad HASH 323', async () => {
    const unknown = (await payoutStatus('NEVER-SENT-1')).json
    expect(unknown).toMatchObject({
      PAYOUT_ID: 'NEVER-SENT-1',
      TXNTYPE: 'PAYOUT',
      RESPONSE_CODE: '328',
      STATUS: 'Failed',
    })
    expectSigned(unknown)
    expect((await payoutStatus('bad id')).json.RESPONSE_CODE).toBe('321')
    const forged = await postJson(
      `${sandbox.current.url}/pgws/payout/status`,
      { PAY_ID: merchant.payId, PAYOUT_ID: 'X1', HASH: 'A'.repeat(64) },
      { raw: true },
    )
    expect(forged.json.RESPONSE_CODE).toBe('323')
  })
})
