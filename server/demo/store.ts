import { eq } from 'drizzle-orm'
import type { Database } from '#server/db/database.ts'
import {
  type DemoOutcome,
  type DemoPaymentFlow,
  type DemoPaymentRow,
  demoPayments,
} from '#server/db/schema.ts'
import type { Fields } from '#gateway/protocol/fields.ts'

export interface NewDemoOrder {
  orderId: string
  flow: DemoPaymentFlow
  amount: number
  paymentType?: string
  mopType?: string
}

/** Records an order when its request is signed, before the browser sees it. */
export async function createOrder(db: Database, order: NewDemoOrder): Promise<void> {
  await db.insert(demoPayments).values(order)
}

/** 000 is success; a response the gateway marks Pending is neither paid nor refused yet. */
export function outcomeOf(fields: Fields): DemoOutcome {
  if (fields.RESPONSE_CODE === '000') return 'success'
  if (fields.STATUS === 'Pending') return 'pending'
  return 'failed'
}

export type Settlement =
  { ok: true; payment: DemoPaymentRow } | { ok: false; reason: 'unknown-order' | 'amount' }

/**
 * Settles an order with a verified response. A response for an order this store never made, or
 * for another amount than it asked, is refused. The same response arriving twice (a reloaded
 * return page) settles the order again with the same values.
 */
export async function settleOrder(db: Database, fields: Fields): Promise<Settlement> {
  const orderId = fields.ORDER_ID ?? ''
  const [order] = await db.select().from(demoPayments).where(eq(demoPayments.orderId, orderId))
  if (!order) return { ok: false, reason: 'unknown-order' }
  if (fields.AMOUNT !== String(order.amount)) return { ok: false, reason: 'amount' }
  const [payment] = await db
    .update(demoPayments)
    .set({
      outcome: outcomeOf(fields),
      responseCode: fields.RESPONSE_CODE ?? null,
      responseMessage: fields.RESPONSE_MESSAGE ?? null,
      txnId: fields.TXN_ID ?? null,
      paymentType: fields.PAYMENT_TYPE || order.paymentType,
      mopType: fields.MOP_TYPE || order.mopType,
      response: fields,
      respondedAt: new Date(),
    })
    .where(eq(demoPayments.id, order.id))
    .returning()
  return payment ? { ok: true, payment } : { ok: false, reason: 'unknown-order' }
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
