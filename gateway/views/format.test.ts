import { describe, expect, it } from 'vitest'
import { currencyByCode } from '#core/currency/currencies.ts'
import { formatAmount } from '#core/currency/format.ts'
import { languages } from '#gateway/i18n/index.ts'
import { formatHtml } from './format.ts'
import { html } from './html.ts'

describe("formatAmount in the payment pages' languages", () => {
  it('is what Intl.NumberFormat writes in each of the 12 languages', () => {
    for (const { code } of languages) {
      const expected = new Intl.NumberFormat(code, { style: 'currency', currency: 'EUR' }).format(
        12.34,
      )
      expect(formatAmount('1234', currencyByCode('EUR')!, code), code).toBe(expected)
    }
  })
})

describe('formatHtml', () => {
  it('escapes the template and string values, keeps markup values', () => {
    expect(
      formatHtml('<{a}> & {b} {missing}', { a: html`<strong>A</strong>`, b: '<b>' }).value,
    ).toBe('&lt;<strong>A</strong>&gt; &amp; &lt;b&gt; {missing}')
  })
})
