import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { count } from 'drizzle-orm'
import express from 'express'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages, type ApiAnswer } from '#core/forms/api.ts'
import { contactFormRules } from '#core/forms/contact-form.ts'
import { resumeMessages } from '#core/forms/resume.ts'
import { formsApi } from './forms-api.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, jobApplications, outbox } from '#server/db/schema.ts'
import { OutboxWorker } from '#server/mail/outbox.ts'
import { fileTransport } from '#server/mail/transport.ts'
import {
  countFiles,
  multipartBody,
  rawRequest,
  reflectsMarkup,
  xssPayloads,
} from '#tests/support/bad-input.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { docxBytes, exeBytes, pdfBytes, zipBytes } from '#tests/support/documents.ts'
import { fastRetries, testAddresses } from '#tests/support/forms-app.ts'

/**
 * Bad input against POST /api/sendContactEmail and POST /api/sendCareerEmail on a real database
 * and a real mail folder: every request is refused with the API's envelope and a clear message,
 * nothing is stored or mailed, and the next valid request still succeeds.
 */

let store: DataStore
let worker: OutboxWorker
let baseUrl: string
let closeServer: () => Promise<void>
const mailDir = mkdtempSync(path.join(tmpdir(), 'bad-input-mail-'))

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  await store.db.delete(outbox)
  await store.db.delete(contactMessages)
  await store.db.delete(jobApplications)
  // The worker is driven by hand (drain), so a mail is on disk before anything is counted.
  worker = new OutboxWorker({
    db: store.db,
    transport: fileTransport(mailDir),
    policy: fastRetries,
  })
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use(formsApi({ db: store.db, addresses: testAddresses, rateLimitPerMinute: 0 }))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeServer = () => new Promise((resolve) => server.close(() => resolve()))
})

afterAll(async () => {
  await closeServer?.()
  await store?.close()
  rmSync(mailDir, { recursive: true, force: true })
})

const CONTACT = `/api/sendContactEmail`
const CAREER = `/api/sendCareerEmail`

const contact = {
  name: 'Asha Verma',
  company: 'Verma Textiles',
  phone: '9876543210',
  email: 'asha@example.com',
  subject: 'Online payments',
  message: 'We would like to accept UPI on our website.',
}

const careerText = {
  name: 'Ravi Kumar',
  phone: '9123456780',
  email: 'ravi@example.com',
  message: 'I would like to join the backend team.',
}

/** Rows in every table the forms write, and mails on disk, once queued mail is delivered. */
async function stored() {
  await worker.drain()
  const rows = async (table: typeof contactMessages | typeof jobApplications | typeof outbox) =>
    (await store.db.select({ n: count() }).from(table))[0]?.n ?? 0
  return {
    contactMessages: await rows(contactMessages),
    jobApplications: await rows(jobApplications),
    outbox: await rows(outbox),
    mails: await countFiles(mailDir),
  }
}

function post(
  pathname: string,
  body: BodyInit | Buffer,
  headers: Record<string, string> = {},
): Promise<Response> {
  const sent = Buffer.isBuffer(body) ? new Uint8Array(body) : body
  return fetch(baseUrl + pathname, { method: 'POST', body: sent, headers })
}

function postJson(body: string | object, contentType = 'application/json') {
  return post(CONTACT, typeof body === 'string' ? body : JSON.stringify(body), {
    'Content-Type': contentType,
  })
}

function careerForm(
  overrides: Record<string, string | undefined> = {},
  file: { bytes: Buffer; name: string } | null = { bytes: pdfBytes(), name: 'cv.pdf' },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...careerText, ...overrides })) {
    if (value !== undefined) form.append(key, value)
  }
  if (file) {
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name)
    form.append('fileName', file.name)
  }
  return form
}

/** The envelope of a refusal: FAILED, the expected status and message. */
async function expectRefused(
  response: Response | { status: number; body: string },
  status: number,
  message?: string,
): Promise<ApiAnswer> {
  expect(response.status).toBe(status)
  const answer = (
    response instanceof Response ? await response.json() : JSON.parse(response.body)
  ) as ApiAnswer
  expect(answer.RESPONSE_STATUS).toBe('FAILED')
  expect(answer.RESPONSE_MESSAGE.length).toBeGreaterThan(10)
  if (message) expect(answer.RESPONSE_MESSAGE).toBe(message)
  return answer
}

