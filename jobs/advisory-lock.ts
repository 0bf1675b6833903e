/**
 * PostgreSQL advisory locks that let one instance at a time do a periodic job (reconcile demo
 * orders, prune old data) while several instances share one database. Here, below the gateway
 * and the server, so that both can use them; scheduled-under-lock.ts runs such a job on the
 * worker loop.
 */
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { rowsOf } from './sql-rows.ts'

/** Any drizzle PostgreSQL database (PGlite or node-postgres), whatever its schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lock needs no table, so no schema
export type LockingDatabase = PgDatabase<PgQueryResultHKT, any>

/**
 * Every advisory lock key the site and the sandbox use, in one place so no two jobs share one by accident.
 * Any 64-bit constants will do; these spell four-letter words in ASCII.
 */
export const advisoryLockKeys = {
  /** The demo merchant's reconciler ("PAYS" "RECN"). */
  reconciler: 0x50415953_5245434en,
  /** The retention pruner ("PAYS" "PRUN"). */
  retention: 0x50415953_5052554en,
  /** The sandbox's settlement runs ("PAYS" "SETL"; gateway/settlements/store.ts). */
  settlements: 0x50415953_5345544cn,
  /** Migrations at start, one instance at a time ("PAYS" "MIGR"; server/db/database.ts). */
  migrations: 0x50415953_4d494752n,
  /** The gateway's migrations, one instance at a time ("PAYS" "GMIG"; gateway/db/migrate.ts). */
  gatewayMigrations: 0x50415953_474d4947n,
  /** Creating a sandbox account under the cap on their number ("PAYS" "ACCT"; gateway/accounts/store.ts). */
  sandboxAccounts: 0x50415953_41434354n,
  /** Opening a `paystra listen` stream under its account's cap ("PAYS" "LSTN"; gateway/webhooks/streams.ts). */
  eventStreams: 0x50415953_4c53544en,
} as const

/** Jobs in progress per database client and key: PGlite has one session, in which the lock is re-entrant. */
const running = new WeakMap<object, Set<bigint>>()

/**
 * Runs `work` while holding a session-level advisory lock, or skips it when another session
 * holds the lock. A session lock must be released on the session that took it, so on
 * PostgreSQL the lock is taken on one connection kept out of the pool for the run (the work
 * itself uses the pool and never holds a transaction open for the whole run). PGlite is one
 * session: there the lock is re-entrant, so runs in the same process are kept apart here.
 */
export async function withAdvisoryLock<T>(
  db: LockingDatabase,
  key: bigint,
  work: () => Promise<T>,
): Promise<{ ran: false } | T> {
  const client = (db as unknown as { $client: object }).$client
  const keys = running.get(client) ?? new Set<bigint>()
  if (keys.has(key)) return { ran: false }
  keys.add(key)
  running.set(client, keys)
  try {
    if (client instanceof pg.Pool) {
      const connection = await client.connect()
      try {
        const taken = await connection.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key.toString()],
        )
        if (!taken.rows[0]?.locked) return { ran: false }
        try {
          return await work()
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key.toString()])
        }
      } finally {
        connection.release()
      }
    }
    const [taken] = await rowsOf<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_lock(${key.toString()}::bigint) as locked`,
    )
    if (!taken?.locked) return { ran: false }
    try {
      return await work()
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${key.toString()}::bigint)`)
    }
  } finally {
    keys.delete(key)
  }
}

/**
 * Runs `work` in one transaction that first takes a transaction-level advisory lock: for a job
 * that is one transaction (a settlement run), so the lock lasts exactly as long as what it
 * guards and ends with it, committed or rolled back; a crash leaves nothing half made and
 * nothing held. `wait`: wait for the holder to finish (a call that must answer with the result);
 * otherwise `{ ran: false }` at once when another transaction holds it.
 */
export async function withTransactionLock<T>(
  db: LockingDatabase,
  key: bigint,
  options: { wait: boolean },
  work: (tx: LockingDatabase) => Promise<T>,
): Promise<{ ran: false } | T> {
  return db.transaction(async (tx) => {
    if (options.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`)
    } else {
      const [taken] = await rowsOf<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${key.toString()}::bigint) as locked`,
      )
      if (!taken?.locked) return { ran: false } as const
    }
    return work(tx)
  })
}
