import { eq } from 'drizzle-orm'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { settlementDateOf } from '#core/settlement/schedule.ts'
import { lineOf, type SettlementItem } from '#core/settlement/settlement.ts'
import { sandboxRefunds } from '#gateway/api/refund-store.ts'
import type { GatewayDatabase, SandboxTransaction } from '#gateway/store.ts'
import { settledAmount, settlementsOfSources } from './store.ts'

/** One payment or refund of an order, and where its money went or will go. */
export interface ReconEntry {
  TYPE: 'PAYMENT' | 'REFUND'
  TXN_ID: string
  AMOUNT: string
  FEE: string
  GST: string
  NET: string
  DATE: string
  STATE: 'SETTLED' | 'UNSETTLED'
  SETTLEMENT_ID: string
  UTR: string
  SETTLEMENT_DATE: string
  EXPECTED_SETTLEMENT_DATE: string
}

/**
 * An order's reconciliation: its captured payment and each refund, with the figures its
 * settlement line has (or will have: the same function makes both) and the settlement it went
 * into. A payment that was not captured has nothing to reconcile.
 */
export async function reconcileOrder(
  db: GatewayDatabase,
  payment: SandboxTransaction,
): Promise<ReconEntry[]> {
  if (payment.responseCode !== '000') return []
  const refunds = await db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentId, payment.id))
    .orderBy(sandboxRefunds.createdAt, sandboxRefunds.id)
  const common = {
    orderId: payment.orderId,
    pgRefNum: payment.pgRefNum,
    paymentType: payment.paymentType,
    mopType: payment.mopType,
  }
  // A refund is in its payment's currency, at its payment's rate.
  const { currencyCode, fxRate } = payment
  const items: Array<SettlementItem & { type: 'PAYMENT' | 'REFUND' }> = [
    {
      ...common,
      type: 'PAYMENT',
      sourceId: payment.id,
      txnId: payment.txnId,
      ...settledAmount(payment),
      at: payment.completedAt ?? payment.createdAt,
    },
    ...refunds.map((refund) => ({
      ...common,
      type: 'REFUND' as const,
      sourceId: refund.id,
      txnId: refund.txnId,
      ...settledAmount({ ...refund, currencyCode, fxRate }),
      at: refund.createdAt,
    })),
  ]
  const settled = await settlementsOfSources(
    db,
    items.map((item) => item.sourceId),
  )
  return items.map((item) => {
    const line = lineOf(item)
    const settlement = settled.get(item.sourceId)
    return {
      TYPE: item.type,
      TXN_ID: item.txnId,
      AMOUNT: String(line.amount),
      FEE: String(line.fee),
      GST: String(line.gst),
      NET: String(line.net),
      DATE: formatIstDateTime(item.at),
      STATE: settlement ? 'SETTLED' : 'UNSETTLED',
      SETTLEMENT_ID: settlement?.settlementId ?? '',
      UTR: settlement?.utr ?? '',
      SETTLEMENT_DATE: settlement?.settlementDate ?? '',
      EXPECTED_SETTLEMENT_DATE: settlementDateOf(item.at),
    }
  })
}
