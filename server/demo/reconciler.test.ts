import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { demoPayments } from '#server/db/schema.ts'
import { openDatabase } from '#server/db/database.ts'
import { DemoReconciler, type ReconcileRun, type ReconcilerTiming } from './reconciler.ts'
import { createOrder, settleOrder } from './store.ts'
import { sandboxMerchant } from '#tests/support/demo-merchant.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'

/**
 * The reconciler against a gateway that answers what each test needs (the real sandbox:
 * reconciler-sandbox.test.ts): it asks about open orders in its age window, applies verified
 * answers forward only, refuses unverified ones, and one instance reconciles at a time (on
 * PostgreSQL, where instances can race; the lock itself: jobs/advisory-lock.test.ts).
 */

type Store = Awaited<ReturnType<typeof openDatabase>>
let store: Store
let gateway: Server
let gatewayUrl: string
/** What the fake gateway answers per order id, and how long it takes. */
const answers = new Map<string, Fields | 'garbage'>()
let delayMs = 0
const asked: string[] = []
/** Runs when an enquiry arrives, before it is answered. */
let onAsk: ((orderId: string) => Promise<void>) | undefined

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const request = JSON.parse(body) as Fields
      asked.push(`${req.url} ${request.TXNTYPE} ${request.ORDER_ID}`)
      const answer = answers.get(request.ORDER_ID ?? '') ?? {
        ...withHash(
          {
            PAY_ID: request.PAY_ID!,
            ORDER_ID: request.ORDER_ID!,
            TXNTYPE: 'STATUS',
            STATUS: 'Failed',
            RESPONSE_CODE: '328',
          },
          sandboxMerchant.salt,
        ),
      }
      const hook = onAsk?.(request.ORDER_ID ?? '') ?? Promise.resolve()
      setTimeout(async () => {
        await hook
        res.setHeader('Content-Type', 'application/json')
        res.end(answer === 'garbage' ? '<html>' : JSON.stringify(answer))
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sandbox`
})
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve))
  await store.close()
})
beforeEach(async () => {
  await store.db.delete(demoPayments)
  answers.clear()
  asked.length = 0
  delayMs = 0
  onAsk = undefined
})

const now = Date.now()
let nextOrder = 0

/** An open order made `ageMs` ago. */
async function order(ageMs: number, outcome: 'created' | 'pending' = 'created') {
  const orderId = `LP${now - ageMs}${String(nextOrder++).padStart(3, '0')}`
  await createOrder(store.db, { orderId, flow: 'merchant-hosted', amount: 100 })
  await store.db
    .update(demoPayments)
    .set({ createdAt: new Date(now - ageMs), outcome })
    .where(eq(demoPayments.orderId, orderId))
  return orderId
}

function sale(orderId: string, code: '000' | '004' | '026' | '006', extra: Fields = {}): Fields {
  const status = { '000': 'Captured', '004': 'Failed', '026': 'Pending', '006': 'Pending' }[code]
  return withHash(
    {
      PAY_ID: sandboxMerchant.payId,
      ORDER_ID: orderId,
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      TXN_ID: '1763712000999999',
      STATUS: status,
      RESPONSE_CODE: code,
      RESPONSE_MESSAGE: status,
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      ...extra,
    },
    sandboxMerchant.salt,
  )
}

async function outcome(orderId: string) {
  const [row] = await store.db.select().from(demoPayments).where(eq(demoPayments.orderId, orderId))
  return row!
}

function reconciler(timing: Partial<ReconcilerTiming> = {}, logs: string[] = []) {
  return new DemoReconciler({
    db: store.db,
    settings: sandboxMerchant,
    gatewayApiBase: gatewayUrl,
    timing: { minAgeMs: 60_000, recheckMs: 0, intervalMs: 60_000, ...timing },
    clock: () => now,
    log: (line) => logs.push(line),
  })
}

const minute = 60_000

describe('one run', () => {
  it('asks the status enquiry about open orders in its window and settles them', async () => {
    const captured = await order(5 * minute)
    const failed = await order(5 * minute, 'pending')
    const young = await order(10_000)
    const ancient = await order(2 * 24 * 60 * minute)
    answers.set(captured, sale(captured, '000'))
    answers.set(failed, sale(failed, '004'))
    const logs: string[] = []
    expect(await reconciler({}, logs).runOnce()).toEqual({ ran: true, asked: 2, moved: 2 })
    expect(asked.sort()).toEqual(
      [
        `/sandbox/pgws/transact STATUS ${captured}`,
        `/sandbox/pgws/transact STATUS ${failed}`,
      ].sort(),
    )
    expect(await outcome(captured)).toMatchObject({ outcome: 'success', responseCode: '000' })
    expect(await outcome(failed)).toMatchObject({ outcome: 'failed', responseCode: '004' })
    expect((await outcome(young)).outcome).toBe('created')
    expect((await outcome(ancient)).outcome).toBe('created')
    expect(logs).toContain(`demo reconciler: ${captured} created → success`)
  })

  it('moves only forward: a pending answer leaves a pending order, and nothing leaves a result', async () => {
    const pending = await order(5 * minute, 'pending')
    answers.set(pending, sale(pending, '026'))
    expect(await reconciler().runOnce()).toEqual({ ran: true, asked: 1, moved: 0 })
    expect((await outcome(pending)).outcome).toBe('pending')

    // The webhook's capture lands while the enquiry is on its way: its late failure loses.
    const raced = await order(5 * minute)
    answers.set(raced, sale(raced, '004'))
    onAsk = async () => {
      await settleOrder(store.db, sale(raced, '000'))
    }
    // The pending order was asked about a moment ago: only the new one is due.
    expect(await reconciler().runOnce()).toEqual({ ran: true, asked: 1, moved: 0 })
    expect(await outcome(raced)).toMatchObject({ outcome: 'success', responseCode: '000' })
  })

  it('leaves an order alone when the gateway never saw it (328) or it is still open (006)', async () => {
    const never = await order(5 * minute)
    const open = await order(5 * minute)
    answers.set(open, sale(open, '006'))
    const logs: string[] = []
    expect(await reconciler({}, logs).runOnce()).toEqual({ ran: true, asked: 2, moved: 0 })
    expect((await outcome(never)).outcome).toBe('created')
    expect((await outcome(open)).outcome).toBe('created')
    expect(logs.join('\n')).toContain(`${never} not settled: answer 328`)
    expect(logs.join('\n')).toContain(`${open} not settled: still open (006)`)
  })

  it('refuses an answer whose HASH is not ours, for another order, or not JSON', async () => {
    const forged = await order(5 * minute)
    const swapped = await order(5 * minute)
    const garbled = await order(5 * minute)
    answers.set(forged, { ...sale(forged, '000'), RESPONSE_CODE: '000', AMOUNT: '1' })
    answers.set(swapped, sale(forged, '000'))
    answers.set(garbled, 'garbage')
    const logs: string[] = []
    expect(await reconciler({}, logs).runOnce()).toMatchObject({ moved: 0 })
    for (const id of [forged, swapped, garbled]) expect((await outcome(id)).outcome).toBe('created')
    const text = logs.join('\n')
    expect(text).toContain(`${forged} not settled: hash`)
    expect(text).toContain(`${swapped} not settled: another order`)
    expect(text).toContain(`${garbled} not settled: unreachable`)
  })

  it('asks an order again less often as it ages, and says "never seen" once', async () => {
    const id = await order(40 * minute)
    const logs: string[] = []
    let clock = now
    const ageing = new DemoReconciler({
      db: store.db,
      settings: sandboxMerchant,
      gatewayApiBase: gatewayUrl,
      timing: { minAgeMs: minute, recheckMs: minute },
      clock: () => clock,
      log: (line) => logs.push(line),
    })
    expect(await ageing.runOnce()).toMatchObject({ asked: 1 })
    // 40 minutes old: not again until a quarter of its age has passed (at about 13 minutes).
    clock = now + 12 * minute
    expect(await ageing.runOnce()).toMatchObject({ asked: 0 })
    clock = now + 14 * minute
    expect(await ageing.runOnce()).toMatchObject({ asked: 1 })
    expect(asked).toEqual([
      `/sandbox/pgws/transact STATUS ${id}`,
      `/sandbox/pgws/transact STATUS ${id}`,
    ])
    expect(logs).toEqual([`demo reconciler: ${id} not settled: answer 328`])
  })

  it('asks round-robin: an order just asked about waits its turn', async () => {
    const first = await order(5 * minute)
    const second = await order(4 * minute)
    const run = reconciler({ batchSize: 1, recheckMs: minute })
    await run.runOnce()
    await run.runOnce()
    expect(asked).toEqual([
      `/sandbox/pgws/transact STATUS ${first}`,
      `/sandbox/pgws/transact STATUS ${second}`,
    ])
    expect(await run.runOnce()).toEqual({ ran: true, asked: 0, moved: 0 })
  })

  it('ends the run when the gateway is unreachable', async () => {
    await order(5 * minute)
    await order(5 * minute)
    const logs: string[] = []
    const down = new DemoReconciler({
      db: store.db,
      settings: sandboxMerchant,
      gatewayApiBase: 'http://127.0.0.1:1/sandbox',
      timing: { minAgeMs: minute, recheckMs: 0 },
      clock: () => now,
      log: (line) => logs.push(line),
    })
    expect(await down.runOnce()).toEqual({ ran: true, asked: 1, moved: 0 })
    expect(logs).toHaveLength(1)
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  'several instances, on PostgreSQL (skipped: DATABASE_URL is unset; PGlite is one session in one process, where instances cannot race)',
  () => {
    it('one run at a time: an instance with its own connections skips while another holds the lock, and runs after it', async () => {
      const second = await openDatabase(testDatabaseOptions())
      try {
        const id = await order(5 * minute)
        answers.set(id, sale(id, '000'))
        const elsewhere = new DemoReconciler({
          db: second.db,
          settings: sandboxMerchant,
          gatewayApiBase: gatewayUrl,
          timing: { minAgeMs: minute, recheckMs: 0 },
          clock: () => now,
        })
        // The other instance tries while the first one's enquiry is unanswered: the lock held.
        let meanwhile: ReconcileRun | undefined
        onAsk = async () => {
          onAsk = undefined
          meanwhile = await elsewhere.runOnce()
        }
        expect(await reconciler().runOnce()).toEqual({ ran: true, asked: 1, moved: 1 })
        expect(meanwhile).toEqual({ ran: false })
        expect(asked).toHaveLength(1)
        // The lock is given back after the run: the other instance runs next.
        expect(await elsewhere.runOnce()).toMatchObject({ ran: true })
      } finally {
        await second.close()
      }
    })
  },
)

describe('the timer', () => {
  it('runs on its own every interval, and stop() waits for the run in flight', async () => {
    const first = await order(5 * minute)
    // Still open: said once, and not asked again within the test (its clock stands still).
    answers.set(first, sale(first, '006'))
    // The second enquiry is answered only when the test says so (or never).
    let answerSecond!: () => void
    const secondAnswered = new Promise<void>((resolve) => (answerSecond = resolve))
    onAsk = () => (asked.length === 2 ? secondAnswered : Promise.resolve())
    const logs: string[] = []
    const running = reconciler({ intervalMs: 50 }, logs)
    running.start()
    await expect.poll(() => asked.length, { timeout: 5_000 }).toBe(1)
    // An order opened after the first run: a later run, on its own, asks about it.
    const second = await order(5 * minute)
    await expect.poll(() => asked.at(-1), { timeout: 5_000 }).toContain(second)
    try {
      await running.stop()
      // Stopped: the run in flight has ended (its enquiry cancelled, and said so) before stop()
      // returned, and no run starts after it.
      expect(logs.at(-1)).toBe(`demo reconciler: ${second} not settled: stopped`)
      expect(await running.runOnce()).toEqual({ ran: false })
      expect(asked).toHaveLength(2)
    } finally {
      answerSecond()
    }
  })

  it('stop() cancels an enquiry that hangs', async () => {
    const id = await order(5 * minute)
    answers.set(id, sale(id, '000'))
    // The gateway answers only when the test says so.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    onAsk = () => answered
    const events: string[] = []
    const hanging = reconciler()
    const run = hanging.runOnce().then((result) => (events.push('run ended'), result))
    await expect.poll(() => asked.length).toBe(1)
    await hanging.stop()
    events.push('stopped')
    answer()
    // The run ended without the answer, before stop() returned: the enquiry was cancelled.
    expect(await run).toEqual({ ran: true, asked: 1, moved: 0 })
    expect(events).toEqual(['run ended', 'stopped'])
    expect((await outcome(id)).outcome).toBe('created')
  })
})
