import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Gateway, createGateway } from '#gateway/index.ts'
import { hi } from '#gateway/i18n/hi.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  createTransaction,
  findTransaction,
  type GatewayDatabase,
  setLanguage,
  type TransactionMode,
} from '#gateway/store.ts'

/**
 * The pages of a foreign-currency payment over HTTP: cards alone, the amount in its currency,
 * and 345 for any other method posted. The order is stored directly, as the entry would store
 * it, so these pages are tested on their own.
 */

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
let client: PGlite
let db: GatewayDatabase
let gateway: Gateway
let server: Server
let origin: string
let orderSeq = 0

beforeAll(async () => {
  client = new PGlite()
  db = drizzle(client)
  gateway = await createGateway({ db, merchants: [merchant] })
  const app = express()
  app.use('/sandbox', gateway.router)
  server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await gateway?.close()
  await client?.close()
})

async function storedOrder(
  currencyCode: string,
  amount: bigint,
  mode: TransactionMode = 'hosted',
  language = 'en',
) {
  const transaction = await createTransaction(db, {
    request: {
      payId: merchant.payId,
      orderId: `FX${Date.now()}${orderSeq++}`,
      amount,
      currencyCode,
      txnType: 'SALE',
      returnUrl: 'https://shop.paystra.example/demo/response',
      custName: 'Asha Rao',
      custEmail: 'asha.rao@example.com',
      custMobile: '9876543210',
      custId: '',
      productDesc: '',
      notifyUrl: '',
      notifyPrivate: false,
    },
    mode,
    language,
    at: new Date(),
  })
  if (transaction === 'duplicate') throw new Error('duplicate order id')
  return { id: transaction.id, path: `/sandbox/pay/${transaction.id}` }
}

const get = (path: string) => fetch(origin + path, { redirect: 'manual' })
const post = (path: string, fields: Record<string, string>) =>
  fetch(origin + path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })

const card = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123', name: 'Asha Rao' }

describe('the payment page of a foreign-currency order', () => {
  it('offers the card form alone, with the amount in its currency', async () => {
    const order = await storedOrder('840', 1234n)
    for (const query of ['', '?method=upi', '?method=netbanking']) {
      const page = await (await get(order.path + query)).text()
      expect(page).toContain('$12.34')
      expect(page).toContain('Pay $12.34')
      expect(page).toContain('Your card is charged in this currency: US Dollar (USD).')
      expect(page).toContain('Pay by card')
      expect(page).not.toContain('role="tab"')
      expect(page).not.toContain('action="/sandbox/pay/' + order.id + '/upi"')
      expect(page).not.toContain('/netbanking"')
      expect(page).not.toContain('success@upi')
      expect(page).toContain('id="gw-card-number"')
    }
  })

  it('writes the amount the way the page language does', async () => {
    const yen = await storedOrder('392', 500n, 'hosted', 'hi')
    const page = await (await get(yen.path)).text()
    expect(page).toContain(
      new Intl.NumberFormat('hi', { style: 'currency', currency: 'JPY' }).format(500),
    )
    expect(page).toContain('lang="hi"')
    const dinar = await storedOrder('414', 1250n, 'checkout', 'bn')
    expect(await (await get(dinar.path)).text()).toContain('১.২৫০\u00a0KWD')
  })

  it('lists the dispute test cards with what happens to them', async () => {
    const order = await storedOrder('978', 500n)
    const page = await (await get(order.path)).text()
    expect(page).toContain('4000 0000 0000 1976')
    expect(page).toContain('Successful, then disputed: goods or services not received (13.1)')
    expect(page).toContain('4000 0000 0000 0259')
    expect(page).toContain('Successful, then disputed: fraud, card not present (10.4)')
  })

  for (const [method, fields] of [
    ['upi', { vpa: 'success@upi' }],
    ['netbanking', { bank: '1004' }],
    ['wallet', { wallet: 'PPL' }],
  ] as const) {
    it(`refuses ${method} with 345 in the page language and leaves the payment open`, async () => {
      const order = await storedOrder('840', 1234n)
      await setLanguage(db, order.id, 'hi')
      const response = await post(`${order.path}/${method}`, fields)
      const page = await response.text()
      expect(page).toMatch(/data-code>\s*345\s*</)
      expect(page).toContain(hi.codes['345'])
      expect(page).toContain('lang="hi"')
      const stored = await findTransaction(db, order.id)
      expect(stored).toMatchObject({ responseCode: null, paymentType: '', mopType: '' })
    })
  }

  it('is paid by card, and the response page shows the amount in its currency', async () => {
    const order = await storedOrder('840', 1234n)
    await post(`${order.path}/upi`, { vpa: 'success@upi' })
    const page = await (await post(`${order.path}/card`, card)).text()
    expect(page).toContain('$12.34')
    expect(await findTransaction(db, order.id)).toMatchObject({
      responseCode: '000',
      paymentType: 'CC',
    })
  })
})

describe('the payment page of a rupee order', () => {
  it('still offers the four methods, and the dispute test cards', async () => {
    const order = await storedOrder('356', 100n)
    const page = await (await get(order.path)).text()
    expect(page.match(/role="tab"/g)).toHaveLength(4)
    expect(page).toContain('Pay ₹1.00')
    expect(page).not.toContain('Your card is charged in')
    expect(page).toContain('success@upi')
    expect(page).toContain('Successful, then disputed: goods or services not received (13.1)')
    const response = await post(`${order.path}/upi`, { vpa: 'success@upi' })
    expect(await response.text()).not.toContain('data-code')
    expect(await findTransaction(db, order.id)).toMatchObject({ responseCode: '000' })
  })
})
