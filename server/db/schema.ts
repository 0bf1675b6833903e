import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

/** bytea as a Buffer on both drivers (PGlite hands back a Uint8Array). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  clientIp: text('client_ip'),
  createdAt: createdAt(),
})

export const jobApplications = pgTable('job_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  resumeFileName: text('resume_file_name').notNull(),
  resumeContentType: text('resume_content_type').notNull(),
  resumeSize: integer('resume_size').notNull(),
  resume: bytes('resume').notNull(),
  clientIp: text('client_ip'),
  createdAt: createdAt(),
})

export type OutboxStatus = 'pending' | 'sending' | 'delivered' | 'dead'

/** What to send; an attachment names the stored application whose resume it carries. */
export interface MailDraft {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  attachResumeOf?: string
}

export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'contact' | 'career'>().notNull(),
    mail: jsonb('mail').$type<MailDraft>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('outbox_due_idx').on(table.status, table.nextAttemptAt)],
)

export type OutboxRow = typeof outbox.$inferSelect

/** Which live demo created an order of the demo merchant. */
export type DemoPaymentFlow = 'hosted' | 'checkout' | 'merchant-hosted'

/** Where a demo order stands: created when Pay is pressed, settled by the gateway's response. */
export type DemoOutcome = 'created' | 'success' | 'failed' | 'pending'

/**
 * The demo merchant's orders (docs/product.md#demos-common-rules). A row is written when the server signs a
 * request, so a response can only settle an order this store really made, for its amount.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique(),
    flow: text('flow').$type<DemoPaymentFlow>().notNull(),
    /** In minor units of currency_code. */
    amount: integer('amount').notNull(),
    /** ISO 4217 numeric, as the request's CURRENCY_CODE: an answer in another currency is not this order's. */
    currencyCode: text('currency_code').notNull().default('356'),
    paymentType: text('payment_type'),
    mopType: text('mop_type'),
    outcome: text('outcome').$type<DemoOutcome>().notNull().default('created'),
    responseCode: text('response_code'),
    responseMessage: text('response_message'),
    txnId: text('txn_id'),
    /** Every field of the verified response, as the gateway sent them. */
    response: jsonb('response').$type<Record<string, string>>(),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When the reconciler last asked the gateway about this order (it asks round-robin). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  // The reconciler asks about orders still open (created or pending) in an age window.
  (table) => [index('demo_payments_open_idx').on(table.outcome, table.createdAt)],
)

export type DemoPaymentRow = typeof demoPayments.$inferSelect

/**
 * Webhook events the demo merchant has acted on, by the gateway's event id. The gateway delivers
 * at least once and retries with the same id; a second delivery finds its id here and changes
 * nothing. Written in the same transaction as the payment it moves.
 */
export const demoWebhookEvents = pgTable('demo_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Per-IP request counts when the site runs on PostgreSQL, shared by every instance
 * (server/api/per-ip-limit.ts). A row is one address's count in one limit's current window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
)
