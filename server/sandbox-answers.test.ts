/**
 * The site as it serves the sandbox and the form APIs: a method a path does not take is 405 with
 * Allow; the sandbox's JSON answers are kept by no cache; and a request the sandbox fails is one
 * JSON line of the site's logger with the request's id, holding none of the request's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages, CAREER_API_PATH, CONTACT_API_PATH } from '#core/forms/api.ts'
import { withHash } from '#core/protocol/hash.ts'
import { type ObservedApp, sandboxMerchant, startObservedApp } from '#tests/support/observed-app.ts'

let app: ObservedApp

beforeAll(async () => {
  app = await startObservedApp()
})
afterAll(async () => {
  await app?.close()
})

describe('a method a path does not take', () => {
  it('is 405 with Allow: POST on the sandbox JSON APIs, not the 404 page', async () => {
    for (const method of ['GET', 'DELETE']) {
      for (const path of ['/sandbox/pgws/transact', '/sandbox/pgws/settlement']) {
        const response = await fetch(`${app.baseUrl}${path}`, { method })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow')).toBe('POST')
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(await response.json()).toMatchObject({ STATUS: 'Failed' })
      }
    }
  })

  it('is 405 with Allow: POST on the form APIs, in their JSON envelope', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE']) {
      for (const path of [CONTACT_API_PATH, CAREER_API_PATH]) {
        const response = await fetch(`${app.baseUrl}${path}`, { method })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow')).toBe('POST')
        if (method === 'HEAD') continue
        expect(await response.json()).toEqual({
          RESPONSE_STATUS: 'FAILED',
          RESPONSE_MESSAGE: apiMessages.methodNotAllowed,
        })
      }
    }
    const unknown = await fetch(`${app.baseUrl}/api/sendNothing`)
    expect(unknown.status).toBe(404)
  })
})

describe('the sandbox JSON answers', () => {
  it('carry Cache-Control: no-store, signed or refused', async () => {
    for (const fields of [
      { PAY_ID: sandboxMerchant.payId, ORDER_ID: 'NEVER-SEEN-1', TXNTYPE: 'STATUS' },
      { PAY_ID: '1000000000000999', ORDER_ID: 'NEVER-SEEN-1', TXNTYPE: 'STATUS' },
    ]) {
      const response = await fetch(`${app.baseUrl}/sandbox/pgws/transact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(withHash(fields, sandboxMerchant.salt)),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      await response.arrayBuffer()
    }
  })
})

describe('a request the sandbox fails', () => {
  it("is one error line of the site's logger with the request id, and none of the request's data", async () => {
    // Only this order id fails to be written: PostgreSQL refuses the row, and drizzle's error
    // carries every value of the insert.
    await app.sandboxDb.exec(
      `ALTER TABLE sandbox_transactions ADD CONSTRAINT forced_failure CHECK (order_id <> 'FORCED-FAILURE-SITE') NOT VALID`,
    )
    const email = 'ravi.kumar@example.com'
    const response = await fetch(`${app.baseUrl}/sandbox/paymentrequest`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(
        withHash(
          {
            PAY_ID: sandboxMerchant.payId,
            ORDER_ID: 'FORCED-FAILURE-SITE',
            AMOUNT: '100',
            TXNTYPE: 'SALE',
            CURRENCY_CODE: '356',
            RETURN_URL: 'https://shop.paystra.example/demo/response',
            CUST_NAME: 'Ravi Kumar',
            CUST_EMAIL: email,
            CUST_PHONE: '9988776655',
          },
          sandboxMerchant.salt,
        ),
      ),
    })
    expect(response.status).toBe(500)
    const requestId = response.headers.get('x-request-id')!
    await response.arrayBuffer()
    await app.logs.requestLine(requestId)

    const failures = app.logs.lines.filter((line) => line.msg === 'sandbox request failed')
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({
      level: 'error',
      requestId,
      method: 'POST',
      route: '/sandbox/paymentrequest',
      error: { type: 'DrizzleQueryError', cause: { code: '23514' } },
    })
    // Every line the logger wrote is JSON (LogLines parses each), none holds the request's values.
    for (const value of ['FORCED-FAILURE-SITE', email, 'Ravi Kumar', '9988776655']) {
      expect(app.logs.text, value).not.toContain(value)
    }
  })
})
