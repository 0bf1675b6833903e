import { describe, expect, it } from 'vitest'
import {
  BENEFICIARY_NAME,
  checkPayoutRequest,
  payoutAnswer,
  payoutOutcome,
  transferLimits,
  withinLimits,
} from './payout-checks.ts'

const bank = (overrides: Record<string, string> = {}) => ({
  PAY_ID: '1000000000000001',
  PAYOUT_ID: 'PO1763712000000',
  AMOUNT: '150000',
  CURRENCY_CODE: '356',
  TRANSFER_MODE: 'NEFT',
  BENEFICIARY_NAME: 'Asha Rao',
  BENEFICIARY_ACCOUNT: '50100012345678',
  BENEFICIARY_IFSC: 'HDFC0001234',
  ...overrides,
})

const upi = (overrides: Record<string, string> = {}) => ({
  ...bank({ TRANSFER_MODE: 'UPI' }),
  BENEFICIARY_ACCOUNT: '',
  BENEFICIARY_IFSC: '',
  BENEFICIARY_VPA: 'success@upi',
  ...overrides,
})

describe('payout request checks', () => {
  it('accepts a bank transfer and a UPI transfer, ignoring the other mode’s empty fields', () => {
    expect(checkPayoutRequest(bank({ REMARKS: 'November vendor payment' }))).toEqual({
      ok: true,
      request: {
        payId: '1000000000000001',
        payoutId: 'PO1763712000000',
        amount: 150000n,
        currencyCode: '356',
        beneficiary: {
          mode: 'NEFT',
          name: 'Asha Rao',
          account: '50100012345678',
          ifsc: 'HDFC0001234',
        },
        remarks: 'November vendor payment',
      },
    })
    expect(checkPayoutRequest(upi())).toMatchObject({
      ok: true,
      request: { beneficiary: { mode: 'UPI', name: 'Asha Rao', vpa: 'success@upi' }, remarks: '' },
    })
    expect(checkPayoutRequest(upi({ BENEFICIARY_ACCOUNT: 'junk' }))).toMatchObject({ ok: true })
    expect(checkPayoutRequest(bank({ BENEFICIARY_VPA: 'junk' }))).toMatchObject({ ok: true })
    expect(checkPayoutRequest(bank({ TXNTYPE: 'PAYOUT' }))).toMatchObject({ ok: true })
  })

  it.each([
    ['321', bank({ PAYOUT_ID: '' })],
    ['321', bank({ PAYOUT_ID: 'has space' })],
    ['320', bank({ AMOUNT: '0' })],
    ['320', bank({ AMOUNT: '100.00' })],
    ['319', bank({ CURRENCY_CODE: '840' })],
    ['322', bank({ TXNTYPE: 'SALE' })],
    ['331', bank({ TRANSFER_MODE: 'neft' })],
    ['331', bank({ TRANSFER_MODE: 'SWIFT' })],
    ['335', bank({ BENEFICIARY_NAME: '' })],
    ['335', bank({ BENEFICIARY_NAME: 'Asha Rao 2' })],
    ['335', bank({ BENEFICIARY_NAME: ' Asha' })],
    ['335', bank({ BENEFICIARY_NAME: 'A'.repeat(51) })],
    ['332', bank({ BENEFICIARY_ACCOUNT: '12345678' })],
    ['332', bank({ BENEFICIARY_ACCOUNT: '' })],
    ['332', bank({ BENEFICIARY_IFSC: 'HDFC1001234' })],
    ['332', bank({ BENEFICIARY_IFSC: 'hdfc0001234' })],
    ['332', bank({ TRANSFER_MODE: 'IMPS', BENEFICIARY_IFSC: '' })],
    ['333', upi({ BENEFICIARY_VPA: '' })],
    ['333', upi({ BENEFICIARY_VPA: 'ab@upi' })],
    ['333', upi({ BENEFICIARY_VPA: 'asha@u1' })],
    ['334', bank({ TRANSFER_MODE: 'RTGS', AMOUNT: '19999999' })],
    ['334', bank({ TRANSFER_MODE: 'IMPS', AMOUNT: '50000001' })],
    ['334', upi({ AMOUNT: '10000001' })],
    ['326', bank({ REMARKS: 'r'.repeat(51) })],
  ])('refuses with %s', (code, fields) => {
    expect(checkPayoutRequest(fields)).toEqual({ ok: false, code })
  })

  it('checks in the documented order: name before the beneficiary, the beneficiary before the limits', () => {
    expect(checkPayoutRequest(bank({ BENEFICIARY_NAME: '', BENEFICIARY_IFSC: '' })).ok).toBe(false)
    expect(checkPayoutRequest(bank({ BENEFICIARY_NAME: '', BENEFICIARY_IFSC: '' }))).toMatchObject({
      code: '335',
    })
    expect(checkPayoutRequest(upi({ BENEFICIARY_VPA: 'x', AMOUNT: '99999999999' }))).toMatchObject({
      code: '320',
    })
    expect(checkPayoutRequest(upi({ BENEFICIARY_VPA: 'x', AMOUNT: '10000001' }))).toMatchObject({
      code: '333',
    })
  })

  it('beneficiary names: letters, spaces and dots', () => {
    for (const ok of ['Asha Rao', 'A. K. Sharma', 'Z', 'A'.repeat(50)])
      expect(BENEFICIARY_NAME.test(ok), ok).toBe(true)
    for (const bad of ['', '.Asha', 'Asha-Rao', "D'Souza", 'आशा'])
      expect(BENEFICIARY_NAME.test(bad), bad).toBe(false)
  })
})

