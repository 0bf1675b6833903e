/**
 * One pruning pass: deletes what the website no longer needs to keep (see
 * app/content/legal/retention.ts and docs/decisions/016-retention-and-erasure.md), in small
 * batches so no table is locked for long, and answers how many rows of each kind went.
 */
import { type SQL, sql } from 'drizzle-orm'
import { unclaimedBatch } from '#jobs/durable-queue.ts'
import { rowsOf, textArray } from '#jobs/sql-rows.ts'
import type { Database, DataStore } from '#server/db/database.ts'
import { idleAccounts, removeAccounts } from '#gateway/accounts/store.ts'
import { finalStates } from '#core/recurring/rules.ts'
import type { RetentionPeriods } from './periods.ts'

export interface PruneCounts {
  /** Outbox rows (with the mail's body) delivered longer ago than the mail period. */
  deliveredMail: number
  /** Outbox rows given up on whose last attempt is older than the mail period. */
  deadMail: number
  contactMessages: number
  /** Job applications with their resumes. */
  jobApplications: number
  demoPayments: number
  demoWebhookEvents: number
  sandboxTransactions: number
  sandboxRefunds: number
  sandboxPayouts: number
  sandboxWebhookEvents: number
  sandboxWebhookAttempts: number
  sandboxSettlements: number
  sandboxDisputes: number
  /** Payment links: they name the customer. */
  sandboxPaylinks: number
  sandboxVirtualAccounts: number
  sandboxVaCredits: number
  /** Charges for links, virtual accounts and mandates (settled the next working day). */
  sandboxCharges: number
  /** Subscriptions: they name the customer and the instrument registered. */
  sandboxSubscriptions: number
  /** Each attempt of a subscription's debit, with its notice. */
  sandboxSubscriptionDebits: number
  /** Sandbox accounts unused for their period, each with everything of its own. */
  sandboxAccounts: number
}

export interface PruneResult {
  counts: PruneCounts
  /** Rows deleted, all kinds together. */
  total: number
  /** Whether PGlite was vacuumed afterwards (only when something was deleted). */
  vacuumed: boolean
}

export interface PruneOptions {
  /** The time the periods count back from; now by default. */
  now?: Date
  /** Stops between batches (the server is shutting down); what was deleted stays deleted. */
  signal?: AbortSignal
  /** Rows deleted per statement. */
  batchSize?: number
}

/** What each count is called in a log line or the script's report: singular, plural. */
export const pruneLabels: Record<keyof PruneCounts, [string, string]> = {
  deliveredMail: ['delivered mail', 'delivered mails'],
  deadMail: ['dead mail', 'dead mails'],
  contactMessages: ['contact message', 'contact messages'],
  jobApplications: ['job application', 'job applications'],
  demoPayments: ['demo order', 'demo orders'],
  demoWebhookEvents: ['demo webhook event', 'demo webhook events'],
  sandboxTransactions: ['sandbox transaction', 'sandbox transactions'],
  sandboxRefunds: ['sandbox refund', 'sandbox refunds'],
  sandboxPayouts: ['sandbox payout', 'sandbox payouts'],
  sandboxWebhookEvents: ['sandbox webhook event', 'sandbox webhook events'],
  sandboxWebhookAttempts: ['sandbox webhook attempt', 'sandbox webhook attempts'],
  sandboxSettlements: ['sandbox settlement', 'sandbox settlements'],
  sandboxDisputes: ['sandbox dispute', 'sandbox disputes'],
  sandboxPaylinks: ['sandbox payment link', 'sandbox payment links'],
  sandboxVirtualAccounts: ['sandbox virtual account', 'sandbox virtual accounts'],
  sandboxVaCredits: ['sandbox virtual account credit', 'sandbox virtual account credits'],
  sandboxCharges: ['sandbox charge', 'sandbox charges'],
  sandboxSubscriptions: ['sandbox subscription', 'sandbox subscriptions'],
  sandboxSubscriptionDebits: ['sandbox subscription debit', 'sandbox subscription debits'],
  sandboxAccounts: ['sandbox account', 'sandbox accounts'],
}

