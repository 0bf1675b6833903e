import { describe, expect, it } from 'vitest'
import {
  type BenchResults,
  failed,
  formatChecks,
  formatPageRuns,
  formatRatio,
  judge,
  type ServerRun,
} from './budgets.ts'
import type { RateResult } from './load.ts'

const latency = { count: 1000, p50: 2, p90: 4, p99: 8, max: 20 }
const run = (rate: number, more: Partial<ServerRun> = {}): ServerRun => ({
  rate,
  requests: rate * 10,
  seconds: 10,
  non2xx: 0,
  errors: 0,
  bytesPerAnswer: 9000,
  latency,
  cpuSeconds: 9.5,
  ...more,
})
const api = (more: Partial<RateResult> = {}): BenchResults['api'] => ({
  rate: 199.5,
  requests: 3990,
  seconds: 20,
  non2xx: 0,
  errors: 0,
  bytesPerAnswer: 300,
  latency: { count: 3990, p50: 3, p90: 6, p99: 12, max: 30 },
  askedRate: 200,
  ...more,
})
const stored = (count: number) => ({
  contactMessages: count,
  outbox: { delivered: count },
  mailFiles: count,
})
const byName = (results: BenchResults) =>
  Object.fromEntries(judge(results).map((check) => [check.name, check.ok]))

describe('judge', () => {
  it('passes a run within every budget', () => {
    const results: BenchResults = {
      ours: run(4000),
      nginx: run(9000),
      api: api(),
      stored: stored(4390),
      accepted: 4390,
      inFlightLimit: 8,
    }
    expect(failed(judge(results))).toEqual([])
    expect(judge(results)).toHaveLength(6)
  })

  it('fails a page rate under 40 % of nginx and skips the ratio without nginx', () => {
    expect(byName({ ours: run(3500), nginx: run(9000) })["page rate ≥ 40.0 % of nginx's"]).toBe(
      false,
    )
    expect(byName({ ours: run(3600), nginx: run(9000) })["page rate ≥ 40.0 % of nginx's"]).toBe(
      true,
    )
    const alone = judge({ ours: run(3500) })
    expect(alone.find((check) => check.name.startsWith('page rate'))).toMatchObject({
      ok: undefined,
      detail: 'nginx not measured in this run',
    })
    expect(failed(alone)).toEqual([])
  })

  it('fails page errors on either server', () => {
    expect(
      byName({ ours: run(4000), nginx: run(9000, { errors: 3 }) })['page answered without errors'],
    ).toBe(false)
    expect(byName({ ours: run(4000, { non2xx: 1 }) })['page answered without errors']).toBe(false)
  })

  it('fails a p99 over 50 ms, a rate not held, and any failed request', () => {
    expect(
      byName({ api: api({ latency: { ...latency, p99: 50.1 } }) })['contact API p99 ≤ 50 ms'],
    ).toBe(false)
    expect(
      byName({ api: api({ latency: { ...latency, p99: 50 } }) })['contact API p99 ≤ 50 ms'],
    ).toBe(true)
    expect(byName({ api: api({ rate: 150 }) })['contact API held 200 requests/s']).toBe(false)
    expect(
      byName({ api: api({ non2xx: 1 }) })['contact API answered every request with success'],
    ).toBe(false)
    expect(
      byName({ api: api({ errors: 1 }) })['contact API answered every request with success'],
    ).toBe(false)
  })

  it('says when the API was not driven at the budget rate', () => {
    const check = judge({ api: api({ rate: 50 }), ...{} }).find((c) => c.name.includes('p99'))
    expect(check?.detail).toBe('12.0 ms')
    const slow = judge({ api: { ...api()!, askedRate: 50, rate: 50 } }).find((c) =>
      c.name.includes('p99'),
    )
    expect(slow?.detail).toContain("not the budget's 200/s")
  })

  it('counts every accepted message stored, delivered and written, allowing requests cut off in flight', () => {
    const check = (results: Partial<BenchResults>) =>
      byName({ api: api(), accepted: 100, inFlightLimit: 4, ...results })[
        'every accepted message stored and mailed'
      ]
    expect(check({ stored: stored(100) })).toBe(true)
    expect(check({ stored: stored(104) })).toBe(true)
    expect(check({ stored: stored(105) })).toBe(false)
    expect(check({ stored: stored(99) })).toBe(false)
    expect(check({ stored: { ...stored(100), outbox: { delivered: 98, pending: 2 } } })).toBe(false)
    expect(check({ stored: { ...stored(100), mailFiles: 99 } })).toBe(false)
  })
})

describe('formatting', () => {
  it('marks each check and lines up the page table', () => {
    const text = formatChecks(judge({ ours: run(4000), nginx: run(9000) }))
    expect(text).toContain('ok   page answered without errors')
    expect(text).toContain("FAIL page rate ≥ 40.0 % of nginx's: 44.4 %".replace('FAIL', 'ok  '))
    const table = formatPageRuns([
      ['ours', run(4000)],
      ['nginx', run(9000, { cpuSeconds: 5 })],
    ]).split('\n')
    expect(table[0]).toMatch(/^ {2}server +req\/s +server CPU +req\/CPU-s/)
    expect(table[1]).toMatch(/^ {2}ours +4000 +95\.0 % +4211 +9000 +2\.0 ms +8\.0 ms$/)
    expect(table[2]).toMatch(/^ {2}nginx +9000 +50\.0 % +18000 /)
    expect(new Set(table.map((line) => line.length)).size).toBe(1)
  })

  it('gives the ratio of rates and of requests per CPU second, and says when nginx idled', () => {
    const busy = formatRatio(run(4000, { cpuSeconds: 10 }), run(9000, { cpuSeconds: 9.5 }))
    expect(busy).toBe(
      "  ours/nginx: 44.4 % of the requests a second (the budget's measure), 42.2 % of the requests per CPU second",
    )
    const idle = formatRatio(run(4000, { cpuSeconds: 10 }), run(9000, { cpuSeconds: 3 })).split(
      '\n',
    )
    expect(idle[0]).toContain('13.3 % of the requests per CPU second')
    expect(idle[1]).toBe(
      '  nginx was busy 30.0 % of the time: the load generator (one Node.js thread) or other work on the machine held it back, so the ratio of rates flatters our server.',
    )
  })
})
