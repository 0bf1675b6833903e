/**
 * The sandbox accounts: one row a developer's private merchant. The secrets a request is signed
 * with are kept as they are (the sandbox must sign its answers with them); the console link is
 * kept only as its SHA-256, so a copy of the database does not open anyone's console.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    payId: text('pay_id').primaryKey(),
    name: text('name').notNull(),
    salt: text('salt').notNull(),
    keySalt: text('key_salt').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    /**
     * The secret a rotation replaced: deliveries carry a signature with each until
     * `previousWebhookSecretUntil`, so a receiver can switch without missing an event.
     */
    previousWebhookSecret: text('previous_webhook_secret'),
    previousWebhookSecretUntil: timestamp('previous_webhook_secret_until', { withTimezone: true }),
    /** Where its webhooks go when a request names no NOTIFY_URL (a public address). */
    notifyUrl: text('notify_url'),
    /**
     * When a `paystra listen` stream was last open: while it is recent, each event is also queued
     * for the stream, so a listener that drops and comes back gets what it missed.
     */
    listenedAt: timestamp('listened_at', { withTimezone: true }),
    bankAccount: text('bank_account').notNull(),
    consoleTokenHash: text('console_token_hash').notNull().unique('sandbox_accounts_console_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last signed request, payment page or console visit; idle accounts are removed. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sandbox_accounts_last_active_idx').on(table.lastActiveAt)],
)
