/**
 * A database the site and its sandbox made before the gateway's tables had migrations (its
 * tables from tests/fixtures/pre-migrations-schema.sql, the site's from its own migrations), with
 * rows in every table, is opened by today's openDatabase: every row and amount is still there,
 * an old ADJUSTMENT line is typed, and the app's queries read them. On PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  gatewayMigrationsFolder,
  gatewayMigrationsTable,
  migrateGateway,
} from '#gateway/db/migrate.ts'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { settlementLines, findSettlement } from '#gateway/settlements/store.ts'
import { findTransaction, type GatewayDatabase, sandboxTransactions } from '#gateway/store.ts'
import { sandboxWebhookEvents } from '#gateway/webhooks/store.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { buildPreMigrationsGateway } from '#tests/support/pre-migrations.ts'
import { type DatabaseOptions, type DataStore, openDatabase } from './database.ts'

const databaseUrl = process.env.DATABASE_URL
const payId = '1000000000000001'
const siteMigrations = { migrationsFolder: path.resolve('server/db/migrations') }

/** A fresh database: a PGlite folder, or a PostgreSQL database of its own. */
async function freshDatabase(): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (!databaseUrl) {
    return {
      options: { pgliteDir: mkdtempSync(path.join(tmpdir(), 'pglite-')) },
      drop: async () => {},
    }
  }
  const name = `paystra_upgrade_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return {
    options: { databaseUrl: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/** Runs `work` on the database as yesterday's code would: no gateway migration applied. */
async function asBefore(options: DatabaseOptions, work: (db: GatewayDatabase) => Promise<void>) {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl })
    try {
      const db = drizzlePg(pool)
      await migratePg(db, siteMigrations)
      await work(db)
    } finally {
      await pool.end()
    }
    return
  }
  const client = new PGlite(options.pgliteDir)
  try {
    const db = drizzlePglite(client)
    await migratePglite(db, siteMigrations)
    await work(db)
  } finally {
    await client.close()
  }
}

const setl = 'setl_00000000000000000d1d'
const dispute = 'dsp_00000000000000000abc'

/** A row in every gateway table, as the sandbox stored them, and in the site's. */
async function oldRows(db: GatewayDatabase) {
  const run = (query: ReturnType<typeof sql>) => db.execute(query)
  const payment = (
    id: string,
    order: string,
    amount: string,
    currency: string,
    inr: string,
    fx: string,
  ) =>
    run(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id, order_id, amount,
        currency_code, txn_type, return_url, mode, payment_type, mop_type, status, response_code,
        inr_amount, fx_rate, created_at, completed_at, settlement_id)
      VALUES (${id}, ${'1' + id.padStart(15, '0')}, ${'2026' + id.padStart(14, '0')}, ${payId},
        ${order}, ${amount}, ${currency}, 'SALE', 'https://shop.example/return', 'hosted', 'CC',
        'VI', 'Captured', '000', ${inr}, ${fx}, '2026-11-02T04:30:00Z', '2026-11-02T04:31:00Z',
        ${setl})`)
  await payment('1', 'RUPEE-1', '49900', '356', '49900', '')
  await payment('2', 'FOREIGN-1', '500', '840', '42108', '84.2150')
  // Stored before foreign currencies: no inr_amount, the amount is paise already.
  await payment('3', 'OLD-RUPEE-1', '120000', '356', '', '')
  await run(sql`INSERT INTO sandbox_refunds (id, txn_id, pay_id, refund_order_id, payment_id,
      order_id, amount, currency_code, inr_amount)
    VALUES ('r1', '5000000000000001', ${payId}, 'REFUND-1', '1', 'RUPEE-1', '9900', '356', ''),
      ('r2', '5000000000000002', ${payId}, 'REFUND-2', '2', 'FOREIGN-1', '100', '840', '8421')`)
  await run(sql`INSERT INTO sandbox_payouts (id, txn_id, pay_id, payout_id, amount, currency_code,
      transfer_mode, beneficiary_name, beneficiary_account, beneficiary_ifsc, utr, response_code)
    VALUES ('p1', '6000000000000001', ${payId}, 'PAYOUT-1', '250000', '356', 'IMPS', 'A Vendor',
      '1234567890', 'HDFC0000001', '123456789012', '000')`)
  await run(sql`INSERT INTO sandbox_disputes (id, pay_id, payment_id, order_id, txn_id,
      pg_ref_num, payment_type, mop_type, amount, currency_code, inr_amount, reason_code,
      respond_by, status, created_at)
    VALUES (${dispute}, ${payId}, '2', 'FOREIGN-1', '1000000000000002', '202600000000000002',
      'CC', 'VI', '500', '840', 42108, '13.1', '2026-11-10', 'OPEN', '2026-11-03T05:00:00Z')`)
  await run(sql`INSERT INTO sandbox_webhook_events (id, pay_id, reference, type, notify_url, body,
      state, attempts)
    VALUES ('evt_1', ${payId}, 'RUPEE-1', 'payment.captured', 'https://shop.example/hook',
      '{"ORDER_ID":"RUPEE-1"}', 'delivered', 1)`)
  await run(sql`INSERT INTO sandbox_webhook_attempts (event_id, attempted_at, http_status,
      duration_ms) VALUES ('evt_1', '2026-11-02T04:31:01Z', 200, 42)`)
  await run(sql`INSERT INTO sandbox_settlements (id, pay_id, utr, settlement_date, cycle_from,
      cycle_to, payments_count, refunds_count, gross_amount, refunds_amount, fees_amount,
      gst_amount, adjustments_amount, net_amount, bank_account, status, cgst_amount, sgst_amount,
      igst_amount, provider_gstin, merchant_gstin)
    VALUES (${setl}, ${payId}, '987654321098', '2026-11-04', '2026-11-03', '2026-11-03', 1, 0,
      49900, 0, 998, 180, -42108, 7614, 'XXXXXXXXXX4321', 'SETTLED', 90, 90, 0,
      '29ABCDE1234F1Z5', NULL)`)
  await run(sql`INSERT INTO sandbox_settlement_lines (settlement_id, position, type, source_id,
      order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net, date,
      description)
    VALUES (${setl}, 0, 'SALE', '1', 'RUPEE-1', '1000000000000001', '202600000000000001', 'CC',
        'VI', 49900, 998, 180, 48722, '2026-11-02 10:01:00', 'Payment'),
      (${setl}, 1, 'ADJUSTMENT', ${dispute + ':hold'}, 'FOREIGN-1', '', '', '', '', -42108, 0, 0,
        -42108, '2026-11-04 11:00:00', ${`Dispute ${dispute} held: 13.1 Merchandise`})`)
  await run(sql`INSERT INTO sandbox_gst_invoices (pay_id, month, financial_year, serial, number)
    VALUES (${payId}, '2026-11', '2026-27', 1, 'PSG/2026-27/000001')`)
  await run(sql`INSERT INTO contact_messages (name, company, phone, email, subject, message)
    VALUES ('A Merchant', 'Shop', '9876543210', 'a@example.com', 'Sales', 'Hello')`)
  await run(sql`INSERT INTO job_applications (name, phone, email, subject, message,
      resume_file_name, resume_content_type, resume_size, resume)
    VALUES ('A Candidate', '9876543210', 'c@example.com', 'Engineer', 'Hello', 'cv.pdf',
      'application/pdf', 4, '\\x25504446'::bytea)`)
  await run(sql`INSERT INTO outbox (kind, mail)
    VALUES ('contact', '{"to":"contact@example.com","subject":"Sales"}'::jsonb)`)
  await run(sql`INSERT INTO demo_payments (order_id, flow, amount, currency_code, outcome)
    VALUES ('DEMO-1', 'hosted', 49900, '356', 'success')`)
  await run(sql`INSERT INTO demo_webhook_events (event_id, type, order_id)
    VALUES ('evt_demo_1', 'payment.captured', 'DEMO-1')`)
  await run(sql`INSERT INTO rate_limits (key, points, expire)
    VALUES ('upgrade-test', 3, '2099-01-01T00:00:00Z')`)
}

