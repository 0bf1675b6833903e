import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { rowsOf } from '#jobs/sql-rows.ts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { advisoryLockKeys, withAdvisoryLock } from '#jobs/advisory-lock.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import {
  contactMessages,
  demoPayments,
  demoWebhookEvents,
  jobApplications,
  type MailDraft,
  outbox,
  type OutboxStatus,
} from '#server/db/schema.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { defaultRetentionPeriods } from './periods.ts'
import { describeCounts, prune } from './prune.ts'
import { runPrunePass, startPruning } from './runner.ts'

/**
 * Pruning against PGlite and, with DATABASE_URL, PostgreSQL. The passes count back from a
 * clock in the year 2001 and every row here is made before 2002, so a shared database's other
 * rows (all made since) are never old enough to be touched, and the counts are exact.
 */

const NOW = new Date('2001-06-01T00:00:00Z')
const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60 * 1000
const periods = defaultRetentionPeriods
/** `days` before NOW, moved by `offsetMs` (negative: older). */
const ago = (days: number, offsetMs = 0) => new Date(NOW.getTime() - days * DAY + offsetMs)
const justOlder = (days: number) => ago(days, -MINUTE)
const justNewer = (days: number) => ago(days, MINUTE)
const LONG_AGO = new Date('2000-01-01T00:00:00Z')

let store: DataStore

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
})
afterAll(() => store?.close())

/** Removes what these tests made: everything dated before 2002. */
afterEach(async () => {
  const before = sql`'2002-01-01'::timestamptz`
  const run = (query: ReturnType<typeof sql>) => store.db.execute(query)
  await run(sql`delete from outbox where created_at < ${before}`)
  await run(sql`delete from contact_messages where created_at < ${before}`)
  await run(sql`delete from job_applications where created_at < ${before}`)
  await run(sql`delete from demo_payments where created_at < ${before}`)
  await run(sql`delete from demo_webhook_events where received_at < ${before}`)
  await run(sql`delete from sandbox_transactions where created_at < ${before}`)
  await run(sql`delete from sandbox_refunds where created_at < ${before}`)
  await run(sql`delete from sandbox_payouts where created_at < ${before}`)
  await run(sql`delete from sandbox_webhook_events where created_at < ${before}`)
  await run(sql`delete from sandbox_settlement_lines where settlement_id like 'setl_prune%'`)
  await run(sql`delete from sandbox_settlements where id like 'setl_prune%'`)
  await run(sql`delete from sandbox_subscription_debits where subscription_id in
    (select id from sandbox_subscriptions where created_at < ${before})`)
  await run(sql`delete from sandbox_subscriptions where created_at < ${before}`)
})

const draft = (extra: Partial<MailDraft> = {}): MailDraft => ({
  from: 'site@paystra.example',
  to: 'contact@paystra.example',
  replyTo: 'Asha <asha@example.com>',
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
  ...extra,
})

async function addMail(
  status: OutboxStatus,
  times: { createdAt: Date; deliveredAt?: Date; nextAttemptAt?: Date },
  mail: MailDraft = draft(),
): Promise<number> {
  const [row] = await store.db
    .insert(outbox)
    .values({
      kind: mail.attachResumeOf ? 'career' : 'contact',
      mail,
      status,
      createdAt: times.createdAt,
      deliveredAt: times.deliveredAt ?? null,
      nextAttemptAt: times.nextAttemptAt ?? times.createdAt,
    })
    .returning({ id: outbox.id })
  return row!.id
}

async function addContact(createdAt: Date): Promise<string> {
  const [row] = await store.db
    .insert(contactMessages)
    .values({
      name: 'Asha',
      company: 'Asha Traders',
      phone: '9876543210',
      email: 'asha@example.com',
      subject: 'Pricing',
      message: 'Hello',
      createdAt,
    })
    .returning({ id: contactMessages.id })
  return row!.id
}

