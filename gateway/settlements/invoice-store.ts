/**
 * What a monthly tax invoice reads and keeps: the fee-bearing lines of a merchant's settlements
 * dated in the month, and the invoice's number, given once per merchant and month and kept, so
 * the same month is always the same invoice.
 */
import { sql } from 'drizzle-orm'
import { integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import {
  type ChargedLine,
  financialYearOf,
  type InvoiceMonth,
  invoiceNumber,
  monthPeriod,
} from './invoice.ts'

/**
 * One row per merchant and month asked for; the serial is consecutive within the financial year
 * across every merchant, as one supplier's invoice series is (CGST Rules, rule 46(b)).
 */
export const sandboxGstInvoices = pgTable(
  'sandbox_gst_invoices',
  {
    payId: text('pay_id').notNull(),
    month: text('month').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull().unique('sandbox_gst_invoices_number_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'sandbox_gst_invoices_pkey', columns: [table.payId, table.month] }),
    unique('sandbox_gst_invoices_financial_year_serial_key').on(table.financialYear, table.serial),
  ],
)

/**
 * The number of a merchant's invoice for a month: the one it was given, or the next of its
 * financial year. Two instances numbering at once collide on the serial's uniqueness; the loser
 * takes the next one.
 */
export async function numberInvoice(
  db: GatewayDatabase,
  payId: string,
  month: InvoiceMonth,
): Promise<string> {
  const financialYear = financialYearOf(month)
  for (;;) {
    const [found] = await rowsOf<{ number: string }>(
      db,
      sql`SELECT number FROM sandbox_gst_invoices WHERE pay_id = ${payId} AND month = ${month}`,
    )
    if (found) return found.number
    const [next] = await rowsOf<{ serial: number | string }>(
      db,
      sql`SELECT coalesce(max(serial), 0) + 1 AS serial FROM sandbox_gst_invoices
        WHERE financial_year = ${financialYear}`,
    )
    const serial = Number(next?.serial ?? 1)
    await db.execute(sql`INSERT INTO sandbox_gst_invoices (pay_id, month, financial_year, serial,
        number)
      VALUES (${payId}, ${month}, ${financialYear}, ${serial},
        ${invoiceNumber(financialYear, serial)})
      ON CONFLICT DO NOTHING`)
  }
}

/** The lines that charged a fee, of a merchant's settlements dated in `month`, and how many settlements. */
export async function chargedLines(
  db: GatewayDatabase,
  payId: string,
  month: InvoiceMonth,
): Promise<{ settlementsCount: number; lines: ChargedLine[] }> {
  const { from, to } = monthPeriod(month)
  const [counted] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM sandbox_settlements
      WHERE pay_id = ${payId} AND settlement_date BETWEEN ${from}::date AND ${to}::date`,
  )
  // A payment's card issued abroad is on its transaction; a line whose payment is no longer
  // kept is priced by its own currency.
  const rows = await rowsOf<{
    type: string
    payment_type: string
    mop_type: string
    international: boolean
    description: string
    fee: string
    gst: string
  }>(
    db,
    sql`SELECT l.type, l.payment_type, l.mop_type,
        (l.fx_rate <> '' OR coalesce(t.issued_abroad, false)) AS international,
        l.description, l.fee::text, l.gst::text
      FROM sandbox_settlement_lines l
      JOIN sandbox_settlements s ON s.id = l.settlement_id
      LEFT JOIN sandbox_transactions t ON l.type = 'PAYMENT' AND t.id = l.source_id
      WHERE s.pay_id = ${payId} AND s.settlement_date BETWEEN ${from}::date AND ${to}::date
        AND (l.fee <> 0 OR l.gst <> 0)
      ORDER BY s.settlement_date, s.id, l.position`,
  )
  return {
    settlementsCount: Number(counted?.count ?? 0),
    lines: rows.map((row) => ({
      type: row.type,
      paymentType: row.payment_type,
      mopType: row.mop_type,
      international: row.international === true,
      description: row.description,
      fee: BigInt(row.fee),
      gst: BigInt(row.gst),
    })),
  }
}
