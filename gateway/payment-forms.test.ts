import { describe, expect, it } from 'vitest'
import { testCards } from './methods.ts'
import { luhnValid, validateCardForm, validateUpiForm } from './payment-forms.ts'
import { paymentFee, pricingRowFor } from '#core/pricing/payment-fee.ts'

const now = new Date('2026-11-21T10:00:00Z')
const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Asha Rao' }

describe('card form', () => {
  it('maps each test card to its outcome', () => {
    expect(validateCardForm(card, now)).toEqual({
      ok: true,
      number: '4111111111111111',
      code: '000',
      card: { number: '4111111111111111', code: '000', paymentType: 'CC', mopType: 'VI' },
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

  it('takes every test card, each a 16-digit number that passes the Luhn check', () => {
    for (const { number, code } of testCards) {
      expect(luhnValid(number), number).toBe(true)
      expect(validateCardForm({ ...card, number }, now), number).toMatchObject({ ok: true, code })
    }
  })

  it('tells a debit card, a RuPay debit card and a card issued abroad, each charged by its own row', () => {
    const cardOf = (number: string) => {
      const result = validateCardForm({ ...card, number }, now)
      if (!result.ok) throw new Error(`${number} refused`)
      return result.card
    }
    const visaDebit = cardOf('4000 0566 5566 5556')
    expect(visaDebit).toMatchObject({ code: '000', paymentType: 'DC', mopType: 'VI' })
    expect(pricingRowFor(visaDebit)).toBe('debit-card')
    // 0.40 % up to ₹2,000, 0.90 % above, GST 18 % on the fee.
    expect(paymentFee(visaDebit, 1_500_00n)).toMatchObject({ fee: 600n, gst: 108n, net: 149292n })
    expect(paymentFee(visaDebit, 2_500_00n)).toMatchObject({ fee: 2250n, gst: 405n, net: 247345n })

    const rupayDebit = cardOf('6074 8492 0000 4917')
    expect(rupayDebit).toMatchObject({ code: '000', paymentType: 'DC', mopType: 'RU' })
    expect(pricingRowFor(rupayDebit)).toBe('upi-rupay-debit')
    expect(paymentFee(rupayDebit, 2_500_00n)).toMatchObject({ fee: 0n, gst: 0n, net: 2_500_00n })

    const abroad = cardOf('4000 0082 6000 0000')
    expect(abroad).toMatchObject({ code: '000', paymentType: 'CC', issuedAbroad: true })
    expect(pricingRowFor(abroad)).toBe('international-cards')
    // In rupees, 3.00 %: not the 2.00 % of a credit card issued in India.
    expect(paymentFee(abroad, 1_000_00n)).toMatchObject({ fee: 3000n, gst: 540n, net: 96460n })
    expect(pricingRowFor(cardOf('4111 1111 1111 1111'))).toBe('credit-card')
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
