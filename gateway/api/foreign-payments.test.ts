/**
 * Card payments in a foreign currency through the real gateway router on PGlite: what the
 * merchant gets back (RETURN_URL post, status enquiry), the refunds in parts, and the rupees the
 * sandbox stores for each.
 */
import type { Server } from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currencyByCode } from '#core/currency/currencies.ts'
import { toRupees } from '#core/currency/exchange.ts'
import { decryptFields } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { createGateway, type Gateway } from '#gateway/index.ts'
import { findByOrder } from '#gateway/store.ts'
import { type Receiver, startReceiver, verifiedEvent } from '#tests/support/webhook-receiver.ts'
import { sandboxRefunds } from './refund-store.ts'
import {
  expectSigned,
  merchant,
  postPaymentRequest,
  RETURN_URL,
  signed,
  uniqueId,
} from '#tests/support/sandbox-api.ts'

const client = new PGlite()
const db = drizzle(client)
let gateway: Gateway
let server: Server
let origin = ''
const base = () => `${origin}/sandbox`

beforeAll(async () => {
  gateway = await createGateway({
    db,
    merchants: [merchant],
    webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 50, timeoutMs: 1500 },
    limits: { pages: 0 },
  })
  const app = express()
  app.use('/sandbox', gateway.router)
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await gateway?.close()
  await client.close()
})

/**
 * A signed JSON call, answered as parsed fields. Not held to the OpenAPI document here: these
 * answers carry foreign currencies and FX fields (gateway/openapi describes them separately).
 */
async function call(path: string, fields: Fields, options: { raw?: boolean } = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.raw ? fields : signed(fields)),
  })
  return { status: response.status, json: (await response.json()) as Fields }
}

