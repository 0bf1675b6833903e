/**
 * Issue 22, finding 7: X-Forwarded-For from the trusted (loopback) proxy counts only when every
 * address in it parses as an IP. Otherwise the client is the socket's address: markup or a
 * 6,000-character value is never stored as a visitor's address nor used as a rate-limit key.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONTACT_API_PATH } from '#core/forms/api.ts'
import { createApp } from '#server/app.ts'
import { formsApi } from '#server/api/forms-api.ts'
import { sharedLimitCounts } from '#server/api/per-ip-limit.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { contactMessages, outbox, rateLimits } from '#server/db/schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { testAddresses } from '#tests/support/forms-app.ts'
import { pageBuild } from '#tests/support/page-build.ts'
import { contactFields } from '#tests/support/server-process.ts'

const LIMIT = 3
let store: DataStore
let server: Server
let baseUrl = ''

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  const app = createApp({
    mode: 'production',
    build: pageBuild(),
    routers: [
      formsApi({
        db: store.db,
        addresses: testAddresses,
        rateLimitPerMinute: LIMIT,
        // Counted in the database, as on PostgreSQL in production, so the keys can be read.
        limitCounts: sharedLimitCounts(store.db),
      }),
    ],
  })
  server = createServer(app).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await store.close()
})

beforeEach(async () => {
  await store.db.delete(outbox)
  await store.db.delete(contactMessages)
  await store.db.delete(rateLimits)
})

/** A contact submission from this machine (the trusted proxy) naming `forwardedFor` as the client. */
function submit(forwardedFor: string) {
  return fetch(baseUrl + CONTACT_API_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify(contactFields()),
  })
}

const bad = [
  '<script>alert(1)</script>',
  '9'.repeat(6_000),
  `1.2.3.4, ${'a'.repeat(6_000)}`,
  '203.0.113.9, <b>',
  '203.0.113.9:4444',
  'fe80::1%<img>',
  `fe80::1%${'a'.repeat(6_000)}`,
  '',
  'unknown',
]

describe('X-Forwarded-For from the trusted proxy', () => {
  it('an address that parses is the client: stored and counted as such', async () => {
    for (const address of ['203.0.113.9', '2001:db8::7']) {
      expect((await submit(address)).status).toBe(200)
    }
    const stored = await store.db.select({ ip: contactMessages.clientIp }).from(contactMessages)
    expect(stored.map((row) => row.ip).sort()).toEqual(['2001:db8::7', '203.0.113.9'])
  })

  it('a value that does not parse as an IP is neither stored nor a rate-limit key: the socket address is', async () => {
    const statuses: number[] = []
    for (const value of bad) statuses.push((await submit(value)).status)
    // One visitor (this machine) whatever the header said: the limit holds after LIMIT.
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
    expect(statuses.slice(LIMIT)).toEqual(Array(bad.length - LIMIT).fill(429))

    const stored = await store.db.select({ ip: contactMessages.clientIp }).from(contactMessages)
    expect(stored.map((row) => row.ip)).toEqual(Array(LIMIT).fill('127.0.0.1'))
    const keys = (await store.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    )
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key.length, key.slice(0, 80)).toBeLessThan(100)
      expect(key).not.toMatch(/[<>]|a{20}|9{20}/)
    }
  })
})
