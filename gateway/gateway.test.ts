import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from './index.ts'
import { demoMerchant } from './merchants.ts'
import { decryptFields, encryptFields } from '#core/protocol/cipher.ts'
import { computeHash, verifyHash, withHash } from '#core/protocol/hash.ts'
import { type SandboxServer, startSandboxServer } from './server.ts'
import { documentedJson } from '#tests/support/validate-answer.ts'

/**
 * The sandbox over real HTTP on a random port, with in-memory PGlite: every endpoint, every
 * refusal, and every way a payment ends, read back the way a merchant reads it.
 */

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const RETURN_URL = 'https://shop.paystra.example/demo/response'
let sandbox: SandboxServer
let orderSeq = 0

beforeAll(async () => {
  // Many payments a minute from one address: the page limit has its own tests.
  sandbox = await startSandboxServer({ merchants: [merchant], limits: { pages: 0 } })
})

afterAll(async () => {
  await sandbox?.close()
})

const newOrderId = () => `LP${Date.now()}${String(orderSeq++).padStart(3, '0')}`

function requestFields(overrides: Record<string, string> = {}) {
  return {
    PAY_ID: merchant.payId,
    ORDER_ID: newOrderId(),
    AMOUNT: '100',
    TXNTYPE: 'SALE',
    CUST_NAME: 'Demo Customer',
    CUST_EMAIL: 'demo.customer@example.com',
    CUST_MOBILE: '9876543210',
    CUST_ID: '12345678901234567890123456789012',
    CURRENCY_CODE: '356',
    RETURN_URL,
    ...overrides,
  }
}

const signed = (fields: Record<string, string>) => withHash(fields, merchant.salt)

async function post(
  path: string,
  body: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
) {
  const url = path.startsWith('http') ? path : sandbox.origin + path
  return fetch(url, {
    method: 'POST',
    body: body instanceof URLSearchParams ? body : new URLSearchParams(body),
    redirect: 'manual',
    headers,
  })
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(path.startsWith('http') ? path : sandbox.origin + path, { redirect: 'manual', headers })

/** Posts a signed request and answers the payment page's path. */
async function startPayment(fields = signed(requestFields()), query = '') {
  const response = await post(`${sandbox.url}/paymentrequest${query}`, fields)
  expect(response.status).toBe(303)
  const location = response.headers.get('location')!
  expect(location).toMatch(/^\/sandbox\/pay\/[0-9a-f-]{36}$/)
  return { payPath: location, orderId: fields.ORDER_ID! }
}

function unescape(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The response form of a page: where it posts and what it carries, decrypted and verified. */
function readResponse(html: string) {
  const form = /<form id="gw-return" method="post" action="([^"]*)"/.exec(html)
  const payId = /name="PAY_ID" value="([^"]*)"/.exec(html)?.[1]
  const encdata = /name="ENCDATA" value="([^"]*)"/.exec(html)?.[1]
  expect(form, 'a response form').not.toBeNull()
  const decrypted = decryptFields(unescape(encdata!), merchant.salt, merchant.merchantHostedKey)
  expect(decrypted.ok, 'ENCDATA decrypts and its HASH verifies').toBe(true)
  if (!decrypted.ok) throw new Error('unreachable')
  return {
    action: unescape(form![1]!),
    payId: payId!,
    fields: decrypted.fields,
    autoSubmit: html.includes('data-autosubmit="true"'),
  }
}

/** Checks that a page refuses with `code` and offers no way to pay. */
async function expectRefusal(response: Response, code: string, message: string) {
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('Payment request refused')
  expect(html).toMatch(new RegExp(`data-code[^>]*>${code}<`))
  expect(html).toContain(message)
  expect(html).not.toContain('/pay/')
  expect(html).not.toMatch(/name="(number|cvv|vpa|bank|wallet)"/)
  return html
}

