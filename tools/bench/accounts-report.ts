/**
 * The figures of `npm run bench:accounts` (tools/accounts-bench.ts) and its goals: the demo
 * merchant's calls no slower with many accounts in the database, and an account made quickly.
 */
import { formatLatency, type Latency, ratio, textTable } from './latency-table.ts'

/** The goals: loaded p50 at most 10 % over empty, and account creation's p99 at most 50 ms. */
export const accountGoals = { loadedP50Ratio: 1.1, creationP99Ms: 50 } as const

export interface DemoCall {
  name: string
  empty: Latency
  loaded: Latency
}

export interface AccountsFigures {
  calls: readonly DemoCall[]
  creation: Latency
}

export interface AccountsVerdict {
  table: string
  pass: boolean
}

/** The table (times in ms, p50 / p95 / p99) and whether every goal holds. */
export function accountsVerdict(figures: AccountsFigures): AccountsVerdict {
  const header = ['', 'empty p50/p95/p99', 'loaded p50/p95/p99', 'p50 ×', 'p99 ×', 'goal']
  const rows: string[][] = []
  let pass = true
  for (const call of figures.calls) {
    const p50Ratio = ratio(call.loaded.p50, call.empty.p50)
    const ok = p50Ratio <= accountGoals.loadedP50Ratio
    pass &&= ok
    rows.push([
      call.name,
      formatLatency(call.empty),
      formatLatency(call.loaded),
      p50Ratio.toFixed(3),
      ratio(call.loaded.p99, call.empty.p99).toFixed(3),
      `${ok ? 'PASS' : 'FAIL'} (p50 × ≤ ${accountGoals.loadedP50Ratio.toFixed(2)})`,
    ])
  }
  const creationOk = figures.creation.p99 <= accountGoals.creationP99Ms
  pass &&= creationOk
  rows.push([
    'Account creation',
    '',
    formatLatency(figures.creation),
    '',
    '',
    `${creationOk ? 'PASS' : 'FAIL'} (p99 ≤ ${accountGoals.creationP99Ms} ms)`,
  ])
  return { table: textTable(header, rows), pass }
}
