/**
 * What a settlement holds and how its figures add up (docs/product.md, settlements): a line per
 * captured payment (its amount less the fee and GST of its pricing row, by the pricing
 * calculator's own function), a line per refund (its amount deducted, no fee returned), and a
 * CARRY_FORWARD line per earlier settlement whose net was zero or negative and so was carried
 * forward. A settlement whose own net is zero or negative pays nothing and is carried forward in
 * turn. A disputed payment's amount is held back by a DISPUTE_HOLD line, and given back by a
 * DISPUTE_RELEASE line when the dispute is won (gateway/disputes/). A COLLECTION line is a credit
 * into a virtual account, less its Auto Collection charge and GST; a FEE line charges a fee that
 * is no payment's (a payment link, a virtual account's setup). Amounts are paise, as bigint so that a
 * settlement of any size adds up exactly; a payment in a foreign currency settles its rupee
 * amount, priced on the international cards row.
 */
import { formatIstDateTime, type IsoDate } from '#core/calendar/business-calendar.ts'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { productCharge, type ProductChargeKind } from '#core/pricing/product-charges.ts'
import type { LineFields } from './fields.ts'
import { cycleOf, settlementDateOf } from './schedule.ts'

/** What a line is; the order is that of the lines' documentation. */
export const lineTypes = [
  'PAYMENT',
  'REFUND',
  'DISPUTE_HOLD',
  'DISPUTE_RELEASE',
  'CARRY_FORWARD',
  'COLLECTION',
  'FEE',
] as const
export type LineType = (typeof lineTypes)[number]
export type SettlementStatus = 'PROCESSED' | 'CARRIED_FORWARD'

export {
  foreignLineFields,
  type LineFields,
  lineFields,
  type SettlementFields,
  settlementFields,
} from './fields.ts'

/**
 * A payment or refund in a foreign currency: what the customer paid or got back, in that
 * currency, and the rate that made its paise.
 */
export interface ForeignAmount {
  /** ISO 4217 numeric, as the payment was made (`"840"`). */
  currencyCode: string
  /** Minor units of that currency, digits. */
  originalAmount: string
  /** Rupees per unit, four decimals (`"84.2150"`). */
  fxRate: string
}

/** The dispute a hold or a release is for. */
export interface DisputeReference {
  disputeId: string
  reasonCode: string
  reason: string
}

/**
 * A captured payment or a processed refund, not yet settled; a dispute's hold (made when the
 * dispute is) or release (made when it is won); a credit into a virtual account (COLLECTION); or
 * a charge for a product that is no payment (FEE: a payment link, a virtual account's setup).
 */
export type SettlementItemType =
  'PAYMENT' | 'REFUND' | 'DISPUTE_HOLD' | 'DISPUTE_RELEASE' | 'COLLECTION' | 'FEE'

/** A hold or a release is settled once, like a payment: its line's source id says which it is. */
export function disputeSourceId(disputeId: string, what: 'hold' | 'release'): string {
  return `${disputeId}:${what}`
}

export interface SettlementItem {
  type: SettlementItemType
  /** The payment's, refund's or hold's own source, so it is settled once. */
  sourceId: string
  orderId: string
  /** The payment's TXN_ID, or the refund's own. */
  txnId: string
  /** The payment's (a refund names its payment's). */
  pgRefNum: string
  paymentType: string
  mopType: string
  /** Paise (of a foreign payment or refund, its rupee amount); of a hold or release, the amount held. */
  amount: bigint
  /** Capture of a payment, processing of a refund, creation of a hold, winning of a release. */
  at: Date
  /** A payment or refund in a foreign currency. */
  foreign?: ForeignAmount
  /** A payment with a card issued outside India: priced as international even in rupees. */
  issuedAbroad?: boolean
  /** A hold's or release's dispute. */
  dispute?: DisputeReference
  /**
   * What a FEE item charges for (a COLLECTION is always charged as one), or the row a PAYMENT is
   * priced by instead of the Payment Gateway rates (a subscription's debit).
   */
  charge?: ProductChargeKind
}

export interface SettlementLine {
  type: LineType
  /** The payment's, refund's, hold's or release's row; none for a carried balance. */
  sourceId?: string
  orderId: string
  txnId: string
  pgRefNum: string
  paymentType: string
  mopType: string
  amount: bigint
  fee: bigint
  gst: bigint
  net: bigint
  /** IST `YYYY-MM-DD HH:mm:ss`. */
  date: string
  description: string
  /** A hold's or release's dispute (`dsp_…`). */
  disputeId?: string
  /** A carried balance's settlement (`setl_…`). */
  sourceSettlementId?: string
  /** The line of a payment, refund, hold or release in a foreign currency. */
  foreign?: ForeignAmount
}

/**
 * The line of a payment (less its fee and GST), of a refund (deducted whole), or of a dispute's
 * hold (deducted whole) or release (added back whole).
 */
