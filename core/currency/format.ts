/**
 * Amounts as a customer reads them, in any currency the gateway takes and any language: pure
 * (Intl only), so the payment pages, the demos and the e-mails write an amount the same way.
 */
import { type Currency, currencyByNumber, fromMinorUnits, isForeign, rupee } from './currencies.ts'

/** The currency a payment's CURRENCY_CODE names (the gateway took no other). */
export function currencyOf(payment: { currencyCode: string }): Currency {
  return currencyByNumber(payment.currencyCode) ?? rupee
}

/**
 * Minor units as the customer reads them, with the currency's own ISO decimals: `1234` US
 * dollars → `$12.34` in English, `১২.৩৪ US$` in Bengali; `500` yen → `¥500`. A foreign
 * currency is written the way the page's language writes it. The rupee keeps the one form the
 * pages showed in every language before foreign currencies came, `₹1,23,456.78` (en-IN), so a
 * rupee page reads the same as ever whatever its language. Amounts arrive as up to ten digits
 * and are formatted from their decimal text, never through a float.
 */
export function formatAmount(minorUnits: string, currency: Currency, language: string): string {
  const locale = isForeign(currency) ? language : 'en-IN'
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: currency.minorUnits,
    maximumFractionDigits: currency.minorUnits,
  }).format(fromMinorUnits(BigInt(minorUnits), currency) as Intl.StringNumericLiteral)
}

/** A payment's amount in its currency, as `formatAmount` writes it in the page's language. */
export function paymentAmount(
  payment: { amount: string; currencyCode: string },
  language: string,
): string {
  return formatAmount(payment.amount, currencyOf(payment), language)
}

/** `US Dollar` in English, `यूएस डॉलर` in Hindi: the currency's name in the page's language. */
export function currencyName(currency: Currency, language: string): string {
  return new Intl.DisplayNames([language], { type: 'currency' }).of(currency.code) ?? currency.name
}
