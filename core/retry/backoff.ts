/**
 * The one backoff formula of the repository: how long to wait before trying again after
 * `failures` failed tries in a row. Used by the stored retry schedules (mail in the outbox,
 * server/mail/outbox.ts; the sandbox's webhooks, gateway/webhooks/schedule.ts) and by the worker
 * loop after a failed pass (jobs/worker-loop.ts).
 *
 * The wait is the base, `growth` times longer after each further failure, never more than the
 * cap; then up to JITTER of it less, at random. Without the jitter, work that failed together
 * (every mail while the mail server was down, every webhook to a merchant whose server was down,
 * every instance when the database restarted) would all come back at the same instant. Taking
 * the jitter off rather than adding it keeps the cap a true longest wait.
 */
export interface Backoff {
  /** The wait after the first failure, before jitter. */
  baseMs: number
  /** How many times longer each further wait is. */
  growth: number
  /** The longest wait. */
  capMs: number
}

/** The largest share of a wait taken off at random. */
export const JITTER = 0.2

/**
 * The wait before the next try after `failures` failed ones (1 for the first failure), between
 * (1 - JITTER) and 1 times min(base × growth^(failures - 1), cap). `random` returns a number in
 * [0, 1), Math.random by default; tests pass their own.
 */
export function backoffDelayMs(
  failures: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  if (backoff.baseMs <= 0) return 0
  const ceiling = Math.min(
    backoff.baseMs * backoff.growth ** Math.max(0, failures - 1),
    backoff.capMs,
  )
  return Math.round(ceiling * (1 - JITTER * random()))
}
