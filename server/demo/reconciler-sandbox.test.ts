import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SignedForm } from '#app/content/demo-api.ts'
import { demoMerchant as sandboxDemoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { demoPayments } from '#server/db/schema.ts'
import { type DemoTestApp, startDemoApp } from '#tests/support/demo-merchant.ts'

/**
 * The demo merchant against the real sandbox on its own port: the customer's browser never
 * comes back (its RETURN_URL is not followed). Through a NOTIFY_URL nobody answers, only the
 * reconciler's status enquiry settles the order; through the merchant's own NOTIFY_URL, the
 * sandbox's signed webhooks do it by themselves.
 */

const settleDelayMs = 1_500
let sandbox: SandboxServer
/** RETURN_URL and NOTIFY_URL on a port nothing listens on: neither answer ever arrives. */
let unreachable: DemoTestApp
/** RETURN_URL and NOTIFY_URL on the merchant itself: the webhook arrives. */
let notified: DemoTestApp

beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [sandboxDemoMerchant({ siteUrl: 'http://127.0.0.1' })],
    webhooks: { allowPrivate: true, pollMs: 200 },
    settleDelayMs,
  })
  // The reconciler's own timer is kept out of the way (an hour): the tests run it by hand.
  unreachable = await startDemoApp({
    siteUrl: 'http://127.0.0.1:1',
    gatewayApiBase: sandbox.url,
    reconcile: { intervalMs: 3_600_000, minAgeMs: 0, recheckMs: 0 },
  })
  notified = await startDemoApp({ store: unreachable.store })
})
afterAll(async () => {
  await notified?.close()
  await unreachable?.close()
  await sandbox?.close()
})
beforeEach(async () => {
  await unreachable.reset()
})

/** Pays by UPI on the merchant-hosted flow and leaves the gateway's answer unfollowed. */
async function payByUpi(app: DemoTestApp, vpa: string): Promise<string> {
  const request = await fetch(`${app.baseUrl}/demo/api/merchant-hosted-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ paymentType: 'UP', mopType: 'UP', payerAddress: vpa }),
  })
  const form = (await request.json()) as SignedForm
  const init = await fetch(`${sandbox.origin}${form.action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
    redirect: 'manual',
  })
  expect(init.status).toBeLessThan(400)
  await init.text()
  const [order] = await app.store.db.select().from(demoPayments)
  return order!.orderId
}

async function order(orderId: string) {
  const [row] = await unreachable.store.db
    .select()
    .from(demoPayments)
    .where(eq(demoPayments.orderId, orderId))
  return row!
}

const reconcile = () => unreachable.reconciler!.runOnce()

describe('the reconciler, when neither the browser nor the webhook arrives', () => {
  it.each([
    ['success@upi', 'success', '000'],
    ['failure@upi', 'failed', '004'],
    ['pending@upi', 'pending', '026'],
  ] as const)('settles %s as %s from the status enquiry', async (vpa, outcome, code) => {
    const orderId = await payByUpi(unreachable, vpa)
    expect((await order(orderId)).outcome).toBe('created')
    expect(await reconcile()).toEqual({ ran: true, asked: 1, moved: 1 })
    expect(await order(orderId)).toMatchObject({ outcome, responseCode: code })
    expect((await order(orderId)).response?.HASH).toMatch(/^[0-9A-F]{64}$/)
  })

  it('follows late@upi from pending to captured once the bank confirms', async () => {
    const orderId = await payByUpi(unreachable, 'late@upi')
    await reconcile()
    expect(await order(orderId)).toMatchObject({ outcome: 'pending', responseCode: '026' })
    await expect
      .poll(
        async () => {
          await reconcile()
          return (await order(orderId)).outcome
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('success')
    expect((await order(orderId)).responseCode).toBe('000')
  })

  it('leaves an order the gateway never saw (328) as it is', async () => {
    await fetch(`${unreachable.baseUrl}/demo/api/payment-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ flow: 'hosted' }),
    })
    const [row] = await unreachable.store.db.select().from(demoPayments)
    expect(await reconcile()).toEqual({ ran: true, asked: 1, moved: 0 })
    expect((await order(row!.orderId)).outcome).toBe('created')
    expect(unreachable.logs.join('\n')).toContain(`${row!.orderId} not settled: answer 328`)
  })
})

describe("the sandbox's webhooks, with no browser and no reconciler", () => {
  it('settle late@upi: pending at once, then captured', async () => {
    const orderId = await payByUpi(notified, 'late@upi')
    await expect
      .poll(async () => (await order(orderId)).outcome, { timeout: 10_000 })
      .toBe('pending')
    await expect
      .poll(async () => (await order(orderId)).outcome, { timeout: 15_000, interval: 300 })
      .toBe('success')
    expect(notified.logs.join('\n')).toMatch(/payment\.captured: LP\d+ now success/)
  })
})