async function statusEnquiry(orderId: string, overrides: Record<string, string> = {}) {
  const body = signed({ PAY_ID: merchant.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' })
  const response = await fetch(`${sandbox.url}/pgws/transact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, ...overrides }),
  })
  return { status: response.status, json: await documentedJson(response.url, response) }
}

describe('GET /checkout.js and the assets', () => {
  it('defines PaystraCheckout with the gateway origin and the checkout action', async () => {
    const response = await get(`${sandbox.url}/checkout.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const script = await response.text()
    expect(script).toContain(`var origin = "${sandbox.origin}"`)
    expect(script).toContain(`var action = "${sandbox.url}/paymentrequest?mode=checkout"`)
    expect(script).toContain(
      'window.PaystraCheckout = Object.freeze({ origin: origin, open: open })',
    )
  })

  it('serves its stylesheet, script and icon, cached forever under their version', async () => {
    const page = await (await get((await startPayment()).payPath)).text()
    const css = /href="([^"]+gateway\.css\?v=\w+)"/.exec(page)![1]!
    const js = /src="([^"]+gateway\.js\?v=\w+)"/.exec(page)![1]!
    const icon = /rel="icon" href="([^"]+favicon\.svg\?v=\w+)"/.exec(page)![1]!
    for (const [path, type] of [
      [css, 'text/css'],
      [js, 'text/javascript'],
      [icon, 'image/svg+xml'],
    ] as const) {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain(type)
      expect(response.headers.get('cache-control')).toContain('immutable')
    }
    expect((await get('/sandbox/assets/gateway.css')).headers.get('cache-control')).toBe('no-cache')
  })
})

describe('POST /paymentrequest: the hosted page', () => {
  it('stores the request and redirects to a page with merchant, order, amount and every method', async () => {
    const { payPath, orderId } = await startPayment()
    const response = await get(payPath)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const policy = response.headers.get('content-security-policy')!
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("form-action 'self' https://shop.paystra.example")
    // The site frames them, and a developer's shop on their own machine (a kit's first run).
    expect(policy).toContain(
      'frame-ancestors https://shop.paystra.example http://localhost:* http://127.0.0.1:*;',
    )
    expect(response.headers.get('x-frame-options')).toBeNull()
    const html = await response.text()
    expect(html).toContain('<h1 class="gw-title">Complete your payment</h1>')
    expect(html).toContain('Paystra Demo Store')
    expect(html).toContain(orderId)
    expect(html).toContain('₹1.00')
    for (const tab of ['Cards', 'Net Banking', 'UPI', 'Wallets']) expect(html).toContain(tab)
    for (const [name, code] of [
      ['AXIS Bank', '1005'],
      ['BOB', '1093'],
      ['ICICI', '1013'],
      ['SBI', '1030'],
      ['Union Bank', '1038'],
      ['Kotak Bank', '1012'],
      ['HDFC', '1004'],
      ['PNB', '1107'],
      ['Paytm', 'PPL'],
      ['Mobikwik', 'MWL'],
      ['PhonePay', 'PPWL'],
    ]) {
      expect(html).toContain(`value="${code}"`)
      expect(html).toContain(name)
    }
    for (const testData of [
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0566 5566 5556',
      'Succeeds: Visa debit card, charged at debit card rates',
      '6074 8492 0000 4917',
      'Succeeds: RuPay debit card, charged nothing (0%)',
      '4000 0082 6000 0000',
      'Succeeds: card issued abroad, charged at international card rates even in rupees',
      'success@upi',
      'failure@upi',
      'pending@upi',
      '(026)',
      '(004)',
      '(020)',
    ]) {
      expect(html).toContain(testData)
    }
    // The page's forms name the transaction, never the merchant's fields.
    expect(html).not.toContain('name="HASH"')
    expect(html).not.toContain('name="RETURN_URL"')
    // Inline scripts and styles would break under the policy.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/)
  })

  it('a request from the same merchant with the same ORDER_ID is refused with 018', async () => {
    const fields = signed(requestFields())
    await startPayment(fields)
    await expectRefusal(
      await post(`${sandbox.url}/paymentrequest`, fields),
      '018',
      'Duplicate order id',
    )
  })

  it.each([
    ['324', 'Invalid pay id', () => signed(requestFields({ PAY_ID: '1000000000000999' }))],
    ['323', 'Invalid hash', () => ({ ...signed(requestFields()), AMOUNT: '1' })],
    ['323', 'Invalid hash', () => requestFields()],
    ['320', 'Invalid amount', () => signed(requestFields({ AMOUNT: '1.00' }))],
    ['320', 'Invalid amount', () => signed(requestFields({ AMOUNT: '12345678901' }))],
    ['321', 'Invalid order id', () => signed(requestFields({ ORDER_ID: 'has spaces' }))],
    ['322', 'Invalid transaction type', () => signed(requestFields({ TXNTYPE: 'REFUND' }))],
    ['319', 'Invalid currency code', () => signed(requestFields({ CURRENCY_CODE: '999' }))],
    [
      '325',
      'Invalid return URL',
      () => signed(requestFields({ RETURN_URL: 'https://evil.example/r' })),
    ],
  ] as Array<[string, string, () => Record<string, string>]>)(
    'refuses %s (%s) and stores nothing',
    async (code, message, fields) => {
      const body = fields()
      await expectRefusal(await post(`${sandbox.url}/paymentrequest`, body), code, message)
      // Nothing was stored (a malformed ORDER_ID cannot even be asked about).
      if (code !== '324' && code !== '321') {
        const { json } = await statusEnquiry(body.ORDER_ID!)
        expect(json.RESPONSE_CODE).toBe('328')
      }
    },
  )

  it('refuses a field posted twice with 326', async () => {
    const params = new URLSearchParams(signed(requestFields()))
    params.append('AMOUNT', '1')
    await expectRefusal(
      await post(`${sandbox.url}/paymentrequest`, params),
      '326',
      'Invalid request',
    )
  })

  it('a refusal may be framed by any known merchant origin; it names no transaction', async () => {
    const response = await post(`${sandbox.url}/paymentrequest`, requestFields())
    expect(response.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://shop.paystra.example',
    )
  })
})

