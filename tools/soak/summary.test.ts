import { describe, expect, it } from 'vitest'
import { summarise, topErrors } from './summary.ts'

describe('summarise', () => {
  it('counts, failures and latency per kind, in the order given, leaving out kinds not seen', () => {
    const items = [
      ...Array.from({ length: 100 }, (_, index) => ({
        kind: 'page',
        ms: index + 1,
        failed: false,
      })),
      { kind: 'contact', ms: 12, failed: true },
      { kind: 'contact', ms: 8, failed: false },
    ]
    expect(summarise(items, ['contact', 'career', 'page'])).toEqual([
      { kind: 'contact', count: 2, failed: 1, p50: 8, p99: 12, max: 12 },
      { kind: 'page', count: 100, failed: 0, p50: 50, p99: 99, max: 100 },
    ])
  })
})

describe('topErrors', () => {
  it('counts each message and lists the most frequent first', () => {
    expect(topErrors(['a', 'b', 'b', 'c', 'b', 'a'], 2)).toEqual([
      ['b', 3],
      ['a', 2],
    ])
  })
})
