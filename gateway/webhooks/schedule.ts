/**
 * When a webhook that was not answered with 2xx is tried again: after the base delay, then five
 * times longer each time, up to 360 times the base. With the default base of one minute that is
 * 1 min, 5 min, 25 min, 2 h 5 min, then every 6 h: 10 attempts over about 32 hours.
 */
export const MAX_ATTEMPTS = 10
export const DEFAULT_BASE_DELAY_MS = 60_000
const GROWTH = 5
const CAP_IN_BASE_DELAYS = 360

/** The delay before the attempt after `attempts` failed ones, or undefined when they are spent. */
export function retryDelayMs(attempts: number, baseDelayMs: number): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined
  const factor = Math.min(GROWTH ** Math.max(0, attempts - 1), CAP_IN_BASE_DELAYS)
  return baseDelayMs * factor
}
