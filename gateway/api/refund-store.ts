import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { heldByDisputes } from '#gateway/disputes/store.ts'
import { isUniqueViolation, newTxnId } from '#gateway/ids.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import {
  type GatewayDatabase,
  type SandboxTransaction,
  sandboxTransactions,
} from '#gateway/store.ts'
import {
  refundDecision,
  refundInRupees,
  type RefundMade,
  type RefundRequest,
  sameCurrency,
} from './refund-checks.ts'

/** The refunds that went through; a refused refund leaves nothing behind. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    txnId: text('txn_id').notNull().unique('sandbox_refunds_txn_id_key'),
    payId: text('pay_id').notNull(),
    refundOrderId: text('refund_order_id').notNull(),
    /** The refunded payment (sandbox_transactions.id) and its ORDER_ID. */
    paymentId: text('payment_id').notNull(),
    orderId: text('order_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    /**
     * The refund in paise: its amount for a rupee payment; for a foreign payment, converted at the
     * payment's FX_RATE so that the refunds of an order never add up to more rupees than it paid.
     */
    inrAmount: bigint('inr_amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The settlement that took it; null until a settlement run does. */
    settlementId: text('settlement_id'),
  },
  (table) => [
    unique('sandbox_refunds_order').on(table.payId, table.refundOrderId),
    index('sandbox_refunds_payment').on(table.paymentId),
    // What a settlement run looks for: refunds not yet settled.
    index('sandbox_refunds_unsettled')
      .on(table.payId, table.createdAt)
      .where(sql`settlement_id IS NULL`),
  ],
)

export type SandboxRefund = typeof sandboxRefunds.$inferSelect

export type RefundOutcome =
  { code: '000'; refund: SandboxRefund; made: RefundMade } | { code: ResponseCode }

/** What a refund's answer tells of it: its TXN_ID, its paise and the payment's rate. */
export function refundMade(refund: SandboxRefund, payment: SandboxTransaction): RefundMade {
  return { txnId: refund.txnId, inrAmount: refund.inrAmount, fxRate: payment.fxRate }
}

/**
 * Refunds part or all of a captured payment, in its own currency (319 otherwise), storing the
 * paise it gives back. The payment's row is locked for the time of the decision, so two refunds
 * of one order sent together cannot both spend what is left, and neither can a refund and the
 * settlement run that makes the payment's dispute (which locks it too): the refunds and holds are
 * read after the lock, in statements of their own, so they see what the other committed.
 */
export async function refundPayment(
  db: GatewayDatabase,
  request: RefundRequest,
  /** The merchant's time (its clock): when the refund is processed. */
  at: Date,
  /** Runs in the refund's transaction once it is stored: its webhook is committed with it. */
  onRefunded?: (
    tx: GatewayDatabase,
    refund: SandboxRefund,
    payment: SandboxTransaction,
  ) => Promise<void>,
): Promise<RefundOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(sandboxTransactions)
        .where(
          and(
            eq(sandboxTransactions.payId, request.payId),
            eq(sandboxTransactions.orderId, request.orderId),
          ),
        )
        .for('update')
      if (!payment) return { code: '328' }
      if (!sameCurrency(request.currencyCode, payment)) return { code: '319' }
      if (payment.responseCode !== '000') return { code: '330' }
      const [used] = await tx
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(
          and(
            eq(sandboxRefunds.payId, request.payId),
            eq(sandboxRefunds.refundOrderId, request.refundOrderId),
          ),
        )
      if (used) return { code: '018' }
      const earlier = await tx
        .select({ amount: sandboxRefunds.amount })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentId, payment.id))
      const refunded = earlier.reduce((sum, row) => sum + row.amount, 0n)
      const held = await heldByDisputes(tx, payment.id)
      const code = refundDecision(payment, refunded, request.amount, held)
      if (code !== '000') return { code }
      const [refund] = await tx
        .insert(sandboxRefunds)
        .values({
          id: randomUUID(),
          txnId: newTxnId(),
          payId: request.payId,
          refundOrderId: request.refundOrderId,
          paymentId: payment.id,
          orderId: payment.orderId,
          amount: request.amount,
          // The payment's own spelling: `36` and `036` are one currency, stored one way.
          currencyCode: payment.currencyCode,
          inrAmount: refundInRupees(payment, refunded, request.amount),
          createdAt: at,
        })
        .returning()
      await onRefunded?.(tx, refund!, payment)
      return { code: '000', refund: refund!, made: refundMade(refund!, payment) }
    })
  } catch (error) {
    // The same REFUND_ORDER_ID used at the same moment for another order.
    if (isUniqueViolation(error)) return { code: '018' }
    throw error
  }
}

/**
 * How much of a payment has been refunded so far, in its currency's minor units (paise for a
 * rupee payment; 0 when nothing was).
 */
export async function refundedAmount(db: GatewayDatabase, paymentId: string): Promise<bigint> {
  const rows = await db
    .select({ amount: sandboxRefunds.amount })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentId, paymentId))
  return rows.reduce((sum, row) => sum + row.amount, 0n)
}
