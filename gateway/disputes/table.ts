/**
 * The sandbox's disputes table. The settlement runs read it (holds and releases); the queries
 * are SQL of their own (store.ts), this is the table's one definition (gateway/db/schema.ts).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** One dispute per payment at most; amount in the payment's minor units, inr_amount paise. */
export const sandboxDisputes = pgTable(
  'sandbox_disputes',
  {
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    paymentId: text('payment_id').notNull().unique('sandbox_disputes_payment_id_key'),
    orderId: text('order_id').notNull(),
    txnId: text('txn_id').notNull(),
    pgRefNum: text('pg_ref_num').notNull(),
    paymentType: text('payment_type').notNull(),
    mopType: text('mop_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    inrAmount: bigint('inr_amount', { mode: 'bigint' }).notNull(),
    reasonCode: text('reason_code').notNull(),
    respondBy: date('respond_by').notNull(),
    status: text('status').notNull(),
    answer: text('answer').notNull().default(''),
    evidence: text('evidence').notNull().default(''),
    evidenceFile: text('evidence_file').notNull().default(''),
    evidenceFileName: text('evidence_file_name').notNull().default(''),
    resolution: text('resolution').notNull().default(''),
    notifyUrl: text('notify_url').notNull().default(''),
    notifyPrivate: boolean('notify_private').notNull().default(false),
    runNotifyUrl: text('run_notify_url').notNull().default(''),
    runNotifyPrivate: boolean('run_notify_private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    holdSettlementId: text('hold_settlement_id'),
    releaseSettlementId: text('release_settlement_id'),
  },
  (table) => [
    index('sandbox_disputes_merchant_created').on(table.payId, table.createdAt),
    index('sandbox_disputes_order').on(table.payId, table.orderId),
    // What a run looks for: disputes to decide, holds and releases not yet settled.
    index('sandbox_disputes_undecided')
      .on(table.payId, table.respondBy)
      .where(sql`decided_at IS NULL`),
    index('sandbox_disputes_unheld')
      .on(table.payId, table.createdAt)
      .where(sql`hold_settlement_id IS NULL`),
    index('sandbox_disputes_unreleased')
      .on(table.payId, table.decidedAt)
      .where(sql`status = 'WON' AND release_settlement_id IS NULL`),
  ],
)
