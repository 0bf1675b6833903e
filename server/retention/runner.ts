/**
 * The pruning pass in the server: shortly after start, then every RETENTION_PRUNE_INTERVAL_MS,
 * a periodic job under its advisory lock (jobs/scheduled-under-lock.ts). Several instances may
 * share one database; the lock lets one of them prune the database at a time (the others skip
 * that part of the pass); each prunes its own mail files.
 */
import { advisoryLockKeys, withAdvisoryLock } from '#jobs/advisory-lock.ts'
import { scheduleUnderLock } from '#jobs/scheduled-under-lock.ts'
import type { DataStore } from '#server/db/database.ts'
import { pruneMailFiles } from './mail-files.ts'
import type { RetentionPeriods } from './periods.ts'
import { describeCounts, prune, type PruneResult } from './prune.ts'

/** What one pass did: skipped (another instance holds the lock), or what it deleted. */
export type PrunePass = { ran: false } | ({ ran: true } & PruneResult)

/** One pass, if no other instance is running one. */
export async function runPrunePass(
  store: Pick<DataStore, 'db' | 'kind'>,
  periods: RetentionPeriods,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<PrunePass> {
  return withAdvisoryLock(store.db, advisoryLockKeys.retention, async () => ({
    ran: true as const,
    ...(await prune(store, periods, options)),
  }))
}

export interface PruningOptions {
  store: Pick<DataStore, 'db' | 'kind'>
  periods: RetentionPeriods
  /**
   * The file transport's folder (DATA_DIR/mail). Each instance prunes its own at every pass,
   * lock or not: the folder is not shared.
   */
  mailDropDir?: string
  /** Between the end of one pass and the start of the next. */
  intervalMs: number
  /** Before the first pass: the server is up and serving by then. */
  firstDelayMs?: number
  /** The time each pass counts the periods back from (tests); now by default. */
  clock?: () => Date
  /** One line per pass that deleted something: counts only, never what the rows held. */
  log?: (line: string) => void
}

export interface Pruning {
  /**
   * Runs a pass now: the database's unless one is running here or on another instance, and
   * this instance's mail files.
   */
  runOnce(): Promise<PrunePass & { mailFiles: number }>
  /** No pass after this; waits for a running pass (up to a grace), which stops after its current batch. */
  stop(): Promise<void>
}

export function startPruning(options: PruningOptions): Pruning {
  const { store, periods, log } = options
  const now = () => options.clock?.() ?? new Date()
  const job = scheduleUnderLock({
    name: 'retention',
    db: store.db,
    lockKey: advisoryLockKeys.retention,
    run: async (signal) => ({
      ran: true as const,
      ...(await prune(store, periods, { now: now(), signal })),
    }),
    eachInstance: async (result: PrunePass) => {
      const mailFiles = options.mailDropDir
        ? await pruneMailFiles(
            options.mailDropDir,
            new Date(now().getTime() - periods.mailDays * 24 * 60 * 60 * 1000),
          )
        : 0
      const deleted = [
        ...(result.ran && result.total > 0 ? [describeCounts(result.counts)] : []),
        ...(mailFiles > 0 ? [`${mailFiles} mail file${mailFiles === 1 ? '' : 's'}`] : []),
      ]
      if (deleted.length > 0) {
        const vacuumed = result.ran && result.vacuumed ? '; vacuumed' : ''
        log?.(`retention: deleted ${deleted.join(', ')}${vacuumed}`)
      }
      return { ...result, mailFiles }
    },
    whenStopped: { ran: false as const, mailFiles: 0 },
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? 10_000,
    log,
  })
  job.start()

  return {
    runOnce: () => job.runOnce(),
    stop: () => job.stop(),
  }
}
