import { count } from 'drizzle-orm'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encrypt, encryptFields } from '#core/protocol/cipher.ts'
import { signatureHeader } from '#core/protocol/webhook.ts'
import { demoPayments, demoWebhookEvents } from '#server/db/schema.ts'
import { rawRequest, xssPayloads } from '#tests/support/bad-input.ts'
import { type DemoTestApp, sandboxMerchant, startDemoApp } from '#tests/support/demo-merchant.ts'

/**
 * Bad input against the demo merchant's routes (/demo/api/*, POST /demo/response,
 * POST /demo/checkout/verify, POST /demo/webhook) on a real database: each is refused with a clear message or a
 * refusal reason, no order is created or settled, and the next valid request succeeds.
 */

let app: DemoTestApp

beforeAll(async () => {
  app = await startDemoApp()
  await app.reset()
})
afterAll(async () => {
  await app?.close()
})

const PAYMENT_REQUEST = '/demo/api/payment-request'
const MERCHANT_HOSTED = '/demo/api/merchant-hosted-request'
const RESPONSE = '/demo/response'
const VERIFY = '/demo/checkout/verify'
const jsonRoutes = [PAYMENT_REQUEST, MERCHANT_HOSTED, VERIFY] as const

function post(path: string, body: BodyInit | Buffer, headers: Record<string, string> = {}) {
  const sent = Buffer.isBuffer(body) ? new Uint8Array(body) : body
  return fetch(app.baseUrl + path, { method: 'POST', body: sent, headers, redirect: 'manual' })
}

const postJson = (path: string, body: unknown, type = 'application/json') =>
  post(path, typeof body === 'string' ? body : JSON.stringify(body), { 'Content-Type': type })

/** Orders and their settled state: nothing a refused request may change. */
async function stored() {
  const rows = await app.store.db.select().from(demoPayments)
  const [total] = await app.store.db.select({ n: count() }).from(demoPayments)
  return {
    orders: total?.n ?? 0,
    settled: rows.filter((row) => row.outcome !== 'created').length,
  }
}

async function expectStillServing() {
  const response = await postJson(PAYMENT_REQUEST, { flow: 'hosted' })
  expect(response.status).toBe(200)
  const upi = await postJson(MERCHANT_HOSTED, { paymentType: 'UP', payerAddress: 'success@upi' })
  expect(upi.status).toBe(200)
}

async function nothingStoredBy(send: () => Promise<void>) {
  const before = await stored()
  await send()
  expect(await stored()).toEqual(before)
  await expectStillServing()
}

/** A 4xx JSON answer with a message a person can read, and no markup echoed back. */
async function expectMessage(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const text = await response.text()
  expect(text).not.toContain('<')
  const body = JSON.parse(text) as { message: string }
  expect(body.message.length).toBeGreaterThan(5)
  if (typeof message === 'string') expect(body.message).toBe(message)
  else if (message) expect(body.message).toMatch(message)
  return body
}

