import { sql } from 'drizzle-orm'
import { advisoryLockKeys, withTransactionLock } from '#jobs/advisory-lock.ts'
import { rowsOf, textArray } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import {
  type AccountCredentials,
  consoleTokenHash,
  consoleTokenMatches,
  newWebhookSecret,
} from './credentials.ts'

/** A sandbox account as stored (its console token only as a hash). */
export interface StoredAccount {
  payId: string
  name: string
  salt: string
  keySalt: string
  webhookSecret: string
  /** The secret the last rotation replaced, still signing beside the new one until its time. */
  previousWebhookSecret: string | undefined
  previousWebhookSecretUntil: Date | undefined
  /** Where its webhooks go when a request names no NOTIFY_URL. */
  notifyUrl: string | undefined
  /** When a `paystra listen` stream was last open. */
  listenedAt: Date | undefined
  bankAccount: string
  consoleTokenHash: string
  createdAt: Date
  lastActiveAt: Date
  /** Its clock's offset (gateway/clock/), read with it. */
  clockOffsetMs: number
}

interface AccountRow {
  pay_id: string
  name: string
  salt: string
  key_salt: string
  webhook_secret: string
  previous_webhook_secret: string | null
  previous_webhook_secret_until: Date | string | null
  notify_url: string | null
  listened_at: Date | string | null
  bank_account: string
  console_token_hash: string
  created_at: Date | string
  last_active_at: Date | string
  offset_ms?: string | number | null
}

function accountOf(row: AccountRow): StoredAccount {
  return {
    payId: row.pay_id,
    name: row.name,
    salt: row.salt,
    keySalt: row.key_salt,
    webhookSecret: row.webhook_secret,
    previousWebhookSecret: row.previous_webhook_secret ?? undefined,
    previousWebhookSecretUntil: dateOrUndefined(row.previous_webhook_secret_until),
    notifyUrl: row.notify_url ?? undefined,
    listenedAt: dateOrUndefined(row.listened_at),
    bankAccount: row.bank_account,
    consoleTokenHash: row.console_token_hash,
    createdAt: new Date(row.created_at),
    lastActiveAt: new Date(row.last_active_at),
    clockOffsetMs: Number(row.offset_ms ?? 0),
  }
}

function dateOrUndefined(value: Date | string | null): Date | undefined {
  return value === null ? undefined : new Date(value)
}

/** An account with its clock's offset: one read for both. */
const accountWithClock = sql`SELECT a.*, c.offset_ms FROM sandbox_accounts a
  LEFT JOIN sandbox_clocks c ON c.pay_id = a.pay_id`

export type CreateResult = { ok: true; account: StoredAccount } | { ok: false; reason: 'full' }

/**
 * Stores a new account unless the sandbox already holds `maxAccounts` (0: no cap). Creations
 * take turns under one transaction lock, so instances counting at once never pass the cap
 * together. A PAY_ID drawn twice (one in 10^15) fails on the primary key and is drawn again by
 * the caller.
 */
