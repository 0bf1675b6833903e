/**
 * npm run bench:collections [-- --requests 300 --races 20 --racers 8]
 *   (tools/collections-bench.ts)
 *
 * What payment links and virtual accounts cost the sandbox, and whether a link is paid once
 * under load. On the database of DATABASE_URL (PostgreSQL; without it, an in-memory PGlite), a
 * sandbox on 127.0.0.1 gets one new account. After a warm-up, --requests of each are timed one
 * after the other: the demo merchant's signed status enquiry (the baseline, one read), a link
 * made (a link and its charge written), a link's status, and a test credit into a virtual
 * account (a credit and its webhook event written). Then --races links are each opened by
 * --racers attempts and all paid by card at once. A benchmark, not a test: the goals are a
 * link's and a credit's p50 within 3 times the status enquiry's, and every race ending with one
 * captured payment and the others refused 373 (exit 1 otherwise). Everything it made is
 * deleted, also when it fails or is interrupted.
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../jobs/sql-rows.ts'
import {
  accountsCalls,
  type BenchAccount,
  formPost,
  signedCall,
  timeSequential,
  warmUp,
} from '#tools/bench/accounts-calls.ts'
import {
  benchRows,
  type BenchRows,
  insertDemoPayment,
  removeBenchRows,
} from '#tools/bench/accounts-load.ts'
import { collectionsVerdict } from '#tools/bench/collections-report.ts'
import { latencyOf } from '#tools/bench/latency-table.ts'
import { startBenchSandbox } from '#tools/bench/sandbox-server.ts'
import {
  cleanUpOnSignals,
  optionsOrExit,
  positive,
  readFlags,
} from '#tools/measure/command-line.ts'

const usage = `npm run bench:collections [-- --requests 300 --races 20 --racers 8]

Times, --requests each in turn on one new sandbox account, the demo merchant's status enquiry,
a payment link made, a link's status and a test credit into a virtual account; then pays each
of --races links with --racers attempts at once. On DATABASE_URL (PostgreSQL) or an in-memory
PGlite. Deletes what it made.`

const defaults = { requests: 300, races: 20, racers: 8 }
const { requests, races, racers } = optionsOrExit((args) => {
  const flags = readFlags(
    args,
    { requests: { type: 'string' }, races: { type: 'string' }, racers: { type: 'string' } },
    'npm run bench:collections',
  )
  if (flags === 'help') return flags
  const read = (name: keyof typeof defaults) =>
    positive(`--${name}`, flags[name] ?? String(defaults[name]), { integer: true })
  return { requests: read('requests'), races: read('races'), racers: read('racers') }
}, usage)

/** Shorter than bench:accounts': the calls here are few and the same each round. */
const WARM_UP = { seconds: 5, rounds: { least: 50, most: 2_000 } }

/**
 * One race: a link opened by `racers` attempts, all paid by card at once. Answers the response
 * codes the attempts ended with.
 */
async function race(sandboxUrl: string, account: BenchAccount, index: number): Promise<string[]> {
  const link = await signedCall(sandboxUrl, account, 'paylink', {
    AMOUNT: '49900',
    CURRENCY_CODE: '356',
    DESCRIPTION: `Bench race ${index}`,
  })
  const shortPath = new URL(link.SHORT_URL!).pathname
  const origin = new URL(sandboxUrl).origin
  const attempts: string[] = []
  for (let racer = 0; racer < racers; racer++) {
    const opened = await fetch(`${origin}${shortPath}/pay`, formPost({ lang: 'en' }))
    const location = opened.headers.get('location')
    await opened.arrayBuffer()
    if (opened.status !== 303 || !location?.includes('/pay/')) {
      throw new Error(`Attempt ${racer} of ${link.PAYLINK_ID}: HTTP ${opened.status}`)
    }
    attempts.push(location)
  }
  const card = { number: '4111111111111111', expiry: '12/39', cvv: '123', name: 'Bench' }
  await Promise.all(
    attempts.map(async (attempt) => {
      const paid = await fetch(`${origin}${attempt}/card`, formPost(card))
      await paid.arrayBuffer()
    }),
  )
  const codes = await rowsOf<{ response_code: string | null }>(
    benchDb!,
    sql`SELECT response_code FROM sandbox_transactions
      WHERE pay_id = ${account.payId} AND order_id LIKE ${`${link.PAYLINK_ID}-%`}`,
  )
  return codes.map((row) => row.response_code ?? 'open')
}

let benchDb: Parameters<typeof rowsOf>[0] | undefined

async function main(): Promise<boolean> {
  const sandbox = await startBenchSandbox({ poolSize: 10, webhooks: { eventsPerDay: 0 } })
  const { db, demo } = sandbox
  benchDb = db
  const sandboxUrl = sandbox.url
  let rows: BenchRows | undefined
  let cleaned: Promise<void> | undefined
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        await sandbox.stop()
        if (rows) {
          const removed = await removeBenchRows(db, rows, 0, demo.payId)
          console.log(
            `Deleted ${removed.accounts} account with ${removed.paylinks} links, ${removed.virtualAccounts} virtual account, ${removed.vaCredits} credits, ${removed.transactions} payments and ${removed.webhookEvents} webhook events, and ${removed.demo} demo payment`,
          )
        }
      } finally {
        await sandbox.closeDatabase()
      }
    })())
  cleanUpOnSignals(cleanUp, 'deleting the benchmark rows')

  try {
    rows = await benchRows(db, { name: 'Collections bench', orderPrefix: 'BC' })
    await insertDemoPayment(db, demo.payId, `${rows.orderPrefix}PAID`)
    const calls = accountsCalls(sandboxUrl, demo, `${rows.orderPrefix}PAID`)
    const account = await calls.createAccount(rows.accountName)
    const va = await signedCall(sandboxUrl, account, 'virtual-account', {
      CUST_NAME: 'Bench Payer',
    })
    const link = await signedCall(sandboxUrl, account, 'paylink', {
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Bench link',
    })
    const work = {
      status: () => calls.status(),
      createLink: () =>
        signedCall(sandboxUrl, account, 'paylink', {
          AMOUNT: '150000',
          CURRENCY_CODE: '356',
          DESCRIPTION: 'Bench link',
        }),
      linkStatus: () =>
        signedCall(sandboxUrl, account, 'paylink/status', { PAYLINK_ID: link.PAYLINK_ID! }),
      credit: () =>
        signedCall(sandboxUrl, account, 'virtual-account/credit', {
          VA_ID: va.VA_ID!,
          AMOUNT: '1500000',
          MODE: 'IMPS',
        }),
    }
    await warmUp(WARM_UP.seconds, WARM_UP.rounds, ...Object.values(work))
    const timed = {
      status: latencyOf(await timeSequential(requests, work.status)),
      createLink: latencyOf(await timeSequential(requests, work.createLink)),
      linkStatus: latencyOf(await timeSequential(requests, work.linkStatus)),
      credit: latencyOf(await timeSequential(requests, work.credit)),
    }
    console.log(`Timed ${requests} of each (load average ${loadavg()[0]!.toFixed(2)})`)

    const outcomes: string[][] = []
    for (let index = 0; index < races; index++) {
      outcomes.push(await race(sandboxUrl, account, index))
    }
    console.log(
      `Ran ${races} races of ${racers} attempts (load average ${loadavg()[0]!.toFixed(2)})`,
    )

    const verdict = collectionsVerdict({ ...timed, races: outcomes })
    console.log(
      `\n${sandbox.databaseName}, ${requests} sequential calls each (ms; p50 / p95 / p99):\n${verdict.table}\n`,
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
