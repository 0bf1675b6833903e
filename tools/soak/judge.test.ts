import { describe, expect, it } from 'vitest'
import { judge, limits, type SoakOutcome } from './judge.ts'
import type { MemoryTrend } from './memory.ts'

const MB = 1024 * 1024

function trend(measure: MemoryTrend['measure'], growth: number, error = 0.05 * MB): MemoryTrend {
  return {
    measure,
    first: 100 * MB,
    last: 100 * MB,
    max: 101 * MB,
    growthPerMinute: growth,
    growthError: error,
    fitted: 24,
    fittedMs: 4 * 60_000,
  }
}

const clean: SoakOutcome = {
  failedActions: 0,
  failedRequests: 0,
  dropped: 0,
  serverExit: 0,
  serverProblems: 0,
  mail: { expected: 40, delivered: 40 },
  heap: trend('heapUsed', 0.1 * MB),
  rss: trend('rss', 1 * MB),
  minutes: 5,
}

describe('judge', () => {
  it('passes a clean run', () => {
    expect(judge(clean)).toEqual({ ok: true, problems: [], notes: [] })
  })

  it('does not judge the memory of a run too short to see past the warm-up', () => {
    const short = { ...trend('heapUsed', 3 * MB), fittedMs: 60_000 }
    const verdict = judge({ ...clean, heap: short, rss: { ...short, measure: 'rss' } })
    expect(verdict.ok).toBe(true)
    expect(verdict.notes).toEqual([
      'Memory growth is not judged: it needs 2 minutes of samples after the warm-up (a run of 3 minutes or more).',
    ])
  })

  it('fails on every kind of error', () => {
    const verdict = judge({
      ...clean,
      failedActions: 2,
      failedRequests: 1,
      dropped: 3,
      serverExit: 1,
      serverProblems: 4,
      mail: { expected: 40, delivered: 39 },
    })
    expect(verdict.ok).toBe(false)
    expect(verdict.problems).toEqual([
      '2 actions failed',
      '1 requests answered an error or no answer',
      '3 actions were not started: the server fell behind the rate',
      'the server did not stop cleanly on SIGTERM (exit 1)',
      "4 lines of the server's log speak of an error",
      '39 mails written for 40 accepted submissions',
    ])
  })

  it('fails a steady climb over the limits', () => {
    const verdict = judge({
      ...clean,
      heap: trend('heapUsed', limits.heapPerMinute * 1.5),
      rss: trend('rss', limits.rssPerMinute * 2),
    })
    expect(verdict.ok).toBe(false)
    expect(verdict.problems).toHaveLength(2)
    expect(verdict.problems[0]).toMatch(/^The heap after garbage collection grew/)
    expect(verdict.problems[1]).toMatch(/^The resident memory grew/)
  })

  it('puts a slope over the limit but within twice its error down to scatter', () => {
    const heap = trend('heapUsed', limits.heapPerMinute * 1.2, limits.heapPerMinute)
    expect(judge({ ...clean, heap }).ok).toBe(true)
  })

  it('fails a run whose server answered no heap samples', () => {
    expect(judge({ ...clean, heap: undefined }).problems).toEqual([
      'the server answered no heap samples',
    ])
  })
})