type Row = Record<string, unknown>

/** Every row of every table in the public schema, as JSON, in a stable order. */
async function everyRow(db: GatewayDatabase): Promise<Map<string, Row[]>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const all = new Map<string, Row[]>()
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(
      db,
      sql.raw(`SELECT row_to_json(t)::text AS row FROM ${name} t ORDER BY row_to_json(t)::text`),
    )
    all.set(
      name,
      rows.map((row) => JSON.parse(row.row) as Row),
    )
  }
  return all
}

/**
 * The money columns migration 0001 makes bigint: text digits before, JSON numbers after; an
 * empty inr_amount (a rupee row stored before foreign currencies) becomes the row's amount.
 */
const moneyColumns: Record<string, string[]> = {
  sandbox_transactions: ['amount', 'inr_amount'],
  sandbox_refunds: ['amount', 'inr_amount'],
  sandbox_payouts: ['amount'],
  sandbox_disputes: ['amount'],
}

/** An old row as migration 0001 leaves it. */
function asBigint(table: string, row: Row): Row {
  const money = Object.fromEntries(
    (moneyColumns[table] ?? []).map((column) => {
      const digits = column === 'inr_amount' && row[column] === '' ? row.amount : row[column]
      return [column, Number(digits)]
    }),
  )
  return { ...row, ...money }
}

