import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/database.ts'
import {
  type DemoOutcome,
  type DemoPaymentFlow,
  type DemoPaymentRow,
  demoPayments,
  demoWebhookEvents,
} from '#server/db/schema.ts'
import type { Fields } from '#core/protocol/fields.ts'

/** The database, or a transaction on it. */
type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface NewDemoOrder {
  orderId: string
  flow: DemoPaymentFlow
  /** Minor units of currencyCode. */
  amount: number
  /** ISO 4217 numeric; rupees when not said. */
  currencyCode?: string
  paymentType?: string
  mopType?: string
}

/** Records an order when its request is signed, before the browser sees it; answers its row's id. */
export async function createOrder(db: Database, order: NewDemoOrder): Promise<string> {
  const [row] = await db.insert(demoPayments).values(order).returning({ id: demoPayments.id })
  return row!.id
}

/**
 * The outcome a verified gateway answer asks for: 000 success, STATUS Pending pending (neither
 * paid nor refused yet), anything else failed.
 */
export function outcomeOf(fields: Fields): DemoOutcome {
  if (fields.RESPONSE_CODE === '000') return 'success'
  if (fields.STATUS === 'Pending') return 'pending'
  return 'failed'
}

/**
 * The forward-only order rule, the same in every Paystra kit and checked against the `orders`
 * table of the shared vectors (store.test.ts):
 *
 * An order's status only moves forward: created, then pending, paid or failed; pending, then
 * paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
 * retried webhook, a payment.failed after the capture, the browser's pending answer after the
 * webhook's capture) never moves it back.
 *
 * Here paid is `success`, and the table reads backwards: each outcome lists the outcomes an order
 * may reach it from, the WHERE of the conditional UPDATE in `settleOrder`.
 */
export const forwardFrom: Record<DemoOutcome, readonly DemoOutcome[]> = {
  created: [],
  pending: ['created'],
  success: ['created', 'pending'],
  failed: ['created', 'pending'],
}

export type Settlement =
  | {
      ok: true
      /** The order as it stands now: moved by these fields, or left where it was. */
      payment: DemoPaymentRow
      /** False when the order had already moved past what these fields say. */
      changed: boolean
    }
  | { ok: false; reason: 'unknown-order' | 'amount' }

/**
 * Applies a verified gateway answer to its order: the one function the browser's return, the
 * checkout verify route, the webhook and the reconciler all settle through. An answer for an
 * order this store never made, or for another amount or currency than it asked, is refused. The order moves
 * only forward (`forwardFrom`), decided by a conditional UPDATE in the database, so two
 * instances racing on the same order agree: the first to arrive wins, the other changes nothing
 * and reads the row as it now is.
 */
export async function settleOrder(db: Queryable, fields: Fields): Promise<Settlement> {
  const orderId = fields.ORDER_ID ?? ''
  const [order] = await db.select().from(demoPayments).where(eq(demoPayments.orderId, orderId))
  if (!order) return { ok: false, reason: 'unknown-order' }
  if (fields.AMOUNT !== String(order.amount) || fields.CURRENCY_CODE !== order.currencyCode) {
    return { ok: false, reason: 'amount' }
  }
  const outcome = outcomeOf(fields)
  const [moved] = await db
    .update(demoPayments)
    .set({
      outcome,
      responseCode: fields.RESPONSE_CODE ?? null,
      responseMessage: fields.RESPONSE_MESSAGE ?? null,
      txnId: fields.TXN_ID ?? null,
      paymentType: fields.PAYMENT_TYPE || order.paymentType,
      mopType: fields.MOP_TYPE || order.mopType,
      response: fields,
      respondedAt: new Date(),
    })
    .where(
      and(eq(demoPayments.id, order.id), inArray(demoPayments.outcome, [...forwardFrom[outcome]])),
    )
    .returning()
  if (moved) return { ok: true, payment: moved, changed: true }
  const [current] = await db.select().from(demoPayments).where(eq(demoPayments.id, order.id))
  return current
    ? { ok: true, payment: current, changed: false }
    : { ok: false, reason: 'unknown-order' }
}

export type WebhookRecording =
  { kind: 'duplicate' } | { kind: 'ignored' } | { kind: 'settled'; settlement: Settlement }

/**
 * Records a webhook event's id and, for a payment event, settles its order, in one
 * transaction: either both happen or neither, so a delivery that fails half-way is retried
 * by the gateway and a delivery seen before (its id already stored) changes nothing.
 */
export async function recordWebhookEvent(
  db: Database,
  event: { id: string; type: string; data: Fields },
  settles: boolean,
): Promise<WebhookRecording> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(demoWebhookEvents)
      .values({ eventId: event.id, type: event.type, orderId: event.data.ORDER_ID ?? null })
      .onConflictDoNothing({ target: demoWebhookEvents.eventId })
      .returning({ eventId: demoWebhookEvents.eventId })
    if (inserted.length === 0) return { kind: 'duplicate' } as const
    if (!settles) return { kind: 'ignored' } as const
    const settlement = await settleOrder(tx, event.data)
    return { kind: 'settled', settlement } as const
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A settled payment by its id; undefined for an unknown id or an order still waiting. */
export async function findSettledPayment(
  db: Database,
  id: string,
): Promise<DemoPaymentRow | undefined> {
  if (!UUID.test(id)) return undefined
  const [payment] = await db.select().from(demoPayments).where(eq(demoPayments.id, id))
  return payment && payment.outcome !== 'created' ? payment : undefined
}

/** An order by its order id, whatever its outcome (the result page's look-up). */
export async function findOrder(
  db: Database,
  orderId: string,
): Promise<DemoPaymentRow | undefined> {
  if (!/^LP\d{1,20}$/.test(orderId)) return undefined
  const [payment] = await db.select().from(demoPayments).where(eq(demoPayments.orderId, orderId))
  return payment
}

/**
 * Orders still open (created or pending), made between `createdAfter` and `createdBefore`, that
 * are due another question: never asked, or last asked longer ago than `recheckMs` and than a
 * quarter of their age (an order is asked less often as it ages: some twenty times in its first
 * day, not once a minute). Those never asked come first, then the longest unasked, so a pile of
 * abandoned orders cannot starve the rest.
 */
export async function dueOpenOrders(
  db: Database,
  window: { now: Date; createdBefore: Date; createdAfter: Date; recheckMs: number; limit: number },
): Promise<DemoPaymentRow[]> {
  const now = sql`${window.now.toISOString()}::timestamptz`
  const recheck = sql`greatest(${window.recheckMs} * interval '1 millisecond', (${now} - ${demoPayments.createdAt}) / 4)`
  return db
    .select()
    .from(demoPayments)
    .where(
      and(
        inArray(demoPayments.outcome, ['created', 'pending']),
        lte(demoPayments.createdAt, window.createdBefore),
        gte(demoPayments.createdAt, window.createdAfter),
        or(isNull(demoPayments.checkedAt), sql`${demoPayments.checkedAt} <= ${now} - ${recheck}`),
      ),
    )
    .orderBy(
      sql`${demoPayments.checkedAt} asc nulls first`,
      asc(demoPayments.createdAt),
      // Orders made in the same instant are asked in the order they were made (LP + ms).
      asc(demoPayments.orderId),
    )
    .limit(window.limit)
}

/** Notes that the reconciler asked the gateway about an order now. */
export async function markChecked(db: Database, id: string, at: Date): Promise<void> {
  await db.update(demoPayments).set({ checkedAt: at }).where(eq(demoPayments.id, id))
}
