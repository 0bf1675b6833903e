import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { decryptFields } from '#core/protocol/cipher.ts'
import { isValid } from '#core/protocol/patterns.ts'
import { QR_IMAGE } from '#gateway/qr-pages.ts'
import {
  expectSigned,
  merchant,
  postJson,
  RETURN_URL,
  signed,
  statusOf,
  uniqueId,
  sandboxForThisFile,
  postPaymentRequest,
} from '#tests/support/sandbox-api.ts'

/** QR payments through `POST /pgws/qr`, their image, their scan page and their status. */
const sandbox = sandboxForThisFile()
const base = () => sandbox.current.url

function qr(overrides: Record<string, string> = {}) {
  return postJson(`${base()}/pgws/qr`, {
    PAY_ID: merchant.payId,
    ORDER_ID: uniqueId('QR'),
    AMOUNT: '24900',
    CURRENCY_CODE: '356',
    QR_TYPE: 'UPI',
    CUST_NAME: 'Asha Rao',
    ...overrides,
  })
}

const path = (url: string) => new URL(url).pathname
const get = (url: string) => fetch(url, { redirect: 'manual' })
const postForm = (url: string, body: Record<string, string>) =>
  fetch(url.startsWith('http') ? url : sandbox.current.origin + url, {
    method: 'POST',
    body: new URLSearchParams(body),
    redirect: 'manual',
  })

