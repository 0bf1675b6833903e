/**
 * The sandbox's settlements: a run (every payment, refund and dispute hold or
 * release due at a given time settled once, in one transaction under one lock across instances),
 * and the queries of the settlement APIs. The rules of what a settlement holds are core/settlement/; this module only
 * stores them, in the tables of tables.ts.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { advisoryLockKeys, withTransactionLock } from '#jobs/advisory-lock.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { daysBetween, type IsoDate, istDateOf, addDays } from '#core/calendar/business-calendar.ts'
import { dueBefore } from '#core/settlement/schedule.ts'
import {
  type CarriedBalance,
  disputeSourceId,
  type ForeignAmount,
  lineAnswer,
  type LineFields,
  type LineType,
  type PlannedSettlement,
  planSettlements,
  type SettlementFields,
  type SettlementItem,
  type SettlementStatus,
} from '#core/settlement/settlement.ts'
import { type GstParties, splitGst } from '#core/tax/gst.ts'
import { isProductChargeKind, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import { debitChargeId } from '#core/recurring/rules.ts'
import { gstPartiesOf } from '#gateway/merchants.ts'
import { disputeReasonOf } from '#gateway/methods.ts'
import type { GatewayDatabase } from '#gateway/store.ts'

/** The merchant a run settles for, and where its money goes. */
export interface SettlementMerchant {
  payId: string
  /** Masked, as it is written on the settlement. */
  bankAccount: string
  /** Who charges the fees and who pays them, for GST; unset, a merchant in the provider's state. */
  gst?: GstParties
}

export interface RunOptions {
  /** The run settles what is due at this time (the clock, or a test call's AS_OF). */
  asOf: Date
  /** The hour (IST) of the day's settlement. */
  hour: number
  /**
   * Wait for a run in progress on another instance (a test call, which must answer with the
   * settlements), or skip when one is (the scheduled runs, which come round again).
   */
  wait: boolean
  /** Inside the run's transaction, for each settlement made: its webhook goes out with it. */
  onSettled?: (tx: GatewayDatabase, settlement: StoredSettlement) => Promise<void>
  /**
   * Inside the run's transaction, once for each merchant, after its settlements: the run's part
   * in disputes (gateway/settlements/runner.ts), told the payments this run settled.
   */
  onMerchantSettled?: (
    tx: GatewayDatabase,
    payId: string,
    settledPayments: readonly string[],
  ) => Promise<void>
}

export type RunResult = { ran: false } | { ran: true; made: StoredSettlement[] }

/**
 * Settles everything of these merchants due at `asOf`, once. One transaction holds a
 * transaction-level advisory lock (so instances take turns and a crash leaves nothing half made),
 * locks the due rows, writes the settlements and their lines, and marks each payment, refund and
 * dispute hold or release with its settlement; a second run finds nothing due. The lines table's
 * unique source_id is the last guard: a payment, or a dispute's hold (`dsp_…:hold`), can never
 * be written into two settlements.
 */
export async function runSettlements(
  db: GatewayDatabase,
  merchants: readonly SettlementMerchant[],
  options: RunOptions,
): Promise<RunResult> {
  const { wait } = options
  return withTransactionLock(db, advisoryLockKeys.settlements, { wait }, async (tx) => {
    const before = dueBefore(options.asOf, options.hour)
    const made: StoredSettlement[] = []
    for (const merchant of merchants) {
      const items = await dueItems(tx, merchant.payId, before)
      const settledPayments: string[] = []
      if (items.length > 0) {
        const carried = await carriedBalances(tx, merchant.payId)
        const plans = planSettlements({ items, carried, at: options.asOf, newId: newSettlementId })
        for (const plan of plans) {
          const stored = await storePlan(tx, merchant, plan, options.asOf)
          made.push(stored)
          await options.onSettled?.(tx, stored)
        }
        for (const item of items) if (item.type === 'PAYMENT') settledPayments.push(item.sourceId)
      }
      await options.onMerchantSettled?.(tx, merchant.payId, settledPayments)
    }
    return { ran: true, made } as const
  })
}

