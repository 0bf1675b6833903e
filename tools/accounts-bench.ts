/**
 * npm run bench:accounts [-- --requests 300 --accounts 1000 --payments 100 --creations 200]
 *   (tools/accounts-bench.ts)
 *
 * Whether sandbox accounts cost the demo merchant anything. On the database of DATABASE_URL
 * (PostgreSQL; without it, an in-memory PGlite), a sandbox on 127.0.0.1 answers the demo
 * merchant's signed status enquiry and its hosted payment page (the request and the page it
 * redirects to), timed one after the other after a warm-up, on the empty database and again
 * once --accounts accounts with --payments captured payments each are loaded; then --creations
 * accounts are made. A benchmark, not a test: the goals are a loaded p50 within 10 % of the
 * empty one and account creation's p99 within 50 ms (exit 1 when one is missed). Everything it
 * made is deleted, also when it fails or is interrupted.
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../jobs/sql-rows.ts'
import { accountsCalls, timeSequential, warmUp } from '#tools/bench/accounts-calls.ts'
import {
  benchRows,
  type BenchRows,
  insertDemoPayment,
  loadAccounts,
  removeBenchRows,
} from '#tools/bench/accounts-load.ts'
import { accountsVerdict, type DemoCall } from '#tools/bench/accounts-report.ts'
import { startBenchSandbox } from '#tools/bench/sandbox-server.ts'
import { latencyOf } from '#tools/bench/latency-table.ts'
import {
  cleanUpOnSignals,
  optionsOrExit,
  positive,
  readFlags,
} from '#tools/measure/command-line.ts'

const usage = `npm run bench:accounts [-- --requests 300 --accounts 1000 --payments 100 --creations 200]

Times the demo merchant's status enquiry and payment page, --requests of each in turn, on an
empty database and with --accounts sandbox accounts of --payments payments each, then
--creations new accounts; on DATABASE_URL (PostgreSQL) or an in-memory PGlite. Deletes them.`

const defaults = { requests: 300, accounts: 1000, payments: 100, creations: 200 }
const { requests, accounts, payments, creations } = optionsOrExit((args) => {
  const flags = readFlags(
    args,
    {
      requests: { type: 'string' },
      accounts: { type: 'string' },
      payments: { type: 'string' },
      creations: { type: 'string' },
    },
    'npm run bench:accounts',
  )
  if (flags === 'help') return flags
  const read = (name: keyof typeof defaults) =>
    positive(`--${name}`, flags[name] ?? String(defaults[name]), { integer: true })
  return {
    requests: read('requests'),
    accounts: read('accounts'),
    payments: read('payments'),
    creations: read('creations'),
  }
}, usage)

/**
 * Before each phase is timed, both demo calls in turn for 15 s (at least 100 and at most 5,000
 * of each). From a cold start they took 2 to 3 times as long for the first 7 s, and settled
 * after about 12 s (PGlite and PostgreSQL alike); with 30 or 300 calls of warm-up the empty
 * phase, timed first, was still warming up and came out up to twice as slow as the loaded one.
 */
const WARM_UP = { seconds: 15, rounds: { least: 100, most: 5_000 } }

async function main(): Promise<boolean> {
  const sandbox = await startBenchSandbox({ poolSize: 4 })
  const { db, demo } = sandbox
  const sandboxUrl = sandbox.url

  let rows: BenchRows | undefined
  let cleaned: Promise<void> | undefined
  // The sandbox stops answering first, so no call still under way adds a row once they are gone.
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        await sandbox.stop()
        if (rows) {
          const removed = await removeBenchRows(db, rows, accounts, demo.payId)
          console.log(
            `Deleted ${removed.accounts} accounts, ${removed.transactions} payments, ${removed.refunds} refunds and ${removed.demo} demo payments`,
          )
        }
      } finally {
        await sandbox.closeDatabase()
      }
    })())
  cleanUpOnSignals(cleanUp, 'deleting the benchmark rows')

  try {
    const [before] = await rowsOf<{ accounts: number; payments: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM sandbox_accounts) AS accounts,
        (SELECT count(*)::int FROM sandbox_transactions) AS payments`,
    )
    console.log(
      `${sandbox.databaseName}: ${before!.accounts} accounts and ${before!.payments} payments before the run`,
    )
    rows = await benchRows(db)
    const run = rows
    await insertDemoPayment(db, demo.payId, `${run.orderPrefix}PAID`)
    const calls = accountsCalls(sandboxUrl, demo, `${run.orderPrefix}PAID`)
    let orders = 0
    const paymentPage = () => calls.paymentPage(`${run.orderPrefix}${++orders}`)
    const measure = async (phase: string) => {
      await warmUp(WARM_UP.seconds, WARM_UP.rounds, calls.status, paymentPage)
      const figures = {
        status: latencyOf(await timeSequential(requests, () => calls.status())),
        page: latencyOf(await timeSequential(requests, paymentPage)),
      }
      // The machine's other work shows in the figures: its load is printed with them.
      console.log(`Measured ${phase} (load average ${loadavg()[0]!.toFixed(2)})`)
      return figures
    }

    const empty = await measure('empty')
    const loadStart = performance.now()
    const { refunds } = await loadAccounts(db, run, { accounts, payments })
    console.log(
      `Loaded ${accounts} accounts, ${accounts * payments} payments and ${refunds} refunds in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (ANALYZE included)`,
    )
    const loaded = await measure('loaded')
    await timeSequential(30, () => calls.createAccount(run.accountName))
    const creation = latencyOf(
      await timeSequential(creations, () => calls.createAccount(run.accountName)),
    )

    const demoCalls: DemoCall[] = [
      { name: 'Status enquiry', empty: empty.status, loaded: loaded.status },
      { name: 'Payment page', empty: empty.page, loaded: loaded.page },
    ]
    const verdict = accountsVerdict({ calls: demoCalls, creation })
    console.log(
      `\n${requests} sequential requests each (ms; p50 / p95 / p99), ${creations} creations:\n${verdict.table}\n`,
    )
    return verdict.pass
  } finally {
    await cleanUp()
  }
}

main().then(
  (pass) => {
    if (!pass) process.exitCode = 1
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 2
  },
)
