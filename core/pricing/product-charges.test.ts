import { afterEach, describe, expect, it } from 'vitest'
import { rupeesToPaise } from './fees.ts'
import { autoCollectionTab, paylinksTab } from './pricing.ts'
import { isProductChargeKind, productCharge, productChargeRows } from './product-charges.ts'

const rupees = (value: number) => rupeesToPaise(value)

describe('what the sandbox charges for a product that is no payment', () => {
  it('a link ₹1, a validated link ₹1 + ₹5, a virtual account ₹5, each with 18 % GST', () => {
    expect(productCharge('paylink')).toMatchObject({
      fee: rupees(1),
      gst: 18n,
      label: 'Paylinks fees: Normal link',
    })
    const validated = productCharge('validated-paylink')
    expect(validated).toMatchObject({ fee: rupees(6), gst: 108n })
    expect(validated.charges.map((charge) => charge.label)).toEqual([
      'Validated link (₹1.00)',
      'Beneficiary validation',
    ])
    expect(productCharge('virtual-account-setup')).toMatchObject({
      fee: rupees(5),
      gst: 90n,
      label: 'Auto Collection fees: Virtual account setup',
    })
  })

  it.each([
    [1n, 750n, 135n],
    [rupees(10_000), 750n, 135n],
    [rupees(10_000) + 1n, 1000n, 180n],
    [rupees(15_000), 1000n, 180n],
    [rupees(25_000), 1000n, 180n],
    [rupees(25_000) + 1n, 1500n, 270n],
  ])('a credit of %s paise: ₹%s paise fee, %s paise GST', (amount, fee, gst) => {
    expect(productCharge('collection', amount)).toMatchObject({ fee, gst })
  })

  it('a mandate ₹6 (card, e-NACH) or ₹7 (UPI); a debit ₹7, or by slab on UPI AutoPay', () => {
    expect(productCharge('mandate-registration')).toMatchObject({ fee: rupees(6), gst: 108n })
    expect(productCharge('upi-mandate')).toMatchObject({
      fee: rupees(7),
      gst: 126n,
      label: 'Subscription fees: UPI mandate',
    })
    expect(productCharge('debit-transaction', rupees(20_000))).toMatchObject({ fee: rupees(7) })
    expect(productCharge('upi-autopay-presentation', rupees(250)).fee).toBe(rupees(4))
    expect(productCharge('upi-autopay-presentation', rupees(499))).toMatchObject({
      fee: rupees(7),
      gst: 126n,
    })
    expect(productCharge('upi-autopay-presentation', rupees(1000)).fee).toBe(rupees(7))
    expect(productCharge('upi-autopay-presentation', rupees(1000) + 1n).fee).toBe(rupees(15))
  })

  it('names a row of the pricing page for each kind, and nothing else is a kind', () => {
    for (const [kind, { tab, row }] of Object.entries(productChargeRows)) {
      expect(isProductChargeKind(kind)).toBe(true)
      expect(tab.rows.map((each) => each.id)).toContain(row)
    }
    expect(isProductChargeKind('toString')).toBe(false)
    expect(isProductChargeKind('payout')).toBe(false)
  })
})

describe('a rate changed on the pricing page', () => {
  const collection = autoCollectionTab.rows.find((row) => row.id === 'collection')!
  const normal = paylinksTab.rows.find((row) => row.id === 'normal')!
  const saved = { collection: collection.slabs, normal: normal.slabs }
  afterEach(() => {
    collection.slabs = saved.collection
    normal.slabs = saved.normal
  })

  it('is the rate the sandbox charges: the same rows, read when charging', () => {
    collection.slabs = collection.slabs.map((slab) => ({
      ...slab,
      charge: { kind: 'flat', rupees: 12 },
    }))
    normal.slabs = normal.slabs.map((slab) => ({ ...slab, charge: { kind: 'flat', rupees: 2 } }))
    expect(productCharge('collection', rupees(15_000))).toMatchObject({ fee: 1200n, gst: 216n })
    expect(productCharge('paylink')).toMatchObject({ fee: 200n, gst: 36n })
  })
})
