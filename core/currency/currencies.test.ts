import currencyCodes from 'currency-codes'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  currencies,
  currencyByCode,
  currencyByNumber,
  foreignCurrencyCodes,
  fromMinorUnits,
  isForeign,
  rupee,
  toMinorUnits,
} from './currencies.ts'

describe('currencies', () => {
  it('takes the rupee and more than 30 foreign currencies, each once', () => {
    expect(rupee).toEqual({ code: 'INR', number: '356', minorUnits: 2, name: 'Indian Rupee' })
    expect(foreignCurrencyCodes.length).toBeGreaterThan(30)
    expect(new Set(currencies.map((currency) => currency.number)).size).toBe(currencies.length)
    expect(currencies.filter(isForeign)).toHaveLength(foreignCurrencyCodes.length)
  })

  it('has every number and minor unit from the ISO 4217 package, none typed here', () => {
    for (const currency of currencies) {
      const iso = currencyCodes.code(currency.code)!
      expect(currency).toEqual({
        code: iso.code,
        number: iso.number,
        minorUnits: iso.digits,
        name: iso.currency,
      })
    }
    // The ones whose minor units differ from two, which amounts must respect.
    const unusual = currencies.filter((currency) => currency.minorUnits !== 2)
    expect(
      Object.fromEntries(unusual.map((currency) => [currency.code, currency.minorUnits])),
    ).toEqual({ JPY: 0, KRW: 0, KWD: 3, BHD: 3, OMR: 3, JOD: 3 })
  })

  it('finds a currency by its CURRENCY_CODE, leading zeros or not, and by its letters', () => {
    expect(currencyByNumber('840')?.code).toBe('USD')
    expect(currencyByNumber('048')?.code).toBe('BHD')
    expect(currencyByNumber('48')?.code).toBe('BHD')
    expect(currencyByCode('jpy')?.number).toBe('392')
    for (const unknown of ['999', '', 'USD', '8400', '-840', '84.0']) {
      expect(currencyByNumber(unknown)).toBeUndefined()
    }
  })
})

describe('toMinorUnits', () => {
  const usd = currencyByCode('USD')!
  const jpy = currencyByCode('JPY')!
  const kwd = currencyByCode('KWD')!

  it('writes an amount in the minor units of its currency', () => {
    expect(toMinorUnits('12.34', usd)).toEqual({ ok: true, minor: 1234n })
    expect(toMinorUnits('12', usd)).toEqual({ ok: true, minor: 1200n })
    expect(toMinorUnits('500', jpy)).toEqual({ ok: true, minor: 500n })
    expect(toMinorUnits('1.005', kwd)).toEqual({ ok: true, minor: 1005n })
  })

  it('refuses more decimals than the currency has, zero and anything not an amount', () => {
    expect(toMinorUnits('1.234', usd)).toEqual({ ok: false, reason: 'USD has 2 decimals' })
    expect(toMinorUnits('5.5', jpy)).toEqual({ ok: false, reason: 'JPY has 0 decimals' })
    expect(toMinorUnits('0.0001', kwd)).toEqual({ ok: false, reason: 'KWD has 3 decimals' })
    expect(toMinorUnits('0.00', usd)).toEqual({ ok: false, reason: 'zero' })
    for (const text of ['', '1,000', '-1', '1e3', ' 1', '1.', '.5']) {
      expect(toMinorUnits(text, usd).ok).toBe(false)
    }
  })

  it('reads back what fromMinorUnits writes, for every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (currency, minor) => {
          expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toEqual({
            ok: true,
            minor,
          })
        },
      ),
    )
  })
})