describe('transfer limits', () => {
  it('RTGS from ₹2,00,000, IMPS up to ₹5,00,000, UPI up to ₹1,00,000, NEFT any amount', () => {
    expect(transferLimits).toEqual({
      NEFT: {},
      RTGS: { minimum: 20_000_000 },
      IMPS: { maximum: 50_000_000 },
      UPI: { maximum: 10_000_000 },
    })
    expect(withinLimits('RTGS', '20000000')).toBe(true)
    expect(withinLimits('RTGS', '19999999')).toBe(false)
    expect(withinLimits('IMPS', '50000000')).toBe(true)
    expect(withinLimits('IMPS', '50000001')).toBe(false)
    expect(withinLimits('UPI', '10000000')).toBe(true)
    expect(withinLimits('UPI', '10000001')).toBe(false)
    expect(withinLimits('NEFT', '1')).toBe(true)
    expect(withinLimits('NEFT', '9999999999')).toBe(true)
  })
})

describe('payout outcome (sandbox test data)', () => {
  const name = 'Asha Rao'
  it.each([
    ['success@upi', '000'],
    ['failure@upi', '004'],
    ['pending@upi', '026'],
    ['Failure@UPI', '004'],
    ['asha.rao@okaxis', '000'],
  ])('VPA %s → %s', (vpa, code) => {
    expect(payoutOutcome({ mode: 'UPI', name, vpa })).toBe(code)
  })

  it.each([
    ['000000000004', '004'],
    ['000000000026', '026'],
    ['50100012345678', '000'],
    ['0000000000004', '000'],
  ])('account %s → %s', (account, code) => {
    expect(payoutOutcome({ mode: 'IMPS', name, account, ifsc: 'SBIN0001234' })).toBe(code)
  })
})

describe('payout answer', () => {
  it('Processed with TXN_ID and UTR on 000', () => {
    expect(
      payoutAnswer(bank(), {
        code: '000',
        txnId: '1234567890123456',
        utr: '123456789012',
        dateTime: '2026-11-21 14:58:21',
      }),
    ).toEqual({
      PAY_ID: '1000000000000001',
      PAYOUT_ID: 'PO1763712000000',
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      TRANSFER_MODE: 'NEFT',
      TXNTYPE: 'PAYOUT',
      TXN_ID: '1234567890123456',
      UTR: '123456789012',
      STATUS: 'Processed',
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: 'Transaction successful',
      RESPONSE_DATE_TIME: '2026-11-21 14:58:21',
    })
  })

  it('Pending on 026, Failed otherwise, never a UTR', () => {
    const pending = payoutAnswer(bank(), { code: '026', txnId: '1', dateTime: 'd' })
    expect(pending).toMatchObject({ STATUS: 'Pending', RESPONSE_CODE: '026' })
    expect(pending).not.toHaveProperty('UTR')
    expect(payoutAnswer(bank(), { code: '004', dateTime: 'd' })).toMatchObject({
      STATUS: 'Failed',
    })
    expect(payoutAnswer({}, { code: '326', dateTime: 'd' })).toEqual({
      TXNTYPE: 'PAYOUT',
      STATUS: 'Failed',
      RESPONSE_CODE: '326',
      RESPONSE_MESSAGE: 'Invalid request',
      RESPONSE_DATE_TIME: 'd',
    })
  })
})
