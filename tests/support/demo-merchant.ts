import type { AddressInfo } from 'node:net'
import express from 'express'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { demoPayments, demoWebhookEvents } from '#server/db/schema.ts'
import type { DemoLoadContext } from '#server/demo/context.ts'
import type { DemoMerchantSettings } from '#server/demo/merchant.ts'
import type { DemoReconciler, ReconcilerTiming } from '#server/demo/reconciler.ts'
import { demoMerchant } from '#server/demo/router.ts'
import { testDatabaseOptions } from './database.ts'

/** The sandbox's demo merchant, with the defaults of server/config.ts. */
export const sandboxMerchant: DemoMerchantSettings = {
  payId: '1000000000000001',
  salt: 'a1b2c3d4e5f60718',
  merchantHostedKey: '034A0B731C8AE0736BD8D47D1B3017B3',
  webhookSecret: 'wh_demo_7c1e4b9a2f6d8035',
  gatewayBase: '/sandbox',
}

export interface DemoTestApp {
  baseUrl: string
  store: DataStore
  context: DemoLoadContext
  /** What the demo merchant logged. */
  logs: string[]
  /** Present with `gatewayApiBase`. */
  reconciler?: DemoReconciler
  reset(): Promise<void>
  close(): Promise<void>
}

/** The demo merchant's routes on a real HTTP port and a real database. */
export async function startDemoApp(
  options: {
    siteUrl?: string
    rateLimitPerMinute?: number
    /** The merchant's settings; the sandbox's demo merchant by default. */
    settings?: Partial<DemoMerchantSettings>
    /** With it the reconciler runs against this gateway. */
    gatewayApiBase?: string
    reconcile?: Partial<ReconcilerTiming>
    /** A database to share (several instances); each app opens its own otherwise. */
    store?: DataStore
  } = {},
): Promise<DemoTestApp> {
  const store = options.store ?? (await openDatabase(testDatabaseOptions()))
  const logs: string[] = []
  // The app listens first, so that RETURN_URL and NOTIFY_URL can name its own address, as a
  // site's configuration does.
  const app = express()
  app.set('trust proxy', 'loopback')
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const demo = demoMerchant({
    db: store.db,
    settings: { ...sandboxMerchant, ...options.settings },
    siteUrl: options.siteUrl ?? `http://127.0.0.1:${port}`,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    gatewayApiBase: options.gatewayApiBase,
    reconcile: options.reconcile,
    log: (line) => logs.push(line),
  })
  app.use(demo.router)
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    store,
    context: demo.context,
    logs,
    reconciler: demo.reconciler,
    async reset() {
      await store.db.delete(demoPayments)
      await store.db.delete(demoWebhookEvents)
      logs.length = 0
    },
    async close() {
      await demo.stop()
      await new Promise((resolve) => server.close(resolve))
      if (!options.store) await store.close()
    },
  }
}
