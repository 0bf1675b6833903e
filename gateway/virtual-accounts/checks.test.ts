import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { checkCreditRequest, checkVirtualAccountRequest, DEFAULT_PAYER_NAME } from './checks.ts'

const VA = 'va_AbCdEfGhIjKlMn'
const credit = (fields: Fields) =>
  checkCreditRequest({ VA_ID: VA, AMOUNT: '1500000', MODE: 'IMPS', ...fields })
const codeOf = (fields: Fields) => {
  const checked = credit(fields)
  return checked.ok ? '000' : checked.code
}

describe('opening a virtual account', () => {
  it('needs the customer’s name, and takes a reference', () => {
    expect(
      checkVirtualAccountRequest({ PAY_ID: '1', CUST_NAME: 'Verma Textiles', REFERENCE_ID: 'C-7' }),
    ).toEqual({
      ok: true,
      value: { payId: '1', custName: 'Verma Textiles', referenceId: 'C-7' },
    })
    expect(checkVirtualAccountRequest({ PAY_ID: '1' })).toEqual({ ok: false, code: '375' })
    expect(
      checkVirtualAccountRequest({ PAY_ID: '1', CUST_NAME: 'A', REFERENCE_ID: 'a b' }),
    ).toEqual({ ok: false, code: '321' })
  })
})

describe('a test credit', () => {
  it('names its payer, or the test payer', () => {
    expect(credit({})).toEqual({
      ok: true,
      value: { vaId: VA, amount: 1500000n, mode: 'IMPS', payerName: DEFAULT_PAYER_NAME },
    })
    expect(
      credit({ PAYER_NAME: 'Ravi Kumar' }).ok && credit({ PAYER_NAME: 'Ravi Kumar' }),
    ).toMatchObject({ value: { payerName: 'Ravi Kumar' } })
  })

  it.each([
    [{ VA_ID: 'va_short' }, '321'],
    [{ AMOUNT: '1.5' }, '320'],
    [{ MODE: 'imps' }, '331'],
    // The rails' limits, as for a payout.
    [{ MODE: 'RTGS', AMOUNT: '19999999' }, '334'],
    [{ MODE: 'RTGS', AMOUNT: '20000000' }, '000'],
    [{ MODE: 'IMPS', AMOUNT: '50000001' }, '334'],
    [{ MODE: 'UPI', AMOUNT: '10000000' }, '000'],
    [{ MODE: 'UPI', AMOUNT: '10000001' }, '334'],
    [{ MODE: 'NEFT', AMOUNT: '9999999999' }, '000'],
    [{ PAYER_NAME: '1234' }, '375'],
  ])('%o: %s', (fields, code) => {
    expect(codeOf(fields)).toBe(code)
  })
})
