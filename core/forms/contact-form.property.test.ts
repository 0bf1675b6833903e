import { Readable } from 'node:stream'
import express, { type Request, type Response } from 'express'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validEmail, validFreeText, validName, validPhone } from '#tests/support/arbitraries.ts'
import { COMPANY_MAX, MESSAGE_MAX, SUBJECT_MAX } from './fields.ts'
import { contactFields, contactFormRules, validateContactForm } from './contact-form.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from './honeypot.ts'

/** The contact API's body limit (server/api/forms-api.ts). */
const JSON_LIMIT_BYTES = 64 * 1024

const validContact = fc.record({
  name: validName,
  company: validFreeText(COMPANY_MAX),
  phone: validPhone,
  email: validEmail,
  subject: validFreeText(SUBJECT_MAX),
  message: validFreeText(MESSAGE_MAX),
})

/** Reads `body` the way POST /api/sendContactEmail does: express.json, strict, 64 KB. */
async function throughServerParser(body: string): Promise<unknown> {
  const bytes = Buffer.from(body, 'utf8')
  const req = Object.assign(Readable.from([bytes]), {
    method: 'POST',
    url: '/api/sendContactEmail',
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  }) as unknown as Request
  const parse = express.json({ limit: JSON_LIMIT_BYTES, strict: true })
  await new Promise<void>((resolve, reject) =>
    parse(req, {} as Response, (error?: unknown) => (error ? reject(error) : resolve())),
  )
  return req.body
}

describe('a contact message the form accepts', () => {
  it('round-trips through the server: JSON, the server parser, the same values, valid', async () => {
    await fc.assert(
      fc.asyncProperty(validContact, async (contact) => {
        expect(validateContactForm(contact).ok).toBe(true)
        // What ContactForm sends: the validated values and an empty honeypot.
        const { values } = validateContactForm(contact)
        const body = JSON.stringify({ ...values, [HONEYPOT_FIELD]: '' })
        expect(Buffer.byteLength(body)).toBeLessThanOrEqual(JSON_LIMIT_BYTES)
        const parsed = (await throughServerParser(body)) as Record<string, unknown>
        expect(isHoneypotFilled(parsed[HONEYPOT_FIELD])).toBe(false)
        const onServer = validateContactForm(parsed)
        expect(onServer.errors).toEqual({})
        expect(onServer.values).toEqual(values)
      }),
      { numRuns: 200 },
    )
  })

  it('stays valid when typed: every field passes its own filter unchanged', () => {
    fc.assert(
      fc.property(validContact, (contact) => {
        for (const name of contactFields) {
          expect(contactFormRules[name].filter(contact[name])).toBe(contact[name])
        }
      }),
    )
  })

  it('fits the 64 KB body limit even at every cap with the costliest characters', () => {
    // Control characters cost six bytes each in JSON (\u0001): the worst a valid form can send.
    const worst = {
      name: 'a'.repeat(50),
      company: `a${'\u0001'.repeat(COMPANY_MAX - 1)}`,
      phone: '9876543210',
      email: `${'a'.repeat(38)}@example.com`,
      subject: `a${'\u0001'.repeat(SUBJECT_MAX - 1)}`,
      message: `a${'\u0001'.repeat(MESSAGE_MAX - 1)}`,
      [HONEYPOT_FIELD]: '',
    }
    expect(validateContactForm(worst).ok).toBe(true)
    expect(Buffer.byteLength(JSON.stringify(worst))).toBeLessThanOrEqual(JSON_LIMIT_BYTES)
  })
})
