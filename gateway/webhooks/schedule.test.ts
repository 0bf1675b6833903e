import { describe, expect, it } from 'vitest'
import { DEFAULT_BASE_DELAY_MS, MAX_ATTEMPTS, retryDelayMs } from './schedule.ts'

describe('retryDelayMs', () => {
  it('grows five times each attempt from the base, capped at 360 times the base, before jitter', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
      retryDelayMs(index + 1, 1000, () => 0),
    )
    expect(delays).toEqual([
      1000, 5000, 25_000, 125_000, 360_000, 360_000, 360_000, 360_000, 360_000,
    ])
  })

  it('takes up to a fifth off each delay at random', () => {
    const shortest = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
      retryDelayMs(index + 1, 1000, () => 1),
    )
    expect(shortest).toEqual([
      800, 4000, 20_000, 100_000, 288_000, 288_000, 288_000, 288_000, 288_000,
    ])
  })

  it('keeps trying for at least 8 attempts over at least 24 hours with the default base, whatever the jitter', () => {
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(8)
    let total = 0
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) {
      total += retryDelayMs(attempts, DEFAULT_BASE_DELAY_MS, () => 1)!
    }
    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000)
  })

  it('gives up after the last attempt', () => {
    expect(retryDelayMs(MAX_ATTEMPTS, 1000)).toBeUndefined()
  })
})
