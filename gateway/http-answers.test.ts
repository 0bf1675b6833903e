/**
 * How the sandbox answers over HTTP whatever the endpoint: a path it has, asked with a method it
 * does not take, is 405 with Allow (not the 404 page); every answer of the JSON APIs, signed,
 * refused, as CSV, is kept by no cache; and a request it fails is one JSON log line with the
 * request's id and none of its data.
 */
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { documentOperations, openApiDocument } from '#gateway/openapi/document.ts'
import { merchant, payByUpi, postPaymentRequest, RETURN_URL } from '#tests/support/sandbox-api.ts'
import type { SandboxFailure } from './failures.ts'
import { createGateway, type Gateway, type GatewayOptions } from './index.ts'
import { capture, csvOf, ist } from '#tests/support/sandbox-settlements.ts'

interface Sandbox {
  url: string
  db: PGlite
  close(): Promise<void>
}

/** A sandbox mounted at /sandbox of an Express app, on a PGlite of its own. */
async function sandbox(options: Partial<GatewayOptions> = {}): Promise<Sandbox> {
  const db = new PGlite()
  const gateway: Gateway = await createGateway({
    db: drizzle(db),
    merchants: [merchant],
    limits: { pages: 0 },
    settlements: { intervalMs: 24 * 60 * 60_000 },
    ...options,
  })
  const server = express().use('/sandbox', gateway.router).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`,
    db,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      })
      await gateway.close()
      await db.close()
    },
  }
}

const failures: SandboxFailure[] = []
let site: Sandbox
beforeAll(async () => {
  site = await sandbox({ logFailure: (failure) => failures.push(failure) })
})
afterAll(async () => {
  await site?.close()
})

const signedJson = (fields: Fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(withHash(fields, merchant.salt)),
})

/** Every JSON API the OpenAPI document describes, with its method: the sandbox's /pgws/ paths. */
const jsonApis = documentOperations(openApiDocument()).filter(({ path }) =>
  path.startsWith('/pgws/'),
)

describe('a method a path does not take', () => {
  it('is 405 with Allow naming the method the document gives every JSON API, a small JSON answer kept by no cache', async () => {
    expect(jsonApis.length).toBeGreaterThan(10)
    expect(jsonApis.map(({ method }) => method)).toContain('get')
    for (const { path, method: taken } of jsonApis) {
      // A GET is answered to HEAD too.
      const allow = taken === 'get' ? 'GET, HEAD' : 'POST'
      for (const method of ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD']) {
        if (allow.split(', ').includes(method)) continue
        const response = await fetch(`${site.url}${path}`, { method })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow)
        expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('no-store')
        if (method === 'HEAD') continue
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(await response.json()).toEqual({
          STATUS: 'Failed',
          RESPONSE_MESSAGE: `This address takes ${allow} only.`,
        })
      }
    }
  })

  it('is 405 with the methods the page takes on the entries and payment pages; an unknown path stays 404', async () => {
    const cases: Array<[string, string, string]> = [
      ['GET', '/paymentrequest', 'POST'],
      ['GET', '/merchantPaymentInit', 'POST'],
      ['DELETE', '/paymentrequest', 'POST'],
      ['POST', '/checkout.js', 'GET, HEAD'],
      ['PUT', '/refused', 'GET, HEAD'],
      ['GET', '/pay/00000000-0000-4000-8000-000000000000/card', 'POST'],
      ['DELETE', '/pay/00000000-0000-4000-8000-000000000000', 'GET, HEAD'],
    ]
    for (const [method, path, allow] of cases) {
      const response = await fetch(`${site.url}${path}`, { method, redirect: 'manual' })
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow)
      expect(await response.text()).toBe(`This address takes ${allow} only.`)
    }
    expect((await fetch(`${site.url}/no-such-page`)).status).toBe(404)
    expect((await fetch(`${site.url}/pgws/no-such-api`, { method: 'POST' })).status).toBe(404)
    // A method the path takes is still answered as before.
    expect((await fetch(`${site.url}/checkout.js`)).status).toBe(200)
  })
})

describe('Cache-Control of the JSON APIs', () => {
  it('is no-store on a signed answer, a refusal, a malformed request, the settlement CSV and the invoice PDF', async () => {
    const orderId = await payByUpi(site.url, '1000')
    const answers = [
      await fetch(
        `${site.url}/pgws/transact`,
        signedJson({ PAY_ID: merchant.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' }),
      ),
      await fetch(
        `${site.url}/pgws/transact`,
        signedJson({ PAY_ID: merchant.payId, ORDER_ID: 'NEVER-SEEN', TXNTYPE: 'STATUS' }),
      ),
      await fetch(`${site.url}/pgws/transact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"PAY_ID":',
      }),
    ]
    for (const answer of answers) {
      expect(answer.headers.get('cache-control'), answer.url).toBe('no-store')
      await answer.arrayBuffer()
    }

    await capture(drizzle(site.db), merchant, {
      orderId: `CACHE-${Date.now()}`,
      amount: 50000,
      at: ist('2027-03-03 10:00'),
    })
    const run = await fetch(
      `${site.url}/pgws/settlement/run`,
      signedJson({ PAY_ID: merchant.payId, AS_OF: '2027-03-04T11:00:00+05:30' }),
    )
    expect(run.headers.get('cache-control')).toBe('no-store')
    const [settlement] = JSON.parse(((await run.json()) as Fields).SETTLEMENTS!) as Fields[]
    const csv = await csvOf(`${site.url}/pgws/settlement`, merchant, {
      PAY_ID: merchant.payId,
      SETTLEMENT_ID: settlement!.SETTLEMENT_ID!,
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('cache-control')).toBe('no-store')

    const invoice = await fetch(
      `${site.url}/pgws/gst-invoice`,
      signedJson({ PAY_ID: merchant.payId, MONTH: '2027-03', FORMAT: 'PDF' }),
    )
    expect(invoice.status).toBe(200)
    expect(invoice.headers.get('content-type')).toBe('application/pdf')
    expect(invoice.headers.get('cache-control')).toBe('no-store')
  })

  it('leaves the pages and assets to their own rules', async () => {
    const script = await fetch(`${site.url}/checkout.js`)
    expect(script.headers.get('cache-control')).not.toBe('no-store')
  })
})

