import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SignedForm } from '#app/content/demo-api.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import {
  signWebhook,
  type WebhookEvent,
  type WebhookEventType,
  webhookRefusals,
} from '#core/protocol/webhook.ts'
import { demoPayments, demoWebhookEvents } from '#server/db/schema.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

/**
 * POST /demo/webhook on a real HTTP port and a real database: signed events settle orders
 * forward only, once per event id; anything not signed by the gateway is refused with its reason.
 */

let app: DemoTestApp

beforeAll(async () => {
  app = await startDemoApp()
})
afterAll(async () => {
  await app.close()
})
beforeEach(async () => {
  await app.reset()
})

async function newOrder(): Promise<string> {
  const response = await fetch(`${app.baseUrl}/demo/api/payment-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ flow: 'hosted' }),
  })
  const form = (await response.json()) as SignedForm
  return form.fields.ORDER_ID!
}

const outcomes = {
  'payment.captured': {
    STATUS: 'Captured',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
  },
  'payment.failed': {
    STATUS: 'Failed',
    RESPONSE_CODE: '004',
    RESPONSE_MESSAGE: 'Transaction declined by the issuing bank',
  },
  'payment.pending': {
    STATUS: 'Pending',
    RESPONSE_CODE: '026',
    RESPONSE_MESSAGE: 'Transaction pending: awaiting confirmation from the bank',
  },
} as const

let eventCount = 0

/** A gateway event for an order: the response fields with their HASH, as the sandbox sends. */
function paymentEvent(
  orderId: string,
  type: keyof typeof outcomes,
  overrides: Fields = {},
): WebhookEvent {
  const data = withHash(
    {
      PAY_ID: sandboxMerchant.payId,
      ORDER_ID: orderId,
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      TXN_ID: '1763712000123456',
      ...outcomes[type],
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      CUST_EMAIL: 'aarav.sharma@paystra.example',
      ...overrides,
    },
    sandboxMerchant.salt,
  )
  eventCount++
  return {
    id: `evt_${eventCount.toString(16).padStart(24, '0')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data,
  }
}

async function deliver(
  event: WebhookEvent,
  options: { secret?: string; timestamp?: number; body?: (body: string) => string } = {},
) {
  const signed = signWebhook(
    event,
    options.secret ?? sandboxMerchant.webhookSecret,
    options.timestamp ?? Math.floor(Date.now() / 1000),
  )
  const response = await fetch(`${app.baseUrl}/demo/webhook`, {
    method: 'POST',
    headers: signed.headers,
    body: options.body ? options.body(signed.body) : signed.body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function order(orderId: string) {
  const [row] = await app.store.db
    .select()
    .from(demoPayments)
    .where(eq(demoPayments.orderId, orderId))
  return row!
}

describe('a signed payment event', () => {
  it('settles its order and records its id', async () => {
    const orderId = await newOrder()
    const event = paymentEvent(orderId, 'payment.captured')
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } })
    expect(await order(orderId)).toMatchObject({
      outcome: 'success',
      responseCode: '000',
      txnId: '1763712000123456',
      paymentType: 'UP',
    })
    const seen = await app.store.db.select().from(demoWebhookEvents)
    expect(seen).toEqual([
      expect.objectContaining({ eventId: event.id, type: 'payment.captured', orderId }),
    ])
    expect(app.logs.join('\n')).toContain(`${orderId} now success`)
  })

  it('moves a pending order on to its result', async () => {
    const orderId = await newOrder()
    await deliver(paymentEvent(orderId, 'payment.pending'))
    expect((await order(orderId)).outcome).toBe('pending')
    await deliver(paymentEvent(orderId, 'payment.failed'))
    expect(await order(orderId)).toMatchObject({ outcome: 'failed', responseCode: '004' })
  })

  it('seen before (same event id), it is acknowledged and changes nothing', async () => {
    const orderId = await newOrder()
    const pending = paymentEvent(orderId, 'payment.pending')
    expect((await deliver(pending)).status).toBe(200)
    // The same delivery again, and a capture that reuses the id: neither touches the order.
    expect(await deliver(pending)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    })
    const reused = { ...paymentEvent(orderId, 'payment.captured'), id: pending.id }
    expect(await deliver(reused)).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    })
    expect(await order(orderId)).toMatchObject({ outcome: 'pending', responseCode: '026' })
    expect(await app.store.db.select().from(demoWebhookEvents)).toHaveLength(1)
  })

  it('a late payment.failed never undoes a capture', async () => {
    const orderId = await newOrder()
    await deliver(paymentEvent(orderId, 'payment.captured'))
    const late = await deliver(paymentEvent(orderId, 'payment.failed'))
    expect(late).toEqual({ status: 200, body: { received: true } })
    const pendingAgain = await deliver(paymentEvent(orderId, 'payment.pending'))
    expect(pendingAgain.status).toBe(200)
    expect(await order(orderId)).toMatchObject({ outcome: 'success', responseCode: '000' })
    expect(app.logs.join('\n')).toContain(`${orderId} stays success`)
  })

  it('for an order this store never made, it is acknowledged, ignored and logged', async () => {
    const event = paymentEvent('LP1000000000001', 'payment.captured')
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, ignored: 'unknown-order' },
    })
    expect(app.logs.join('\n')).toContain('unknown-order (LP1000000000001)')
    // A retry of it is a duplicate: the gateway can stop.
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: true })
  })

  it('for another amount than the order, it changes nothing', async () => {
    const orderId = await newOrder()
    const response = await deliver(paymentEvent(orderId, 'payment.captured', { AMOUNT: '1' }))
    expect(response).toEqual({ status: 200, body: { received: true, ignored: 'amount' } })
    expect((await order(orderId)).outcome).toBe('created')
  })

  it('for the same digits in another currency than the order, it changes nothing', async () => {
    const orderId = await newOrder()
    const inDollars = paymentEvent(orderId, 'payment.captured', { CURRENCY_CODE: '840' })
    expect(await deliver(inDollars)).toEqual({
      status: 200,
      body: { received: true, ignored: 'amount' },
    })
    expect((await order(orderId)).outcome).toBe('created')
  })

  it('a refund or payout event is acknowledged and leaves the order alone', async () => {
    const orderId = await newOrder()
    await deliver(paymentEvent(orderId, 'payment.pending'))
    const refund = {
      ...paymentEvent(orderId, 'payment.captured', { TXNTYPE: 'REFUND', STATUS: 'Refunded' }),
      type: 'refund.processed' as WebhookEventType,
    }
    expect(await deliver(refund)).toEqual({
      status: 200,
      body: { received: true, ignored: 'refund.processed' },
    })
    expect((await order(orderId)).outcome).toBe('pending')
  })
})