/** The server still answers a valid submission of each form. */
async function expectStillServing() {
  const contactAnswer = await postJson(contact)
  expect(contactAnswer.status).toBe(200)
  const careerAnswer = await post(CAREER, careerForm())
  expect(careerAnswer.status).toBe(200)
}

/** Runs `send`, then checks nothing was stored or mailed and that the server still serves. */
async function nothingStoredBy(send: () => Promise<void>) {
  const before = await stored()
  await send()
  expect(await stored()).toEqual(before)
  await expectStillServing()
}

describe('POST /api/sendContactEmail', () => {
  it.each([
    ['a cut-off object', '{"name": '],
    ['a lone brace', '{'],
    ['a bare word', 'nul'],
    ['a string', '"Asha"'],
    ['null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['trailing garbage', `${JSON.stringify(contact)}garbage`],
    ['two objects', `${JSON.stringify(contact)}${JSON.stringify(contact)}`],
    ['single quotes', "{'name': 'Asha'}"],
    ['a comment', '{/* hi */"name":"Asha"}'],
    ['an empty body', ''],
  ])('refuses malformed JSON: %s', async (_what, body) => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(await postJson(body), 400)
      expect([apiMessages.wrongContentType, apiMessages.invalid]).toContain(answer.RESPONSE_MESSAGE)
    })
  })

  it.each([
    ['text/plain', JSON.stringify(contact)],
    ['application/x-www-form-urlencoded', new URLSearchParams(contact).toString()],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/xml', '<contact><name>Asha</name></contact>'],
    ['application/jsonx', JSON.stringify(contact)],
    ['text/html', '<form></form>'],
  ])('refuses the content type %s with 415', async (type, body) => {
    await nothingStoredBy(async () => {
      await expectRefused(await postJson(body, type), 415, apiMessages.wrongContentType)
    })
  })

  it('refuses a body with no content type', async () => {
    await nothingStoredBy(async () => {
      const answer = await rawRequest(baseUrl, {
        path: CONTACT,
        headers: { 'Content-Length': '2' },
        body: '{}',
      })
      expect(answer).not.toBe('no answer')
      if (answer === 'no answer') return
      await expectRefused(answer, 415, apiMessages.wrongContentType)
    })
  })

  it.each(['iso-8859-1', 'shift_jis', 'x-made-up'])(
    'refuses a JSON body in the charset %s with 415',
    async (charset) => {
      await nothingStoredBy(async () => {
        await expectRefused(
          await post(CONTACT, JSON.stringify(contact), {
            'Content-Type': `application/json; charset=${charset}`,
          }),
          415,
          apiMessages.wrongContentType,
        )
      })
    },
  )

  it('refuses a 2 MB body with 413, sent whole or as a compressed bomb', async () => {
    await nothingStoredBy(async () => {
      const big = JSON.stringify({ ...contact, message: 'x'.repeat(2 * 1024 * 1024) })
      await expectRefused(await postJson(big), 413, apiMessages.tooLarge)
      const bomb = gzipSync(Buffer.from(big))
      expect(bomb.length).toBeLessThan(16 * 1024)
      await expectRefused(
        await post(CONTACT, bomb, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        }),
        413,
        apiMessages.tooLarge,
      )
    })
  })

  it('refuses a body that says it is compressed but is not', async () => {
    await nothingStoredBy(async () => {
      const body = JSON.stringify(contact)
      const gzip = await post(CONTACT, body, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      })
      await expectRefused(gzip, 400)
      const unknown = await post(CONTACT, body, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'x-made-up',
      })
      await expectRefused(unknown, 415, apiMessages.wrongContentType)
    })
  })

  it('survives a body cut short by a client that goes away', async () => {
    await nothingStoredBy(async () => {
      const body = JSON.stringify(contact)
      const answer = await rawRequest(baseUrl, {
        path: CONTACT,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
        stopAfter: 20,
      })
      // Nobody is left to read an answer; what matters is that nothing was stored.
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })

  it('refuses a request with every field missing, naming each one', async () => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(await postJson({}), 400, apiMessages.invalid)
      expect(answer.ERRORS).toEqual({
        name: 'Please enter your Name',
        company: 'Please enter your Company',
        phone: 'Please enter your Phone',
        email: 'Please enter your Email',
        subject: 'Please enter your Subject',
        message: 'Please enter your Message',
      })
    })
  })

  it.each(Object.keys(contact))('refuses a request without %s', async (field) => {
    await nothingStoredBy(async () => {
      const { [field]: _left, ...rest } = contact as Record<string, string>
      const answer = await expectRefused(await postJson(rest), 400, apiMessages.invalid)
      expect(Object.keys(answer.ERRORS ?? {})).toEqual([field])
    })
  })

  it.each([
    ['an array', ['Asha', 'Verma']],
    ['a number', 42],
    ['an object', { first: 'Asha' }],
    ['null', null],
    ['true', true],
  ])('refuses a field that is %s instead of text', async (_what, value) => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await postJson({ ...contact, name: value }),
        400,
        apiMessages.invalid,
      )
      expect(Object.keys(answer.ERRORS ?? {})).toEqual(['name'])
    })
  })

  it('refuses a field sent twice (duplicate JSON keys), whichever copy is valid', async () => {
    await nothingStoredBy(async () => {
      const body = JSON.stringify(contact).replace(
        '"name":"Asha Verma"',
        '"name":"Asha Verma","name":"<script>alert(1)</script>"',
      )
      const answer = await expectRefused(await postJson(body), 400, apiMessages.invalid)
      expect(answer.ERRORS).toEqual({ name: 'Send this field once.' })
      const validTwice = JSON.stringify(contact).replace(
        '"phone":"9876543210"',
        '"phone":"9876543210","phone":"9123456780"',
      )
      const second = await expectRefused(await postJson(validTwice), 400, apiMessages.invalid)
      expect(second.ERRORS).toEqual({ phone: 'Send this field once.' })
    })
  })

  it('refuses a prototype-polluting body without harm', async () => {
    await nothingStoredBy(async () => {
      const body = `{"__proto__":{"name":"Asha"},"constructor":{"prototype":{"ok":true}}}`
      await expectRefused(await postJson(body), 400, apiMessages.invalid)
      expect(({} as Record<string, unknown>).ok).toBeUndefined()
      expect(({} as Record<string, unknown>).name).toBeUndefined()
    })
  })

  it.each(['name', 'phone', 'email'] as const)(
    'refuses markup in %s with the field message',
    async (field) => {
      await nothingStoredBy(async () => {
        for (const payload of xssPayloads) {
          const answer = await expectRefused(
            await postJson({ ...contact, [field]: payload }),
            400,
            apiMessages.invalid,
          )
          expect(Object.keys(answer.ERRORS ?? {})).toEqual([field])
          expect(JSON.stringify(answer)).not.toContain('<')
        }
      })
    },
  )

  it('stores markup in company, subject and message as text and mails it escaped', async () => {
    const payload = xssPayloads.join(' ')
    const before = await stored()
    const [mail, ...others] = await mailsCausedBy(async () => {
      const response = await postJson({
        ...contact,
        company: `Verma ${xssPayloads[0]}`.slice(0, 50),
        subject: `Hi ${xssPayloads[1]}`.slice(0, 50),
        message: payload,
      })
      expect(response.status).toBe(200)
      expect(await response.text()).not.toContain('<')
    })
    expect(others).toEqual([])
    expect((await stored()).contactMessages).toBe(before.contactMessages + 1)
    if (!mail) throw new Error('no mail')
    expect(mail.text).toContain(payload)
    expect(reflectsMarkup(mail.html || '')).toBe(false)
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // A subject cannot smuggle in a header.
    expect(mail.headers.get('bcc')).toBeUndefined()
  })

  it('keeps header injection out of the mail', async () => {
    const [mail] = await mailsCausedBy(async () => {
      const response = await postJson({
        ...contact,
        subject: 'Hello\r\nBcc: victim@example.com',
        company: 'Acme\nX-Evil: 1',
      })
      expect(response.status).toBe(200)
    })
    if (!mail) throw new Error('no mail')
    expect(mail.headers.get('bcc')).toBeUndefined()
    expect(mail.headers.get('x-evil')).toBeUndefined()
    expect(mail.subject).toBe('Contact: Hello Bcc: victim@example.com (Acme X-Evil: 1)')
  })

  it('takes NUL characters and broken UTF-16 without a server error', async () => {
    const mails = await mailsCausedBy(async () => {
      for (const message of ['Hello\u0000world', 'Broken \ud800 surrogate', 'Low \udfff first']) {
        const response = await postJson({ ...contact, message, company: `A\u0000B` })
        expect(response.status, JSON.stringify(message)).toBe(200)
      }
    })
    const texts = mails.map((mail) => mail.text ?? '').join('\n')
    for (const kept of [
      'Helloworld',
      'Broken \ufffd surrogate',
      'Low \ufffd first',
      'Company: AB',
    ]) {
      expect(texts).toContain(kept)
    }
  })

  it('refuses a message of invalid UTF-8 bytes alone: they read as U+FFFD, no letter, so the field is invalid and nothing is stored', async () => {
    const body = Buffer.concat([
      Buffer.from(JSON.stringify({ ...contact, message: 'X' }).replace('"X"', '"')),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ])
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await post(CONTACT, body, { 'Content-Type': 'application/json' }),
        400,
        apiMessages.invalid,
      )
      expect(answer.ERRORS).toEqual({ message: contactFormRules.message.messages.invalid })
    })
  })
})

