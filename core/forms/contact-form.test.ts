import { describe, expect, it } from 'vitest'
import { contactFields, contactFormRules, validateContactForm } from './contact-form.ts'
import { fieldError } from './fields.ts'

const valid = {
  name: 'Asha Verma',
  company: 'Verma Textiles',
  phone: '9876543210',
  email: 'asha.verma@verma-textiles.example',
  subject: 'Online payments for our store',
  message: 'We would like to accept UPI and cards on our website.',
}

describe('contact form rules', () => {
  it('lists the six fields of docs/product.md#entities-and-fields in form order', () => {
    expect(contactFields).toEqual(['name', 'company', 'phone', 'email', 'subject', 'message'])
  })

  it('accepts a complete, valid message and trims it', () => {
    const result = validateContactForm({ ...valid, name: '  Asha Verma  ' })
    expect(result.ok).toBe(true)
    expect(result.errors).toEqual({})
    expect(result.values.name).toBe('Asha Verma')
  })

  it.each([
    ['name', 'Please enter your Name'],
    ['company', 'Please enter your Company'],
    ['phone', 'Please enter your Phone'],
    ['email', 'Please enter your Email'],
    ['subject', 'Please enter your Subject'],
    ['message', 'Please enter your Message'],
  ] as const)('an empty %s says "%s"', (field, message) => {
    expect(validateContactForm({ ...valid, [field]: '' }).errors).toEqual({ [field]: message })
    expect(validateContactForm({ ...valid, [field]: '   ' }).errors).toEqual({ [field]: message })
  })

  it.each([
    ['name', 'Asha 2', 'Please enter valid Name'],
    ['name', 'x'.repeat(51), 'Please enter valid Name'],
    ['company', '!!!', 'Please enter valid Company'],
    ['company', 'c'.repeat(51), 'Please enter valid Company'],
    ['phone', '98765', 'Please enter valid Mobile Number'],
    ['phone', '98765432101', 'Please enter valid Mobile Number'],
    ['phone', '98765abcde', 'Please enter valid Mobile Number'],
    ['email', 'asha@', 'Please enter valid Email ID'],
    ['email', 'asha@@example.com', 'Please enter valid Email ID'],
    ['email', 'asha@example', 'Please enter valid Email ID'],
    ['email', `${'a'.repeat(40)}@example.com`, 'Please enter valid Email ID'],
    ['subject', '???', 'Please enter valid Subject'],
    ['subject', 's'.repeat(51), 'Please enter valid Subject'],
    ['message', '...', 'Please enter valid Message'],
    ['message', 'm'.repeat(5001), 'Please enter valid Message'],
  ] as const)('%s "%s" says "%s"', (field, value, message) => {
    expect(validateContactForm({ ...valid, [field]: value }).errors).toEqual({ [field]: message })
  })

  it('treats a missing or non-text field as empty', () => {
    const result = validateContactForm({ name: 42, phone: null })
    expect(result.ok).toBe(false)
    expect(result.errors.name).toBe('Please enter your Name')
    expect(result.errors.phone).toBe('Please enter your Phone')
  })

  it('accepts values at their limits', () => {
    const atLimits = {
      ...valid,
      name: 'a'.repeat(50),
      company: 'c'.repeat(50),
      subject: 's'.repeat(50),
      email: `${'a'.repeat(38)}@example.com`,
    }
    expect(atLimits.email).toHaveLength(50)
    expect(validateContactForm(atLimits).ok).toBe(true)
  })
})

describe('filtering as typed', () => {
  const { name, phone, email, company, message } = contactFormRules

  it('name keeps letters and spaces only, up to 50', () => {
    expect(name.filter('Asha-Verma 2!')).toBe('AshaVerma ')
    expect(name.filter('a'.repeat(60))).toHaveLength(50)
  })

  it('phone keeps digits only, up to 10', () => {
    expect(phone.filter('+91 98765-43210')).toBe('9198765432')
    expect(phone.filter('98a76')).toBe('9876')
  })

  it('email keeps letters, digits and @ . _ - with one @ only, up to 50', () => {
    expect(email.filter('asha verma@ex@ample.com')).toBe('ashaverma@example.com')
    expect(email.filter('a+b#c@d.e')).toBe('abc@d.e')
    expect(email.filter('x'.repeat(60))).toHaveLength(50)
  })

  it('clears a value that is a single space', () => {
    for (const rule of [name, company, email, message]) expect(rule.filter(' ')).toBe('')
    expect(company.filter(' a')).toBe(' a')
  })

  it('fieldError gives no message for a valid value', () => {
    expect(fieldError(phone, '9876543210')).toBeUndefined()
  })
})
