/**
 * What the sandbox charges for a product that is no payment's (a payment link, a virtual account,
 * a credit into one, a mandate) and for a subscription's debit, which the Subscription tab prices
 * instead of the Payment Gateway rates. Each comes from its row of the pricing page's tabs
 * (core/pricing/pricing.ts) through the calculators' own arithmetic, so a rate changed on the
 * pricing page is the rate the sandbox charges. GST is added as on every fee.
 */
import type { Paise } from '#core/currency/paise.ts'
import { gstOn, type QuoteLine, rowById, rowCharges } from './fees.ts'
import { autoCollectionTab, paylinksTab, type PricingTab, subscriptionTab } from './pricing.ts'

/** The products' charges, each the id of its pricing row. */
export const productChargeRows = {
  /** A payment link, charged when it is made. */
  paylink: { tab: paylinksTab, row: 'normal' },
  /** A payment link that validates the payer's bank account first. */
  'validated-paylink': { tab: paylinksTab, row: 'validated' },
  /** A virtual account, charged once when it is opened. */
  'virtual-account-setup': { tab: autoCollectionTab, row: 'virtual-account-setup' },
  /** A credit into a virtual account, by slab of its amount. */
  collection: { tab: autoCollectionTab, row: 'collection' },
  /** A card or e-NACH mandate, charged once when the customer registers it. */
  'mandate-registration': { tab: subscriptionTab, row: 'mandate-registration' },
  /** A UPI AutoPay mandate, charged once when the customer approves it. */
  'upi-mandate': { tab: subscriptionTab, row: 'upi-mandate' },
  /** Each captured debit on a card or e-NACH mandate. */
  'debit-transaction': { tab: subscriptionTab, row: 'debit-transaction' },
  /** Each captured UPI AutoPay debit, by slab of its amount. */
  'upi-autopay-presentation': { tab: subscriptionTab, row: 'upi-autopay-presentation' },
} as const satisfies Record<string, { tab: PricingTab; row: string }>

export type ProductChargeKind = keyof typeof productChargeRows

export function isProductChargeKind(value: string): value is ProductChargeKind {
  return Object.hasOwn(productChargeRows, value)
}

export interface ProductCharge {
  kind: ProductChargeKind
  /** The tab and row, as the tax invoice groups them: "Paylinks fees: Validated link". */
  label: string
  /** Each charge before GST, as the calculator labels them. */
  charges: QuoteLine[]
  fee: Paise
  gst: Paise
}

/** The charge of `kind` on `amount` paise (the credit's; a flat charge ignores it). */
export function productCharge(kind: ProductChargeKind, amount: Paise = 0n): ProductCharge {
  const { tab, row: rowId } = productChargeRows[kind]
  const row = rowById(tab, rowId)
  const charges = rowCharges(row, amount)
  const fee = charges.reduce((sum, line) => sum + line.paise, 0n)
  return { kind, label: `${tab.label} fees: ${row.label}`, charges, fee, gst: gstOn(fee) }
}
