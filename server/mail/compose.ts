import { brand, palette } from '#core/brand/brand.ts'
import { escapeHtml } from '#core/html/escape.ts'
import type { MailDraft } from '#server/db/schema.ts'

export interface MailAddresses {
  from: string
  contactInbox: string
  careersInbox: string
}

export interface ContactMessage {
  name: string
  company: string
  phone: string
  email: string
  subject: string
  message: string
}

export interface JobApplication {
  id: string
  name: string
  phone: string
  email: string
  subject: string
  message: string
  resumeFileName: string
}

/** Header values cannot carry line breaks: a visitor must not be able to add headers. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim()
}

type Rows = [label: string, value: string][]

function textBody(intro: string, rows: Rows, message: string): string {
  return [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
  ].join('\n')
}

function htmlBody(intro: string, rows: Rows, message: string): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  return [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:${palette.ink}">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table cellspacing="0" cellpadding="0">${cells}</table>`,
    '<p><strong>Message:</strong></p>',
    `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
    '</body></html>',
  ].join('')
}

/** The contact message as it reaches the team: to CONTACT_INBOX, replies going to the sender. */
export function contactMail(message: ContactMessage, addresses: MailAddresses): MailDraft {
  const intro = `New message from the contact form of the ${brand.name} website.`
  const rows: Rows = [
    ['Name', message.name],
    ['Company', message.company],
    ['Phone', message.phone],
    ['Email', message.email],
    ['Subject', message.subject],
  ]
  return {
    from: addresses.from,
    to: addresses.contactInbox,
    replyTo: `${oneLine(message.name)} <${oneLine(message.email)}>`,
    subject: oneLine(`Contact: ${message.subject} (${message.company})`),
    text: textBody(intro, rows, message.message),
    html: htmlBody(intro, rows, message.message),
  }
}

/** The job application: to CAREERS_INBOX with the stored resume attached. */
export function careerMail(application: JobApplication, addresses: MailAddresses): MailDraft {
  const intro = `New job application from the careers page of the ${brand.name} website. The resume is attached.`
  const rows: Rows = [
    ['Name', application.name],
    ['Phone', application.phone],
    ['Email', application.email],
    ['Resume', application.resumeFileName],
  ]
  return {
    from: addresses.from,
    to: addresses.careersInbox,
    replyTo: `${oneLine(application.name)} <${oneLine(application.email)}>`,
    subject: oneLine(`${application.subject}: ${application.name}`),
    text: textBody(intro, rows, application.message),
    html: htmlBody(intro, rows, application.message),
    attachResumeOf: application.id,
  }
}
