import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText } from '#tests/support/arbitraries.ts'
import { isAmount, isValid, MAX_AMOUNT_DIGITS, type PatternName, patternNames } from './patterns.ts'

/**
 * Each pattern of docs/product.md#pattern-library against generators written from the spec's words, not from the
 * pattern itself: values it must accept, and values one step away that it must refuse.
 */
const digits = (min: number, max = min) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz')
const letter = fc.oneof(upper, lower)
const digit = fc.constantFrom(...'0123456789')
const special = fc.constantFrom(...'#?!@$%^&*-')
const orderIdCharacter = fc.oneof(letter, digit, fc.constantFrom(...':/@_-'))

const valid: Record<PatternName, fc.Arbitrary<string>> = {
  // One of each required class, then anything, shuffled.
  password: fc
    .tuple(upper, lower, digit, special, fc.string({ unit: 'binary', minLength: 4, maxLength: 30 }))
    .chain(([a, b, c, d, rest]) =>
      fc.shuffledSubarray([a, b, c, d, ...Array.from(rest)], {
        minLength: 4 + Array.from(rest).length,
      }),
    )
    .map((parts) => parts.join(''))
    .filter((text) => !/[\n\r\u2028\u2029]/.test(text)),
  mobile: digits(10),
  otp: digits(6),
  captcha: digits(6),
  ifsc: fc
    .tuple(
      fc.string({ unit: upper, minLength: 4, maxLength: 4 }),
      fc.string({ unit: fc.oneof(upper, digit), minLength: 6, maxLength: 6 }),
    )
    .map(([bank, branch]) => `${bank}0${branch}`),
  accountNumber: digits(9, 18),
  number: fc.tuple(fc.constantFrom(...'123456789'), digits(0, 25)).map(([a, b]) => a + b),
  vpa: fc
    .tuple(
      fc.string({
        unit: fc.oneof(letter, digit, fc.constantFrom('.', '_', '-')),
        minLength: 3,
        maxLength: 30,
      }),
      fc.string({ unit: letter, minLength: 3, maxLength: 12 }),
    )
    .map(([name, handle]) => `${name}@${handle}`),
  utr: digits(12),
  transactionId: digits(16),
  orderId: fc.string({ unit: orderIdCharacter, minLength: 1, maxLength: 50 }),
}

/** What each pattern's values are made of, to build characters that are not. */
const alphabet: Record<Exclude<PatternName, 'password'>, RegExp> = {
  mobile: /^\d$/,
  otp: /^\d$/,
  captcha: /^\d$/,
  ifsc: /^[A-Z0-9]$/,
  accountNumber: /^\d$/,
  number: /^\d$/,
  vpa: /^[A-Za-z0-9._@-]$/,
  utr: /^\d$/,
  transactionId: /^\d$/,
  orderId: /^[A-Za-z0-9:/@_-]$/,
}

/** Look-alikes that slip past careless checks: other scripts' digits, full-width forms, spaces. */
const lookAlike = fc.constantFrom(
  '१',
  '٣',
  '０',
  'Ａ',
  'ｚ',
  ' ',
  '\u00a0',
  '\t',
  '\n',
  '.',
  '+',
  ',',
  'é',
  '😀',
)

describe.each(patternNames)('the %s pattern', (name) => {
  it('accepts every value of its shape', () => {
    fc.assert(fc.property(valid[name], (value) => isValid(name, value)))
  })

  it('refuses a valid value with anything before or after it (anchored)', () => {
    fc.assert(
      fc.property(
        valid[name],
        fc.constantFrom(' ', '\n', '\t', '<', '\u0000'),
        fc.boolean(),
        (value, junk, before) => {
          // A password may hold spaces and tabs inside, so only a line break spoils it.
          if (name === 'password' && junk !== '\n') return
          expect(isValid(name, before ? junk + value : value + junk)).toBe(false)
        },
      ),
    )
  })

  it.runIf(name !== 'password')(
    'refuses a valid value with one character of another alphabet',
    () => {
      fc.assert(
        fc.property(
          valid[name],
          fc.nat(),
          fc.oneof(lookAlike, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
          (value, where, odd) => {
            const pattern = alphabet[name as Exclude<PatternName, 'password'>]
            fc.pre(!pattern.test(odd))
            const index = where % value.length
            expect(isValid(name, value.slice(0, index) + odd + value.slice(index + 1))).toBe(false)
          },
        ),
      )
    },
  )

  it('refuses whatever is not a string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.constant(undefined), fc.constant(null), fc.object()),
        (value) => {
          expect(isValid(name, value as unknown as string)).toBe(false)
        },
      ),
    )
  })
})

describe('lengths at their edges', () => {
  const fixed: Array<[PatternName, number]> = [
    ['mobile', 10],
    ['otp', 6],
    ['captcha', 6],
    ['utr', 12],
    ['transactionId', 16],
    ['ifsc', 11],
  ]

  it.each(fixed)('%s takes exactly %i characters', (name, length) => {
    fc.assert(
      fc.property(valid[name], digit, (value, extra) => {
        expect(value).toHaveLength(length)
        expect(isValid(name, value.slice(0, -1))).toBe(false)
        expect(isValid(name, value + extra)).toBe(false)
      }),
    )
  })

  it('an account number has 9 to 18 digits', () => {
    fc.assert(
      fc.property(digits(0, 30), (value) => {
        expect(isValid('accountNumber', value)).toBe(value.length >= 9 && value.length <= 18)
      }),
    )
  })

  it('an order id has 1 to 50 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: orderIdCharacter, maxLength: 80 }), (value) => {
        expect(isValid('orderId', value)).toBe(value.length >= 1 && value.length <= 50)
      }),
    )
  })

  it('a VPA needs three characters before @ and three letters after', () => {
    fc.assert(
      fc.property(valid.vpa, (value) => {
        const [name, handle] = value.split('@') as [string, string]
        expect(isValid('vpa', `${name.slice(0, 2)}@${handle}`)).toBe(false)
        expect(isValid('vpa', `${name}@${handle.slice(0, 2)}`)).toBe(false)
        expect(isValid('vpa', `${name}@${handle}@${handle}`)).toBe(false)
      }),
    )
  })

  it('a password needs each class: take one away and it is refused', () => {
    const classes: Array<[string, RegExp, string]> = [
      ['upper-case letter', /[A-Z]/g, 'a'],
      ['lower-case letter', /[a-z]/g, 'A'],
      ['digit', /\d/g, 'a'],
      ['special character', /[#?!@$%^&*-]/g, 'a'],
    ]
    fc.assert(
      fc.property(valid.password, (value) => {
        for (const [, characters, stand] of classes) {
          expect(isValid('password', value.replace(characters, stand))).toBe(false)
        }
        expect(isValid('password', Array.from(value).slice(0, 7).join('').slice(0, 7))).toBe(false)
      }),
    )
  })
})

describe('amounts', () => {
  it('are whole numbers of paise from 1 to 10 digits, no leading zero, no sign or point', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (paise) => {
        const text = String(paise)
        expect(isAmount(text)).toBe(paise >= 1n && text.length <= MAX_AMOUNT_DIGITS)
        expect(isAmount(`0${text}`)).toBe(false)
        expect(isAmount(`-${text}`)).toBe(false)
        expect(isAmount(`${text}.00`)).toBe(false)
        expect(isAmount(` ${text}`)).toBe(false)
      }),
    )
  })

  it('refuse any text that is not such a number', () => {
    fc.assert(
      fc.property(anyText(14), (text) => {
        expect(isAmount(text)).toBe(/^[1-9]\d{0,9}$/.test(text))
      }),
    )
  })
})
