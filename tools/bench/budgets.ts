import type { RateResult } from './load.ts'
import type { StoredCounts } from './outbox-count.ts'

/** docs/architecture.md "Budgets": the server on loopback. */
export const budgets = {
  /** Our rate on a prerendered page as a share of nginx's on the same file in the same run. */
  pageShareOfNginx: 0.4,
  /** Contact API p99 in milliseconds at `apiRate` requests a second, rate limiting off. */
  apiP99Ms: 50,
  apiRate: 200,
  /** Below this share of the asked rate, the latency was not measured at that rate. */
  rateHeld: 0.95,
}

export interface ServerRun extends RateResult {
  /** CPU seconds the server's processes used during the run. */
  cpuSeconds: number
}

export interface BenchResults {
  ours?: ServerRun
  nginx?: ServerRun
  api?: RateResult & { askedRate: number }
  stored?: StoredCounts
  /** Contact messages answered with success over the whole run, warm-up included. */
  accepted?: number
  /** Requests that may have been in flight when the contact API runs stopped. */
  inFlightLimit?: number
}

export interface Check {
  name: string
  /** undefined: not judged in this run (e.g. nginx left out). */
  ok: boolean | undefined
  detail: string
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`
const ms = (value: number) => `${value.toFixed(1)} ms`

export function judge(results: BenchResults): Check[] {
  const checks: Check[] = []
  const { ours, nginx, api, stored } = results
  if (ours) {
    checks.push({
      name: 'page answered without errors',
      ok:
        ours.non2xx === 0 &&
        ours.errors === 0 &&
        (!nginx || (nginx.non2xx === 0 && nginx.errors === 0)),
      detail: [ours, nginx]
        .filter((run) => run !== undefined)
        .map(
          (run, index) =>
            `${index === 0 ? 'ours' : 'nginx'}: ${run.non2xx} non-2xx, ${run.errors} errors`,
        )
        .join('; '),
    })
    const share = nginx && nginx.rate > 0 ? ours.rate / nginx.rate : undefined
    checks.push({
      name: `page rate ≥ ${pct(budgets.pageShareOfNginx)} of nginx's`,
      ok: share === undefined ? undefined : share >= budgets.pageShareOfNginx,
      detail: share === undefined ? 'nginx not measured in this run' : pct(share),
    })
  }
  if (api) {
    const atBudgetRate = api.askedRate === budgets.apiRate
    checks.push({
      name: `contact API held ${api.askedRate} requests/s`,
      ok: api.rate >= api.askedRate * budgets.rateHeld,
      detail: `${api.rate.toFixed(1)} answered/s`,
    })
    checks.push({
      name: `contact API p99 ≤ ${budgets.apiP99Ms} ms`,
      ok: api.latency.p99 <= budgets.apiP99Ms,
      detail: `${ms(api.latency.p99)}${atBudgetRate ? '' : ` (at ${api.askedRate}/s, not the budget's ${budgets.apiRate}/s)`}`,
    })
    checks.push({
      name: 'contact API answered every request with success',
      ok: api.non2xx === 0 && api.errors === 0,
      detail: `${api.non2xx} non-2xx, ${api.errors} errors`,
    })
    if (stored) {
      checks.push(
        storedCheck(stored, results.accepted ?? api.requests - api.non2xx, results.inFlightLimit),
      )
    }
  }
  return checks
}

/**
 * Every message answered with success is stored, delivered and written as a file. A request
 * still in flight when a run stops may be stored without its answer being counted: at most
 * `inFlightLimit` of them (one per connection and run). `taken`: mails that were already
 * waiting in a shared database's outbox and that the bench's server delivered too.
 */
export function storedCheck(
  stored: StoredCounts,
  accepted: number,
  inFlightLimit = 0,
  taken = 0,
): Check {
  const delivered = stored.outbox.delivered ?? 0
  const cutOff = stored.contactMessages - accepted
  return {
    name: 'every accepted message stored and mailed',
    ok:
      cutOff >= 0 &&
      cutOff <= inFlightLimit &&
      delivered === stored.contactMessages + taken &&
      stored.mailFiles === delivered,
    detail:
      `${accepted} answered with success, ${stored.contactMessages} stored` +
      `${cutOff > 0 ? ` (${cutOff} cut off unanswered at the end of a run)` : ''}, ` +
      `${delivered} delivered${taken > 0 ? ` (${taken} of them waiting before the run)` : ''}, ` +
      `${stored.mailFiles} .eml files`,
  }
}

export function failed(checks: readonly Check[]): Check[] {
  return checks.filter((check) => check.ok === false)
}

export function formatChecks(checks: readonly Check[]): string {
  return checks
    .map((check) => {
      const mark = check.ok === undefined ? 'SKIP' : check.ok ? 'ok  ' : 'FAIL'
      return `  ${mark} ${check.name}: ${check.detail}`
    })
    .join('\n')
}

/** One line per server: rate, server CPU share, rate per CPU second, bytes, latency. */
export function formatPageRuns(runs: readonly [string, ServerRun][]): string {
  const rows = runs.map(([name, run]) => [
    name,
    run.rate.toFixed(0),
    pct(run.cpuSeconds / run.seconds),
    run.cpuSeconds > 0 ? (run.requests / run.cpuSeconds).toFixed(0) : '-',
    run.bytesPerAnswer.toFixed(0),
    ms(run.latency.p50),
    ms(run.latency.p99),
  ])
  return table(['server', 'req/s', 'server CPU', 'req/CPU-s', 'bytes/answer', 'p50', 'p99'], rows)
}

/**
 * Our rate as a share of nginx's (what the budget judges) and our requests per CPU second as a
 * share of nginx's: when nginx was not kept busy, its rate is the load generator's, not its own.
 */
export function formatRatio(ours: ServerRun, nginx: ServerRun): string {
  const perCpu = (run: ServerRun) => run.requests / run.cpuSeconds
  const lines = [
    `  ours/nginx: ${pct(ours.rate / nginx.rate)} of the requests a second (the budget's measure), ` +
      `${pct(perCpu(ours) / perCpu(nginx))} of the requests per CPU second`,
  ]
  const busy = nginx.cpuSeconds / nginx.seconds
  if (busy < 0.9) {
    lines.push(
      `  nginx was busy ${pct(busy)} of the time: the load generator (one Node.js thread) or other ` +
        'work on the machine held it back, so the ratio of rates flatters our server.',
    )
  }
  return lines.join('\n')
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
  return [line(head), ...rows.map(line)].map((text) => `  ${text}`).join('\n')
}
