import path from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { advisoryLockKeys } from '#jobs/advisory-lock.ts'
import { migrateGateway } from '#gateway/db/migrate.ts'
import { newPGlite } from '#gateway/db/pglite.ts'
import * as schema from './schema.ts'

/** One type for both drivers: the same schema and SQL run on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DataStore {
  db: Database
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, embedded PGlite is used. */
  databaseUrl?: string
  /** PGlite's folder; when absent, PGlite keeps everything in memory (tests). */
  pgliteDir?: string
}

const migrationsFolder = path.resolve('server/db/migrations')

/**
 * Opens the database and applies every pending migration before anything uses it: the gateway's
 * (its tables are the sandbox's, which the site's retention also reads), then the site's.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DataStore> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server drops (a restart, a failover) is replaced on the next
    // query; unheard, the pool's error event would end the process.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema }) as unknown as Database
    try {
      await migrateGateway(db)
      await migrateInTurn(pool)
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  return openPGliteDatabase(newPGlite(options.pgliteDir))
}

/** The store on an embedded PGlite database, brought up to date like any other. */
export async function openPGliteDatabase(client: PGlite): Promise<DataStore> {
  const pglite = drizzlePglite(client, { schema })
  await migrateGateway(pglite)
  await migratePglite(pglite, { migrationsFolder })
  return { db: pglite as unknown as Database, kind: 'pglite', close: () => client.close() }
}

/**
 * Instances started together on one database (a deploy, or WEB_CONCURRENCY workers) would
 * each create the same tables at once, and all but one would fail. They take turns: the first
 * applies what is pending, the others find nothing left to do.
 */
async function migrateInTurn(pool: pg.Pool) {
  const connection = await pool.connect()
  try {
    await connection.query('select pg_advisory_lock($1)', [advisoryLockKeys.migrations.toString()])
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder })
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [
        advisoryLockKeys.migrations.toString(),
      ])
    }
  } finally {
    connection.release()
  }
}
