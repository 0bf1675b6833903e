import { describe, expect, it } from 'vitest'
import { formatAmount, formatHtml } from './format.ts'
import { html } from './html.ts'

describe('formatAmount', () => {
  it('shows minor units as rupees with Indian grouping', () => {
    expect(formatAmount('100')).toBe('₹1.00')
    expect(formatAmount('1')).toBe('₹0.01')
    expect(formatAmount('99')).toBe('₹0.99')
    expect(formatAmount('123456')).toBe('₹1,234.56')
    expect(formatAmount('12345678')).toBe('₹1,23,456.78')
    expect(formatAmount('9999999999')).toBe('₹9,99,99,999.99')
  })
})

describe('formatHtml', () => {
  it('escapes the template and string values, keeps markup values', () => {
    expect(
      formatHtml('<{a}> & {b} {missing}', { a: html`<strong>A</strong>`, b: '<b>' }).value,
    ).toBe('&lt;<strong>A</strong>&gt; &amp; &lt;b&gt; {missing}')
  })
})
