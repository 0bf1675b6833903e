import type { Router } from 'express'
import { migrateGateway } from './db/migrate.ts'
import type { ApiLimitSettings } from './api/limits.ts'
import { DEFAULT_SETTLEMENT_HOUR } from '#core/settlement/schedule.ts'
import { type SettlementRunner, settlementRunner } from './settlements/runner.ts'
import type { SandboxMerchant } from './merchants.ts'
import type { HashRefusalLessons } from './hash-lesson.ts'
import { merchantDirectory } from './accounts/directory.ts'
import {
  DEFAULT_ACCOUNT_IDLE_DAYS,
  DEFAULT_ACCOUNTS_PER_HOUR,
  DEFAULT_MAX_ACCOUNTS,
} from './accounts/defaults.ts'
import { gatewayRouter } from './router.ts'
import type { SandboxFailure } from './failures.ts'
import type { GatewayDatabase } from './store.ts'
import { confirmLatePayments } from './webhooks/confirm-late.ts'
import { notifyPolicyFor, type PrivateTargets } from './webhooks/addresses.ts'
import type { DeliveryOptions } from './webhooks/deliver.ts'
import { WebhookWorker, type WebhookWorkerOptions } from './webhooks/worker.ts'
import { EventStreamHub } from './webhooks/stream.ts'

export { demoMerchant, demoMerchantDefaults, type SandboxMerchant } from './merchants.ts'
export type { HashRefusalLessons } from './hash-lesson.ts'
export type { GatewayDatabase } from './store.ts'
export type { SandboxFailure } from './failures.ts'
export { DEFAULT_API_LIMITS, type ApiLimitSettings, type LimitCounts } from './api/limits.ts'

export interface WebhookSettings {
  /**
   * Deliver to loopback, private and other special-purpose addresses: `true` always (the
   * operator said so, or tests), `'loopback'` only when the request that named the URL came
   * from this machine's loopback interface (development), `false` never. Default: never.
   */
  allowPrivate?: PrivateTargets
  /** First retry delay; each later one is five times longer (webhooks/schedule.ts). */
  baseDelayMs?: number
  /** How long a merchant's server has to answer (10 s). */
  timeoutMs?: number
  /** Name resolution of every delivery (tests stand in for DNS); the system's by default. */
  resolve?: DeliveryOptions['resolve']
  /** How often due deliveries are looked for, besides the kick when one is queued. */
  pollMs?: number
  /** Told the outcome of each delivery attempt (webhooks/worker.ts). */
  onAttempt?: WebhookWorkerOptions['onAttempt']
  /**
   * Events stored per merchant in any 24 hours (5,000; 0: no cap). Beyond it the payment, refund
   * or payout still goes through and answers as usual, but no event is stored or sent
   * (webhooks/store.ts); a merchant's own `eventsPerDay` wins.
   */
  eventsPerDay?: number
}

export interface SettlementSettings {
  /** The hour (IST, 0–23) at which a working day's settlements are made (11). */
  hour?: number
  /** How often the sandbox looks for settlements due by its clock (60 s). */
  intervalMs?: number
}

export interface AccountSettings {
  /** How many accounts the sandbox holds at most (50,000; 0: no cap). */
  max?: number
  /** Accounts one address may make in an hour (20; 0: no limit, for tests and benchmarks). */
  perHour?: number
  /** Days an unused account is kept (30); the site's retention job removes it with its data. */
  idleDays?: number
}

export interface GatewayOptions {
  /** A drizzle PostgreSQL database (PGlite or node-postgres); the sandbox adds its own tables. */
  db: GatewayDatabase
  /** The merchants the sandbox is configured with (at least the demo merchant). */
  merchants: SandboxMerchant[]
  /**
   * Anyone may make a private sandbox account (`/accounts/new`), a merchant of its own with its
   * own keys, data and limits, accepting the first configured merchant's RETURN_URL origins.
   * Absent: the configured merchants only.
   */
  accounts?: AccountSettings
  /**
   * Others reach this sandbox over the internet (its site is not on localhost): the configured
   * demo merchant's clock, shared by every visitor's demo, cannot be moved by a test run (362,
   * naming the account page). Default: no.
   */
  publicSandbox?: boolean
  /**
   * The gateway's public absolute URL including its mount path (`https://pay.example/sandbox`),
   * written into checkout.js. Unset: each request's own scheme, host and mount path.
   */
  publicUrl?: string
  webhooks?: WebhookSettings
  settlements?: SettlementSettings
  /**
   * Requests a minute the JSON APIs take per address, per merchant and (webhook resends) per
   * merchant, and where they are counted; absent, 120, 600 and 10 counted in memory.
   */
  limits?: ApiLimitSettings
  /** How long late@upi stays Pending before the bank confirms it (30 s). */
  settleDelayMs?: number
  /** The clock that judges card expiry dates and runs the settlements due (tests). */
  now?: () => Date
  log?: (line: string) => void
  /**
   * Told of each request the sandbox failed to answer (its 500): the request's id, method and
   * path and the error, without the request's data (gateway/failures.ts). Unset: one JSON line
   * on stderr.
   */
  logFailure?: (failure: SandboxFailure) => void
  /**
   * A sandbox that teaches: its 323 (Invalid hash) page and JSON answers show the exact text
   * hashed, the salt as `<your salt>`, and link to the site's signature debugger with the fields
   * filled in (gateway/hash-lesson.ts). Unset: a 323 says only its code, as a live gateway does.
   */
  hashRefusalLessons?: HashRefusalLessons
}

