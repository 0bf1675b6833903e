import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  anyText,
  validEmail,
  validFreeText,
  validName,
  validPhone,
} from '#tests/support/arbitraries.ts'
import { validateCareerForm } from './career-form.ts'
import { validateContactForm } from './contact-form.ts'
import { MESSAGE_MAX } from './fields.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from './honeypot.ts'

const contact = fc.record({
  name: validName,
  company: validFreeText(50),
  phone: validPhone,
  email: validEmail,
  subject: validFreeText(50),
  message: validFreeText(MESSAGE_MAX),
})

describe('the honeypot', () => {
  it('counts as filled exactly when it holds a non-blank string', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyText(), fc.constant(undefined), fc.constant(null), fc.integer(), fc.object()),
        (value) => {
          expect(isHoneypotFilled(value)).toBe(typeof value === 'string' && value.trim() !== '')
        },
      ),
    )
  })

  it('never changes how the fields are judged', () => {
    fc.assert(
      fc.property(contact, anyText(), (values, bait) => {
        expect(validateContactForm({ ...values, [HONEYPOT_FIELD]: bait })).toEqual(
          validateContactForm(values),
        )
        expect(validateCareerForm({ ...values, [HONEYPOT_FIELD]: bait })).toEqual(
          validateCareerForm(values),
        )
      }),
    )
  })
})
