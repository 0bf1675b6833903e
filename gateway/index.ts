import type { Router } from 'express'
import { ensurePayoutTable } from './api/payout-store.ts'
import { ensureRefundTable } from './api/refund-store.ts'
import type { SandboxMerchant } from './merchants.ts'
import { gatewayRouter } from './router.ts'
import { ensureTables, type GatewayDatabase } from './store.ts'

export { demoMerchant, demoMerchantDefaults, type SandboxMerchant } from './merchants.ts'
export type { GatewayDatabase } from './store.ts'

export interface GatewayOptions {
  /** A drizzle PostgreSQL database (PGlite or node-postgres); the sandbox adds its own table. */
  db: GatewayDatabase
  /** The merchants the sandbox knows (at least the demo merchant). */
  merchants: SandboxMerchant[]
  /**
   * The gateway's public absolute URL including its mount path (`https://pay.example/sandbox`),
   * written into checkout.js. Unset: each request's own scheme, host and mount path.
   */
  publicUrl?: string
  /** The clock used to judge card expiry dates (tests). */
  now?: () => Date
  log?: (line: string) => void
}

/**
 * The gateway sandbox as an Express router, mountable anywhere (`/sandbox` on the site, or
 * at the root of a server of its own). Creates its table before answering anything.
 */
export async function createGateway(options: GatewayOptions): Promise<Router> {
  if (options.merchants.length === 0) throw new Error('The sandbox needs at least one merchant')
  await ensureTables(options.db)
  await ensureRefundTable(options.db)
  await ensurePayoutTable(options.db)
  return gatewayRouter(options)
}