describe('how a payment ends', () => {
  const card = { number: '4111 1111 1111 1111', expiry: '12/35', cvv: '123', name: 'Asha Rao' }

  it.each([
    ['4111 1111 1111 1111', '000', 'Captured', 'Payment successful', 'CC', 'VI'],
    ['4000 0000 0000 0002', '004', 'Failed', 'Payment failed', 'CC', 'VI'],
    ['4000 0000 0000 9995', '020', 'Failed', 'Payment failed', 'CC', 'VI'],
    // A debit card is recorded as one (DC), with its network: Visa, or RuPay (RU).
    ['4000 0566 5566 5556', '000', 'Captured', 'Payment successful', 'DC', 'VI'],
    ['6074 8492 0000 4917', '000', 'Captured', 'Payment successful', 'DC', 'RU'],
    ['4000 0082 6000 0000', '000', 'Captured', 'Payment successful', 'CC', 'VI'],
  ])('card %s ends with %s', async (number, code, status, heading, paymentType, mopType) => {
    const { payPath, orderId } = await startPayment()
    const response = await post(`${payPath}/card`, { ...card, number })
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(heading)
    const result = readResponse(html)
    expect(result.action).toBe(RETURN_URL)
    expect(result.payId).toBe(merchant.payId)
    expect(result.autoSubmit).toBe(true)
    expect(result.fields).toMatchObject({
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      STATUS: status,
      RESPONSE_CODE: code,
      PAYMENT_TYPE: paymentType,
      MOP_TYPE: mopType,
      CUST_NAME: 'Demo Customer',
      CUST_EMAIL: 'demo.customer@example.com',
      // Echoed as the provider's gateway does, covered by the HASH readResponse verified.
      RETURN_URL,
    })
    expect(result.fields.TXN_ID).toMatch(/^[1-9]\d{15}$/)
    expect(result.fields.PG_REF_NUM).toMatch(/^\d{18}$/)
    expect(result.fields.RESPONSE_DATE_TIME).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    // The fields the provider's own kits read, filled as a card acquirer fills them.
    expect(result.fields).toMatchObject({
      TOTAL_AMOUNT: '100',
      SURCHARGE_FLAG: 'N',
      ORIG_TXN_ID: result.fields.TXN_ID,
      CUST_PHONE: '9876543210',
      IS_STATUS_FINAL: 'Y',
      DUPLICATE_YN: 'N',
      CARD_MASK: `${number.replaceAll(' ', '').slice(0, 6)}XXXXXX${number.slice(-4)}`,
      AUTH_CODE: code === '000' ? expect.stringMatching(/^\d{6}$/) : '',
    })
    expect(result.fields.ACQ_ID).toMatch(/^\d{12}$/)
    expect(result.fields.RRN).toMatch(/^\d{12}$/)
    expect(result.fields.PG_TXN_MESSAGE).toBeTruthy()
    expect(Object.keys(result.fields).sort()).toEqual(
      [
        'ACQ_ID',
        'AMOUNT',
        'AUTH_CODE',
        'CARD_MASK',
        'CURRENCY_CODE',
        'CUST_EMAIL',
        'CUST_NAME',
        'CUST_PHONE',
        'DUPLICATE_YN',
        'HASH',
        'IS_STATUS_FINAL',
        'MOP_TYPE',
        'ORDER_ID',
        'ORIG_TXN_ID',
        'PAYMENT_TYPE',
        'PAY_ID',
        'PG_REF_NUM',
        'PG_TXN_MESSAGE',
        'RESPONSE_CODE',
        'RESPONSE_DATE_TIME',
        'RESPONSE_MESSAGE',
        'RETURN_URL',
        'RRN',
        'STATUS',
        'SURCHARGE_FLAG',
        'TOTAL_AMOUNT',
        'TXNTYPE',
        'TXN_ID',
        // Only a card issued outside India says so.
        ...(number === '4000 0082 6000 0000' ? ['CARD_ISSUED_ABROAD'] : []),
      ].sort(),
    )
    if (number === '4000 0082 6000 0000') expect(result.fields.CARD_ISSUED_ABROAD).toBe('Y')
  })

  it('a card form with mistakes comes back with messages, values kept (not the CVV), still open', async () => {
    const { payPath, orderId } = await startPayment()
    const response = await post(`${payPath}/card`, {
      number: '5555 5555 5555 4444',
      expiry: '13/30',
      cvv: '12',
      name: 'R2D2',
    })
    const html = await response.text()
    expect(html).toContain('Please correct the details marked below.')
    expect(html).toContain('In the sandbox, use one of the test cards listed on this page')
    expect(html).toContain('Enter the expiry date as MM/YY')
    expect(html).toContain('The CVV is 3 digits')
    expect(html).toContain('Use letters and spaces only')
    expect(html).toContain('value="5555 5555 5555 4444"')
    expect(html).not.toContain('value="12"')
    expect(html).toContain('aria-invalid="true"')
    expect((await statusEnquiry(orderId)).json.RESPONSE_CODE).toBe('006')
  })

  it.each([
    ['success@upi', '000', 'Captured'],
    ['failure@upi', '004', 'Failed'],
    ['pending@upi', '026', 'Pending'],
  ])('UPI %s ends with %s', async (vpa, code, status) => {
    const { payPath } = await startPayment()
    const result = readResponse(await (await post(`${payPath}/upi`, { vpa })).text())
    expect(result.fields).toMatchObject({
      RESPONSE_CODE: code,
      STATUS: status,
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
    })
  })

  it('UPI messages of docs/product.md#pattern-library for an empty or malformed ID', async () => {
    const { payPath } = await startPayment()
    expect(await (await post(`${payPath}/upi`, { vpa: ' ' })).text()).toContain(
      'Please Enter UPI ID',
    )
    expect(await (await post(`${payPath}/upi`, { vpa: 'abc' })).text()).toContain('Invalid UPI ID')
  })

  it('net banking goes through the sandbox bank page to Success', async () => {
    const { payPath } = await startPayment()
    const chosen = await post(`${payPath}/netbanking`, { bank: '1030' })
    expect(chosen.status).toBe(303)
    expect(chosen.headers.get('location')).toBe(`${payPath}/bank`)
    const bank = await (await get(`${payPath}/bank`)).text()
    expect(bank).toContain('SBI: approve this payment')
    expect(bank).toMatch(/<button[^>]*>\s*Success\s*<\/button>/)
    expect(bank).toMatch(/<button[^>]*>\s*Failure\s*<\/button>/)
    const result = readResponse(
      await (await post(`${payPath}/bank`, { outcome: 'success' })).text(),
    )
    expect(result.fields).toMatchObject({
      RESPONSE_CODE: '000',
      STATUS: 'Captured',
      PAYMENT_TYPE: 'NB',
      MOP_TYPE: '1030',
    })
  })

  it('a wallet goes through the sandbox bank page to Failure', async () => {
    const { payPath } = await startPayment()
    await post(`${payPath}/wallet`, { wallet: 'PPWL' })
    expect(await (await get(`${payPath}/bank`)).text()).toContain('PhonePay: approve this payment')
    const result = readResponse(
      await (await post(`${payPath}/bank`, { outcome: 'failure' })).text(),
    )
    expect(result.fields).toMatchObject({
      RESPONSE_CODE: '004',
      STATUS: 'Failed',
      PAYMENT_TYPE: 'WL',
      MOP_TYPE: 'PPWL',
    })
  })

  it('net banking without a bank says "Please select any bank"', async () => {
    const { payPath } = await startPayment()
    const html = await (await post(`${payPath}/netbanking`, {})).text()
    expect(html).toContain('Please select any bank')
    // Without a chosen bank the bank page sends the customer back to choose.
    expect((await get(`${payPath}/bank`)).headers.get('location')).toBe(payPath)
  })

  it('Cancel ends the payment with 010', async () => {
    const { payPath } = await startPayment()
    const result = readResponse(await (await post(`${payPath}/cancel`, {})).text())
    expect(result.fields).toMatchObject({ RESPONSE_CODE: '010', STATUS: 'Failed' })
  })

  it('a payment ends once: a second click shows the same outcome', async () => {
    const { payPath, orderId } = await startPayment()
    const first = readResponse(await (await post(`${payPath}/card`, card)).text())
    const again = readResponse(
      await (await post(`${payPath}/card`, { ...card, number: '4000000000000002' })).text(),
    )
    expect(again.fields.RESPONSE_CODE).toBe('000')
    expect(again.fields.TXN_ID).toBe(first.fields.TXN_ID)
    const cancelled = readResponse(await (await post(`${payPath}/cancel`, {})).text())
    expect(cancelled.fields.RESPONSE_CODE).toBe('000')
    // Coming back to the page shows the outcome with Continue, without posting it again.
    const page = await (await get(payPath)).text()
    expect(readResponse(page).autoSubmit).toBe(false)
    expect(page).toContain('This payment has ended.')
    expect((await statusEnquiry(orderId)).json.STATUS).toBe('Captured')
  })

  it('unknown and malformed payment pages are 404', async () => {
    expect((await get('/sandbox/pay/not-a-payment')).status).toBe(404)
    expect((await get('/sandbox/pay/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect(
      (await post('/sandbox/pay/00000000-0000-4000-8000-000000000000/cancel', {})).status,
    ).toBe(404)
    expect((await get('/sandbox/nowhere')).status).toBe(404)
  })
})

describe('checkout mode', () => {
  it('tells the merchant origin the page is visible, and hands the response to the parent', async () => {
    const { payPath } = await startPayment(signed(requestFields()), '?mode=checkout')
    const page = await (await get(payPath)).text()
    expect(page).toContain('data-parent-origin="https://shop.paystra.example"')
    const ended = await (await post(`${payPath}/upi`, { vpa: 'success@upi' })).text()
    expect(ended).not.toContain('data-autosubmit')
    expect(ended).not.toContain('id="gw-return"')
    const message = /data-checkout-response="([^"]+)"/.exec(ended)![1]!
    const response = JSON.parse(unescape(message)) as { PAY_ID: string; ENCDATA: string }
    expect(response.PAY_ID).toBe(merchant.payId)
    const decrypted = decryptFields(response.ENCDATA, merchant.salt, merchant.merchantHostedKey)
    expect(decrypted).toMatchObject({ ok: true, fields: { RESPONSE_CODE: '000', RETURN_URL } })
  })

  it('a refused checkout request whose signature held still reaches its merchant page', async () => {
    const fields = signed(requestFields({ CURRENCY_CODE: '999' }))
    const response = await post(`${sandbox.url}/paymentrequest?mode=checkout`, fields)
    const html = await expectRefusal(response, '319', 'Invalid currency code')
    expect(html).toContain('data-parent-origin="https://shop.paystra.example"')
    const forged = await post(`${sandbox.url}/paymentrequest?mode=checkout`, {
      ...requestFields(),
      RETURN_URL: 'https://evil.example/',
    })
    expect(await forged.text()).not.toContain('data-parent-origin')
  })
})

