import path from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { advisoryLockKeys } from '#jobs/advisory-lock.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

/**
 * The gateway's migrations (gateway/drizzle.config.ts), read from the working directory as the
 * site's are: `node build/server.js` and the standalone sandbox both run from the repository.
 */
export const gatewayMigrationsFolder = path.resolve('gateway/db/migrations')

/** The gateway's own history, apart from the site's drizzle.__drizzle_migrations. */
export const gatewayMigrationsTable = '__drizzle_gateway_migrations'

const config = {
  migrationsFolder: gatewayMigrationsFolder,
  migrationsTable: gatewayMigrationsTable,
}

/**
 * Applies the gateway's pending migrations. Instances started together on one PostgreSQL
 * database take turns under an advisory lock: the first applies what is pending, the others
 * find nothing left to do. PGlite is one process's own database.
 */
export async function migrateGateway(db: GatewayDatabase): Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client
  if (!(client instanceof pg.Pool)) {
    await migratePglite(db as unknown as PgliteDatabase, config)
    return
  }
  const key = advisoryLockKeys.gatewayMigrations.toString()
  const connection = await client.connect()
  try {
    await connection.query('select pg_advisory_lock($1)', [key])
    try {
      await migratePg(drizzlePg(client), config)
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [key])
    }
  } finally {
    connection.release()
  }
}
