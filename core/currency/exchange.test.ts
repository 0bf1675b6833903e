import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { currencies, currencyByCode, foreignCurrencyCodes, isForeign, rupee } from './currencies.ts'
import { rateInTenThousandths, sandboxRates, toRupees } from './exchange.ts'

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
    expect(toRupees(100n, usd)).toEqual({ paise: 8422, rate: '84.2150' })
    expect(toRupees(1n, usd)).toEqual({ paise: 84, rate: '84.2150' })
    // ¥1 at 0.5532 is 55.32 paise; 1.005 dinars at 274.1850 are ₹275.555925.
    expect(toRupees(1n, currencyByCode('JPY')!).paise).toBe(55)
    expect(toRupees(1005n, currencyByCode('KWD')!).paise).toBe(27556)
    expect(toRupees(12345n, rupee)).toEqual({ paise: 12345, rate: '1.0000' })
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
          const twice = 2n * BigInt(paise) * denominator - 2n * numerator
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
          expect(fee.fee).toBe(Math.floor((paise * 3 + 50) / 100))
          expect(fee.gst).toBe(Math.floor((fee.fee * 18 + 50) / 100))
          expect(fee.net).toBe(paise - fee.fee - fee.gst)
        },
      ),
    )
  })

  it('refuses a negative amount', () => {
    expect(() => toRupees(-1n, currencyByCode('USD')!)).toThrow('never negative')
  })
})
