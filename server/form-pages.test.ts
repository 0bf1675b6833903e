import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { count } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as careerRoute from '#app/routes/career-form.tsx'
import * as contactRoute from '#app/routes/contact.tsx'
import { apiMessages } from '#core/forms/api.ts'
import { resumeMessages } from '#core/forms/resume.ts'
import { formsApi } from '#server/api/forms-api.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import { OutboxWorker } from '#server/mail/outbox.ts'
import { smtpTransport } from '#server/mail/transport.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { pdfBytes, pngBytes } from '#tests/support/documents.ts'
import { fastRetries, testAddresses, validApplication } from '#tests/support/forms-app.ts'
import { pageBuild } from '#tests/support/page-build.ts'
import { TestMailServer } from '#tests/support/smtp.ts'
import { createApp } from './app.ts'

/**
 * The contact and job application pages' own form posts, as a browser without scripts sends
 * them: the site's request listener with the forms router, the real route modules rendered
 * through the real entry, a real database and a real SMTP listener.
 */

const mailServer = new TestMailServer()
let store: DataStore
let worker: OutboxWorker
let server: Server
let baseUrl = ''

const siteOrigin = 'https://www.paystra.example'

async function start(rateLimitPerMinute: number) {
  const transport = smtpTransport(mailServer.url)
  worker = new OutboxWorker({ db: store.db, transport, policy: fastRetries, pollMs: 100 })
  worker.start()
  const listener = createApp({
    mode: 'production',
    build: pageBuild({
      contact: { path: 'contact', module: contactRoute },
      career: { path: 'career-form', module: careerRoute },
    }),
    routers: [
      formsApi({
        db: store.db,
        addresses: testAddresses,
        rateLimitPerMinute,
        onQueued: () => worker.kick(),
      }),
    ],
    siteOrigin,
  })
  server = createServer(listener).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function stop() {
  await new Promise((resolve) => server.close(resolve))
  await worker.stop()
}

beforeAll(async () => {
  await mailServer.start()
  store = await openDatabase(testDatabaseOptions())
  // On PostgreSQL the database outlives other test files: their unsent mail is not this file's.
  await store.db.delete(outbox)
  await start(0)
})
afterAll(async () => {
  await stop()
  await store.close()
  await mailServer.stop()
})
beforeEach(async () => {
  await worker.drain()
  // A polling pass that claimed a mail before the delete may still be sending it.
  await worker.idle()
  await store.db.delete(outbox)
  await worker.idle()
  await store.db.delete(contactMessages)
  await store.db.delete(jobApplications)
  mailServer.received.length = 0
})
afterEach(() => worker.drain())

const message = {
  name: 'Asha Verma',
  company: 'Verma & Sons',
  phone: '9876543210',
  email: 'asha@example.com',
  subject: 'Online payments',
  message: 'We sell sarees online.\nCan we take UPI?',
}

/** A form post as Chromium sends it from our own page. */
function postPage(path: string, body: URLSearchParams | FormData, headers = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'Sec-Fetch-Site': 'same-origin', Origin: baseUrl, ...headers },
  })
}

async function stored() {
  const [messages] = await store.db.select({ n: count() }).from(contactMessages)
  const [applications] = await store.db.select({ n: count() }).from(jobApplications)
  return { messages: messages!.n, applications: applications!.n }
}

function application(file?: { bytes: Buffer; name: string }, overrides = {}) {
  const form = new FormData()
  const fields = { ...validApplication, ...overrides }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  // A file input left empty still sends its part: no name, no bytes.
  form.append('file', new Blob([new Uint8Array(file?.bytes ?? [])]), file?.name ?? '')
  return form
}

