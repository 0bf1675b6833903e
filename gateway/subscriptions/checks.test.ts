import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { checkDates, checkPresentedAmount, checkSubscriptionRequest } from './checks.ts'

/** 2027-01-31 15:00 IST on the account's clock. */
const now = new Date('2027-01-31T15:00:00+05:30')

const request = (fields: Fields = {}): Fields => ({
  PAY_ID: '1234567890',
  SUBSCRIPTION_REF: 'PLAN-7',
  METHOD: 'UPI',
  AMOUNT: '49900',
  MAX_AMOUNT: '100000',
  FREQUENCY: 'MONTHLY',
  START_DATE: '2027-01-31',
  DESCRIPTION: 'Monthly plan',
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha@example.com',
  CUST_PHONE: '9876543210',
  ...fields,
})

const codeOf = (fields: Fields) => {
  const checked = checkSubscriptionRequest(request(fields), now)
  return checked.ok ? '000' : checked.code
}

describe('a subscription request', () => {
  it('takes a monthly UPI mandate, e-NACH as EMANDATE, and AS_PRESENTED without AMOUNT', () => {
    const checked = checkSubscriptionRequest(request({ CATEGORY: 'INSURANCE' }), now)
    expect(checked).toEqual({
      ok: true,
      value: expect.objectContaining({
        method: 'UPI',
        amount: 49900n,
        maxAmount: 100000n,
        category: 'INSURANCE',
        startDate: '2027-01-31',
        endDate: '',
      }),
    })
    expect(codeOf({ METHOD: 'EMANDATE' })).toBe('000')
    expect(codeOf({ FREQUENCY: 'AS_PRESENTED', AMOUNT: '' })).toBe('000')
  })

  it('refuses each field with its own code, in order', () => {
    expect(codeOf({ SUBSCRIPTION_REF: '' })).toBe('321')
    expect(codeOf({ SUBSCRIPTION_REF: 'a b' })).toBe('321')
    expect(codeOf({ METHOD: 'NETBANKING' })).toBe('327')
    expect(codeOf({ METHOD: 'ENACH' })).toBe('327')
    expect(codeOf({ FREQUENCY: 'DAILY' })).toBe('379')
    expect(codeOf({ AMOUNT: '0' })).toBe('320')
    expect(codeOf({ MAX_AMOUNT: '12345678901' })).toBe('320')
    expect(codeOf({ FREQUENCY: 'AS_PRESENTED' })).toBe('320')
    expect(codeOf({ AMOUNT: '100001' })).toBe('380')
    // The largest debits: ₹1,00,000 on UPI and card, ₹1 crore on e-NACH.
    expect(codeOf({ AMOUNT: '10000000', MAX_AMOUNT: '10000000' })).toBe('000')
    expect(codeOf({ AMOUNT: '10000001', MAX_AMOUNT: '10000001' })).toBe('380')
    expect(codeOf({ METHOD: 'EMANDATE', AMOUNT: '10000001', MAX_AMOUNT: '1000000000' })).toBe('000')
    expect(codeOf({ METHOD: 'EMANDATE', MAX_AMOUNT: '1000000001' })).toBe('380')
    expect(codeOf({ START_DATE: '2027-01-30' })).toBe('388')
    expect(codeOf({ CATEGORY: 'GROCERIES' })).toBe('326')
    expect(codeOf({ DESCRIPTION: ' ' })).toBe('370')
    expect(codeOf({ CUST_NAME: '' })).toBe('375')
    expect(codeOf({ CUST_EMAIL: 'asha' })).toBe('375')
    expect(codeOf({ CUST_PHONE: '98765' })).toBe('375')
  })
})

describe('START_DATE and END_DATE', () => {
  const ok = (start: string, end?: string) => checkDates(start, end, now).ok

  it('START_DATE: a real date from the account’s today to 366 days on', () => {
    expect(ok('2027-01-31')).toBe(true)
    expect(ok('2028-02-01')).toBe(true)
    expect(ok('2028-02-02')).toBe(false)
    expect(ok('2027-01-30')).toBe(false)
    expect(ok('2027-02-29')).toBe(false)
    expect(ok('31-01-2027')).toBe(false)
  })

  it('END_DATE: after START_DATE and within its 10 years', () => {
    expect(ok('2027-01-31', '2027-02-01')).toBe(true)
    expect(ok('2027-01-31', '2037-01-31')).toBe(true)
    expect(ok('2027-01-31', '2037-02-01')).toBe(false)
    expect(ok('2027-01-31', '2027-01-31')).toBe(false)
    expect(ok('2027-01-31', '2027-13-01')).toBe(false)
  })
})

describe('a presented charge', () => {
  it('is paise digits up to the mandate’s MAX_AMOUNT and the method’s largest debit', () => {
    expect(checkPresentedAmount('500000', 'UPI', 500000n)).toEqual({ ok: true, value: 500000n })
    expect(checkPresentedAmount('500001', 'UPI', 500000n)).toEqual({ ok: false, code: '380' })
    expect(checkPresentedAmount('12.50', 'UPI', 500000n)).toEqual({ ok: false, code: '320' })
    expect(checkPresentedAmount(undefined, 'UPI', 500000n)).toEqual({ ok: false, code: '320' })
  })
})