/** What the baseline changes in an ADJUSTMENT line. */
const typedFields = [
  'type',
  'dispute_id',
  'source_settlement_id',
  'currency_code',
  'original_amount',
  'fx_rate',
]

describe('a database made before the gateway had migrations', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>
  let before: Map<string, Row[]>
  let store: DataStore

  beforeAll(async () => {
    fresh = await freshDatabase()
    await asBefore(fresh.options, async (db) => {
      await buildPreMigrationsGateway(db)
      await oldRows(db)
      before = await everyRow(db)
    })
    store = await openDatabase(fresh.options)
  }, 180_000)
  afterAll(async () => {
    await store?.close()
    await fresh?.drop()
  })

  it('keeps every row of every table, and every amount', async () => {
    const after = await everyRow(store.db)
    // The tables made since (sandbox accounts, their clocks, listeners' streams, payment links,
    // virtual accounts with their credits, subscriptions with their debits, and the charges for
    // them) start empty.
    const since = [
      'sandbox_accounts',
      'sandbox_charges',
      'sandbox_clocks',
      'sandbox_event_streams',
      'sandbox_paylinks',
      'sandbox_subscription_debits',
      'sandbox_subscriptions',
      'sandbox_va_credits',
      'sandbox_virtual_accounts',
    ]
    expect([...after.keys()].filter((table) => !since.includes(table))).toEqual([...before.keys()])
    for (const table of since) expect(after.get(table)).toEqual([])
    expect(before.get('sandbox_settlement_lines')).toHaveLength(2)
    for (const [table, rows] of before) {
      expect(rows.length, table).toBeGreaterThan(0)
      const unchanged = (row: Row) =>
        Object.fromEntries(
          Object.keys(rows[0]!)
            .filter((key) => table !== 'sandbox_settlement_lines' || !typedFields.includes(key))
            .map((key) => [key, row[key]]),
        )
      const expected = rows.map((row) => unchanged(asBigint(table, row)))
      expect(after.get(table)!.map(unchanged), table).toEqual(expected)
    }
  })

  it('gives the old rupee payment and refund without inr_amount their amount as inr_amount', async () => {
    const after = await everyRow(store.db)
    const inr = (table: string, id: string) =>
      [before, after].map((rows) => {
        const { amount, inr_amount } = rows.get(table)!.find((row) => row.id === id)!
        return { amount, inr_amount }
      })
    expect(inr('sandbox_transactions', '3')).toEqual([
      { amount: '120000', inr_amount: '' },
      { amount: 120000, inr_amount: 120000 },
    ])
    expect(inr('sandbox_refunds', 'r1')).toEqual([
      { amount: '9900', inr_amount: '' },
      { amount: 9900, inr_amount: 9900 },
    ])
    expect(inr('sandbox_transactions', '2')).toEqual([
      { amount: '500', inr_amount: '42108' },
      { amount: 500, inr_amount: 42108 },
    ])
  })

  it('types the old ADJUSTMENT line, and the settlement store reads the settlement with its lines', async () => {
    const db = store.db as GatewayDatabase
    expect(await findSettlement(db, payId, { settlementId: setl })).toMatchObject({
      UTR: '987654321098',
      GROSS_AMOUNT: '49900',
      NET_AMOUNT: '7614',
      CGST_AMOUNT: '90',
    })
    const lines = await settlementLines(db, setl)
    expect(lines.map((line) => [line.TYPE, line.NET])).toEqual([
      ['SALE', '48722'],
      ['DISPUTE_HOLD', '-42108'],
    ])
    expect(lines[1]).toMatchObject({
      DISPUTE_ID: dispute,
      CURRENCY_CODE: '840',
      ORIGINAL_AMOUNT: '500',
      FX_RATE: '84.2150',
    })
  })

  it('reads the old payments through the store', async () => {
    const db = store.db as GatewayDatabase
    expect(await findTransaction(db, '3')).toMatchObject({ amount: 120000n, inrAmount: 120000n })
    expect(await findTransaction(db, '2')).toMatchObject({ amount: 500n, inrAmount: 42108n })
  })

  it('records each migration once, and applying the history again changes nothing', async () => {
    const db = store.db as GatewayDatabase
    const applied = () =>
      rowsOf<{ hash: string }>(db, sql.raw(`SELECT hash FROM drizzle.${gatewayMigrationsTable}`))
    const once = await applied()
    expect(once).toHaveLength(
      readMigrationFiles({ migrationsFolder: gatewayMigrationsFolder }).length,
    )
    const rows = await everyRow(db)
    await migrateGateway(db)
    expect(await applied()).toEqual(once)
    expect(await everyRow(db)).toEqual(rows)
  })
})

