import { once } from 'node:events'
import { connect } from 'node:net'
import { count, eq, gte, type SQL } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiMessages } from '#core/forms/api.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import { docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from '#tests/support/documents.ts'
import { type FormsTestApp, startFormsApp, validApplication } from '#tests/support/forms-app.ts'
import { TestMailServer } from '#tests/support/smtp.ts'

const mailServer = new TestMailServer()
let app: FormsTestApp

beforeAll(async () => {
  await mailServer.start()
  app = await startFormsApp({ smtpUrl: mailServer.url })
})
afterAll(async () => {
  await app.close()
  await mailServer.stop()
})
beforeEach(async () => {
  await app.reset()
  mailServer.received.length = 0
})
afterEach(async () => {
  // Every mail a test caused has arrived or was never queued: nothing leaks into the next test.
  await app.worker.drain()
})

const contact = {
  name: 'Asha Verma',
  company: 'Verma & Sons',
  phone: '9876543210',
  email: 'asha@example.com',
  subject: 'Online payments',
  message: '<script>alert(1)</script> We sell sarees online.',
}

function postContact(body: unknown, contentType = 'application/json') {
  return fetch(`${app.baseUrl}/api/sendContactEmail`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

function careerForm(
  overrides: Record<string, string> = {},
  file?: { bytes: Buffer; name: string },
) {
  const form = new FormData()
  const fields = { ...validApplication, ...overrides }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) {
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name)
    form.append('fileName', file.name)
  }
  return form
}

function postCareer(form: FormData) {
  return fetch(`${app.baseUrl}/api/sendCareerEmail`, { method: 'POST', body: form })
}

async function rowCount(table: typeof contactMessages | typeof jobApplications | typeof outbox) {
  const [row] = await app.store.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

describe('POST /api/sendContactEmail', () => {
  it('stores the message and mails it to the contact inbox, replies going to the sender', async () => {
    const response = await postContact(contact)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      RESPONSE_STATUS: 'SUCCESS',
      RESPONSE_MESSAGE: apiMessages.contactSent,
    })
    expect(await rowCount(contactMessages)).toBe(1)
    const [mail] = await mailServer.waitFor(1)
    expect(mail?.to).toMatchObject({ text: 'contact@paystra.example' })
    expect(mail?.replyTo?.value[0]).toMatchObject({
      address: 'asha@example.com',
      name: 'Asha Verma',
    })
    expect(mail?.text).toContain('<script>alert(1)</script> We sell sarees online.')
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // The mail server has the message a moment before the worker records the delivery.
    await vi.waitFor(async () => {
      const [queued] = await app.store.db.select().from(outbox)
      expect(queued?.status).toBe('delivered')
    })
  })

  it('answers 400 with a message per field and stores nothing', async () => {
    const response = await postContact({ ...contact, name: 'Asha 2', phone: '12345', email: '' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.invalid,
      ERRORS: {
        name: 'Please enter valid Name',
        phone: 'Please enter valid Mobile Number',
        email: 'Please enter your Email',
      },
    })
    expect(await rowCount(contactMessages)).toBe(0)
    expect(await rowCount(outbox)).toBe(0)
  })

  it('answers a filled honeypot like a success but neither stores nor mails it', async () => {
    const response = await postContact({ ...contact, website: 'https://spam.example' })
    expect(response.status).toBe(200)
    expect((await response.json()).RESPONSE_STATUS).toBe('SUCCESS')
    expect(await rowCount(contactMessages)).toBe(0)
    expect(await rowCount(outbox)).toBe(0)
  })

  it('refuses other content types with 415', async () => {
    const response = await postContact('name=Asha', 'application/x-www-form-urlencoded')
    expect(response.status).toBe(415)
    expect((await response.json()).RESPONSE_STATUS).toBe('FAILED')
  })

  it('refuses a body over 64 KB with 413', async () => {
    const response = await postContact({ ...contact, message: 'x'.repeat(70 * 1024) })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ RESPONSE_MESSAGE: apiMessages.tooLarge })
  })

  it('refuses malformed JSON and a JSON array with 400', async () => {
    expect((await postContact('{"name": ')).status).toBe(400)
    expect((await postContact('[1,2]')).status).toBe(400)
    expect(await rowCount(contactMessages)).toBe(0)
  })
})

