/**
 * The sandbox's disputes (their table is table.ts): their making and deciding inside a settlement
 * run, the merchant's answer (ACCEPT or CONTEST) and the lists of the dispute API. The rule that
 * decides them is outcome.ts; the hold and release of their amount are settlement items
 * (gateway/settlements/store.ts).
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { addDays, type IsoDate, istInstant } from '#core/calendar/business-calendar.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { disputeReasonOf } from '#gateway/methods.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { type DisputeFields } from './fields.ts'
import { decide, type DisputeStatus, isPastDeadline, resolutions, respondByOf } from './outcome.ts'

/** A dispute as stored, with where its events go. */
export interface StoredDispute {
  payId: string
  fields: DisputeFields
  /**
   * The payment's NOTIFY_URL, else the NOTIFY_URL of the run that made the dispute (`fromRun`),
   * else none.
   */
  notify: NotifyTarget & { fromRun: boolean }
}

interface DisputeRow {
  id: string
  pay_id: string
  order_id: string
  txn_id: string
  pg_ref_num: string
  amount: string
  currency_code: string
  inr_amount: string
  reason_code: string
  respond_by: string
  status: DisputeStatus
  answer: '' | 'ACCEPTED' | 'CONTESTED'
  evidence_file_name: string
  resolution: string
  notify_url: string
  notify_private: boolean
  run_notify_url: string
  run_notify_private: boolean
  created_at: Date | string
  decided_at: Date | string | null
}

const disputeColumns = sql.raw(`id, pay_id, order_id, txn_id, pg_ref_num,
  amount::text AS amount, currency_code, inr_amount::text AS inr_amount, reason_code,
  to_char(respond_by, 'YYYY-MM-DD') AS respond_by, status, answer, evidence_file_name,
  resolution, notify_url, notify_private, run_notify_url, run_notify_private, created_at,
  decided_at`)

function storedDispute(row: DisputeRow): StoredDispute {
  return {
    payId: row.pay_id,
    fields: {
      DISPUTE_ID: row.id,
      ORDER_ID: row.order_id,
      TXN_ID: row.txn_id,
      PG_REF_NUM: row.pg_ref_num,
      AMOUNT: row.amount,
      CURRENCY_CODE: row.currency_code,
      INR_AMOUNT: row.inr_amount,
      REASON_CODE: row.reason_code,
      REASON: disputeReasonOf(row.reason_code)?.reason ?? '',
      RESPOND_BY: row.respond_by,
      STATUS: row.status,
      EVIDENCE_RECEIVED: row.answer === 'CONTESTED' ? 'Y' : 'N',
      CREATED_AT: formatDateTime(new Date(row.created_at)),
      DECIDED_AT: row.decided_at ? formatDateTime(new Date(row.decided_at)) : '',
      RESOLUTION: row.resolution,
    },
    notify: row.notify_url
      ? { url: row.notify_url, allowPrivate: row.notify_private, fromRun: false }
      : { url: row.run_notify_url, allowPrivate: row.run_notify_private, fromRun: true },
  }
}

export const disputeIdPattern = /^dsp_[0-9a-f]{20}$/

function newDisputeId(): string {
  return `dsp_${randomBytes(10).toString('hex')}`
}

/**
 * Makes a dispute for each disputed payment among `paymentIds` (those a run just settled) that
 * has none yet, made at `at` (the run's time). Its amount is what was not refunded, in the
 * payment's currency and in paise; a payment refunded whole leaves nothing to dispute. Every
 * refund already made counts, even one made after an AS_OF in the past: money given back cannot
 * be lost again in a chargeback. The run holds the payments' rows locked (their settlement), so a
 * refund of one waits for the run and then sees the hold (gateway/api/refund-store.ts).
 */
