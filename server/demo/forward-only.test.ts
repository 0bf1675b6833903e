import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CheckoutVerifyAnswer, SignedForm } from '#app/content/demo-api.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { newEventId, signWebhook } from '#core/protocol/webhook.ts'
import { type DemoOutcome, demoPayments } from '#server/db/schema.ts'
import { findOrder, settleOrder } from './store.ts'
import { toPaymentResult } from './result.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

/**
 * An order only moves forward — created → pending | success | failed, pending → success |
 * failed — whichever way its answer comes: the browser's return, the checkout frame's verify
 * call, the webhook, or (reconciler.test.ts) the status enquiry. Two instances on one PostgreSQL
 * agree on the winner (there only: on PGlite one session would serve both, so nothing races).
 * The rule itself (`forwardFrom`) is checked against the shared vectors' order table in
 * store.test.ts; these tests exercise it through the database.
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

const answers = {
  success: { STATUS: 'Captured', RESPONSE_CODE: '000', RESPONSE_MESSAGE: 'Transaction successful' },
  failed: { STATUS: 'Failed', RESPONSE_CODE: '004', RESPONSE_MESSAGE: 'Declined' },
  pending: { STATUS: 'Pending', RESPONSE_CODE: '026', RESPONSE_MESSAGE: 'Pending' },
} as const
type Answer = keyof typeof answers

async function newOrder(flow: 'hosted' | 'checkout' = 'hosted'): Promise<string> {
  const response = await fetch(`${app.baseUrl}/demo/api/payment-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ flow }),
  })
  return ((await response.json()) as SignedForm).fields.ORDER_ID!
}

function responseFields(orderId: string, answer: Answer): Fields {
  return {
    PAY_ID: sandboxMerchant.payId,
    ORDER_ID: orderId,
    AMOUNT: '100',
    CURRENCY_CODE: '356',
    TXNTYPE: 'SALE',
    TXN_ID: '1763712000123456',
    ...answers[answer],
  }
}

function encrypted(orderId: string, answer: Answer): Fields {
  return {
    PAY_ID: sandboxMerchant.payId,
    ENCDATA: encryptFields(
      responseFields(orderId, answer),
      sandboxMerchant.salt,
      sandboxMerchant.merchantHostedKey,
    ),
  }
}

/** The three ways an answer reaches the merchant, each returning the outcome it showed. */
const paths = {
  async return(base: string, orderId: string, answer: Answer) {
    const response = await fetch(`${base}/demo/response`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(encrypted(orderId, answer)).toString(),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    const id = (response.headers.get('location') ?? '').split('payment=')[1] ?? ''
    return (await app.context.findResult(id))?.status
  },
  async verify(base: string, orderId: string, answer: Answer) {
    const response = await fetch(`${base}/demo/checkout/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(encrypted(orderId, answer)),
    })
    const body = (await response.json()) as CheckoutVerifyAnswer
    return body.verified ? body.result.status : undefined
  },
  async webhook(base: string, orderId: string, answer: Answer) {
    const type = `payment.${answer === 'success' ? 'captured' : answer}` as const
    const signed = signWebhook(
      {
        id: newEventId(),
        type,
        created: Math.floor(Date.now() / 1000),
        data: withHash(responseFields(orderId, answer), sandboxMerchant.salt),
      },
      sandboxMerchant.webhookSecret,
    )
    const response = await fetch(`${base}/demo/webhook`, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    })
    expect(response.status).toBe(200)
    const row = await findOrder(app.store.db, orderId)
    return row && toPaymentResult(row).status
  },
}
type Path = keyof typeof paths

async function outcomeOf(orderId: string): Promise<DemoOutcome | undefined> {
  const [row] = await app.store.db
    .select({ outcome: demoPayments.outcome })
    .from(demoPayments)
    .where(eq(demoPayments.orderId, orderId))
  return row?.outcome
}

const pathNames = Object.keys(paths) as Path[]

describe.each(pathNames)('through %s', (path) => {
  const send = (orderId: string, answer: Answer) => paths[path](app.baseUrl, orderId, answer)

  it('a created order takes any first answer', async () => {
    for (const answer of ['success', 'failed', 'pending'] as const) {
      const orderId = await newOrder('checkout')
      expect(await send(orderId, answer)).toBe(answer)
    }
  })

  it('a pending order moves on to success or failure', async () => {
    for (const answer of ['success', 'failed'] as const) {
      const orderId = await newOrder('checkout')
      await send(orderId, 'pending')
      expect(await send(orderId, answer)).toBe(answer)
    }
  })

  it('a captured payment stays captured and shows as captured', async () => {
    const orderId = await newOrder('checkout')
    await send(orderId, 'success')
    expect(await send(orderId, 'failed')).toBe('success')
    expect(await send(orderId, 'pending')).toBe('success')
    expect(await outcomeOf(orderId)).toBe('success')
  })

  it('a failed payment stays failed', async () => {
    const orderId = await newOrder('checkout')
    await send(orderId, 'failed')
    expect(await send(orderId, 'success')).toBe('failed')
    expect(await send(orderId, 'pending')).toBe('failed')
  })
})

describe('across paths', () => {
  it.each([
    ['webhook', 'return'],
    ['webhook', 'verify'],
    ['return', 'webhook'],
    ['verify', 'webhook'],
  ] as const)(
    'a capture by the %s is what the %s shows after it, whatever that says',
    async (first, second) => {
      const orderId = await newOrder('checkout')
      await paths[first](app.baseUrl, orderId, 'success')
      expect(await paths[second](app.baseUrl, orderId, 'pending')).toBe('success')
      expect(await paths[second](app.baseUrl, orderId, 'failed')).toBe('success')
    },
  )
})

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances racing on one PostgreSQL (skipped: DATABASE_URL is unset; on PGlite one session would serve both, so they could not race)',
  () => {
    /** A second instance of the site on the same database, with its own pool as it would have. */
    let other: DemoTestApp
    beforeAll(async () => {
      other = await startDemoApp()
    })
    afterAll(async () => {
      await other.close()
    })

    it('agree on one winner when a capture and a failure arrive together', async () => {
      for (let round = 0; round < 6; round++) {
        const orderId = await newOrder('checkout')
        const [a, b] = await Promise.all([
          paths.webhook(app.baseUrl, orderId, round % 2 ? 'success' : 'failed'),
          paths.verify(other.baseUrl, orderId, round % 2 ? 'failed' : 'success'),
        ])
        const final = await outcomeOf(orderId)
        expect(['success', 'failed']).toContain(final)
        // The verify answer shows the stored outcome, the winner's: never the one that lost.
        expect(b).toBe(final)
        expect(a).toBe(final)
      }
    })

    it('settleOrder changes the row for exactly one of two concurrent answers', async () => {
      const orderId = await newOrder()
      const results = await Promise.all([
        settleOrder(app.store.db, responseFields(orderId, 'success')),
        settleOrder(other.store.db, responseFields(orderId, 'failed')),
        settleOrder(app.store.db, responseFields(orderId, 'pending')),
      ])
      const changed = results.filter((result) => result.ok && result.changed)
      const final = await outcomeOf(orderId)
      // Pending may win first and then be overtaken; a final outcome is written once.
      expect(changed.filter((r) => r.ok && r.payment.outcome !== 'pending')).toHaveLength(1)
      expect(['success', 'failed']).toContain(final)
    })
  },
)