/**
 * The merchants with anything a run could settle or decide: captured payments and refunds not
 * yet settled, disputes not yet held, released or decided. Each arm reads a partial index of
 * exactly that, so the sandbox's own runs cost nothing for the accounts with nothing to do.
 */
export async function merchantsWithOpenItems(db: GatewayDatabase): Promise<string[]> {
  const rows = await rowsOf<{ pay_id: string }>(
    db,
    sql`SELECT pay_id FROM sandbox_transactions
        WHERE response_code = '000' AND settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_refunds WHERE settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_disputes WHERE decided_at IS NULL
      UNION SELECT pay_id FROM sandbox_disputes WHERE hold_settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_disputes
        WHERE status = 'WON' AND release_settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_va_credits
        WHERE status = 'CREDITED' AND settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_charges WHERE settlement_id IS NULL
      UNION SELECT pay_id FROM sandbox_paylinks
        WHERE status = 'CREATED' AND expire_at IS NOT NULL
      UNION SELECT pay_id FROM sandbox_subscriptions WHERE next_due_at IS NOT NULL`,
  )
  return rows.map((row) => row.pay_id)
}

/**
 * Captured payments, processed refunds, and disputes' holds and releases of a merchant before
 * `before`, not yet settled, locked. A payment's or refund's paise are its `inr_amount`.
 */
async function dueItems(
  tx: GatewayDatabase,
  payId: string,
  before: Date,
): Promise<SettlementItem[]> {
  const payments = await rowsOf<ItemRow>(
    tx,
    sql`SELECT id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount::text,
        inr_amount::text, currency_code, fx_rate, issued_abroad, mode, completed_at AS at
      FROM sandbox_transactions
      WHERE pay_id = ${payId} AND response_code = '000' AND settlement_id IS NULL
        AND completed_at < ${before.toISOString()}::timestamptz
      FOR UPDATE`,
  )
  const refunds = await rowsOf<ItemRow>(
    tx,
    sql`SELECT r.id, r.order_id, r.txn_id, t.pg_ref_num, t.payment_type, t.mop_type,
        r.amount::text, r.inr_amount::text, t.currency_code, t.fx_rate, r.created_at AS at
      FROM sandbox_refunds r JOIN sandbox_transactions t ON t.id = r.payment_id
      WHERE r.pay_id = ${payId} AND r.settlement_id IS NULL
        AND r.created_at < ${before.toISOString()}::timestamptz
      FOR UPDATE OF r`,
  )
  // A dispute's hold is due from when it was made, its release from when it was won.
  // A foreign payment's hold and release are in its currency, at its rate.
  const holds = await rowsOf<DisputeItemRow>(
    tx,
    sql`SELECT d.id, d.order_id, d.txn_id, d.pg_ref_num, d.payment_type, d.mop_type,
        d.amount::text, d.currency_code, d.inr_amount::text, t.fx_rate, d.reason_code,
        d.created_at AS at
      FROM sandbox_disputes d JOIN sandbox_transactions t ON t.id = d.payment_id
      WHERE d.pay_id = ${payId} AND d.hold_settlement_id IS NULL
        AND d.created_at < ${before.toISOString()}::timestamptz
      FOR UPDATE OF d`,
  )
  const releases = await rowsOf<DisputeItemRow>(
    tx,
    sql`SELECT d.id, d.order_id, d.txn_id, d.pg_ref_num, d.payment_type, d.mop_type,
        d.amount::text, d.currency_code, d.inr_amount::text, t.fx_rate, d.reason_code,
        d.decided_at AS at
      FROM sandbox_disputes d JOIN sandbox_transactions t ON t.id = d.payment_id
      WHERE d.pay_id = ${payId} AND d.status = 'WON' AND d.release_settlement_id IS NULL
        AND d.decided_at < ${before.toISOString()}::timestamptz
      FOR UPDATE OF d`,
  )
  // A credit into a virtual account is due like a payment of its date; so is a product's charge.
  const credits = await rowsOf<CollectionRow>(
    tx,
    sql`SELECT c.id, CASE WHEN v.reference_id = '' THEN v.id ELSE v.reference_id END AS reference,
        c.utr, c.mode, c.amount::text, c.created_at AS at
      FROM sandbox_va_credits c JOIN sandbox_virtual_accounts v ON v.id = c.va_id
      WHERE c.pay_id = ${payId} AND c.status = 'CREDITED' AND c.settlement_id IS NULL
        AND c.created_at < ${before.toISOString()}::timestamptz
      FOR UPDATE OF c`,
  )
  const charges = await rowsOf<ChargeRow>(
    tx,
    sql`SELECT id, kind, source_id, reference, created_at AS at FROM sandbox_charges
      WHERE pay_id = ${payId} AND settlement_id IS NULL
        AND created_at < ${before.toISOString()}::timestamptz
      FOR UPDATE`,
  )
  return [
    ...payments.map((row) => itemOf('PAYMENT', row)),
    ...refunds.map((row) => itemOf('REFUND', row)),
    ...holds.map((row) => disputeItemOf('DISPUTE_HOLD', row)),
    ...releases.map((row) => disputeItemOf('DISPUTE_RELEASE', row)),
    ...credits.map(collectionItem),
    ...charges.map(chargeItem),
  ]
}

