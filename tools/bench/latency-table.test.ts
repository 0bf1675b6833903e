import { describe, expect, it } from 'vitest'
import { formatLatency, latencyOf, ratio, textTable } from './latency-table.ts'

describe('bench latency table', () => {
  it('takes p50, p95 and p99 by nearest rank', () => {
    const samples = Array.from({ length: 200 }, (_, index) => 200 - index)
    expect(latencyOf(samples)).toEqual({ p50: 100, p95: 190, p99: 198 })
    expect(formatLatency(latencyOf(samples))).toBe('100.0 / 190.0 / 198.0')
  })

  it('has no ratio without a base', () => {
    expect(ratio(2.2, 2)).toBeCloseTo(1.1)
    expect(ratio(2, 0)).toBeNaN()
    expect(ratio(2, Number.NaN)).toBeNaN()
  })

  it('pads every column to its widest cell and ends no line in spaces', () => {
    expect(
      textTable(
        ['', 'a', 'goal'],
        [
          ['long name', '1.0'],
          ['x', '22.5', 'PASS'],
        ],
      ),
    ).toBe(['           a     goal', 'long name  1.0', 'x          22.5  PASS'].join('\n'))
  })
})