/** "3 delivered mails, 1 job application", the kinds with nothing deleted left out. */
export function describeCounts(counts: PruneCounts): string {
  const parts = (Object.keys(pruneLabels) as (keyof PruneCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${pruneLabels[kind][counts[kind] === 1 ? 0 : 1]}`)
  return parts.length > 0 ? parts.join(', ') : 'nothing'
}

const DAY_MS = 24 * 60 * 60 * 1000

export async function prune(
  store: Pick<DataStore, 'db' | 'kind'>,
  periods: RetentionPeriods,
  options: PruneOptions = {},
): Promise<PruneResult> {
  const { db } = store
  const now = options.now ?? new Date()
  // Passed as text and cast: both drivers send it the same way.
  const before = (days: number) =>
    sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`
  const mailCutoff = before(periods.mailDays)
  const applicationCutoff = before(periods.jobApplicationDays)
  const contactCutoff = before(periods.contactMessageDays)
  const demoCutoff = before(periods.demoDays)
  const batch = options.batchSize ?? 500
  const stopped = () => options.signal?.aborted === true

  /** Deletes, a batch at a time, the rows of `table` whose key `select` lists. */
  const drain = async (table: string, key: string, select: SQL): Promise<number> => {
    let total = 0
    while (!stopped()) {
      const deleted = await count(
        db,
        sql`with gone as (
          delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (${select} limit ${batch})
          returning 1
        ) select count(*)::int as n from gone`,
      )
      total += deleted
      if (deleted < batch) break
    }
    return total
  }

  /** A sandbox table's rows older than the demo period. */
  const drainSandbox = (table: string): Promise<number> =>
    drain(
      table,
      'id',
      sql`select id from ${sql.identifier(table)} where created_at < ${demoCutoff}`,
    )

  const counts: PruneCounts = {
    deliveredMail: await drain(
      'outbox',
      'id',
      sql`select id from outbox where status = 'delivered' and delivered_at < ${mailCutoff}`,
    ),
    // A dead mail is as personal as a delivered one. Its last attempt set next_attempt_at (to
    // that attempt plus a retry delay), and `npm run outbox -- --retry` sets it anew, so the
    // operator has the mail period from the last attempt to look at it and send it again.
    deadMail: await drain(
      'outbox',
      'id',
      sql`select id from outbox
        where status = 'dead' and greatest(created_at, next_attempt_at) < ${mailCutoff}`,
    ),
    contactMessages: await drain(
      'contact_messages',
      'id',
      sql`select id from contact_messages where created_at < ${contactCutoff}`,
    ),
    // An application stays while a mail that attaches its resume is not delivered (pending,
    // being sent, or dead and waiting for a retry): accepted data is never lost. Such a mail is
    // delivered or pruned itself in time, and the application follows on a later pass.
    jobApplications: await drain(
      'job_applications',
      'id',
      sql`select a.id from job_applications a
        where a.created_at < ${applicationCutoff}
          and not exists (
            select 1 from outbox o
            where o.status <> 'delivered' and o.mail ->> 'attachResumeOf' = a.id::text
          )`,
    ),
    demoPayments: await drain(
      'demo_payments',
      'id',
      sql`select id from demo_payments where created_at < ${demoCutoff}`,
    ),
    demoWebhookEvents: await drain(
      'demo_webhook_events',
      'event_id',
      sql`select event_id from demo_webhook_events where received_at < ${demoCutoff}`,
    ),
    sandboxTransactions: await drainSandbox('sandbox_transactions'),
    sandboxRefunds: await drainSandbox('sandbox_refunds'),
    sandboxPayouts: await drainSandbox('sandbox_payouts'),
    sandboxWebhookEvents: 0,
    sandboxWebhookAttempts: 0,
    sandboxSettlements: 0,
    // A dispute's evidence may name the customer. It goes after the period once nothing about it
    // is still to come: decided, and a won one's hold released to the merchant.
    sandboxDisputes: await drain(
      'sandbox_disputes',
      'id',
      sql`select id from sandbox_disputes
        where created_at < ${demoCutoff} and decided_at is not null
          and not (status = 'WON' and release_settlement_id is null)`,
    ),
    // A link names its customer: it goes after the period whatever its state.
    sandboxPaylinks: await drainSandbox('sandbox_paylinks'),
    sandboxVaCredits: await drainSandbox('sandbox_va_credits'),
    // An account goes once it is older than the period and no credit into it is still kept.
    sandboxVirtualAccounts: await drain(
      'sandbox_virtual_accounts',
      'id',
      sql`select v.id from sandbox_virtual_accounts v
        where v.created_at < ${demoCutoff}
          and not exists (select 1 from sandbox_va_credits c where c.va_id = v.id)`,
    ),
    sandboxCharges: await drainSandbox('sandbox_charges'),
    sandboxSubscriptions: 0,
    sandboxSubscriptionDebits: 0,
    sandboxAccounts: 0,
  }

  // A subscription goes with its debits once it has ended (completed, cancelled or failed) longer
  // ago than the period. One still running, paused or halted stays, however old: its debits are
  // still to come, or it can be resumed.
  while (!stopped()) {
    const [result] = await rowsOf<{ subscriptions: number; debits: number }>(
      db,
      sql`
      with doomed as (${unclaimedBatch(
        'sandbox_subscriptions',
        'id',
        sql`status = any(${textArray(finalStates)}) and ended_at < ${demoCutoff}`,
        batch,
      )}),
      debits as (
        delete from sandbox_subscription_debits where subscription_id in (select id from doomed)
        returning 1
      ),
      subscriptions as (
        delete from sandbox_subscriptions where id in (select id from doomed) returning 1
      )
      select (select count(*)::int from subscriptions) as subscriptions,
        (select count(*)::int from debits) as debits
    `,
    )
    const subscriptions = Number(result?.subscriptions ?? 0)
    counts.sandboxSubscriptions += subscriptions
    counts.sandboxSubscriptionDebits += Number(result?.debits ?? 0)
    if (subscriptions < batch) break
  }

  // An event older than the period goes with its attempts, unless it is still pending and its
  // next attempt falls inside the period: it is in its retry schedule (about 32 hours with
  // the default delays, longer after a resend) and is kept until that ends delivered or
  // failed. A pending event whose next attempt is itself older than the period is one no
  // worker will deliver (the sandbox no longer runs here) and goes.
  while (!stopped()) {
    const [result] = await rowsOf<{ events: number; attempts: number }>(
      db,
      sql`
      with doomed as (${unclaimedBatch(
        'sandbox_webhook_events',
        'id',
        sql`created_at < ${demoCutoff}
          and (state <> 'pending' or next_attempt_at < ${demoCutoff})`,
        batch,
      )}),
      attempts as (
        delete from sandbox_webhook_attempts where event_id in (select id from doomed)
        returning 1
      ),
      events as (
        delete from sandbox_webhook_events where id in (select id from doomed) returning 1
      )
      select (select count(*)::int from events) as events,
        (select count(*)::int from attempts) as attempts
    `,
    )
    const events = Number(result?.events ?? 0)
    counts.sandboxWebhookEvents += events
    counts.sandboxWebhookAttempts += Number(result?.attempts ?? 0)
    if (events < batch) break
  }

  // A settlement older than the period goes with its lines (the payments they name are gone
  // by now), except one carried forward whose balance no later settlement has taken over yet:
  // that balance is still owed to the merchant.
  while (!stopped()) {
    const gone = await count(
      db,
      sql`with doomed as (${unclaimedBatch(
        'sandbox_settlements',
        'id',
        sql`created_at < ${demoCutoff}
          and not (status = 'CARRIED_FORWARD' and carried_into is null)`,
        batch,
      )}),
      lines as (
        delete from sandbox_settlement_lines where settlement_id in (select id from doomed)
      ),
      settlements as (
        delete from sandbox_settlements where id in (select id from doomed) returning 1
      )
      select count(*)::int as n from settlements`,
    )
    counts.sandboxSettlements += gone
    if (gone < batch) break
  }

  // An account unused for its period goes whole: its keys, and every row of its own that the
  // demo period has not already taken, whatever state it is in (no one is left to answer it).
  const accountCutoff = new Date(now.getTime() - periods.sandboxAccountDays * DAY_MS)
  while (!stopped()) {
    const idle = await idleAccounts(db, accountCutoff, batch)
    if (idle.length === 0) break
    const removed = await removeAccounts(db, idle)
    counts.sandboxAccounts += removed.accounts
    counts.sandboxTransactions += removed.transactions
    counts.sandboxRefunds += removed.refunds
    counts.sandboxPayouts += removed.payouts
    counts.sandboxDisputes += removed.disputes
    counts.sandboxWebhookEvents += removed.webhookEvents
    counts.sandboxSettlements += removed.settlements
    counts.sandboxPaylinks += removed.paylinks
    counts.sandboxVirtualAccounts += removed.virtualAccounts
    counts.sandboxVaCredits += removed.vaCredits
    counts.sandboxCharges += removed.charges
    counts.sandboxSubscriptions += removed.subscriptions
    counts.sandboxSubscriptionDebits += removed.subscriptionDebits
    if (idle.length < batch) break
  }

  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  // PGlite's files only shrink, and its space is only reused, once it is vacuumed.
  const vacuumed = store.kind === 'pglite' && total > 0 && !stopped()
  if (vacuumed) await db.execute(sql`vacuum`)
  return { counts, total, vacuumed }
}

async function count(db: Database, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query)
  return Number(row?.n ?? 0)
}