/** A credit into a virtual account, as a run or a recon reads it. */
export interface CollectionRow {
  id: string
  /** The account's REFERENCE_ID, or its VA_ID without one: the line's ORDER_ID. */
  reference: string
  utr: string
  mode: string
  /** Paise, digits. */
  amount: string
  at: Date | string
}

/** A credit's item: due like a payment of its date, charged by the Auto Collection row. */
export function collectionItem(row: CollectionRow): SettlementItem {
  return {
    type: 'COLLECTION',
    sourceId: row.id,
    orderId: row.reference,
    txnId: row.id,
    pgRefNum: row.utr,
    paymentType: row.mode,
    mopType: '',
    amount: BigInt(row.amount),
    at: new Date(row.at),
  }
}

/** A product's charge (sandbox_charges), as a run or a recon reads it. */
export interface ChargeRow {
  id: string
  kind: string
  /** What it charges for (PAYLINK_ID or VA_ID): the line's TXN_ID. */
  source_id: string
  reference: string
  at: Date | string
}

/** A charge's FEE item, priced by its kind's pricing row when it is settled. */
export function chargeItem(row: ChargeRow): SettlementItem {
  if (!isProductChargeKind(row.kind)) throw new RangeError(`Unknown charge ${row.kind}`)
  return {
    type: 'FEE',
    sourceId: row.id,
    orderId: row.reference,
    txnId: row.source_id,
    pgRefNum: '',
    paymentType: '',
    mopType: '',
    amount: 0n,
    at: new Date(row.at),
    charge: row.kind,
  }
}

interface ItemRow {
  id: string
  order_id: string
  txn_id: string
  pg_ref_num: string
  payment_type: string
  mop_type: string
  /** Digits (bigint read as text, the same from PGlite and node-postgres). */
  amount: string
  /** Paise, digits. */
  inr_amount: string
  currency_code: string
  /** The payment's rate; empty for a rupee payment. */
  fx_rate: string
  /** A payment's card was issued outside India (not read for a refund, which has no fee). */
  issued_abroad?: boolean
  /** How the payment was made: a subscription's debit is priced by the Subscription tab. */
  mode?: string
  at: Date | string
}

function itemOf(type: 'PAYMENT' | 'REFUND', row: ItemRow): SettlementItem {
  const charge = type === 'PAYMENT' ? recurringCharge(row.mode ?? '', row.payment_type) : undefined
  return {
    type,
    ...(charge ? { charge } : {}),
    sourceId: row.id,
    orderId: row.order_id,
    txnId: row.txn_id,
    pgRefNum: row.pg_ref_num,
    paymentType: row.payment_type,
    mopType: row.mop_type,
    ...settledAmount({
      amount: BigInt(row.amount),
      inrAmount: BigInt(row.inr_amount),
      currencyCode: row.currency_code,
      fxRate: row.fx_rate,
      issuedAbroad: row.issued_abroad,
    }),
    at: new Date(row.at),
  }
}

