import {
  autoCollectionTab,
  type Charge,
  gstPercent,
  paylinksTab,
  paymentGatewayTab,
  payoutsTab,
  type PricingTab,
  type RateRow,
  type Slab,
  type SlabBound,
  subscriptionTab,
} from './pricing.ts'
import { formatRupees, type Paise } from '#core/currency/paise.ts'

/**
 * Fee arithmetic for the pricing calculators, from the rates in core/pricing/pricing.ts.
 * Amounts are whole paise so no binary fraction ever reaches a result; percentages are turned
 * into hundredths of a percent and every division rounds half up to the paisa
 * (docs/decisions/005-fee-slab-boundaries.md).
 */
/** The largest amount the calculators accept: ₹10,00,00,000 (ten crore). */
export const maxAmountPaise: Paise = 10_00_00_000_00n

export const amountErrors = {
  empty: 'Enter an amount in rupees, like 1500 or 1500.50.',
  notNumber: 'Use digits only, with an optional decimal point, like 1500 or 1500.50.',
  negative: 'The amount cannot be negative. Enter an amount like 1500 or 1500.50.',
  tooManyDecimals: 'Use at most two decimal places (paise), like 1500.50.',
  zero: 'Enter an amount above ₹0.00.',
  tooLarge:
    'Enter an amount up to ₹10,00,00,000.00. For larger amounts, ask us about the Special Plan.',
} as const

export type ParsedAmount = { ok: true; paise: Paise } | { ok: false; error: string }

/**
 * Reads what a visitor typed as rupees. A leading ₹ and Indian or international digit-group
 * commas are accepted, because people copy amounts from invoices.
 */
export function parseAmount(input: string): ParsedAmount {
  const text = input.trim().replace(/^₹\s*/, '')
  if (text === '') return { ok: false, error: amountErrors.empty }
  if (/^[-−]\s*[\d.,]/.test(text)) return { ok: false, error: amountErrors.negative }

  const match = /^(\d[\d,]*)?(?:\.(\d*))?$/.exec(text)
  const whole = match?.[1]?.replace(/,/g, '') ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, error: amountErrors.notNumber }
  }
  if (fraction.length > 2) return { ok: false, error: amountErrors.tooManyDecimals }

  const wholeDigits = whole.replace(/^0+/, '')
  if (wholeDigits.length > 10) return { ok: false, error: amountErrors.tooLarge }
  const paise = BigInt(wholeDigits || '0') * 100n + BigInt(fraction.padEnd(2, '0'))
  if (paise === 0n) return { ok: false, error: amountErrors.zero }
  if (paise > maxAmountPaise) return { ok: false, error: amountErrors.tooLarge }
  return { ok: true, paise }
}

/** A rate table's rupee figure (₹2,000, ₹10.50) in paise. */
export function rupeesToPaise(rupees: number): Paise {
  return BigInt(Math.round(rupees * 100))
}

/** `numerator / denominator` rounded half up; both are non-negative. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator)
}

function boundPaise(bound: SlabBound): Paise {
  return rupeesToPaise(bound.rupees)
}

export function slabContains(slab: Slab, amount: Paise): boolean {
  const { min, max } = slab
  const aboveMin = !min || (min.inclusive ? amount >= boundPaise(min) : amount > boundPaise(min))
  const belowMax = !max || (max.inclusive ? amount <= boundPaise(max) : amount < boundPaise(max))
  return aboveMin && belowMax
}

export function slabFor(slabs: readonly Slab[], amount: Paise): Slab {
  const slab = slabs.find((candidate) => slabContains(candidate, amount))
  if (!slab) throw new Error(`No slab covers ${amount} paise`)
  return slab
}

/** The charge on an amount, in paise. */
export function chargeOn(charge: Charge, amount: Paise): Paise {
  if (charge.kind === 'flat') return rupeesToPaise(charge.rupees)
  // 0.4 % is 40 hundredths of a percent, so the fee is amount × 40 / 10,000 in integers.
  const hundredthsOfPercent = BigInt(Math.round(charge.percent * 100))
  return divideHalfUp(amount * hundredthsOfPercent, 10_000n)
}

export function gstOn(fee: Paise): Paise {
  return divideHalfUp(fee * BigInt(gstPercent), 100n)
}

export interface QuoteLine {
  label: string
  paise: Paise
}

export interface Quote {
  amount: Paise
  /** Each charge before GST. */
  charges: QuoteLine[]
  fee: Paise
  gst: Paise
  totalCharges: Paise
  /** What the merchant receives, or for payouts what leaves the balance. */
  outcome: QuoteLine
  note?: string
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: string }

