/**
 * Each merchant's clock: its time is real time plus the sum of its advances. A merchant without
 * a row has never moved its clock (offset 0).
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const sandboxClocks = pgTable('sandbox_clocks', {
  payId: text('pay_id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