describe.each(jsonRoutes)('POST %s', (route) => {
  it.each([
    ['a cut-off object', '{"flow": '],
    ['a bare word', 'hosted'],
    ['null', 'null'],
    ['a number', '7'],
    ['trailing garbage', '{"flow":"hosted"} x'],
    ['single quotes', "{'flow':'hosted'}"],
  ])('refuses malformed JSON: %s', async (_what, body) => {
    await nothingStoredBy(async () => {
      await expectMessage(await postJson(route, body), 400, 'The request is not valid JSON.')
    })
  })

  it('refuses a 2 MB body with 413', async () => {
    await nothingStoredBy(async () => {
      const big = JSON.stringify({ flow: 'hosted', pad: 'x'.repeat(2 * 1024 * 1024) })
      await expectMessage(await postJson(route, big), 413, 'The request is too large.')
    })
  })

  it('refuses a body that claims compression it does not have, or an unknown one', async () => {
    await nothingStoredBy(async () => {
      const body = JSON.stringify({ flow: 'hosted' })
      const headers = { 'Content-Type': 'application/json' }
      await expectMessage(
        await post(route, body, { ...headers, 'Content-Encoding': 'gzip' }),
        400,
        'The request could not be read.',
      )
      await expectMessage(
        await post(route, body, { ...headers, 'Content-Encoding': 'x-made-up' }),
        415,
        'The request could not be read.',
      )
      await expectMessage(
        await post(route, body, { 'Content-Type': 'application/json; charset=shift_jis' }),
        415,
        'The request could not be read.',
      )
    })
  })

  it('refuses a compressed 2 MB body (a zip bomb) with 413', async () => {
    await nothingStoredBy(async () => {
      const bomb = gzipSync(JSON.stringify({ flow: 'hosted', pad: 'x'.repeat(2 * 1024 * 1024) }))
      await expectMessage(
        await post(route, bomb, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        }),
        413,
      )
    })
  })

  it('refuses a field named twice', async () => {
    await nothingStoredBy(async () => {
      const body =
        route === PAYMENT_REQUEST
          ? '{"flow":"nope","flow":"hosted"}'
          : '{"paymentType":"UP","payerAddress":"x","payerAddress":"success@upi"}'
      await expectMessage(
        await postJson(route, body),
        400,
        'The request names a field more than once.',
      )
    })
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses the content type %s',
    async (type) => {
      await nothingStoredBy(async () => {
        const response = await postJson(route, { flow: 'hosted' }, type)
        expect(response.status).toBe(400)
        await expectMessage(response, 400)
      })
    },
  )

  it('survives a client that goes away mid-body', async () => {
    await nothingStoredBy(async () => {
      const body = JSON.stringify({ flow: 'hosted', pad: 'x'.repeat(8000) })
      const answer = await rawRequest(app.baseUrl, {
        path: route,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
        stopAfter: 100,
      })
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })
})

describe('POST /demo/api/payment-request', () => {
  it.each([
    ['missing', {}],
    ['markup', { flow: '<script>alert(1)</script>' }],
    ['another case', { flow: 'HOSTED' }],
    ['padded', { flow: ' hosted' }],
    ['a list', { flow: ['hosted'] }],
    ['an object', { flow: { toString: 'hosted' } }],
    ['an array body', ['hosted']],
  ])('refuses a flow that is %s', async (_what, body) => {
    await nothingStoredBy(async () => {
      await expectMessage(await postJson(PAYMENT_REQUEST, body), 400, 'Unknown demo flow.')
    })
  })
})

describe('POST /demo/api/merchant-hosted-request', () => {
  it.each([
    [{}, 'Choose Net Banking, Wallet or UPI'],
    [{ paymentType: '<script>' }, 'Choose Net Banking, Wallet or UPI'],
    [{ paymentType: 'NB' }, 'Please select any bank'],
    [{ paymentType: 'NB', mopType: '"><img src=x onerror=alert(1)>' }, 'Please select any bank'],
    [{ paymentType: 'NB', mopType: ['1004'] }, 'Please select any bank'],
    [{ paymentType: 'WL', mopType: '../../etc/passwd' }, 'Please select any wallet'],
    [{ paymentType: 'UP' }, 'Please Enter UPI ID'],
    [{ paymentType: 'UP', payerAddress: ['success@upi'] }, 'Please Enter UPI ID'],
    [{ paymentType: 'UP', payerAddress: 'success@upi\u0000' }, 'Invalid UPI ID'],
    [{ paymentType: 'UP', payerAddress: `${'a'.repeat(60)}@upi` }, 'Invalid UPI ID'],
  ])('refuses %j with "%s"', async (body, message) => {
    await nothingStoredBy(async () => {
      await expectMessage(await postJson(MERCHANT_HOSTED, body), 400, message)
    })
  })

  it.each(xssPayloads)('refuses the UPI ID %s', async (payload) => {
    await nothingStoredBy(async () => {
      await expectMessage(
        await postJson(MERCHANT_HOSTED, { paymentType: 'UP', payerAddress: payload }),
        400,
        'Invalid UPI ID',
      )
    })
  })
})

describe('POST /demo/response (the RETURN_URL)', () => {
  /** The refusal the response route redirects to, read from its Location. */
  async function refusalOf(response: Response) {
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/demo\/response\?refused=[a-z-]+$/)
    return location.slice(location.indexOf('=') + 1)
  }

  const form = (fields: Record<string, string> | URLSearchParams) =>
    post(RESPONSE, fields instanceof URLSearchParams ? fields : new URLSearchParams(fields))

  it.each([
    ['no body at all', ''],
    ['no ENCDATA', 'PAY_ID=1000000000000001'],
    ['an empty ENCDATA', 'PAY_ID=1000000000000001&ENCDATA='],
    ['no PAY_ID', 'ENCDATA=abc'],
    ['PAY_ID twice', 'PAY_ID=1000000000000001&PAY_ID=1000000000000001&ENCDATA=abc'],
    ['ENCDATA twice', 'PAY_ID=1000000000000001&ENCDATA=abc&ENCDATA=def'],
    ['nested brackets', 'PAY_ID[a]=1&ENCDATA[b]=2'],
  ])('refuses %s as missing', async (_what, body) => {
    await nothingStoredBy(async () => {
      const response = await post(RESPONSE, body, {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
      const reason = await refusalOf(response)
      if (!/\[/.test(body)) expect(reason).toBe('missing')
      else expect(['missing', 'merchant', 'undecryptable']).toContain(reason)
    })
  })

  it.each([
    ['JSON', 'application/json', JSON.stringify({ PAY_ID: '1000000000000001', ENCDATA: 'x' })],
    ['plain text', 'text/plain', 'PAY_ID=1000000000000001&ENCDATA=x'],
    ['multipart', 'multipart/form-data; boundary=x', '--x--'],
  ])('refuses a response sent as %s', async (_what, type, body) => {
    await nothingStoredBy(async () => {
      expect(await refusalOf(await post(RESPONSE, body, { 'Content-Type': type }))).toBe('missing')
    })
  })

  it('refuses another merchant, junk, markup and a key of the wrong merchant', async () => {
    const otherKey = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'
    const cases: Array<[Record<string, string>, string]> = [
      [{ PAY_ID: '9999999999999999', ENCDATA: 'abc' }, 'merchant'],
      [{ PAY_ID: sandboxMerchant.payId, ENCDATA: 'not base64 !!' }, 'undecryptable'],
      [{ PAY_ID: sandboxMerchant.payId, ENCDATA: xssPayloads[0] }, 'undecryptable'],
      [{ PAY_ID: sandboxMerchant.payId, ENCDATA: 'x'.repeat(10_000) }, 'undecryptable'],
      [
        {
          PAY_ID: sandboxMerchant.payId,
          ENCDATA: encryptFields({ PAY_ID: sandboxMerchant.payId }, 'salt', otherKey),
        },
        'undecryptable',
      ],
      [
        {
          PAY_ID: sandboxMerchant.payId,
          ENCDATA: encrypt('not fields', sandboxMerchant.merchantHostedKey),
        },
        'malformed',
      ],
      [
        {
          PAY_ID: sandboxMerchant.payId,
          ENCDATA: encryptFields(
            { PAY_ID: sandboxMerchant.payId, ORDER_ID: 'LP1', AMOUNT: '100' },
            'wrong-salt',
            sandboxMerchant.merchantHostedKey,
          ),
        },
        'hash',
      ],
      [
        {
          PAY_ID: sandboxMerchant.payId,
          ENCDATA: encryptFields(
            { PAY_ID: sandboxMerchant.payId, ORDER_ID: '<script>', AMOUNT: '100' },
            sandboxMerchant.salt,
            sandboxMerchant.merchantHostedKey,
          ),
        },
        'unknown-order',
      ],
    ]
    await nothingStoredBy(async () => {
      for (const [fields, reason] of cases) {
        expect(await refusalOf(await form(fields)), JSON.stringify(fields)).toBe(reason)
      }
    })
  })

  it('refuses a 2 MB body with a clear message', async () => {
    await nothingStoredBy(async () => {
      const body = new URLSearchParams({
        PAY_ID: sandboxMerchant.payId,
        ENCDATA: 'A'.repeat(2 * 1024 * 1024),
      })
      await expectMessage(await form(body), 413, 'The request is too large.')
    })
  })

  it('refuses a flood of fields with a clear message', async () => {
    await nothingStoredBy(async () => {
      const body = Array.from({ length: 2000 }, (_, index) => `f${index}=1`).join('&')
      const response = await post(RESPONSE, body, {
        'Content-Type': 'application/x-www-form-urlencoded',
      })
      expect(response.status).toBeLessThan(500)
      if (response.status === 303) expect(await refusalOf(response)).toBe('missing')
      else await expectMessage(response, response.status)
    })
  })
})

describe('POST /demo/checkout/verify', () => {
  it.each([
    [{}, 'missing'],
    [{ PAY_ID: 1, ENCDATA: 2 }, 'missing'],
    [{ PAY_ID: [sandboxMerchant.payId], ENCDATA: 'abc' }, 'missing'],
    [{ PAY_ID: sandboxMerchant.payId, ENCDATA: xssPayloads[1] }, 'undecryptable'],
    [{ PAY_ID: '<script>', ENCDATA: 'abc' }, 'merchant'],
  ])('refuses %j as %s', async (body, reason) => {
    await nothingStoredBy(async () => {
      const response = await postJson(VERIFY, body)
      expect(response.status).toBe(400)
      const text = await response.text()
      expect(text).not.toContain('<')
      expect(JSON.parse(text)).toMatchObject({ verified: false, reason })
    })
  })
})

describe('POST /demo/webhook (the NOTIFY_URL)', () => {
  const WEBHOOK = '/demo/webhook'
  const now = () => Math.floor(Date.now() / 1000)
  /** A delivery whose signature is right for exactly these bytes. */
  const signed = (body: string | Buffer, extra: Record<string, string> = {}) =>
    post(WEBHOOK, Buffer.isBuffer(body) ? body : Buffer.from(body), {
      'Content-Type': 'application/json',
      'X-Paystra-Signature': signatureHeader(sandboxMerchant.webhookSecret, now(), body),
      ...extra,
    })

  async function expectRefusal(response: Response, status: number, reason?: string) {
    expect(response.status).toBe(status)
    const text = await response.text()
    // The module's own messages quote the header format (`t=<unix seconds>`): no payload echoed.
    for (const payload of xssPayloads) expect(text).not.toContain(payload)
    const body = JSON.parse(text) as { reason?: string; message: string }
    expect(body.message.length).toBeGreaterThan(5)
    if (reason) expect(body.reason).toBe(reason)
  }

  async function nothingRecordedBy(send: () => Promise<void>) {
    const [before] = await app.store.db.select({ n: count() }).from(demoWebhookEvents)
    await nothingStoredBy(send)
    const [after] = await app.store.db.select({ n: count() }).from(demoWebhookEvents)
    expect(after?.n).toBe(before?.n)
  }

  it('refuses signed bytes that are not an event: junk, arrays, markup, fields that are not strings', async () => {
    await nothingRecordedBy(async () => {
      for (const body of [
        '{"id": ',
        'null',
        '[]',
        '{\n  "id": "evt_1", "type": "payment.captured", "created": 1, "data": {"AMOUNT": 100}\n}\n',
        ...xssPayloads.map((payload) => `{\n  "id": ${JSON.stringify(payload)}\n}\n`),
      ]) {
        await expectRefusal(await signed(body), 400, 'malformed-body')
      }
    })
  })

  it('refuses a header that is not a signature, markup included', async () => {
    await nothingRecordedBy(async () => {
      for (const header of ['', 't=1', 'v1=abc', `t=1,v1=${'z'.repeat(64)}`, xssPayloads[0]!]) {
        await expectRefusal(
          await post(WEBHOOK, '{}', {
            'Content-Type': 'application/json',
            'X-Paystra-Signature': header,
          }),
          400,
          'malformed-header',
        )
      }
    })
  })

  it('refuses a 2 MB body and a compressed one with 413, an unknown encoding with 415', async () => {
    await nothingRecordedBy(async () => {
      const big = JSON.stringify({ id: 'evt_1', pad: 'x'.repeat(2 * 1024 * 1024) })
      await expectRefusal(await signed(big), 413)
      await expectRefusal(await signed(gzipSync(big), { 'Content-Encoding': 'gzip' }), 413)
      await expectRefusal(await signed('{}', { 'Content-Encoding': 'x-made-up' }), 415)
    })
  })

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses the content type %s with 415',
    async (type) => {
      await nothingRecordedBy(async () => {
        await expectRefusal(await signed('{}', { 'Content-Type': type }), 415, 'content-type')
      })
    },
  )

  it('survives a client that goes away mid-body', async () => {
    await nothingRecordedBy(async () => {
      const body = JSON.stringify({ id: 'evt_1', pad: 'x'.repeat(8000) })
      const answer = await rawRequest(app.baseUrl, {
        path: WEBHOOK,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
        body,
        stopAfter: 100,
      })
      if (answer !== 'no answer') expect(answer.status).toBeGreaterThanOrEqual(400)
    })
  })
})
