import { describe, expect, it } from 'vitest'
import { careerMail, contactMail } from './compose.ts'

const addresses = {
  from: 'Paystra Website <no-reply@paystra.example>',
  contactInbox: 'contact@paystra.example',
  careersInbox: 'careers@paystra.example',
}

const message = {
  name: 'Asha Verma',
  company: 'Verma & Sons <Textiles>',
  phone: '9876543210',
  email: 'asha@example.com',
  subject: 'Pricing\r\nBcc: victim@example.com',
  message: '<script>alert("x")</script>\nSecond line',
}

describe('contactMail', () => {
  it('goes to the contact inbox with replies to the sender', () => {
    const mail = contactMail(message, addresses)
    expect(mail.to).toBe('contact@paystra.example')
    expect(mail.from).toBe(addresses.from)
    expect(mail.replyTo).toBe('Asha Verma <asha@example.com>')
  })

  it('escapes everything the visitor wrote in the HTML part', () => {
    const { html, text } = contactMail(message, addresses)
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('Verma &amp; Sons &lt;Textiles&gt;')
    expect(text).toContain('<script>alert("x")</script>')
  })

  it('keeps line breaks out of headers', () => {
    const { subject } = contactMail(message, addresses)
    expect(subject).not.toMatch(/[\r\n]/)
    expect(subject).toBe('Contact: Pricing Bcc: victim@example.com (Verma & Sons <Textiles>)')
  })
})

describe('careerMail', () => {
  it('goes to the careers inbox and attaches the stored resume', () => {
    const mail = careerMail(
      {
        id: '6f1c',
        name: 'Ravi Kumar',
        phone: '9123456780',
        email: 'ravi@example.com',
        subject: 'New Job Application from Paystra',
        message: 'Hello',
        resumeFileName: 'ravi.pdf',
      },
      addresses,
    )
    expect(mail.to).toBe('careers@paystra.example')
    expect(mail.subject).toBe('New Job Application from Paystra: Ravi Kumar')
    expect(mail.attachResumeOf).toBe('6f1c')
    expect(mail.text).toContain('Resume: ravi.pdf')
  })
})