const statusOf = (orderId: string) =>
  call('/pgws/transact', { PAY_ID: merchant.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' })

const refund = (orderId: string, amount: string, currencyCode: string) =>
  call('/pgws/transact', {
    PAY_ID: merchant.payId,
    ORDER_ID: orderId,
    REFUND_ORDER_ID: uniqueId('RF'),
    AMOUNT: amount,
    CURRENCY_CODE: currencyCode,
    TXNTYPE: 'REFUND',
  })

function unescape(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/**
 * Pays a hosted request of `amount` minor units of `currencyCode` by card, and answers the
 * fields posted to RETURN_URL, decrypted (their HASH held, or decryption fails).
 */
async function payByCard(
  amount: string,
  currencyCode: string,
  number = '4111 1111 1111 1111',
  extra: Fields = {},
) {
  const orderId = uniqueId('FX')
  const started = await postPaymentRequest(base(), {
    ORDER_ID: orderId,
    AMOUNT: amount,
    CURRENCY_CODE: currencyCode,
    ...extra,
  })
  expect(started.status).toBe(303)
  const payPath = started.headers.get('location')!
  const paid = await fetch(`${origin}${payPath}/card`, {
    method: 'POST',
    body: new URLSearchParams({ number, expiry: '12/35', cvv: '123', name: 'Asha Rao' }),
  })
  expect(paid.status).toBe(200)
  const html = await paid.text()
  const encdata = /name="ENCDATA" value="([^"]*)"/.exec(html)?.[1]
  expect(encdata, 'a response form').toBeDefined()
  const decrypted = decryptFields(unescape(encdata!), merchant.salt, merchant.merchantHostedKey)
  if (!decrypted.ok) throw new Error('the RETURN_URL post does not decrypt or verify')
  expect(html).toContain(`action="${RETURN_URL}"`)
  return { orderId, fields: decrypted.fields }
}

describe('a card payment in a foreign currency', () => {
  it('$12.34 (840, 1234 cents) answers FX_RATE 84.2150 and INR_AMOUNT 103921 under its HASH', async () => {
    const { orderId, fields } = await payByCard('1234', '840')
    // $12.34 × 84.2150 = ₹1,039.21: the one conversion of core/currency.
    expect(toRupees(1234n, currencyByCode('USD')!)).toEqual({ paise: 103921n, rate: '84.2150' })
    expect(verifyHash(fields, merchant.salt)).toBe(true)
    expect(fields).toMatchObject({
      ORDER_ID: orderId,
      AMOUNT: '1234',
      TOTAL_AMOUNT: '1234',
      CURRENCY_CODE: '840',
      FX_RATE: '84.2150',
      INR_AMOUNT: '103921',
      RESPONSE_CODE: '000',
      STATUS: 'Captured',
      PAYMENT_TYPE: 'CC',
    })
    // Both are covered by the HASH: changing either breaks it.
    expect(verifyHash({ ...fields, INR_AMOUNT: '103922' }, merchant.salt)).toBe(false)
    expect(verifyHash({ ...fields, FX_RATE: '84.2151' }, merchant.salt)).toBe(false)

    const { json } = await statusOf(orderId)
    expectSigned(json)
    expect(json).toMatchObject({
      ORDER_ID: orderId,
      AMOUNT: '1234',
      CURRENCY_CODE: '840',
      FX_RATE: '84.2150',
      INR_AMOUNT: '103921',
      STATUS: 'Captured',
    })
    expect(await findByOrder(db, merchant.payId, orderId)).toMatchObject({
      inrAmount: 103921n,
      fxRate: '84.2150',
    })
  })

  it.each([
    // ¥500 × 0.5532 = ₹276.60; KWD 1.250 × 274.1850 = ₹342.73125, half a paisa rounds up.
    ['JPY', '392', '500', '0.5532', '27660'],
    ['KWD', '414', '1250', '274.1850', '34273'],
    ['KWD', '414', '1005', '274.1850', '27556'],
  ])(
    '%s (%s) %s minor units converts at %s to %s paise',
    async (code, number, amount, rate, paise) => {
      expect(toRupees(BigInt(amount), currencyByCode(code)!).paise).toBe(BigInt(paise))
      const { orderId, fields } = await payByCard(amount, number)
      expect(fields).toMatchObject({
        AMOUNT: amount,
        CURRENCY_CODE: number,
        FX_RATE: rate,
        INR_AMOUNT: paise,
      })
      const { json } = await statusOf(orderId)
      expectSigned(json)
      expect(json).toMatchObject({ FX_RATE: rate, INR_AMOUNT: paise })
    },
  )

  it('a declined foreign payment answers its rate and rupees too', async () => {
    const { fields } = await payByCard('1234', '840', '4000 0000 0000 0002')
    expect(fields).toMatchObject({ RESPONSE_CODE: '004', FX_RATE: '84.2150', INR_AMOUNT: '103921' })
  })

  it('a rupee payment stores its own amount and carries neither field', async () => {
    const { orderId, fields } = await payByCard('100', '356')
    expect(fields).not.toHaveProperty('FX_RATE')
    expect(fields).not.toHaveProperty('INR_AMOUNT')
    expect((await statusOf(orderId)).json).not.toHaveProperty('FX_RATE')
    expect(await findByOrder(db, merchant.payId, orderId)).toMatchObject({
      inrAmount: 100n,
      fxRate: '',
    })
  })
})

describe('refunds of a foreign payment', () => {
  const storedRefunds = (orderId: string) =>
    db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderId, orderId))

  it('in parts, in cents, add up to exactly its INR_AMOUNT', async () => {
    const { orderId } = await payByCard('1234', '840')
    const answers = []
    for (const part of ['333', '333', '1', '567']) {
      const { json } = await refund(orderId, part, '840')
      expectSigned(json)
      expect(json).toMatchObject({
        AMOUNT: part,
        CURRENCY_CODE: '840',
        FX_RATE: '84.2150',
        RESPONSE_CODE: '000',
        STATUS: 'Refunded',
      })
      answers.push(json)
    }
    // $3.33 is ₹280.43595: 28044 paise; the next $3.33 only 28043, so that the sum stays exact.
    expect(answers.map((answer) => answer.INR_AMOUNT)).toEqual(['28044', '28043', '84', '47750'])
    expect(answers.reduce((sum, answer) => sum + Number(answer.INR_AMOUNT), 0)).toBe(103921)
    const stored = await storedRefunds(orderId)
    expect(stored.map((row) => row.inrAmount).sort((a, b) => (a < b ? -1 : 1))).toEqual([
      84n,
      28043n,
      28044n,
      47750n,
    ])
    expect((await statusOf(orderId)).json).toMatchObject({ REFUNDED_AMOUNT: '1234' })
    // Nothing is left, in cents or in paise.
    expect((await refund(orderId, '1', '840')).json.RESPONSE_CODE).toBe('329')
  })

  it('a JPY payment refunded in full gives back its INR_AMOUNT', async () => {
    const { orderId, fields } = await payByCard('999', '392')
    const { json } = await refund(orderId, '999', '392')
    expect(json).toMatchObject({ FX_RATE: '0.5532', INR_AMOUNT: fields.INR_AMOUNT })
  })

  it('in another currency than the payment is 319, and nothing is stored', async () => {
    const { orderId } = await payByCard('1234', '840')
    for (const wrong of ['356', '978', '999']) {
      const { json } = await refund(orderId, '100', wrong)
      expectSigned(json)
      expect(json).toMatchObject({ RESPONSE_CODE: '319', STATUS: 'Failed', TXNTYPE: 'REFUND' })
      expect(json).not.toHaveProperty('TXN_ID')
      expect(json).not.toHaveProperty('INR_AMOUNT')
    }
    expect(await storedRefunds(orderId)).toEqual([])
    expect((await statusOf(orderId)).json).not.toHaveProperty('REFUNDED_AMOUNT')
  })

  it('names the currency as the payment did: an AUD payment (036) refunded as 36 is stored as 036', async () => {
    const { orderId, fields } = await payByCard('1250', '036')
    expect(fields).toMatchObject({ FX_RATE: '54.8830', INR_AMOUNT: '68604' })
    const { json } = await refund(orderId, '1250', '36')
    expect(json).toMatchObject({ RESPONSE_CODE: '000', CURRENCY_CODE: '36', INR_AMOUNT: '68604' })
    expect(await storedRefunds(orderId)).toMatchObject([{ currencyCode: '036', inrAmount: 68604n }])
  })

  it('a rupee payment refunded in dollars is 319; in rupees it stores its amount in paise', async () => {
    const { orderId } = await payByCard('5000', '356')
    expect((await refund(orderId, '100', '840')).json.RESPONSE_CODE).toBe('319')
    const { json } = await refund(orderId, '1200', '356')
    expect(json.RESPONSE_CODE).toBe('000')
    expect(json).not.toHaveProperty('FX_RATE')
    expect(json).not.toHaveProperty('INR_AMOUNT')
    expect((await storedRefunds(orderId)).map((row) => row.inrAmount)).toEqual([1200n])
  })
})

