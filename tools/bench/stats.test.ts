import { describe, expect, it } from 'vitest'
import { cpuSecondsFromStat, summarizeLatencies } from './stats.ts'

describe('summarizeLatencies', () => {
  it('sorts a copy and reports the tail', () => {
    const samples = [...Array.from({ length: 98 }, () => 2), 40, 3]
    expect(summarizeLatencies(samples)).toEqual({ count: 100, p50: 2, p90: 2, p99: 3, max: 40 })
    expect(samples[98]).toBe(40)
  })
})

describe('cpuSecondsFromStat', () => {
  it('adds user and system ticks, after a command name with spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 11 0 9 1 1'
    expect(cpuSecondsFromStat(stat)).toBe(3.25)
  })

  it('reads this process', async () => {
    const { readFile } = await import('node:fs/promises')
    const seconds = cpuSecondsFromStat(await readFile('/proc/self/stat', 'utf8'))
    expect(seconds).toBeGreaterThan(0)
  })

  it('refuses a line it cannot read', () => {
    expect(() => cpuSecondsFromStat('garbage')).toThrow('unreadable')
  })
})
