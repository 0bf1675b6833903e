/**
 * The request log as an operator reads it: one JSON line per request with the same fields
 * whatever answered it (a built file, a page, an API, the sandbox), the request id a trusted
 * proxy gave or one made here, echoed to the client; and no personal data in any line, whatever
 * the request carried.
 */
import { createServer, type IncomingMessage } from 'node:http'
import { networkInterfaces } from 'node:os'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAREER_API_PATH, CONTACT_API_PATH } from '#core/forms/api.ts'
import { payByUpi, statusOf } from '#tests/support/sandbox-api.ts'
import { withHash } from '#core/protocol/hash.ts'
import { pdfBytes } from '#tests/support/documents.ts'
import { type ObservedApp, sandboxMerchant, startObservedApp } from '#tests/support/observed-app.ts'
import { componentLog, createLogger, instanceName } from './logging.ts'
import { requestIdOf } from './request-log.ts'

let app: ObservedApp

beforeAll(async () => {
  app = await startObservedApp()
})
afterAll(async () => {
  await app?.close()
})

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const requestLineKeys = [
  'durationMs',
  'instance',
  'level',
  'method',
  'msg',
  'requestId',
  'route',
  'status',
  'time',
]

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.baseUrl}${path}`, { redirect: 'manual', ...init })
  await response.arrayBuffer()
  const requestId = response.headers.get('x-request-id')
  expect(requestId, `${path} echoes a request id`).toBeTruthy()
  return { response, requestId: requestId! }
}

describe('one line per request', () => {
  it('carries method, route, status, duration, request id and instance, and nothing else', async () => {
    const cases = [
      { path: '/about', route: '/about', status: 200 },
      { path: '/assets/entry.client-3f2a.js', route: '/assets/*', status: 200 },
      { path: '/rendered?utm_source=mail', route: '/rendered', status: 200 },
      { path: '/no/such/page?ref=x', route: '/*', status: 200 },
      { path: '/sandbox/checkout.js', route: '/sandbox/checkout.js', status: 200 },
      { path: '/sandbox/pay/00000000-0000-4000-8000-000000000000', route: '/sandbox/pay/:id' },
      { path: '/api/nothing?x=1', route: '/api/nothing', status: 404, method: 'POST' },
    ]
    for (const { path, route, status, method = 'GET' } of cases) {
      const { response, requestId } = await send(path, { method })
      if (status) expect(response.status, path).toBe(status)
      const line = await app.logs.requestLine(requestId)
      expect(Object.keys(line).sort(), path).toEqual(requestLineKeys)
      expect(line, path).toMatchObject({
        level: 'info',
        msg: 'request completed',
        method,
        route,
        status: response.status,
        requestId,
        instance: instanceName(),
      })
      expect(line.durationMs, path).toEqual(expect.any(Number))
      expect(requestId, path).toMatch(uuid)
    }
  })

  it('health checks get a request id but no line', async () => {
    const before = app.logs.lines.length
    for (const path of ['/healthz', '/readyz']) {
      const { response, requestId } = await send(path)
      expect(response.status, path).toBe(200)
      expect(requestId, path).toMatch(uuid)
    }
    // Lines are written in the order the answers finish: once the page's line is there, a line
    // for either health check would be there before it.
    const page = await send('/about')
    await app.logs.requestLine(page.requestId)
    const written = app.logs.lines.slice(before)
    expect(written.map((line) => line.route)).toEqual(['/about'])
  })

  it('INSTANCE_ID names the instance when set, otherwise host name and process id', () => {
    expect(instanceName({ INSTANCE_ID: 'web-7' })).toBe('web-7')
    expect(instanceName({})).toMatch(new RegExp(`:${process.pid}$`))
  })
})

describe('the request id', () => {
  it('from a trusted proxy (loopback) is kept, echoed and logged', async () => {
    const given = 'lb-7f3a.01:req_42'
    const { requestId } = await send('/about', { headers: { 'X-Request-Id': given } })
    expect(requestId).toBe(given)
    expect((await app.logs.requestLine(given)).route).toBe('/about')
  })

  it('that is not a plain token of at most 128 characters is replaced', async () => {
    for (const given of ['two words', 'x'.repeat(129), 'id"}{"level":"fatal', 'ünï']) {
      const { requestId } = await send('/about', { headers: { 'X-Request-Id': given } })
      expect(requestId, given).toMatch(uuid)
    }
    const longest = 'a'.repeat(128)
    expect((await send('/about', { headers: { 'X-Request-Id': longest } })).requestId).toBe(longest)
  })

  it('from a client that is not a trusted proxy is replaced', () => {
    const from = (remoteAddress: string) =>
      requestIdOf({
        headers: { 'x-request-id': 'chosen-by-client' },
        socket: { remoteAddress },
      } as unknown as IncomingMessage)
    expect(from('203.0.113.9')).toMatch(uuid)
    expect(from('192.168.1.20')).toMatch(uuid)
    expect(from('127.0.0.1')).toBe('chosen-by-client')
  })

  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address
  it.skipIf(!lanAddress)('over the network, a client cannot choose it', async () => {
    const port = new URL(app.baseUrl).port
    // The app listens on loopback only; a second listener on the LAN address serves the same app.
    const lan = createServer(app.listener)
    await new Promise<void>((resolve) => lan.listen(0, lanAddress, resolve))
    try {
      const { port: lanPort } = lan.address() as { port: number }
      const response = await fetch(`http://${lanAddress}:${lanPort}/about`, {
        headers: { 'X-Request-Id': 'chosen-by-client' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-request-id')).toMatch(uuid)
      expect(port).not.toBe(String(lanPort))
    } finally {
      await new Promise((resolve) => lan.close(resolve))
    }
  })
})

