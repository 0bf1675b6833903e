import { describe, expect, it } from 'vitest'
import { luhnValid, validateCardForm, validateUpiForm } from './payment-forms.ts'

const now = new Date('2026-11-21T10:00:00Z')
const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Asha Rao' }

describe('card form', () => {
  it('maps each test card to its outcome', () => {
    expect(validateCardForm(card, now)).toEqual({
      ok: true,
      number: '4111111111111111',
      code: '000',
    })
    expect(validateCardForm({ ...card, number: '4000000000000002' }, now)).toMatchObject({
      code: '004',
    })
    expect(validateCardForm({ ...card, number: '4000-0000-0000-9995' }, now)).toMatchObject({
      code: '020',
    })
  })

  it('says what is missing', () => {
    expect(validateCardForm({ number: '', expiry: '', cvv: '', name: ' ' }, now)).toEqual({
      ok: false,
      errors: {
        number: 'cardNumberRequired',
        expiry: 'expiryRequired',
        cvv: 'cvvRequired',
        name: 'cardNameRequired',
      },
    })
  })

  it('refuses malformed values and real-looking cards', () => {
    const errors = (input: Partial<typeof card>) => {
      const result = validateCardForm({ ...card, ...input }, now)
      return result.ok ? {} : result.errors
    }
    expect(errors({ number: '4111 1111 1111 1112' })).toEqual({ number: 'cardNumberInvalid' })
    expect(errors({ number: '4111' })).toEqual({ number: 'cardNumberInvalid' })
    expect(errors({ number: '5555555555554444' })).toEqual({ number: 'cardNotTest' })
    expect(errors({ expiry: '13/30' })).toEqual({ expiry: 'expiryInvalid' })
    expect(errors({ expiry: '1230' })).toEqual({ expiry: 'expiryInvalid' })
    expect(errors({ expiry: '10/26' })).toEqual({ expiry: 'expiryPast' })
    expect(errors({ expiry: '11/26' })).toEqual({})
    expect(errors({ cvv: '12' })).toEqual({ cvv: 'cvvInvalid' })
    expect(errors({ cvv: '12a' })).toEqual({ cvv: 'cvvInvalid' })
    expect(errors({ name: 'R2D2' })).toEqual({ name: 'cardNameInvalid' })
    expect(errors({ name: "Anjali D'Souza-Menon" })).toEqual({})
    expect(errors({ name: 'आशा राव' })).toEqual({})
  })

  it('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('4000000000000002')).toBe(true)
    expect(luhnValid('4000000000009995')).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('')).toBe(false)
  })
})

describe('UPI form', () => {
  it('uses the messages of docs/product.md#pattern-library and accepts only the test IDs', () => {
    expect(validateUpiForm('  ')).toEqual({ ok: false, error: 'upiRequired' })
    expect(validateUpiForm('not-a-vpa')).toEqual({ ok: false, error: 'upiInvalid' })
    expect(validateUpiForm('.a@upi')).toEqual({ ok: false, error: 'upiInvalid' })
    expect(validateUpiForm('a@u')).toEqual({ ok: false, error: 'upiInvalid' })
    expect(validateUpiForm('someone@okaxis')).toEqual({ ok: false, error: 'upiNotTest' })
    expect(validateUpiForm(' success@upi ')).toEqual({
      ok: true,
      vpa: 'success@upi',
      code: '000',
      late: false,
    })
    expect(validateUpiForm('late@upi')).toEqual({
      ok: true,
      vpa: 'late@upi',
      code: '026',
      late: true,
    })
    expect(validateUpiForm('failure@upi')).toMatchObject({ code: '004' })
    expect(validateUpiForm('pending@upi')).toMatchObject({ code: '026' })
  })
})