export async function createDisputes(
  tx: GatewayDatabase,
  paymentIds: readonly string[],
  at: Date,
  run: NotifyTarget,
): Promise<StoredDispute[]> {
  if (paymentIds.length === 0) return []
  const payments = await rowsOf<{
    id: string
    pay_id: string
    order_id: string
    txn_id: string
    pg_ref_num: string
    payment_type: string
    mop_type: string
    currency_code: string
    dispute_reason: string
    notify_url: string
    notify_private: boolean
    amount: string
    inr_amount: string
  }>(
    tx,
    sql`SELECT t.id, t.pay_id, t.order_id, t.txn_id, t.pg_ref_num, t.payment_type, t.mop_type,
        t.currency_code, t.dispute_reason, t.notify_url, t.notify_private,
        (t.amount - coalesce(r.amount, 0))::text AS amount,
        (t.inr_amount - coalesce(r.inr_amount, 0))::text AS inr_amount
      FROM sandbox_transactions t
      LEFT JOIN LATERAL (
        SELECT sum(refund.amount) AS amount, sum(refund.inr_amount) AS inr_amount
        FROM sandbox_refunds refund
        WHERE refund.payment_id = t.id
      ) r ON true
      WHERE t.id = ANY(${sql.param([...paymentIds])}::text[]) AND t.dispute_reason <> ''
        AND NOT EXISTS (SELECT 1 FROM sandbox_disputes d WHERE d.payment_id = t.id)
      ORDER BY t.completed_at, t.id`,
  )
  const made: StoredDispute[] = []
  for (const payment of payments) {
    if (BigInt(payment.inr_amount) <= 0n) continue
    const [row] = await rowsOf<DisputeRow>(
      tx,
      sql`INSERT INTO sandbox_disputes (id, pay_id, payment_id, order_id, txn_id, pg_ref_num,
          payment_type, mop_type, amount, currency_code, inr_amount, reason_code, respond_by,
          status, notify_url, notify_private, run_notify_url, run_notify_private, created_at)
        VALUES (${newDisputeId()}, ${payment.pay_id}, ${payment.id}, ${payment.order_id},
          ${payment.txn_id}, ${payment.pg_ref_num}, ${payment.payment_type}, ${payment.mop_type},
          ${payment.amount}::bigint, ${payment.currency_code}, ${payment.inr_amount}::bigint,
          ${payment.dispute_reason}, ${respondByOf(at)}::date, 'OPEN', ${payment.notify_url},
          ${payment.notify_private}, ${run.url}, ${run.allowPrivate},
          ${at.toISOString()}::timestamptz)
        ON CONFLICT (payment_id) DO NOTHING
        RETURNING ${disputeColumns}`,
    )
    if (row) made.push(storedDispute(row))
  }
  return made
}

/**
 * What the disputes of a payment hold, in its currency's minor units: the amount of each dispute
 * that is open, under review or lost. A won dispute's hold is released, so it holds nothing.
 */