describe('POST /merchantPaymentInit', () => {
  function init(inner: Record<string, string>, outer: Record<string, string> = {}) {
    const { CUST_MOBILE: _, ...fields } = requestFields()
    const all = { ...fields, ...inner }
    return {
      orderId: all.ORDER_ID,
      body: {
        PAY_ID: merchant.payId,
        CUST_NAME: 'Demo Customer',
        CUST_EMAIL: 'demo.customer@example.com',
        CUST_MOBILE: '9876543210',
        ENCDATA: encryptFields(all, merchant.salt, merchant.merchantHostedKey),
        ...outer,
      },
    }
  }

  it('net banking: straight to the bank page of the chosen bank, then back to the merchant', async () => {
    const { body, orderId } = init({ PAYMENT_TYPE: 'NB', MOP_TYPE: '1107' })
    const response = await post(`${sandbox.url}/merchantPaymentInit`, body)
    expect(response.status).toBe(303)
    const bankPath = response.headers.get('location')!
    expect(bankPath).toMatch(/\/pay\/[0-9a-f-]{36}\/bank$/)
    expect(await (await get(bankPath)).text()).toContain('PNB: approve this payment')
    // The hosted page of a merchant-hosted payment is its bank page.
    expect((await get(bankPath.replace(/\/bank$/, ''))).headers.get('location')).toBe(bankPath)
    const result = readResponse(await (await post(bankPath, { outcome: 'success' })).text())
    expect(result.fields).toMatchObject({
      ORDER_ID: orderId,
      RESPONSE_CODE: '000',
      PAYMENT_TYPE: 'NB',
      MOP_TYPE: '1107',
      RETURN_URL,
    })
  })

  it('wallet to Failure', async () => {
    const { body } = init({ PAYMENT_TYPE: 'WL', MOP_TYPE: 'MWL' })
    const bankPath = (await post(`${sandbox.url}/merchantPaymentInit`, body)).headers.get(
      'location',
    )!
    const result = readResponse(await (await post(bankPath, { outcome: 'failure' })).text())
    expect(result.fields).toMatchObject({
      RESPONSE_CODE: '004',
      PAYMENT_TYPE: 'WL',
      MOP_TYPE: 'MWL',
    })
  })

  it.each([
    ['success@upi', '000'],
    ['failure@upi', '004'],
    ['pending@upi', '026'],
  ])('UPI %s resolves at once with %s', async (vpa, code) => {
    const { body } = init({ PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: vpa })
    const response = await post(`${sandbox.url}/merchantPaymentInit`, body)
    expect(response.status).toBe(200)
    const result = readResponse(await response.text())
    expect(result.autoSubmit).toBe(true)
    expect(result.fields).toMatchObject({ RESPONSE_CODE: code, PAYMENT_TYPE: 'UP' })
  })

  it('refuses what does not decrypt or verify (323), other merchants (324), unknown methods (327), reused orders (018)', async () => {
    const { body } = init({ PAYMENT_TYPE: 'NB', MOP_TYPE: '1030' })
    await expectRefusal(
      await post(`${sandbox.url}/merchantPaymentInit`, { ...body, ENCDATA: body.ENCDATA.slice(4) }),
      '323',
      'Invalid hash',
    )
    await expectRefusal(
      await post(`${sandbox.url}/merchantPaymentInit`, { ...body, PAY_ID: '1000000000000999' }),
      '324',
      'Invalid pay id',
    )
    await expectRefusal(
      await post(
        `${sandbox.url}/merchantPaymentInit`,
        init({ PAYMENT_TYPE: 'NB', MOP_TYPE: '0000' }).body,
      ),
      '327',
      'Invalid payment method',
    )
    await expectRefusal(
      await post(
        `${sandbox.url}/merchantPaymentInit`,
        init({ PAYMENT_TYPE: 'NB', MOP_TYPE: '1030', AMOUNT: '0' }).body,
      ),
      '320',
      'Invalid amount',
    )
    expect((await post(`${sandbox.url}/merchantPaymentInit`, body)).status).toBe(303)
    await expectRefusal(
      await post(`${sandbox.url}/merchantPaymentInit`, body),
      '018',
      'Duplicate order id',
    )
  })

  it('accepts ENCDATA whose + became spaces in a hand-made form post', async () => {
    let found: ReturnType<typeof init> | undefined
    for (let tries = 0; tries < 50 && !found; tries++) {
      const candidate = init({ PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: 'success@upi' })
      if (candidate.body.ENCDATA.includes('+')) found = candidate
    }
    const raw = Object.entries(found!.body)
      .map(([key, value]) => `${key}=${key === 'ENCDATA' ? value : encodeURIComponent(value)}`)
      .join('&')
    const response = await fetch(`${sandbox.url}/merchantPaymentInit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: raw,
    })
    expect(readResponse(await response.text()).fields.RESPONSE_CODE).toBe('000')
  })
})

describe('POST /pgws/transact: status enquiry', () => {
  it('answers the stored transaction with a response HASH', async () => {
    const { payPath, orderId } = await startPayment()
    expect((await statusEnquiry(orderId)).json).toMatchObject({
      STATUS: 'Pending',
      RESPONSE_CODE: '006',
    })
    const paid = readResponse(await (await post(`${payPath}/upi`, { vpa: 'success@upi' })).text())
    const { status, json } = await statusEnquiry(orderId)
    expect(status).toBe(200)
    expect(verifyHash(json, merchant.salt)).toBe(true)
    const { HASH: _a, ...answered } = json
    // RETURN_URL is echoed to the RETURN_URL only.
    const { HASH: _b, RETURN_URL: echoed, ...posted } = paid.fields
    expect(echoed).toBe(RETURN_URL)
    expect(answered).toEqual(posted)
  })

  it('an unknown order answers 328, signed', async () => {
    const { json } = await statusEnquiry('NEVER-USED-1')
    expect(json).toMatchObject({
      ORDER_ID: 'NEVER-USED-1',
      RESPONSE_CODE: '328',
      RESPONSE_MESSAGE: 'No transaction found for this order id',
      STATUS: 'Failed',
    })
    expect(json.HASH).toBe(computeHash(json, merchant.salt))
  })

  it('refuses a bad hash (323), an unknown PAY_ID (324, unsigned), a wrong TXNTYPE (322), a bad ORDER_ID (321)', async () => {
    expect((await statusEnquiry('X1', { HASH: 'A'.repeat(64) })).json.RESPONSE_CODE).toBe('323')
    const unknown = await fetch(`${sandbox.url}/pgws/transact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(withHash({ PAY_ID: '42', ORDER_ID: 'X1', TXNTYPE: 'STATUS' }, 'x')),
    })
    const unknownJson = await documentedJson(unknown.url, unknown)
    expect(unknownJson.RESPONSE_CODE).toBe('324')
    expect(unknownJson.HASH).toBeUndefined()
    const wrongType = await fetch(`${sandbox.url}/pgws/transact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed({ PAY_ID: merchant.payId, ORDER_ID: 'X1', TXNTYPE: 'SALE' })),
    })
    expect((await documentedJson(wrongType.url, wrongType)).RESPONSE_CODE).toBe('322')
    const badOrder = await fetch(`${sandbox.url}/pgws/transact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        signed({ PAY_ID: merchant.payId, ORDER_ID: 'bad order', TXNTYPE: 'STATUS' }),
      ),
    })
    expect((await documentedJson(badOrder.url, badOrder)).RESPONSE_CODE).toBe('321')
  })

  it('answers 400 with 326 for a body that is not a JSON object of strings', async () => {
    for (const body of ['not json', '[1,2]', '{"PAY_ID":1}']) {
      const response = await fetch(`${sandbox.url}/pgws/transact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(response.status, body).toBe(400)
      expect((await documentedJson(response.url, response)).RESPONSE_CODE).toBe('326')
    }
  })
})

describe('languages', () => {
  it('follows Accept-Language, and the picker changes the language for the rest of the payment', async () => {
    const { payPath } = await startPayment(signed(requestFields()))
    const english = await (await get(payPath)).text()
    expect(english).toContain('<html lang="en" dir="ltr">')
    const hindi = await (await get(payPath, { 'accept-language': 'hi-IN,hi;q=0.9' })).text()
    // The language is the payment's, chosen when it started or with the picker.
    expect(hindi).toContain('<html lang="en"')
    const changed = await post(`${payPath}/language`, { lang: 'ta', method: 'upi' })
    expect(changed.status).toBe(303)
    expect(changed.headers.get('location')).toBe(`${payPath}?method=upi`)
    const tamil = await (await get(changed.headers.get('location')!)).text()
    expect(tamil).toContain('<html lang="ta" dir="ltr">')
    expect(tamil).toContain('உங்கள் பணம் செலுத்துதலை நிறைவு செய்யுங்கள்')
    expect(tamil).toMatch(/id="gw-tab-upi"[^>]*aria-selected="true"/)
    await post(`${payPath}/language`, { lang: 'ur' })
    expect(await (await get(payPath)).text()).toContain('<html lang="ur" dir="rtl">')
    await post(`${payPath}/language`, { lang: 'xx' })
    expect(await (await get(payPath)).text()).toContain('<html lang="ur"')
  })

  it('starts in the language the browser asks for', async () => {
    const response = await post(`${sandbox.url}/paymentrequest`, signed(requestFields()), {
      'accept-language': 'bn-IN,bn;q=0.9,en;q=0.8',
    })
    const page = await (await get(response.headers.get('location')!)).text()
    expect(page).toContain('<html lang="bn"')
    expect(page).toContain('আপনার পেমেন্ট সম্পূর্ণ করুন')
  })

  it('the refusal page has its own picker', async () => {
    const html = await expectRefusal(
      await post(`${sandbox.url}/paymentrequest`, requestFields()),
      '323',
      'Invalid hash',
    )
    expect(html).toMatch(/<form class="gw-lang" method="get" action="\/sandbox\/refused"/)
    const bengali = await (await get('/sandbox/refused?code=323&lang=bn')).text()
    expect(bengali).toContain('<html lang="bn"')
    expect(bengali).toContain('হ্যাশ সঠিক নয়')
    expect((await get('/sandbox/refused?code=000')).status).toBe(404)
    // A foreign order's page refuses a method other than cards with 345; its picker lands here.
    const hindi = await get('/sandbox/refused?code=345&lang=hi')
    expect(hindi.status).toBe(200)
    expect(await hindi.text()).toContain('विदेशी मुद्रा में केवल कार्ड से भुगतान किया जा सकता है')
  })
})

describe('mounted in a site', () => {
  it('replaces the site-wide X-Frame-Options and frame-ancestors with the merchant origins, and creates its table once', async () => {
    const client = new PGlite()
    const db = drizzle(client)
    const options = { db, merchants: [merchant], publicUrl: 'https://pay.paystra.example/sandbox' }
    await (await createGateway(options)).close()
    const gateway = await createGateway(options) // the tables exist: nothing breaks
    const app = express()
    app.use((_req, res, next) => {
      res.setHeader('X-Frame-Options', 'DENY')
      res.setHeader('Content-Security-Policy', "frame-ancestors 'none'")
      next()
    })
    app.use(express.Router().use('/sandbox', gateway.router))
    app.get('/', (_req, res) => {
      res.send('site')
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as { port: number }
    try {
      const site = await fetch(`http://127.0.0.1:${port}/`)
      expect(site.headers.get('x-frame-options')).toBe('DENY')
      const script = await fetch(`http://127.0.0.1:${port}/sandbox/checkout.js`)
      expect(script.headers.get('x-frame-options')).toBeNull()
      expect(await script.text()).toContain('"https://pay.paystra.example"')
      const refused = await fetch(`http://127.0.0.1:${port}/sandbox/paymentrequest`, {
        method: 'POST',
        body: new URLSearchParams({ PAY_ID: '1' }),
      })
      expect(refused.headers.get('x-frame-options')).toBeNull()
      expect(refused.headers.get('content-security-policy')).toContain(
        'frame-ancestors https://shop.paystra.example',
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
      await gateway.close()
      await client.close()
    }
  })
})
