/**
 * The currencies the gateway takes: the rupee, and the foreign currencies of international card
 * payments (docs/product.md: "international cards in over 30 foreign currencies, settled in
 * rupees"). Codes, numbers and minor units come from the ISO 4217 list of the `currency-codes`
 * package, never typed here: only the choice of currencies is ours.
 */
import currencyCodes from 'currency-codes'
import { formatAmount } from './format.ts'
import { type Currency, RUPEE_CODE } from './minor-units.ts'

export {
  type Currency,
  fromMinorUnits,
  isForeign,
  type MinorUnitsResult,
  RUPEE_CODE,
  toMinorUnits,
} from './minor-units.ts'

/**
 * The foreign currencies a card payment may be made in: the currencies of India's main trading
 * partners, remittance corridors and travellers, three of them with three minor units (the
 * Gulf dinars and rial) and two with none (yen, won).
 */
export const foreignCurrencyCodes = [
  'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'CNY', 'KRW',
  'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'JOD', 'ILS', 'TRY', 'ZAR', 'KES', 'MUR',
  'LKR', 'NPR', 'BDT', 'THB', 'MYR', 'IDR', 'PHP', 'SEK', 'NOK', 'DKK', 'PLN',
] as const // prettier-ignore

export type ForeignCurrencyCode = (typeof foreignCurrencyCodes)[number]

function fromIso(code: string): Currency {
  const entry = currencyCodes.code(code)
  if (!entry) throw new Error(`${code} is not in the ISO 4217 list of currency-codes`)
  return { code: entry.code, number: entry.number, minorUnits: entry.digits, name: entry.currency }
}

export const rupee: Currency = fromIso(RUPEE_CODE)

/** Every currency the gateway takes, the rupee first. */
export const currencies: readonly Currency[] = [rupee, ...foreignCurrencyCodes.map(fromIso)]

const byNumber = new Map(currencies.map((currency) => [currency.number, currency]))
const byCode = new Map(currencies.map((currency) => [currency.code, currency]))

/** The currency a CURRENCY_CODE names (`840`, or `36` for `036`), if the gateway takes it. */
export function currencyByNumber(number: string): Currency | undefined {
  if (!/^\d{1,3}$/.test(number)) return undefined
  return byNumber.get(number.padStart(3, '0'))
}

export function currencyByCode(code: string): Currency | undefined {
  return byCode.get(code.toUpperCase())
}

/** The currency a payment's CURRENCY_CODE names (the gateway took no other). */
export function currencyOf(payment: { currencyCode: string }): Currency {
  return currencyByNumber(payment.currencyCode) ?? rupee
}

/** A payment's amount in its currency, as `formatAmount` writes it in the page's language. */
export function paymentAmount(
  payment: { amount: bigint; currencyCode: string },
  language: string,
): string {
  return formatAmount(String(payment.amount), currencyOf(payment), language)
}