describe('the webhooks of a foreign payment', () => {
  /** The first `count` events that reached `receiver`, as documented, verified as a merchant verifies them. */
  async function eventsAt(receiver: Receiver, count: number) {
    const deliveries = await receiver.waitFor(count)
    return deliveries.map((delivery) => verifiedEvent(delivery, merchant))
  }

  it('payment.captured and refund.processed carry FX_RATE and INR_AMOUNT under their HASH', async () => {
    const receiver = await startReceiver()
    try {
      const { orderId, fields } = await payByCard('1234', '840', undefined, {
        NOTIFY_URL: receiver.url,
      })
      const [captured] = await eventsAt(receiver, 1)
      expect(captured!.type).toBe('payment.captured')
      expect(verifyHash(captured!.data, merchant.salt)).toBe(true)
      // The webhook carries the answer posted to RETURN_URL but for RETURN_URL itself, which only
      // the answer to the customer's return echoes (so each is signed over its own fields).
      const { RETURN_URL: _returnUrl, HASH: _returnHash, ...answered } = fields
      const { HASH: _eventHash, ...notified } = captured!.data
      expect(notified).toEqual(answered)
      expect(captured!.data).toMatchObject({ FX_RATE: '84.2150', INR_AMOUNT: '103921' })

      const { json } = await refund(orderId, '500', '840')
      const refunded = (await eventsAt(receiver, 2))[1]!
      expect(refunded.type).toBe('refund.processed')
      expect(refunded.data).toEqual(json)
      expect(refunded.data).toMatchObject({ FX_RATE: '84.2150', INR_AMOUNT: '42108' })
      expect(verifyHash(refunded.data, merchant.salt)).toBe(true)
    } finally {
      await receiver.close()
    }
  })
})
