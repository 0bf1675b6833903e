import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { currencies, currencyByCode, foreignCurrencyCodes, isForeign, rupee } from './currencies.ts'
import {
  rateInTenThousandths,
  rateOf,
  refundRupees,
  rupeesAt,
  sandboxRates,
  toRupees,
} from './exchange.ts'

/** The exact rupee value of `amount` minor units as a fraction of paise: numerator, denominator. */
function exactPaise(amount: bigint, minorUnits: number, rate: string) {
  return {
    numerator: amount * rateInTenThousandths(rate) * 100n,
    denominator: 10n ** BigInt(minorUnits) * 10_000n,
  }
}

describe('the sandbox rates', () => {
  it('has a rate with four decimals for every foreign currency, and nothing else', () => {
    expect(Object.keys(sandboxRates).sort()).toEqual([...foreignCurrencyCodes].sort())
    for (const rate of Object.values(sandboxRates)) expect(rate).toMatch(/^\d+\.\d{4}$/)
  })
})

describe('toRupees', () => {
  it('converts at the table rate, rounding half a paisa up', () => {
    const usd = currencyByCode('USD')!
    // $1.00 at 84.2150 is ₹84.215: 8,421.5 paise, rounded up.
    expect(toRupees(100n, usd)).toEqual({ paise: 8422n, rate: '84.2150' })
    expect(toRupees(1n, usd)).toEqual({ paise: 84n, rate: '84.2150' })
    // ¥1 at 0.5532 is 55.32 paise; 1.005 dinars at 274.1850 are ₹275.555925.
    expect(toRupees(1n, currencyByCode('JPY')!).paise).toBe(55n)
    expect(toRupees(1005n, currencyByCode('KWD')!).paise).toBe(27556n)
    expect(toRupees(12345n, rupee)).toEqual({ paise: 12345n, rate: '1.0000' })
  })

  it('is within half a paisa of the exact value, and never rounds a half down, for every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies.filter(isForeign)),
        fc.oneof(fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 11n })),
        (currency, amount) => {
          const { paise, rate } = toRupees(amount, currency)
          const { numerator, denominator } = exactPaise(amount, currency.minorUnits, rate)
          // |paise − exact| ≤ ½, and exactly ½ goes up: 2·paise·d − 2·n ∈ (−d, d].
          const twice = 2n * paise * denominator - 2n * numerator
          expect(twice > -denominator && twice <= denominator).toBe(true)
        },
      ),
    )
  })

  it('prices a foreign payment on its rupee amount by the international cards row, to the paisa', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies.filter(isForeign)),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (currency, amount) => {
          const { paise } = toRupees(amount, currency)
          const fee = paymentFee({ paymentType: 'CC', foreignCurrency: true }, paise)
          expect(fee.charges[0]!.label).toMatch(/^International cards/)
          // 3 % of the rupee amount, half up, then 18 % GST on the fee, half up.
          expect(fee.fee).toBe((paise * 3n + 50n) / 100n)
          expect(fee.gst).toBe((fee.fee * 18n + 50n) / 100n)
          expect(fee.net).toBe(paise - fee.fee - fee.gst)
        },
      ),
    )
  })

  it('refuses a negative amount', () => {
    expect(() => toRupees(-1n, currencyByCode('USD')!)).toThrow('never negative')
  })
})

describe('rupeesAt: a conversion at a stored rate', () => {
  it('is toRupees at the table rate, and any other four-decimal rate converts the same way', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        (currency, amount) => {
          expect(rupeesAt(amount, currency, rateOf(currency))).toBe(
            toRupees(amount, currency).paise,
          )
        },
      ),
    )
    // $1.00 at a rate that has since changed, 83.0000: ₹83.00.
    expect(rupeesAt(100n, currencyByCode('USD')!, '83.0000')).toBe(8300n)
    expect(rupeesAt(12345n, rupee, '1.0000')).toBe(12345n)
    expect(() => rupeesAt(1n, currencyByCode('USD')!, '84.215')).toThrow('four decimals')
  })

  it("the rate of each currency is the table's; the rupee's 1.0000", () => {
    expect(rateOf(currencyByCode('USD')!)).toBe('84.2150')
    expect(rateOf(rupee)).toBe('1.0000')
  })
})

describe('refundRupees: the paise of one refund', () => {
  const usd = currencyByCode('USD')!

  it('telescopes: each refund is what all so far are worth less what those before were', () => {
    // $12.34 paid (103,921 paise) and refunded $3.33, $3.33, $0.01, $5.67.
    const parts = [333n, 333n, 1n, 567n]
    let before = 0n
    const paise = parts.map((part) => {
      const share = refundRupees(before, part, usd, '84.2150')
      before += part
      return share
    })
    expect(paise).toEqual([28044n, 28043n, 84n, 47750n])
    expect(paise.reduce((sum, share) => sum + share, 0n)).toBe(103921n)
  })

  it('adds up to the rupee amount of the whole, in any currency, at any rate, in any parts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 1, maxLength: 20 }),
        (currency, tenThousandths, parts) => {
          const rate = isForeign(currency)
            ? `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, '0')}`
            : '1.0000'
          let before = 0n
          let total = 0n
          for (const part of parts) {
            const share = refundRupees(before, part, currency, rate)
            // Never negative, and within a paisa of the part's own value.
            expect(share).toBeGreaterThanOrEqual(0n)
            const drift = share - rupeesAt(part, currency, rate)
            expect(drift >= -1n && drift <= 1n).toBe(true)
            total += share
            before += part
          }
          expect(total).toBe(rupeesAt(before, currency, rate))
        },
      ),
    )
  })

  it('of a rupee payment is the amount itself', () => {
    expect(refundRupees(400n, 600n, rupee, '1.0000')).toBe(600n)
  })
})
