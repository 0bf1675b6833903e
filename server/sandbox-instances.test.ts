/**
 * The built-in sandbox on the site's database, as several instances run it: each webhook event
 * is delivered once, and each late payment settles once, whichever instance gets there.
 *
 * PostgreSQL only (CI's data tests): each instance has its own pool, so their claims race in
 * separate sessions as they do in production. On PGlite both would share its one session, which
 * runs one statement at a time: the race this test is about could not happen there.
 */
import express from 'express'
import { and, eq } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payByUpi } from '#tests/support/sandbox-api.ts'
import { createGateway, demoMerchant, type Gateway } from '#gateway/index.ts'
import { sandboxWebhookEvents } from '#gateway/webhooks/store.ts'
import { startReceiver, type Receiver } from '#tests/support/webhook-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances of the sandbox on one PostgreSQL (skipped: DATABASE_URL is unset; on PGlite one session would serve both, so they could not race)',
  () => {
    const instances: Array<{ gateway: Gateway; url: string; close(): Promise<void> }> = []
    const stores: DataStore[] = []
    let receiver: Receiver

    beforeAll(async () => {
      receiver = await startReceiver()
      for (let index = 0; index < 2; index++) {
        const store = await openDatabase(testDatabaseOptions())
        stores.push(store)
        const gateway = await createGateway({
          db: store.db,
          merchants: [merchant],
          webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 20 },
          settleDelayMs: 300,
          limits: { pages: 0 },
        })
        const server = express().use('/sandbox', gateway.router).listen(0, '127.0.0.1')
        await new Promise((resolve) => server.once('listening', resolve))
        let closed: Promise<void> | undefined
        instances.push({
          gateway,
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`,
          close: () =>
            (closed ??= (async () => {
              await new Promise((resolve) => server.close(resolve))
              await gateway.close()
            })()),
        })
      }
    })

    afterAll(async () => {
      for (const instance of instances) await instance.close()
      await receiver?.close()
      for (const store of stores) await store.close()
    })

    it('deliver each event once and settle each late payment once', async () => {
      const paid = await Promise.all(
        Array.from({ length: 72 }, (_, index) =>
          payByUpi(instances[index % 2]!.url, '100', index % 3 === 0 ? 'late@upi' : 'success@upi', {
            NOTIFY_URL: receiver.url,
          }),
        ),
      )
      const late = paid.filter((_, index) => index % 3 === 0).length
      const expected = paid.length + late // a late payment sends pending, then captured
      await receiver.waitFor(expected, 15_000)
      // Every event of this test delivered; then both workers stopped, each after its pass in
      // flight: a duplicate on its way has arrived by now.
      await expect
        .poll(
          async () =>
            (
              await stores[0]!.db
                .select({ id: sandboxWebhookEvents.id })
                .from(sandboxWebhookEvents)
                .where(
                  and(
                    eq(sandboxWebhookEvents.notifyUrl, receiver.url),
                    eq(sandboxWebhookEvents.state, 'pending'),
                  ),
                )
            ).length,
          { timeout: 10_000 },
        )
        .toBe(0)
      for (const instance of instances) await instance.close()
      const ids = receiver.received.map((delivery) => delivery.headers['x-paystra-event-id'])
      expect(receiver.received).toHaveLength(expected)
      expect(new Set(ids).size).toBe(expected)
      const captured = receiver.received
        .map(
          (delivery) => JSON.parse(delivery.body) as { type: string; data: { ORDER_ID: string } },
        )
        .filter((event) => event.type === 'payment.captured')
        .map((event) => event.data.ORDER_ID)
        .sort()
      expect(captured).toEqual([...paid].sort())
    }, 30_000)
  },
)
