import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { GatewayDatabase } from '#gateway/store.ts'
import { newEventId, serialiseEvent, type WebhookEventType } from '#core/protocol/webhook.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { claimDue, complete, type DurableQueue, giveUp, retryLater } from '#jobs/durable-queue.ts'
import { MAX_ATTEMPTS, retryDelayMs } from './schedule.ts'

export type DeliveryState = 'pending' | 'delivered' | 'failed'
export type EventChannel = 'url' | 'stream'

/** One event for one merchant: its body is fixed when it is made and sent the same each time. */
export const sandboxWebhookEvents = pgTable(
  'sandbox_webhook_events',
  {
    id: text('id').primaryKey(),
    payId: text('pay_id').notNull(),
    /** The merchant's reference: ORDER_ID of a payment or refund, PAYOUT_ID of a payout. */
    reference: text('reference').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    notifyUrl: text('notify_url').notNull(),
    /**
     * How it travels: `url`, POSTed by the webhook worker to notifyUrl; `stream`, handed to the
     * account's `paystra listen` stream, which forwards it and reports the answer
     * (gateway/webhooks/stream.ts). A stream copy carries its event's body and id unchanged.
     */
    channel: text('channel').$type<EventChannel>().notNull().default('url'),
    /**
     * A stream copy of an event also sent to a NOTIFY_URL: that event's id, which its body and
     * its X-Paystra-Event-Id carry. Copies do not count against the cap of events a day.
     */
    copyOf: text('copy_of'),
    /**
     * The URL may lead to a private or special-purpose address: decided when the URL was accepted
     * (webhooks/addresses.ts), so a later delivery or resend is judged as that request was.
     */
    allowPrivate: boolean('allow_private').notNull().default(false),
    body: text('body').notNull(),
    state: text('state').$type<DeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance delivers it; after this another may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('sandbox_webhook_events_due')
      .on(table.nextAttemptAt)
      .where(sql`state = 'pending' AND channel = 'url'`),
    index('sandbox_webhook_events_stream_due')
      .on(table.payId, table.nextAttemptAt)
      .where(sql`state = 'pending' AND channel = 'stream'`),
    index('sandbox_webhook_events_reference').on(table.payId, table.reference),
    // Counting a merchant's events of the last 24 hours against its cap (enqueueEvent).
    index('sandbox_webhook_events_created').on(table.payId, table.createdAt),
  ],
)
export type WebhookEventRow = typeof sandboxWebhookEvents.$inferSelect

export const sandboxWebhookAttempts = pgTable(
  'sandbox_webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'sandbox_webhook_attempts_event_id_fkey',
      columns: [table.eventId],
      foreignColumns: [sandboxWebhookEvents.id],
    }).onDelete('cascade'),
    index('sandbox_webhook_attempts_event').on(table.eventId),
  ],
)
export type WebhookAttemptRow = typeof sandboxWebhookAttempts.$inferSelect

