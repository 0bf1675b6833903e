/**
 * Vitest's global setup: the run's databases start migrated instead of each being migrated again.
 *
 * - PGlite: one database with both migration histories applied, dumped to a file that every
 *   in-memory (and every new on-disk) PGlite of the run starts from instead of running initdb
 *   (gateway/db/pglite.ts). The test processes and the servers they spawn inherit
 *   PGLITE_TEMPLATE.
 * - PostgreSQL (DATABASE_URL set): a migrated template database, copied for each test file by
 *   tests/setup/unit.ts (tests/support/test-databases.ts).
 *
 * Opening a database still runs its migrations; they find nothing left to do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { openPGliteDatabase } from '#server/db/database.ts'
import { createTemplateDatabase, dropTemplateDatabases } from '#tests/support/test-databases.ts'

export default async function buildTemplates(): Promise<() => Promise<void>> {
  delete process.env.PGLITE_TEMPLATE
  // Write-ahead log segments of 1 MB rather than initdb's 16 MB: the dump every test database
  // unpacks shrinks from 41 MB to 31 MB, and opening one costs about 1.0 CPU-s instead of 1.4.
  // The segment size changes no query, only how the log is cut into files.
  const client = new PGlite({ initDbStartParams: ['--wal-segsize=1'] })
  const store = await openPGliteDatabase(client)
  const dump = await client.dumpDataDir('none')
  await store.close()
  const folder = mkdtempSync(path.join(tmpdir(), 'paystra-pglite-template-'))
  const file = path.join(folder, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env.PGLITE_TEMPLATE = file

  const serverUrl = process.env.DATABASE_URL
  const template = serverUrl ? await createTemplateDatabase(serverUrl) : undefined
  if (template) process.env.TEST_TEMPLATE_DATABASE = template

  return async () => {
    rmSync(folder, { recursive: true, force: true })
    if (serverUrl && template) await dropTemplateDatabases(serverUrl, template)
  }
}
