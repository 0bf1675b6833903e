import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/**
 * A new PGlite database: in the folder `dataDir`, or in memory.
 *
 * Most of PGlite's start-up is initdb, seconds on a busy machine. When PGLITE_TEMPLATE names a
 * data folder PGlite dumped (`dumpDataDir('none')`), a database that does not exist yet starts
 * as a copy of it instead. The test runs set it to a database with both migration histories
 * applied, built once per run (tests/setup/templates.ts); the migrations every opening runs
 * then find nothing to do. Production never sets it: every database starts from initdb and is
 * brought up to date by its migrations.
 */
export function newPGlite(dataDir?: string): PGlite {
  const loadDataDir = templateData(dataDir)
  return dataDir ? new PGlite(dataDir, { loadDataDir }) : new PGlite({ loadDataDir })
}

const templates = new Map<string, Blob>()

function templateData(dataDir: string | undefined): Blob | undefined {
  const file = process.env.PGLITE_TEMPLATE
  if (!file) return undefined
  // An existing database is opened as it is: a restart must find its own data.
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined
  let template = templates.get(file)
  if (!template) {
    template = new Blob([readFileSync(file)])
    templates.set(file, template)
  }
  return template
}