describe('POST /api/sendCareerEmail', () => {
  it.each([
    ['cv.pdf', pdfBytes(), 'application/pdf'],
    ['cv.doc', docBytes(), 'application/msword'],
    [
      'cv.docx',
      docxBytes(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ])(
    'stores a %s application and mails it to careers with the resume attached',
    async (name, bytes, type) => {
      const response = await postCareer(careerForm({}, { bytes, name }))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        RESPONSE_STATUS: 'SUCCESS',
        RESPONSE_MESSAGE: apiMessages.applicationSent,
      })
      const [stored] = await app.store.db.select().from(jobApplications)
      expect(stored?.resume.equals(bytes)).toBe(true)
      expect(stored?.subject).toBe('New Job Application from Paystra')
      const [mail] = await mailServer.waitFor(1)
      expect(mail?.to).toMatchObject({ text: 'careers@paystra.example' })
      expect(mail?.subject).toBe('New Job Application from Paystra: Ravi Kumar')
      expect(mail?.attachments).toHaveLength(1)
      expect(mail?.attachments[0]?.filename).toBe(name)
      expect(mail?.attachments[0]?.contentType).toBe(type)
      expect(mail?.attachments[0]?.content.equals(bytes)).toBe(true)
    },
  )

  it('refuses a renamed executable with "Please upload valid file format"', async () => {
    const response = await postCareer(careerForm({}, { bytes: exeBytes(), name: 'resume.pdf' }))
    expect(response.status).toBe(400)
    expect((await response.json()).ERRORS).toEqual({ file: 'Please upload valid file format' })
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it("refuses an application another site's page posted (multipart needs no preflight)", async () => {
    const response = await fetch(`${app.baseUrl}/api/sendCareerEmail`, {
      method: 'POST',
      body: careerForm({}, { bytes: pdfBytes(), name: 'resume.pdf' }),
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://elsewhere.example' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.crossSite,
    })
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it('refuses other extensions and a missing resume', async () => {
    const png = await postCareer(careerForm({}, { bytes: pdfBytes(), name: 'cv.png' }))
    expect((await png.json()).ERRORS).toEqual({ file: 'Please upload valid file format' })
    const none = await postCareer(careerForm())
    expect((await none.json()).ERRORS).toEqual({ file: 'Please upload your resume' })
  })

  it('refuses a PDF resume that carries an HTML page and a ZIP archive after its header, and stores nothing', async () => {
    const polyglot = Buffer.concat([
      Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n'),
      zipBytes({ 'cv.exe': 'MZ' }),
      Buffer.from('%%EOF\n'),
    ])
    const response = await postCareer(careerForm({}, { bytes: polyglot, name: 'cv.pdf' }))
    expect(response.status).toBe(400)
    expect((await response.json()).ERRORS).toEqual({ file: 'Please upload valid file format' })
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it('validates the text fields with the form rules', async () => {
    const response = await postCareer(
      careerForm(
        { name: '', phone: '98', email: 'x@', message: '' },
        { bytes: pdfBytes(), name: 'cv.pdf' },
      ),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).ERRORS).toEqual({
      name: 'Please enter your Name',
      phone: 'Please enter valid Mobile Number',
      email: 'Please enter valid Email ID',
      message: 'Please enter your Message',
    })
  })

  it('accepts exactly 5,000,000 bytes', async () => {
    const bytes = Buffer.concat([pdfBytes(), Buffer.alloc(5_000_000 - pdfBytes().length)])
    const response = await postCareer(careerForm({}, { bytes, name: 'cv.pdf' }))
    expect(response.status).toBe(200)
    const [mail] = await mailServer.waitFor(1)
    expect(mail?.attachments[0]?.content.length).toBe(5_000_000)
  })

  it('refuses a resume of 5,000,001 bytes with "Maximum file size should be 5 MB"', async () => {
    const bytes = Buffer.concat([pdfBytes(), Buffer.alloc(5_000_001 - pdfBytes().length)])
    const response = await postCareer(careerForm({}, { bytes, name: 'cv.pdf' }))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: 'Maximum file size should be 5 MB',
      ERRORS: { file: 'Maximum file size should be 5 MB' },
    })
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it('refuses an oversized upload while it streams, without a length given in advance', async () => {
    // 20 MB sent in chunks with no Content-Length: the answer must come before the body ends.
    const chunk = Buffer.alloc(256 * 1024, 0x41)
    let sent = 0
    let answeredAt = -1
    const boundary = 'x-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nRavi Kumar\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
    )
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
      },
      // One chunk per timer tick, as an upload over a network arrives: back to back, the client
      // can push the server's whole drain allowance before it reads the answer (EPIPE).
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1))
        if (sent >= 20 * 1024 * 1024 || answeredAt >= 0) {
          controller.close()
          return
        }
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${app.baseUrl}/api/sendCareerEmail`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit)
    answeredAt = sent
    expect(response.status).toBe(413)
    expect(answeredAt).toBeLessThan(20 * 1024 * 1024)
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it('keeps reading a refused upload after answering, so the sender sees the answer, not a reset', async () => {
    // A browser still sending when the connection drops shows a network error instead of the
    // message. Declared too large: the answer comes before a byte of the body is read.
    const bodyBytes = 8 * 1024 * 1024
    const socket = connect(Number(new URL(app.baseUrl).port), '127.0.0.1')
    await once(socket, 'connect')
    socket.write(
      `POST /api/sendCareerEmail HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    )
    let received = ''
    socket.setEncoding('latin1')
    socket.on('data', (text: string) => (received += text))
    let failure: Error | undefined
    socket.on('error', (error) => (failure = error))
    await vi.waitFor(() => expect(received).toContain('Maximum file size should be 5 MB'))
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    // More than the socket buffers hold: the whole body goes through only if the server reads it.
    const chunk = Buffer.alloc(64 * 1024, 0x41)
    let written = 0
    while (written < bodyBytes && !socket.destroyed) {
      written += chunk.length
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), once(socket, 'close')])
    }
    expect(written).toBe(bodyBytes)
    expect(failure).toBeUndefined()
    expect(socket.destroyed).toBe(false)
    socket.destroy()
    expect(await rowCount(jobApplications)).toBe(0)
  })

  it('refuses a JSON body with 415 and a broken multipart body with 400', async () => {
    const json = await fetch(`${app.baseUrl}/api/sendCareerEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(415)
    const broken = await fetch(`${app.baseUrl}/api/sendCareerEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'no boundary here',
    })
    expect(broken.status).toBe(400)
  })

  it('answers a filled honeypot like a success but neither stores nor mails it', async () => {
    const form = careerForm({ website: 'bot' }, { bytes: pdfBytes(), name: 'cv.pdf' })
    const response = await postCareer(form)
    expect(response.status).toBe(200)
    expect(await rowCount(jobApplications)).toBe(0)
    expect(await rowCount(outbox)).toBe(0)
  })
})

