import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { GatewayDatabase } from '#gateway/store.ts'

const fixture = path.resolve('tests/fixtures/pre-migrations-schema.sql')

/**
 * Makes the gateway's tables as the sandbox did before they had migrations of their own (the
 * fixture holds its CREATE and ALTER statements), so a test can upgrade such a database.
 */
export async function buildPreMigrationsGateway(db: GatewayDatabase): Promise<void> {
  const statements = readFileSync(fixture, 'utf8')
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean)
  for (const statement of statements) await db.execute(sql.raw(statement))
}