/**
 * The charge a subscription's debit is priced by instead of the Payment Gateway rates: the UPI
 * AutoPay presentation row by slab, or the card and e-NACH debit row. Undefined for any other
 * payment. The run and the recon both read a payment through it.
 */
export function recurringCharge(mode: string, paymentType: string): ProductChargeKind | undefined {
  if (mode !== 'subscription') return undefined
  return debitChargeId(paymentType === 'UP' ? 'UPI' : paymentType === 'NB' ? 'ENACH' : 'CARD')
}

/**
 * What a payment or refund settles: its paise (`inr_amount`) and, for a foreign one, the currency,
 * the amount in it and the payment's rate. The run and the recon both read a row through it.
 */
export function settledAmount(row: {
  amount: bigint
  inrAmount: bigint
  currencyCode: string
  fxRate: string
  /** The payment's card was issued outside India: priced as international even in rupees. */
  issuedAbroad?: boolean
}): Pick<SettlementItem, 'amount' | 'foreign' | 'issuedAbroad'> {
  const amount = row.inrAmount
  const abroad = row.issuedAbroad ? { issuedAbroad: true } : {}
  if (!row.fxRate) return { amount, ...abroad }
  const foreign: ForeignAmount = {
    currencyCode: row.currencyCode,
    originalAmount: String(row.amount),
    fxRate: row.fxRate,
  }
  return { amount, foreign, ...abroad }
}

interface DisputeItemRow {
  id: string
  order_id: string
  txn_id: string
  pg_ref_num: string
  payment_type: string
  mop_type: string
  /** In the payment's currency's minor units, digits. */
  amount: string
  currency_code: string
  /** Paise, digits. */
  inr_amount: string
  /** The payment's rate; empty for a rupee payment. */
  fx_rate: string
  reason_code: string
  at: Date | string
}

function disputeItemOf(
  type: 'DISPUTE_HOLD' | 'DISPUTE_RELEASE',
  row: DisputeItemRow,
): SettlementItem {
  return {
    type,
    sourceId: disputeSourceId(row.id, type === 'DISPUTE_HOLD' ? 'hold' : 'release'),
    orderId: row.order_id,
    txnId: row.txn_id,
    pgRefNum: row.pg_ref_num,
    paymentType: row.payment_type,
    mopType: row.mop_type,
    ...settledAmount({
      amount: BigInt(row.amount),
      inrAmount: BigInt(row.inr_amount),
      currencyCode: row.currency_code,
      fxRate: row.fx_rate,
    }),
    at: new Date(row.at),
    dispute: {
      disputeId: row.id,
      reasonCode: row.reason_code,
      reason: disputeReasonOf(row.reason_code)?.reason ?? '',
    },
  }
}

async function carriedBalances(tx: GatewayDatabase, payId: string): Promise<CarriedBalance[]> {
  const rows = await rowsOf<{ id: string; net_amount: string; created_at: Date | string }>(
    tx,
    sql`SELECT id, net_amount::text, created_at FROM sandbox_settlements
      WHERE pay_id = ${payId} AND status = 'CARRIED_FORWARD' AND carried_into IS NULL
      ORDER BY created_at, settlement_date, id`,
  )
  return rows.map((row) => ({
    settlementId: row.id,
    net: BigInt(row.net_amount),
    at: new Date(row.created_at),
  }))
}

