/**
 * The rows of a raw SQL statement. Both drivers (PGlite and node-postgres) answer `{ rows }`, but
 * drizzle's shared database type does not say so: this is the one place that relies on it.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: a raw statement names its own tables
type AnyDatabase = PgDatabase<PgQueryResultHKT, any>

export async function rowsOf<T>(db: AnyDatabase, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** A `text[]` parameter, each value quoted as a PostgreSQL array literal wants. */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
  return sql`${literal}::text[]`
}
