import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SignedForm } from '#app/content/demo-api.ts'
import { action as merchantHostedAction } from '#app/routes/merchant-hosted-checkout.tsx'
import { action as pgHostedAction } from '#app/routes/pg-hosted-demo.tsx'
import { decryptFields } from '#core/protocol/cipher.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { demoPayments } from '#server/db/schema.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

/**
 * The demo pages' actions (a Pay posted without scripts) against the demo merchant on a real
 * database: the same orders, signatures, checks, cookie and limit as the JSON endpoints.
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

/** Both actions read only the request and the load context. */
type ActionArgs = Parameters<typeof pgHostedAction>[0] & Parameters<typeof merchantHostedAction>[0]

/** What React Router hands an action: the posted form, the site's load context. */
function actionArgs(
  path: string,
  fields: Record<string, string> = {},
  options: { cookie?: string; url?: string; demo?: DemoTestApp } = {},
): ActionArgs {
  const request = new Request(`${options.url ?? 'http://localhost:3000'}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
  const context: AppLoadContext = { demo: (options.demo ?? app).context, clientIp: '127.0.0.1' }
  return { request, context, params: {} } as unknown as ActionArgs
}

/** An action's answer: React Router's `data()` with its data and response init. */
interface Answer {
  data: { form?: SignedForm; refusal?: { status: number; message: string }; choice?: unknown }
  init: { status?: number; headers?: Record<string, string> } | null
}

async function payHosted(options?: Parameters<typeof actionArgs>[2]) {
  return (await pgHostedAction(actionArgs('/pg-hosted-demo', {}, options))) as unknown as Answer
}

async function payMerchantHosted(
  fields: Record<string, string>,
  options?: Parameters<typeof actionArgs>[2],
) {
  const args = actionArgs('/merchant-hosted-checkout', fields, options)
  return (await merchantHostedAction(args)) as unknown as Answer
}

function cookieOf(answer: Answer): string {
  return (answer.init?.headers?.['Set-Cookie'] ?? '').split(';')[0]!
}

describe('the PG Hosted page action', () => {
  it('makes the order and answers its signed request, never from a cache', async () => {
    const answer = await payHosted()
    const form = answer.data.form!
    expect(form.action).toBe('/sandbox/paymentrequest')
    expect(form.fields.ORDER_ID).toMatch(/^LP\d{18}$/)
    expect(form.fields.RETURN_URL).toBe(`${app.baseUrl}/demo/response`)
    expect(verifyHash(form.fields, sandboxMerchant.salt)).toBe(true)
    expect(JSON.stringify(answer)).not.toContain(sandboxMerchant.salt)
    expect(answer.init?.headers?.['Cache-Control']).toBe('no-store')

    const [order] = await app.store.db.select().from(demoPayments)
    expect(order).toMatchObject({
      orderId: form.fields.ORDER_ID,
      flow: 'hosted',
      outcome: 'created',
    })
  })

  it('remembers the order for this browser beside the ones it made before', async () => {
    const first = await payHosted()
    const second = await payHosted({ cookie: cookieOf(first) })
    const setCookie = second.init?.headers?.['Set-Cookie'] ?? ''
    expect(setCookie).toMatch(
      /^demo_payments=[0-9a-f-]{36}\.[0-9a-f-]{36}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    )

    const cookie = cookieOf(second)
    for (const answer of [first, second]) {
      const orderId = answer.data.form!.fields.ORDER_ID!
      expect(await app.context.findOrder(orderId, cookie)).toMatchObject({ orderId })
    }
    // Another browser does not find them.
    expect(await app.context.findOrder(first.data.form!.fields.ORDER_ID!, null)).toBeUndefined()
  })

  it("keeps its own cookie at /, so the JSON endpoints' list under /demo is never replaced", async () => {
    const scripted = await fetch(`${app.baseUrl}/demo/api/payment-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ flow: 'hosted' }),
    })
    const scriptedCookie = (scripted.headers.get('set-cookie') ?? '').split(';')[0]!
    const scriptedOrder = ((await scripted.json()) as SignedForm).fields.ORDER_ID!
    // The action's page is not under /demo: the browser does not send it the JSON endpoints' one.
    const page = await payHosted()
    expect(page.init?.headers?.['Set-Cookie']).toMatch(/; Path=\/;/)

    // Under /demo, where orders are looked up, the browser sends both.
    const both = `${scriptedCookie}; ${cookieOf(page)}`
    const pageOrder = page.data.form!.fields.ORDER_ID!
    for (const orderId of [scriptedOrder, pageOrder]) {
      expect(await app.context.findOrder(orderId, both)).toMatchObject({ orderId })
    }
  })

  it('orders 1.00 of the chosen currency, and refuses an unknown one beside the field', async () => {
    const args = (fields: Record<string, string>) => actionArgs('/pg-hosted-demo', fields)
    const paid = (await pgHostedAction(args({ currency: 'USD' }))) as unknown as Answer
    expect(paid.data.form!.fields).toMatchObject({ AMOUNT: '100', CURRENCY_CODE: '840' })
    // An amount field posted by a page of before changes nothing: the price is 1.00.
    const yen = (await pgHostedAction(
      args({ currency: 'JPY', amount: '500' }),
    )) as unknown as Answer
    expect(yen.data.form!.fields).toMatchObject({ AMOUNT: '1', CURRENCY_CODE: '392' })

    const refused = (await pgHostedAction(args({ currency: 'XYZ' }))) as unknown as Answer
    expect(refused.init?.status).toBe(200)
    expect(refused.data).toEqual({
      values: { currency: 'XYZ' },
      refusal: { status: 400, message: 'Choose a currency from the list', field: 'currency' },
    })
    expect(await app.store.db.select().from(demoPayments)).toHaveLength(2)
  })

  it('marks the cookie Secure when the page was reached over HTTPS', async () => {
    const answer = await payHosted({ url: 'https://pay.example' })
    expect(answer.init?.headers?.['Set-Cookie']).toMatch(/; Secure$/)
  })
})

