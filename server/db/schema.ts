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
