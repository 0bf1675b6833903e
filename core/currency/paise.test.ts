import { describe, expect, test } from 'vitest'
import { formatRupees } from './paise.ts'

describe('formatRupees', () => {
  test('money is shown en-IN with ₹ and two decimals', () => {
    expect(formatRupees(150000n)).toBe('₹1,500.00')
    expect(formatRupees(15000050n)).toBe('₹1,50,000.50')
    expect(formatRupees(7n)).toBe('₹0.07')
    expect(formatRupees(-608n)).toBe('-₹6.08')
  })

  test('one formatter serves paise of any size, with or without the symbol and the groups', () => {
    // Past Number.MAX_SAFE_INTEGER paise a number would round; a bigint does not.
    expect(formatRupees(900719925474099312n)).toBe('₹9,00,71,99,25,47,40,993.12')
    expect(formatRupees(-5000n, { symbol: false, grouped: false })).toBe('-50.00')
    expect(formatRupees(123456789n, { symbol: false })).toBe('12,34,567.89')
    expect(formatRupees(100n, { symbol: false, grouped: false })).toBe('1.00')
  })

  test('a demo amount, a CSV cell and a UPI intent take the bare figure', () => {
    expect(formatRupees(1n, { symbol: false, grouped: false })).toBe('0.01')
    expect(formatRupees(250000n, { symbol: false, grouped: false })).toBe('2500.00')
  })
})
