/**
 * Issue 22, finding 4: the sandbox's JSON APIs are limited per address, per merchant and (a
 * tighter limit) per merchant's resends, refused with 344 in the API's envelope, HTTP 429 and
 * Retry-After; a merchant's stored webhook events are capped per 24 hours; and on the site's
 * PostgreSQL store the limits hold across instances (ADR 015, 034).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import express from 'express'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { createGateway, type Gateway } from '#gateway/index.ts'
import type { ApiLimitSettings } from '#gateway/api/limits.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { merchant, uniqueId } from '#tests/support/sandbox-api.ts'
import { expectDocumentedAnswer } from '#tests/support/validate-answer.ts'
import { sharedLimitCounts } from '#server/api/per-ip-limit.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

const NOTIFY_URL = 'https://merchant.paystra.example/webhooks'

async function post(url: string, body: Fields, sign = true) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sign ? withHash(body, merchant.salt) : body),
  })
  const json = (await response.json()) as Fields
  expectDocumentedAnswer({ url, status: response.status, body: json })
  return { status: response.status, json, retryAfter: response.headers.get('retry-after') }
}

const status = (orderId = uniqueId('LO')) => ({
  PAY_ID: merchant.payId,
  ORDER_ID: orderId,
  TXNTYPE: 'STATUS',
})

const payout = (extra: Fields = {}) => ({
  PAY_ID: merchant.payId,
  PAYOUT_ID: uniqueId('PO'),
  AMOUNT: '150000',
  CURRENCY_CODE: '356',
  TRANSFER_MODE: 'UPI',
  BENEFICIARY_NAME: 'Asha Rao',
  BENEFICIARY_VPA: 'success@upi',
  ...extra,
})

const sandboxes: SandboxServer[] = []
async function sandbox(limits: ApiLimitSettings, eventsPerDay?: number) {
  const started = await startSandboxServer({
    merchants: [merchant],
    limits,
    webhooks: { eventsPerDay, baseDelayMs: 3_600_000 },
  })
  sandboxes.push(started)
  return started.url
}
afterAll(async () => {
  await Promise.all(sandboxes.map((started) => started.close()))
})

describe('limits on the sandbox JSON APIs', () => {
  it('counts every JSON API together per address; over it, 344 with 429 and Retry-After', async () => {
    const url = await sandbox({ perIp: 3, perMerchant: 1000, resend: 1000 })
    expect((await post(`${url}/pgws/transact`, status())).status).toBe(200)
    expect(
      (await post(`${url}/pgws/payout/status`, { PAY_ID: merchant.payId, PAYOUT_ID: 'PO1' }))
        .status,
    ).toBe(200)
    // An unknown merchant counts against the address too.
    expect((await post(`${url}/pgws/qr`, { PAY_ID: '9999999999999999' }, false)).status).toBe(200)
    const refused = await post(`${url}/pgws/settlements`, {
      PAY_ID: merchant.payId,
      FROM: '2026-11-01',
      TO: '2026-11-02',
    })
    expect(refused.status).toBe(429)
    expect(refused.json).toMatchObject({
      RESPONSE_CODE: '344',
      STATUS: 'Failed',
      RESPONSE_MESSAGE: 'Too many requests: try again later',
    })
    // Refused before the body is read: nothing echoed, nothing signed.
    expect(refused.json).not.toHaveProperty('HASH')
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60)
  })

  it('limits one merchant across addresses, counting only requests it signed', async () => {
    const url = await sandbox({ perIp: 1000, perMerchant: 2, resend: 1000 })
    // A bad HASH (323) is anyone's request, not the merchant's: it does not use its quota.
    for (let i = 0; i < 3; i++) {
      const forged = await post(
        `${url}/pgws/transact`,
        { ...status(), HASH: '0'.repeat(64) },
        false,
      )
      expect(forged.json.RESPONSE_CODE).toBe('323')
    }
    expect((await post(`${url}/pgws/transact`, status())).status).toBe(200)
    expect(
      (await post(`${url}/pgws/webhook/events`, { PAY_ID: merchant.payId, ORDER_ID: 'LO1' }))
        .status,
    ).toBe(200)
    const orderId = uniqueId('LO')
    const refused = await post(`${url}/pgws/transact`, status(orderId))
    expect(refused.status).toBe(429)
    expect(refused.json).toMatchObject({
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      TXNTYPE: 'STATUS',
      RESPONSE_CODE: '344',
    })
    expect(verifyHash(refused.json, merchant.salt), 'a merchant’s refusal is signed').toBe(true)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
  })

  it('limits resends tighter than the other calls', async () => {
    const url = await sandbox({ perIp: 1000, perMerchant: 1000, resend: 2 })
    const paid = await post(`${url}/pgws/payout`, payout({ NOTIFY_URL }))
    expect(paid.json.RESPONSE_CODE).toBe('000')
    const events = await post(`${url}/pgws/webhook/events`, {
      PAY_ID: merchant.payId,
      ORDER_ID: paid.json.PAYOUT_ID!,
    })
    const [event] = JSON.parse(events.json.EVENTS!) as Array<{ id: string }>
    const resend = () =>
      post(`${url}/pgws/webhook/resend`, { PAY_ID: merchant.payId, EVENT_ID: event!.id })
    expect((await resend()).json.RESPONSE_CODE).toBe('000')
    expect((await resend()).json.RESPONSE_CODE).toBe('000')
    const refused = await resend()
    expect(refused.status).toBe(429)
    expect(refused.json).toMatchObject({ RESPONSE_CODE: '344', EVENT_ID: event!.id })
    // The other APIs still answer.
    expect((await post(`${url}/pgws/transact`, status())).status).toBe(200)
  })
})

describe('the cap on stored webhook events', () => {
  it('stores no event beyond the cap, while the payout itself goes through', async () => {
    const url = await sandbox({ perIp: 0, perMerchant: 0, resend: 0 }, 2)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const paid = await post(`${url}/pgws/payout`, payout({ NOTIFY_URL }))
      expect(paid.json).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'Processed' })
      ids.push(paid.json.PAYOUT_ID!)
    }
    const eventsOf = async (id: string) =>
      (await post(`${url}/pgws/webhook/events`, { PAY_ID: merchant.payId, ORDER_ID: id })).json
        .RESPONSE_CODE
    expect(await eventsOf(ids[0]!)).toBe('000')
    expect(await eventsOf(ids[1]!)).toBe('000')
    expect(await eventsOf(ids[2]!)).toBe('337')
  })
})

describe('limits shared through PostgreSQL by two sandbox instances', () => {
  let store: DataStore
  const servers: Server[] = []
  const gateways: Gateway[] = []
  beforeAll(async () => {
    store = await openDatabase(testDatabaseOptions())
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    await Promise.all(gateways.map((gateway) => gateway.close()))
    await store.close()
  })

  async function instance(db: Parameters<typeof createGateway>[0]['db'], perIp: number) {
    const gateway = await createGateway({
      db,
      merchants: [merchant],
      limits: { perIp, perMerchant: 1000, resend: 1000, counts: sharedLimitCounts(store.db) },
    })
    gateways.push(gateway)
    const app = express().use('/sandbox', gateway.router)
    const server = createServer(app)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`
  }

  it('refuses the fourth request of a limit of three whichever instance gets it', async () => {
    const perIp = 3
    const a = await instance(store.db, perIp)
    const b = await instance(store.db, perIp)
    await store.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'sandbox-%'`)
    const seen: number[] = []
    for (const url of [a, b, a, b]) seen.push((await post(`${url}/pgws/transact`, status())).status)
    expect(seen).toEqual([200, 200, 200, 429])
  })
})