describe('POST /api/sendCareerEmail', () => {
  it.each([
    ['application/json', '{}', 415],
    ['text/plain', 'name=Ravi', 415],
    ['application/x-www-form-urlencoded', new URLSearchParams(careerText).toString(), 415],
    ['multipart/form-data', 'no boundary here', 400],
    ['multipart/form-data; boundary=', '--\r\n', 400],
    ['multipart/mixed; boundary=x', '--x--', 415],
  ])('refuses the content type %s (%s) with %i', async (type, body, status) => {
    await nothingStoredBy(async () => {
      await expectRefused(
        await post(CAREER, body, { 'Content-Type': type }),
        status,
        apiMessages.wrongContentType,
      )
    })
  })

  it('refuses a multipart body that is not multipart at all', async () => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await post(CAREER, 'x'.repeat(5000), {
          'Content-Type': 'multipart/form-data; boundary=abc',
        }),
        400,
      )
      expect([apiMessages.wrongContentType, apiMessages.invalid]).toContain(answer.RESPONSE_MESSAGE)
    })
  })

  it('refuses a 2 MB text field with the message that says the message is too large', async () => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await post(CAREER, careerForm({ message: 'x'.repeat(2 * 1024 * 1024) })),
        413,
        apiMessages.tooLarge,
      )
      expect(answer.ERRORS?.file).toBeUndefined()
    })
  })

  it('refuses a truncated multipart body (no closing boundary)', async () => {
    await nothingStoredBy(async () => {
      const { body, contentType } = multipartBody([
        ...Object.entries(careerText).map(([name, value]) => ({ name, value })),
        { name: 'file', value: pdfBytes(), fileName: 'cv.pdf', type: 'application/pdf' },
      ])
      const cut = body.subarray(0, body.length - 60)
      await expectRefused(
        await post(CAREER, cut, { 'Content-Type': contentType }),
        400,
        apiMessages.wrongContentType,
      )
    })
  })

  it('survives an upload whose client goes away halfway', async () => {
    await nothingStoredBy(async () => {
      const { body, contentType } = multipartBody([
        ...Object.entries(careerText).map(([name, value]) => ({ name, value })),
        {
          name: 'file',
          value: Buffer.concat([pdfBytes(), Buffer.alloc(500_000, 0x20)]),
          fileName: 'cv.pdf',
          type: 'application/pdf',
        },
      ])
      const answer = await rawRequest(baseUrl, {
        path: CAREER,
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) },
        body,
        stopAfter: 200_000,
      })
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })

  it('refuses a body shorter than its Content-Length once the client gives up', async () => {
    await nothingStoredBy(async () => {
      const { body, contentType } = multipartBody(
        Object.entries(careerText).map(([name, value]) => ({ name, value })),
      )
      const answer = await rawRequest(baseUrl, {
        path: CAREER,
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.length + 1000) },
        body,
        timeoutMs: 1500,
      })
      // The server waits for the promised bytes; the client's timeout closes the connection.
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })

  it.each([
    ['a text file named .pdf', Buffer.from('Name: Ravi Kumar\nSkills: Go'), 'cv.pdf'],
    ['an executable named .pdf', exeBytes(), 'resume.pdf'],
    ['a PDF named .exe', pdfBytes(), 'resume.exe'],
    ['a PDF named .pdf.exe', pdfBytes(), 'resume.pdf.exe'],
    ['a PDF named .docx', pdfBytes(), 'resume.docx'],
    ['a DOCX named .pdf', docxBytes(), 'resume.pdf'],
    ['a ZIP that is not a Word document', zipBytes({ 'payload.exe': 'MZ' }), 'resume.docx'],
    ['an HTML page named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'cv.pdf'],
    ['an empty .pdf', Buffer.alloc(0), 'cv.pdf'],
    ['a PDF magic split by a byte', Buffer.from('%P\u0000DF-1.4'), 'cv.pdf'],
    ['a PDF without a name', pdfBytes(), ''],
    ['a PDF named only .pdf', pdfBytes(), '.pdf'],
  ])('refuses %s with the file message', async (_what, bytes, name) => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await post(CAREER, careerForm({}, { bytes, name })),
        400,
        apiMessages.invalid,
      )
      expect(Object.keys(answer.ERRORS ?? {})).toEqual(['file'])
      expect([resumeMessages.badFormat, resumeMessages.empty]).toContain(answer.ERRORS?.file)
    })
  })

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\Windows\\System32\\cv.pdf', 'cv.pdf'],
    ['C:\\Users\\ravi\\Desktop\\My CV.pdf', 'My CV.pdf'],
    ['/absolute/path/cv.pdf', 'cv.pdf'],
    ['cv<script>.pdf', 'cvscript.pdf'],
    // The browser sends `"` as %22 (HTML's multipart encoding); < and > are dropped.
    ['"><img src=x onerror=alert(1)>.pdf', '%22img src=x onerror=alert(1).pdf'],
    [`${'a'.repeat(1000)}.pdf`, `${'a'.repeat(116)}.pdf`],
    ['résumé नाम 😀.pdf', 'résumé नाम 😀.pdf'],
  ])('stores %j as a plain file name (%s), never a path', async (name, expected) => {
    const before = await stored()
    const [mail] = await mailsCausedBy(async () => {
      const response = await post(CAREER, careerForm({}, { bytes: pdfBytes(), name }))
      expect(response.status).toBe(200)
    })
    const after = await stored()
    expect(after.jobApplications).toBe(before.jobApplications + 1)
    const rows = await store.db.select().from(jobApplications)
    expect(rows.map((row) => row.resumeFileName)).toContain(expected)
    if (!mail) throw new Error('no mail')
    expect(mail.attachments[0]?.filename).toBe(expected)
    expect(reflectsMarkup(mail.html || '')).toBe(false)
  })

  it.each([
    ['a NUL byte', 'cv\u0000.pdf'],
    ['a line break', 'cv\r\nContent-Type: text/html.pdf'],
  ])('refuses or cleans a file name with %s', async (_what, name) => {
    const { body, contentType } = multipartBody([
      ...Object.entries(careerText).map(([field, value]) => ({ name: field, value })),
      { name: 'file', value: pdfBytes(), fileName: name, type: 'application/pdf' },
    ])
    const before = await stored()
    const response = await post(CAREER, body, { 'Content-Type': contentType })
    if (response.status === 200) {
      const rows = await store.db.select().from(jobApplications)
      for (const row of rows) {
        expect(row.resumeFileName.includes('\u0000')).toBe(false)
        expect(row.resumeFileName).not.toMatch(/[\r\n]/)
      }
    } else {
      await expectRefused(response, 400)
      expect(await stored()).toEqual(before)
    }
    await expectStillServing()
  })

  it('refuses a file name in the header longer than any file system allows', async () => {
    await nothingStoredBy(async () => {
      const response = await post(
        CAREER,
        careerForm({}, { bytes: pdfBytes(), name: `${'a'.repeat(100_000)}.pdf` }),
      )
      expect(response.status).toBeGreaterThanOrEqual(400)
      await expectRefused(response, response.status)
    })
  })

  it('refuses missing fields, naming each, and a missing resume', async () => {
    await nothingStoredBy(async () => {
      const answer = await expectRefused(
        await post(
          CAREER,
          careerForm(
            { name: undefined, phone: undefined, email: undefined, message: undefined },
            null,
          ),
        ),
        400,
        apiMessages.invalid,
      )
      expect(answer.ERRORS).toEqual({
        name: 'Please enter your Name',
        phone: 'Please enter your Phone',
        email: 'Please enter your Email',
        message: 'Please enter your Message',
        file: 'Please upload your resume',
      })
    })
  })

  it('refuses a field or the resume sent twice', async () => {
    await nothingStoredBy(async () => {
      const form = careerForm()
      form.append('name', 'Somebody Else')
      const answer = await expectRefused(await post(CAREER, form), 400, apiMessages.invalid)
      expect(answer.ERRORS).toEqual({ name: 'Send this field once.' })

      const twoFiles = careerForm()
      twoFiles.append('file', new Blob([new Uint8Array(exeBytes())]), 'second.pdf')
      const second = await expectRefused(await post(CAREER, twoFiles), 400, apiMessages.invalid)
      expect(second.ERRORS).toEqual({ file: 'Send this field once.' })
    })
  })

  it('refuses a flood of parts with a clear message', async () => {
    await nothingStoredBy(async () => {
      const form = careerForm()
      for (let index = 0; index < 40; index++) form.append(`extra${index}`, 'x')
      await expectRefused(await post(CAREER, form), 400, apiMessages.wrongContentType)
    })
  })

  it('does not count a field named like an object property as sent twice', async () => {
    const before = await stored()
    const form = careerForm()
    form.append('constructor', 'x')
    form.append('__proto__', 'y')
    form.append('toString', 'z')
    const response = await post(CAREER, form)
    expect(response.status).toBe(200)
    expect((await stored()).jobApplications).toBe(before.jobApplications + 1)
  })

  it.each(['name', 'phone', 'email'] as const)(
    'refuses markup in %s with the field message',
    async (field) => {
      await nothingStoredBy(async () => {
        for (const payload of xssPayloads) {
          const answer = await expectRefused(
            await post(CAREER, careerForm({ [field]: payload })),
            400,
            apiMessages.invalid,
          )
          expect(Object.keys(answer.ERRORS ?? {})).toEqual([field])
        }
      })
    },
  )

  it('stores markup in the message as text and mails it escaped; the subject is fixed', async () => {
    const payload = xssPayloads.join('\n')
    const [mail] = await mailsCausedBy(async () => {
      const response = await post(
        CAREER,
        careerForm({ message: payload, subject: '<script>alert(1)</script>' }),
      )
      expect(response.status).toBe(200)
    })
    if (!mail) throw new Error('no mail')
    expect(mail.subject).toBe('New Job Application from Paystra: Ravi Kumar')
    expect(mail.text).toContain(payload)
    expect(reflectsMarkup(mail.html || '')).toBe(false)
  })

  it('takes a NUL character in the message without a server error', async () => {
    const response = await post(CAREER, careerForm({ message: 'Hello\u0000world' }))
    expect(response.status).toBe(200)
  })
})

