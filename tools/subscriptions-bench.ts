/**
 * npm run bench:subscriptions [-- --requests 300 --subscriptions 20 --races 10]
 *   (tools/subscriptions-bench.ts)
 *
 * What subscriptions cost the sandbox, how fast its clock walks a year of them, and whether two
 * instances advancing one clock at once charge each cycle once. On the database of DATABASE_URL
 * (PostgreSQL; without it, an in-memory PGlite), a sandbox on 127.0.0.1:
 *
 * 1. One new account. After a warm-up, --requests of each are timed one after the other: the demo
 *    merchant's signed status enquiry (the baseline, one read), a subscription made (UPI,
 *    MONTHLY, a SUBSCRIPTION_REF of its own each) and a registered subscription's status (its
 *    clock walked first, nothing due, then the row and its debits read).
 * 2. A second account with --subscriptions WEEKLY UPI subscriptions from today, each registered on
 *    its mandate page as a customer would (UPI ID, then PIN), half with success@upi and half
 *    with nofunds@upi (which fails every debit after registration, so retries and halts are
 *    walked too); then one clock advance of 365 days, timed: every notice, attempt and working
 *    day's settlement run of the year, in time order. The same advance of a third account with
 *    nothing in it is timed first: the clock's own cost, so what the subscriptions add is known.
 * 3. --races rounds, each a new account with one WEEKLY success@upi subscription registered, whose
 *    clock two sandbox instances on the same database are both asked at once to advance to the
 *    same time 30 days on. On PostgreSQL the two walks can overlap; on an in-memory PGlite, whose
 *    queries answer without giving the event loop a turn, the first advance holds this process
 *    until it ends and the second then finds the clock moved (364): the rounds still show that
 *    a second advance charges nothing twice, but only PostgreSQL races them ("overlapped").
 *
 * A benchmark, not a test: the goals are a subscription made and a subscription's status within
 * 3 times the status enquiry's p50; the year's advance in under 60 s; every success@upi
 * subscription with exactly one CHARGED debit a cycle (0 to 52 or 53) and every nofunds@upi one
 * HALTED after 4 FAILED attempts of cycle 1; and in every race each cycle charged once, with as
 * many captured payments as charged debits (exit 1 otherwise). Everything it made is deleted,
 * also when it fails or is interrupted.
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { istDateOf } from '../core/calendar/business-calendar.ts'
import { cycleDate, debitAt } from '../core/recurring/rules.ts'
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
import { latencyOf } from '#tools/bench/latency-table.ts'
import { type BenchSandbox, startBenchSandbox } from '#tools/bench/sandbox-server.ts'
import {
  type DebitRow,
  perStep,
  type RaceRound,
  subscriptionsVerdict,
  type WalkedSubscription,
  type YearWalk,
} from '#tools/bench/subscriptions-report.ts'
import {
  cleanUpOnSignals,
  optionsOrExit,
  positive,
  readFlags,
} from '#tools/measure/command-line.ts'

const usage = `npm run bench:subscriptions [-- --requests 300 --subscriptions 20 --races 10]

Times, --requests each in turn on one new sandbox account, the demo merchant's status enquiry,
a subscription made and a subscription's status; then advances a second account with
--subscriptions weekly UPI subscriptions (half failing every debit) by 365 days, timed; then,
--races times, has two sandbox instances advance one new account's clock 30 days at once. On
DATABASE_URL (PostgreSQL) or an in-memory PGlite. Deletes what it made.`

const defaults = { requests: 300, subscriptions: 20, races: 10 }
const { requests, subscriptions, races } = optionsOrExit((args) => {
  const flags = readFlags(
    args,
    {
      requests: { type: 'string' },
      subscriptions: { type: 'string' },
      races: { type: 'string' },
    },
    'npm run bench:subscriptions',
  )
  if (flags === 'help') return flags
  const read = (name: keyof typeof defaults) =>
    positive(`--${name}`, flags[name] ?? String(defaults[name]), { integer: true })
  return {
    requests: read('requests'),
    subscriptions: read('subscriptions'),
    races: read('races'),
  }
}, usage)

/** As bench:collections': the calls are few and the same each round. */
const WARM_UP = { seconds: 5, rounds: { least: 50, most: 2_000 } }
/** The year's walk and each race's advance. */
const WALK_DAYS = 365
const RACE_DAYS = 30
const DAY_MS = 86_400_000
const IST_OFFSET_MS = 330 * 60_000