describe("the contact page's own post", () => {
  it('stores and mails once, then sends the browser back to the page with a one-time "sent"', async () => {
    const response = await postPage('/contact', new URLSearchParams(message))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact')
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!
    expect(await stored()).toEqual({ messages: 1, applications: 0 })
    const [mail] = await mailServer.waitFor(1)
    expect(mail!.text).toContain('Can we take UPI?')

    const page = await fetch(`${baseUrl}/contact`, { headers: { Cookie: cookie } })
    const html = await page.text()
    expect(html).toMatch(/<dialog open=""[^>]*data-status="SUCCESS"/)
    expect(html).toContain(apiMessages.contactSent.replace(/'/g, '&#x27;'))
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('set-cookie')).toMatch(/^form_sent=; Max-Age=0/)
    // A refresh asks again without the cookie: the empty form, no dialog, nothing sent.
    const again = await (await fetch(`${baseUrl}/contact`)).text()
    expect(again).not.toContain('<dialog open')
    await worker.drain()
    expect(mailServer.received).toHaveLength(1)
  })

  it('answers the page again with each error, a summary and every value, and stores nothing', async () => {
    const response = await postPage(
      '/contact',
      new URLSearchParams({ ...message, email: 'asha@', phone: '12345' }),
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('2 fields need your attention.')
    expect(html).toContain('<a href="#contact-phone">Phone')
    expect(html).toContain('<a href="#contact-email">Email')
    expect(html).toContain('value="asha@"')
    expect(html).toContain('value="Verma &amp; Sons"')
    expect(html).toContain('We sell sarees online.\nCan we take UPI?</textarea>')
    expect(html).toContain(
      'id="contact-email-error" class="form-field__error">Please enter valid Email ID',
    )
    expect(html).not.toContain('<dialog open')
    expect(await stored()).toEqual({ messages: 0, applications: 0 })
  })

  it('refuses a field sent twice', async () => {
    const body = new URLSearchParams(message)
    body.append('email', 'other@example.com')
    const response = await postPage('/contact', body)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Send this field once.')
    expect(await stored()).toEqual({ messages: 0, applications: 0 })
  })

  it('a filled honeypot looks sent and stores nothing', async () => {
    const response = await postPage('/contact', new URLSearchParams({ ...message, website: 'x' }))
    expect(response.status).toBe(303)
    expect(await stored()).toEqual({ messages: 0, applications: 0 })
  })

  it.each([
    [
      'Sec-Fetch-Site says another site',
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    ],
    ['a sister site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://evil.paystra.example' }],
    [
      'an old browser names another Origin',
      { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' },
    ],
  ])('refuses a post another site made (%s) and stores nothing', async (_case, headers) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''))
    const response = await fetch(`${baseUrl}/contact`, {
      method: 'POST',
      body: new URLSearchParams(message),
      redirect: 'manual',
      headers: clean,
    })
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('This form can only be sent from our own pages.')
    const career = await fetch(`${baseUrl}/career-form`, {
      method: 'POST',
      body: application({ bytes: pdfBytes(), name: 'cv.pdf' }),
      redirect: 'manual',
      headers: clean,
    })
    expect(career.status).toBe(403)
    expect(await stored()).toEqual({ messages: 0, applications: 0 })
  })
})

describe("the job application page's own post", () => {
  it('stores the application with its resume and mails it once', async () => {
    const response = await postPage(
      '/career-form',
      application({ bytes: pdfBytes(), name: 'ravi.pdf' }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/career-form')
    expect(await stored()).toEqual({ messages: 0, applications: 1 })
    const [mail] = await mailServer.waitFor(1)
    expect(mail!.attachments.map((file) => file.filename)).toEqual(['ravi.pdf'])
  })

  it('refuses a picture renamed .pdf by its content, says to choose the file again, stores nothing', async () => {
    const response = await postPage(
      '/career-form',
      application({ bytes: pngBytes(), name: 'cv.pdf' }),
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain(
      `id="career-resume-error" class="form-field__error">${resumeMessages.badFormat}`,
    )
    expect(html).toContain('Your file was not kept: please choose your resume again')
    expect(html).toContain('value="Ravi Kumar"')
    expect(await stored()).toEqual({ messages: 0, applications: 0 })
  })

  it('an empty file input is no resume', async () => {
    const response = await postPage('/career-form', application())
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(resumeMessages.empty)
  })
})

describe("the per-IP limit on the pages' posts", () => {
  beforeAll(async () => {
    await stop()
    await start(1)
  })

  it('asks to wait in the dialog and keeps what was typed', async () => {
    expect((await postPage('/contact', new URLSearchParams(message))).status).toBe(303)
    const refused = await postPage(
      '/contact',
      new URLSearchParams({ ...message, subject: 'Again' }),
    )
    expect(refused.status).toBe(429)
    const html = await refused.text()
    expect(html).toMatch(/<dialog open=""[^>]*data-status="FAILED"/)
    expect(html).toContain('You have sent several messages in a short time.')
    expect(html).toContain('value="Again"')
    expect(await stored()).toEqual({ messages: 1, applications: 0 })
  })
})
