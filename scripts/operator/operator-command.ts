/**
 * What the operator commands (`npm run outbox`, `prune`, `erase`) share: the server's
 * configuration and database, the PGlite data-folder lock (PGlite serves one process, so with
 * it the server must be stopped first), and exit codes: 2 with one line for what the operator
 * can fix (bad arguments, configuration, a held lock), 1 with the whole error for anything else.
 */
import path from 'node:path'
import { ConfigError, loadConfig, type ServerConfig } from '#server/config.ts'
import { DataDirLockedError, lockDataDir } from '#server/db/data-lock.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'

/** Bad arguments: printed as they are, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs `work` on the configured database. `parse` reads the arguments first, so a bad one is
 * reported before anything is opened.
 */
export function runOperatorCommand<Args>(
  parse: (args: string[]) => Args,
  work: (args: Args, config: ServerConfig, store: DataStore) => Promise<void>,
  /** Further error classes whose message is meant for the operator. */
  operatorErrors: (abstract new (...args: never[]) => Error)[] = [],
): void {
  const known = [ConfigError, DataDirLockedError, UsageError, ...operatorErrors]
  const run = async () => {
    const args = parse(process.argv.slice(2))
    const config = loadConfig()
    const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR)
    try {
      const store = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: path.join(config.DATA_DIR, 'pglite'),
      })
      try {
        await work(args, config, store)
      } finally {
        await store.close()
      }
    } finally {
      release()
    }
  }
  run().catch((error: unknown) => {
    const expected = known.some((kind) => error instanceof kind)
    console.error(expected ? (error as Error).message : error)
    process.exit(expected ? 2 : 1)
  })
}
