import { describe, expect, it } from 'vitest'
import { currencies } from '#core/currency/currencies.ts'
import { demoPayment } from '#app/content/demo.ts'
import { checkOrderAmount, currencyChoices } from './order-amount.ts'

const minorOf = (input: { currency?: unknown }) => {
  const check = checkOrderAmount(input)
  return check.ok ? { code: check.order.currency.code, minor: check.order.minor } : check
}

describe("the PG Hosted and Checkout Js demos' currency", () => {
  it('offers rupees first, then every foreign currency by name', () => {
    expect(currencyChoices[0]).toEqual({
      code: 'INR',
      number: '356',
      label: 'Indian Rupee (INR)',
      minorUnits: 2,
    })
    expect(currencyChoices).toHaveLength(currencies.length)
    const names = currencyChoices.slice(1).map((choice) => choice.label)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(names).toContain('US Dollar (USD)')
    expect(names).toContain('Japanese Yen (JPY)')
  })

  it('pays the demo’s ₹1.00 when no currency is sent', () => {
    expect(minorOf({})).toEqual({ code: 'INR', minor: 100n })
    const check = checkOrderAmount({})
    expect(check.ok && check.order.currency.number).toBe(demoPayment.currencyCode)
  })

  it('prices the laptop 1.00 of the chosen currency, in its own minor units', () => {
    expect(minorOf({ currency: 'INR' })).toEqual({ code: 'INR', minor: 100n })
    expect(minorOf({ currency: 'USD' })).toEqual({ code: 'USD', minor: 100n })
    expect(minorOf({ currency: 'JPY' })).toEqual({ code: 'JPY', minor: 1n })
    expect(minorOf({ currency: 'KRW' })).toEqual({ code: 'KRW', minor: 1n })
    expect(minorOf({ currency: 'KWD' })).toEqual({ code: 'KWD', minor: 1000n })
    expect(minorOf({ currency: 'BHD' })).toEqual({ code: 'BHD', minor: 1000n })
    for (const choice of currencyChoices) {
      expect(minorOf({ currency: choice.code })).toEqual({
        code: choice.code,
        minor: 10n ** BigInt(choice.minorUnits),
      })
    }
  })

  it('never takes an amount from the visitor', () => {
    const sent = { currency: 'USD', amount: '500.00' } as { currency: string }
    expect(minorOf(sent)).toEqual({ code: 'USD', minor: 100n })
    expect(minorOf({ amount: '2.50' } as object)).toEqual({ code: 'INR', minor: 100n })
  })

  it('refuses a currency not in the list, on the currency field', () => {
    const refused = { ok: false, field: 'currency', message: 'Choose a currency from the list' }
    expect(checkOrderAmount({ currency: 'XYZ' })).toEqual(refused)
    expect(checkOrderAmount({ currency: '' })).toEqual(refused)
    expect(checkOrderAmount({ currency: 840 })).toEqual(refused)
    expect(checkOrderAmount({ currency: null })).toEqual(refused)
  })
})
