/**
 * Amounts as a customer reads them, in any currency the gateway takes and any language: pure
 * (Intl only), so the payment pages, the demos and the e-mails write an amount the same way. No
 * ISO table here: a page in the browser formats from the minor units it was given.
 */
import { type Currency, fromMinorUnits, isForeign } from './minor-units.ts'

/**
 * Minor units as the customer reads them, with the currency's own ISO decimals: `1234` US
 * dollars → `$12.34` in English, `১২.৩৪ US$` in Bengali; `500` yen → `¥500`. A foreign
 * currency is written the way the page's language writes it. The rupee keeps the one form the
 * pages showed in every language before foreign currencies came, `₹1,23,456.78` (en-IN), so a
 * rupee page reads the same as ever whatever its language. Amounts arrive as up to ten digits
 * and are formatted from their decimal text, never through a float.
 */
export function formatAmount(
  minorUnits: string,
  currency: Pick<Currency, 'code' | 'minorUnits'>,
  language: string,
): string {
  const locale = isForeign(currency) ? language : 'en-IN'
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: currency.minorUnits,
    maximumFractionDigits: currency.minorUnits,
  }).format(fromMinorUnits(BigInt(minorUnits), currency) as Intl.StringNumericLiteral)
}

/** `US Dollar` in English, `यूएस डॉलर` in Hindi: the currency's name in the page's language. */
export function currencyName(currency: Currency, language: string): string {
  return new Intl.DisplayNames([language], { type: 'currency' }).of(currency.code) ?? currency.name
}