async function addApplication(createdAt: Date): Promise<string> {
  const [row] = await store.db
    .insert(jobApplications)
    .values({
      name: 'Asha',
      phone: '9876543210',
      email: 'asha@example.com',
      subject: 'Application',
      message: 'Hello',
      resumeFileName: 'resume.pdf',
      resumeContentType: 'application/pdf',
      resumeSize: 4,
      resume: Buffer.from('%PDF'),
      createdAt,
    })
    .returning({ id: jobApplications.id })
  return row!.id
}

async function ids(table: string, key = 'id'): Promise<string[]> {
  const result = await rowsOf<{ id: string }>(
    store.db,
    sql`select ${sql.identifier(key)}::text as id from ${sql.identifier(table)}
      where created_at < '2002-01-01'`,
  )
  return result.map((row) => row.id).sort()
}

async function outboxIds(): Promise<number[]> {
  return (await ids('outbox')).map(Number).sort((a, b) => a - b)
}

describe('prune', () => {
  it('deletes delivered mail delivered longer ago than the mail period, and only that', async () => {
    const old = await addMail('delivered', {
      createdAt: LONG_AGO,
      deliveredAt: justOlder(periods.mailDays),
    })
    const recent = await addMail('delivered', {
      createdAt: LONG_AGO,
      deliveredAt: justNewer(periods.mailDays),
    })
    const pending = await addMail('pending', { createdAt: LONG_AGO })
    const sending = await addMail('sending', { createdAt: LONG_AGO })

    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.deliveredMail).toBe(1)
    expect(result.total).toBe(1)
    expect(await outboxIds()).toEqual([recent, pending, sending].sort((a, b) => a - b))
    expect(old).not.toBe(recent)
  })

  it('deletes dead mail whose last attempt is older than the mail period', async () => {
    // The last failed attempt set next_attempt_at; a retry by the operator sets it anew.
    const old = await addMail('dead', {
      createdAt: LONG_AGO,
      nextAttemptAt: justOlder(periods.mailDays),
    })
    const retriedLately = await addMail('dead', {
      createdAt: LONG_AGO,
      nextAttemptAt: justNewer(periods.mailDays),
    })
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.deadMail).toBe(1)
    expect(await outboxIds()).toEqual([retriedLately])
    expect(old).toBeLessThan(retriedLately)
  })

  it('deletes contact messages older than their period', async () => {
    await addContact(justOlder(periods.contactMessageDays))
    const recent = await addContact(justNewer(periods.contactMessageDays))
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.contactMessages).toBe(1)
    expect(await ids('contact_messages')).toEqual([recent])
  })

  it('deletes job applications and their resumes older than their period', async () => {
    await addApplication(justOlder(periods.jobApplicationDays))
    const recent = await addApplication(justNewer(periods.jobApplicationDays))
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.jobApplications).toBe(1)
    expect(await ids('job_applications')).toEqual([recent])
  })

  it('keeps an old application while its mail is not delivered, and deletes it once it is', async () => {
    const created = justOlder(periods.jobApplicationDays)
    const waiting = new Map<OutboxStatus, string>()
    for (const status of ['pending', 'sending', 'dead'] as const) {
      const id = await addApplication(created)
      // Recent attempts: the mail itself is not old enough to be pruned.
      await addMail(
        status,
        { createdAt: created, nextAttemptAt: ago(1) },
        draft({ attachResumeOf: id }),
      )
      waiting.set(status, id)
    }
    const delivered = await addApplication(created)
    await addMail(
      'delivered',
      { createdAt: created, deliveredAt: ago(1) },
      draft({ attachResumeOf: delivered }),
    )

    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.jobApplications).toBe(1)
    expect(await ids('job_applications')).toEqual([...waiting.values()].sort())

    await store.db
      .execute(sql`update outbox set status = 'delivered', delivered_at = ${ago(1).toISOString()}::timestamptz
      where created_at < '2002-01-01'`)
    expect((await prune(store, periods, { now: NOW })).counts.jobApplications).toBe(3)
    expect(await ids('job_applications')).toEqual([])
  })

  it('deletes demo orders and the demo merchant’s webhook events older than the demo period', async () => {
    const order = (createdAt: Date) => ({
      orderId: `retention-${randomUUID()}`,
      flow: 'hosted' as const,
      amount: 100,
      createdAt,
    })
    await store.db.insert(demoPayments).values(order(justOlder(periods.demoDays)))
    const [recent] = await store.db
      .insert(demoPayments)
      .values(order(justNewer(periods.demoDays)))
      .returning({ id: demoPayments.id })
    const oldEvent = `evt_retention_${randomUUID()}`
    const newEvent = `evt_retention_${randomUUID()}`
    await store.db.insert(demoWebhookEvents).values([
      { eventId: oldEvent, type: 'payment.captured', receivedAt: justOlder(periods.demoDays) },
      { eventId: newEvent, type: 'payment.captured', receivedAt: justNewer(periods.demoDays) },
    ])

    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.demoPayments).toBe(1)
    expect(result.counts.demoWebhookEvents).toBe(1)
    expect(await ids('demo_payments')).toEqual([recent!.id])
    const events = await rowsOf<{ event_id: string }>(
      store.db,
      sql`select event_id from demo_webhook_events where event_id in (${oldEvent}, ${newEvent})`,
    )
    expect(events.map((row) => row.event_id)).toEqual([newEvent])
  })

  it('deletes sandbox transactions, refunds and payouts older than the demo period', async () => {
    const old = justOlder(periods.demoDays)
    const recent = justNewer(periods.demoDays)
    for (const [id, at] of [
      [`old-${randomUUID()}`, old],
      [`new-${randomUUID()}`, recent],
    ] as const) {
      const at_ = at.toISOString()
      await store.db.execute(sql`insert into sandbox_transactions
        (id, txn_id, pg_ref_num, pay_id, order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, created_at)
        values (${id}, ${id}, ${id}, '1000000000000001', ${id}, 100, 100, '356', 'SALE', '', 'hosted', ${at_}::timestamptz)`)
      await store.db.execute(sql`insert into sandbox_refunds
        (id, txn_id, pay_id, refund_order_id, payment_id, order_id, amount, inr_amount, currency_code, created_at)
        values (${id}, ${id}, '1000000000000001', ${id}, ${id}, ${id}, 100, 100, '356', ${at_}::timestamptz)`)
      await store.db.execute(sql`insert into sandbox_payouts
        (id, txn_id, pay_id, payout_id, amount, currency_code, transfer_mode, beneficiary_name, response_code, created_at)
        values (${id}, ${id}, '1000000000000001', ${id}, 100, '356', 'IMPS', 'Asha', '000', ${at_}::timestamptz)`)
    }
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts).toMatchObject({
      sandboxTransactions: 1,
      sandboxRefunds: 1,
      sandboxPayouts: 1,
    })
    for (const table of ['sandbox_transactions', 'sandbox_refunds', 'sandbox_payouts']) {
      expect(await ids(table)).toEqual([expect.stringMatching(/^new-/)])
    }
  })

  it('deletes payment links, credits and charges older than the demo period, and a virtual account once none of its credits is kept', async () => {
    const old = justOlder(periods.demoDays).toISOString()
    const recent = justNewer(periods.demoDays).toISOString()
    const link = (id: string, at: string) =>
      store.db.execute(sql`insert into sandbox_paylinks (id, code, short_url, pay_id, amount,
          currency_code, description, cust_email, status, created_at)
        values (${id}, ${id}, ${`https://pay.example/l/${id}`}, '1000000000000001', 100, '356',
          'Invoice', 'asha@example.com', 'CREATED', ${at}::timestamptz)`)
    const account = (id: string, at: string) =>
      store.db.execute(sql`insert into sandbox_virtual_accounts (id, pay_id, cust_name,
          account_number, status, created_at)
        values (${id}, '1000000000000001', 'Asha', ${id}, 'ACTIVE', ${at}::timestamptz)`)
    const credit = (id: string, vaId: string, at: string) =>
      store.db.execute(sql`insert into sandbox_va_credits (id, pay_id, va_id, amount, mode,
          payer_name, utr, status, created_at, settlement_id)
        values (${id}, '1000000000000001', ${vaId}, 100, 'IMPS', 'Ravi', '123456789012',
          'CREDITED', ${at}::timestamptz, 'setl_x')`)
    const charge = (id: string, at: string) =>
      store.db.execute(sql`insert into sandbox_charges (id, pay_id, kind, source_id, reference,
          created_at, settlement_id)
        values (${id}, '1000000000000001', 'paylink', ${id}, ${id}, ${at}::timestamptz, 'setl_x')`)
    await link('old-link', old)
    await link('new-link', recent)
    // An old account with only old credits goes; an old one still credited lately stays.
    await account('old-quiet', old)
    await credit('old-credit', 'old-quiet', old)
    await account('old-busy', old)
    await credit('new-credit', 'old-busy', recent)
    await charge('old-charge', old)
    await charge('new-charge', recent)
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts).toMatchObject({
      sandboxPaylinks: 1,
      sandboxVaCredits: 1,
      sandboxVirtualAccounts: 1,
      sandboxCharges: 1,
    })
    expect(await ids('sandbox_paylinks')).toEqual(['new-link'])
    expect(await ids('sandbox_virtual_accounts')).toEqual(['old-busy'])
    expect(await ids('sandbox_va_credits')).toEqual(['new-credit'])
    expect(await ids('sandbox_charges')).toEqual(['new-charge'])
  })

  it('deletes a subscription with its debits once it ended longer ago than the demo period, but not one still running, paused or halted', async () => {
    const subscription = (id: string, status: string, endedAt?: Date) =>
      store.db.execute(sql`insert into sandbox_subscriptions (id, code, auth_url, pay_id,
          reference, method, max_amount, frequency, start_date, description, cust_name,
          cust_email, cust_phone, return_url, status, created_at, ended_at)
        values (${id}, ${id}, ${`https://pay.example/m/${id}`}, '1000000000000001', ${id}, 'UPI',
          49900, 'MONTHLY', '2000-01-01', 'Plan', 'Asha', 'asha@example.com', '9876543210',
          'https://shop.example/return', ${status}, ${LONG_AGO.toISOString()}::timestamptz,
          ${endedAt?.toISOString() ?? null}::timestamptz)`)
    const debit = (id: string, subscriptionId: string, cycle: number) =>
      store.db.execute(sql`insert into sandbox_subscription_debits (id, subscription_id, pay_id,
          cycle, attempt, amount, notified_at, debit_at, status)
        values (${id}, ${subscriptionId}, '1000000000000001', ${cycle}, 1, 49900,
          ${LONG_AGO.toISOString()}::timestamptz, ${LONG_AGO.toISOString()}::timestamptz,
          'CHARGED')`)
    const old = justOlder(periods.demoDays)
    await subscription('old-cancelled', 'CANCELLED', old)
    await debit('prune-debit-1', 'old-cancelled', 0)
    await debit('prune-debit-2', 'old-cancelled', 1)
    await subscription('old-completed', 'COMPLETED', old)
    await debit('prune-debit-3', 'old-completed', 0)
    await subscription('old-failed', 'FAILED', old)
    // Made long ago but ended within the period: kept, with its debit.
    await subscription('late-cancelled', 'CANCELLED', justNewer(periods.demoDays))
    await debit('prune-debit-4', 'late-cancelled', 0)
    // Not ended, however old: debits still to come, or a resume.
    for (const status of ['ACTIVE', 'PAUSED', 'HALTED']) {
      await subscription(`old-${status.toLowerCase()}`, status)
      await debit(`prune-debit-${status}`, `old-${status.toLowerCase()}`, 0)
    }
    const result = await prune(store, periods, { now: NOW, batchSize: 2 })
    expect(result.counts).toMatchObject({
      sandboxSubscriptions: 3,
      sandboxSubscriptionDebits: 3,
    })
    expect(await ids('sandbox_subscriptions')).toEqual([
      'late-cancelled',
      'old-active',
      'old-halted',
      'old-paused',
    ])
    const debits = await rowsOf<{ id: string }>(
      store.db,
      sql`select id from sandbox_subscription_debits where id like 'prune-debit-%' order by id`,
    )
    expect(debits.map((row) => row.id)).toEqual([
      'prune-debit-4',
      'prune-debit-ACTIVE',
      'prune-debit-HALTED',
      'prune-debit-PAUSED',
    ])
  })

  it('deletes disputes older than the demo period once decided, but not one still open or a won hold not yet released', async () => {
    const dispute = async (
      name: string,
      at: Date,
      status: string,
      decided: boolean,
      releasedIn: string | null,
    ) => {
      const id = `dsp_prune_${name}`
      await store.db.execute(sql`insert into sandbox_disputes
        (id, pay_id, payment_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount,
          currency_code, inr_amount, reason_code, respond_by, status, evidence, created_at,
          decided_at, release_settlement_id)
        values (${id}, '1000000000000001', ${id}, ${id}, ${id}, ${id}, 'CC', 'VI', 100, '356',
          100, '13.1', '2001-01-08', ${status}, 'Delivered to Asha Verma, 12 MG Road',
          ${at.toISOString()}::timestamptz, ${decided ? at.toISOString() : null}::timestamptz,
          ${releasedIn})`)
      return id
    }
    const old = justOlder(periods.demoDays)
    await dispute('lost', old, 'LOST', true, null)
    await dispute('released', old, 'WON', true, 'setl_x')
    const unreleased = await dispute('unreleased', old, 'WON', true, null)
    const open = await dispute('open', old, 'OPEN', false, null)
    const recent = await dispute('recent', justNewer(periods.demoDays), 'LOST', true, null)
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.sandboxDisputes).toBe(2)
    const left = await rowsOf<{ id: string }>(
      store.db,
      sql`select id from sandbox_disputes where id like 'dsp_prune%' order by id`,
    )
    expect(left.map((row) => row.id)).toEqual([open, recent, unreleased].sort())
  })

  it('deletes settlements older than the demo period with their lines, but not a balance still carried forward', async () => {
    const settlement = async (
      name: string,
      at: Date,
      status: string,
      carriedInto: string | null,
    ) => {
      const id = `setl_prune_${name}`
      await store.db.execute(sql`insert into sandbox_settlements (id, pay_id, utr, settlement_date,
          cycle_from, cycle_to, payments_count, refunds_count, gross_amount, refunds_amount,
          fees_amount, gst_amount, adjustments_amount, net_amount, bank_account, status,
          carried_into, created_at)
        values (${id}, '1000000000000001', null, '2001-01-02', '2001-01-01', '2001-01-01', 1, 0,
          100, 0, 0, 0, 0, 100, 'XXXX4321', ${status}, ${carriedInto}, ${at.toISOString()}::timestamptz)`)
      await store.db
        .execute(sql`insert into sandbox_settlement_lines (settlement_id, position, type,
          source_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net,
          date, description)
        values (${id}, 0, 'PAYMENT', ${`src_${id}`}, 'ORDER-1', '1', '1', 'UP', 'UP', 100, 0, 0,
          100, '2001-01-01 10:00:00', '')`)
      return id
    }
    const old = justOlder(periods.demoDays)
    const paid = await settlement('paid', old, 'PROCESSED', null)
    const taken = await settlement('taken', old, 'CARRIED_FORWARD', 'setl_prune_paid')
    const owed = await settlement('owed', old, 'CARRIED_FORWARD', null)
    const recent = await settlement('recent', justNewer(periods.demoDays), 'PROCESSED', null)
    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.sandboxSettlements).toBe(2)
    const left = await rowsOf<{ id: string }>(
      store.db,
      sql`select id from sandbox_settlements where id like 'setl_prune%' order by id`,
    )
    expect(left.map((row) => row.id)).toEqual([owed, recent].sort())
    const lines = await rowsOf<unknown>(
      store.db,
      sql`select settlement_id from sandbox_settlement_lines where settlement_id in (${paid}, ${taken})`,
    )
    expect(lines).toEqual([])
  })

  it('deletes old sandbox webhook events with their attempts, but not one still in its retry schedule', async () => {
    const event = async (
      name: string,
      state: 'pending' | 'delivered' | 'failed',
      createdAt: Date,
      nextAttemptAt: Date,
    ) => {
      const id = `evt_${name}_${randomUUID()}`
      await store.db.execute(sql`insert into sandbox_webhook_events
        (id, pay_id, reference, type, notify_url, body, state, next_attempt_at, created_at)
        values (${id}, '1000000000000001', 'ORDER-1', 'payment.captured', 'https://merchant.example/hook', '{}',
          ${state}, ${nextAttemptAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz)`)
      await store.db
        .execute(sql`insert into sandbox_webhook_attempts (event_id, attempted_at, duration_ms)
        values (${id}, ${createdAt.toISOString()}::timestamptz, 5)`)
      return id
    }
    const old = justOlder(periods.demoDays)
    await event('delivered', 'delivered', old, old)
    await event('failed', 'failed', old, old)
    // Resent a day before its period ended: its next attempt is still to come.
    const retrying = await event('retrying', 'pending', old, ago(0, 5 * MINUTE))
    // Pending, but its next attempt was due before the period: no worker will send it.
    await event('abandoned', 'pending', old, justOlder(periods.demoDays))
    const recent = await event('recent', 'delivered', justNewer(periods.demoDays), NOW)

    const result = await prune(store, periods, { now: NOW })
    expect(result.counts.sandboxWebhookEvents).toBe(3)
    expect(result.counts.sandboxWebhookAttempts).toBe(3)
    expect(await ids('sandbox_webhook_events')).toEqual([recent, retrying].sort())
    const attempts = await rowsOf<{ event_id: string }>(
      store.db,
      sql`select event_id from sandbox_webhook_attempts where attempted_at < '2002-01-01' order by event_id`,
    )
    expect(attempts.map((row) => row.event_id)).toEqual([recent, retrying].sort())
  })

  it('works, and deletes the rest, where the sandbox has never run', async () => {
    // A fresh in-memory PGlite, as on a site with PG_BASE_URL set: the gateway's migrations make
    // its tables all the same, empty.
    const bare = await openDatabase({})
    try {
      const tables = await rowsOf<{ absent: boolean }>(
        bare.db,
        sql`select to_regclass('sandbox_transactions') is null as absent`,
      )
      expect(tables[0]?.absent).toBe(false)
      await bare.db.insert(contactMessages).values({
        name: 'Asha',
        company: 'Asha Traders',
        phone: '9876543210',
        email: 'asha@example.com',
        subject: 'Pricing',
        message: 'Hello',
        createdAt: justOlder(periods.contactMessageDays),
      })
      const result = await prune(bare, periods, { now: NOW })
      expect(result.counts.contactMessages).toBe(1)
      expect(result.counts.sandboxTransactions).toBe(0)
      expect(result.counts.sandboxWebhookEvents).toBe(0)
    } finally {
      await bare.close()
    }
  })

  it('vacuums PGlite after a pass that deleted something, and only then', async () => {
    expect((await prune(store, periods, { now: NOW })).vacuumed).toBe(false)
    await addContact(justOlder(periods.contactMessageDays))
    expect((await prune(store, periods, { now: NOW })).vacuumed).toBe(store.kind === 'pglite')
  })

  it('deletes in batches until nothing old is left, and stops between batches when told to', async () => {
    for (let i = 0; i < 5; i++) await addContact(justOlder(periods.contactMessageDays))
    const stopped = new AbortController()
    stopped.abort()
    const none = await prune(store, periods, { now: NOW, batchSize: 2, signal: stopped.signal })
    expect(none.total).toBe(0)
    const all = await prune(store, periods, { now: NOW, batchSize: 2 })
    expect(all.counts.contactMessages).toBe(5)
  })

  it('describes what a pass deleted by kind and count only', () => {
    const counts = {
      deliveredMail: 2,
      jobApplications: 1,
      deadMail: 0,
      contactMessages: 0,
      demoPayments: 0,
      demoWebhookEvents: 0,
      sandboxTransactions: 0,
      sandboxRefunds: 0,
      sandboxPayouts: 0,
      sandboxWebhookEvents: 0,
      sandboxWebhookAttempts: 0,
      sandboxSettlements: 0,
      sandboxDisputes: 0,
      sandboxPaylinks: 0,
      sandboxVirtualAccounts: 0,
      sandboxVaCredits: 0,
      sandboxCharges: 0,
      sandboxSubscriptions: 0,
      sandboxSubscriptionDebits: 0,
      sandboxAccounts: 0,
    }
    expect(describeCounts(counts)).toBe('2 delivered mails, 1 job application')
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  'the pruning pass on several instances, on PostgreSQL (skipped: DATABASE_URL is unset; PGlite is one session in one process, where instances cannot race)',
  () => {
    it('skips the pass while another instance holds the lock, and the reconciler’s key does not hold it back', async () => {
      await addContact(justOlder(periods.contactMessageDays))
      // Another instance: a pool of its own, so sessions of its own.
      const other = await openDatabase(testDatabaseOptions())
      try {
        const held = await withAdvisoryLock(store.db, advisoryLockKeys.retention, () =>
          runPrunePass(other, periods, { now: NOW }),
        )
        expect(held).toEqual({ ran: false })
        const reconciling = await withAdvisoryLock(store.db, advisoryLockKeys.reconciler, () =>
          runPrunePass(other, periods, { now: NOW }),
        )
        expect(reconciling).toMatchObject({ ran: true, counts: { contactMessages: 1 } })
      } finally {
        await other.close()
      }
    })
  },
)

describe('the pruning pass in the server', () => {
  it('runs a first pass soon after start, logs counts only, and stop() waits for it', async () => {
    await addApplication(justOlder(periods.jobApplicationDays))
    await addMail('delivered', { createdAt: LONG_AGO, deliveredAt: justOlder(periods.mailDays) })
    const mailDropDir = mkdtempSync(path.join(tmpdir(), 'paystra-prune-mail-'))
    const oldFile = `${justOlder(periods.mailDays).getTime()}-old@paystra.example.eml`
    const newFile = `${justNewer(periods.mailDays).getTime()}-new@paystra.example.eml`
    writeFileSync(path.join(mailDropDir, oldFile), 'Reply-To: asha@example.com\r\n\r\nHello')
    writeFileSync(path.join(mailDropDir, newFile), 'Reply-To: asha@example.com\r\n\r\nHello')
    const lines: string[] = []
    const pruning = startPruning({
      store,
      periods,
      mailDropDir,
      intervalMs: 60 * 60_000,
      firstDelayMs: 0,
      clock: () => NOW,
      log: (line) => lines.push(line),
    })
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1)
      await pruning.stop()
      expect(readdirSync(mailDropDir)).toEqual([newFile])
    } finally {
      rmSync(mailDropDir, { recursive: true, force: true })
    }
    expect(lines[0]).toMatch(
      /^retention: deleted 1 delivered mail, 1 job application, 1 mail file(; vacuumed)?$/,
    )
    expect(lines.join('\n')).not.toMatch(/asha|@|9876543210|resume\.pdf/i)
    expect(await ids('job_applications')).toEqual([])
    // Stopped: no more passes.
    expect(await pruning.runOnce()).toEqual({ ran: false, mailFiles: 0 })
  })

  it('says nothing for a pass that deleted nothing', async () => {
    const lines: string[] = []
    const pruning = startPruning({
      store,
      periods,
      intervalMs: 60 * 60_000,
      firstDelayMs: 60 * 60_000,
      clock: () => NOW,
      log: (line) => lines.push(line),
    })
    expect(await pruning.runOnce()).toMatchObject({ ran: true, total: 0 })
    await pruning.stop()
    expect(lines).toEqual([])
  })
})