export function lineOf(item: SettlementItem): SettlementLine {
  if (item.type === 'DISPUTE_HOLD' || item.type === 'DISPUTE_RELEASE') return disputeLine(item)
  if (item.type === 'COLLECTION' || item.type === 'FEE') return chargedLine(item)
  const common = {
    sourceId: item.sourceId,
    orderId: item.orderId,
    txnId: item.txnId,
    pgRefNum: item.pgRefNum,
    paymentType: item.paymentType,
    mopType: item.mopType,
    amount: item.amount,
    date: formatIstDateTime(item.at),
    ...(item.foreign ? { foreign: item.foreign } : {}),
  }
  if (item.type === 'REFUND') {
    return {
      ...common,
      type: 'REFUND',
      fee: 0n,
      gst: 0n,
      net: -item.amount,
      description: 'Refund',
    }
  }
  // A subscription's debit is priced by its Subscription row, not the Payment Gateway rates.
  const fee = item.charge
    ? productCharge(item.charge, item.amount)
    : paymentFee(
        {
          paymentType: item.paymentType,
          mopType: item.mopType,
          ...(item.foreign ? { foreignCurrency: true } : {}),
          ...(item.issuedAbroad ? { issuedAbroad: true } : {}),
        },
        item.amount,
      )
  return {
    ...common,
    type: 'PAYMENT',
    fee: fee.fee,
    gst: fee.gst,
    net: item.amount - fee.fee - fee.gst,
    description: 'label' in fee ? fee.label : fee.charges.map((charge) => charge.label).join(' + '),
  }
}

/**
 * A hold takes the disputed amount out of the settlement, a release gives it back: lines with no
 * fee, under the payment's references and, for a foreign payment, in its currency and at its rate.
 */
function disputeLine(item: SettlementItem): SettlementLine {
  const dispute = item.dispute
  if (!dispute) throw new RangeError(`A ${item.type} item names its dispute`)
  const type = item.type === 'DISPUTE_HOLD' ? 'DISPUTE_HOLD' : 'DISPUTE_RELEASE'
  const amount = type === 'DISPUTE_HOLD' ? -item.amount : item.amount
  return {
    type,
    sourceId: item.sourceId,
    orderId: item.orderId,
    txnId: item.txnId,
    pgRefNum: item.pgRefNum,
    paymentType: item.paymentType,
    mopType: item.mopType,
    amount,
    fee: 0n,
    gst: 0n,
    net: amount,
    date: formatIstDateTime(item.at),
    description:
      type === 'DISPUTE_HOLD'
        ? `Dispute ${dispute.disputeId} held: ${dispute.reasonCode} ${dispute.reason}`
        : `Dispute ${dispute.disputeId} won: hold released`,
    disputeId: dispute.disputeId,
    ...(item.foreign ? { foreign: item.foreign } : {}),
  }
}

/**
 * A credit into a virtual account (its amount, less the Auto Collection charge of its slab and
 * GST), or a product's own charge (no amount: the fee and its GST are deducted).
 */
function chargedLine(item: SettlementItem): SettlementLine {
  const kind = item.type === 'COLLECTION' ? 'collection' : item.charge
  if (!kind) throw new RangeError('A FEE item names what it charges for')
  const charge = productCharge(kind, item.amount)
  const amount = item.type === 'COLLECTION' ? item.amount : 0n
  return {
    type: item.type,
    sourceId: item.sourceId,
    orderId: item.orderId,
    txnId: item.txnId,
    pgRefNum: item.pgRefNum,
    paymentType: item.paymentType,
    mopType: item.mopType,
    amount,
    fee: charge.fee,
    gst: charge.gst,
    net: amount - charge.fee - charge.gst,
    date: formatIstDateTime(item.at),
    description: charge.label,
  }
}

/** A settlement carried forward: the line that brings its balance into the next one. */
export interface CarriedBalance {
  settlementId: string
  net: bigint
  /** When it was made: the CARRY_FORWARD line's date. */
  at: Date
}

export function carryForwardLine(carried: CarriedBalance): SettlementLine {
  return {
    type: 'CARRY_FORWARD',
    orderId: '',
    txnId: '',
    pgRefNum: '',
    paymentType: '',
    mopType: '',
    amount: carried.net,
    fee: 0n,
    gst: 0n,
    net: carried.net,
    date: formatIstDateTime(carried.at),
    description: `Balance carried forward from ${carried.settlementId}`,
    sourceSettlementId: carried.settlementId,
  }
}

export interface SettlementTotals {
  paymentsCount: number
  refundsCount: number
  gross: bigint
  refunds: bigint
  fees: bigint
  gst: bigint
  /** Σ NET of the DISPUTE_HOLD, DISPUTE_RELEASE and CARRY_FORWARD lines. */
  adjustments: bigint
  /** Σ line net = gross − refunds − fees − GST + adjustments. */
  net: bigint
}