describe('mail outage', () => {
  it('loses nothing: 200 messages sent while SMTP is down all arrive once it is back, exactly once', async () => {
    await mailServer.stop()
    const answers = []
    for (let index = 0; index < 200; index++) {
      answers.push(
        postContact({ ...contact, subject: `Message ${index}` }).then(
          (response) => response.status,
        ),
      )
    }
    expect(new Set(await Promise.all(answers))).toEqual(new Set([200]))
    expect(await rowCount(contactMessages)).toBe(200)
    const rowsWhere = async (condition: SQL) =>
      (await app.store.db.select({ n: count() }).from(outbox).where(condition))[0]!.n
    // The worker fails against the closed port, and tries again.
    await vi.waitFor(
      async () => expect(await rowsWhere(gte(outbox.attempts, 2))).toBeGreaterThan(0),
      { timeout: 30_000, interval: 100 },
    )
    expect(await rowsWhere(eq(outbox.status, 'delivered'))).toBe(0)

    await mailServer.start()
    await mailServer.waitFor(200, 60_000)
    // Once every message is recorded delivered none is due again: what arrived is all there is.
    await vi.waitFor(
      async () => expect(await rowsWhere(eq(outbox.status, 'delivered'))).toBe(200),
      { timeout: 30_000, interval: 100 },
    )
    const mails = mailServer.received
    expect(mails).toHaveLength(200)
    const subjects = new Set(mails.map((mail) => mail.subject))
    expect(subjects.size).toBe(200)
    const ids = new Set(mails.map((mail) => mail.messageId))
    expect(ids.size).toBe(200)
  }, 120_000)
})

describe('rate limit', () => {
  it('answers 429 with a clear message past the per-minute limit of one IP', async () => {
    const limited = await startFormsApp({ smtpUrl: mailServer.url, rateLimitPerMinute: 3 })
    try {
      const statuses = []
      for (let index = 0; index < 4; index++) {
        const response = await fetch(`${limited.baseUrl}/api/sendContactEmail`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(contact),
        })
        statuses.push(response.status)
        if (response.status === 429) {
          expect(await response.json()).toEqual({
            RESPONSE_STATUS: 'FAILED',
            RESPONSE_MESSAGE: apiMessages.rateLimited,
          })
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