export async function heldByDisputes(tx: GatewayDatabase, paymentId: string): Promise<bigint> {
  const [row] = await rowsOf<{ held: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS held FROM sandbox_disputes
      WHERE payment_id = ${paymentId} AND status IN ('OPEN', 'UNDER_REVIEW', 'LOST')`,
  )
  return BigInt(row!.held)
}

/**
 * Applies the rule (outcome.ts) to every undecided dispute of a merchant whose deadline `at` has
 * passed, decided at `at`; the rows stay locked until the run commits.
 */
export async function decideDueDisputes(
  tx: GatewayDatabase,
  payId: string,
  at: Date,
): Promise<StoredDispute[]> {
  const atDate = formatDateTime(at).slice(0, 10)
  const due = await rowsOf<DisputeRow>(
    tx,
    sql`SELECT ${disputeColumns} FROM sandbox_disputes
      WHERE pay_id = ${payId} AND decided_at IS NULL AND respond_by < ${atDate}::date
      ORDER BY created_at, order_id, id
      FOR UPDATE`,
  )
  const decided: StoredDispute[] = []
  for (const dispute of due) {
    if (!isPastDeadline(dispute.respond_by, at)) continue
    const decision = decide({
      status: dispute.status === 'UNDER_REVIEW' ? 'UNDER_REVIEW' : 'OPEN',
      reasonCode: dispute.reason_code,
      hasDocument: dispute.evidence_file_name !== '',
    })
    const [row] = await rowsOf<DisputeRow>(
      tx,
      sql`UPDATE sandbox_disputes SET status = ${decision.status},
          resolution = ${decision.resolution}, decided_at = ${at.toISOString()}::timestamptz
        WHERE id = ${dispute.id}
        RETURNING ${disputeColumns}`,
    )
    decided.push(storedDispute(row!))
  }
  return decided
}

/** What the merchant answers: accept the dispute, or contest it with evidence. */
export type DisputeAnswer =
  | { action: 'ACCEPT' }
  | {
      action: 'CONTEST'
      evidence: string
      /** Base64, as sent, with its name; absent when only text was sent. */
      file?: { base64: string; name: string }
    }

/** The request's own checks (evidence.ts): its answer, or the code it is refused with. */
export type CheckedAnswer = { ok: true; answer: DisputeAnswer } | { ok: false; code: ResponseCode }

/**
 * Answers one of a merchant's disputes at `now`, in the caller's transaction, its row locked so
 * that a run deciding it or a second answer waits: 346 when it is not the merchant's, 347 a bad
 * ACTION, 348 answered already, 349 decided unanswered or past its deadline, then the evidence's
 * own refusals; otherwise the answer is stored. ACCEPT loses the dispute at once.
 */
export async function answerDispute(
  tx: GatewayDatabase,
  payId: string,
  disputeId: string,
  now: Date,
  request: CheckedAnswer,
): Promise<{ ok: true; dispute: StoredDispute } | { ok: false; code: ResponseCode }> {
  const [dispute] = await rowsOf<DisputeRow>(
    tx,
    sql`SELECT ${disputeColumns} FROM sandbox_disputes
      WHERE id = ${disputeId} AND pay_id = ${payId}
      FOR UPDATE`,
  )
  if (!dispute) return { ok: false, code: '346' }
  if (!request.ok && request.code === '347') return request
  if (dispute.answer !== '') return { ok: false, code: '348' }
  if (dispute.decided_at !== null || isPastDeadline(dispute.respond_by, now)) {
    return { ok: false, code: '349' }
  }
  if (!request.ok) return request
  const { answer } = request
  const [row] =
    answer.action === 'ACCEPT'
      ? await rowsOf<DisputeRow>(
          tx,
          sql`UPDATE sandbox_disputes SET answer = 'ACCEPTED', status = 'LOST',
              resolution = ${resolutions.accepted}, decided_at = ${now.toISOString()}::timestamptz
            WHERE id = ${disputeId}
            RETURNING ${disputeColumns}`,
        )
      : await rowsOf<DisputeRow>(
          tx,
          sql`UPDATE sandbox_disputes SET answer = 'CONTESTED', status = 'UNDER_REVIEW',
              evidence = ${answer.evidence}, evidence_file = ${answer.file?.base64 ?? ''},
              evidence_file_name = ${answer.file?.name ?? ''}
            WHERE id = ${disputeId}
            RETURNING ${disputeColumns}`,
        )
  return { ok: true, dispute: storedDispute(row!) }
}

/** A merchant's disputes made on the IST dates `from` to `to`, oldest first. */
export async function disputesCreatedBetween(
  db: GatewayDatabase,
  payId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<DisputeFields[]> {
  const rows = await rowsOf<DisputeRow>(
    db,
    sql`SELECT ${disputeColumns} FROM sandbox_disputes
      WHERE pay_id = ${payId}
        AND created_at >= ${istInstant(from, 0).toISOString()}::timestamptz
        AND created_at < ${istInstant(addDays(to, 1), 0).toISOString()}::timestamptz
      ORDER BY created_at, order_id, id`,
  )
  return rows.map((row) => storedDispute(row).fields)
}

/** A merchant's latest `limit` disputes, newest first. */
export async function latestDisputes(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<DisputeFields[]> {
  const rows = await rowsOf<DisputeRow>(
    db,
    sql`SELECT ${disputeColumns} FROM sandbox_disputes WHERE pay_id = ${payId}
      ORDER BY created_at DESC, order_id DESC, id DESC LIMIT ${limit}`,
  )
  return rows.map((row) => storedDispute(row).fields)
}

/** The disputes of one of a merchant's orders, oldest first. */
export async function disputesOfOrder(
  db: GatewayDatabase,
  payId: string,
  orderId: string,
): Promise<DisputeFields[]> {
  const rows = await rowsOf<DisputeRow>(
    db,
    sql`SELECT ${disputeColumns} FROM sandbox_disputes
      WHERE pay_id = ${payId} AND order_id = ${orderId}
      ORDER BY created_at, order_id, id`,
  )
  return rows.map((row) => storedDispute(row).fields)
}
