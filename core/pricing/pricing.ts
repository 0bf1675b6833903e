/**
 * Standard and Special plan pricing (docs/product.md#page-pricing, #business-constants-and-limits "Standard plan pricing").
 * Every rate lives here once as data: the rate tables render from it and core/pricing/fees.ts
 * computes the calculators from it, so a rate change is one edit in this file.
 * How boundary amounts and GST are treated: docs/decisions/005-fee-slab-boundaries.md.
 */

/** A percentage of the amount (0.4 means 0.40 %) or a flat fee in rupees. */
export type Charge = { kind: 'percent'; percent: number } | { kind: 'flat'; rupees: number }

/** One end of a slab, in rupees; `inclusive` says whether the amount itself belongs to the slab. */
export interface SlabBound {
  rupees: number
  inclusive: boolean
}

/** A charge that applies between two bounds; a missing bound means "no limit on that side". */
export interface Slab {
  min?: SlabBound
  max?: SlabBound
  charge: Charge
}

export type ChargeUnit =
  'per transaction' | 'per debit' | 'per mandate' | 'per payout' | 'per link' | 'per account'

export interface RateRow {
  id: string
  label: string
  /** One line under the label saying when the charge applies. */
  detail: string
  unit: ChargeUnit
  /** In order of amount, contiguous, covering every amount above zero (or from `minimum`). */
  slabs: readonly Slab[]
  /** A flat add-on charged with this row (beneficiary validation on a validated paylink). */
  addOn?: { label: string; charge: Charge }
  /** Smallest amount the rail accepts, in rupees (its first slab starts there), and what to say below it. */
  minimum?: { rupees: number; message: string }
}

export type PricingTabId =
  'payment-gateway' | 'subscription' | 'payouts' | 'paylinks' | 'auto-collection'

export interface PricingTab {
  id: PricingTabId
  label: string
  /** The panel's heading and the sentence under it. */
  title: string
  summary: string
  table: {
    caption: string
    itemHeader: string
    amountHeader: string
    chargeHeader: string
  }
  rows: readonly RateRow[]
  /** Short facts printed under the table. */
  notes: readonly string[]
  calculator: {
    title: string
    amountLabel: string
    /** Filled in when the page loads, so every panel shows a worked example. */
    defaultAmount: string
    /** Label of the row picker; absent when only one row can be calculated. */
    optionLabel?: string
    /** Label of the payment-method picker, on tabs whose fee also depends on how the customer pays. */
    methodLabel?: string
  }
}

const percent = (value: number): Charge => ({ kind: 'percent', percent: value })
const flat = (rupees: number): Charge => ({ kind: 'flat', rupees })
const anyAmount = (charge: Charge): Slab[] => [{ charge }]
const upTo = (rupees: number) => ({ max: { rupees, inclusive: true } })
const above = (rupees: number) => ({ min: { rupees, inclusive: false } })
const between = (from: number, to: number) => ({ ...above(from), ...upTo(to) })

/** GST on every charge on this page; the rates above exclude it. */
export const gstPercent = 18

export const pricingIntro = {
  eyebrow: 'Pricing',
  title: 'Simple, transparent pricing',
  lead: 'No onboarding fee and no annual maintenance charge on the Standard Plan. You pay only for what you process, and every rate is on this page.',
  gstNote: `All charges exclude GST at ${gstPercent}%, which is added to the fee (not to your customer's payment) and shown on your monthly tax invoice.`,
} as const

export const paymentGatewayTab: PricingTab = {
  id: 'payment-gateway',
  label: 'Payment Gateway',
  title: 'Payment Gateway',
  summary:
    'Accept UPI, cards, net banking from 80+ banks, wallets and international cards on one checkout, settled to your bank account on T+1.',
  table: {
    caption: 'Payment Gateway charges per successful transaction, by payment method',
    itemHeader: 'Payment method',
    amountHeader: 'Transaction amount',
    chargeHeader: 'Charge',
  },
  rows: [
    {
      id: 'upi-rupay-debit',
      label: 'UPI and RuPay Debit',
      detail: 'UPI apps, UPI QR and RuPay debit cards',
      unit: 'per transaction',
      slabs: anyAmount(percent(0)),
    },
    {
      id: 'debit-card',
      label: 'Debit card',
      detail: 'Visa, Mastercard and other debit cards',
      unit: 'per transaction',
      slabs: [
        { ...upTo(2000), charge: percent(0.4) },
        { ...above(2000), charge: percent(0.9) },
      ],
    },
    {
      id: 'credit-card',
      label: 'Credit card',
      detail: 'Domestic Visa, Mastercard, RuPay and Diners credit cards',
      unit: 'per transaction',
      slabs: anyAmount(percent(2)),
    },
    {
      id: 'net-banking',
      label: 'Net banking',
      detail: 'Retail and corporate net banking from 80+ banks',
      unit: 'per transaction',
      slabs: anyAmount(percent(2)),
    },
    {
      id: 'wallets',
      label: 'Wallets',
      detail: 'Prepaid wallets from leading banks and fintech issuers',
      unit: 'per transaction',
      slabs: anyAmount(percent(2.1)),
    },
    {
      id: 'international-cards',
      label: 'International cards',
      detail: 'Cards issued outside India, in over 30 foreign currencies',
      unit: 'per transaction',
      slabs: anyAmount(percent(3)),
    },
  ],
  notes: [
    'UPI and RuPay debit card payments carry zero MDR, as the Government of India mandates for these methods.',
    'Charges apply to successful payments only. Failed payments cost you nothing, and the fee on a refunded payment is not charged again for the refund.',
  ],
  calculator: {
    title: 'What you receive',
    amountLabel: 'Payment amount (₹)',
    defaultAmount: '2000',
    optionLabel: 'Payment method',
  },
}

