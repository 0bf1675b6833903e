/**
 * What the PG Hosted demo's visitor may pay: the rupee by default, or a foreign currency (a card
 * payment settled in rupees), and an amount typed in that currency's major units. The server
 * judges it, for the page's JSON request and for its form posted without scripts alike, with the
 * protocol's own rule (`toMinorUnits`): too many decimals is refused as "USD has 2 decimals".
 */
import type { CurrencyChoice } from '#app/content/demo-api.ts'
import { demoAmountCopy, demoPayment } from '#app/content/demo.ts'
import {
  type Currency,
  currencies,
  currencyByCode,
  fromMinorUnits,
  isForeign,
  rupee,
  toMinorUnits,
} from '#core/currency/currencies.ts'
import { currencyName } from '#core/currency/format.ts'

/**
 * The largest order in minor units: the demo stores amounts as a 32-bit integer, and a demo
 * never needs more (₹9,99,999.99, $999,999.99, ¥99,999,999).
 */
export const MAX_ORDER_MINOR = 99_999_999n

/** The currency list of the demo's picker: rupees first, then the foreign ones by name. */
export const currencyChoices: readonly CurrencyChoice[] = [
  rupee,
  ...currencies
    .filter(isForeign)
    .sort((a, b) => currencyName(a, 'en').localeCompare(currencyName(b, 'en'), 'en')),
].map((currency) => ({
  code: currency.code,
  label: `${currencyName(currency, 'en')} (${currency.code})`,
  minorUnits: currency.minorUnits,
}))

export interface OrderAmount {
  currency: Currency
  /** In the currency's minor units: AMOUNT. */
  minor: bigint
}

export type OrderAmountCheck =
  { ok: true; order: OrderAmount } | { ok: false; field: 'currency' | 'amount'; message: string }

/**
 * Reads the visitor's currency and amount. Neither sent (the Checkout Js demo, a scripted page
 * of before): the demo's ₹1.00. A currency without an amount asks for one.
 */
export function checkOrderAmount(input: {
  currency?: unknown
  amount?: unknown
}): OrderAmountCheck {
  const copy = demoAmountCopy.errors
  if (input.currency === undefined && input.amount === undefined) {
    return { ok: true, order: { currency: rupee, minor: BigInt(demoPayment.amountMinor) } }
  }
  const code = input.currency ?? rupee.code
  const currency = typeof code === 'string' ? currencyByCode(code) : undefined
  if (!currency) return { ok: false, field: 'currency', message: copy.currency }
  const text = typeof input.amount === 'string' ? input.amount.trim() : ''
  if (text === '') return { ok: false, field: 'amount', message: copy.required }
  const result = toMinorUnits(text, currency)
  if (!result.ok) {
    const message =
      result.reason === 'zero'
        ? copy.zero
        : result.reason === 'not an amount'
          ? copy.format
          : result.reason
    return { ok: false, field: 'amount', message }
  }
  if (result.minor > MAX_ORDER_MINOR) {
    const most = `${fromMinorUnits(MAX_ORDER_MINOR, currency)} ${currency.code}`
    return { ok: false, field: 'amount', message: `${copy.tooLarge} ${most}` }
  }
  return { ok: true, order: { currency, minor: result.minor } }
}
