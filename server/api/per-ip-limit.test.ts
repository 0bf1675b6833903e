import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'
import { like } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { rateLimits } from '#server/db/schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { type LimitCounts, perIpLimit, sharedLimitCounts } from './per-ip-limit.ts'

let store: DataStore
const servers: Server[] = []

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  await store.close()
})

/** One "instance": its own Express app and limiter, counting where `counts` says. */
async function instance(perMinute: number, name: string, counts?: LimitCounts) {
  const app = express()
  app.post(
    '/limited',
    perIpLimit(
      perMinute,
      (res) => res.status(429).json({ refused: true }),
      counts && { name, counts },
    ),
    (_req, res) => res.json({ ok: true }),
  )
  const server = createServer(app)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/limited`
}

async function statuses(urls: string[]) {
  const seen: number[] = []
  for (const url of urls) seen.push((await fetch(url, { method: 'POST' })).status)
  return seen
}

describe('per-IP limits counted in the database', () => {
  it('enforces one limit across instances, whichever of them gets the request', async () => {
    const name = `test-${randomUUID()}`
    const counts = sharedLimitCounts(store.db)
    const a = await instance(3, name, counts)
    const b = await instance(3, name, sharedLimitCounts(store.db))
    expect(await statuses([a, b, a, b, b])).toEqual([200, 200, 200, 429, 429])
  })

  it('answers the standard RateLimit headers from the shared count', async () => {
    const url = await instance(5, `test-${randomUUID()}`, sharedLimitCounts(store.db))
    await fetch(url, { method: 'POST' })
    const response = await fetch(url, { method: 'POST' })
    expect(response.headers.get('ratelimit-policy')).toContain('q=5; w=60')
    expect(response.headers.get('ratelimit')).toMatch(/r=3; t=(59|60)/)
  })

  it('keeps the counts of differently named limits apart', async () => {
    const counts = sharedLimitCounts(store.db)
    const forms = await instance(1, `forms-${randomUUID()}`, counts)
    const demo = await instance(1, `demo-${randomUUID()}`, counts)
    expect(await statuses([forms, demo, forms, demo])).toEqual([200, 200, 429, 429])
  })

  it('starts a fresh window once the last one has run out', async () => {
    const name = `test-${randomUUID()}`
    const url = await instance(1, name, sharedLimitCounts(store.db))
    expect(await statuses([url, url])).toEqual([200, 429])
    await store.db
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `${name}%`))
    expect(await statuses([url, url])).toEqual([200, 429])
  })

  it('counts in each process alone without a shared store (why PostgreSQL needs one)', async () => {
    const a = await instance(1, 'memory')
    const b = await instance(1, 'memory')
    expect(await statuses([a, b, a, b])).toEqual([200, 200, 429, 429])
  })
})