let benchDb: BenchSandbox['db'] | undefined

/** The account's clock, as `/pgws/clock` reads it. */
async function clockOf(sandboxUrl: string, account: BenchAccount): Promise<Date> {
  return new Date((await signedCall(sandboxUrl, account, 'clock', {})).NOW!)
}

/** Makes a UPI subscription from the account clock's today: its answer (STATUS CREATED). */
async function subscribe(
  sandboxUrl: string,
  account: BenchAccount,
  reference: string,
  frequency: 'WEEKLY' | 'MONTHLY',
  today: string,
): Promise<Record<string, string>> {
  return signedCall(sandboxUrl, account, 'subscription', {
    SUBSCRIPTION_REF: reference,
    METHOD: 'UPI',
    AMOUNT: '49900',
    MAX_AMOUNT: '49900',
    FREQUENCY: frequency,
    START_DATE: today,
    DESCRIPTION: 'Bench plan: 1 GB cloud storage',
    CUST_NAME: 'Bench Customer',
    CUST_EMAIL: 'bench.customer@example.com',
    CUST_PHONE: '9876543210',
    RETURN_URL: 'http://127.0.0.1/subscription/return',
  })
}

/**
 * Registers a subscription on its mandate page as the customer does on the virtual UPI app: the
 * UPI ID and Approve (200, the PIN page), then the PIN (303 to the mandate).
 */
async function register(sandboxUrl: string, authUrl: string, vpa: string): Promise<void> {
  const code = new URL(authUrl).pathname.split('/').at(-1)!
  const page = `${sandboxUrl}/m/${code}`
  const pin = await fetch(`${page}/upi`, formPost({ vpa, decision: 'approve', lang: 'en' }))
  const html = await pin.text()
  if (pin.status !== 200 || !html.includes('UPI PIN')) {
    throw new Error(`Mandate ${code} with ${vpa}: HTTP ${pin.status} ${html.slice(0, 300)}`)
  }
  const done = await fetch(`${page}/upi/pin`, formPost({ vpa, pin: '1234', lang: 'en' }))
  await done.arrayBuffer()
  if (done.status !== 303) throw new Error(`Mandate ${code}'s PIN: HTTP ${done.status}`)
}

/** A weekly subscription's last cycle whose DEBIT_AT is at or before `to`. */
function lastWeeklyCycle(anchor: string, to: Date): number {
  let cycle = 0
  while (debitAt(cycleDate(anchor, 'WEEKLY', cycle + 1)) <= to) cycle++
  return cycle
}

/** An instant as TO takes it: ISO 8601 in IST, to the second. */
const istText = (instant: Date) =>
  `${new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`

interface StoredSubscription {
  id: string
  status: string
  instrument: string
  anchor_date: string
}

async function subscriptionsOf(payId: string): Promise<StoredSubscription[]> {
  return rowsOf<StoredSubscription>(
    benchDb!,
    sql`SELECT id, status, instrument, anchor_date FROM sandbox_subscriptions
      WHERE pay_id = ${payId} ORDER BY id`,
  )
}

async function debitsOf(payId: string): Promise<Map<string, DebitRow[]>> {
  const rows = await rowsOf<DebitRow & { subscription_id: string }>(
    benchDb!,
    sql`SELECT subscription_id, cycle, attempt, status FROM sandbox_subscription_debits
      WHERE pay_id = ${payId} ORDER BY subscription_id, cycle, attempt`,
  )
  const bySubscription = new Map<string, DebitRow[]>()
  for (const { subscription_id: id, cycle, attempt, status } of rows) {
    bySubscription.set(id, [...(bySubscription.get(id) ?? []), { cycle, attempt, status }])
  }
  return bySubscription
}