describe('the merchant-hosted checkout action', () => {
  it('makes the order of the chosen bank and answers its encrypted request', async () => {
    const answer = await payMerchantHosted({ paymentType: 'NB', mopType: '1004' })
    const form = answer.data.form!
    expect(form.action).toBe('/sandbox/merchantPaymentInit')
    const opened = decryptFields(
      form.fields.ENCDATA!,
      sandboxMerchant.salt,
      sandboxMerchant.merchantHostedKey,
    )
    expect(opened.ok && opened.fields).toMatchObject({ PAYMENT_TYPE: 'NB', MOP_TYPE: '1004' })
    expect(cookieOf(answer)).toMatch(/^demo_payments=[0-9a-f-]{36}$/)
    const [order] = await app.store.db.select().from(demoPayments)
    expect(order).toMatchObject({ flow: 'merchant-hosted', paymentType: 'NB', mopType: '1004' })
  })

  it('sends a typed UPI ID as PAYER_ADDRESS', async () => {
    const answer = await payMerchantHosted({ paymentType: 'UP', payerAddress: ' success@upi ' })
    const opened = decryptFields(
      answer.data.form!.fields.ENCDATA!,
      sandboxMerchant.salt,
      sandboxMerchant.merchantHostedKey,
    )
    expect(opened.ok && opened.fields).toMatchObject({
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      PAYER_ADDRESS: 'success@upi',
    })
  })

  it.each<[Record<string, string>, string]>([
    [{ paymentType: 'NB' }, 'Please select any bank'],
    [{ paymentType: 'NB', mopType: 'PPL' }, 'Please select any bank'],
    [{}, 'Please select any bank'],
    [{ paymentType: 'WL', mopType: '1004' }, 'Please select any wallet'],
    [{ paymentType: 'UP', payerAddress: '' }, 'Please Enter UPI ID'],
    [{ paymentType: 'UP', payerAddress: 'aarav@u' }, 'Invalid UPI ID'],
  ])(
    'refuses %o with the page\'s message "%s", keeps the choice, makes no order',
    async (fields, message) => {
      const answer = await payMerchantHosted(fields)
      expect(answer.data.form).toBeUndefined()
      expect(answer.data.refusal).toEqual({ status: 400, message })
      expect(answer.init?.status).toBe(200)
      expect(answer.init?.headers?.['Set-Cookie']).toBeUndefined()
      expect(answer.data.choice).toMatchObject({ paymentType: fields.paymentType ?? 'NB' })
      expect(await app.store.db.select().from(demoPayments)).toEqual([])
    },
  )

  it('keeps a refused UPI ID as typed', async () => {
    const answer = await payMerchantHosted({ paymentType: 'UP', payerAddress: 'aarav@u' })
    expect(answer.data.choice).toEqual({ paymentType: 'UP', payerAddress: 'aarav@u' })
  })
})

describe('the per-IP limit', () => {
  let limited: DemoTestApp
  beforeAll(async () => {
    limited = await startDemoApp({ rateLimitPerMinute: 2, store: app.store })
  })
  afterAll(async () => {
    await limited.close()
  })

  it("counts the JSON endpoints and the pages' actions together", async () => {
    const json = () =>
      fetch(`${limited.baseUrl}/demo/api/payment-request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ flow: 'hosted' }),
      })
    expect((await json()).status).toBe(200)
    expect((await payHosted({ demo: limited })).data.form).toBeDefined()

    const refused = await payMerchantHosted(
      { paymentType: 'NB', mopType: '1004' },
      { demo: limited },
    )
    expect(refused.init?.status).toBe(429)
    expect(refused.data.refusal).toEqual({
      status: 429,
      message: 'Too many payments in a short time. Please wait a minute and try again.',
    })
    expect((await json()).status).toBe(429)
  })
})