export const quoteLabels = {
  gst: `GST on the fee (${gstPercent}%)`,
  receive: 'You receive',
  debited: 'Total debited',
  chargesExceedAmount:
    'The charges are more than the amount, so the difference is recovered from your next settlement.',
} as const

export function rowById(tab: PricingTab, id: string): RateRow {
  const row = tab.rows.find((candidate) => candidate.id === id)
  if (!row) throw new Error(`No "${id}" row in the ${tab.label} rates`)
  return row
}

/** A row's charges on `amount` (its slab's, then its add-on's), before GST. */
export function rowCharges(row: RateRow, amount: Paise): QuoteLine[] {
  const { charge } = slabFor(row.slabs, amount)
  const lines = [
    { label: `${row.label} (${formatCharge(charge)})`, paise: chargeOn(charge, amount) },
  ]
  if (row.addOn) {
    const { label, charge: addOnCharge } = row.addOn
    lines.push({ label, paise: chargeOn(addOnCharge, amount) })
  }
  return lines
}

function settle(amount: Paise, charges: QuoteLine[], direction: 'deduct' | 'add'): Quote {
  const fee = charges.reduce((sum, line) => sum + line.paise, 0n)
  const gst = gstOn(fee)
  const totalCharges = fee + gst
  if (direction === 'add') {
    return {
      amount,
      charges,
      fee,
      gst,
      totalCharges,
      outcome: { label: quoteLabels.debited, paise: amount + totalCharges },
    }
  }
  const receive = amount - totalCharges
  return {
    amount,
    charges,
    fee,
    gst,
    totalCharges,
    outcome: { label: quoteLabels.receive, paise: receive },
    ...(receive < 0n ? { note: quoteLabels.chargesExceedAmount } : {}),
  }
}

/** A customer pays `amount` with a Payment Gateway method. */
export function quotePaymentGateway(methodId: string, amount: Paise): Quote {
  return settle(amount, rowCharges(rowById(paymentGatewayTab, methodId), amount), 'deduct')
}

/** One recurring debit of `amount` on a mandate. */
export function quoteSubscription(chargeId: string, amount: Paise): Quote {
  return settle(amount, rowCharges(rowById(subscriptionTab, chargeId), amount), 'deduct')
}

/** A payout of `amount`: the beneficiary gets all of it, the fee comes on top. */
export function quotePayout(railId: string, amount: Paise): QuoteResult {
  const row = rowById(payoutsTab, railId)
  if (row.minimum && amount < rupeesToPaise(row.minimum.rupees)) {
    return { ok: false, error: row.minimum.message }
  }
  return { ok: true, quote: settle(amount, rowCharges(row, amount), 'add') }
}

/** A paylink for `amount`, paid with a Payment Gateway method. */
export function quotePaylink(linkTypeId: string, methodId: string, amount: Paise): Quote {
  const method = rowById(paymentGatewayTab, methodId)
  const charges = [
    ...rowCharges(rowById(paylinksTab, linkTypeId), amount),
    ...rowCharges(method, amount).map((line) => ({
      ...line,
      label: `Transaction charge: ${line.label}`,
    })),
  ]
  return settle(amount, charges, 'deduct')
}

/** The row of the Auto Collection tab that applies to each incoming transfer. */
export const autoCollectionTransactionRowId = 'collection'

/** One incoming transfer of `amount` into a virtual account. */
export function quoteAutoCollection(amount: Paise): Quote {
  const row = rowById(autoCollectionTab, autoCollectionTransactionRowId)
  return settle(amount, rowCharges(row, amount), 'deduct')
}

/** A slab bound as people write it: ₹2,000 for whole rupees, ₹2,000.50 otherwise. */
export function formatBound(rupees: number): string {
  const paise = rupeesToPaise(rupees)
  return paise % 100n === 0n ? formatRupees(paise).replace(/\.00$/, '') : formatRupees(paise)
}

export function formatCharge(charge: Charge): string {
  return charge.kind === 'percent'
    ? `${charge.percent.toFixed(2)}%`
    : formatRupees(rupeesToPaise(charge.rupees))
}

/** "Up to ₹2,000", "Above ₹10,000 up to ₹25,000", "Above ₹25,000", or "Any amount". */
export function describeSlab(slab: Slab): string {
  const { min, max } = slab
  const upper = max ? `${max.inclusive ? 'up to' : 'below'} ${formatBound(max.rupees)}` : ''
  if (!min) return upper ? capitalise(upper) : 'Any amount'
  const lower = min.inclusive
    ? `From ${formatBound(min.rupees)}`
    : `Above ${formatBound(min.rupees)}`
  return upper ? `${lower} ${upper}` : lower
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
