import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { count, eq, isNotNull } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest, reflectsMarkup, xssPayloads } from '#tests/support/bad-input.ts'
import { sandboxPayouts } from './api/payout-store.ts'
import { sandboxRefunds } from './api/refund-store.ts'
import { createGateway } from './index.ts'
import { demoMerchant } from './merchants.ts'
import { encryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { sandboxTransactions } from './store.ts'
import { documentedJson } from '#tests/support/validate-answer.ts'

/**
 * Bad input against every sandbox endpoint on a real (PGlite) database: each request is
 * refused with a refusal page or a response code, nothing is stored or changed, no answer
 * carries markup it was sent, and the sandbox still takes a valid payment afterwards.
 */

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const RETURN_URL = 'https://shop.paystra.example/demo/response'
let client: PGlite
let db: ReturnType<typeof drizzle>
let origin: string
let closeServer: () => Promise<void>
let closeGateway: () => Promise<void>
let sequence = 0

beforeAll(async () => {
  client = new PGlite()
  db = drizzle(client)
  // Hundreds of requests a minute from one address: the limits are tested on their own
  // (tests/security/api-limits.test.ts, page-limits.test.ts).
  const gateway = await createGateway({
    db,
    merchants: [merchant],
    limits: { perIp: 0, perMerchant: 0, resend: 0, pages: 0 },
  })
  closeGateway = gateway.close
  const app = express()
  app.disable('x-powered-by')
  app.use('/sandbox', gateway.router)
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeServer = () =>
    new Promise((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
})

afterAll(async () => {
  await closeServer?.()
  await closeGateway?.()
  await client?.close()
})

const orderId = () => `LP${Date.now()}${String(sequence++).padStart(4, '0')}`
const signed = (fields: Fields) => withHash(fields, merchant.salt)

function paymentFields(overrides: Fields = {}): Fields {
  return {
    PAY_ID: merchant.payId,
    ORDER_ID: orderId(),
    AMOUNT: '100',
    TXNTYPE: 'SALE',
    CUST_NAME: 'Demo Customer',
    CUST_EMAIL: 'demo.customer@example.com',
    CUST_MOBILE: '9876543210',
    CUST_ID: 'C1',
    CURRENCY_CODE: '356',
    RETURN_URL,
    ...overrides,
  }
}

function post(path: string, body: BodyInit | Buffer, headers: Record<string, string> = {}) {
  const sent = Buffer.isBuffer(body) ? new Uint8Array(body) : body
  return fetch(`${origin}/sandbox${path}`, {
    method: 'POST',
    body: sent,
    headers,
    redirect: 'manual',
  })
}

const postForm = (path: string, fields: Fields | URLSearchParams | string) =>
  post(
    path,
    typeof fields === 'string' || fields instanceof URLSearchParams
      ? fields
      : new URLSearchParams(fields),
    { 'Content-Type': 'application/x-www-form-urlencoded' },
  )

/** A valid QR request of `type`, with `overrides` on top (unsigned). */
const qrFields = (type: 'UPI' | 'PG', overrides: Fields = {}): Fields => ({
  PAY_ID: merchant.payId,
  ORDER_ID: orderId(),
  AMOUNT: '100',
  CURRENCY_CODE: '356',
  QR_TYPE: type,
  ...overrides,
})

const postQr = (fields: Fields) =>
  post('/pgws/qr', JSON.stringify(signed(fields)), { 'Content-Type': 'application/json' })

const get = (path: string) => fetch(`${origin}/sandbox${path}`, { redirect: 'manual' })

/** Rows of every sandbox table, and how many payments have ended. */
async function stored() {
  const rows = async (
    table: typeof sandboxTransactions | typeof sandboxRefunds | typeof sandboxPayouts,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0
  const [ended] = await db
    .select({ n: count() })
    .from(sandboxTransactions)
    .where(isNotNull(sandboxTransactions.responseCode))
  const [chosen] = await db
    .select({ n: count() })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.paymentType, ''))
  return {
    transactions: await rows(sandboxTransactions),
    ended: ended?.n ?? 0,
    withoutMethod: chosen?.n ?? 0,
    refunds: await rows(sandboxRefunds),
    payouts: await rows(sandboxPayouts),
  }
}

/** A new hosted payment's page path. */
async function startPayment(): Promise<string> {
  const response = await postForm('/paymentrequest', signed(paymentFields()))
  expect(response.status).toBe(303)
  return response.headers.get('location')!.replace(/^\/sandbox/, '')
}

/** The sandbox still opens a payment, pays it by card, and answers a status enquiry. */
async function expectStillServing() {
  const payPath = await startPayment()
  const paid = await postForm(`${payPath}/card`, {
    number: '4111 1111 1111 1111',
    expiry: '12/40',
    cvv: '123',
    name: 'Demo Customer',
  })
  expect(paid.status).toBe(200)
  expect(await paid.text()).toContain('name="ENCDATA"')
  const status = await post(
    '/pgws/transact',
    JSON.stringify(signed({ PAY_ID: merchant.payId, ORDER_ID: 'LP-none', TXNTYPE: 'STATUS' })),
    { 'Content-Type': 'application/json' },
  )
  expect(status.status).toBe(200)
  expect((await documentedJson<Fields>(status.url, status)).RESPONSE_CODE).toBe('328')
}

async function nothingStoredBy(send: () => Promise<void>) {
  const before = await stored()
  await send()
  expect(await stored()).toEqual(before)
  await expectStillServing()
}

/** A refusal page with `code`, no way to pay, and none of the markup it was sent. */
async function expectRefusalPage(response: Response, code: string) {
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  const page = await response.text()
  expect(page).toContain('Payment request refused')
  expect(page).toMatch(new RegExp(`data-code[^>]*>${code}<`))
  expect(page).not.toMatch(/name="(number|cvv|vpa|bank|wallet)"/)
  expect(reflectsMarkup(page)).toBe(false)
  return page
}

/** A JSON API refusal: status, RESPONSE_CODE and a message; signed when the merchant is known. */
async function expectJsonRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const json = await documentedJson<Fields>(response.url, response)
  expect(json.RESPONSE_CODE).toBe(code)
  expect(json.STATUS).toBe('Failed')
  expect(json.RESPONSE_MESSAGE!.length).toBeGreaterThan(5)
  if (code !== '326' && code !== '324') expect(verifyHash(json, merchant.salt)).toBe(true)
  return json
}

describe('POST /paymentrequest', () => {
  it.each([
    ['JSON', 'application/json', () => JSON.stringify(signed(paymentFields()))],
    ['plain text', 'text/plain', () => new URLSearchParams(signed(paymentFields())).toString()],
    ['multipart', 'multipart/form-data; boundary=x', () => '--x--'],
  ])('refuses a request sent as %s with 326', async (_what, type, body) => {
    await nothingStoredBy(async () => {
      await expectRefusalPage(
        await post('/paymentrequest', body(), { 'Content-Type': type }),
        '326',
      )
    })
  })

  it('refuses an empty request as 324 (no PAY_ID)', async () => {
    await nothingStoredBy(async () => {
      await expectRefusalPage(await postForm('/paymentrequest', ''), '324')
    })
  })

  it.each([
    ['PAY_ID', '324'],
    ['HASH', '323'],
    ['AMOUNT', '320'],
    ['ORDER_ID', '321'],
    ['TXNTYPE', '322'],
    ['CURRENCY_CODE', '319'],
    ['RETURN_URL', '325'],
  ])('refuses a signed request without %s with %s', async (field, code) => {
    await nothingStoredBy(async () => {
      const base = paymentFields()
      if (field !== 'HASH') delete base[field]
      const fields = field === 'HASH' ? base : signed(base)
      await expectRefusalPage(await postForm('/paymentrequest', fields), code)
    })
  })

  it('refuses a CURRENCY_CODE that only looks like a known one with 319', async () => {
    const lookalikes = [
      '0840',
      '840 ',
      ' 840',
      '+840',
      '840.0',
      '-840',
      'usd',
      'USD',
      '٨٤٠',
      '8 40',
    ]
    await nothingStoredBy(async () => {
      for (const code of lookalikes) {
        await expectRefusalPage(
          await postForm('/paymentrequest', signed(paymentFields({ CURRENCY_CODE: code }))),
          '319',
        )
      }
    })
  })

  it.each(['PAY_ID', 'AMOUNT', 'HASH', 'RETURN_URL'])(
    'refuses %s sent twice with 326',
    async (field) => {
      await nothingStoredBy(async () => {
        const fields = signed(paymentFields())
        const body = new URLSearchParams(fields)
        body.append(field, fields[field]!)
        await expectRefusalPage(await postForm('/paymentrequest', body), '326')
      })
    },
  )

  it('refuses a value holding ~ or a key holding =: the HASH could not tell the fields apart', async () => {
    await nothingStoredBy(async () => {
      // Signed as {CUST_NAME: "Demo~MOP_TYPE=X"}, it hashes exactly like {CUST_NAME: "Demo", MOP_TYPE: "X"}.
      const split = signed(paymentFields({ CUST_NAME: 'Demo~MOP_TYPE=X' }))
      await expectRefusalPage(await postForm('/paymentrequest', split), '326')
      // Refused, a merchant finds out at once, before a signature another reading shares is out.
      expect(verifyHash({ ...split, CUST_NAME: 'Demo', MOP_TYPE: 'X' }, merchant.salt)).toBe(true)
      const key = signed({ ...paymentFields(), 'A=B': '1' })
      await expectRefusalPage(await postForm('/paymentrequest', key), '326')
    })
  })

  it('refuses 2 MB, a flood of fields, a broken gzip body and an unknown charset with 326', async () => {
    await nothingStoredBy(async () => {
      const big = new URLSearchParams({
        ...signed(paymentFields()),
        PAD: 'x'.repeat(2 * 1024 * 1024),
      })
      await expectRefusalPage(await postForm('/paymentrequest', big), '326')
      const flood = Array.from({ length: 500 }, (_, index) => `F${index}=1`).join('&')
      await expectRefusalPage(await postForm('/paymentrequest', flood), '326')
      const form = new URLSearchParams(signed(paymentFields())).toString()
      await expectRefusalPage(
        await post('/paymentrequest', form, {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Encoding': 'gzip',
        }),
        '326',
      )
      await expectRefusalPage(
        await post('/paymentrequest', form, {
          'Content-Type': 'application/x-www-form-urlencoded; charset=shift_jis',
        }),
        '326',
      )
      const bomb = gzipSync(big.toString())
      await expectRefusalPage(
        await post('/paymentrequest', bomb, {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Encoding': 'gzip',
        }),
        '326',
      )
    })
  })

  it('survives a client that goes away mid-body', async () => {
    await nothingStoredBy(async () => {
      const body = new URLSearchParams(signed(paymentFields())).toString()
      const answer = await rawRequest(origin, {
        path: '/sandbox/paymentrequest',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(body.length),
        },
        body,
        stopAfter: 50,
      })
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })

  it.each([
    ['AMOUNT', '320'],
    ['ORDER_ID', '321'],
    ['TXNTYPE', '322'],
    ['CURRENCY_CODE', '319'],
    ['RETURN_URL', '325'],
  ])('refuses markup in %s, signed, with %s and shows none of it', async (field, code) => {
    await nothingStoredBy(async () => {
      for (const payload of xssPayloads) {
        await expectRefusalPage(
          await postForm('/paymentrequest', signed(paymentFields({ [field]: payload }))),
          code,
        )
      }
    })
  })

  it('refuses markup in every field, unsigned, with 323 and shows none of it', async () => {
    await nothingStoredBy(async () => {
      const fields: Fields = Object.fromEntries(
        Object.keys(paymentFields()).map((key, index) => [
          key,
          xssPayloads[index % xssPayloads.length]!,
        ]),
      )
      fields.PAY_ID = merchant.payId
      await expectRefusalPage(
        await postForm('/paymentrequest', { ...fields, HASH: 'A'.repeat(64) }),
        '323',
      )
    })
  })

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://evil.example/steal'],
    ['https://user:pass@shop.paystra.example/demo/response'],
    ['//shop.paystra.example/demo/response'],
    ['https://shop.paystra.example\u0000.evil.example/'],
    ['https://shop.paystra.example/demo/resp\u0000onse'],
    ['https://shop.paystra.example/demo/\nresponse'],
    [`https://shop.paystra.example/${'a'.repeat(3000)}`],
  ])('refuses the RETURN_URL %j with 325', async (returnUrl) => {
    await nothingStoredBy(async () => {
      await expectRefusalPage(
        await postForm('/paymentrequest', signed(paymentFields({ RETURN_URL: returnUrl }))),
        '325',
      )
    })
  })

  it('shows markup in the customer fields as text on the payment page', async () => {
    const fields = signed(
      paymentFields({
        CUST_NAME: xssPayloads[0],
        CUST_EMAIL: xssPayloads[1],
        CUST_MOBILE: xssPayloads[2],
        CUST_ID: xssPayloads[3],
      }),
    )
    const response = await postForm('/paymentrequest', fields)
    expect(response.status).toBe(303)
    const page = await (
      await get(response.headers.get('location')!.replace(/^\/sandbox/, ''))
    ).text()
    expect(reflectsMarkup(page)).toBe(false)
  })

  it('stores customer fields with NUL or line breaks cleanly instead of failing', async () => {
    const response = await postForm(
      '/paymentrequest',
      signed(
        paymentFields({ CUST_NAME: 'Demo\u0000Customer', CUST_ID: 'C\r\n1', CUST_EMAIL: '\u0000' }),
      ),
    )
    expect(response.status).toBe(303)
    await expectStillServing()
  })
})

