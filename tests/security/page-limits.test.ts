/**
 * One address posting payments in a loop made 3,000 captured payments in 28 seconds: the
 * sandbox's payment pages, their posts and QR images are limited per address
 * (SANDBOX_PAGE_RATE_LIMIT, 60 a minute), with HTTP 429, `Retry-After` and a page a customer
 * can read; 0 switches the limit off; on the site's store two instances keep one count
 * (ADR 015, 034, 042).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import express from 'express'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { withHash } from '#core/protocol/hash.ts'
import { createGateway, type Gateway } from '#gateway/index.ts'
import type { ApiLimitSettings } from '#gateway/api/limits.ts'
import { en } from '#gateway/i18n/en.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { merchant, postPaymentRequest, uniqueId } from '#tests/support/sandbox-api.ts'
import { sharedLimitCounts } from '#server/api/per-ip-limit.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'

const sandboxes: SandboxServer[] = []
async function sandbox(limits?: ApiLimitSettings) {
  const started = await startSandboxServer({ merchants: [merchant], limits })
  sandboxes.push(started)
  return started.url
}
afterAll(async () => {
  await Promise.all(sandboxes.map((started) => started.close()))
})

/** A UPI QR code of a new order, made through the JSON API: the id of its payment. */
async function qrPayment(url: string): Promise<string> {
  const response = await fetch(`${url}/pgws/qr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      withHash(
        {
          PAY_ID: merchant.payId,
          ORDER_ID: uniqueId('QL'),
          AMOUNT: '100',
          CURRENCY_CODE: '356',
          QR_TYPE: 'UPI',
        },
        merchant.salt,
      ),
    ),
  })
  const json = (await response.json()) as Record<string, string>
  expect(json.RESPONSE_CODE).toBe('006') // open, waiting for the customer
  return /\/qr\/([0-9a-f-]{36})\.png$/.exec(json.QR_IMAGE_URL!)![1]!
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  const page = await response.text()
  expect(page).toContain(en.tooManyTitle)
  expect(page).toContain(en.tooManyText.replace('{seconds}', String(retryAfter)))
}

describe('the payment pages’ limit per address', () => {
  it('takes 60 payment requests a minute by default and refuses the 61st with a page', async () => {
    const url = await sandbox()
    // Refused requests count like the others; they store nothing, so the test stays quick.
    for (let i = 0; i < 59; i++) {
      const response = await postPaymentRequest(url, { PAY_ID: '1999999999999999' })
      expect(response.status, `request ${i + 1}`).toBe(200)
    }
    expect((await postPaymentRequest(url)).status).toBe(303)
    await expectTooMany(await postPaymentRequest(url))
  })

  it('counts the payment pages, their forms and the QR images together', async () => {
    const url = await sandbox({ pages: 4 })
    const id = await qrPayment(url) // the JSON API has limits of its own
    expect((await fetch(`${url}/qr/${id}.png`)).status).toBe(200)
    expect((await fetch(`${url}/qr/${id}.png`)).status).toBe(200)
    expect((await fetch(`${url}/qr/${id}`)).status).toBe(200)
    const upi = await fetch(`${url}/qr/${id}/upi`, {
      method: 'POST',
      body: new URLSearchParams({ vpa: 'nobody@upi' }),
      redirect: 'manual',
    })
    expect(upi.status).toBe(303)
    await expectTooMany(await fetch(`${url}/qr/${id}.png`))
    await expectTooMany(await fetch(`${url}/pay/${id}`))
    // The gateway's assets and the JSON APIs are not the pages' to count.
    expect((await fetch(`${url}/checkout.js`)).status).toBe(200)
    expect(await qrPayment(url)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('is off at 0', async () => {
    const url = await sandbox({ pages: 0 })
    for (let i = 0; i < 61; i++) {
      const response = await postPaymentRequest(url, { PAY_ID: '1999999999999999' })
      expect(response.status, `request ${i + 1}`).toBe(200)
    }
    expect((await postPaymentRequest(url)).status).toBe(303)
  })
})

// On the site's store, in PGlite here; server/sandbox-page-limits.test.ts runs the same on
// PostgreSQL with a pool per instance (the data tests).
describe('the pages’ limit shared through the site’s store by two sandbox instances', () => {
  let store: DataStore
  const servers: Server[] = []
  const gateways: Gateway[] = []
  beforeAll(async () => {
    store = await openDatabase({})
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    await Promise.all(gateways.map((gateway) => gateway.close()))
    await store?.close()
  })

  async function instance(pages: number) {
    const gateway = await createGateway({
      db: store.db,
      merchants: [merchant],
      limits: { pages, counts: sharedLimitCounts(store.db) },
    })
    gateways.push(gateway)
    const server = createServer(express().use('/sandbox', gateway.router))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`
  }

  it('refuses the fourth payment request of a limit of three whichever instance gets it', async () => {
    const a = await instance(3)
    const b = await instance(3)
    await store.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'sandbox-pages%'`)
    const seen: number[] = []
    for (const url of [a, b, a, b]) seen.push((await postPaymentRequest(url)).status)
    expect(seen).toEqual([303, 303, 303, 429])
  })
})
