import { budgets, type Check, type ServerRun, storedCheck, table } from './budgets.ts'
import type { StoredCounts } from './outbox-count.ts'

/** What the worker comparison measured with one WEB_CONCURRENCY. */
export interface WorkerRun {
  workers: number
  /** The page at the highest rate. */
  page: ServerRun
  /** The contact API at the highest rate. */
  apiMax: ServerRun
  /** The contact API at the asked rate. */
  api: ServerRun
  askedRate: number
}

export const workerCount = (count: number) => `${count} worker${count === 1 ? '' : 's'}`

/** CPU seconds a second as a share of one core: two busy cores are 200 %. */
const cpu = (run: ServerRun) => `${((run.cpuSeconds / run.seconds) * 100).toFixed(0)} %`
const times = (value: number) => `${value.toFixed(2)}×`

/** One line per worker count, in the order they ran. */
export function formatWorkerTable(runs: readonly WorkerRun[]): string {
  const askedRates = new Set(runs.map((run) => run.askedRate))
  const rate = askedRates.size === 1 ? `${[...askedRates][0]}/s` : 'the asked rate'
  const rows = runs.map((run) => {
    const held = run.api.rate >= run.askedRate * budgets.rateHeld
    return [
      String(run.workers),
      run.page.rate.toFixed(0),
      cpu(run.page),
      run.apiMax.rate.toFixed(0),
      cpu(run.apiMax),
      `${run.api.latency.p50.toFixed(1)} / ${run.api.latency.p99.toFixed(1)} ms` +
        (held ? '' : ` (held only ${run.api.rate.toFixed(0)}/s)`),
      cpu(run.api),
    ]
  })
  return table(
    [
      'workers',
      'page req/s',
      'page CPU',
      'API max req/s',
      'API max CPU',
      `API p50 / p99 at ${rate}`,
      `CPU at ${rate}`,
    ],
    rows,
  )
}

/**
 * Each count's rates at the highest load as a multiple of the smallest count's (2 workers to
 * 1 for --workers 1,2), with the server CPU it took. Empty when only one count ran.
 */
export function formatWorkerRatios(runs: readonly WorkerRun[]): string {
  if (runs.length < 2) return ''
  const base = runs.reduce((least, run) => (run.workers < least.workers ? run : least))
  const ratio = (value: number, of: number) => (of > 0 ? times(value / of) : '-')
  return runs
    .filter((run) => run !== base)
    .map(
      (run) =>
        `  ${workerCount(run.workers)} / ${workerCount(base.workers)}: ` +
        `page ${ratio(run.page.rate, base.page.rate)}, ` +
        `contact API ${ratio(run.apiMax.rate, base.apiMax.rate)} the requests a second at the highest rate ` +
        `(server CPU ${ratio(run.page.cpuSeconds / run.page.seconds, base.page.cpuSeconds / base.page.seconds)} ` +
        `and ${ratio(run.apiMax.cpuSeconds / run.apiMax.seconds, base.apiMax.cpuSeconds / base.apiMax.seconds)})`,
    )
    .join('\n')
}

/** Below this share of what its workers can use, a run's rate was held back by something else. */
const busyEnough = 0.9

/**
 * The runs at the highest rate where the server's processes were not kept busy: the figure is
 * then the load generator's, PostgreSQL's or the machine's, not what that many workers can do.
 * `cores`: the machine's; N workers can use at most min(N, cores) of them.
 */
export function formatWorkerLimits(runs: readonly WorkerRun[], cores: number): string {
  return runs
    .flatMap((run) => {
      const usable = Math.min(run.workers, cores)
      return (
        [
          ['page', run.page],
          ['contact API', run.apiMax],
        ] as const
      )
        .filter(([, r]) => r.cpuSeconds / r.seconds < busyEnough * usable)
        .map(
          ([label, r]) =>
            `  ${label} with ${workerCount(run.workers)}: the server was busy ${cpu(r)} of the ` +
            `${usable * 100} % it could use; the load generator, PostgreSQL or other work on the ` +
            'machine held it back, so that rate is not what the workers can do.',
        )
    })
    .join('\n')
}

export interface WorkerOutcome {
  run: WorkerRun
  /** Rows the run added to the database, and its .eml files. */
  stored: StoredCounts
  /** Contact messages answered with success, warm-ups included. */
  accepted: number
  /** Requests that may have been in flight when the contact API runs stopped. */
  inFlightLimit: number
  /** Mails that were waiting in the database's outbox before and went out during the run. */
  taken: number
  /** The server's exit code after SIGTERM (null: killed). */
  exitCode: number | null
}

/** What must hold for a worker count's figures to count: no budgets, only correctness. */
export function workerChecks(outcome: WorkerOutcome): Check[] {
  const { run } = outcome
  const name = workerCount(run.workers)
  const measuredRuns: [string, ServerRun][] = [
    ['page', run.page],
    ['API max', run.apiMax],
    [`API at ${run.askedRate}/s`, run.api],
  ]
  const stored = storedCheck(outcome.stored, outcome.accepted, outcome.inFlightLimit, outcome.taken)
  return [
    {
      name: `${name}: every request answered with success`,
      ok: measuredRuns.every(([, r]) => r.non2xx === 0 && r.errors === 0),
      detail: measuredRuns
        .map(([label, r]) => `${label}: ${r.non2xx} non-2xx, ${r.errors} errors`)
        .join('; '),
    },
    { ...stored, name: `${name}: ${stored.name}` },
    {
      name: `${name}: server stopped cleanly`,
      ok: outcome.exitCode === 0,
      detail: `exit code ${outcome.exitCode ?? 'none (killed)'}`,
    },
  ]
}
