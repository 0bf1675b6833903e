/**
 * npm run bench:settlements [-- --payments 100000 --refunds 5000]   (tools/settlement-bench.ts)
 *
 * How long one settlement run takes over a large day of payments, on the database of
 * DATABASE_URL (PostgreSQL; without it, an in-memory PGlite). A merchant of the benchmark's own
 * gets the payments (every priced method, amounts across the slabs) captured over three working
 * days, and refunds of some of them; one run settles them all, a second finds nothing to do. The
 * figures are checked (every payment and refund in one line, the nets adding up) and the rows
 * deleted afterwards. A benchmark, not a test: the target is under 10 s for 100,000 payments.
 */
import { randomInt } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { migrateGateway } from '../gateway/db/migrate.ts'
import { runSettlements } from '../gateway/settlements/store.ts'
import type { GatewayDatabase } from '../gateway/store.ts'
import { rowsOf } from '../jobs/sql-rows.ts'
import { optionsOrExit, positive, readFlags } from './measure/command-line.ts'

const usage = `npm run bench:settlements [-- --payments 100000 --refunds 5000]

Times one settlement run over --payments captured payments and --refunds refunds of a merchant
of its own, on DATABASE_URL (PostgreSQL) or an in-memory PGlite, then deletes them.`

const flags = optionsOrExit(
  (args) =>
    readFlags(
      args,
      { payments: { type: 'string' }, refunds: { type: 'string' } },
      'npm run bench:settlements',
    ),
  usage,
)
const payments = positive('--payments', flags.payments ?? '100000', { integer: true })
const refunds = Math.min(
  payments,
  positive('--refunds', flags.refunds ?? '5000', { integer: true }),
)

async function main() {
  const url = process.env.DATABASE_URL
  const pool = url ? new pg.Pool({ connectionString: url, max: 4 }) : undefined
  const db: GatewayDatabase = pool ? drizzlePostgres(pool) : drizzlePglite(new PGlite())
  const payId = String(9_000_000_000_000_000 + randomInt(0, 999_999_999_999))
  try {
    await migrateGateway(db)
    const loadStart = performance.now()
    // Monday 1 to Wednesday 3 March 2027, IST: settled on the 2nd, 3rd and 4th.
    await db.execute(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id,
        order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, payment_type,
        mop_type, status, response_code, created_at, completed_at)
      SELECT 'bench-' || ${payId} || '-' || n, lpad((1000000000000000 + n)::text, 16, '0'),
        lpad((202700000000000000 + n)::text, 18, '0'), ${payId}, 'BENCH-' || n,
        100 + (n * 7919) % 5000000, 100 + (n * 7919) % 5000000, '356', 'SALE', 'https://bench.example/return',
        'hosted', (ARRAY['UP','DC','CC','NB','WL'])[1 + n % 5], 'XX', 'Captured', '000',
        timestamptz '2027-03-01 00:00:00+05:30' + ((n::bigint * 259199) / ${payments}) * interval '1 second',
        timestamptz '2027-03-01 00:00:00+05:30' + ((n::bigint * 259199) / ${payments}) * interval '1 second'
      FROM generate_series(1, ${payments}) AS n`)
    await db.execute(sql`INSERT INTO sandbox_refunds (id, txn_id, pay_id, refund_order_id,
        payment_id, order_id, amount, inr_amount, currency_code, created_at)
      SELECT 'bench-refund-' || ${payId} || '-' || n, lpad((2000000000000000 + n)::text, 16, '0'),
        ${payId}, 'BENCH-RF-' || n, 'bench-' || ${payId} || '-' || n, 'BENCH-' || n, 50, 50, '356',
        timestamptz '2027-03-03 12:00:00+05:30'
      FROM generate_series(1, ${refunds}) AS n`)
    console.log(
      `Loaded ${payments} payments and ${refunds} refunds in ${((performance.now() - loadStart) / 1000).toFixed(1)} s on ${url ? 'PostgreSQL' : 'PGlite'}`,
    )

    const merchant = { payId, bankAccount: 'XXXXXXXXXX4321' }
    const asOf = new Date('2027-03-04T11:00:00+05:30')
    const runStart = performance.now()
    const result = await runSettlements(db, [merchant], { asOf, hour: 11, wait: true })
    const seconds = (performance.now() - runStart) / 1000
    if (!result.ran) throw new Error('The run did not run')
    console.log(
      `Run: ${result.made.length} settlements, ${seconds.toFixed(2)} s (${Math.round(payments / seconds)} payments/s)`,
    )
    for (const made of result.made) {
      const f = made.fields
      console.log(
        `  ${f.SETTLEMENT_DATE} ${f.STATUS} payments=${f.PAYMENTS_COUNT} refunds=${f.REFUNDS_COUNT} gross=${f.GROSS_AMOUNT} fees=${f.FEES_AMOUNT} gst=${f.GST_AMOUNT} net=${f.NET_AMOUNT}`,
      )
    }
    const againStart = performance.now()
    const again = await runSettlements(db, [merchant], { asOf, hour: 11, wait: true })
    console.log(
      `Second run: ${again.ran ? again.made.length : 'skipped'} settlements, ${((performance.now() - againStart) / 1000).toFixed(2)} s`,
    )

    const [check] = await rowsOf<{ lines: string | number; net: string }>(
      db,
      sql`SELECT count(*) AS lines, coalesce(sum(l.net), 0)::text AS net
        FROM sandbox_settlement_lines l JOIN sandbox_settlements s ON s.id = l.settlement_id
        WHERE s.pay_id = ${payId}`,
    )
    const totalNet = result.made.reduce((sum, made) => sum + BigInt(made.fields.NET_AMOUNT), 0n)
    const problems = [
      Number(check!.lines) === payments + refunds
        ? ''
        : `${check!.lines} lines, not ${payments + refunds}`,
      check!.net === String(totalNet) ? '' : `lines net ${check!.net}, settlements ${totalNet}`,
      again.ran && again.made.length > 0 ? 'the second run settled again' : '',
    ].filter(Boolean)
    if (problems.length > 0) throw new Error(problems.join('; '))
    console.log(`Checked: ${check!.lines} lines, net ${totalNet} paise in all`)
    return seconds
  } finally {
    await db.execute(sql`DELETE FROM sandbox_settlement_lines WHERE settlement_id IN
      (SELECT id FROM sandbox_settlements WHERE pay_id = ${payId})`)
    await db.execute(sql`DELETE FROM sandbox_settlements WHERE pay_id = ${payId}`)
    await db.execute(sql`DELETE FROM sandbox_refunds WHERE pay_id = ${payId}`)
    await db.execute(sql`DELETE FROM sandbox_transactions WHERE pay_id = ${payId}`)
    await pool?.end()
  }
}

main().then(
  (seconds) => {
    if (payments >= 100_000 && seconds >= 10) {
      console.error(`Over the 10 s target for ${payments} payments`)
      process.exitCode = 1
    }
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 2
  },
)
