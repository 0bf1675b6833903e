import { describe, expect, it } from 'vitest'
import { type MemorySample, memoryTrend, parseProcStatus } from './memory.ts'

const status = `Name:\tnode
State:\tS (sleeping)
VmPeak:\t 1234567 kB
VmHWM:\t  512000 kB
VmRSS:\t  480000 kB
RssAnon:\t  400000 kB
Threads:\t11
`

const MB = 1024 * 1024

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM in bytes', () => {
    expect(parseProcStatus(status)).toEqual({ rss: 480000 * 1024, peakRss: 512000 * 1024 })
  })

  it('refuses a status without VmRSS', () => {
    expect(() => parseProcStatus('Name:\tnode\n')).toThrow(/VmRSS/)
  })
})

describe('memoryTrend', () => {
  const samples: MemorySample[] = [0, 1, 2, 3, 4, 5].map((minute) => ({
    at: minute * 60_000,
    // A jump during warm-up, then 0.5 MB a minute.
    rss: (minute === 0 ? 100 : 200 + 0.5 * minute) * MB,
    heapUsed: minute === 5 ? undefined : 30 * MB,
  }))

  it('fits the growth after the warm-up only', () => {
    const trend = memoryTrend(samples, 'rss', 60_000)!
    expect(trend.first).toBe(100 * MB)
    expect(trend.last).toBe(202.5 * MB)
    expect(trend.max).toBe(202.5 * MB)
    expect(trend.growthPerMinute! / MB).toBeCloseTo(0.5)
    expect(trend.fitted).toBe(5)
    expect(trend.fittedMs).toBe(4 * 60_000)
  })

  it('skips samples without the measure, and gives no growth with too few', () => {
    const heap = memoryTrend(samples, 'heapUsed', 60_000)!
    expect(heap.growthPerMinute).toBeCloseTo(0)
    expect(heap.fitted).toBe(4)
    expect(memoryTrend(samples.slice(0, 2), 'rss', 0)!.growthPerMinute).toBeUndefined()
    expect(memoryTrend(samples, 'external', 0)).toBeUndefined()
  })
})