describe('a database from the first sandboxes, before the columns added later', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>
  let store: DataStore

  beforeAll(async () => {
    fresh = await freshDatabase()
    await asBefore(fresh.options, async (db) => {
      await buildPreMigrationsGateway(db, 'pre-migrations-first-tables')
      await db.execute(sql`INSERT INTO sandbox_transactions (id, txn_id, pg_ref_num, pay_id,
          order_id, amount, currency_code, txn_type, return_url, mode, status, response_code)
        VALUES ('1', '1000000000000001', '202600000000000001', ${payId}, 'FIRST-1', '49900',
          '356', 'SALE', 'https://shop.example/return', 'hosted', 'Captured', '000')`)
      await db.execute(sql`INSERT INTO sandbox_webhook_events (id, pay_id, reference, type,
          notify_url, body) VALUES ('evt_1', ${payId}, 'FIRST-1', 'payment.captured',
          'https://shop.example/hook', '{}')`)
      await db.execute(sql`INSERT INTO sandbox_settlements (id, pay_id, utr, settlement_date,
          cycle_from, cycle_to, payments_count, refunds_count, gross_amount, refunds_amount,
          fees_amount, gst_amount, adjustments_amount, net_amount, bank_account, status)
        VALUES (${setl}, ${payId}, '987654321098', '2026-11-04', '2026-11-03', '2026-11-03', 1,
          0, 49900, 0, 998, 180, 0, 48722, 'XXXXXXXXXX4321', 'SETTLED')`)
      await db.execute(sql`INSERT INTO sandbox_settlement_lines (settlement_id, position, type,
          source_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net,
          date, description)
        VALUES (${setl}, 0, 'SALE', '1', 'FIRST-1', '1000000000000001', '202600000000000001',
          'CC', 'VI', 49900, 998, 180, 48722, '2026-11-02 10:01:00', 'Payment')`)
    })
    store = await openDatabase(fresh.options)
  }, 180_000)
  afterAll(async () => {
    await store?.close()
    await fresh?.drop()
  })

  it('adds the missing columns with their defaults, and the app reads the old rows', async () => {
    const db = store.db as GatewayDatabase
    expect(await db.select().from(sandboxTransactions)).toEqual([
      expect.objectContaining({
        orderId: 'FIRST-1',
        amount: 49900n,
        // Empty before foreign currencies: migration 0001 gives it the amount, already paise.
        inrAmount: 49900n,
        notifyPrivate: false,
        issuedAbroad: false,
        settleAt: null,
        settlementId: null,
      }),
    ])
    expect(await db.select().from(sandboxWebhookEvents)).toEqual([
      expect.objectContaining({ id: 'evt_1', allowPrivate: false }),
    ])
    expect(await findSettlement(db, payId, { settlementId: setl })).toMatchObject({
      NET_AMOUNT: '48722',
      // Made before GST was divided by place of supply: read as IGST (settlementColumns).
      CGST_AMOUNT: '0',
      IGST_AMOUNT: '180',
    })
    expect(await settlementLines(db, setl)).toEqual([
      expect.objectContaining({ TYPE: 'SALE', ORDER_ID: 'FIRST-1', NET: '48722' }),
    ])
  })

  it('makes the tables the first sandboxes did not have', async () => {
    const tables = await rowsOf<{ name: string }>(
      store.db as GatewayDatabase,
      sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name LIKE 'sandbox_%' ORDER BY table_name`,
    )
    expect(tables.map((table) => table.name)).toEqual([
      'sandbox_accounts',
      'sandbox_charges',
      'sandbox_clocks',
      'sandbox_disputes',
      'sandbox_event_streams',
      'sandbox_gst_invoices',
      'sandbox_paylinks',
      'sandbox_payouts',
      'sandbox_refunds',
      'sandbox_settlement_lines',
      'sandbox_settlements',
      'sandbox_subscription_debits',
      'sandbox_subscriptions',
      'sandbox_transactions',
      'sandbox_va_credits',
      'sandbox_virtual_accounts',
      'sandbox_webhook_attempts',
      'sandbox_webhook_events',
    ])
  })
})
