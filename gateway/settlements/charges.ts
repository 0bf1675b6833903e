/**
 * Charges for products that are no payment (a payment link, a virtual account's setup), each a
 * FEE line of the settlement of its date (core/settlement/settlement.ts). The price is not
 * stored: the settlement prices it from its pricing row, as it prices a payment.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { ProductChargeKind } from '#core/pricing/product-charges.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    kind: text('kind').$type<ProductChargeKind>().notNull(),
    /** What it charges for: the PAYLINK_ID or VA_ID (the line's TXN_ID). */
    sourceId: text('source_id').notNull().unique('sandbox_charges_source_key'),
    /** The merchant's reference of it, or its id (the line's ORDER_ID). */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settlementId: text('settlement_id'),
  },
  (table) => [
    index('sandbox_charges_unsettled')
      .on(table.payId, table.createdAt)
      .where(sql`settlement_id IS NULL`),
  ],
)

/** Records a charge, in the transaction that made what it charges for. */
export async function recordCharge(
  tx: GatewayDatabase,
  charge: { payId: string; kind: ProductChargeKind; sourceId: string; reference: string; at: Date },
): Promise<void> {
  await tx.insert(sandboxCharges).values({
    id: `chg_${randomBytes(10).toString('hex')}`,
    payId: charge.payId,
    kind: charge.kind,
    sourceId: charge.sourceId,
    reference: charge.reference,
    createdAt: charge.at,
  })
}
