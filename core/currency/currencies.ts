/**
 * The currencies the gateway takes: the rupee, and the foreign currencies of international card
 * payments (docs/product.md: "international cards in over 30 foreign currencies, settled in
 * rupees"). Codes, numbers and minor units come from the ISO 4217 list of the `currency-codes`
 * package, never typed here: only the choice of currencies is ours.
 */
import currencyCodes from 'currency-codes'

export interface Currency {
  /** ISO 4217 alphabetic code, `USD`. */
  code: string
  /** ISO 4217 numeric code as the protocol's CURRENCY_CODE carries it, `840`. */
  number: string
  /** Digits after the decimal point: AMOUNT is in units of 10^-minorUnits (0 for JPY, 3 for KWD). */
  minorUnits: number
  name: string
}

/** The rupee: every settlement, fee and GST is in its paise. */
export const RUPEE_CODE = 'INR'

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

export function isForeign(currency: Currency): boolean {
  return currency.code !== RUPEE_CODE
}

export type MinorUnitsResult = { ok: true; minor: bigint } | { ok: false; reason: string }

/**
 * An amount written in the currency's major unit (`12.34` dollars) in its minor units (1234
 * cents). Refused: anything but digits with one optional point, more decimals than the currency
 * has (`1.234` dollars, `5.5` yen), and zero.
 */
export function toMinorUnits(text: string, currency: Currency): MinorUnitsResult {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text)
  if (!match) return { ok: false, reason: 'not an amount' }
  const [, whole, fraction = ''] = match
  if (fraction.length > currency.minorUnits) {
    return {
      ok: false,
      reason: `${currency.code} has ${currency.minorUnits} decimal${currency.minorUnits === 1 ? '' : 's'}`,
    }
  }
  const minor = BigInt(whole! + fraction.padEnd(currency.minorUnits, '0'))
  if (minor === 0n) return { ok: false, reason: 'zero' }
  return { ok: true, minor }
}

/** Minor units as the major-unit text the currency writes (`1234` cents → `12.34`). */
export function fromMinorUnits(minor: bigint, currency: Currency): string {
  if (currency.minorUnits === 0) return minor.toString()
  const digits = minor.toString().padStart(currency.minorUnits + 1, '0')
  return `${digits.slice(0, -currency.minorUnits)}.${digits.slice(-currency.minorUnits)}`
}
