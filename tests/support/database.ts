import type { DatabaseOptions } from '#server/db/database.ts'

/**
 * Data tests run on in-memory PGlite, and a second time on a real PostgreSQL server when
 * DATABASE_URL is set (.ci/run starts one).
 */
export function testDatabaseOptions(): DatabaseOptions {
  return process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}
}
