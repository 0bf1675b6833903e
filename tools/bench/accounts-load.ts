/**
 * The rows of `npm run bench:accounts` (tools/accounts-bench.ts): many sandbox accounts with
 * captured payments and some refunds, written with set-based SQL as the payment pages would
 * have left them, one captured payment of the demo merchant, and their removal (also of the
 * accounts `npm run bench:listen` makes over HTTP).
 */
import { randomInt, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type RemovedCounts, removeAccounts } from '../../gateway/accounts/store.ts'
import { newPgRefNum, newTxnId } from '../../gateway/ids.ts'
import type { GatewayDatabase } from '../../gateway/store.ts'
import { rowsOf, textArray } from '../../jobs/sql-rows.ts'

/** One run's own rows: its accounts' PAY_IDs, their name, and its demo ORDER_IDs' prefix. */
export interface BenchRows {
  /** Six digits the loaded accounts' 16-digit PAY_IDs start with, used by no account. */
  payIdPrefix: string
  /** Every account of the run, loaded or made by `POST /accounts`, has this name. */
  accountName: string
  /** Every ORDER_ID of the demo merchant's the run makes starts with it. */
  orderPrefix: string
}

/** A run's rows, named for its benchmark: accounts `<name> <tag>`, orders `<prefix>-<tag>-…`. */
export async function benchRows(
  db: GatewayDatabase,
  bench: { name: string; orderPrefix: string } = { name: 'Accounts bench', orderPrefix: 'BA' },
): Promise<BenchRows> {
  const tag = randomInt(0, 2 ** 32)
    .toString(16)
    .padStart(8, '0')
  for (let draw = 0; draw < 10; draw++) {
    const payIdPrefix = String(randomInt(900_000, 1_000_000))
    const [taken] = await rowsOf(
      db,
      sql`SELECT 1 FROM sandbox_accounts WHERE pay_id LIKE ${`${payIdPrefix}%`} LIMIT 1`,
    )
    if (!taken)
      return {
        payIdPrefix,
        accountName: `${bench.name} ${tag}`,
        orderPrefix: `${bench.orderPrefix}-${tag}-`,
      }
  }
  throw new Error('Ten PAY_ID prefixes drawn in a row were taken')
}

/** The k-th (from 1) loaded account's PAY_ID. */
const payIdSql = (rows: BenchRows, k: ReturnType<typeof sql>) =>
  sql`${rows.payIdPrefix}::text || lpad((${k})::text, 10, '0')`

