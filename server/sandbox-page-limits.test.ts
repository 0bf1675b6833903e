/**
 * The sandbox's payment pages' limit per address (SANDBOX_PAGE_RATE_LIMIT) on the site's
 * PostgreSQL store, as several instances run it: each instance with its own pool counts in the
 * one `rate_limits` table (ADR 015, 034, 042), so the fourth payment request of a limit of three
 * is refused whichever instance gets it.
 *
 * PostgreSQL only (CI's data tests); tests/security/page-limits.test.ts shows the same on PGlite.
 */
import express from 'express'
import { sql } from 'drizzle-orm'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchant, postPaymentRequest } from '#tests/support/sandbox-api.ts'
import { createGateway, type Gateway } from '#gateway/index.ts'
import { sharedLimitCounts } from './api/per-ip-limit.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

describe.skipIf(!process.env.DATABASE_URL)(
  'the payment pages’ limit of two sandbox instances on one PostgreSQL (skipped: DATABASE_URL is unset)',
  () => {
    const stores: DataStore[] = []
    const gateways: Gateway[] = []
    const servers: Server[] = []
    const urls: string[] = []

    beforeAll(async () => {
      for (let index = 0; index < 2; index++) {
        const store = await openDatabase(testDatabaseOptions())
        stores.push(store)
        const gateway = await createGateway({
          db: store.db,
          merchants: [merchant],
          limits: { pages: 3, counts: sharedLimitCounts(store.db) },
        })
        gateways.push(gateway)
        const server = express().use('/sandbox', gateway.router).listen(0, '127.0.0.1')
        servers.push(server)
        await new Promise((resolve) => server.once('listening', resolve))
        urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`)
      }
      await stores[0]!.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'sandbox-pages%'`)
    })

    afterAll(async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
      await Promise.all(gateways.map((gateway) => gateway.close()))
      for (const store of stores) await store.close()
    })

    it('refuses the fourth payment request of a limit of three whichever instance gets it', async () => {
      const [a, b] = urls as [string, string]
      const seen: number[] = []
      for (const url of [a, b, a, b]) seen.push((await postPaymentRequest(url)).status)
      expect(seen).toEqual([303, 303, 303, 429])
    })
  },
)
