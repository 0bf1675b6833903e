/**
 * When a webhook that was not answered with 2xx is tried again: after the base delay, then five
 * times longer each time, up to 360 times the base, each delay up to a fifth shorter at random
 * (core/retry/backoff.ts, so that the events of a merchant whose server was down do not all come
 * back at once). With the default base of one minute that is at most 1 min, 5 min, 25 min,
 * 2 h 5 min, then every 6 h: 10 attempts over at most about 32 hours (and at least 26).
 */
import { backoffDelayMs } from '#core/retry/backoff.ts'

export const MAX_ATTEMPTS = 10
export const DEFAULT_BASE_DELAY_MS = 60_000
const GROWTH = 5
const CAP_IN_BASE_DELAYS = 360

/** The delay before the attempt after `attempts` failed ones, or undefined when they are spent. */
export function retryDelayMs(
  attempts: number,
  baseDelayMs: number,
  random?: () => number,
): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined
  return backoffDelayMs(
    attempts,
    { baseMs: baseDelayMs, growth: GROWTH, capMs: baseDelayMs * CAP_IN_BASE_DELAYS },
    random,
  )
}