/** A captured payment of the demo merchant, as the hosted payment page leaves it. */
export async function insertDemoPayment(
  db: GatewayDatabase,
  payId: string,
  orderId: string,
): Promise<void> {
  await db.execute(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id,
      order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, payment_type,
      mop_type, status, response_code, created_at, completed_at)
    VALUES (${randomUUID()}, ${newTxnId()}, ${newPgRefNum()}, ${payId}, ${orderId}, 10000, 10000,
      '356', 'SALE', 'http://127.0.0.1/return', 'hosted', 'CC', 'VI', 'Captured', '000',
      now() - interval '1 hour', now() - interval '1 hour')`)
}

/**
 * `accounts` accounts with `payments` captured payments each over the last 30 days, and a
 * refund of every 20th. TXN_IDs and PG_REF_NUMs count up from a random start, so they do not
 * meet those already stored.
 */
export async function loadAccounts(
  db: GatewayDatabase,
  rows: BenchRows,
  counts: { accounts: number; payments: number },
): Promise<{ refunds: number }> {
  const { accounts, payments } = counts
  const total = accounts * payments
  const txnBase = String(randomInt(1_000_000, 8_000_000) * 1_000_000_000)
  const refBase = String(randomInt(0, 9_000_000) * 10_000_000)
  await db.execute(sql`INSERT INTO sandbox_accounts (pay_id, name, salt, key_salt, webhook_secret,
      bank_account, console_token_hash, created_at, last_active_at)
    SELECT ${payIdSql(rows, sql`a`)}, ${rows.accountName}, left(md5('salt' || a), 16),
      left(md5('key' || a), 16), 'wh_' || md5('webhook' || a), lpad(a::text, 14, '5'),
      md5(${payIdSql(rows, sql`a`)}), now() - interval '30 days', now()
    FROM generate_series(1, ${accounts}) AS a`)
  // k numbers the payments 1..total: account a's p-th payment is k = (a - 1) * payments + p.
  const k = sql`((a - 1) * ${payments} + p)`
  const paymentId = sql`md5(${rows.payIdPrefix}::text || '-' || ${k})::uuid::text`
  await db.execute(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id,
      order_id, amount, inr_amount, currency_code, txn_type, return_url, mode, payment_type,
      mop_type, status, response_code, created_at, completed_at)
    SELECT ${paymentId}, (${txnBase}::bigint + ${k})::text,
      '2026' || lpad((${refBase}::bigint + ${k})::text, 14, '0'), ${payIdSql(rows, sql`a`)},
      'BENCH-' || p, 100 + (${k} * 7919) % 500000, 100 + (${k} * 7919) % 500000, '356', 'SALE',
      'http://127.0.0.1/return', 'hosted', (ARRAY['UP','CC','DC'])[1 + p % 3],
      (ARRAY['UP','VI','MC'])[1 + p % 3], 'Captured', '000',
      now() - (${k}::bigint * 2592000 / ${total}) * interval '1 second',
      now() - (${k}::bigint * 2592000 / ${total}) * interval '1 second'
    FROM generate_series(1, ${accounts}) AS a, generate_series(1, ${payments}) AS p`)
  const [made] = await rowsOf<{ n: number }>(
    db,
    sql`WITH made AS (INSERT INTO sandbox_refunds (id, txn_id, pay_id, refund_order_id,
        payment_id, order_id, amount, inr_amount, currency_code, created_at)
      SELECT 'bench-refund-' || ${paymentId}, (${txnBase}::bigint + ${total} + ${k})::text,
        ${payIdSql(rows, sql`a`)}, 'BENCH-RF-' || p, ${paymentId}, 'BENCH-' || p, 50, 50, '356',
        now() - interval '1 minute'
      FROM generate_series(1, ${accounts}) AS a, generate_series(20, ${payments}, 20) AS p
      RETURNING 1)
    SELECT count(*)::int AS n FROM made`,
  )
  // Statistics as autovacuum would soon gather them, so the plans are those of a steady state.
  await db.execute(sql`ANALYZE sandbox_accounts, sandbox_transactions, sandbox_refunds`)
  return { refunds: made?.n ?? 0 }
}

/**
 * Removes the run's accounts with all their data (the loaded ones by PAY_ID, so also after a
 * load that failed half-way, and those made by name) and the rows of their event streams, then
 * its demo payments.
 */
export async function removeBenchRows(
  db: GatewayDatabase,
  rows: BenchRows,
  accounts: number,
  demoPayId: string,
): Promise<RemovedCounts & { demo: number }> {
  const named = await rowsOf<{ pay_id: string }>(
    db,
    sql`SELECT pay_id FROM sandbox_accounts WHERE name = ${rows.accountName}`,
  )
  const loaded = Array.from(
    { length: accounts },
    (_, index) => rows.payIdPrefix + String(index + 1).padStart(10, '0'),
  )
  const payIds = [...new Set([...loaded, ...named.map((row) => row.pay_id)])]
  // A stream deletes its row as it ends, but not awaited: the sandbox may have stopped first.
  await db.execute(sql`DELETE FROM sandbox_event_streams WHERE pay_id = ANY(${textArray(payIds)})`)
  const removed = await removeAccounts(db, payIds)
  const demo = await rowsOf(
    db,
    sql`DELETE FROM sandbox_transactions WHERE pay_id = ${demoPayId}
      AND order_id LIKE ${`${rows.orderPrefix}%`} RETURNING 1`,
  )
  return { ...removed, demo: demo.length }
}
