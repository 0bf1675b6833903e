import { expect, test } from 'vitest'
import { describeSlab, formatCharge } from './fees.ts'
import { pricingTabs, specialPlan } from './pricing.ts'

/** Each row in one line, so the whole rate card can be read against docs/product.md#business-constants-and-limits at a glance. */
function rateCard() {
  return Object.fromEntries(
    pricingTabs.map((tab) => [
      tab.label,
      tab.rows.map((row) => {
        const slabs = row.slabs.map((slab) => `${describeSlab(slab)} ${formatCharge(slab.charge)}`)
        const addOn = row.addOn ? ` + ${row.addOn.label} ${formatCharge(row.addOn.charge)}` : ''
        return `${row.label}: ${slabs.join('; ')}${addOn}`
      }),
    ]),
  )
}

test('the Standard Plan rates are exactly those of docs/product.md#business-constants-and-limits', () => {
  expect(rateCard()).toEqual({
    'Payment Gateway': [
      'UPI and RuPay Debit: Any amount 0.00%',
      'Debit card: Up to ₹2,000 0.40%; Above ₹2,000 0.90%',
      'Credit card: Any amount 2.00%',
      'Net banking: Any amount 2.00%',
      'Wallets: Any amount 2.10%',
      'International cards: Any amount 3.00%',
    ],
    Subscription: [
      'Mandate registration: Any amount ₹6.00',
      'Debit transaction: Any amount ₹7.00',
      'UPI mandate: Any amount ₹7.00',
      'UPI AutoPay monthly presentation: Up to ₹250 ₹4.00; Above ₹250 up to ₹1,000 ₹7.00; Above ₹1,000 ₹15.00',
    ],
    Payouts: [
      'NEFT: Any amount ₹5.00',
      'RTGS: From ₹2,00,000 ₹5.00',
      'IMPS: Up to ₹10,000 ₹5.00; Above ₹10,000 up to ₹25,000 ₹8.00; Above ₹25,000 ₹12.00',
      'UPI: Up to ₹10,000 ₹5.00; Above ₹10,000 up to ₹25,000 ₹8.00; Above ₹25,000 ₹12.00',
    ],
    Paylinks: [
      'Normal link: Any amount ₹1.00',
      'Validated link: Any amount ₹1.00 + Beneficiary validation ₹5.00',
    ],
    'Auto Collection': [
      'Virtual account setup: Any amount ₹5.00',
      'Per transaction: Up to ₹10,000 ₹7.50; Above ₹10,000 up to ₹25,000 ₹10.00; Above ₹25,000 ₹15.00',
    ],
  })
})

test('the Special Plan states custom pricing, 24-hour activation and a Contact Us link', () => {
  expect(specialPlan.points.join(' ')).toMatch(/custom pricing for large volumes/i)
  expect(specialPlan.points.join(' ')).toMatch(/online activation within 24 hours/i)
  expect(specialPlan.cta).toEqual({ label: 'Contact Us', to: '/contact' })
})
