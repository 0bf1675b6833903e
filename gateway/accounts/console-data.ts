import { sql } from 'drizzle-orm'
import { rowsOf, textArray } from '#jobs/sql-rows.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { attemptsOf, type EventChannel, latestEvents } from '#gateway/webhooks/store.ts'

/** How many of each the console lists, newest first. */
export const CONSOLE_LIST_LIMIT = 50

export interface ConsolePayment {
  orderId: string
  txnId: string
  amount: bigint
  currencyCode: string
  /** CC, DC, NB, UP or WL, and the bank, network or wallet; empty before the customer chose. */
  paymentType: string
  mopType: string
  status: string
  responseCode: string
  createdAt: Date
  completedAt: Date | undefined
  settlementId: string | undefined
  refunds: { txnId: string; amount: bigint; createdAt: Date }[]
}

export interface ConsoleEvent {
  id: string
  type: string
  reference: string
  notifyUrl: string
  /** `url`: POSTed to notifyUrl; `stream`: handed to the account's `paystra listen`. */
  channel: EventChannel
  /** A stream copy's original event, which went to a URL too. */
  copyOf: string | undefined
  state: string
  createdAt: Date
  attempts: {
    attemptedAt: Date
    httpStatus: number | undefined
    error: string
    durationMs: number
  }[]
}

interface PaymentRow {
  id: string
  order_id: string
  txn_id: string
  amount: string
  currency_code: string
  payment_type: string | null
  mop_type: string | null
  status: string
  response_code: string | null
  created_at: string | Date
  completed_at: string | Date | null
  settlement_id: string | null
}

/** The account's latest payments, each with its refunds: every query names the account. */
export async function consolePayments(
  db: GatewayDatabase,
  payId: string,
): Promise<ConsolePayment[]> {
  const payments = await rowsOf<PaymentRow>(
    db,
    sql`SELECT id, order_id, txn_id, amount::text, currency_code, payment_type, mop_type, status,
        response_code, created_at, completed_at, settlement_id
      FROM sandbox_transactions WHERE pay_id = ${payId}
      ORDER BY created_at DESC LIMIT ${CONSOLE_LIST_LIMIT}`,
  )
  if (payments.length === 0) return []
  const refunds = await rowsOf<{
    payment_id: string
    txn_id: string
    amount: string
    created_at: string | Date
  }>(
    db,
    sql`SELECT payment_id, txn_id, amount::text, created_at FROM sandbox_refunds
      WHERE pay_id = ${payId}
        AND payment_id = ANY(${textArray(payments.map((payment) => payment.id))})
      ORDER BY created_at`,
  )
  return payments.map((row) => ({
    orderId: row.order_id,
    txnId: row.txn_id,
    amount: BigInt(row.amount),
    currencyCode: row.currency_code,
    paymentType: row.payment_type ?? '',
    mopType: row.mop_type ?? '',
    status: row.status,
    responseCode: row.response_code ?? '',
    createdAt: new Date(row.created_at),
    completedAt: row.completed_at ? new Date(row.completed_at) : undefined,
    settlementId: row.settlement_id ?? undefined,
    refunds: refunds
      .filter((refund) => refund.payment_id === row.id)
      .map((refund) => ({
        txnId: refund.txn_id,
        amount: BigInt(refund.amount),
        createdAt: new Date(refund.created_at),
      })),
  }))
}

/** The account's latest webhook events, each with every delivery attempt and its answer. */
export async function consoleEvents(db: GatewayDatabase, payId: string): Promise<ConsoleEvent[]> {
  const events = await latestEvents(db, payId, CONSOLE_LIST_LIMIT)
  const attempts = await attemptsOf(
    db,
    events.map((event) => event.id),
  )
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    reference: event.reference,
    notifyUrl: event.notifyUrl,
    channel: event.channel,
    copyOf: event.copyOf ?? undefined,
    state: event.state,
    createdAt: event.createdAt,
    attempts: attempts
      .filter((attempt) => attempt.eventId === event.id)
      .map((attempt) => ({
        attemptedAt: attempt.attemptedAt,
        httpStatus: attempt.httpStatus ?? undefined,
        error: attempt.error ?? '',
        durationMs: attempt.durationMs,
      })),
  }))
}
