/**
 * npm run bench:listen [-- --streams 100 --requests 300 --events 200]
 *   (tools/listen-bench.ts)
 *
 * What `paystra listen` streams cost the sandbox, and how quickly they deliver. On the database
 * of DATABASE_URL (PostgreSQL; without it, an in-memory PGlite), a sandbox on 127.0.0.1 gets
 * --streams accounts, each of which opens one event stream, read in this process as the command
 * line reads it (every event reported back with HTTP 200). The demo merchant's signed status
 * enquiry is timed --requests times one after the other, after a warm-up, with no stream open and
 * again with the streams open and idle; then --events payments are triggered one after another,
 * for each account in turn, and each is timed from the trigger's answer to its event's message
 * on that account's stream. A benchmark, not a test: the goals are an idle p50 within 10 % of
 * the one without streams, an event p99 within 1,500 ms, and every event on its stream once,
 * reported and delivered (exit 1 when one is missed). Everything it made is deleted, also when
 * it fails or is interrupted.
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { withHash } from '../core/protocol/hash.ts'
import { rowsOf, textArray } from '../jobs/sql-rows.ts'
import { accountsCalls, timeSequential, warmUp } from '#tools/bench/accounts-calls.ts'
import {
  benchRows,
  type BenchRows,
  insertDemoPayment,
  removeBenchRows,
} from '#tools/bench/accounts-load.ts'
import { startBenchSandbox } from '#tools/bench/sandbox-server.ts'
import { latencyOf } from '#tools/bench/latency-table.ts'
import { deliveryCounts, listenVerdict } from '#tools/bench/listen-report.ts'
import {
  type BenchListener,
  Deliveries,
  listen,
  type StreamAccount,
} from '#tools/bench/listen-stream.ts'
import {
  cleanUpOnSignals,
  optionsOrExit,
  positive,
  readFlags,
} from '#tools/measure/command-line.ts'

const usage = `npm run bench:listen [-- --streams 100 --requests 300 --events 200]

Opens one paystra listen event stream for each of --streams new sandbox accounts; times the
demo merchant's status enquiry, --requests in turn, without them and with them open and idle;
then triggers --events payments, one account after another, each timed until its event arrives
on that account's stream. On DATABASE_URL (PostgreSQL) or an in-memory PGlite. Deletes them.`

const defaults = { streams: 100, requests: 300, events: 200 }
const { streams, requests, events } = optionsOrExit((args) => {
  const flags = readFlags(
    args,
    {
      streams: { type: 'string' },
      requests: { type: 'string' },
      events: { type: 'string' },
    },
    'npm run bench:listen',
  )
  if (flags === 'help') return flags
  const read = (name: keyof typeof defaults) =>
    positive(`--${name}`, flags[name] ?? String(defaults[name]), { integer: true })
  return { streams: read('streams'), requests: read('requests'), events: read('events') }
}, usage)

/** As bench:accounts warms up before each phase (tools/accounts-bench.ts says why so long). */
const WARM_UP = { seconds: 15, rounds: { least: 100, most: 5_000 } }
/** An event not on its stream this long after its trigger's answer is counted missing. */
const EVENT_WAIT_MS = 10_000
/**
 * After the last event, how long a second copy of any has to show up: more than a stream's
 * one-second poll, so one handed out again would be seen.
 */
const SETTLE_MS = 2_500
/** How long the last reports have to be answered. */
const REPORT_WAIT_MS = 10_000

