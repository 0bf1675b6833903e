import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gstOn, quotePaymentGateway, rupeesToPaise } from './fees.ts'
import { paymentFee, pricedPaymentTypes, pricingRowFor } from './payment-fee.ts'
import { paymentGatewayTab } from './pricing.ts'

const methods = [
  { paymentType: 'UP', row: 'upi-rupay-debit' },
  { paymentType: 'DC', mopType: 'RU', row: 'upi-rupay-debit' },
  { paymentType: 'DC', mopType: 'VI', row: 'debit-card' },
  { paymentType: 'CC', mopType: 'MC', row: 'credit-card' },
  { paymentType: 'NB', mopType: '1001', row: 'net-banking' },
  { paymentType: 'WL', mopType: '3001', row: 'wallets' },
  { paymentType: 'CC', mopType: 'VI', foreignCurrency: true, row: 'international-cards' },
  { paymentType: 'CC', mopType: 'VI', issuedAbroad: true, row: 'international-cards' },
  { paymentType: 'DC', mopType: 'RU', issuedAbroad: true, row: 'international-cards' },
]

describe('the fee of a settled payment', () => {
  it('comes from the Payment Gateway row of its method', () => {
    for (const { row, ...method } of methods) expect(pricingRowFor(method)).toBe(row)
    expect(new Set(methods.map((m) => m.row))).toEqual(
      new Set(paymentGatewayTab.rows.map((row) => row.id)),
    )
    expect(new Set(methods.map((m) => m.paymentType))).toEqual(new Set(pricedPaymentTypes))
    expect(() => pricingRowFor({ paymentType: 'XX' })).toThrow(
      'No pricing row for PAYMENT_TYPE "XX"',
    )
  })

  it('follows where a card was issued, not only the currency: a card from abroad paying in rupees is international', () => {
    const inRupees = { paymentType: 'CC', mopType: 'VI' }
    expect(pricingRowFor(inRupees)).toBe('credit-card')
    expect(pricingRowFor({ ...inRupees, issuedAbroad: true })).toBe('international-cards')
    expect(pricingRowFor({ ...inRupees, issuedAbroad: false })).toBe('credit-card')
    // ₹1,000 at 3.00 %: a fee of ₹30 and GST of ₹5.40.
    expect(paymentFee({ ...inRupees, issuedAbroad: true }, 100000n)).toMatchObject({
      fee: 3000n,
      gst: 540n,
      net: 96460n,
    })
  })

  it("equals the pricing calculator's at every slab boundary of every row", () => {
    for (const { row, ...method } of methods) {
      const slabs = paymentGatewayTab.rows.find((candidate) => candidate.id === row)!.slabs
      const edges = slabs.flatMap((slab) =>
        [slab.min, slab.max].flatMap((bound) =>
          bound ? [-1n, 0n, 1n].map((step) => rupeesToPaise(bound.rupees) + step) : [],
        ),
      )
      if (slabs.length > 1) expect(edges.length, row).toBeGreaterThan(0)
      for (const amount of [1n, 100n, ...edges].filter((paise) => paise > 0n)) {
        const quote = quotePaymentGateway(row, amount)
        expect(paymentFee(method, amount), `${row} at ${amount} paise`).toEqual({
          amount,
          charges: quote.charges,
          fee: quote.fee,
          gst: quote.gst,
          net: quote.outcome.paise,
        })
      }
    }
  })

  it('adds up: net is the amount less the fee and 18 % GST on the fee, in whole paise', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.bigInt({ min: 1n, max: 10_00_00_000_00n }),
        ({ row: _row, ...method }, amount) => {
          const { fee, gst, net } = paymentFee(method, amount)
          expect(gst).toBe(gstOn(fee))
          expect(net).toBe(amount - fee - gst)
        },
      ),
    )
  })
})
