/**
 * The settlement tables. The runs and the settlement APIs query them in SQL of their own
 * (store.ts); this is their one definition (gateway/db/schema.ts).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

export const sandboxSettlements = pgTable(
  'sandbox_settlements',
  {
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    utr: text('utr').unique('sandbox_settlements_utr_key'),
    settlementDate: date('settlement_date').notNull(),
    cycleFrom: date('cycle_from').notNull(),
    cycleTo: date('cycle_to').notNull(),
    paymentsCount: integer('payments_count').notNull(),
    refundsCount: integer('refunds_count').notNull(),
    grossAmount: bigint('gross_amount', { mode: 'bigint' }).notNull(),
    refundsAmount: bigint('refunds_amount', { mode: 'bigint' }).notNull(),
    feesAmount: bigint('fees_amount', { mode: 'bigint' }).notNull(),
    gstAmount: bigint('gst_amount', { mode: 'bigint' }).notNull(),
    adjustmentsAmount: bigint('adjustments_amount', { mode: 'bigint' }).notNull(),
    netAmount: bigint('net_amount', { mode: 'bigint' }).notNull(),
    bankAccount: text('bank_account').notNull(),
    status: text('status').notNull(),
    carriedInto: text('carried_into'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The GST_AMOUNT as charged by place of supply, and both GSTINs as they were when it was
     * made (core/tax/gst.ts). NULL on a settlement made before: see store.ts settlementColumns.
     */
    cgstAmount: bigint('cgst_amount', { mode: 'bigint' }),
    sgstAmount: bigint('sgst_amount', { mode: 'bigint' }),
    igstAmount: bigint('igst_amount', { mode: 'bigint' }),
    providerGstin: text('provider_gstin'),
    merchantGstin: text('merchant_gstin'),
  },
  (table) => [
    index('sandbox_settlements_merchant_date').on(table.payId, table.settlementDate),
    index('sandbox_settlements_carried')
      .on(table.payId)
      .where(sql`status = 'CARRIED_FORWARD' AND carried_into IS NULL`),
  ],
)

/** One row per line; a payment or refund (source_id) can be in one settlement only. */
export const sandboxSettlementLines = pgTable(
  'sandbox_settlement_lines',
  {
    settlementId: text('settlement_id').notNull(),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    sourceId: text('source_id').unique('sandbox_settlement_lines_source_id_key'),
    orderId: text('order_id').notNull(),
    txnId: text('txn_id').notNull(),
    pgRefNum: text('pg_ref_num').notNull(),
    paymentType: text('payment_type').notNull(),
    mopType: text('mop_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    gst: bigint('gst', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    date: text('date').notNull(),
    description: text('description').notNull(),
    /** A foreign payment's or refund's currency, amount in it and rate; empty on every other line. */
    currencyCode: text('currency_code').notNull().default(''),
    originalAmount: text('original_amount').notNull().default(''),
    fxRate: text('fx_rate').notNull().default(''),
    /** A hold's or release's dispute, a carried balance's settlement; empty on every other line. */
    disputeId: text('dispute_id').notNull().default(''),
    sourceSettlementId: text('source_settlement_id').notNull().default(''),
  },
  (table) => [
    primaryKey({
      name: 'sandbox_settlement_lines_pkey',
      columns: [table.settlementId, table.position],
    }),
    foreignKey({
      name: 'sandbox_settlement_lines_settlement_id_fkey',
      columns: [table.settlementId],
      foreignColumns: [sandboxSettlements.id],
    }),
  ],
)
