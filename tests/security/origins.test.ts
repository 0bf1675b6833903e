/**
 * Issue 22, finding 3: every absolute URL the site and its sandbox write comes from
 * configuration (SITE_URL; the sandbox built into the site is SITE_URL + /sandbox), never from a
 * request's Host or X-Forwarded-* headers. Requests here come from loopback, the proxy the
 * server trusts, so forwarded headers are read wherever the server reads them at all.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_REQUEST_PATH, RESPONSE_PATH, type SignedForm } from '#app/content/demo-api.ts'
import { withHash } from '#core/protocol/hash.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { type RealServer, realServer } from './real-server.ts'

const SITE_URL = 'https://www.paystra.example'
const forged = {
  Host: 'evil-host.example:666',
  'X-Forwarded-Host': 'evil-forwarded.example',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '8443',
  Forwarded: 'host=evil-forwarded-rfc.example;proto=https',
  'X-Original-Host': 'evil-original.example',
}
const forgedPattern = /evil-[a-z-]+\.example/

const startConfigured = realServer({ SITE_URL })
const startDefault = realServer()
let configured: RealServer
let unconfigured: RealServer

beforeAll(async () => {
  ;[configured, unconfigured] = await Promise.all([startConfigured(), startDefault()])
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A request with the forged headers (node:http: fetch will not send another Host). */
function send(
  server: RealServer,
  method: string,
  path: string,
  options: { type?: string; body?: string; accept?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...forged, Accept: options.accept ?? 'text/html' }
    if (options.type) headers['Content-Type'] = options.type
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, method, path, headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

const seen: { what: string; answer: Answer }[] = []
async function forgedRequest(...args: Parameters<typeof send>): Promise<Answer> {
  const answer = await send(...args)
  seen.push({ what: `${args[1]} ${args[2]}`, answer })
  return answer
}

function expectNoForgedOrigin(what: string, answer: Answer) {
  expect(JSON.stringify(answer.headers), `${what}: headers`).not.toMatch(forgedPattern)
  expect(answer.body, `${what}: body`).not.toMatch(forgedPattern)
}

const signedQr = (orderId: string, type: 'UPI' | 'PG') =>
  JSON.stringify(
    withHash(
      {
        PAY_ID: demoMerchantDefaults.payId,
        ORDER_ID: orderId,
        AMOUNT: '24900',
        CURRENCY_CODE: '356',
        QR_TYPE: type,
        CUST_NAME: 'Asha Rao',
      },
      demoMerchantDefaults.salt,
    ),
  )

describe('with SITE_URL set', () => {
  it('checkout.js names the sandbox at SITE_URL/sandbox, whoever asks, and may be cached by all', async () => {
    const answer = await forgedRequest(configured, 'GET', '/sandbox/checkout.js')
    expect(answer.status).toBe(200)
    expect(answer.body).toContain(`${SITE_URL}/sandbox`)
    expectNoForgedOrigin('checkout.js', answer)
    expect(answer.headers['cache-control']).toBe('public, max-age=300')
  })

  it("the QR API's URLs, its scan page and its image are on SITE_URL/sandbox", async () => {
    for (const type of ['UPI', 'PG'] as const) {
      const answer = await forgedRequest(configured, 'POST', '/sandbox/pgws/qr', {
        type: 'application/json',
        accept: 'application/json',
        body: signedQr(`ORIGIN${type}${Date.now()}`, type),
      })
      expect(answer.status).toBe(200)
      const json = JSON.parse(answer.body) as Record<string, string>
      expect(json.QR_SCAN_URL).toMatch(new RegExp(`^${SITE_URL}/sandbox/qr/`))
      expect(json.QR_IMAGE_URL).toMatch(new RegExp(`^${SITE_URL}/sandbox/qr/.+\\.png$`))
      expectNoForgedOrigin(`QR ${type}`, answer)
      const scanPath = new URL(json.QR_SCAN_URL!).pathname
      expectNoForgedOrigin(`${type} scan page`, await forgedRequest(configured, 'GET', scanPath))
      // The image encodes a URL too (a PG code the hosted payment page); its bytes are PNG,
      // so the answer is only checked for headers here and for the encoded URL by the API.
      const image = await forgedRequest(configured, 'GET', `${scanPath}.png`)
      expect(image.status).toBe(200)
      expect(JSON.stringify(image.headers)).not.toMatch(forgedPattern)
      const payPage = await forgedRequest(configured, 'GET', scanPath.replace('/qr/', '/pay/'))
      expectNoForgedOrigin(`${type} pay page`, payPage)
    }
  })

  it("the demo's RETURN_URL and NOTIFY_URL are on SITE_URL, and the pages and redirects name no other origin", async () => {
    const answer = await forgedRequest(configured, 'POST', PAYMENT_REQUEST_PATH, {
      type: 'application/json',
      accept: 'application/json',
      body: JSON.stringify({ flow: 'hosted' }),
    })
    expect(answer.status).toBe(200)
    const form = JSON.parse(answer.body) as SignedForm
    expect(form.fields.RETURN_URL).toBe(`${SITE_URL}/demo/response`)
    expect(form.fields.NOTIFY_URL).toBe(`${SITE_URL}/demo/webhook`)
    expectNoForgedOrigin('payment request', answer)

    // The hosted payment: the sandbox's entry redirects to its page.
    const entry = await forgedRequest(configured, 'POST', form.action, {
      type: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(form.fields as Record<string, string>).toString(),
    })
    expect(entry.status).toBe(303)
    expectNoForgedOrigin('payment entry', entry)
    const page = await forgedRequest(
      configured,
      'GET',
      new URL(entry.headers.location!, SITE_URL).pathname,
    )
    expect(page.status).toBe(200)
    expectNoForgedOrigin('payment page', page)

    for (const [method, path] of [
      ['GET', '/rendered'],
      ['GET', '/no-such-page'],
      ['GET', '/sandbox'],
      ['GET', '/sandbox/'],
      ['GET', `${RESPONSE_PATH}?payment=x`],
      ['POST', RESPONSE_PATH],
      ['GET', '/sandbox/refused'],
    ] as const) {
      const answer = await forgedRequest(configured, method, path, {
        type: 'application/x-www-form-urlencoded',
        body: method === 'POST' ? 'ENCDATA=x&PAY_ID=1' : undefined,
      })
      expectNoForgedOrigin(`${method} ${path}`, answer)
    }
  })

  it('no answer above named a forged origin, in a Location or anywhere else', () => {
    expect(seen.length).toBeGreaterThan(10)
    for (const { what, answer } of seen) expectNoForgedOrigin(what, answer)
  })
})

describe('with SITE_URL not set', () => {
  it("checkout.js names this server on localhost at its port, not the request's host", async () => {
    const answer = await send(unconfigured, 'GET', '/sandbox/checkout.js')
    expect(answer.body).toContain(`http://localhost:${unconfigured.port}/sandbox`)
    expectNoForgedOrigin('checkout.js', answer)
  })

  it("the demo's RETURN_URL is this server on localhost at its port", async () => {
    const answer = await send(unconfigured, 'POST', PAYMENT_REQUEST_PATH, {
      type: 'application/json',
      accept: 'application/json',
      body: JSON.stringify({ flow: 'checkout' }),
    })
    const form = JSON.parse(answer.body) as SignedForm
    expect(form.fields.RETURN_URL).toBe(`http://localhost:${unconfigured.port}/demo/response`)
    expectNoForgedOrigin('payment request', answer)
  })
})
