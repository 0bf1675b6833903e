/**
 * Lines an older sandbox stored as ADJUSTMENT are given their type once, by the gateway's
 * baseline migration: a hold, a release (a foreign one with its payment's currency and rate) and
 * a carried balance read back as the lines a run writes today.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { expect, it } from 'vitest'
import { migrateGateway } from '#gateway/db/migrate.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { buildPreMigrationsGateway } from '#tests/support/pre-migrations.ts'
import { settlementLines } from './store.ts'
import { capture, ist } from '#tests/support/sandbox-settlements.ts'

const merchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })

it('converts stored ADJUSTMENT lines to DISPUTE_HOLD, DISPUTE_RELEASE and CARRY_FORWARD, once', async () => {
  const db = drizzle(new PGlite())
  await buildPreMigrationsGateway(db)
  const paymentId = await capture(db, merchant, {
    orderId: 'OLD-FX-1',
    amount: 500,
    currencyCode: '840',
    inrAmount: 42108,
    fxRate: '84.2150',
    at: ist('2026-11-02 10:00'),
  })
  const disputeId = 'dsp_00000000000000000abc'
  await db.execute(sql`INSERT INTO sandbox_disputes (id, pay_id, payment_id, order_id, txn_id,
      pg_ref_num, payment_type, mop_type, amount, currency_code, inr_amount, reason_code,
      respond_by, status, created_at)
    SELECT ${disputeId}, pay_id, id, order_id, txn_id, pg_ref_num, payment_type, mop_type, '500',
      '840', 42108, '13.1', '2026-11-10', 'WON', now()
    FROM sandbox_transactions WHERE id = ${paymentId}`)
  const id = 'setl_00000000000000000d1d'
  const carried = 'setl_0000000000000000cafe'
  await db.execute(sql`INSERT INTO sandbox_settlements (id, pay_id, settlement_date, cycle_from,
      cycle_to, payments_count, refunds_count, gross_amount, refunds_amount, fees_amount,
      gst_amount, adjustments_amount, net_amount, bank_account, status)
    VALUES (${id}, ${merchant.payId}, '2026-11-04', '2026-11-03', '2026-11-03', 0, 0, 0, 0, 0,
      0, -5000, -5000, 'XXXXXXXXXX4321', 'CARRIED_FORWARD')`)
  // As the older sandbox wrote them: the type ADJUSTMENT, no dispute or settlement column.
  for (const [position, sourceId, orderId, amount, description] of [
    [0, null, '', -5000, `Balance carried forward from ${carried}`],
    [1, `${disputeId}:hold`, 'OLD-FX-1', -42108, `Dispute ${disputeId} held: 13.1 Merchandise`],
    [2, `${disputeId}:release`, 'OLD-FX-1', 42108, `Dispute ${disputeId} won: hold released`],
  ] as const) {
    await db.execute(sql`INSERT INTO sandbox_settlement_lines (settlement_id, position, type,
        source_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net,
        date, description)
      VALUES (${id}, ${position}, 'ADJUSTMENT', ${sourceId}, ${orderId}, '', '', '', '',
        ${amount}, 0, 0, ${amount}, '2026-11-04 11:00:00', ${description})`)
  }

  await migrateGateway(db)
  const lines = await settlementLines(db, id)
  expect(
    lines.map((line) => [line.TYPE, line.DISPUTE_ID, line.SOURCE_SETTLEMENT_ID, line.NET]),
  ).toEqual([
    ['CARRY_FORWARD', '', carried, '-5000'],
    ['DISPUTE_HOLD', disputeId, '', '-42108'],
    ['DISPUTE_RELEASE', disputeId, '', '42108'],
  ])
  expect(lines[0]).not.toHaveProperty('CURRENCY_CODE')
  for (const line of lines.slice(1)) {
    expect(line).toMatchObject({ CURRENCY_CODE: '840', ORIGINAL_AMOUNT: '500', FX_RATE: '84.2150' })
  }
  // Nothing is left to convert: a later start changes nothing.
  await migrateGateway(db)
  expect(await settlementLines(db, id)).toEqual(lines)
  const [left] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM sandbox_settlement_lines WHERE type = 'ADJUSTMENT'`,
  )
  expect(Number(left!.count)).toBe(0)
}, 60_000)
