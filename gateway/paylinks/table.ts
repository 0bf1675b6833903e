/**
 * The sandbox's payment links: the table's one definition (gateway/db/schema.ts). A link is
 * paid once: `payment_id` names the attempt that holds it (a payment the bank is still
 * confirming) or paid it.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const paylinkStatuses = ['CREATED', 'PAID', 'EXPIRED', 'CANCELLED'] as const
export type PaylinkStatus = (typeof paylinkStatuses)[number]

export const sandboxPaylinks = pgTable(
  'sandbox_paylinks',
  {
    /** `plink_` and 14 letters and digits: the PAYLINK_ID. */
    id: text('id').primaryKey(),
    /** The short URL's code: unguessable, so a link is opened only by whom it was sent to. */
    code: text('code').notNull().unique('sandbox_paylinks_code_key'),
    /** The sandbox's public address and the code: what the merchant sends the customer. */
    shortUrl: text('short_url').notNull(),
    payId: text('pay_id').notNull(),
    /** The merchant's own reference, unique per merchant; empty when none was sent. */
    referenceId: text('reference_id').notNull().default(''),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    description: text('description').notNull(),
    custName: text('cust_name').notNull().default(''),
    custEmail: text('cust_email').notNull().default(''),
    custPhone: text('cust_phone').notNull().default(''),
    /** As sent (ISO 8601 with its offset); empty when the link does not expire. */
    expireBy: text('expire_by').notNull().default(''),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    validateBeneficiary: boolean('validate_beneficiary').notNull().default(false),
    notifyUrl: text('notify_url').notNull().default(''),
    notifyPrivate: boolean('notify_private').notNull().default(false),
    status: text('status').$type<PaylinkStatus>().notNull(),
    /** A validated link: the account the last attempt's payer validated (masked), and its holder. */
    payerAccount: text('payer_account').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** The payment attempt that paid the link, or that the bank is confirming. */
    paymentId: text('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was paid, expired or cancelled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // A reference, when one is sent, names one of the merchant's.
    uniqueIndex('sandbox_paylinks_reference')
      .on(table.payId, table.referenceId)
      .where(sql`reference_id <> ''`),
    index('sandbox_paylinks_merchant_created').on(table.payId, table.createdAt),
    // What the expiry looks for: open links with an expiry.
    index('sandbox_paylinks_expiring')
      .on(table.payId, table.expireAt)
      .where(sql`status = 'CREATED' AND expire_at IS NOT NULL`),
  ],
)

export type SandboxPaylink = typeof sandboxPaylinks.$inferSelect
