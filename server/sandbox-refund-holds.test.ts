/**
 * Issue 31, finding 2: a disputed payment could be refunded in full while its dispute held the
 * same money, so the merchant lost it twice (−₹102.36 on a ₹100 sale). What a payment can still
 * lose is captured − refunded − held by an open, under-review or lost dispute; a refund above it
 * is 354. On PostgreSQL (CI's data stage) a refund races the settlement run that makes the
 * dispute, on two instances with pools of their own: whichever wins, no rupee is both refunded
 * and held.
 */
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { deliveryNotePdf } from '#tests/support/evidence-files.ts'
import { callDispute } from '#tests/support/sandbox-disputes.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  call,
  capture,
  ist,
  type SettlementSandbox,
  settlementSandbox,
} from '#tests/support/sandbox-settlements.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { type DataStore, openDatabase } from './db/database.ts'

// A merchant of this file's own: the database may hold other tests' payments.
const merchant = {
  ...demoMerchant({ siteUrl: 'https://shop.paystra.example' }),
  payId: String(3_100_000_000_000_000 + randomInt(0, 999_999_999_999)),
}
const list = (text: string) => JSON.parse(text) as Fields[]

const stores: DataStore[] = []
const instances: SettlementSandbox[] = []
const api = (path: string, instance = 0) => `${instances[instance]!.url}/pgws/${path}`

beforeAll(async () => {
  const first = await openDatabase(testDatabaseOptions())
  stores.push(first)
  // PGlite is the process's one database: both instances use it, and nothing can race.
  const second = process.env.DATABASE_URL ? await openDatabase(testDatabaseOptions()) : first
  if (second !== first) stores.push(second)
  for (const store of [first, second]) {
    instances.push(await settlementSandbox({ db: store.db, merchants: [merchant] }))
  }
})

afterAll(async () => {
  for (const instance of instances) await instance.close()
  for (const store of stores) await store.close()
})

let orders = 0
const orderId = (label: string) => `HOLD-${label}-${Date.now()}-${++orders}`

async function refund(order: string, amount: string, instance = 0) {
  const { json } = await call(api('transact', instance), merchant, {
    PAY_ID: merchant.payId,
    TXNTYPE: 'REFUND',
    ORDER_ID: order,
    REFUND_ORDER_ID: `RF-${randomInt(0, 2 ** 40)}`,
    AMOUNT: amount,
    CURRENCY_CODE: '356',
  })
  expect(verifyHash(json, merchant.salt)).toBe(true)
  return json
}

async function settle(asOf: string, instance = 0) {
  const { json } = await call(api('settlement/run', instance), merchant, {
    PAY_ID: merchant.payId,
    AS_OF: asOf,
  })
  expect(json.RESPONSE_CODE).toBe('000')
  return list(json.SETTLEMENTS!)
}

async function disputeOf(order: string): Promise<Fields | undefined> {
  const { json } = await callDispute(api('disputes'), merchant, {
    PAY_ID: merchant.payId,
    ORDER_ID: order,
  })
  return list(json.DISPUTES!)[0]
}

async function refundedOf(order: string): Promise<bigint> {
  const [row] = await rowsOf<{ total: string }>(
    stores[0]!.db,
    sql`SELECT coalesce(sum(amount::bigint), 0)::text AS total FROM sandbox_refunds
      WHERE pay_id = ${merchant.payId} AND order_id = ${order}`,
  )
  return BigInt(row!.total)
}

/** A ₹100 card payment captured at 10:00 IST on `date`, disputed for `reason` when settled. */
async function disputedPayment(label: string, date: string, reason: '13.1' | '10.4') {
  const order = orderId(label)
  await capture(stores[0]!.db, merchant, {
    orderId: order,
    amount: 10_000,
    at: ist(`${date} 10:00`),
    disputeReason: reason,
  })
  return order
}