describe('POST /merchantPaymentInit', () => {
  const encdata = (fields: Fields) =>
    encryptFields(fields, merchant.salt, merchant.merchantHostedKey)
  const upi = (overrides: Fields = {}) =>
    paymentFields({
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      PAYER_ADDRESS: 'success@upi',
      ...overrides,
    })

  it.each([
    ['nothing', {}, '324'],
    ['no ENCDATA', { PAY_ID: merchant.payId }, '323'],
    ['an unknown PAY_ID', { PAY_ID: '9999999999999999', ENCDATA: 'abc' }, '324'],
    ['junk ENCDATA', { PAY_ID: merchant.payId, ENCDATA: 'not base64 !!' }, '323'],
    ['markup as ENCDATA', { PAY_ID: merchant.payId, ENCDATA: xssPayloads[0] }, '323'],
    ['2 MB of ENCDATA', { PAY_ID: merchant.payId, ENCDATA: 'A'.repeat(2 * 1024 * 1024) }, '326'],
  ])('refuses %s', async (_what, fields, code) => {
    await nothingStoredBy(async () => {
      await expectRefusalPage(await postForm('/merchantPaymentInit', fields as Fields), code)
    })
  })

  it('refuses a PAY_ID or ENCDATA sent twice, and a JSON body, with 326', async () => {
    await nothingStoredBy(async () => {
      const fields = { PAY_ID: merchant.payId, ENCDATA: encdata(upi()) }
      for (const field of ['PAY_ID', 'ENCDATA']) {
        const body = new URLSearchParams(fields)
        body.append(field, fields[field as keyof typeof fields])
        await expectRefusalPage(await postForm('/merchantPaymentInit', body), '326')
      }
      await expectRefusalPage(
        await post('/merchantPaymentInit', JSON.stringify(fields), {
          'Content-Type': 'application/json',
        }),
        '326',
      )
    })
  })

  it('refuses encrypted requests with markup in any checked field', async () => {
    const cases: Array<[Fields, string]> = [
      [upi({ PAYER_ADDRESS: xssPayloads[0] }), '327'],
      [upi({ PAYMENT_TYPE: xssPayloads[1] }), '327'],
      [upi({ PAYMENT_TYPE: 'NB', MOP_TYPE: xssPayloads[2] }), '327'],
      [upi({ ORDER_ID: xssPayloads[3] }), '321'],
      [upi({ RETURN_URL: xssPayloads[4] }), '325'],
      [upi({ PAY_ID: xssPayloads[5] }), '324'],
    ]
    await nothingStoredBy(async () => {
      for (const [fields, code] of cases) {
        await expectRefusalPage(
          await postForm('/merchantPaymentInit', {
            PAY_ID: merchant.payId,
            ENCDATA: encdata(fields),
          }),
          code,
        )
      }
    })
  })

  it('refuses a foreign currency by net banking, wallet or UPI with 345, storing nothing', async () => {
    const cases: Fields[] = [
      upi({ CURRENCY_CODE: '840' }),
      upi({ CURRENCY_CODE: '978', PAYMENT_TYPE: 'NB', MOP_TYPE: '1004' }),
      upi({ CURRENCY_CODE: '392', PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' }),
      upi({ CURRENCY_CODE: '414', PAYMENT_TYPE: 'NB', MOP_TYPE: xssPayloads[2] }),
    ]
    await nothingStoredBy(async () => {
      for (const fields of cases) {
        await expectRefusalPage(
          await postForm('/merchantPaymentInit', {
            PAY_ID: merchant.payId,
            ENCDATA: encdata(fields),
          }),
          '345',
        )
      }
    })
  })

  it('shows markup in the customer fields beside ENCDATA as text on the bank page', async () => {
    const response = await postForm('/merchantPaymentInit', {
      PAY_ID: merchant.payId,
      CUST_NAME: xssPayloads[0],
      CUST_EMAIL: xssPayloads[1],
      ENCDATA: encdata(paymentFields({ PAYMENT_TYPE: 'NB', MOP_TYPE: '1004', CUST_NAME: '' })),
    })
    expect(response.status).toBe(303)
    const page = await (
      await get(response.headers.get('location')!.replace(/^\/sandbox/, ''))
    ).text()
    expect(reflectsMarkup(page)).toBe(false)
  })
})

/** The JSON APIs with a valid request of each, to spoil. */
const jsonApis: Array<[string, () => Fields]> = [
  ['/pgws/transact', () => ({ PAY_ID: merchant.payId, ORDER_ID: orderId(), TXNTYPE: 'STATUS' })],
  [
    '/pgws/payout',
    () => ({
      PAY_ID: merchant.payId,
      PAYOUT_ID: orderId(),
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TRANSFER_MODE: 'UPI',
      BENEFICIARY_NAME: 'Asha Verma',
      BENEFICIARY_VPA: 'success@upi',
    }),
  ],
  ['/pgws/payout/status', () => ({ PAY_ID: merchant.payId, PAYOUT_ID: orderId() })],
  ['/pgws/qr', () => qrFields('UPI')],
]

describe.each(jsonApis)('POST %s', (path, valid) => {
  const postJson = (body: string | Buffer, headers: Record<string, string> = {}) =>
    post(path, body, { 'Content-Type': 'application/json', ...headers })

  it.each([
    ['a cut-off object', '{"PAY_ID": '],
    ['a bare word', 'STATUS'],
    ['null', 'null'],
    ['an array', '[{"PAY_ID":"1000000000000001"}]'],
    ['an empty object', '{}'],
    ['an empty body', ''],
    ['a form body', 'PAY_ID=1000000000000001&TXNTYPE=STATUS'],
    ['a number where text belongs', '{"PAY_ID":"1000000000000001","AMOUNT":100}'],
    ['a nested object', '{"PAY_ID":"1000000000000001","ORDER_ID":{"$ne":""}}'],
  ])('refuses %s with 400 and 326', async (_what, body) => {
    await nothingStoredBy(async () => {
      await expectJsonRefusal(await postJson(body), 400, '326')
    })
  })

  it('refuses 2 MB, a compressed bomb, a broken gzip body and an unknown charset with 326', async () => {
    await nothingStoredBy(async () => {
      const big = JSON.stringify(signed({ ...valid(), PAD: 'x'.repeat(2 * 1024 * 1024) }))
      await expectJsonRefusal(await postJson(big), 400, '326')
      await expectJsonRefusal(
        await postJson(gzipSync(big), { 'Content-Encoding': 'gzip' }),
        400,
        '326',
      )
      await expectJsonRefusal(
        await postJson(JSON.stringify(signed(valid())), { 'Content-Encoding': 'gzip' }),
        400,
        '326',
      )
      await expectJsonRefusal(
        await postJson(JSON.stringify(signed(valid())), {
          'Content-Type': 'application/json; charset=shift_jis',
        }),
        400,
        '326',
      )
    })
  })

  it('refuses a field named twice with 326, even when both copies are signed', async () => {
    await nothingStoredBy(async () => {
      const fields = signed(valid())
      const text = JSON.stringify(fields)
      const twice = text.replace('{', `{"PAY_ID":"${merchant.payId}",`)
      await expectJsonRefusal(await postJson(twice), 400, '326')
    })
  })

  it('refuses an unknown merchant (324) and a wrong HASH (323)', async () => {
    await nothingStoredBy(async () => {
      await expectJsonRefusal(
        await postJson(JSON.stringify(signed({ ...valid(), PAY_ID: '9999999999999999' }))),
        200,
        '324',
      )
      await expectJsonRefusal(
        await postJson(JSON.stringify({ ...valid(), HASH: 'F'.repeat(64) })),
        200,
        '323',
      )
    })
  })

  it('refuses markup in every field it checks, and answers none of it as markup', async () => {
    await nothingStoredBy(async () => {
      for (const [key, value] of Object.entries(valid())) {
        if (key === 'PAY_ID') continue
        for (const payload of xssPayloads.slice(0, 3)) {
          const response = await postJson(JSON.stringify(signed({ ...valid(), [key]: payload })))
          expect(response.status, `${key}=${payload}`).toBe(200)
          expect(response.headers.get('content-type')).toMatch(/^application\/json/)
          const json = await documentedJson<Fields>(response.url, response)
          expect(json.STATUS, `${key} (was ${value})`).toBe('Failed')
          expect(verifyHash(json, merchant.salt)).toBe(true)
        }
      }
    })
  })
})

describe('free text of the JSON APIs', () => {
  it('refuses a payout whose REMARKS hold control characters, without a server error', async () => {
    await nothingStoredBy(async () => {
      const response = await post(
        '/pgws/payout',
        JSON.stringify(
          signed({
            PAY_ID: merchant.payId,
            PAYOUT_ID: orderId(),
            AMOUNT: '100',
            CURRENCY_CODE: '356',
            TRANSFER_MODE: 'UPI',
            BENEFICIARY_NAME: 'Asha Verma',
            BENEFICIARY_VPA: 'success@upi',
            REMARKS: 'Refund\u0000',
          }),
        ),
        { 'Content-Type': 'application/json' },
      )
      await expectJsonRefusal(response, 200, '326')
    })
  })

  it('takes a QR whose customer fields hold NUL without a server error', async () => {
    const response = await postQr(qrFields('PG', { CUST_NAME: 'Demo\u0000Customer' }))
    expect(response.status).toBe(200)
    expect((await documentedJson<Fields>(response.url, response)).RESPONSE_CODE).toBe('006')
  })

  it('refuses a QR whose RETURN_URL holds a NUL with 325', async () => {
    await nothingStoredBy(async () => {
      const response = await postQr(qrFields('UPI', { RETURN_URL: `${RETURN_URL}\u0000` }))
      await expectJsonRefusal(response, 200, '325')
    })
  })
})

describe('the payment pages (/pay/:id/*)', () => {
  /** The payment behind `payPath`, as stored. */
  async function paymentOf(payPath: string) {
    const id = payPath.split('/')[2]!
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id))
    return row!
  }

  it.each([
    '/pay/not-a-uuid',
    '/pay/<script>',
    '/pay/..%2F..%2Fetc%2Fpasswd',
    '/pay/00000000-0000-4000-8000-000000000000',
  ])('%s is a 404 page that shows none of the address', async (path) => {
    for (const suffix of ['', '/bank']) {
      const response = await get(path + suffix)
      expect(response.status).toBe(404)
      expect(reflectsMarkup(await response.text())).toBe(false)
    }
    for (const action of ['card', 'upi', 'netbanking', 'wallet', 'bank', 'cancel', 'language']) {
      const response = await postForm(`${path}/${action}`, { x: '1' })
      expect(response.status).toBe(404)
      expect(reflectsMarkup(await response.text())).toBe(false)
    }
  })

  it('shows markup typed into the card form as text, and the payment stays open', async () => {
    const payPath = await startPayment()
    await nothingStoredBy(async () => {
      for (const payload of xssPayloads) {
        const response = await postForm(`${payPath}/card`, {
          number: payload,
          expiry: payload,
          cvv: payload,
          name: payload,
        })
        expect(response.status).toBe(200)
        const page = await response.text()
        expect(reflectsMarkup(page)).toBe(false)
        expect(page).toContain('name="number"')
      }
    })
    expect((await paymentOf(payPath)).responseCode).toBeNull()
  })

  it('refuses card fields sent twice and keeps the payment open', async () => {
    const payPath = await startPayment()
    await nothingStoredBy(async () => {
      const body = new URLSearchParams({
        number: '4111111111111111',
        expiry: '12/40',
        cvv: '123',
        name: 'Demo Customer',
      })
      body.append('number', '4000000000000002')
      const response = await postForm(`${payPath}/card`, body)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('name="number"')
    })
    expect((await paymentOf(payPath)).responseCode).toBeNull()
  })

  it('shows a markup UPI ID, bank or wallet as text and keeps the payment open', async () => {
    const payPath = await startPayment()
    await nothingStoredBy(async () => {
      for (const payload of xssPayloads) {
        for (const [action, field] of [
          ['upi', 'vpa'],
          ['netbanking', 'bank'],
          ['wallet', 'wallet'],
        ]) {
          const response = await postForm(`${payPath}/${action}`, { [field!]: payload })
          expect(response.status).toBe(200)
          expect(reflectsMarkup(await response.text())).toBe(false)
        }
        const bank = await postForm(`${payPath}/bank`, { outcome: payload })
        expect(bank.status).toBe(303)
        const language = await postForm(`${payPath}/language`, { lang: payload, method: payload })
        expect(language.status).toBe(303)
        expect(language.headers.get('location')).not.toMatch(/[<>"']/)
      }
    })
    const payment = await paymentOf(payPath)
    expect(payment.responseCode).toBeNull()
    expect(payment.language).toBe('en')
  })

  it('refuses a 2 MB form, a flood of fields and a broken gzip body with 326, the payment open', async () => {
    const payPath = await startPayment()
    await nothingStoredBy(async () => {
      await expectRefusalPage(
        await postForm(
          `${payPath}/card`,
          new URLSearchParams({ name: 'x'.repeat(2 * 1024 * 1024) }),
        ),
        '326',
      )
      const flood = Array.from({ length: 500 }, (_, index) => `F${index}=1`).join('&')
      await expectRefusalPage(await postForm(`${payPath}/upi`, flood), '326')
      await expectRefusalPage(
        await post(`${payPath}/cancel`, 'x=1', {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Encoding': 'gzip',
        }),
        '326',
      )
    })
    expect((await paymentOf(payPath)).responseCode).toBeNull()
  })

  it('GET /refused with markup for a code or language is a 404 page that shows none of it', async () => {
    const response = await get(
      `/refused?code=${encodeURIComponent(xssPayloads[0])}&lang=${encodeURIComponent(xssPayloads[1])}`,
    )
    expect(response.status).toBe(404)
    expect(reflectsMarkup(await response.text())).toBe(false)
  })
})

describe('the QR pages (/qr/:id)', () => {
  async function openQr(type: 'UPI' | 'PG') {
    const response = await postQr(qrFields(type))
    const json = await documentedJson<Fields>(response.url, response)
    expect(json.RESPONSE_CODE).toBe('006')
    return new URL(json.QR_SCAN_URL!).pathname.replace(/^\/sandbox/, '')
  }

  it.each([
    '/qr/not-a-uuid',
    '/qr/<script>',
    '/qr/00000000-0000-4000-8000-000000000000',
    '/qr/x.png',
  ])('%s is a 404 page', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(reflectsMarkup(await response.text())).toBe(false)
    const pay = await postForm(`${path}/upi`, { vpa: 'success@upi' })
    expect(pay.status).toBe(404)
  })

  it('a payment that is not a QR has no QR page or image', async () => {
    const payPath = await startPayment()
    const id = payPath.split('/')[2]!
    expect((await get(`/qr/${id}`)).status).toBe(404)
    expect((await get(`/qr/${id}.png`)).status).toBe(404)
  })

  it('a markup or unknown UPI ID leaves a UPI QR payment open', async () => {
    const scanPath = await openQr('UPI')
    await nothingStoredBy(async () => {
      for (const vpa of [...xssPayloads, 'someone@upi', '']) {
        const response = await postForm(`${scanPath}/upi`, { vpa })
        expect(response.status).toBe(303)
        expect(response.headers.get('location')).toBe(`/sandbox${scanPath}`)
      }
    })
    const body = new URLSearchParams({ vpa: 'success@upi' })
    body.append('vpa', 'failure@upi')
    await nothingStoredBy(async () => {
      expect((await postForm(`${scanPath}/upi`, body)).status).toBe(303)
    })
    const page = await (await get(scanPath)).text()
    expect(reflectsMarkup(page)).toBe(false)
  })

  it('a PG QR cannot be paid by a UPI ID', async () => {
    const scanPath = await openQr('PG')
    await nothingStoredBy(async () => {
      const response = await postForm(`${scanPath}/upi`, { vpa: 'success@upi' })
      expect(response.status).toBe(303)
    })
  })
})
