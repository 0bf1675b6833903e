import { describe, expect, it } from 'vitest'
import { currencies } from '#core/currency/currencies.ts'
import { checkOrderAmount, currencyChoices } from './order-amount.ts'

const minorOf = (input: { currency?: unknown; amount?: unknown }) => {
  const check = checkOrderAmount(input)
  return check.ok ? { code: check.order.currency.code, minor: check.order.minor } : check
}

describe("the PG Hosted demo's currency and amount", () => {
  it('offers rupees first, then every foreign currency by name', () => {
    expect(currencyChoices[0]).toEqual({ code: 'INR', label: 'Indian Rupee (INR)', minorUnits: 2 })
    expect(currencyChoices).toHaveLength(currencies.length)
    const names = currencyChoices.slice(1).map((choice) => choice.label)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(names).toContain('US Dollar (USD)')
    expect(names).toContain('Japanese Yen (JPY)')
  })

  it('pays the demo’s ₹1.00 when neither is sent', () => {
    expect(minorOf({})).toEqual({ code: 'INR', minor: 100n })
  })

  it('reads the amount in the currency’s major units', () => {
    expect(minorOf({ currency: 'USD', amount: '12.34' })).toEqual({ code: 'USD', minor: 1234n })
    expect(minorOf({ currency: 'JPY', amount: ' 500 ' })).toEqual({ code: 'JPY', minor: 500n })
    expect(minorOf({ currency: 'KWD', amount: '1.25' })).toEqual({ code: 'KWD', minor: 1250n })
    expect(minorOf({ amount: '2.5' })).toEqual({ code: 'INR', minor: 250n })
  })

  it('refuses more decimals than the currency has, in the protocol’s words', () => {
    expect(checkOrderAmount({ currency: 'USD', amount: '12.345' })).toEqual({
      ok: false,
      field: 'amount',
      message: 'USD has 2 decimals',
    })
    expect(checkOrderAmount({ currency: 'JPY', amount: '5.5' })).toMatchObject({
      message: 'JPY has 0 decimals',
    })
  })

  it('says what else is wrong, on the field it is about', () => {
    expect(checkOrderAmount({ currency: 'XYZ', amount: '1' })).toMatchObject({ field: 'currency' })
    expect(checkOrderAmount({ currency: 'USD' })).toMatchObject({
      field: 'amount',
      message: 'Enter an amount',
    })
    expect(checkOrderAmount({ currency: 'USD', amount: '12,34' })).toMatchObject({
      field: 'amount',
      message: 'Enter the amount in digits, with a point before any decimals',
    })
    expect(checkOrderAmount({ currency: 'USD', amount: '0.00' })).toMatchObject({
      message: 'Enter an amount above zero',
    })
    expect(checkOrderAmount({ currency: 'USD', amount: '1000000' })).toMatchObject({
      message: 'The demo takes at most 999999.99 USD',
    })
    expect(checkOrderAmount({ currency: 'USD', amount: 12 })).toMatchObject({ field: 'amount' })
  })
})