describe('a refund and a dispute hold of the same payment', () => {
  it('a held payment cannot be refunded, in whole or in part, nor once the dispute is lost', async () => {
    // Monday 1 March 2027; the run of Tuesday the 2nd settles it and opens its dispute.
    const order = await disputedPayment('LOST', '2027-03-01', '10.4')
    await settle('2027-03-02T12:00:00+05:30')
    const dispute = await disputeOf(order)
    expect(dispute).toMatchObject({ STATUS: 'OPEN', AMOUNT: '10000' })

    for (const amount of ['10000', '1']) {
      expect(await refund(order, amount)).toMatchObject({
        RESPONSE_CODE: '354',
        STATUS: 'Failed',
        AMOUNT: amount,
      })
    }
    const { json: accepted } = await callDispute(api('dispute'), merchant, {
      PAY_ID: merchant.payId,
      DISPUTE_ID: dispute!.DISPUTE_ID!,
      ACTION: 'ACCEPT',
    })
    expect(accepted).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'LOST' })
    expect((await refund(order, '10000')).RESPONSE_CODE).toBe('354')
    expect(await refundedOf(order)).toBe(0n)
  })

  it('a dispute holds only what was not refunded, and a won dispute frees its hold for refunds', async () => {
    const order = await disputedPayment('WON', '2027-03-03', '13.1')
    expect((await refund(order, '4000')).RESPONSE_CODE).toBe('000')
    await settle('2027-03-04T12:00:00+05:30')
    const dispute = await disputeOf(order)
    expect(dispute).toMatchObject({ STATUS: 'OPEN', AMOUNT: '6000' })
    // 4,000 refunded + 6,000 held = the whole 10,000: not a paisa more can go back.
    expect((await refund(order, '1')).RESPONSE_CODE).toBe('354')
    // More than is left even without the hold is still 329.
    expect((await refund(order, '6001')).RESPONSE_CODE).toBe('329')

    const { json: contested } = await callDispute(api('dispute'), merchant, {
      PAY_ID: merchant.payId,
      DISPUTE_ID: dispute!.DISPUTE_ID!,
      ACTION: 'CONTEST',
      EVIDENCE: 'Delivered on 3 March and signed for.',
      EVIDENCE_FILE: deliveryNotePdf().toString('base64'),
      EVIDENCE_FILE_NAME: 'delivery-note.pdf',
    })
    expect(contested).toMatchObject({ RESPONSE_CODE: '000', STATUS: 'UNDER_REVIEW' })
    expect((await refund(order, '1')).RESPONSE_CODE).toBe('354')
    // The first run after the deadline (five working days) decides it: won with a document.
    await settle(`${addDays(dispute!.RESPOND_BY!, 1)}T12:00:00+05:30`)
    expect(await disputeOf(order)).toMatchObject({ STATUS: 'WON' })
    expect((await refund(order, '6000')).RESPONSE_CODE).toBe('000')
    expect((await refund(order, '1')).RESPONSE_CODE).toBe('329')
    expect(await refundedOf(order)).toBe(10_000n)
  })
})

describe.runIf(process.env.DATABASE_URL)('a refund racing the run that opens the dispute', () => {
  /** Backends of this database waiting for a lock: the requests queued behind the test's. */
  const waiting = async () =>
    Number(
      (
        await rowsOf<{ n: string }>(
          stores[0]!.db,
          sql`SELECT count(*)::text AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.n,
    )

  /**
   * Holds the payment's row while the refund (on one instance) and the run (on the other) queue
   * behind it in the order given, then lets them go: each order of commits is tried for certain,
   * rather than left to which request happens to be faster.
   */
  async function race(order: string, first: 'refund' | 'run', settledOn: string) {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const holder = stores[0]!.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM sandbox_transactions
        WHERE pay_id = ${merchant.payId} AND order_id = ${order} FOR UPDATE`)
      locked()
      await released
    })
    await isLocked
    const start = {
      refund: () => refund(order, '10000', 0),
      run: () => settle(`${settledOn}T12:00:00+05:30`, 1),
    }
    const second = first === 'refund' ? 'run' : 'refund'
    const firstAnswer = start[first]()
    await expect.poll(waiting).toBe(1)
    const secondAnswer = start[second]()
    await expect.poll(waiting).toBe(2)
    release()
    await holder
    const answers = { [first]: await firstAnswer, [second]: await secondAnswer }
    return answers.refund as Fields
  }

  it.each([
    ['the refund', 'refund', '000'],
    ['the run', 'run', '354'],
  ] as const)(
    'when %s commits first, no rupee is both refunded and held',
    async (_name, first, code) => {
      const day = first === 'refund' ? '2027-04-05' : '2027-04-07'
      const order = await disputedPayment(`RACE-${first}`, day, '10.4')
      const refunded = await race(order, first, addDays(day, 1))
      expect(refunded.RESPONSE_CODE).toBe(code)
      const dispute = await disputeOf(order)
      const held = dispute ? BigInt(dispute.AMOUNT!) : 0n
      expect((await refundedOf(order)) + held).toBe(10_000n)
      expect(held).toBe(code === '000' ? 0n : 10_000n)
    },
  )
})
