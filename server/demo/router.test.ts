import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { decryptFields, encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import type { CheckoutVerifyAnswer, SignedForm } from '#app/content/demo-api.ts'
import { demoPayments } from '#server/db/schema.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

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

function postJson(path: string, body: unknown) {
  return fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function requestPayment(flow: 'hosted' | 'checkout' = 'hosted') {
  const response = await postJson('/demo/api/payment-request', { flow })
  expect(response.status).toBe(200)
  return (await response.json()) as SignedForm
}

/** What the gateway posts back: the response fields encrypted for this merchant. */
function gatewayAnswer(request: Fields, overrides: Fields = {}): Fields {
  const response: Fields = {
    PAY_ID: request.PAY_ID!,
    ORDER_ID: request.ORDER_ID!,
    AMOUNT: request.AMOUNT!,
    CURRENCY_CODE: '356',
    TXNTYPE: 'SALE',
    TXN_ID: '1763712000123456',
    PG_REF_NUM: '9000000001',
    STATUS: 'Captured',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
    RESPONSE_DATE_TIME: '2026-11-21 09:30:00',
    PAYMENT_TYPE: 'NB',
    MOP_TYPE: '1004',
    CUST_NAME: request.CUST_NAME!,
    CUST_EMAIL: request.CUST_EMAIL!,
    ...overrides,
  }
  return {
    PAY_ID: response.PAY_ID!,
    ENCDATA: encryptFields(response, sandboxMerchant.salt, sandboxMerchant.merchantHostedKey),
  }
}

function postResponse(fields: Fields) {
  return fetch(`${app.baseUrl}/demo/response`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

describe('POST /demo/api/payment-request', () => {
  it('answers a signed form for the gateway and records the order', async () => {
    const form = await requestPayment('checkout')
    expect(form.action).toBe('/sandbox/paymentrequest')
    expect(form.fields.ORDER_ID).toMatch(/^LP\d{18}$/)
    expect(form.fields.RETURN_URL).toBe(`${app.baseUrl}/demo/response`)
    expect(form.fields.NOTIFY_URL).toBe(`${app.baseUrl}/demo/webhook`)
    expect(verifyHash(form.fields, sandboxMerchant.salt)).toBe(true)

    const [order] = await app.store.db.select().from(demoPayments)
    expect(order).toMatchObject({
      orderId: form.fields.ORDER_ID,
      flow: 'checkout',
      amount: 100,
      outcome: 'created',
    })
  })

  it('never sends the salt or the merchant-hosted key', async () => {
    const response = await postJson('/demo/api/payment-request', { flow: 'hosted' })
    const text = await response.text()
    expect(text).not.toContain(sandboxMerchant.salt)
    expect(text).not.toContain(sandboxMerchant.merchantHostedKey)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('gives every press its own order id', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 5; i++) ids.add((await requestPayment()).fields.ORDER_ID!)
    expect(ids.size).toBe(5)
  })

  it('signs 1.00 of the currency the visitor chose, in its minor units, whatever amount is sent', async () => {
    for (const [currency, amount, number] of [
      ['USD', '100', '840'],
      ['JPY', '1', '392'],
      ['KWD', '1000', '414'],
    ] as const) {
      const response = await postJson('/demo/api/payment-request', {
        flow: 'hosted',
        currency,
        amount: '12.34',
      })
      expect(response.status).toBe(200)
      const form = (await response.json()) as SignedForm
      expect(form.fields).toMatchObject({ AMOUNT: amount, CURRENCY_CODE: number })
      expect(verifyHash(form.fields, sandboxMerchant.salt)).toBe(true)
    }
    const orders = await app.store.db.select().from(demoPayments)
    expect(orders.map((order) => order.amount).sort((a, b) => a - b)).toEqual([1, 100, 1000])
  })

  it('refuses an unknown currency as the currency field’s own message, and makes no order', async () => {
    const response = await postJson('/demo/api/payment-request', {
      flow: 'checkout',
      currency: 'XYZ',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Choose a currency from the list',
      field: 'currency',
    })
    expect(await app.store.db.select().from(demoPayments)).toEqual([])
  })

  it('refuses an unknown flow and a body that is not JSON', async () => {
    expect((await postJson('/demo/api/payment-request', { flow: 'cash' })).status).toBe(400)
    const broken = await fetch(`${app.baseUrl}/demo/api/payment-request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ message: 'The request is not valid JSON.' })
  })
})

describe('POST /demo/api/merchant-hosted-request', () => {
  it('answers the encrypted form for merchantPaymentInit', async () => {
    const response = await postJson('/demo/api/merchant-hosted-request', {
      paymentType: 'UP',
      mopType: 'UP',
      payerAddress: 'success@upi',
    })
    expect(response.status).toBe(200)
    const form = (await response.json()) as SignedForm
    expect(form.action).toBe('/sandbox/merchantPaymentInit')
    expect(Object.keys(form.fields)).toEqual([
      'PAY_ID',
      'CUST_NAME',
      'CUST_EMAIL',
      'CUST_MOBILE',
      'ENCDATA',
    ])
    const opened = decryptFields(
      form.fields.ENCDATA!,
      sandboxMerchant.salt,
      sandboxMerchant.merchantHostedKey,
    )
    expect(opened.ok && opened.fields.PAYER_ADDRESS).toBe('success@upi')
    const [order] = await app.store.db.select().from(demoPayments)
    expect(order).toMatchObject({ flow: 'merchant-hosted', paymentType: 'UP', mopType: 'UP' })
  })

  it("refuses Pay without a bank with the page's own message", async () => {
    const response = await postJson('/demo/api/merchant-hosted-request', { paymentType: 'NB' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Please select any bank' })
    expect(await app.store.db.select().from(demoPayments)).toEqual([])
  })
})

describe('POST /demo/response (the RETURN_URL)', () => {
  it('settles the order and sends the browser to its result', async () => {
    const form = await requestPayment()
    const response = await postResponse(gatewayAnswer(form.fields))
    expect(response.status).toBe(303)
    const location = response.headers.get('location') ?? ''
    expect(location).toMatch(/^\/demo\/response\?payment=[0-9a-f-]{36}$/)

    const id = location.split('=')[1]!
    expect(await app.context.findResult(id)).toEqual({
      id,
      flow: 'hosted',
      status: 'success',
      success: true,
      orderId: form.fields.ORDER_ID,
      txnId: '1763712000123456',
      amount: '₹1.00',
      method: 'Net Banking · HDFC',
      responseCode: '000',
      responseMessage: 'Transaction successful',
      // Net banking at 2 % of ₹1.00; captured on the 3rd Saturday (a working day), settled Monday.
      merchantSide: {
        rate: 'Net banking (2.00%)',
        fee: '₹0.02',
        gstLabel: 'GST on the fee (18%)',
        gst: '₹0.00',
        net: '₹0.98',
        settlementDate: 'Monday, 23 November 2026',
      },
    })
  })

  it('records a failure as a failure', async () => {
    const form = await requestPayment()
    const response = await postResponse(
      gatewayAnswer(form.fields, {
        STATUS: 'Failed',
        RESPONSE_CODE: '010',
        RESPONSE_MESSAGE: 'Transaction cancelled by the customer',
      }),
    )
    const id = (response.headers.get('location') ?? '').split('=')[1]!
    expect(await app.context.findResult(id)).toMatchObject({
      success: false,
      responseCode: '010',
    })
    const [order] = await app.store.db
      .select()
      .from(demoPayments)
      .where(eq(demoPayments.orderId, form.fields.ORDER_ID!))
    expect(order?.outcome).toBe('failed')
    expect(order?.response?.RESPONSE_CODE).toBe('010')
  })

  it('shows the same result when the same response arrives twice', async () => {
    const form = await requestPayment()
    const answer = gatewayAnswer(form.fields)
    const first = (await postResponse(answer)).headers.get('location')
    const second = (await postResponse(answer)).headers.get('location')
    expect(second).toBe(first)
  })

  it.each([
    ['garbage', () => ({ ENCDATA: 'x' }), 'undecryptable'],
    ['empty', () => ({ ENCDATA: '' }), 'missing'],
  ])('refuses a response without valid ENCDATA (%s)', async (_name, change, reason) => {
    const form = await requestPayment()
    const response = await postResponse({ ...gatewayAnswer(form.fields), ...change() })
    expect(response.headers.get('location')).toBe(`/demo/response?refused=${reason}`)
  })

  it('refuses a response whose HASH was not made with the salt', async () => {
    const form = await requestPayment()
    const forged = encryptFields(
      {
        PAY_ID: sandboxMerchant.payId,
        ORDER_ID: form.fields.ORDER_ID!,
        AMOUNT: '100',
        RESPONSE_CODE: '000',
      },
      'not-the-salt-123',
      sandboxMerchant.merchantHostedKey,
    )
    const response = await postResponse({ PAY_ID: sandboxMerchant.payId, ENCDATA: forged })
    expect(response.headers.get('location')).toBe('/demo/response?refused=hash')
    const [order] = await app.store.db.select().from(demoPayments)
    expect(order?.outcome).toBe('created')
  })

  it('refuses a response for an order it never made or for another amount', async () => {
    const form = await requestPayment()
    const unknown = await postResponse(gatewayAnswer({ ...form.fields, ORDER_ID: 'LP1' }))
    expect(unknown.headers.get('location')).toBe('/demo/response?refused=unknown-order')
    const other = await postResponse(gatewayAnswer({ ...form.fields, AMOUNT: '1' }))
    expect(other.headers.get('location')).toBe('/demo/response?refused=amount')
  })
})

describe('POST /demo/checkout/verify', () => {
  it('answers the verified result of the checkout frame', async () => {
    const form = await requestPayment('checkout')
    const response = await postJson(
      '/demo/checkout/verify',
      gatewayAnswer(form.fields, { PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP' }),
    )
    expect(response.status).toBe(200)
    const answer = (await response.json()) as CheckoutVerifyAnswer
    expect(answer).toMatchObject({
      verified: true,
      result: { flow: 'checkout', success: true, orderId: form.fields.ORDER_ID, method: 'UPI' },
    })
  })

  it('refuses a tampered response and says why', async () => {
    const form = await requestPayment('checkout')
    const answer = gatewayAnswer(form.fields)
    const tampered = { ...answer, ENCDATA: `${answer.ENCDATA!.slice(0, -4)}AAAA` }
    const response = await postJson('/demo/checkout/verify', tampered)
    expect(response.status).toBe(400)
    const body = (await response.json()) as CheckoutVerifyAnswer
    expect(body.verified).toBe(false)
  })
})

describe('the result lookup', () => {
  it('knows nothing of an order that is still waiting, nor of a made-up id', async () => {
    await requestPayment()
    const [order] = await app.store.db.select().from(demoPayments)
    expect(await app.context.findResult(order!.id)).toBeUndefined()
    expect(await app.context.findResult('not-a-uuid')).toBeUndefined()
    expect(await app.context.findResult('00000000-0000-4000-8000-000000000000')).toBeUndefined()
  })
})

describe('RETURN_URL and NOTIFY_URL', () => {
  it('use SITE_URL when the site has one', async () => {
    const configured = await startDemoApp({ siteUrl: 'https://www.paystra.example' })
    try {
      const response = await fetch(`${configured.baseUrl}/demo/api/payment-request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ flow: 'hosted' }),
      })
      const form = (await response.json()) as SignedForm
      expect(form.fields.RETURN_URL).toBe('https://www.paystra.example/demo/response')
      expect(form.fields.NOTIFY_URL).toBe('https://www.paystra.example/demo/webhook')
    } finally {
      await configured.close()
    }
  })
})
