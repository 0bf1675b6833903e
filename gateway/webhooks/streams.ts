/**
 * The `paystra listen` streams open now, across every instance: one row each, kept alive by its
 * instance and gone a minute after that instance stops (a crash included), so an account's cap on
 * streams counts the same on every instance.
 */
import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { randomBytes } from 'node:crypto'
import { advisoryLockKeys, withTransactionLock } from '#jobs/advisory-lock.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

export const sandboxEventStreams = pgTable(
  'sandbox_event_streams',
  {
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** Renewed while the stream is open; past it, the stream is counted no more. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_event_streams_pay_id').on(table.payId, table.expiresAt)],
)

/** How long a stream counts without its instance renewing it. */
export const STREAM_LEASE_MS = 60_000
/** Streams one account may hold open at once. */
export const MAX_STREAMS_PER_ACCOUNT = 3

/**
 * Registers a stream of the account unless it holds `MAX_STREAMS_PER_ACCOUNT` already (then
 * undefined), and marks the account as listening. Openings take turns under one transaction
 * lock, so two instances counting at once never pass the cap together.
 */
export async function openStream(
  db: GatewayDatabase,
  payId: string,
  realNow: Date,
): Promise<string | undefined> {
  const result = await withTransactionLock(
    db,
    advisoryLockKeys.eventStreams,
    { wait: true },
    async (tx) => {
      const now = realNow.toISOString()
      await tx.execute(sql`DELETE FROM sandbox_event_streams WHERE expires_at < ${now}`)
      const [open] = await rowsOf<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM sandbox_event_streams WHERE pay_id = ${payId}`,
      )
      if ((open?.n ?? 0) >= MAX_STREAMS_PER_ACCOUNT) return undefined
      const id = randomBytes(12).toString('hex')
      await tx.execute(sql`INSERT INTO sandbox_event_streams (id, pay_id, opened_at, expires_at)
        VALUES (${id}, ${payId}, ${now}, ${new Date(realNow.getTime() + STREAM_LEASE_MS).toISOString()})`)
      await markListening(tx, payId, realNow)
      return id
    },
  )
  return typeof result === 'string' ? result : undefined
}

/** Keeps an open stream counted, and its account listening. */
export async function renewStream(
  db: GatewayDatabase,
  id: string,
  payId: string,
  realNow: Date,
): Promise<void> {
  await db.execute(sql`UPDATE sandbox_event_streams
    SET expires_at = ${new Date(realNow.getTime() + STREAM_LEASE_MS).toISOString()}
    WHERE id = ${id}`)
  await markListening(db, payId, realNow)
}

export async function closeStream(db: GatewayDatabase, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM sandbox_event_streams WHERE id = ${id}`)
}

/** While an account was listening lately, its events are queued for its streams too. */
async function markListening(db: GatewayDatabase, payId: string, realNow: Date): Promise<void> {
  await db.execute(sql`UPDATE sandbox_accounts SET listened_at = ${realNow.toISOString()}
    WHERE pay_id = ${payId}`)
}
