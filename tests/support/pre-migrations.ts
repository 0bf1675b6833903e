import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { GatewayDatabase } from '#gateway/store.ts'

/** The last shape the old code made, or the first sandboxes' tables without the later columns. */
export type PreMigrationsShape = 'pre-migrations-schema' | 'pre-migrations-first-tables'

/**
 * Makes the gateway's tables as the sandbox did before they had migrations of their own (the
 * fixture holds its CREATE and ALTER statements), so a test can upgrade such a database.
 */
export async function buildPreMigrationsGateway(
  db: GatewayDatabase,
  shape: PreMigrationsShape = 'pre-migrations-schema',
): Promise<void> {
  const statements = readFileSync(path.resolve(`tests/fixtures/${shape}.sql`), 'utf8')
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean)
  for (const statement of statements) await db.execute(sql.raw(statement))
}
