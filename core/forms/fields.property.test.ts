import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText, padding } from '#tests/support/arbitraries.ts'
import { careerFormRules } from './career-form.ts'
import { contactFormRules } from './contact-form.ts'
import {
  EMAIL_MAX,
  fieldError,
  type FieldRule,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_DIGITS,
  validateFields,
} from './fields.ts'
import { upiIdRule } from './upi.ts'

/** Every rule a visitor types into, with the characters its filter may leave. */
const rules: Array<[string, FieldRule, RegExp | undefined]> = [
  ['name', contactFormRules.name, /^[A-Za-z ]*$/],
  ['company', contactFormRules.company, undefined],
  ['phone', contactFormRules.phone, /^\d*$/],
  ['email', contactFormRules.email, /^[A-Za-z0-9._-]*@?[A-Za-z0-9._-]*$/],
  ['subject', contactFormRules.subject, undefined],
  ['message', contactFormRules.message, undefined],
  ['career name', careerFormRules.name, /^[A-Za-z ]*$/],
  ['career message', careerFormRules.message, undefined],
  ['UPI ID', upiIdRule, /^[A-Za-z0-9.@-]*$/],
]

/** Long enough to cross the message cap now and then, short enough to stay quick. */
const typed = fc.oneof(
  anyText(60),
  anyText(60).map((text) => text.repeat(100)),
  fc.string({ minLength: MESSAGE_MAX - 5, maxLength: MESSAGE_MAX + 5 }),
)

describe.each(rules)('the %s rule', (_label, rule, allowed) => {
  it('filters idempotently: filtering what was filtered changes nothing', () => {
    fc.assert(fc.property(typed, (value) => rule.filter(rule.filter(value)) === rule.filter(value)))
  })

  it('never lets the value grow past its length cap', () => {
    fc.assert(fc.property(typed, (value) => rule.filter(value).length <= rule.maxLength))
  })

  it('never cuts a character in half at the cap (an emoji is two UTF-16 units)', () => {
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    const emojiAcrossTheCap = fc
      .integer({ min: rule.maxLength - 3, max: rule.maxLength + 1 })
      .map((before) => 'a'.repeat(Math.max(0, before)) + '😀🇮🇳'.repeat(3))
    fc.assert(
      fc.property(fc.oneof(typed, emojiAcrossTheCap), (value) => {
        if (!loneSurrogate.test(value)) expect(rule.filter(value)).not.toMatch(loneSurrogate)
      }),
    )
    // A value broken already is cut once, not shortened again on every keystroke.
    const broken = '\ud800'.repeat(rule.maxLength + 5)
    expect(rule.filter(rule.filter(broken))).toBe(rule.filter(broken))
  })

  it.runIf(allowed)('never leaves a character the field does not accept', () => {
    fc.assert(fc.property(typed, (value) => allowed!.test(rule.filter(value))))
  })

  it('clears a lone space and keeps nothing of an empty value', () => {
    expect(rule.filter(' ')).toBe('')
    expect(rule.filter('')).toBe('')
  })

  it('judges a value the same with or without whitespace around it', () => {
    fc.assert(
      fc.property(padding, typed, padding, (before, value, after) => {
        expect(fieldError(rule, before + value + after)).toBe(fieldError(rule, value))
      }),
    )
  })

  it('answers one of its two messages or nothing, and "empty" exactly for blank values', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const error = fieldError(rule, value)
        if (value.trim() === '') expect(error).toBe(rule.messages.empty)
        else expect([undefined, rule.messages.invalid]).toContain(error)
      }),
    )
  })

  it('leaves a valid value as typed: the filter never changes what would pass', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const filtered = rule.filter(value).trim()
        // Whatever the filter let through and the rule accepts, typed again, stays the same.
        if (filtered !== '' && fieldError(rule, filtered) === undefined) {
          expect(rule.filter(filtered)).toBe(filtered)
        }
      }),
    )
  })
})

describe('what the filters guarantee', () => {
  it('the phone filter keeps the first ten digits in order, so ten digits typed are valid', () => {
    fc.assert(
      fc.property(anyText(), (value) => {
        const digits = value.replace(/\D/g, '')
        const filtered = contactFormRules.phone.filter(value)
        expect(filtered).toBe(digits.slice(0, PHONE_DIGITS))
        if (digits.length >= PHONE_DIGITS) {
          expect(fieldError(contactFormRules.phone, filtered)).toBeUndefined()
        }
      }),
    )
  })

  it('the name filter leaves letters and spaces; with a letter and within 50 it is valid', () => {
    fc.assert(
      fc.property(anyText(), (value) => {
        const filtered = contactFormRules.name.filter(value)
        expect(filtered.length).toBeLessThanOrEqual(NAME_MAX)
        const error = fieldError(contactFormRules.name, filtered)
        expect(error === undefined).toBe(/[A-Za-z]/.test(filtered))
      }),
    )
  })

  it('the e-mail filter keeps at most one @ and at most 50 characters', () => {
    fc.assert(
      fc.property(anyText(), (value) => {
        const filtered = contactFormRules.email.filter(value)
        expect(filtered.split('@').length).toBeLessThanOrEqual(2)
        expect(filtered.length).toBeLessThanOrEqual(EMAIL_MAX)
      }),
    )
  })

  it('free text passes when it holds a letter or digit of any script, within its cap', () => {
    fc.assert(
      fc.property(anyText(), (value) => {
        const trimmed = value.trim()
        const error = fieldError(contactFormRules.subject, value)
        if (trimmed === '') return
        expect(error === undefined).toBe(/[\p{L}\p{N}]/u.test(trimmed) && trimmed.length <= 50)
      }),
    )
  })
})

describe('validateFields, the server entry point, against fieldError, the browser one', () => {
  const input = fc.dictionary(
    fc.constantFrom(...Object.keys(contactFormRules), 'website', 'extra', '__proto__'),
    fc.oneof(
      typed,
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.array(fc.string()),
      fc.object(),
    ),
  )

  it('gives each field the message the browser shows for it when it loses focus', () => {
    fc.assert(
      fc.property(input, (body) => {
        const result = validateFields(contactFormRules, body)
        for (const [name, rule] of Object.entries(contactFormRules)) {
          const raw = body[name]
          // The browser only ever has text; anything else reads as an empty field.
          const browser = fieldError(rule, typeof raw === 'string' ? raw : '')
          expect(result.errors[name as keyof typeof contactFormRules]).toBe(browser)
        }
        expect(result.ok).toBe(Object.keys(result.errors).length === 0)
      }),
    )
  })

  it('returns every field trimmed and no other key', () => {
    fc.assert(
      fc.property(input, (body) => {
        const { values } = validateFields(contactFormRules, body)
        expect(Object.keys(values).sort()).toEqual(Object.keys(contactFormRules).sort())
        for (const [name, value] of Object.entries(values)) {
          const raw = body[name]
          expect(value).toBe(typeof raw === 'string' ? raw.trim() : '')
        }
      }),
    )
  })

  it('accepts exactly what passes the browser: validated values validate again unchanged', () => {
    fc.assert(
      fc.property(input, (body) => {
        const first = validateFields(contactFormRules, body)
        const second = validateFields(contactFormRules, first.values)
        expect(second).toEqual(first)
      }),
    )
  })
})
