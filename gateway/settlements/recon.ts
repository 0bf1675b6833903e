import { eq, sql } from 'drizzle-orm'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { settlementDateOf } from '#core/settlement/schedule.ts'
import {
  disputeSourceId,
  lineOf,
  type SettlementItem,
  type SettlementStatus,
} from '#core/settlement/settlement.ts'
import { sandboxRefunds } from '#gateway/api/refund-store.ts'
import type { GatewayDatabase, SandboxTransaction } from '#gateway/store.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import {
  type ChargeRow,
  chargeItem,
  type CollectionRow,
  collectionItem,
  recurringCharge,
  settledAmount,
  settlementsOfSources,
} from './store.ts'

/** One money movement of an order, and where it went or will go. */
export interface ReconEntry {
  TYPE: 'PAYMENT' | 'REFUND' | 'DISPUTE_HOLD' | 'DISPUTE_RELEASE' | 'COLLECTION' | 'FEE'
  TXN_ID: string
  AMOUNT: string
  FEE: string
  GST: string
  NET: string
  DATE: string
  DISPUTE_ID: string
  /**
   * SETTLED: paid out under a UTR. CARRIED_FORWARD: in a settlement carried forward that no
   * processed one has paid yet. UNSETTLED: in no settlement yet.
   */
  STATE: 'SETTLED' | 'CARRIED_FORWARD' | 'UNSETTLED'
  /** The settlement whose line holds it. */
  SETTLEMENT_ID: string
  SETTLEMENT_DATE: string
  SETTLEMENT_STATUS: SettlementStatus | ''
  /** The settlement that paid it out (itself, or the one a carried balance went into) and its UTR. */
  PAID_BY_SETTLEMENT_ID: string
  UTR: string
  EXPECTED_SETTLEMENT_DATE: string
}

type ReconItem = SettlementItem & { type: ReconEntry['TYPE'] }

/**
 * An order's reconciliation: its captured payment, each refund, and its dispute's hold and
 * release, in the order they happened, with the figures their settlement lines have (or will
 * have: the same function makes both), the settlement each went into and the one that paid it
 * out. A payment that was not captured has nothing to reconcile.
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
  const items: ReconItem[] = [
    {
      ...common,
      type: 'PAYMENT',
      ...chargeOf(payment),
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
    ...(await disputeItems(db, payment, common)),
  ]
  // Stable: at one instant, the payment, then refunds, then holds and releases.
  items.sort((a, b) => a.at.getTime() - b.at.getTime())
  return reconEntries(db, items)
}

/** A subscription's debit is priced by its Subscription row, as its settlement line is. */
function chargeOf(payment: SandboxTransaction): Pick<SettlementItem, 'charge'> {
  const charge = recurringCharge(payment.mode, payment.paymentType)
  return charge ? { charge } : {}
}

/** The most credits one virtual account's reconciliation lists: its latest. */
export const MAX_RECON_CREDITS = 1000

/**
 * A virtual account's reconciliation: its setup charge and every credit into it (the latest
 * MAX_RECON_CREDITS), oldest first, with the figures of their settlement lines and where each
 * went. A credit returned to the payer moved no money and is not listed.
 */
export async function reconcileVirtualAccount(
  db: GatewayDatabase,
  account: { id: string; referenceId: string },
): Promise<ReconEntry[]> {
  const reference = account.referenceId || account.id
  const charges = await rowsOf<ChargeRow>(
    db,
    sql`SELECT id, kind, source_id, reference, created_at AS at FROM sandbox_charges
      WHERE source_id = ${account.id}`,
  )
  const credits = await rowsOf<CollectionRow>(
    db,
    sql`SELECT id, ${reference} AS reference, utr, mode, amount::text, created_at AS at
      FROM sandbox_va_credits WHERE va_id = ${account.id} AND status = 'CREDITED'
      ORDER BY created_at DESC, id DESC LIMIT ${MAX_RECON_CREDITS}`,
  )
  const items = [...charges.map(chargeItem), ...credits.reverse().map(collectionItem)]
  return reconEntries(db, items)
}

/** Each item with its line's figures and the settlement that holds it and paid it out. */
async function reconEntries(
  db: GatewayDatabase,
  items: readonly ReconItem[],
): Promise<ReconEntry[]> {
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
      DISPUTE_ID: item.dispute?.disputeId ?? '',
      STATE: !settlement ? 'UNSETTLED' : settlement.paidBy ? 'SETTLED' : 'CARRIED_FORWARD',
      SETTLEMENT_ID: settlement?.settlementId ?? '',
      SETTLEMENT_DATE: settlement?.settlementDate ?? '',
      SETTLEMENT_STATUS: settlement?.status ?? '',
      PAID_BY_SETTLEMENT_ID: settlement?.paidBy?.settlementId ?? '',
      UTR: settlement?.paidBy?.utr ?? '',
      EXPECTED_SETTLEMENT_DATE: settlementDateOf(item.at),
    }
  })
}

/** The hold of the payment's dispute (from when it was raised) and its release once won. */
async function disputeItems(
  db: GatewayDatabase,
  payment: SandboxTransaction,
  common: Pick<SettlementItem, 'orderId' | 'pgRefNum' | 'paymentType' | 'mopType'>,
): Promise<ReconItem[]> {
  const disputes = await rowsOf<{
    id: string
    inr_amount: string
    reason_code: string
    status: string
    created_at: Date | string
    decided_at: Date | string | null
  }>(
    db,
    sql`SELECT id, inr_amount::text, reason_code, status, created_at, decided_at
      FROM sandbox_disputes WHERE payment_id = ${payment.id}`,
  )
  return disputes.flatMap((dispute) => {
    const of = (type: 'DISPUTE_HOLD' | 'DISPUTE_RELEASE', at: Date): ReconItem => ({
      ...common,
      type,
      sourceId: disputeSourceId(dispute.id, type === 'DISPUTE_HOLD' ? 'hold' : 'release'),
      txnId: payment.txnId,
      amount: BigInt(dispute.inr_amount),
      at,
      dispute: { disputeId: dispute.id, reasonCode: dispute.reason_code, reason: '' },
    })
    const hold = of('DISPUTE_HOLD', new Date(dispute.created_at))
    return dispute.status === 'WON' && dispute.decided_at
      ? [hold, of('DISPUTE_RELEASE', new Date(dispute.decided_at))]
      : [hold]
  })
}
