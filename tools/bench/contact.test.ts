import { describe, expect, it } from 'vitest'
import { validateContactForm } from '../../core/forms/contact-form.ts'
import { benchContactMessage } from './contact.ts'

describe('benchContactMessage', () => {
  it('passes the contact form rules unchanged, so the bench measures accepted messages', () => {
    const result = validateContactForm({ ...benchContactMessage })
    expect(result.ok).toBe(true)
    expect(result.values).toEqual(benchContactMessage)
  })
})
