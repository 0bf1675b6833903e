import { describe, expect, it } from 'vitest'
import { currencyByCode, paymentAmount, rupee } from './currencies.ts'
import { currencyName, formatAmount } from './format.ts'

const currency = (code: string) => currencyByCode(code)!
/** The languages of the payment pages. */
const languages = ['en', 'hi', 'bn', 'te', 'mr', 'ta', 'ur', 'gu', 'kn', 'ml', 'or', 'pa']

describe('formatAmount', () => {
  it('shows rupees with Indian grouping, the same in every language', () => {
    for (const code of languages) {
      expect(formatAmount('100', rupee, code)).toBe('₹1.00')
      expect(formatAmount('1', rupee, code)).toBe('₹0.01')
      expect(formatAmount('99', rupee, code)).toBe('₹0.99')
      expect(formatAmount('123456', rupee, code)).toBe('₹1,234.56')
      expect(formatAmount('12345678', rupee, code)).toBe('₹1,23,456.78')
      expect(formatAmount('9999999999', rupee, code)).toBe('₹9,99,99,999.99')
    }
  })

  it('shows a foreign amount in the page language, with the currency’s own decimals', () => {
    expect(formatAmount('1234', currency('USD'), 'en')).toBe('$12.34')
    expect(formatAmount('1234', currency('USD'), 'hi')).toBe('$12.34')
    expect(formatAmount('1234', currency('USD'), 'bn')).toBe('১২.৩৪\u00a0US$')
    expect(formatAmount('1234', currency('USD'), 'mr')).toBe('$१२.३४')
    expect(formatAmount('500', currency('JPY'), 'en')).toBe('¥500')
    expect(formatAmount('1250', currency('KWD'), 'en')).toBe('KWD\u00a01.250')
    expect(formatAmount('5', currency('KWD'), 'en')).toBe('KWD\u00a00.005')
    expect(formatAmount('9999999999', currency('USD'), 'en')).toBe('$99,999,999.99')
    // CLDR writes the rupiah without decimals; ISO 4217, and so AMOUNT, counts two.
    expect(formatAmount('1234', currency('IDR'), 'en')).toBe('IDR\u00a012.34')
  })

  it('formats a payment by its CURRENCY_CODE', () => {
    expect(paymentAmount({ amount: 1234n, currencyCode: '840' }, 'en')).toBe('$12.34')
    expect(paymentAmount({ amount: 100n, currencyCode: '356' }, 'ta')).toBe('₹1.00')
  })
})

describe('currencyName', () => {
  it('names the currency in the page language', () => {
    expect(currencyName(currency('USD'), 'en')).toBe('US Dollar')
    expect(currencyName(currency('USD'), 'hi')).toBe('यूएस डॉलर')
  })
})