/** An account's debit rows: all of them, and those no longer NOTIFIED (attempts made). */
async function debitCounts(payId: string): Promise<{ rows: number; ended: number }> {
  const [counts] = await rowsOf<{ rows: number; ended: number }>(
    benchDb!,
    sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status <> 'NOTIFIED')::int AS ended
      FROM sandbox_subscription_debits WHERE pay_id = ${payId}`,
  )
  return counts!
}

/** Advances the account's clock by `days` in one call: the answer, and how long it took. */
async function advanceBy(
  sandboxUrl: string,
  account: BenchAccount,
  days: number,
): Promise<{ answer: Record<string, string>; milliseconds: number }> {
  const start = performance.now()
  const answer = await signedCall(sandboxUrl, account, 'clock/advance', { BY: `${days}d` })
  return { answer, milliseconds: performance.now() - start }
}

/**
 * The year's walk: `count` weekly subscriptions on a new account, every other one registered
 * with nofunds@upi, then its clock advanced by a year in one call, timed; and first the same
 * advance of `empty`, an account with nothing in it.
 */
async function yearWalk(
  sandboxUrl: string,
  account: BenchAccount,
  empty: BenchAccount,
  count: number,
): Promise<YearWalk> {
  const clockAlone = await advanceBy(sandboxUrl, empty, WALK_DAYS)
  const today = istDateOf(await clockOf(sandboxUrl, account))
  for (let index = 0; index < count; index++) {
    const made = await subscribe(sandboxUrl, account, `WALK-${index}`, 'WEEKLY', today)
    await register(sandboxUrl, made.AUTH_URL!, index % 2 === 0 ? 'success@upi' : 'nofunds@upi')
  }
  const before = await debitCounts(account.payId)
  const { answer: advanced, milliseconds } = await advanceBy(sandboxUrl, account, WALK_DAYS)
  const after = await debitCounts(account.payId)
  const to = new Date(advanced.NOW!)
  const debits = await debitsOf(account.payId)
  const walked: WalkedSubscription[] = (await subscriptionsOf(account.payId)).map((stored) => ({
    vpa: stored.instrument,
    status: stored.status,
    debits: debits.get(stored.id) ?? [],
    lastCycle: stored.anchor_date ? lastWeeklyCycle(stored.anchor_date, to) : -1,
  }))
  return {
    days: WALK_DAYS,
    milliseconds,
    emptyMilliseconds: clockAlone.milliseconds,
    notices: after.rows - before.rows,
    attempts: after.ended - before.ended,
    settlements: (JSON.parse(advanced.SETTLEMENTS!) as unknown[]).length,
    subscriptions: walked,
  }
}

/**
 * One race: a new account's one weekly success@upi subscription registered, then its clock both
 * instances are asked at once to advance to the same time 30 days on.
 */
async function race(
  first: BenchSandbox,
  second: BenchSandbox,
  account: BenchAccount,
  index: number,
): Promise<RaceRound> {
  const now = await clockOf(first.url, account)
  const made = await subscribe(first.url, account, `RACE-${index}`, 'WEEKLY', istDateOf(now))
  await register(first.url, made.AUTH_URL!, 'success@upi')
  const to = new Date(now.getTime() + RACE_DAYS * DAY_MS)
  // The one that finds the clock already moved answers 364 (not after its now).
  const advance = async (sandbox: BenchSandbox) =>
    (await signedCall(sandbox.url, account, 'clock/advance', { TO: istText(to) }, ['000', '364']))
      .RESPONSE_CODE!
  const codes = await Promise.all([advance(first), advance(second)])
  const [stored] = await subscriptionsOf(account.payId)
  const [payments] = await rowsOf<{ captured: number }>(
    benchDb!,
    sql`SELECT count(*)::int AS captured FROM sandbox_transactions
      WHERE pay_id = ${account.payId} AND status = 'Captured'`,
  )
  return {
    codes,
    debits: (await debitsOf(account.payId)).get(stored!.id) ?? [],
    lastCycle: lastWeeklyCycle(stored!.anchor_date, to),
    captured: payments!.captured,
  }
}

async function main(): Promise<boolean> {
  const sandbox = await startBenchSandbox({ poolSize: 10, webhooks: { eventsPerDay: 0 } })
  const { db, demo } = sandbox
  benchDb = db
  const sandboxUrl = sandbox.url
  let second: BenchSandbox | undefined
  let rows: BenchRows | undefined
  let cleaned: Promise<void> | undefined
  const cleanUp = () =>
    (cleaned ??= (async () => {
      try {
        await second?.stop()
        await sandbox.stop()
        if (rows) {
          const removed = await removeBenchRows(db, rows, 0, demo.payId)
          console.log(
            `Deleted ${removed.accounts} accounts with ${removed.subscriptions} subscriptions, ${removed.subscriptionDebits} debits, ${removed.transactions} payments, ${removed.settlements} settlements, ${removed.charges} charges and ${removed.webhookEvents} webhook events, and ${removed.demo} demo payment`,
          )
        }
      } finally {
        await second?.closeDatabase()
        await sandbox.closeDatabase()
      }
    })())
  cleanUpOnSignals(cleanUp, 'deleting the benchmark rows')

  try {
    rows = await benchRows(db, { name: 'Subscriptions bench', orderPrefix: 'BS' })
    await insertDemoPayment(db, demo.payId, `${rows.orderPrefix}PAID`)
    const calls = accountsCalls(sandboxUrl, demo, `${rows.orderPrefix}PAID`)
    const account = await calls.createAccount(rows.accountName)
    const today = istDateOf(await clockOf(sandboxUrl, account))
    const registered = await subscribe(sandboxUrl, account, 'TIMED-STATUS', 'MONTHLY', today)
    await register(sandboxUrl, registered.AUTH_URL!, 'success@upi')
    let made = 0
    const work = {
      status: () => calls.status(),
      create: () => subscribe(sandboxUrl, account, `TIMED-${made++}`, 'MONTHLY', today),
      subscriptionStatus: async () => {
        const answer = await signedCall(sandboxUrl, account, 'subscription/status', {
          SUBSCRIPTION_ID: registered.SUBSCRIPTION_ID!,
        })
        if (answer.STATUS !== 'ACTIVE') throw new Error(`Status answered ${answer.STATUS}`)
      },
    }
    await warmUp(WARM_UP.seconds, WARM_UP.rounds, ...Object.values(work))
    const timed = {
      status: latencyOf(await timeSequential(requests, work.status)),
      create: latencyOf(await timeSequential(requests, work.create)),
      subscriptionStatus: latencyOf(await timeSequential(requests, work.subscriptionStatus)),
    }
    console.log(`Timed ${requests} of each (load average ${loadavg()[0]!.toFixed(2)})`)

    const walker = await calls.createAccount(rows.accountName)
    const empty = await calls.createAccount(rows.accountName)
    const walk = await yearWalk(sandboxUrl, walker, empty, subscriptions)
    const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`
    console.log(
      `Advanced ${subscriptions} weekly subscriptions ${walk.days} days in ${seconds(walk.milliseconds)} (an empty account in ${seconds(walk.emptyMilliseconds)}): ${walk.notices} notices and ${walk.attempts} attempts, ${perStep(walk).toFixed(1)} ms each beyond the empty account's, and ${walk.settlements} settlements made on the way (load average ${loadavg()[0]!.toFixed(2)})`,
    )

    second = await startBenchSandbox({
      poolSize: 10,
      webhooks: { eventsPerDay: 0 },
      sharing: sandbox,
    })
    const rounds: RaceRound[] = []
    for (let index = 0; index < races; index++) {
      const account = await calls.createAccount(rows.accountName)
      rounds.push(await race(sandbox, second, account, index))
    }
    const codes = rounds.map((round) => round.codes.join(' and ')).join(', ')
    console.log(
      `Ran ${races} races of two instances advancing ${RACE_DAYS} days at once (answers ${codes}; load average ${loadavg()[0]!.toFixed(2)})`,
    )

    const verdict = subscriptionsVerdict({ ...timed, walk, races: rounds })
    console.log(
      `\n${sandbox.databaseName}, ${requests} sequential calls each (ms; p50 / p95 / p99), ${subscriptions} subscriptions walked, ${races} races:\n${verdict.table}\n`,
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
