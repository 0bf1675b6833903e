import { describe, expect, it } from 'vitest'
import { backoffDelayMs, JITTER } from './backoff.ts'

const doubling = { baseMs: 1000, growth: 2, capMs: 60_000 }

describe('backoffDelayMs', () => {
  it('grows from the base by its factor after each failure, up to the cap, before jitter', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8].map((failures) =>
      backoffDelayMs(failures, doubling, () => 0),
    )
    expect(ceilings).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000])
  })

  it('takes off at most JITTER of the wait at random, so the cap stays the longest wait', () => {
    expect(backoffDelayMs(3, doubling, () => 1)).toBe(4000 * (1 - JITTER))
    expect(backoffDelayMs(3, doubling, () => 0.5)).toBe(4000 * (1 - JITTER / 2))
    for (let i = 0; i < 1000; i++) {
      const wait = backoffDelayMs(10, doubling)
      expect(wait).toBeGreaterThanOrEqual(60_000 * (1 - JITTER))
      expect(wait).toBeLessThanOrEqual(60_000)
    }
  })

  it('stays at the cap however many failures, and is nothing when the base is nothing', () => {
    expect(backoffDelayMs(100_000, doubling, () => 0)).toBe(60_000)
    expect(backoffDelayMs(100_000, { ...doubling, baseMs: 0 }, () => 0)).toBe(0)
  })
})