export function totalsOf(lines: readonly SettlementLine[]): SettlementTotals {
  const totals: SettlementTotals = {
    paymentsCount: 0,
    refundsCount: 0,
    gross: 0n,
    refunds: 0n,
    fees: 0n,
    gst: 0n,
    adjustments: 0n,
    net: 0n,
  }
  for (const line of lines) {
    totals.net += line.net
    if (line.type === 'PAYMENT') {
      totals.paymentsCount++
      totals.gross += line.amount
      totals.fees += line.fee
      totals.gst += line.gst
    } else if (line.type === 'REFUND') {
      totals.refundsCount++
      totals.refunds += line.amount
    } else if (line.type === 'COLLECTION') {
      totals.gross += line.amount
      totals.fees += line.fee
      totals.gst += line.gst
    } else if (line.type === 'FEE') {
      totals.fees += line.fee
      totals.gst += line.gst
    } else {
      totals.adjustments += line.net
    }
  }
  return totals
}

/** Nothing is paid out of a settlement whose net is zero or negative. */
export function statusOf(net: bigint): SettlementStatus {
  return net > 0n ? 'PROCESSED' : 'CARRIED_FORWARD'
}

export interface PlannedSettlement {
  id: string
  settlementDate: IsoDate
  cycleFrom: IsoDate
  cycleTo: IsoDate
  status: SettlementStatus
  /**
   * Balances carried forward first, then payments, refunds and disputes' holds and releases in
   * the order they happened.
   */
  lines: SettlementLine[]
  totals: SettlementTotals
  /** The settlements whose balance this one takes over. */
  carriedFrom: string[]
  /** The disputes whose amount this one holds back, and those whose hold it releases. */
  disputes: { held: string[]; released: string[] }
}

export interface PlanInput {
  /** Everything due in this run (see dueBefore), in any order. */
  items: readonly SettlementItem[]
  /** Earlier settlements carried forward and not yet taken over, oldest first. */
  carried: readonly CarriedBalance[]
  /** When the run happens: the date of the CARRY_FORWARD lines it writes. */
  at: Date
  newId: () => string
}

/**
 * One run's settlements for one merchant: one per settlement date, oldest first. A balance
 * carried forward goes into the next settlement made, whichever date that is. A hold or release
 * is due like a payment of its date, so a date with only holds or releases has its settlement.
 */
export function planSettlements(input: PlanInput): PlannedSettlement[] {
  const byDate = new Map<IsoDate, SettlementItem[]>()
  for (const item of input.items) {
    const date = settlementDateOf(item.at)
    const group = byDate.get(date)
    if (group) group.push(item)
    else byDate.set(date, [item])
  }
  const plans: PlannedSettlement[] = []
  let carried = [...input.carried]
  for (const date of [...byDate.keys()].sort()) {
    const items = byDate
      .get(date)!
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.type.localeCompare(b.type))
    const lines = [...carried.map(carryForwardLine), ...items.map(lineOf)]
    const totals = totalsOf(lines)
    const id = input.newId()
    const status = statusOf(totals.net)
    const { from, to } = cycleOf(date)
    plans.push({
      id,
      settlementDate: date,
      cycleFrom: from,
      cycleTo: to,
      status,
      lines,
      totals,
      carriedFrom: carried.map((balance) => balance.settlementId),
      disputes: {
        held: disputesOf(items, 'DISPUTE_HOLD'),
        released: disputesOf(items, 'DISPUTE_RELEASE'),
      },
    })
    carried =
      status === 'CARRIED_FORWARD' ? [{ settlementId: id, net: totals.net, at: input.at }] : []
  }
  return plans
}

function disputesOf(items: readonly SettlementItem[], type: SettlementItemType): string[] {
  return items.flatMap((item) =>
    item.type === type && item.dispute ? [item.dispute.disputeId] : [],
  )
}

/**
 * A line as the answers and the CSV give it: every value a string, amounts in paise; a foreign
 * payment's, refund's, hold's or release's line adds its currency, original amount and rate.
 */
export function lineAnswer(line: SettlementLine): LineFields {
  const foreign = line.foreign
    ? {
        CURRENCY_CODE: line.foreign.currencyCode,
        ORIGINAL_AMOUNT: line.foreign.originalAmount,
        FX_RATE: line.foreign.fxRate,
      }
    : {}
  return {
    TYPE: line.type,
    ORDER_ID: line.orderId,
    TXN_ID: line.txnId,
    PG_REF_NUM: line.pgRefNum,
    PAYMENT_TYPE: line.paymentType,
    MOP_TYPE: line.mopType,
    AMOUNT: String(line.amount),
    FEE: String(line.fee),
    GST: String(line.gst),
    NET: String(line.net),
    DATE: line.date,
    DESCRIPTION: line.description,
    DISPUTE_ID: line.disputeId ?? '',
    SOURCE_SETTLEMENT_ID: line.sourceSettlementId ?? '',
    ...foreign,
  }
}

/** Masks a bank account number but its last four digits, as a statement prints it. */
export function maskAccount(account: string): string {
  return 'X'.repeat(Math.max(account.length - 4, 4)) + account.slice(-4)
}