export interface NewWebhookEvent {
  payId: string
  reference: string
  type: WebhookEventType
  notifyUrl: string
  /** Whether the request that named the URL could send webhooks to private addresses. */
  allowPrivate: boolean
  /** The response fields with their HASH. */
  data: Fields
  /**
   * The merchant's cap on events stored in any 24 hours; at it, nothing is stored. Unset or 0:
   * no cap. Concurrent requests each count before they insert, so a burst may pass it by a few.
   */
  perDay?: number
  /**
   * The event's `created`: the merchant's time (its clock, gateway/clock/). Its delivery and
   * retries keep to real time, as do the signature's timestamp and the 24-hour cap.
   */
  at?: Date
  /** `url` (the default) for the webhook worker, `stream` for the account's listener. */
  channel?: EventChannel
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Stores an event for delivery, due at once, unless the merchant's events of the last 24 hours
 * have reached its cap (then `undefined`). Pass the transaction that records the outcome, so
 * the outcome and its event are committed together or not at all.
 */
export async function enqueueEvent(
  db: GatewayDatabase,
  event: NewWebhookEvent,
  now = new Date(),
): Promise<WebhookEventRow | undefined> {
  if (event.perDay) {
    const stored = await db.$count(
      sandboxWebhookEvents,
      and(
        eq(sandboxWebhookEvents.payId, event.payId),
        gt(sandboxWebhookEvents.createdAt, new Date(now.getTime() - DAY_MS)),
        isNull(sandboxWebhookEvents.copyOf),
      ),
    )
    if (stored >= event.perDay) return undefined
  }
  const id = newEventId()
  const body = serialiseEvent({
    id,
    type: event.type,
    created: Math.floor((event.at ?? now).getTime() / 1000),
    data: event.data,
  })
  const [row] = await db
    .insert(sandboxWebhookEvents)
    .values({
      id,
      payId: event.payId,
      reference: event.reference,
      type: event.type,
      notifyUrl: event.notifyUrl,
      allowPrivate: event.allowPrivate,
      channel: event.channel ?? 'url',
      body,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning()
  return row!
}

/**
 * Queues, for the account's listener, a copy of an event going to a NOTIFY_URL: the same body
 * (and so the same event id, which it is forwarded under), delivered and retried on its own.
 */
export async function enqueueStreamCopy(
  db: GatewayDatabase,
  original: WebhookEventRow,
): Promise<WebhookEventRow> {
  const [row] = await db
    .insert(sandboxWebhookEvents)
    .values({
      id: newEventId(),
      payId: original.payId,
      reference: original.reference,
      type: original.type,
      notifyUrl: '',
      allowPrivate: false,
      channel: 'stream',
      copyOf: original.id,
      body: original.body,
      createdAt: original.createdAt,
      nextAttemptAt: original.createdAt,
    })
    .returning()
  return row!
}

/**
 * Events are due at their next attempt while pending; a claim is the instance's for a minute:
 * long enough for one delivery and its timeout, short enough that a crashed instance's events
 * soon go out.
 */
export const webhookQueue: DurableQueue<typeof sandboxWebhookEvents> = {
  table: sandboxWebhookEvents,
  id: sandboxWebhookEvents.id,
  dueAt: sandboxWebhookEvents.nextAttemptAt,
  waiting: and(eq(sandboxWebhookEvents.state, 'pending'), eq(sandboxWebhookEvents.channel, 'url'))!,
  attempts: sandboxWebhookEvents.attempts,
  lease: { until: sandboxWebhookEvents.claimedUntil, ms: 60_000 },
}

/**
 * Takes up to `limit` due events for this instance and counts the attempt (jobs/durable-queue.ts):
 * instances polling together each get different events.
 */
export async function claimDueEvents(
  db: GatewayDatabase,
  limit: number,
): Promise<WebhookEventRow[]> {
  return claimDue(db, webhookQueue, { limit })
}

export interface AttemptRecord {
  attemptedAt: Date
  httpStatus?: number
  error?: string
  durationMs: number
  ok: boolean
  /** Refused for its address: failed at once, not retried (another try would be refused too). */
  final?: boolean
}

/**
 * Records an attempt and decides what follows: delivered, tried again later (with the backoff
 * of `schedule.ts`), or failed for good after the last attempt or a final refusal.
 */
export async function recordAttempt(
  db: GatewayDatabase,
  event: WebhookEventRow,
  attempt: AttemptRecord,
  baseDelayMs: number,
): Promise<DeliveryState> {
  const delay = attempt.ok || attempt.final ? undefined : retryDelayMs(event.attempts, baseDelayMs)
  const state: DeliveryState = attempt.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending'
  await db.transaction(async (tx) => {
    await tx.insert(sandboxWebhookAttempts).values({
      eventId: event.id,
      attemptedAt: attempt.attemptedAt,
      httpStatus: attempt.httpStatus ?? null,
      error: attempt.error?.slice(0, 500) ?? null,
      durationMs: attempt.durationMs,
    })
    if (attempt.ok) {
      await complete(tx, webhookQueue, [event.id], { state, deliveredAt: sql`now()` })
    } else if (delay !== undefined) {
      await retryLater(tx, webhookQueue, [event.id], delay, { state })
    } else {
      await giveUp(tx, webhookQueue, [event.id], { state })
    }
  })
  return state
}

export async function findEvent(
  db: GatewayDatabase,
  payId: string,
  id: string,
): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxWebhookEvents)
    .where(and(eq(sandboxWebhookEvents.id, id), eq(sandboxWebhookEvents.payId, payId)))
  return row
}

export async function eventsFor(
  db: GatewayDatabase,
  payId: string,
  reference: string,
): Promise<WebhookEventRow[]> {
  return db
    .select()
    .from(sandboxWebhookEvents)
    .where(
      and(eq(sandboxWebhookEvents.payId, payId), eq(sandboxWebhookEvents.reference, reference)),
    )
    .orderBy(asc(sandboxWebhookEvents.createdAt), asc(sandboxWebhookEvents.id))
}

/** The account's latest events, newest first, whatever their reference. */
export async function latestEvents(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<WebhookEventRow[]> {
  return db
    .select()
    .from(sandboxWebhookEvents)
    .where(eq(sandboxWebhookEvents.payId, payId))
    .orderBy(desc(sandboxWebhookEvents.createdAt), desc(sandboxWebhookEvents.id))
    .limit(limit)
}

export async function attemptsOf(
  db: GatewayDatabase,
  eventIds: string[],
): Promise<WebhookAttemptRow[]> {
  if (eventIds.length === 0) return []
  return db
    .select()
    .from(sandboxWebhookAttempts)
    .where(inArray(sandboxWebhookAttempts.eventId, eventIds))
    .orderBy(asc(sandboxWebhookAttempts.id))
}

/**
 * Sends an event again now, with a fresh set of attempts: the merchant fixed its endpoint, or
 * lost what it had recorded. The event id and body stay the same.
 */
export async function scheduleResend(db: GatewayDatabase, id: string): Promise<void> {
  await db
    .update(sandboxWebhookEvents)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(eq(sandboxWebhookEvents.id, id))
}

export { MAX_ATTEMPTS }