export async function createAccount(
  db: GatewayDatabase,
  credentials: AccountCredentials,
  details: { name: string; now: Date; maxAccounts: number },
): Promise<CreateResult> {
  const result = await withTransactionLock(
    db,
    advisoryLockKeys.sandboxAccounts,
    { wait: true },
    async (tx) => {
      if (details.maxAccounts > 0) {
        const [count] = await rowsOf<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM sandbox_accounts`,
        )
        if ((count?.n ?? 0) >= details.maxAccounts) return { ok: false, reason: 'full' } as const
      }
      const [row] = await rowsOf<AccountRow>(
        tx,
        sql`INSERT INTO sandbox_accounts (pay_id, name, salt, key_salt, webhook_secret,
            bank_account, console_token_hash, created_at, last_active_at)
          VALUES (${credentials.payId}, ${details.name}, ${credentials.salt},
            ${credentials.keySalt}, ${credentials.webhookSecret}, ${credentials.bankAccount},
            ${consoleTokenHash(credentials.consoleToken)}, ${details.now.toISOString()},
            ${details.now.toISOString()})
          ON CONFLICT (pay_id) DO NOTHING
          RETURNING *`,
      )
      return row ? ({ ok: true, account: accountOf(row) } as const) : undefined
    },
  )
  if (result && 'ok' in result) return result
  throw new PayIdTaken(credentials.payId)
}

/** A drawn PAY_ID that another account already has: draw again. */
export class PayIdTaken extends Error {
  constructor(payId: string) {
    super(`PAY_ID ${payId} is taken`)
  }
}

export async function findAccount(
  db: GatewayDatabase,
  payId: string,
): Promise<StoredAccount | undefined> {
  const [row] = await rowsOf<AccountRow>(db, sql`${accountWithClock} WHERE a.pay_id = ${payId}`)
  return row ? accountOf(row) : undefined
}

/** The account a console link opens, the token compared in constant time. */
export async function findAccountByConsoleToken(
  db: GatewayDatabase,
  token: string,
): Promise<StoredAccount | undefined> {
  const [row] = await rowsOf<AccountRow>(
    db,
    sql`${accountWithClock} WHERE a.console_token_hash = ${consoleTokenHash(token)}`,
  )
  if (!row || !consoleTokenMatches(token, row.console_token_hash)) return undefined
  return accountOf(row)
}

/**
 * Marks the account active, at most once an hour, so a busy account costs one write an hour
 * rather than one a request.
 */
export async function touchAccount(db: GatewayDatabase, payId: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE sandbox_accounts SET last_active_at = ${now.toISOString()}
    WHERE pay_id = ${payId}
      AND last_active_at < ${now.toISOString()}::timestamptz - interval '1 hour'`)
}

/** A new console link for the account; the old one stops working at once. */
export async function replaceConsoleToken(
  db: GatewayDatabase,
  payId: string,
  token: string,
): Promise<void> {
  await db.execute(sql`UPDATE sandbox_accounts SET console_token_hash = ${consoleTokenHash(token)}
    WHERE pay_id = ${payId}`)
}

/** How long a rotated-out webhook secret keeps signing deliveries beside the new one. */
export const PREVIOUS_SECRET_HONOURED_MS = 24 * 60 * 60 * 1000

/**
 * A new webhook secret for the account: the current one becomes the previous, still signing
 * every delivery beside the new one until `realNow` plus a day, so a receiver can switch over
 * without refusing an event. A secret rotated out earlier is forgotten. Real time, not the
 * account's clock: the signatures' timestamps are real time.
 */
export async function rotateWebhookSecret(
  db: GatewayDatabase,
  payId: string,
  realNow: Date,
): Promise<StoredAccount | undefined> {
  const until = new Date(realNow.getTime() + PREVIOUS_SECRET_HONOURED_MS)
  const [row] = await rowsOf<{ pay_id: string }>(
    db,
    sql`UPDATE sandbox_accounts SET previous_webhook_secret = webhook_secret,
        previous_webhook_secret_until = ${until.toISOString()}::timestamptz,
        webhook_secret = ${newWebhookSecret()}
      WHERE pay_id = ${payId}
      RETURNING pay_id`,
  )
  return row && findAccount(db, row.pay_id)
}

/** The account's default NOTIFY_URL, already checked; undefined clears it. */
export async function setDefaultNotifyUrl(
  db: GatewayDatabase,
  payId: string,
  url: string | undefined,
): Promise<void> {
  await db.execute(sql`UPDATE sandbox_accounts SET notify_url = ${url ?? null}
    WHERE pay_id = ${payId}`)
}

/** How many rows of each kind an account's removal deleted. */
export interface RemovedCounts {
  accounts: number
  transactions: number
  refunds: number
  payouts: number
  disputes: number
  webhookEvents: number
  settlements: number
  gstInvoices: number
  paylinks: number
  virtualAccounts: number
  vaCredits: number
  charges: number
  subscriptions: number
  subscriptionDebits: number
}

/**
 * Deletes accounts and everything of theirs, in one transaction: payments, refunds, payouts,
 * disputes, webhook events with their attempts, settlements with their lines, tax invoices,
 * payment links, virtual accounts with their credits, subscriptions with their debits, and the
 * charges for them.
 */
export async function removeAccounts(
  db: GatewayDatabase,
  payIds: readonly string[],
): Promise<RemovedCounts> {
  if (payIds.length === 0) {
    return {
      accounts: 0,
      transactions: 0,
      refunds: 0,
      payouts: 0,
      disputes: 0,
      webhookEvents: 0,
      settlements: 0,
      gstInvoices: 0,
      paylinks: 0,
      virtualAccounts: 0,
      vaCredits: 0,
      charges: 0,
      subscriptions: 0,
      subscriptionDebits: 0,
    }
  }
  const ids = textArray(payIds)
  return db.transaction(async (tx) => {
    const count = async (query: ReturnType<typeof sql>) => (await rowsOf(tx, query)).length
    await tx.execute(sql`DELETE FROM sandbox_webhook_attempts WHERE event_id IN
      (SELECT id FROM sandbox_webhook_events WHERE pay_id = ANY(${ids}))`)
    const webhookEvents = await count(
      sql`DELETE FROM sandbox_webhook_events WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    await tx.execute(sql`DELETE FROM sandbox_settlement_lines WHERE settlement_id IN
      (SELECT id FROM sandbox_settlements WHERE pay_id = ANY(${ids}))`)
    const settlements = await count(
      sql`DELETE FROM sandbox_settlements WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const gstInvoices = await count(
      sql`DELETE FROM sandbox_gst_invoices WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const disputes = await count(
      sql`DELETE FROM sandbox_disputes WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const refunds = await count(
      sql`DELETE FROM sandbox_refunds WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const payouts = await count(
      sql`DELETE FROM sandbox_payouts WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const transactions = await count(
      sql`DELETE FROM sandbox_transactions WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const paylinks = await count(
      sql`DELETE FROM sandbox_paylinks WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const vaCredits = await count(
      sql`DELETE FROM sandbox_va_credits WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const virtualAccounts = await count(
      sql`DELETE FROM sandbox_virtual_accounts WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const subscriptionDebits = await count(
      sql`DELETE FROM sandbox_subscription_debits WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const subscriptions = await count(
      sql`DELETE FROM sandbox_subscriptions WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    const charges = await count(
      sql`DELETE FROM sandbox_charges WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    await tx.execute(sql`DELETE FROM sandbox_clocks WHERE pay_id = ANY(${ids})`)
    const accounts = await count(
      sql`DELETE FROM sandbox_accounts WHERE pay_id = ANY(${ids}) RETURNING 1`,
    )
    return {
      accounts,
      transactions,
      refunds,
      payouts,
      disputes,
      webhookEvents,
      settlements,
      gstInvoices,
      paylinks,
      virtualAccounts,
      vaCredits,
      charges,
      subscriptions,
      subscriptionDebits,
    }
  })
}

/** PAY_IDs of the accounts idle since before `cutoff`, at most `limit` of them. */
export async function idleAccounts(
  db: GatewayDatabase,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ pay_id: string }>(
    db,
    sql`SELECT pay_id FROM sandbox_accounts WHERE last_active_at < ${cutoff.toISOString()}
      ORDER BY last_active_at LIMIT ${limit}`,
  )
  return rows.map((row) => row.pay_id)
}
