/**
 * The sandbox's subscriptions and their debits: the tables' one definition (gateway/db/schema.ts).
 * A subscription holds when its next notice or attempt falls due (`next_due_at`), so the clock
 * walk finds what to do with one indexed query; each debit row is one attempt of one cycle, with
 * its notice. A cycle has at most one captured attempt: the partial unique index decides, across
 * instances.
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
import type { Frequency, RecurringMethod, SubscriptionState } from '#core/recurring/rules.ts'

/** How a registered instrument's later debits end: taken, or refused for want of funds (020). */
export type InstrumentOutcome = 'SUCCESS' | 'NOFUNDS'

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    /** `sub_` and 14 letters and digits: the SUBSCRIPTION_ID. */
    id: text('id').primaryKey(),
    /** The mandate page's code: unguessable, so only the customer it was sent to opens it. */
    code: text('code').notNull().unique('sandbox_subscriptions_code_key'),
    authUrl: text('auth_url').notNull(),
    payId: text('pay_id').notNull(),
    /** SUBSCRIPTION_REF: the merchant's reference, unique per merchant. */
    reference: text('reference').notNull(),
    method: text('method').$type<RecurringMethod>().notNull(),
    /** MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL, or empty. */
    category: text('category').notNull().default(''),
    /** Each scheduled debit; null for AS_PRESENTED. */
    amount: bigint('amount', { mode: 'bigint' }),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    frequency: text('frequency').$type<Frequency>().notNull(),
    startDate: text('start_date').notNull(),
    /** As sent, or the anchor's 10 years once registered; empty before if none was sent. */
    endDate: text('end_date').notNull().default(''),
    description: text('description').notNull(),
    custName: text('cust_name').notNull(),
    custEmail: text('cust_email').notNull(),
    custPhone: text('cust_phone').notNull(),
    returnUrl: text('return_url').notNull(),
    notifyUrl: text('notify_url').notNull().default(''),
    notifyPrivate: boolean('notify_private').notNull().default(false),
    status: text('status').$type<SubscriptionState>().notNull(),
    /** Cycle 0's date (IST), fixed at registration; empty before. */
    anchorDate: text('anchor_date').notNull().default(''),
    /** What the customer registered, as shown (a UPI ID, a masked card or account); empty after a revocation. */
    instrument: text('instrument').notNull().default(''),
    instrumentOutcome: text('instrument_outcome').$type<InstrumentOutcome>(),
    /** The PAYMENT_TYPE and MOP_TYPE each debit's payment is made with. */
    paymentType: text('payment_type').notNull().default(''),
    mopType: text('mop_type').notNull().default(''),
    /** The next cycle to notice (scheduled), or the next charge's number (AS_PRESENTED). */
    nextCycle: integer('next_cycle').notNull().default(0),
    paidCycles: integer('paid_cycles').notNull().default(0),
    /** When its next notice, attempt or registration expiry falls due; null when nothing will. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** When it was cancelled, completed or failed. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** CUSTOMER or MERCHANT, once cancelled. */
    cancelledBy: text('cancelled_by').notNull().default(''),
  },
  (table) => [
    uniqueIndex('sandbox_subscriptions_reference').on(table.payId, table.reference),
    index('sandbox_subscriptions_merchant_created').on(table.payId, table.createdAt),
    // What the clock walk looks for: subscriptions with something due.
    index('sandbox_subscriptions_due')
      .on(table.payId, table.nextDueAt)
      .where(sql`next_due_at IS NOT NULL`),
  ],
)

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect

export const debitStatuses = ['NOTIFIED', 'CHARGED', 'FAILED', 'SKIPPED', 'STOPPED'] as const
export type DebitStatus = (typeof debitStatuses)[number]

export const sandboxSubscriptionDebits = pgTable(
  'sandbox_subscription_debits',
  {
    /** `sdeb_` and 14 letters and digits: the DEBIT_ID. */
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    payId: text('pay_id').notNull(),
    cycle: integer('cycle').notNull(),
    attempt: integer('attempt').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
    debitAt: timestamp('debit_at', { withTimezone: true }).notNull(),
    approvalRequired: boolean('approval_required').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    status: text('status').$type<DebitStatus>().notNull(),
    responseCode: text('response_code').notNull().default(''),
    /** The payment it made, when it reached the bank. */
    paymentId: text('payment_id'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sandbox_subscription_debits_attempt').on(
      table.subscriptionId,
      table.cycle,
      table.attempt,
    ),
    // One captured debit a cycle, whatever races.
    uniqueIndex('sandbox_subscription_debits_paid_cycle')
      .on(table.subscriptionId, table.cycle)
      .where(sql`status = 'CHARGED'`),
    index('sandbox_subscription_debits_latest').on(table.subscriptionId, table.notifiedAt),
  ],
)

export type SandboxSubscriptionDebit = typeof sandboxSubscriptionDebits.$inferSelect