function unescape(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

describe('POST /pgws/qr', () => {
  it('UPI: a pending payment, the UPI intent, the image and the scan page, signed', async () => {
    const { status, json } = await qr()
    expect(status).toBe(200)
    expectSigned(json)
    const id = /\/qr\/([0-9a-f-]{36})$/.exec(json.QR_SCAN_URL!)![1]!
    expect(json).toEqual({
      PAY_ID: merchant.payId,
      ORDER_ID: json.ORDER_ID,
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
      TXNTYPE: 'QR',
      TXN_ID: json.TXN_ID,
      QR_IMAGE_URL: `${base()}/qr/${id}.png`,
      QR_SCAN_URL: `${base()}/qr/${id}`,
      UPI_INTENT: `upi://pay?pa=demostore@paystra&pn=Paystra%20Demo%20Store&am=249.00&cu=INR&tr=${json.TXN_ID}&tn=${json.ORDER_ID}`,
      STATUS: 'Pending',
      RESPONSE_CODE: '006',
      RESPONSE_MESSAGE: 'Transaction in progress: the customer has not finished paying',
      RESPONSE_DATE_TIME: json.RESPONSE_DATE_TIME,
      HASH: json.HASH,
    })
    expect(isValid('transactionId', json.TXN_ID)).toBe(true)
    const enquiry = (await statusOf(base(), json.ORDER_ID!)).json
    expect(enquiry).toMatchObject({ STATUS: 'Pending', RESPONSE_CODE: '006', TXN_ID: json.TXN_ID })
  })

  it('PG: the hosted payment page instead of an intent', async () => {
    const { json } = await qr({ QR_TYPE: 'PG', RETURN_URL })
    expectSigned(json)
    const id = /\/qr\/([0-9a-f-]{36})$/.exec(json.QR_SCAN_URL!)![1]!
    expect(json).toMatchObject({
      QR_TYPE: 'PG',
      PAYMENT_URL: `${base()}/pay/${id}`,
      STATUS: 'Pending',
    })
    expect(json).not.toHaveProperty('UPI_INTENT')
  })

  it('the image is a PNG of the UPI intent (UPI) or of the payment page (PG)', async () => {
    for (const type of ['UPI', 'PG']) {
      const { json } = await qr({ QR_TYPE: type })
      const response = await get(json.QR_IMAGE_URL!)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
      const png = Buffer.from(await response.arrayBuffer())
      expect(png.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      )
      expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
      expect(png.readUInt32BE(16)).toBe(360)
      expect(png.readUInt32BE(20)).toBe(360)
      const content = type === 'UPI' ? json.UPI_INTENT! : json.PAYMENT_URL!
      expect(png.equals(await QRCode.toBuffer(content, QR_IMAGE))).toBe(true)
    }
  })

  it('UPI scan page: merchant, order, amount and the test UPI IDs; paying answers 000 Captured', async () => {
    const { json } = await qr({ AMOUNT: '123456' })
    const page = await get(json.QR_SCAN_URL!)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await page.text()
    expect(html).toContain('<h1 class="gw-title gw-bank__title">Approve this UPI payment</h1>')
    expect(html).toContain('Paystra Demo Store')
    expect(html).toContain(json.ORDER_ID)
    expect(html).toContain('₹1,234.56')
    for (const vpa of ['success@upi', 'failure@upi', 'pending@upi'])
      expect(html).toContain(`Pay as ${vpa}`)
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(html).not.toMatch(/\sstyle=|\son[a-z]+=/)
    // The hosted page of a UPI QR is its scan page.
    expect((await get(json.QR_SCAN_URL!.replace('/qr/', '/pay/'))).headers.get('location')).toBe(
      path(json.QR_SCAN_URL!),
    )

    const paid = await postForm(`${path(json.QR_SCAN_URL!)}/upi`, { vpa: 'success@upi' })
    expect(paid.status).toBe(200)
    const result = await paid.text()
    expect(result).toContain('Payment successful')
    // No RETURN_URL: the sandbox's own outcome page, nothing posted anywhere.
    expect(result).toContain(
      'The merchant sees this outcome when it checks the payment&#39;s status.',
    )
    expect(result).not.toContain('id="gw-return"')
    expect(result).not.toContain('data-autosubmit')

    const enquiry = (await statusOf(base(), json.ORDER_ID!)).json
    expectSigned(enquiry)
    expect(enquiry).toMatchObject({
      ORDER_ID: json.ORDER_ID,
      AMOUNT: '123456',
      TXN_ID: json.TXN_ID,
      STATUS: 'Captured',
      RESPONSE_CODE: '000',
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      CUST_NAME: 'Asha Rao',
    })
    // Scanned again: the outcome, not the buttons.
    const again = await (await get(json.QR_SCAN_URL!)).text()
    expect(again).toContain('Payment successful')
    expect(again).not.toContain('Pay as success@upi')
  })

  it.each([
    ['failure@upi', '004', 'Failed'],
    ['pending@upi', '026', 'Pending'],
  ])('UPI scan page paying as %s ends %s', async (vpa, code, status) => {
    const { json } = await qr()
    await postForm(`${path(json.QR_SCAN_URL!)}/upi`, { vpa })
    expect((await statusOf(base(), json.ORDER_ID!)).json).toMatchObject({
      RESPONSE_CODE: code,
      STATUS: status,
    })
  })

  it('the scan page has the language picker, and stays the scan page in the chosen language', async () => {
    const { json } = await qr()
    const scanPath = path(json.QR_SCAN_URL!)
    const html = await (await get(json.QR_SCAN_URL!)).text()
    expect(html).toContain('name="return" value="qr"')
    const changed = await postForm(`${scanPath.replace('/qr/', '/pay/')}/language`, {
      lang: 'hi',
      return: 'qr',
    })
    expect(changed.headers.get('location')).toBe(scanPath)
    const hindi = await (await get(json.QR_SCAN_URL!)).text()
    expect(hindi).toContain('<html lang="hi"')
    expect(hindi).toContain('इस UPI भुगतान को स्वीकृत करें')
  })

  it('only the test UPI IDs pay from the scan page', async () => {
    const { json } = await qr()
    const response = await postForm(`${path(json.QR_SCAN_URL!)}/upi`, { vpa: 'someone@okaxis' })
    expect(response.status).toBe(303)
    expect((await statusOf(base(), json.ORDER_ID!)).json.RESPONSE_CODE).toBe('006')
  })

  it('UPI QR with a RETURN_URL: the outcome goes back to the merchant, encrypted', async () => {
    const { json } = await qr({ RETURN_URL })
    const html = await (
      await postForm(`${path(json.QR_SCAN_URL!)}/upi`, { vpa: 'success@upi' })
    ).text()
    expect(html).toContain(`<form id="gw-return" method="post" action="${RETURN_URL}"`)
    expect(html).toContain('data-autosubmit="true"')
    const encdata = unescape(/name="ENCDATA" value="([^"]*)"/.exec(html)![1]!)
    expect(decryptFields(encdata, merchant.salt, merchant.merchantHostedKey)).toMatchObject({
      ok: true,
      fields: { ORDER_ID: json.ORDER_ID, RESPONSE_CODE: '000', PAYMENT_TYPE: 'UP' },
    })
  })

  it('PG scan page links to the hosted payment page, which pays it: 000 Captured', async () => {
    const { json } = await qr({ QR_TYPE: 'PG' })
    const html = await (await get(json.QR_SCAN_URL!)).text()
    expect(html).toContain('Pay for this order')
    expect(html).toContain(`href="${path(json.PAYMENT_URL!)}"`)
    expect(html).not.toContain('Pay as success@upi')
    const page = await get(json.PAYMENT_URL!)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self';")
    expect(await page.text()).toContain('Complete your payment')
    const paid = await (
      await postForm(`${path(json.PAYMENT_URL!)}/card`, {
        number: '4111 1111 1111 1111',
        expiry: '12/35',
        cvv: '123',
        name: 'Asha Rao',
      })
    ).text()
    expect(paid).toContain('Payment successful')
    expect(paid).not.toContain('id="gw-return"')
    expect((await statusOf(base(), json.ORDER_ID!)).json).toMatchObject({
      STATUS: 'Captured',
      RESPONSE_CODE: '000',
      PAYMENT_TYPE: 'CC',
    })
  })

  it('a paid QR order can be refunded', async () => {
    const { json } = await qr({ AMOUNT: '1000' })
    await postForm(`${path(json.QR_SCAN_URL!)}/upi`, { vpa: 'success@upi' })
    const refund = await postJson(`${base()}/pgws/transact`, {
      PAY_ID: merchant.payId,
      ORDER_ID: json.ORDER_ID!,
      REFUND_ORDER_ID: uniqueId('RF'),
      AMOUNT: '1000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    })
    expect(refund.json).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'Refunded' })
  })

  it.each([
    ['336', { QR_TYPE: 'BHARAT' }],
    ['336', { QR_TYPE: 'upi' }],
    ['320', { AMOUNT: '0' }],
    ['321', { ORDER_ID: 'bad order' }],
    ['319', { CURRENCY_CODE: '999' }],
    ['345', { CURRENCY_CODE: '840' }],
    ['345', { CURRENCY_CODE: '978', QR_TYPE: 'PG' }],
    ['322', { TXNTYPE: 'SALE' }],
    ['325', { RETURN_URL: 'https://evil.example/return' }],
  ])('refuses %s for %j, signed, and opens nothing', async (code, overrides) => {
    const { json } = await qr(overrides)
    expect(json).toMatchObject({ RESPONSE_CODE: code, STATUS: 'Failed', TXNTYPE: 'QR' })
    expect(json).not.toHaveProperty('QR_IMAGE_URL')
    expectSigned(json)
    if (code !== '321')
      expect((await statusOf(base(), json.ORDER_ID!)).json.RESPONSE_CODE).toBe('328')
  })

  it('an ORDER_ID already used (by a QR or a payment) is 018', async () => {
    const first = (await qr()).json
    expect((await qr({ ORDER_ID: first.ORDER_ID! })).json.RESPONSE_CODE).toBe('018')
  })

  it('a bad HASH is 323, an unknown PAY_ID 324 (unsigned), malformed JSON 326', async () => {
    const fields = signed({
      PAY_ID: merchant.payId,
      ORDER_ID: uniqueId('QR'),
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
    })
    const forged = await postJson(`${base()}/pgws/qr`, { ...fields, AMOUNT: '1' }, { raw: true })
    expect(forged.json.RESPONSE_CODE).toBe('323')
    expectSigned(forged.json)
    const unknown = (await qr({ PAY_ID: '1000000000000999' })).json
    expect(unknown.RESPONSE_CODE).toBe('324')
    expect(unknown).not.toHaveProperty('HASH')
    expect(await postJson(`${base()}/pgws/qr`, '{')).toMatchObject({
      status: 400,
      json: { RESPONSE_CODE: '326' },
    })
  })

  it('images and scan pages of unknown or non-QR payments are 404', async () => {
    expect((await get(`${base()}/qr/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404)
    expect((await get(`${base()}/qr/not-a-payment`)).status).toBe(404)
    const hosted = await postPaymentRequest(base())
    const id = hosted.headers.get('location')!.split('/').pop()!
    expect((await get(`${base()}/qr/${id}`)).status).toBe(404)
    expect((await get(`${base()}/qr/${id}.png`)).status).toBe(404)
  })
})