export const subscriptionTab: PricingTab = {
  id: 'subscription',
  label: 'Subscription',
  title: 'Subscription',
  summary:
    'Collect recurring payments on card and e-NACH mandates or UPI AutoPay: your customer approves once, and every later debit happens on schedule.',
  table: {
    caption: 'Subscription charges for mandates and recurring debits',
    itemHeader: 'Charge',
    amountHeader: 'Debit amount',
    chargeHeader: 'Fee',
  },
  rows: [
    {
      id: 'mandate-registration',
      label: 'Mandate registration',
      detail: 'Card or e-NACH mandate, charged once when your customer approves it',
      unit: 'per mandate',
      slabs: anyAmount(flat(6)),
    },
    {
      id: 'debit-transaction',
      label: 'Debit transaction',
      detail: 'Each scheduled debit on a card or e-NACH mandate',
      unit: 'per debit',
      slabs: anyAmount(flat(7)),
    },
    {
      id: 'upi-mandate',
      label: 'UPI mandate',
      detail: 'UPI AutoPay mandate, charged once when your customer approves it in a UPI app',
      unit: 'per mandate',
      slabs: anyAmount(flat(7)),
    },
    {
      id: 'upi-autopay-presentation',
      label: 'UPI AutoPay monthly presentation',
      detail: 'Each monthly debit presented on a UPI AutoPay mandate',
      unit: 'per debit',
      slabs: [
        { ...upTo(250), charge: flat(4) },
        { ...between(250, 1000), charge: flat(7) },
        { ...above(1000), charge: flat(15) },
      ],
    },
  ],
  notes: [
    'Mandate charges are one-time per customer; debit charges apply to each successful debit.',
    'Customers are notified before every debit, as RBI rules on recurring payments require.',
  ],
  calculator: {
    title: 'Cost of one debit',
    amountLabel: 'Debit amount (₹)',
    defaultAmount: '499',
    optionLabel: 'How the debit is collected',
  },
}

/** RBI sets ₹2 lakh as the smallest RTGS transfer. */
const rtgsMinimumRupees = 200000

export const payoutsTab: PricingTab = {
  id: 'payouts',
  label: 'Payouts',
  title: 'Payouts',
  summary:
    'Pay vendors, refunds, salaries and partners from your payout balance to any bank account or UPI ID, one at a time or in bulk.',
  table: {
    caption: 'Payout charges per transfer, by transfer rail',
    itemHeader: 'Transfer rail',
    amountHeader: 'Transfer amount',
    chargeHeader: 'Fee',
  },
  rows: [
    {
      id: 'neft',
      label: 'NEFT',
      detail: 'Settled in half-hourly batches, every day of the year',
      unit: 'per payout',
      slabs: anyAmount(flat(5)),
    },
    {
      id: 'rtgs',
      label: 'RTGS',
      detail: 'Real-time transfer of large amounts, settled one by one',
      unit: 'per payout',
      slabs: [{ min: { rupees: rtgsMinimumRupees, inclusive: true }, charge: flat(5) }],
      minimum: {
        rupees: rtgsMinimumRupees,
        message: 'RTGS transfers start at ₹2,00,000. Choose NEFT, IMPS or UPI for smaller amounts.',
      },
    },
    {
      id: 'imps',
      label: 'IMPS',
      detail: 'Instant transfer to a bank account, around the clock',
      unit: 'per payout',
      slabs: [
        { ...upTo(10000), charge: flat(5) },
        { ...between(10000, 25000), charge: flat(8) },
        { ...above(25000), charge: flat(12) },
      ],
    },
    {
      id: 'upi',
      label: 'UPI',
      detail: 'Instant transfer to a UPI ID or a bank account through UPI',
      unit: 'per payout',
      slabs: [
        { ...upTo(10000), charge: flat(5) },
        { ...between(10000, 25000), charge: flat(8) },
        { ...above(25000), charge: flat(12) },
      ],
    },
  ],
  notes: [
    'The fee and its GST are debited from your payout balance with the transfer; the beneficiary receives the full amount.',
    'A payout that fails or is returned by the beneficiary bank is not charged.',
  ],
  calculator: {
    title: 'Cost of one payout',
    amountLabel: 'Transfer amount (₹)',
    defaultAmount: '10000',
    optionLabel: 'Transfer rail',
  },
}

