/**
 * The built-in sandbox on the site's database, as several instances run it: each webhook event
 * is delivered once, and each late payment settles once, whichever instance gets there. Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set (CI's data tests).
 */
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { payByUpi } from '#gateway/api/test-support.ts'
import { createGateway, demoMerchant, type Gateway } from '#gateway/index.ts'
import { startReceiver, type Receiver } from '#gateway/webhooks/test-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
const instances: Array<{ gateway: Gateway; url: string; close(): Promise<void> }> = []
let store: DataStore
let receiver: Receiver

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  receiver = await startReceiver()
  for (let index = 0; index < 2; index++) {
    const gateway = await createGateway({
      db: store.db,
      merchants: [merchant],
      webhooks: { allowPrivate: true, baseDelayMs: 100, pollMs: 20 },
      settleDelayMs: 300,
    })
    const server = express().use('/sandbox', gateway.router).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    instances.push({
      gateway,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`,
      close: async () => {
        await new Promise((resolve) => server.close(resolve))
        await gateway.close()
      },
    })
  }
})

afterAll(async () => {
  for (const instance of instances) await instance.close()
  await receiver?.close()
  await store?.close()
})

it('two instances on one database deliver each event once and settle each late payment once', async () => {
  const paid = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      payByUpi(instances[index % 2]!.url, '100', index % 3 === 0 ? 'late@upi' : 'success@upi', {
        NOTIFY_URL: receiver.url,
      }),
    ),
  )
  const late = paid.filter((_, index) => index % 3 === 0).length
  const expected = paid.length + late // a late payment sends pending, then captured
  await receiver.waitFor(expected, 15_000)
  await new Promise((resolve) => setTimeout(resolve, 800)) // room for a duplicate to show
  const ids = receiver.received.map((delivery) => delivery.headers['x-paystra-event-id'])
  expect(receiver.received).toHaveLength(expected)
  expect(new Set(ids).size).toBe(expected)
  const captured = receiver.received
    .map((delivery) => JSON.parse(delivery.body) as { type: string; data: { ORDER_ID: string } })
    .filter((event) => event.type === 'payment.captured')
    .map((event) => event.data.ORDER_ID)
    .sort()
  expect(captured).toEqual([...paid].sort())
}, 30_000)
