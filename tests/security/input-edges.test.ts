/**
 * Issue 22, finding 10: a `__proto__` (or `constructor`, `prototype`) key is a malformed request
 * (326), not a bad HASH (323); the demo's webhook receiver refuses an event id that is not the
 * gateway's before storing it; demo order ids are unguessable and the result page's look-up
 * shows a visitor only the demo payments their own browser made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SignedForm } from '#app/content/demo-api.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { signWebhook } from '#core/protocol/webhook.ts'
import { merchant } from '#tests/support/sandbox-api.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { demoWebhookEvents } from '#server/db/schema.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

describe('reserved JSON keys at the sandbox APIs', () => {
  let sandbox: SandboxServer
  beforeAll(async () => {
    sandbox = await startSandboxServer({ merchants: [merchant] })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it.each(['__proto__', 'constructor', 'prototype'])(
    'a "%s" key is a malformed request: 400 and 326, not 323',
    async (key) => {
      const fields = { PAY_ID: merchant.payId, ORDER_ID: 'LP1', TXNTYPE: 'STATUS' }
      // The HASH is right for the other fields, so only the key can be the fault.
      const signed = withHash(fields, merchant.salt)
      const body = `{${JSON.stringify(key)}:"x",${JSON.stringify(signed).slice(1)}`
      const response = await fetch(`${sandbox.url}/pgws/transact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(400)
      expect(((await response.json()) as Fields).RESPONSE_CODE).toBe('326')
    },
  )
})

describe('the demo merchant', () => {
  let app: DemoTestApp
  beforeAll(async () => {
    app = await startDemoApp()
  })
  afterAll(async () => {
    await app?.close()
  })
  beforeEach(async () => {
    await app.reset()
  })

  /** A demo order as a browser makes one: its id and the cookie the answer set. */
  async function newOrder(cookie?: string) {
    const response = await fetch(`${app.baseUrl}/demo/api/payment-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ flow: 'hosted' }),
    })
    const form = (await response.json()) as SignedForm
    const setCookie = response.headers.get('set-cookie') ?? ''
    return { orderId: form.fields.ORDER_ID!, setCookie, cookie: setCookie.split(';')[0]! }
  }

  it('makes order ids nobody can count to', async () => {
    const first = await newOrder()
    const second = await newOrder()
    expect(first.orderId).toMatch(/^LP\d{18}$/)
    const gap = Math.abs(Number(second.orderId.slice(2)) - Number(first.orderId.slice(2)))
    expect(gap).toBeGreaterThan(1e6)
  })

  it("looks an order up only for the browser that made it, never another visitor's", async () => {
    const mine = await newOrder()
    expect(mine.setCookie).toMatch(/HttpOnly/i)
    expect(mine.setCookie).toMatch(/SameSite=Lax/i)
    expect(mine.setCookie).toMatch(/Path=\/demo/i)
    const theirs = await newOrder()

    expect(await app.context.findOrder(mine.orderId, mine.cookie)).toMatchObject({
      orderId: mine.orderId,
    })
    // Another visitor, with or without demo payments of their own, finds nothing.
    expect(await app.context.findOrder(mine.orderId, theirs.cookie)).toBeUndefined()
    expect(await app.context.findOrder(mine.orderId, null)).toBeUndefined()
    expect(await app.context.findOrder(mine.orderId, 'demo_payments=not-an-id')).toBeUndefined()
  })

  it('remembers several orders of one browser', async () => {
    const first = await newOrder()
    const second = await newOrder(first.cookie)
    expect(await app.context.findOrder(first.orderId, second.cookie)).toBeDefined()
    expect(await app.context.findOrder(second.orderId, second.cookie)).toBeDefined()
  })

  it('refuses a signed webhook whose event id is not the gateway’s, storing nothing', async () => {
    const { orderId } = await newOrder()
    const data = withHash(
      { PAY_ID: sandboxMerchant.payId, ORDER_ID: orderId, AMOUNT: '100', RESPONSE_CODE: '000' },
      sandboxMerchant.salt,
    )
    for (const id of [`evt_${'a'.repeat(6000)}`, 'evt_<script>', 'anything']) {
      const signed = signWebhook(
        { id, type: 'payment.captured', created: Math.floor(Date.now() / 1000), data },
        sandboxMerchant.webhookSecret,
        Math.floor(Date.now() / 1000),
      )
      const response = await fetch(`${app.baseUrl}/demo/webhook`, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
      })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { reason: string }).reason).toBe('event-id')
    }
    expect(await app.store.db.select().from(demoWebhookEvents)).toEqual([])
  })
})
