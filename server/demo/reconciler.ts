/**
 * The reconciler: every half minute it asks the gateway's status enquiry about demo orders that
 * are still open (created or pending) a few minutes after they were made, and settles them with
 * the verified answer, forward only. It catches what both the browser's return and the webhook
 * missed: a tab closed on the bank page, a NOTIFY_URL the gateway could not reach.
 *
 * Several instances of the site may share one database; a PostgreSQL advisory lock lets one of
 * them reconcile at a time (the others skip that run): jobs/scheduled-under-lock.ts.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import { advisoryLockKeys } from '#jobs/advisory-lock.ts'
import { type ScheduledUnderLock, scheduleUnderLock } from '#jobs/scheduled-under-lock.ts'
import type { Database } from '#server/db/database.ts'
import type { DemoMerchantSettings } from './merchant.ts'
import { dueOpenOrders, markChecked, settleOrder } from './store.ts'

export interface ReconcilerTiming {
  /** Between the end of one run and the start of the next. */
  intervalMs: number
  /** An order younger than this is left to the browser and the webhook. */
  minAgeMs: number
  /** An order older than this is given up on (abandoned before it reached the gateway). */
  maxAgeMs: number
  /** An order asked about is not asked again for this long, nor for a quarter of its age. */
  recheckMs: number
  /** Orders asked about per run. */
  batchSize: number
  /** One status enquiry's time limit. */
  requestTimeoutMs: number
}

export const defaultReconcilerTiming: ReconcilerTiming = {
  intervalMs: 30_000,
  minAgeMs: 3 * 60_000,
  maxAgeMs: 24 * 60 * 60_000,
  recheckMs: 2 * 60_000,
  batchSize: 20,
  requestTimeoutMs: 10_000,
}

export interface ReconcilerOptions {
  db: Database
  settings: DemoMerchantSettings
  /** The gateway's absolute base, e.g. `https://pg.example/…` or `http://127.0.0.1:3000/sandbox`. */
  gatewayApiBase: string
  timing?: Partial<ReconcilerTiming>
  clock?: () => number
  log?: (line: string) => void
}

/** What one run did: skipped (another instance holds the lock), or how many orders it asked and moved. */
export type ReconcileRun = { ran: false } | { ran: true; asked: number; moved: number }

/** Key of the advisory lock (all the keys are in jobs/advisory-lock.ts). */
export const RECONCILER_LOCK_KEY = advisoryLockKeys.reconciler

export class DemoReconciler {
  private readonly timing: ReconcilerTiming
  private readonly clock: () => number
  private readonly job: ScheduledUnderLock<ReconcileRun>

  constructor(private readonly options: ReconcilerOptions) {
    this.timing = { ...defaultReconcilerTiming, ...options.timing }
    this.clock = options.clock ?? Date.now
    this.job = scheduleUnderLock({
      name: 'demo reconciler',
      db: options.db,
      lockKey: RECONCILER_LOCK_KEY,
      run: (signal) => this.reconcile(signal),
      intervalMs: this.timing.intervalMs,
      log: options.log,
    })
  }

  /** Runs every `intervalMs` until `stop()` (jobs/scheduled-under-lock.ts). */
  start(): void {
    this.job.start()
  }

  /** No run after this; cancels the enquiries in flight and waits for the run to end. */
  stop(): Promise<void> {
    return this.job.stop()
  }

  /** One run, if no other instance is running one. */
  runOnce(): Promise<ReconcileRun> {
    return this.job.runOnce()
  }

  private async reconcile(
    signal: AbortSignal,
  ): Promise<{ ran: true; asked: number; moved: number }> {
    const { db, log } = this.options
    const now = this.clock()
    const due = await dueOpenOrders(db, {
      now: new Date(now),
      createdBefore: new Date(now - this.timing.minAgeMs),
      createdAfter: new Date(now - this.timing.maxAgeMs),
      recheckMs: this.timing.recheckMs,
      limit: this.timing.batchSize,
    })
    let asked = 0
    let moved = 0
    for (const order of due) {
      if (signal.aborted) break
      await markChecked(db, order.id, new Date(this.clock()))
      const answer = await this.enquire(order.orderId, signal)
      asked++
      if (!answer.ok) {
        // An order abandoned before payment (328) or still open (006) is normal: said once.
        if (!answer.quiet || order.checkedAt === null) {
          log?.(`demo reconciler: ${order.orderId} not settled: ${answer.reason}`)
        }
        // The gateway is unreachable: the rest of the batch would fail the same way.
        if (answer.reason === 'unreachable') break
        continue
      }
      const settlement = await settleOrder(db, answer.fields)
      if (!settlement.ok) {
        log?.(`demo reconciler: ${order.orderId} not settled: ${settlement.reason}`)
      } else if (settlement.changed) {
        moved++
        log?.(`demo reconciler: ${order.orderId} ${order.outcome} → ${settlement.payment.outcome}`)
      }
    }
    return { ran: true, asked, moved }
  }

  /** The status enquiry for one order, its answer's HASH verified. */
  private async enquire(
    orderId: string,
    signal: AbortSignal,
  ): Promise<{ ok: true; fields: Fields } | { ok: false; reason: string; quiet?: boolean }> {
    const { settings } = this.options
    const request = withHash(
      { PAY_ID: settings.payId, ORDER_ID: orderId, TXNTYPE: 'STATUS' },
      settings.salt,
    )
    let body: unknown
    try {
      const response = await fetch(
        `${this.options.gatewayApiBase.replace(/\/+$/, '')}/pgws/transact`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(request),
          redirect: 'error',
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.timing.requestTimeoutMs)]),
        },
      )
      body = await response.json()
    } catch {
      return { ok: false, reason: signal.aborted ? 'stopped' : 'unreachable' }
    }
    if (!isFields(body)) return { ok: false, reason: 'malformed' }
    if (!verifyHash(body, settings.salt)) return { ok: false, reason: 'hash' }
    if (body.PAY_ID !== settings.payId || body.ORDER_ID !== orderId) {
      return { ok: false, reason: 'another order' }
    }
    // The enquiry's own refusals (TXNTYPE STATUS: 328 never seen, 321, 323…) and a payment
    // still open (006) say nothing about the payment's outcome: the order stays as it is.
    if (body.TXNTYPE !== 'SALE') {
      const code = body.RESPONSE_CODE ?? '?'
      return { ok: false, reason: `answer ${code}`, quiet: code === '328' }
    }
    if (body.RESPONSE_CODE === '006') return { ok: false, reason: 'still open (006)', quiet: true }
    return { ok: true, fields: body }
  }
}

function isFields(value: unknown): value is Fields {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((field) => typeof field === 'string')
  )
}
