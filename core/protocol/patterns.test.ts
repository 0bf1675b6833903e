import { describe, expect, it } from 'vitest'
import { isAmount, isValid, type PatternName, patternNames, patterns } from './patterns.ts'

/** Every pattern of docs/product.md#pattern-library "Generic pattern library", one by one, with its edges. */
const cases: Record<PatternName, { valid: string[]; invalid: string[] }> = {
  password: {
    valid: [
      'Paystra#2026',
      'Aa1#aaaa',
      'xY9-longer-passphrase',
      'Q1w2e3r4!',
      'ABCdef12^',
      'aB3$ with space',
    ],
    invalid: [
      '',
      'Aa1#aaa', // 7 characters
      'paystra#2026', // no upper-case letter
      'PAYSTRA#2026', // no lower-case letter
      'Paystra#Pay', // no digit
      'Paystra2026', // no special character
      'Paystra+2026', // + is not one of the special characters
      'Paystra 2026', // nor is a space
    ],
  },
  mobile: {
    valid: ['9876543210', '0000000000', '1234567890'],
    invalid: ['', '987654321', '98765432101', '98765 43210', '+919876543210', '987654321a'],
  },
  otp: {
    valid: ['123456', '000000', '999999'],
    invalid: ['', '12345', '1234567', '12 345', 'abcdef', '12345a'],
  },
  captcha: {
    valid: ['482913', '000000'],
    invalid: ['', '48291', '4829130', 'ABC123', '48-913'],
  },
  ifsc: {
    valid: ['SBIN0001234', 'HDFC0ABC123', 'ICIC0000001', 'UTIB0SBIBLR'],
    invalid: [
      '',
      'SBIN1001234', // fifth character must be 0
      'SBI00001234', // only three letters
      'SBIN000123', // 10 characters
      'SBIN00012345', // 12 characters
      'sbin0001234', // lower case
      'SBIN0-01234',
      '1BIN0001234',
    ],
  },
  accountNumber: {
    valid: ['123456789', '000000000004', '123456789012345678', '50100012345678'],
    invalid: ['', '12345678', '1234567890123456789', '12345678a', '1234 56789', '-123456789'],
  },
  number: {
    valid: ['1', '9', '100', '20000000', '12345678901234567890'],
    invalid: ['', '0', '01', '007', '-1', '1.00', '1e3', ' 100', '100 ', '१००'],
  },
  vpa: {
    valid: [
      'success@upi',
      'abc@upi',
      'asha.rao@okaxis',
      'shop-01@ybl',
      'first_last@paytm',
      '9876543210@ybl',
    ],
    invalid: [
      '',
      'ab@upi', // two characters before @
      'abc@up', // two letters after @
      'abc@upi1', // digits after @
      'abc@@upi',
      'abc upi@upi',
      'abc',
      '@upi',
      'abc@',
      'a+b@upi',
    ],
  },
  utr: {
    valid: ['123456789012', '000000000001'],
    invalid: ['', '12345678901', '1234567890123', '12345678901a', 'UTR123456789'],
  },
  transactionId: {
    valid: ['1234567890123456', '1000000000000001'],
    invalid: [
      '',
      '123456789012345',
      '12345678901234567',
      '123456789012345a',
      '1234 5678 9012 3456',
    ],
  },
  orderId: {
    valid: ['A', 'LP1763712000000', 'a:b/c@d_e-f', 'x'.repeat(50), 'ORDER-2026/11:21@store_1'],
    invalid: ['', 'x'.repeat(51), 'has space', 'semi;colon', 'ü', 'dot.ted', 'plus+sign', 'tab\t'],
  },
}

describe('the generic pattern library', () => {
  it('has exactly the patterns of docs/product.md#pattern-library', () => {
    expect([...patternNames].sort()).toEqual(Object.keys(cases).sort())
    for (const pattern of Object.values(patterns)) {
      // Anchored: a valid value inside a longer string never passes.
      expect(pattern.source.startsWith('^') && pattern.source.endsWith('$')).toBe(true)
    }
  })

  for (const name of patternNames) {
    describe(name, () => {
      it.each(cases[name].valid)('accepts %j', (value) => {
        expect(isValid(name, value)).toBe(true)
      })
      it.each(cases[name].invalid)('refuses %j', (value) => {
        expect(isValid(name, value)).toBe(false)
      })
      it('refuses a missing value and the value padded with spaces or a newline', () => {
        expect(isValid(name, undefined)).toBe(false)
        // A password may hold any character, spaces included.
        if (name === 'password') return
        const sample = cases[name].valid[0]!
        expect(isValid(name, ` ${sample}`)).toBe(false)
        expect(isValid(name, `${sample}\n`)).toBe(false)
      })
    })
  }

  it('amounts are numbers of at most 10 digits', () => {
    for (const ok of ['1', '100', '9999999999']) expect(isAmount(ok), ok).toBe(true)
    for (const bad of ['', '0', '01', '10000000000', '1.5', undefined])
      expect(isAmount(bad), String(bad)).toBe(false)
  })
})