export interface Gateway {
  router: Router
  /** The settlement runs (the scheduled ones already started). */
  settlements: SettlementRunner
  /**
   * Stops the webhook worker and the settlement runs; events not yet delivered go out when a
   * sandbox starts again.
   */
  close(): Promise<void>
}

export const DEFAULT_SETTLE_DELAY_MS = 30_000
export const DEFAULT_EVENTS_PER_DAY = 5_000
export const DEFAULT_SETTLEMENT_INTERVAL_MS = 60_000

/**
 * The gateway sandbox as an Express router, mountable anywhere (`/sandbox` on the site, or
 * at the root of a server of its own), and its webhook worker, already running. Applies its
 * migrations (gateway/db/migrate.ts) before answering anything.
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  if (options.merchants.length === 0) throw new Error('The sandbox needs at least one merchant')
  const { db } = options
  await migrateGateway(db)
  const webhooks = options.webhooks ?? {}
  const allowPrivate = webhooks.allowPrivate ?? false
  const eventsPerDay = webhooks.eventsPerDay ?? DEFAULT_EVENTS_PER_DAY
  // Each merchant carries its cap on stored events, so wherever an event is queued knows it; and
  // its default notify URL is the operator's: private only when the operator said so.
  const merchants = options.merchants.map((merchant) => ({
    ...merchant,
    eventsPerDay: merchant.eventsPerDay ?? eventsPerDay,
    notifyUrlAllowsPrivate: merchant.notifyUrlAllowsPrivate ?? allowPrivate === true,
  }))
  const directory = merchantDirectory({
    db,
    configured: merchants,
    accounts: options.accounts && {
      returnOrigins: merchants[0]!.returnOrigins,
      eventsPerDay,
      notifyUrlAllowsPrivate: allowPrivate === true,
    },
  })
  const findMerchant = directory.find
  const worker = new WebhookWorker({
    db,
    findMerchant,
    delivery: { timeoutMs: webhooks.timeoutMs, resolve: webhooks.resolve },
    baseDelayMs: webhooks.baseDelayMs,
    pollMs: webhooks.pollMs,
    onAttempt: webhooks.onAttempt,
    beforePass: () => confirmLatePayments(db, findMerchant),
    log: options.log,
  })
  // An event committed here goes out at once: to its URL, and to this instance's listeners.
  const streams = new EventStreamHub()
  const eventQueued = () => {
    worker.kick()
    streams.wake()
  }
  const settlements = settlementRunner({
    db,
    merchants,
    findMerchant,
    now: options.now ?? (() => new Date()),
    hour: options.settlements?.hour ?? DEFAULT_SETTLEMENT_HOUR,
    intervalMs: options.settlements?.intervalMs ?? DEFAULT_SETTLEMENT_INTERVAL_MS,
    onEventQueued: eventQueued,
    log: options.log,
  })
  const router = gatewayRouter({
    ...options,
    streams,
    webhookBaseDelayMs: webhooks.baseDelayMs,
    streamPollMs: webhooks.pollMs,
    merchants,
    directory,
    accounts: options.accounts && {
      maxAccounts: options.accounts.max ?? DEFAULT_MAX_ACCOUNTS,
      perHour: options.accounts.perHour ?? DEFAULT_ACCOUNTS_PER_HOUR,
      idleDays: options.accounts.idleDays ?? DEFAULT_ACCOUNT_IDLE_DAYS,
      privateWebhooks: allowPrivate !== false,
    },
    notifyPolicy: notifyPolicyFor(allowPrivate),
    settleDelayMs: options.settleDelayMs ?? DEFAULT_SETTLE_DELAY_MS,
    onEventQueued: eventQueued,
    settlements,
    settlementHour: options.settlements?.hour ?? DEFAULT_SETTLEMENT_HOUR,
  })
  worker.start()
  settlements.start()
  return {
    router,
    settlements,
    close: async () => {
      streams.close()
      await settlements.stop()
      await worker.stop()
    },
  }
}
