/**
 * The rows of a raw SQL statement. Both drivers (PGlite and node-postgres) answer `{ rows }`, but
 * drizzle's shared database type does not say so: this is the one place that relies on it.
 */
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: a raw statement names its own tables
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>

export async function rowsOf<T>(db: AnyDatabase, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