describe('any other path or method under /api', () => {
  it.each([
    ['GET', CONTACT],
    ['PUT', CONTACT],
    ['DELETE', CAREER],
    ['GET', CAREER],
  ])('%s %s answers 405 with Allow: POST in the envelope', async (method, pathname) => {
    await nothingStoredBy(async () => {
      const answer = await rawRequest(baseUrl, {
        method,
        path: pathname,
        headers: { 'Content-Type': 'application/json', 'Content-Length': '2' },
        body: '{}',
      })
      expect(answer).not.toBe('no answer')
      if (answer === 'no answer') return
      expect(answer.status).toBe(405)
      expect(answer.headers.allow).toBe('POST')
      expect(JSON.parse(answer.body)).toEqual({
        RESPONSE_STATUS: 'FAILED',
        RESPONSE_MESSAGE: apiMessages.methodNotAllowed,
      })
    })
  })

  it.each([
    ['POST', '/api/sendContactEmail/../sendCareerEmail'],
    ['POST', '/api/unknown'],
    ['POST', '/api/%2e%2e/etc/passwd'],
  ])('%s %s answers 404 in the envelope', async (method, pathname) => {
    await nothingStoredBy(async () => {
      const answer = await rawRequest(baseUrl, {
        method,
        path: pathname,
        headers: { 'Content-Type': 'application/json', 'Content-Length': '2' },
        body: '{}',
      })
      expect(answer).not.toBe('no answer')
      if (answer === 'no answer') return
      expect([404, 400, 415]).toContain(answer.status)
      expect(JSON.parse(answer.body).RESPONSE_STATUS).toBe('FAILED')
    })
  })
})

/** Runs `send`, delivers what it queued, and answers the mails it caused, parsed. */
async function mailsCausedBy(send: () => Promise<void>) {
  await stored()
  const before = new Set(readdirSync(mailDir))
  await send()
  await stored()
  const files = readdirSync(mailDir).filter((file) => !before.has(file))
  return Promise.all(files.map((file) => simpleParser(readFileSync(path.join(mailDir, file)))))
}