export const paylinksTab: PricingTab = {
  id: 'paylinks',
  label: 'Paylinks',
  title: 'Paylinks',
  summary:
    'Send a payment link by SMS, e-mail or WhatsApp and get paid without a website. Validated links first confirm the payer’s bank account holder name.',
  table: {
    caption: 'Paylink charges per link created, before transaction charges',
    itemHeader: 'Link type',
    amountHeader: 'Link amount',
    chargeHeader: 'Fee',
  },
  rows: [
    {
      id: 'normal',
      label: 'Normal link',
      detail: 'A link your customer pays with any method',
      unit: 'per link',
      slabs: anyAmount(flat(1)),
    },
    {
      id: 'validated',
      label: 'Validated link',
      detail: 'Checks the payer’s bank account with beneficiary validation before payment',
      unit: 'per link',
      slabs: anyAmount(flat(1)),
      addOn: { label: 'Beneficiary validation', charge: flat(5) },
    },
  ],
  notes: [
    'Paylinks start from ₹1 per link. The Payment Gateway transaction charge for the method your customer pays with is added when the link is paid.',
    'Links can carry an expiry date, after which they can no longer be paid.',
  ],
  calculator: {
    title: 'What you receive from a paid link',
    amountLabel: 'Link amount (₹)',
    defaultAmount: '1500',
    optionLabel: 'Link type',
    methodLabel: 'Customer pays with',
  },
}

export const autoCollectionTab: PricingTab = {
  id: 'auto-collection',
  label: 'Auto Collection',
  title: 'Auto Collection',
  summary:
    'Give each customer a virtual bank account and reconcile incoming NEFT, RTGS, IMPS and UPI transfers automatically against the right invoice.',
  table: {
    caption: 'Auto Collection charges for virtual accounts and incoming transfers',
    itemHeader: 'Charge',
    amountHeader: 'Transfer amount',
    chargeHeader: 'Fee',
  },
  rows: [
    {
      id: 'virtual-account-setup',
      label: 'Virtual account setup',
      detail: 'One-time, for each virtual account you create',
      unit: 'per account',
      slabs: anyAmount(flat(5)),
    },
    {
      id: 'collection',
      label: 'Per transaction',
      detail: 'Each transfer received into a virtual account',
      unit: 'per transaction',
      slabs: [
        { ...upTo(10000), charge: flat(7.5) },
        { ...between(10000, 25000), charge: flat(10) },
        { ...above(25000), charge: flat(15) },
      ],
    },
  ],
  notes: [
    'Every credit is matched to its virtual account and reported by webhook and in your dashboard within minutes.',
  ],
  calculator: {
    title: 'What you receive from one transfer',
    amountLabel: 'Transfer amount (₹)',
    defaultAmount: '10000',
  },
}

/** The Standard Plan's tabs in the order the page shows them (docs/product.md#routes-and-screens). */
export const pricingTabs: readonly PricingTab[] = [
  paymentGatewayTab,
  subscriptionTab,
  payoutsTab,
  paylinksTab,
  autoCollectionTab,
]

/** Words the calculators share. */
export const calculatorText = {
  amountHint: 'In rupees, up to two decimal places.',
  amount: 'Amount',
  totalCharges: 'Total charges incl. GST',
  waiting: 'Enter an amount to see the fee.',
} as const

export const standardPlan = {
  eyebrow: 'Pay as you grow',
  title: 'Standard Plan',
  lead: 'One account gives you every product below. Pick a product to see its rates and work out your fee.',
  tabListLabel: 'Standard Plan products',
} as const

export const specialPlan = {
  eyebrow: 'For large volumes',
  title: 'Special Plan',
  lead: 'Processing large volumes every month, or need a mix of products the Standard Plan does not cover? We will build a plan around your business.',
  points: [
    'Custom pricing for large volumes, set against your monthly processing and payment mix.',
    'Online activation within 24 hours of submitting your documents.',
    'A dedicated relationship manager and priority technical support.',
    'Flexible settlement schedules and consolidated invoicing across products.',
  ],
  cta: { label: 'Contact Us', to: '/contact' },
} as const
