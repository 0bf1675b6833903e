/**
 * Settlement runs on the real store (PGlite), over random histories: payments captured and
 * refunded at random times between runs at random times. Whatever the order, every payment and
 * refund ends in exactly one settlement, on the first working day after its date, never before
 * its time had come; every settlement adds up line by line; every balance carried forward is
 * taken over once, by a later settlement, as a CARRY_FORWARD line of exactly that amount.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { istDateOf, nextWorkingDay } from '#core/calendar/business-calendar.ts'
import { settlementTime } from '#core/settlement/schedule.ts'
import { migrateGateway } from '#gateway/db/migrate.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { runSettlements } from './store.ts'
import { capture, refund } from '#tests/support/sandbox-settlements.ts'

const HOUR = 11
const start = Date.parse('2026-11-20T00:00:00+05:30')
const span = 60 * 24 * 60 * 60_000 // two months of minutes
const methods = [
  ['UP', 'UP'],
  ['DC', 'VI'],
  ['CC', 'MC'],
  ['NB', 'HDFC'],
  ['WL', 'PAYTM'],
] as const

type Step =
  | { kind: 'pay'; offset: number; amount: number; method: number }
  | { kind: 'refund'; offset: number; of: number; share: number }
  | { kind: 'run'; offset: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    offset: fc.integer({ min: 0, max: span }),
    amount: fc.integer({ min: 1, max: 50_000_000 }),
    method: fc.integer({ min: 0, max: methods.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    offset: fc.integer({ min: 0, max: span }),
    of: fc.nat(),
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('run' as const), offset: fc.integer({ min: 0, max: span }) }),
)

interface Row {
  [key: string]: string | number
}
const rows = (db: GatewayDatabase, query: ReturnType<typeof sql>) => rowsOf<Row>(db, query)

let db: GatewayDatabase
let history = 0

beforeAll(async () => {
  db = drizzle(new PGlite())
  await migrateGateway(db)
})

describe('settlement runs over random histories', () => {
  it('settle everything once, on time, adding up, carrying balances forward once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })
        merchant.payId = String(2_000_000_000_000_000 + history++)
        const settlementMerchant = { payId: merchant.payId, bankAccount: 'XXXXXXXXXX4321' }
        const payments: Array<{
          id: string
          orderId: string
          amount: number
          left: number
          at: number
        }> = []
        const runs: Array<{ asOf: Date; made: Set<string> }> = []
        // Events happen in time order; a refund needs a payment captured before it.
        for (const next of [...steps].sort((a, b) => a.offset - b.offset)) {
          const at = new Date(start + next.offset)
          if (next.kind === 'pay') {
            const orderId = `P${history}-${payments.length}`
            const [paymentType, mopType] = methods[next.method]!
            const id = await capture(db, merchant, {
              orderId,
              amount: next.amount,
              at,
              paymentType,
              mopType,
            })
            payments.push({ id, orderId, amount: next.amount, left: next.amount, at: at.getTime() })
          } else if (next.kind === 'refund') {
            const payment = payments[next.of % Math.max(payments.length, 1)]
            const amount = payment
              ? Math.min(payment.left, Math.max(1, Math.floor(payment.amount * next.share)))
              : 0
            if (!payment || amount === 0) continue
            payment.left -= amount
            await refund(db, merchant, payment.id, payment.orderId, amount, at)
          } else {
            const result = await runSettlements(db, [settlementMerchant], {
              asOf: at,
              hour: HOUR,
              wait: true,
            })
            if (!result.ran) throw new Error('a waiting run always runs')
            runs.push({
              asOf: at,
              made: new Set(result.made.map((made) => made.fields.SETTLEMENT_ID)),
            })
          }
        }
        // In the end everything settles.
        const end = new Date(start + span + 10 * 24 * 60 * 60_000)
        await runSettlements(db, [settlementMerchant], { asOf: end, hour: HOUR, wait: true })
        runs.push({ asOf: end, made: new Set() })

        const settlements = await rows(
          db,
          sql`SELECT id, to_char(settlement_date, 'YYYY-MM-DD') AS date, status,
            utr, carried_into, payments_count, refunds_count, gross_amount::text AS gross,
            refunds_amount::text AS refunds, fees_amount::text AS fees, gst_amount::text AS gst,
            adjustments_amount::text AS adjustments, net_amount::text AS net
          FROM sandbox_settlements WHERE pay_id = ${merchant.payId}`,
        )
        const lines = await rows(
          db,
          sql`SELECT l.settlement_id, l.type, l.source_id, l.amount::text AS amount,
            l.fee::text AS fee, l.gst::text AS gst, l.net::text AS net, l.date, l.description,
            l.source_settlement_id
          FROM sandbox_settlement_lines l JOIN sandbox_settlements s ON s.id = l.settlement_id
          WHERE s.pay_id = ${merchant.payId}`,
        )
        const sources = await rows(
          db,
          sql`SELECT id FROM sandbox_transactions WHERE pay_id = ${merchant.payId}
          UNION ALL SELECT id FROM sandbox_refunds WHERE pay_id = ${merchant.payId}`,
        )

        // Every payment and refund in exactly one settlement.
        const settled = lines
          .filter((line) => line.type !== 'CARRY_FORWARD')
          .map((line) => line.source_id)
        expect(new Set(settled).size).toBe(settled.length)
        expect(new Set(settled)).toEqual(new Set(sources.map((source) => source.id)))

        const byId = new Map(settlements.map((settlement) => [settlement.id, settlement]))
        for (const line of lines) {
          const settlement = byId.get(line.settlement_id as string)!
          if (line.type === 'CARRY_FORWARD') continue
          // On the first working day after its IST date…
          const date = new Date(`${String(line.date).replace(' ', 'T')}+05:30`)
          expect(settlement.date).toBe(nextWorkingDay(istDateOf(date)))
          // …and made by a run whose time had come for it.
          const run = runs.find((candidate) => candidate.made.has(settlement.id as string))
          if (run) expect(settlementTime(settlement.date as string, HOUR) <= run.asOf).toBe(true)
          if (line.type === 'PAYMENT') {
            expect(BigInt(line.net!)).toBe(
              BigInt(line.amount!) - BigInt(line.fee!) - BigInt(line.gst!),
            )
          } else {
            expect([line.fee, line.gst, line.net]).toEqual(['0', '0', `-${line.amount}`])
          }
        }

        // Each settlement adds up line by line, and pays only a positive net.
        for (const settlement of settlements) {
          const own = lines.filter((line) => line.settlement_id === settlement.id)
          const sum = (type: string, field: string) =>
            own
              .filter((line) => line.type === type)
              .reduce((total, line) => total + BigInt(line[field]!), 0n)
          expect(String(own.filter((line) => line.type === 'PAYMENT').length)).toBe(
            String(settlement.payments_count),
          )
          expect(String(own.filter((line) => line.type === 'REFUND').length)).toBe(
            String(settlement.refunds_count),
          )
          expect(String(sum('PAYMENT', 'amount'))).toBe(settlement.gross)
          expect(String(sum('REFUND', 'amount'))).toBe(settlement.refunds)
          expect(String(sum('PAYMENT', 'fee'))).toBe(settlement.fees)
          expect(String(sum('PAYMENT', 'gst'))).toBe(settlement.gst)
          expect(String(sum('CARRY_FORWARD', 'net'))).toBe(settlement.adjustments)
          const net = own.reduce((total, line) => total + BigInt(line.net!), 0n)
          expect(String(net)).toBe(settlement.net)
          expect(settlement.status).toBe(net > 0n ? 'PROCESSED' : 'CARRIED_FORWARD')
          expect(Boolean(settlement.utr)).toBe(net > 0n)
        }

        // A carried balance is taken over once, by one CARRY_FORWARD line of exactly its amount.
        for (const settlement of settlements.filter(
          (candidate) => candidate.status === 'CARRIED_FORWARD',
        )) {
          const takers = lines.filter(
            (line) =>
              line.type === 'CARRY_FORWARD' &&
              line.source_settlement_id === settlement.id &&
              line.description === `Balance carried forward from ${settlement.id}`,
          )
          if (settlement.carried_into) {
            expect(takers.map((line) => [line.settlement_id, line.net])).toEqual([
              [settlement.carried_into, settlement.net],
            ])
          } else {
            expect(takers).toEqual([])
          }
        }
        const open = settlements.filter(
          (candidate) => candidate.status === 'CARRIED_FORWARD' && !candidate.carried_into,
        )
        expect(open.length).toBeLessThanOrEqual(1)
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})
