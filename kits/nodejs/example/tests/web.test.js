import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { after, before, describe, it } from 'node:test'
import { InvalidInputError, VerificationError } from '../../core/index.js'
import {
  amountText,
  apiRoute,
  appHandler,
  escapeHtml,
  gatewayRedirectPage,
  html,
  reply,
  rupees,
} from '../web.js'

describe('HTML helpers', () => {
  it('escapes every interpolated value, keeps nested html', () => {
    const name = '<script>alert("x")</script> & \'co\''
    // Called through another name, so the formatter leaves the exact markup alone.
    const tag = html
    assert.equal(
      tag`<p title="${name}">${name}${tag`<b>${'<i>'}</b>`}${[tag`<br>`, '<hr>']}${undefined}</p>`
        .value,
      `<p title="${escapeHtml(name)}">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;<b>&lt;i&gt;</b><br>&lt;hr&gt;</p>`,
    )
  })

  it('writes paise as rupees with Indian digit grouping', () => {
    assert.equal(rupees('100'), '₹1.00')
    assert.equal(rupees('5'), '₹0.05')
    assert.equal(rupees('24900'), '₹249.00')
    assert.equal(rupees('20000000'), '₹2,00,000.00')
    assert.equal(rupees('123456789012'), '₹1,23,45,67,890.12')
    assert.equal(rupees('abc'), 'abc')
    assert.equal(amountText('150'), '₹1.50 (150 paise)')
  })

  it('builds one auto-submitting form of hidden inputs, values escaped', () => {
    const page = gatewayRedirectPage({
      action: 'http://127.0.0.1:4150/sandbox/paymentrequest',
      fields: { PAY_ID: '1', CUST_NAME: 'A "B" <C>' },
    })
    const body = page.body.value
    assert.equal(body.match(/<form /g)?.length, 1)
    assert.match(
      body,
      /<form method="post" action="http:\/\/127\.0\.0\.1:4150\/sandbox\/paymentrequest">/,
    )
    assert.match(
      body,
      /<input type="hidden" name="CUST_NAME" value="A &quot;B&quot; &lt;C&gt;" \/>/,
    )
    assert.match(body, /<script>document\.forms\[0\]\.submit\(\)<\/script>/)
  })
})

describe('app plumbing', () => {
  /** @type {import('node:http').Server} */
  let server
  let base = ''
  const config = Object.freeze({
    baseUrl: 'http://127.0.0.1:4150/sandbox',
    payId: '1',
    salt: 's',
    keySalt: 'k',
    appUrl: 'http://127.0.0.1:0',
    port: 0,
    webhookSecret: '',
    dataDir: '/tmp/unused',
    file: undefined,
  })

  before(async () => {
    server = createServer(
      appHandler({
        kit: 'Test',
        config,
        routes: {
          'GET /': () => ({ page: { title: 'Home <1>', body: html`<p>${'a & b'}</p>` } }),
          'POST /echo': async (request) => {
            const form = await request.form()
            return reply(request, {
              json: form,
              page: { title: 'Echo', body: html`${JSON.stringify(form)}` },
            })
          },
          'POST /text': async (request) => ({ json: { text: await request.text() } }),
          'POST /invalid': () => {
            throw new InvalidInputError('AMOUNT must be paise')
          },
          'POST /tampered': () => {
            throw new VerificationError('The response HASH does not match its fields')
          },
          'GET /api': apiRoute((request) => {
            if (!request.query.get('id')) throw new InvalidInputError('id is missing')
            return reply(request, { json: { ok: true }, page: { title: 'API', body: html`ok` } })
          }),
          'GET /boom': () => {
            throw new Error('boom')
          },
        },
      }),
    )
    await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  after(() => server.close())

  const post = (/** @type {string} */ path, /** @type {string} */ body, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    })

  it('renders pages in the layout with a policy and no-store', async () => {
    const response = await fetch(`${base}/`)
    assert.equal(response.status, 200)
    assert.match(response.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/)
    assert.equal(response.headers.get('cache-control'), 'no-store')
    assert.match(
      response.headers.get('content-security-policy') ?? '',
      /form-action 'self' http:\/\/127\.0\.0\.1:4150/,
    )
    const text = await response.text()
    assert.match(text, /<h1>Home &lt;1&gt;<\/h1>/)
    assert.match(text, /<p>a &amp; b<\/p>/)
    assert.match(text, /Test kit · Node\.js/)
  })

  it('parses urlencoded and JSON bodies and answers as the request asks', async () => {
    const json = await post('/echo', 'AMOUNT=100&CUST_NAME=A+B%26C', { Accept: 'application/json' })
    assert.deepEqual(await json.json(), { AMOUNT: '100', CUST_NAME: 'A B&C' })
    const page = await post('/echo', 'AMOUNT=100', { Accept: 'text/html' })
    assert.match(await page.text(), /&quot;AMOUNT&quot;:&quot;100&quot;/)
    const fromJson = await post('/echo', JSON.stringify({ AMOUNT: 100, IDS: ['A', 'B'] }), {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    })
    assert.deepEqual(await fromJson.json(), { AMOUNT: '100', IDS: 'A\nB' })
    const text = await post('/text', 'A1\nA2', { 'Content-Type': 'text/plain' })
    assert.deepEqual(await text.json(), { text: 'A1\nA2' })
  })

  it('answers 400 for invalid input and duplicated fields', async () => {
    const invalid = await post('/invalid', '', { Accept: 'application/json' })
    assert.equal(invalid.status, 400)
    assert.deepEqual(await invalid.json(), { error: 'AMOUNT must be paise' })
    const page = await post('/invalid', '')
    assert.equal(page.status, 400)
    assert.match(await page.text(), /AMOUNT must be paise/)
    const twice = await post('/echo', 'AMOUNT=1&AMOUNT=2', { Accept: 'application/json' })
    assert.equal(twice.status, 400)
    const badJson = await post('/echo', '{', {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    })
    assert.equal(badJson.status, 400)
  })

  it('answers 400 verified:false when a response does not verify', async () => {
    const response = await post('/tampered', '', { Accept: 'application/json' })
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      verified: false,
      error: 'The response HASH does not match its fields',
    })
  })

  it('lets an API route answer JSON, errors included, unless the request asks for HTML', async () => {
    const ok = await fetch(`${base}/api?id=1`)
    assert.deepEqual(await ok.json(), { ok: true })
    const missing = await fetch(`${base}/api`)
    assert.equal(missing.status, 400)
    assert.deepEqual(await missing.json(), { error: 'id is missing' })
    const browser = await fetch(`${base}/api?id=1`, { headers: { Accept: 'text/html,*/*;q=0.8' } })
    assert.match(browser.headers.get('content-type') ?? '', /^text\/html/)
  })

  it('answers 404, 405, 413 and 500', async () => {
    assert.equal((await fetch(`${base}/nowhere`)).status, 404)
    assert.equal((await fetch(`${base}/echo`)).status, 405)
    assert.equal((await post('/echo', 'A='.padEnd(70 * 1024, 'x'))).status, 413)
    const originalError = console.error
    console.error = () => {}
    try {
      assert.equal((await fetch(`${base}/boom`)).status, 500)
    } finally {
      console.error = originalError
    }
  })
})