async function storePlan(
  tx: GatewayDatabase,
  merchant: SettlementMerchant,
  plan: PlannedSettlement,
  /** The run's time, on the merchant's clock: when the settlement was made. */
  at: Date,
): Promise<StoredSettlement> {
  const utr = plan.status === 'PROCESSED' ? await unusedUtr(tx, plan.settlementDate) : null
  const { totals } = plan
  const parties = merchant.gst ?? gstPartiesOf({})
  const split = splitGst(totals.gst, parties)
  await tx.execute(sql`INSERT INTO sandbox_settlements (id, pay_id, utr, settlement_date,
      cycle_from, cycle_to, payments_count, refunds_count, gross_amount, refunds_amount,
      fees_amount, gst_amount, cgst_amount, sgst_amount, igst_amount, provider_gstin,
      merchant_gstin, adjustments_amount, net_amount, bank_account, status, created_at)
    VALUES (${plan.id}, ${merchant.payId}, ${utr}, ${plan.settlementDate}, ${plan.cycleFrom},
      ${plan.cycleTo}, ${totals.paymentsCount}, ${totals.refundsCount}, ${String(totals.gross)},
      ${String(totals.refunds)}, ${String(totals.fees)}, ${String(totals.gst)},
      ${String(split.cgst)}, ${String(split.sgst)}, ${String(split.igst)},
      ${parties.provider.gstin}, ${parties.merchant.gstin},
      ${String(totals.adjustments)}, ${String(totals.net)}, ${merchant.bankAccount},
      ${plan.status}, ${at.toISOString()}::timestamptz)`)
  const lines = plan.lines.map((line, position) => ({
    position,
    type: line.type,
    source_id: line.sourceId ?? null,
    order_id: line.orderId,
    txn_id: line.txnId,
    pg_ref_num: line.pgRefNum,
    payment_type: line.paymentType,
    mop_type: line.mopType,
    amount: String(line.amount),
    fee: String(line.fee),
    gst: String(line.gst),
    net: String(line.net),
    date: line.date,
    description: line.description,
    currency_code: line.foreign?.currencyCode ?? '',
    original_amount: line.foreign?.originalAmount ?? '',
    fx_rate: line.foreign?.fxRate ?? '',
    dispute_id: line.disputeId ?? '',
    source_settlement_id: line.sourceSettlementId ?? '',
  }))
  // In slices, each one parameter of JSON: a run of 100,000 payments is a few statements.
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    const slice = JSON.stringify(lines.slice(start, start + LINES_PER_STATEMENT))
    await tx.execute(sql`INSERT INTO sandbox_settlement_lines (settlement_id, position, type,
        source_id, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount, fee, gst, net,
        date, description, currency_code, original_amount, fx_rate, dispute_id,
        source_settlement_id)
      SELECT ${plan.id}, position, type, source_id, order_id, txn_id, pg_ref_num, payment_type,
        mop_type, amount, fee, gst, net, date, description, currency_code, original_amount,
        fx_rate, dispute_id, source_settlement_id
      FROM json_to_recordset(${slice}::json) AS line(position integer, type text,
        source_id text, order_id text, txn_id text, pg_ref_num text, payment_type text,
        mop_type text, amount bigint, fee bigint, gst bigint, net bigint, date text,
        description text, currency_code text, original_amount text, fx_rate text,
        dispute_id text, source_settlement_id text)`)
  }
  await markSettled(tx, plan)
  if (plan.carriedFrom.length > 0) {
    await tx.execute(sql`UPDATE sandbox_settlements SET carried_into = ${plan.id}
      WHERE id = ANY(${sql.param(plan.carriedFrom)}::text[]) AND carried_into IS NULL`)
  }
  const [stored] = await rowsOf<SettlementRow>(
    tx,
    sql`SELECT ${settlementColumns} FROM sandbox_settlements WHERE id = ${plan.id}`,
  )
  return storedSettlement(stored!)
}

const LINES_PER_STATEMENT = 5_000

/**
 * Marks the settlement's payments, refunds and disputes' holds and releases as settled, from its
 * lines. Any already marked means two runs overlapped, so the run fails whole rather than settle
 * it twice.
 */
