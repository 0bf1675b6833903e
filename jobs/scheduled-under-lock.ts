/**
 * A periodic job that one instance at a time runs while several share one database (the demo
 * reconciler, the retention pruner): the worker loop (worker-loop.ts) runs it every
 * interval, each run under its advisory lock (advisory-lock.ts). An instance that finds the lock
 * held skips that run and tries again at the next.
 */
import { type LockingDatabase, withAdvisoryLock } from './advisory-lock.ts'
import { WorkerLoop } from './worker-loop.ts'

export interface ScheduledUnderLockOptions<T> {
  /** Starts the log lines of a failed run. */
  name: string
  db: LockingDatabase
  /** Its key in advisoryLockKeys. */
  lockKey: bigint
  /** One run, the lock held. `signal` is aborted by stop(). */
  run: (signal: AbortSignal) => Promise<T>
  /** Between the end of one run and the start of the next. */
  intervalMs: number
  /** Before the first run after start(); `intervalMs` by default. */
  firstDelayMs?: number
  log?: (line: string) => void
}

export interface ScheduledUnderLock<T> {
  /** Runs every interval until stop(). */
  start(): void
  /** One run now (or after the one in progress); `{ ran: false }` when another holds the lock or stop() was called. */
  runOnce(): Promise<{ ran: false } | T>
  /** No run after this; aborts the run in progress and waits for it (up to `graceMs`). */
  stop(graceMs?: number): Promise<void>
}

export function scheduleUnderLock<T>(options: ScheduledUnderLockOptions<T>): ScheduledUnderLock<T> {
  const loop = new WorkerLoop({
    name: options.name,
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? options.intervalMs,
    log: options.log,
    pass: (signal) => withAdvisoryLock(options.db, options.lockKey, () => options.run(signal)),
  })
  return {
    start: () => loop.start(),
    runOnce: () => loop.runNowOr({ ran: false as const }),
    async stop(graceMs) {
      await loop.stop(graceMs)
    },
  }
}