describe('no personal data in any line', () => {
  const person = {
    name: 'Asha Verma',
    company: 'Verma Saree House',
    phone: '9876543210',
    email: 'asha.verma@example.com',
    subject: 'Online payments',
    message: 'Please call me about UPI for my shop.',
  }
  const applicant = {
    name: 'Ravi Kumar',
    phone: '9123456780',
    email: 'ravi.kumar@example.com',
    subject: 'Backend engineer',
    message: 'I would like to join the backend team.',
  }
  const resumeName = 'Ravi-Kumar-Resume-Confidential.pdf'
  const card = { number: '4111111111111111', expiry: '12/35', cvv: '987', name: 'Meera Iyer' }
  const customer = {
    CUST_NAME: 'Meera Iyer',
    CUST_EMAIL: 'meera.iyer@example.com',
    CUST_PHONE: '9988776655',
  }
  const secrets = {
    cookie: 'session=s3cr3t-cookie-value',
    authorization: 'Bearer auth-token-0123456789abcdef',
  }

  it('forms, a resume, payments with their HASH and ENCDATA, cookies and query strings never reach the log', async () => {
    const before = app.logs.text.length

    // The contact form, accepted, and once refused with the fields echoed back.
    const contact = await send(CONTACT_API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: secrets.cookie },
      body: JSON.stringify(person),
    })
    expect(contact.response.status).toBe(200)
    expect(
      (
        await send(CONTACT_API_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...person, phone: `+${person.phone}x` }),
        })
      ).response.status,
    ).toBe(400)

    // A job application with a resume.
    const form = new FormData()
    for (const [key, value] of Object.entries(applicant)) form.append(key, value)
    form.append('file', new Blob([new Uint8Array(pdfBytes())]), resumeName)
    form.append('fileName', resumeName)
    const career = await send(CAREER_API_PATH, { method: 'POST', body: form })
    expect(career.response.status).toBe(200)

    // A hosted payment: signed request with HASH and the customer's details, paid by card.
    const fields = withHash(
      {
        PAY_ID: sandboxMerchant.payId,
        ORDER_ID: `LOG${Date.now()}`,
        AMOUNT: '100',
        TXNTYPE: 'SALE',
        CURRENCY_CODE: '356',
        RETURN_URL: 'https://shop.paystra.example/demo/response',
        ...customer,
      },
      sandboxMerchant.salt,
    )
    const started = await send(`/sandbox/paymentrequest?email=${customer.CUST_EMAIL}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    expect(started.response.status).toBe(303)
    const payPath = started.response.headers.get('location')!
    const paid = await send(`${payPath}/card`, {
      method: 'POST',
      body: new URLSearchParams(card),
    })
    expect(paid.response.status).toBe(200)

    // The merchant-hosted flow (ENCDATA, a UPI id) and a signed status enquiry (HASH).
    const orderId = await payByUpi(`${app.baseUrl}/sandbox`, '100', 'meera.iyer@okbank', {
      CUST_PHONE: customer.CUST_PHONE,
    })
    await statusOf(`${app.baseUrl}/sandbox`, orderId)

    // Pages asked for with personal data in the query string, with cookies and credentials.
    let lastRequestId = ''
    for (const path of [
      `/about?email=${encodeURIComponent(person.email)}&phone=${person.phone}`,
      `/rendered?name=${encodeURIComponent(person.name)}&hash=${fields.HASH}`,
      `/no-such-page?email=${encodeURIComponent(person.email)}`,
    ]) {
      const page = await send(path, {
        headers: { Cookie: secrets.cookie, Authorization: secrets.authorization },
      })
      lastRequestId = page.requestId
    }
    // Lines are written in the order the answers finish: the last request's line comes after
    // every other request's.
    await app.logs.requestLine(lastRequestId)

    // A failed query names its values in its message; it is logged the way services log.
    const logger = createLogger({ level: 'info', mode: 'production', destination: app.logs })
    const failure = await app.store.db
      .execute(sql`SELECT ${person.name}, ${person.email}, ${person.phone} FROM no_such_table`)
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      )
    expect(failure?.message).toContain(person.email)
    componentLog(logger)(`api error: ${failure!.message}`)
    logger.error({ err: failure }, 'unexpected error')

    const written = app.logs.text.slice(before)
    const forbidden = [
      ...Object.values(person),
      ...Object.values(applicant),
      resumeName,
      card.number,
      card.cvv,
      card.name,
      ...Object.values(customer),
      'meera.iyer@okbank',
      fields.HASH!,
      sandboxMerchant.salt,
      sandboxMerchant.webhookSecret,
      secrets.cookie,
      's3cr3t-cookie-value',
      secrets.authorization,
      'auth-token-0123456789abcdef',
      '127.0.0.1',
      encodeURIComponent(person.email),
      'ENCDATA',
      'utm_source',
      '?',
    ]
    // A three-digit CVV turns up by chance in a time, a random id, the process id in the
    // instance name or a stack's line numbers: short values are looked for without those fields,
    // and a short number only standing alone, not inside a longer one (a payment id, an order id
    // made of the time).
    const searched = written.replace(
      /"(time|requestId|durationMs|instance|stack)":("(?:[^"\\]|\\.)*"|\d+)/g,
      '',
    )
    for (const value of forbidden) {
      if (/^\d{1,4}$/.test(value)) {
        expect(searched, value).not.toMatch(new RegExp(`(?<!\\d)${value}(?!\\d)`))
      } else {
        expect(value.length > 4 ? written : searched, value).not.toContain(value)
      }
    }
    // The requests and the error were logged, only without what they carried.
    expect(written).toContain('"route":"/sandbox/pay/:id/card"')
    expect(written).toContain('"route":"/api/sendCareerEmail"')
    expect(written).toContain('Failed query')
    for (const line of written.trim().split('\n')) {
      const entry = JSON.parse(line) as Record<string, unknown>
      expect(entry.instance).toBe(instanceName())
      if ('status' in entry) expect(Object.keys(entry).sort()).toEqual(requestLineKeys)
    }
  })
})