async function markSettled(tx: GatewayDatabase, plan: PlannedSettlement) {
  const linesOf = (type: LineType) => plan.lines.filter((line) => line.type === type).length
  for (const [table, type, expected] of [
    ['sandbox_transactions', 'PAYMENT', plan.totals.paymentsCount],
    ['sandbox_refunds', 'REFUND', plan.totals.refundsCount],
    ['sandbox_va_credits', 'COLLECTION', linesOf('COLLECTION')],
    ['sandbox_charges', 'FEE', linesOf('FEE')],
  ] as const) {
    if (expected === 0) continue
    const updated = await rowsOf<{ count: number | string }>(
      tx,
      sql`WITH marked AS (
          UPDATE ${sql.identifier(table)} AS item SET settlement_id = ${plan.id}
          FROM sandbox_settlement_lines AS line
          WHERE line.settlement_id = ${plan.id} AND line.type = ${type}
            AND item.id = line.source_id AND item.settlement_id IS NULL
          RETURNING item.id)
        SELECT count(*) AS count FROM marked`,
    )
    if (Number(updated[0]?.count ?? 0) !== expected) {
      throw new Error(`Settlement ${plan.id}: a ${type.toLowerCase()} was settled already`)
    }
  }
  for (const [column, what, type, disputes] of [
    ['hold_settlement_id', 'hold', 'DISPUTE_HOLD', plan.disputes.held],
    ['release_settlement_id', 'release', 'DISPUTE_RELEASE', plan.disputes.released],
  ] as const) {
    if (disputes.length === 0) continue
    const updated = await rowsOf<{ count: number | string }>(
      tx,
      sql`WITH marked AS (
          UPDATE sandbox_disputes AS dispute SET ${sql.identifier(column)} = ${plan.id}
          FROM sandbox_settlement_lines AS line
          WHERE line.settlement_id = ${plan.id} AND line.type = ${type}
            AND line.source_id = dispute.id || ${`:${what}`}
            AND dispute.${sql.identifier(column)} IS NULL
          RETURNING dispute.id)
        SELECT count(*) AS count FROM marked`,
    )
    if (Number(updated[0]?.count ?? 0) !== disputes.length) {
      throw new Error(`Settlement ${plan.id}: a dispute's ${what} was settled already`)
    }
  }
}

/** `PYSTN` (the sender's code and N for NEFT), the date as YYDDD, six digits: as a bank writes a UTR. */
async function unusedUtr(tx: GatewayDatabase, date: IsoDate): Promise<string> {
  const dayOfYear = daysBetween(`${date.slice(0, 4)}-01-01`, date) + 1
  const prefix = `PYSTN${date.slice(2, 4)}${String(dayOfYear).padStart(3, '0')}`
  for (;;) {
    const utr = prefix + String(randomInt(0, 1_000_000)).padStart(6, '0')
    // Runs hold the lock, so no other run can take this UTR between the look and the insert.
    const [used] = await rowsOf(tx, sql`SELECT 1 FROM sandbox_settlements WHERE utr = ${utr}`)
    if (!used) return utr
  }
}

function newSettlementId(): string {
  return `setl_${randomBytes(10).toString('hex')}`
}

const settlementColumns = sql.raw(`id, pay_id, coalesce(utr, '') AS utr,
  to_char(settlement_date, 'YYYY-MM-DD') AS settlement_date,
  to_char(cycle_from, 'YYYY-MM-DD') AS cycle_from, to_char(cycle_to, 'YYYY-MM-DD') AS cycle_to,
  payments_count, refunds_count, gross_amount::text, refunds_amount::text, fees_amount::text,
  gst_amount::text, adjustments_amount::text, net_amount::text, bank_account, status, created_at,
  coalesce(cgst_amount, 0)::text AS cgst_amount, coalesce(sgst_amount, 0)::text AS sgst_amount,
  coalesce(igst_amount, gst_amount)::text AS igst_amount,
  coalesce(provider_gstin, '') AS provider_gstin, coalesce(merchant_gstin, '') AS merchant_gstin`)

interface SettlementRow {
  id: string
  pay_id: string
  utr: string
  settlement_date: string
  cycle_from: string
  cycle_to: string
  payments_count: number
  refunds_count: number
  gross_amount: string
  refunds_amount: string
  fees_amount: string
  gst_amount: string
  /** A settlement made before GST was divided answers all of it as IGST, without GSTINs. */
  cgst_amount: string
  sgst_amount: string
  igst_amount: string
  provider_gstin: string
  merchant_gstin: string
  adjustments_amount: string
  net_amount: string
  bank_account: string
  status: SettlementStatus
  created_at: Date | string
}