async function main(): Promise<boolean> {
  // As many connections as the site's own pool (server/db/database.ts): every open stream
  // queries through it.
  const sandbox = await startBenchSandbox({
    poolSize: 10,
    // No daily cap on an account's events: --events may exceed it with few --streams.
    webhooks: { eventsPerDay: 0 },
  })
  const { db, demo } = sandbox
  const sandboxUrl = sandbox.url

  let rows: BenchRows | undefined
  const listeners: BenchListener[] = []
  let cleaned: Promise<void> | undefined
  // The listeners go first and the sandbox stops answering next, so no stream or call still
  // under way adds a row once they are gone.
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        for (const listener of listeners) listener.close()
        await sandbox.stop()
        if (rows) {
          const removed = await removeBenchRows(db, rows, 0, demo.payId)
          console.log(
            `Deleted ${removed.accounts} accounts, ${removed.transactions} payments, ${removed.webhookEvents} webhook events and ${removed.demo} demo payments`,
          )
        }
      } finally {
        await sandbox.closeDatabase()
      }
    })())
  cleanUpOnSignals(cleanUp, 'closing the streams and deleting the benchmark rows')

  try {
    const [before] = await rowsOf<{ accounts: number; streams: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM sandbox_accounts) AS accounts,
        (SELECT count(*)::int FROM sandbox_event_streams) AS streams`,
    )
    console.log(
      `${sandbox.databaseName}: ${before!.accounts} accounts and ${before!.streams} open streams before the run`,
    )
    rows = await benchRows(db, { name: 'Listen bench', orderPrefix: 'BL' })
    const run = rows
    await insertDemoPayment(db, demo.payId, `${run.orderPrefix}PAID`)
    const calls = accountsCalls(sandboxUrl, demo, `${run.orderPrefix}PAID`)

    // The accounts exist in both phases, so only their streams tell them apart.
    const accounts: StreamAccount[] = []
    for (let index = 0; index < streams; index++) {
      accounts.push(await calls.createAccount(run.accountName))
    }
    const measure = async (phase: string) => {
      await warmUp(WARM_UP.seconds, WARM_UP.rounds, calls.status)
      const status = latencyOf(await timeSequential(requests, () => calls.status()))
      // The machine's other work shows in the figures: its load is printed with them.
      console.log(`Measured ${phase} (load average ${loadavg()[0]!.toFixed(2)})`)
      return status
    }

    const without = await measure('without streams')
    const deliveries = new Deliveries()
    const openStart = performance.now()
    for (const account of accounts) listeners.push(await listen(sandboxUrl, account, deliveries))
    console.log(
      `Opened ${streams} streams of ${streams} new accounts in ${((performance.now() - openStart) / 1000).toFixed(1)} s`,
    )
    const withStreams = await measure(`with ${streams} idle streams`)

    const orderIds: string[] = []
    const latencies: number[] = []
    let early = 0
    for (let index = 0; index < events; index++) {
      const account = accounts[index % accounts.length]!
      const orderId = await trigger(sandboxUrl, account)
      const answered = performance.now()
      orderIds.push(orderId)
      const arrived = await deliveries.arrivalOf(orderId, EVENT_WAIT_MS)
      if (arrived === undefined) continue
      // The sandbox wakes the streams before it answers the trigger, so an event can be read
      // before the answer: that is no wait at all.
      if (arrived < answered) early++
      latencies.push(Math.max(0, arrived - answered))
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    if (!(await deliveries.reported(REPORT_WAIT_MS))) {
      deliveries.problems.push(`Reports still unanswered after ${REPORT_WAIT_MS} ms`)
    }
    console.log(
      `Triggered ${events} payments (load average ${loadavg()[0]!.toFixed(2)}); ${early} events were read before their trigger's answer`,
    )
    const stored = await rowsOf<{ state: string; n: number }>(
      db,
      sql`SELECT state, count(*)::int AS n FROM sandbox_webhook_events
        WHERE pay_id = ANY(${textArray(accounts.map((account) => account.payId))}) GROUP BY state`,
    )
    for (const problem of deliveries.problems.slice(0, 10)) console.log(`  ${problem}`)

    const verdict = listenVerdict({
      streams,
      status: { without, with: withStreams },
      event: latencyOf(latencies),
      deliveries: deliveryCounts(orderIds, deliveries.arrivals),
      reported: deliveries.delivered,
      stored: {
        delivered: stored.find((row) => row.state === 'delivered')?.n ?? 0,
        all: stored.reduce((sum, row) => sum + row.n, 0),
      },
    })
    console.log(
      `\n${requests} sequential status enquiries each, ${events} events (ms; p50 / p95 / p99):\n${verdict.table}\n`,
    )
    return verdict.pass
  } finally {
    await cleanUp()
  }
}

/** `POST /pgws/trigger` payment.captured for the account: the ORDER_ID of the payment made. */
async function trigger(sandboxUrl: string, account: StreamAccount): Promise<string> {
  const response = await fetch(`${sandboxUrl}/pgws/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(
      withHash({ PAY_ID: account.payId, EVENT: 'payment.captured' }, account.salt),
    ),
  })
  const answer = (await response.json()) as Record<string, string>
  if (!response.ok || answer.RESPONSE_CODE !== '000' || !answer.ORDER_ID) {
    throw new Error(`Trigger answered HTTP ${response.status} ${JSON.stringify(answer)}`)
  }
  return answer.ORDER_ID
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
