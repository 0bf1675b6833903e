/**
 * The sandbox's virtual accounts and the credits into them: the tables' one definition
 * (gateway/db/schema.ts).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const sandboxVirtualAccounts = pgTable(
  'sandbox_virtual_accounts',
  {
    /** `va_` and 14 letters and digits: the VA_ID. */
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    referenceId: text('reference_id').notNull().default(''),
    custName: text('cust_name').notNull(),
    /** 16 digits, unique across the sandbox: a payer's bank sends money to it. */
    accountNumber: text('account_number').notNull().unique('sandbox_virtual_accounts_number_key'),
    notifyUrl: text('notify_url').notNull().default(''),
    notifyPrivate: boolean('notify_private').notNull().default(false),
    status: text('status').$type<'ACTIVE' | 'CLOSED'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    // A reference, when one is sent, names one of the merchant's.
    uniqueIndex('sandbox_virtual_accounts_reference')
      .on(table.payId, table.referenceId)
      .where(sql`reference_id <> ''`),
    index('sandbox_virtual_accounts_merchant_created').on(table.payId, table.createdAt),
  ],
)

export type SandboxVirtualAccount = typeof sandboxVirtualAccounts.$inferSelect

export const sandboxVaCredits = pgTable(
  'sandbox_va_credits',
  {
    /** `vacr_` and 14 letters and digits: the CREDIT_ID. */
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    vaId: text('va_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'NEFT' | 'RTGS' | 'IMPS' | 'UPI'>().notNull(),
    payerName: text('payer_name').notNull(),
    utr: text('utr').notNull(),
    /** CREDITED, or RETURNED to the payer (the account was closed). */
    status: text('status').$type<'CREDITED' | 'RETURNED'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The settlement that paid it out; null until a run takes it (never for a returned one). */
    settlementId: text('settlement_id'),
  },
  (table) => [
    index('sandbox_va_credits_account').on(table.vaId, table.createdAt),
    index('sandbox_va_credits_unsettled')
      .on(table.payId, table.createdAt)
      .where(sql`status = 'CREDITED' AND settlement_id IS NULL`),
  ],
)

export type SandboxVaCredit = typeof sandboxVaCredits.$inferSelect