describe('a delivery that is not what the gateway signed', () => {
  const now = () => Math.floor(Date.now() / 1000)

  it.each([
    [
      'a changed body',
      { body: (body: string) => body.replace('"000"', '"010"') },
      'signature-mismatch',
    ],
    ['the wrong secret', { secret: 'wh_someone_else_00000' }, 'wrong-secret'],
    ['the salt as secret', { secret: sandboxMerchant.salt }, 'wrong-secret'],
    ['a stale timestamp (6 minutes)', { timestamp: now() - 360 }, 'stale-timestamp'],
    ['a timestamp from the future', { timestamp: now() + 360 }, 'stale-timestamp'],
    [
      'a parsed and re-serialised body',
      { body: (body: string) => JSON.stringify(JSON.parse(body)) },
      'body-reserialised',
    ],
  ] as const)('is refused with 400 and its reason: %s', async (_name, change, reason) => {
    const orderId = await newOrder()
    const response = await deliver(paymentEvent(orderId, 'payment.captured'), change)
    expect(response).toEqual({
      status: 400,
      body: { received: false, reason, message: webhookRefusals[reason] },
    })
    expect((await order(orderId)).outcome).toBe('created')
    expect(await app.store.db.select().from(demoWebhookEvents)).toEqual([])
    // The reason is logged, never the body.
    const logs = app.logs.join('\n')
    expect(logs).toContain(`demo webhook refused: ${reason}`)
    expect(logs).not.toContain(orderId)
    expect(logs).not.toContain('aarav.sharma')
  })

  it('is refused without a signature header, or with data not signed with the salt', async () => {
    const orderId = await newOrder()
    const event = paymentEvent(orderId, 'payment.captured')
    const unsigned = await fetch(`${app.baseUrl}/demo/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    })
    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toMatchObject({ reason: 'malformed-header' })

    const forged = { ...event, data: withHash({ ...event.data, HASH: '' }, 'not-the-salt') }
    expect((await deliver(forged)).body).toMatchObject({ reason: 'data-hash' })
    expect((await order(orderId)).outcome).toBe('created')
  })

  it('is refused when it is not JSON (415) or too large (413)', async () => {
    const form = await fetch(`${app.baseUrl}/demo/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'id=evt_1',
    })
    expect(form.status).toBe(415)
    const large = await fetch(`${app.baseUrl}/demo/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"id":"${'x'.repeat(40_000)}"}`,
    })
    expect(large.status).toBe(413)
  })
})