export interface StoredSettlement {
  payId: string
  fields: SettlementFields
}

function storedSettlement(row: SettlementRow): StoredSettlement {
  return {
    payId: row.pay_id,
    fields: {
      SETTLEMENT_ID: row.id,
      UTR: row.utr,
      SETTLEMENT_DATE: row.settlement_date,
      CYCLE_FROM: row.cycle_from,
      CYCLE_TO: row.cycle_to,
      PAYMENTS_COUNT: String(row.payments_count),
      REFUNDS_COUNT: String(row.refunds_count),
      GROSS_AMOUNT: row.gross_amount,
      REFUNDS_AMOUNT: row.refunds_amount,
      FEES_AMOUNT: row.fees_amount,
      GST_AMOUNT: row.gst_amount,
      CGST_AMOUNT: row.cgst_amount,
      SGST_AMOUNT: row.sgst_amount,
      IGST_AMOUNT: row.igst_amount,
      PROVIDER_GSTIN: row.provider_gstin,
      MERCHANT_GSTIN: row.merchant_gstin,
      ADJUSTMENTS_AMOUNT: row.adjustments_amount,
      NET_AMOUNT: row.net_amount,
      BANK_ACCOUNT: row.bank_account,
      STATUS: row.status,
    },
  }
}

/** A merchant's settlements dated from `from` to `to`, oldest first. */
export async function settlementsBetween(
  db: GatewayDatabase,
  payId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<SettlementFields[]> {
  const rows = await rowsOf<SettlementRow>(
    db,
    sql`SELECT ${settlementColumns} FROM sandbox_settlements
      WHERE pay_id = ${payId} AND settlement_date BETWEEN ${from}::date AND ${to}::date
      ORDER BY settlement_date, created_at, id`,
  )
  return rows.map((row) => storedSettlement(row).fields)
}

/** A merchant's latest `limit` settlements, newest first. */
export async function latestSettlements(
  db: GatewayDatabase,
  payId: string,
  limit: number,
): Promise<SettlementFields[]> {
  const rows = await rowsOf<SettlementRow>(
    db,
    sql`SELECT ${settlementColumns} FROM sandbox_settlements WHERE pay_id = ${payId}
      ORDER BY settlement_date DESC, created_at DESC, id DESC LIMIT ${limit}`,
  )
  return rows.map((row) => storedSettlement(row).fields)
}

/** The settlements a test call answers: those dated in the 92 days up to its AS_OF, and any it made. */
export async function settlementsUpTo(
  db: GatewayDatabase,
  payId: string,
  asOf: Date,
  made: readonly StoredSettlement[],
): Promise<SettlementFields[]> {
  const to = istDateOf(asOf)
  const recent = await settlementsBetween(db, payId, addDays(to, -91), to)
  const listed = new Set(recent.map((settlement) => settlement.SETTLEMENT_ID))
  const older = made
    .filter((settlement) => !listed.has(settlement.fields.SETTLEMENT_ID))
    .map((settlement) => settlement.fields)
  return [...older, ...recent]
}

/** One of a merchant's settlements by its id or UTR; another merchant's is not found. */
export async function findSettlement(
  db: GatewayDatabase,
  payId: string,
  by: { settlementId: string } | { utr: string },
): Promise<SettlementFields | undefined> {
  const where = 'settlementId' in by ? sql`id = ${by.settlementId}` : sql`utr = ${by.utr}`
  const [row] = await rowsOf<SettlementRow>(
    db,
    sql`SELECT ${settlementColumns} FROM sandbox_settlements WHERE pay_id = ${payId} AND ${where}`,
  )
  return row && storedSettlement(row).fields
}

/** How many lines a settlement has. */
export async function linesCountOf(db: GatewayDatabase, settlementId: string): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM sandbox_settlement_lines WHERE settlement_id = ${settlementId}`,
  )
  return Number(row?.count ?? 0)
}

/**
 * A settlement's lines in their order: those from position `from` (0 the first), at most
 * `count` of them, or all. Positions run from 0 without a gap, so a page is a range of the
 * primary key, as quick for the last page of 100,000 lines as for the first.
 */
export async function settlementLines(
  db: GatewayDatabase,
  settlementId: string,
  page?: { from: number; count: number },
): Promise<LineFields[]> {
  const range = page
    ? sql`AND position >= ${page.from}::bigint AND position < ${page.from + page.count}::bigint`
    : sql``
  const rows = await rowsOf<LineRow>(
    db,
    sql`SELECT type, order_id, txn_id, pg_ref_num, payment_type, mop_type, amount::text,
        fee::text, gst::text, net::text, date, description, dispute_id, source_settlement_id,
        currency_code, original_amount, fx_rate
      FROM sandbox_settlement_lines WHERE settlement_id = ${settlementId} ${range}
      ORDER BY position`,
  )
  return rows.map((line) =>
    lineAnswer({
      type: line.type,
      orderId: line.order_id,
      txnId: line.txn_id,
      pgRefNum: line.pg_ref_num,
      paymentType: line.payment_type,
      mopType: line.mop_type,
      amount: BigInt(line.amount),
      fee: BigInt(line.fee),
      gst: BigInt(line.gst),
      net: BigInt(line.net),
      date: line.date,
      description: line.description,
      disputeId: line.dispute_id,
      sourceSettlementId: line.source_settlement_id,
      ...(line.fx_rate
        ? {
            foreign: {
              currencyCode: line.currency_code,
              originalAmount: line.original_amount,
              fxRate: line.fx_rate,
            },
          }
        : {}),
    }),
  )
}

interface LineRow {
  type: LineType
  order_id: string
  txn_id: string
  pg_ref_num: string
  payment_type: string
  mop_type: string
  amount: string
  fee: string
  gst: string
  net: string
  date: string
  description: string
  dispute_id: string
  source_settlement_id: string
  currency_code: string
  original_amount: string
  fx_rate: string
}

/**
 * Where one payment, refund, hold or release went: the settlement whose line holds it and, when
 * that one was carried forward, the settlement that paid its balance out in the end (following
 * each carried_into), if one has.
 */
export interface SettledIn {
  settlementId: string
  settlementDate: IsoDate
  status: SettlementStatus
  /** The processed settlement that paid it out, with its UTR; absent while none has. */
  paidBy?: { settlementId: string; utr: string }
}

/** The settlements an order's payment, refunds, holds and releases went into, by source id. */
export async function settlementsOfSources(
  db: GatewayDatabase,
  sourceIds: readonly string[],
): Promise<Map<string, SettledIn>> {
  if (sourceIds.length === 0) return new Map()
  const rows = await rowsOf<{
    source_id: string
    depth: number
    id: string
    utr: string
    status: SettlementStatus
    settlement_date: string
  }>(
    db,
    sql`WITH RECURSIVE chain AS (
        SELECT l.source_id, 0 AS depth, s.id, s.utr, s.status, s.settlement_date, s.carried_into
        FROM sandbox_settlement_lines l JOIN sandbox_settlements s ON s.id = l.settlement_id
        WHERE l.source_id = ANY(${sql.param([...sourceIds])}::text[])
        UNION ALL
        SELECT chain.source_id, chain.depth + 1, s.id, s.utr, s.status, s.settlement_date,
          s.carried_into
        FROM chain JOIN sandbox_settlements s ON s.id = chain.carried_into
        WHERE chain.status = 'CARRIED_FORWARD'
      )
      SELECT source_id, depth, id, coalesce(utr, '') AS utr, status,
        to_char(settlement_date, 'YYYY-MM-DD') AS settlement_date
      FROM chain ORDER BY source_id, depth`,
  )
  const settled = new Map<string, SettledIn>()
  for (const row of rows) {
    if (Number(row.depth) === 0) {
      settled.set(row.source_id, {
        settlementId: row.id,
        settlementDate: row.settlement_date,
        status: row.status,
      })
    }
    const entry = settled.get(row.source_id)!
    if (row.status === 'PROCESSED') entry.paidBy = { settlementId: row.id, utr: row.utr }
  }
  return settled
}
