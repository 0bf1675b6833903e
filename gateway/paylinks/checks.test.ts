import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import {
  checkExpiry,
  checkPaylinkRequest,
  checkPersonName,
  MAX_DESCRIPTION_LENGTH,
} from './checks.ts'

const NOW = new Date('2026-12-07T06:30:00Z') // 12:00 IST
const request = (fields: Fields) =>
  checkPaylinkRequest(
    {
      PAY_ID: '1234567890123456',
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Invoice 42',
      ...fields,
    },
    NOW,
  )
const codeOf = (fields: Fields) => {
  const checked = request(fields)
  return checked.ok ? '000' : checked.code
}

describe('a payment link request', () => {
  it('takes the fields the link is made of, optional ones empty', () => {
    expect(request({})).toEqual({
      ok: true,
      value: {
        payId: '1234567890123456',
        amount: 150000n,
        currencyCode: '356',
        description: 'Invoice 42',
        custName: '',
        custEmail: '',
        custPhone: '',
        referenceId: '',
        expireBy: '',
        expireAt: undefined,
        validateBeneficiary: false,
      },
    })
    const full = request({
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha@example.com',
      CUST_PHONE: '9876543210',
      REFERENCE_ID: 'INV-42',
      EXPIRE_BY: '2026-12-08T12:00:00+05:30',
      VALIDATE_BENEFICIARY: 'Y',
      CURRENCY_CODE: '840',
    })
    expect(full.ok && full.value).toMatchObject({
      custName: 'Asha Verma',
      referenceId: 'INV-42',
      expireAt: new Date('2026-12-08T06:30:00Z'),
      validateBeneficiary: true,
      currencyCode: '840',
    })
  })

  it.each([
    [{ AMOUNT: '0' }, '320'],
    [{ AMOUNT: '12345678901' }, '320'],
    [{ CURRENCY_CODE: '' }, '319'],
    [{ DESCRIPTION: '   ' }, '370'],
    [{ DESCRIPTION: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1) }, '370'],
    [{ DESCRIPTION: 'tab\there' }, '370'],
    [{ CUST_NAME: 'R2-D2' }, '375'],
    [{ CUST_EMAIL: 'asha@' }, '375'],
    [{ CUST_PHONE: '+919876543210' }, '375'],
    [{ REFERENCE_ID: 'x'.repeat(51) }, '321'],
    [{ VALIDATE_BENEFICIARY: 'y' }, '378'],
  ])('%o is refused with %s', (fields, code) => {
    expect(codeOf(fields)).toBe(code)
  })

  it('judges the description by its characters, any script', () => {
    expect(codeOf({ DESCRIPTION: 'दो सूती कमीज़ें' })).toBe('000')
    expect(codeOf({ DESCRIPTION: 'x'.repeat(MAX_DESCRIPTION_LENGTH) })).toBe('000')
    expect(checkPersonName('Élodie D’Souza').ok).toBe(true)
    expect(checkPersonName("Elodie D'Souza").ok).toBe(true)
    expect(checkPersonName('अंकित शर्मा').ok).toBe(true)
  })
})

describe('EXPIRE_BY', () => {
  const ahead = (minutes: number) =>
    new Date(NOW.getTime() + minutes * 60_000).toISOString().replace('.000Z', 'Z')

  it('is 15 minutes to 366 days after the account clock, with an offset', () => {
    expect(checkExpiry(undefined, NOW)).toEqual({ ok: true, value: undefined })
    expect(checkExpiry(ahead(15), NOW).ok).toBe(true)
    expect(checkExpiry(ahead(14), NOW)).toEqual({ ok: false, code: '371' })
    expect(checkExpiry(ahead(366 * 24 * 60), NOW).ok).toBe(true)
    expect(checkExpiry(ahead(366 * 24 * 60 + 1), NOW)).toEqual({ ok: false, code: '371' })
  })

  it.each([
    '2026-12-08T12:00:00',
    '2026-12-08',
    '2026-13-01T12:00:00+05:30',
    '2026-02-29T12:00:00+05:30',
    '2100-01-01T00:00:00+05:30',
    '1999-12-31T23:59:59Z',
    'tomorrow',
  ])('%s is refused with 371', (value) => {
    expect(checkExpiry(value, NOW)).toEqual({ ok: false, code: '371' })
  })
})
