/**
 * A periodic job that one instance at a time runs while several share one database (the demo
 * reconciler, the retention pruner): the worker loop (worker-loop.ts) runs it every
 * interval, each run under its advisory lock (advisory-lock.ts). An instance that finds the lock
 * held skips that run and tries again at the next. This is the one way the periodic jobs take
 * their turn; the settlement run, one transaction, holds its lock for that transaction instead
 * (withTransactionLock; docs/decisions/044-one-durable-queue.md).
 */
import { type LockingDatabase, withAdvisoryLock } from './advisory-lock.ts'
import { WorkerLoop } from './worker-loop.ts'

interface Options<T> {
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

/**
 * With `eachInstance`, every instance also does work of its own at each run, lock or not (the
 * retention pruner's own mail folder): it is told what the locked part did, and its answer is
 * the run's; `whenStopped` is what runOnce() answers once stopped.
 */
export type ScheduledUnderLockOptions<T, R = { ran: false } | T> = Options<T> &
  (
    | { eachInstance?: undefined }
    | {
        eachInstance: (locked: { ran: false } | T, signal: AbortSignal) => Promise<R>
        whenStopped: R
      }
  )

export interface ScheduledUnderLock<R> {
  /** Runs every interval until stop(). */
  start(): void
  /** One run now (or after the one in progress); `{ ran: false }` when another holds the lock or stop() was called. */
  runOnce(): Promise<R>
  /** No run after this; aborts the run in progress and waits for it (up to `graceMs`). */
  stop(graceMs?: number): Promise<void>
}

export function scheduleUnderLock<T, R = { ran: false } | T>(
  options: ScheduledUnderLockOptions<T, R>,
): ScheduledUnderLock<R> {
  const locked = (signal: AbortSignal) =>
    withAdvisoryLock(options.db, options.lockKey, () => options.run(signal))
  const loop = new WorkerLoop<R>({
    name: options.name,
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? options.intervalMs,
    log: options.log,
    pass: async (signal) =>
      options.eachInstance
        ? options.eachInstance(await locked(signal), signal)
        : ((await locked(signal)) as R),
  })
  const whenStopped = (options.eachInstance ? options.whenStopped : { ran: false }) as R
  return {
    start: () => loop.start(),
    runOnce: () => loop.runNowOr(whenStopped),
    async stop(graceMs) {
      await loop.stop(graceMs)
    },
  }
}
