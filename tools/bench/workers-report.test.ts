import { describe, expect, it } from 'vitest'
import type { ServerRun } from './budgets.ts'
import {
  formatWorkerLimits,
  formatWorkerRatios,
  formatWorkerTable,
  type WorkerOutcome,
  type WorkerRun,
  workerChecks,
} from './workers-report.ts'

const latency = { count: 1000, p50: 2, p90: 4, p99: 8, max: 20 }
const run = (rate: number, cpuSeconds: number, more: Partial<ServerRun> = {}): ServerRun => ({
  rate,
  requests: rate * 10,
  seconds: 10,
  non2xx: 0,
  errors: 0,
  bytesPerAnswer: 9000,
  latency,
  cpuSeconds,
  ...more,
})
const workerRun = (workers: number, scale: number, more: Partial<WorkerRun> = {}): WorkerRun => ({
  workers,
  page: run(2000 * scale, 9.5 * scale),
  apiMax: run(800 * scale, 9 * scale),
  api: run(200, 2.5, { latency: { ...latency, p50: 2.25, p99: 11.04 } }),
  askedRate: 200,
  ...more,
})

describe('formatWorkerTable', () => {
  it('lines up one row per worker count with rates, CPU shares of one core and the latency', () => {
    const lines = formatWorkerTable([workerRun(1, 1), workerRun(2, 1.5)]).split('\n')
    expect(lines[0]).toBe(
      '  workers  page req/s  page CPU  API max req/s  API max CPU  API p50 / p99 at 200/s  CPU at 200/s',
    )
    expect(lines[1]).toBe(
      '  1              2000      95 %            800         90 %           2.3 / 11.0 ms          25 %',
    )
    expect(lines[2]).toMatch(/^ {2}2 +3000 +143 % +1200 +135 % +2\.3 \/ 11\.0 ms +25 %$/)
    expect(new Set(lines.map((line) => line.length)).size).toBe(1)
  })

  it('says when the asked rate was not held, so its latency is not at that rate', () => {
    const slow = workerRun(1, 1, { api: run(150, 10) })
    expect(formatWorkerTable([slow]).split('\n')[1]).toContain('2.0 / 8.0 ms (held only 150/s)')
  })
})

describe('formatWorkerRatios', () => {
  it('gives 2 workers to 1 for the page and the API, with the CPU each took', () => {
    expect(formatWorkerRatios([workerRun(1, 1), workerRun(2, 1.5)])).toBe(
      '  2 workers / 1 worker: page 1.50×, contact API 1.50× the requests a second at the highest rate (server CPU 1.50× and 1.50×)',
    )
  })

  it('compares every count with the smallest, in the order they ran, and is empty for one', () => {
    const lines = formatWorkerRatios([workerRun(4, 1.8), workerRun(2, 1.6)]).split('\n')
    expect(lines).toEqual([expect.stringMatching(/^ {2}4 workers \/ 2 workers: page 1\.13×/)])
    expect(formatWorkerRatios([workerRun(1, 1)])).toBe('')
    expect(
      formatWorkerRatios([workerRun(1, 1), { ...workerRun(2, 1), page: run(0, 0) }]),
    ).toContain('page 0.00×')
  })
})

describe('formatWorkerLimits', () => {
  it('names the highest-rate runs whose server was not kept busy, each count by the cores it can use', () => {
    const runs = [
      workerRun(1, 1, { page: run(9000, 4.2), apiMax: run(900, 9.5) }),
      workerRun(2, 1, { page: run(9000, 18.5), apiMax: run(900, 8.4) }),
      workerRun(4, 1, { page: run(9000, 18), apiMax: run(900, 17.9) }),
    ]
    expect(formatWorkerLimits(runs, 2).split('\n')).toEqual([
      '  page with 1 worker: the server was busy 42 % of the 100 % it could use; the load generator, PostgreSQL or other work on the machine held it back, so that rate is not what the workers can do.',
      '  contact API with 2 workers: the server was busy 84 % of the 200 % it could use; the load generator, PostgreSQL or other work on the machine held it back, so that rate is not what the workers can do.',
      '  contact API with 4 workers: the server was busy 179 % of the 200 % it could use; the load generator, PostgreSQL or other work on the machine held it back, so that rate is not what the workers can do.',
    ])
    expect(formatWorkerLimits([workerRun(1, 1)], 2)).toBe('')
  })
})

describe('workerChecks', () => {
  const outcome = (more: Partial<WorkerOutcome> = {}): WorkerOutcome => ({
    run: workerRun(2, 1),
    stored: { contactMessages: 1000, outbox: { delivered: 1000 }, mailFiles: 1000 },
    accepted: 998,
    inFlightLimit: 48,
    taken: 0,
    exitCode: 0,
    ...more,
  })
  const oks = (result: WorkerOutcome) => workerChecks(result).map((check) => check.ok)

  it('passes a count whose requests all succeeded, stored and mailed, stopped with 0', () => {
    expect(workerChecks(outcome()).map((check) => check.name)).toEqual([
      '2 workers: every request answered with success',
      '2 workers: every accepted message stored and mailed',
      '2 workers: server stopped cleanly',
    ])
    expect(oks(outcome())).toEqual([true, true, true])
  })

  it('fails errors in any run, rows missing from the database, and an unclean stop', () => {
    const failing = workerRun(2, 1, { apiMax: run(800, 9, { non2xx: 3 }) })
    const [answered] = workerChecks(outcome({ run: failing }))
    expect(answered).toMatchObject({ ok: false })
    expect(answered!.detail).toBe(
      'page: 0 non-2xx, 0 errors; API max: 3 non-2xx, 0 errors; API at 200/s: 0 non-2xx, 0 errors',
    )
    expect(oks(outcome({ accepted: 1001 }))).toEqual([true, false, true])
    // Mail that was waiting in the database before the run and went out with the bench's.
    const withTaken = outcome({
      stored: { contactMessages: 1000, outbox: { delivered: 1004, pending: -4 }, mailFiles: 1004 },
    })
    expect(oks(withTaken)[1]).toBe(false)
    expect(oks({ ...withTaken, taken: 4 })[1]).toBe(true)
    expect(workerChecks({ ...withTaken, taken: 4 })[1]!.detail).toBe(
      '998 answered with success, 1000 stored (2 cut off unanswered at the end of a run), 1004 delivered (4 of them waiting before the run), 1004 .eml files',
    )
    expect(oks(outcome({ exitCode: null }))[2]).toBe(false)
    expect(workerChecks(outcome({ exitCode: null }))[2]!.detail).toBe('exit code none (killed)')
  })
})