describe('a request the sandbox fails', () => {
  // A row the sandbox's own insert cannot write: PostgreSQL refuses it, and drizzle's error
  // carries the query's values (the customer's e-mail and phone) in its message.
  const brokenOrder = 'FORCED-FAILURE-1'
  const customer = { CUST_EMAIL: 'asha.verma@example.com', CUST_PHONE: '9123456780' }

  beforeAll(async () => {
    await site.db.exec(
      `ALTER TABLE sandbox_transactions ADD CONSTRAINT forced_failure CHECK (order_id NOT LIKE 'FORCED-FAILURE-%') NOT VALID`,
    )
  })

  it('is one structured failure with the request id the answer carries, and none of the request', async () => {
    failures.length = 0
    const response = await postPaymentRequest(site.url, { ORDER_ID: brokenOrder, ...customer })
    expect(response.status).toBe(500)
    expect(await response.text()).not.toMatch(/FORCED|insert|sandbox_transactions/)
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)

    expect(failures).toHaveLength(1)
    const [failure] = failures
    expect(failure).toMatchObject({
      requestId,
      method: 'POST',
      route: '/sandbox/paymentrequest',
      error: { type: 'DrizzleQueryError', cause: { code: '23514' } },
    })
    expect(failure!.error.message).toMatch(/^Failed query: insert into "sandbox_transactions"/)
    const line = JSON.stringify(failure)
    for (const value of [brokenOrder, customer.CUST_EMAIL, customer.CUST_PHONE, RETURN_URL]) {
      expect(line, value).not.toContain(value)
    }
    expect(line).toContain('params: [not logged]')
  })

  it('keeps the request id a site gave the request', async () => {
    failures.length = 0
    const app = express()
    app.use((_req, res, next) => {
      res.setHeader('X-Request-Id', 'site-given-id')
      next()
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const other = await createGateway({
      db: drizzle(site.db),
      merchants: [merchant],
      limits: { pages: 0 },
      logFailure: (failure) => failures.push(failure),
    })
    app.use('/sandbox', other.router)
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`
      const response = await postPaymentRequest(base, { ORDER_ID: 'FORCED-FAILURE-2' })
      expect(response.status).toBe(500)
      expect(response.headers.get('x-request-id')).toBe('site-given-id')
      expect(failures.map((failure) => failure.requestId)).toEqual(['site-given-id'])
    } finally {
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      })
      await other.close()
    }
  })

  it('without a logger of the site, is one JSON line on stderr', async () => {
    // A second sandbox on the same database, as gateway/standalone.ts makes it: no logFailure.
    const standalone = await createGateway({
      db: drizzle(site.db),
      merchants: [merchant],
      limits: { pages: 0 },
    })
    const server = express().use('/sandbox', standalone.router).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const written: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`
      const response = await postPaymentRequest(base, { ORDER_ID: 'FORCED-FAILURE-3', ...customer })
      expect(response.status).toBe(500)
      const lines = written.join('').split('\n').filter(Boolean)
      expect(lines).toHaveLength(1)
      const line = JSON.parse(lines[0]!) as Record<string, unknown>
      expect(line).toMatchObject({
        level: 'error',
        msg: 'sandbox request failed',
        requestId: response.headers.get('x-request-id'),
        method: 'POST',
        route: '/sandbox/paymentrequest',
        error: { type: 'DrizzleQueryError' },
      })
      expect(lines[0]).not.toContain(customer.CUST_EMAIL)
      expect(lines[0]).not.toContain('FORCED-FAILURE-3')
    } finally {
      spy.mockRestore()
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      })
      await standalone.close()
    }
  })
})
