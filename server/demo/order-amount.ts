/**
 * What the PG Hosted and Checkout Js demos' visitor pays: the laptop is always priced 1.00, one
 * unit of the currency they choose (docs/product.md: "a laptop priced 1.00"). Rupees by default;
 * a foreign currency shows that international cards work (the gateway's page then offers cards
 * alone). The server judges the choice, for the page's JSON request and for its form posted
 * without scripts alike.
 */
import type { CurrencyChoice } from '#app/content/demo-api.ts'
import { demoCurrencyCopy, demoPayment } from '#app/content/demo.ts'
import {
  type Currency,
  currencies,
  currencyByCode,
  isForeign,
  rupee,
} from '#core/currency/currencies.ts'
import { currencyName } from '#core/currency/format.ts'

/** The currency list of the demo's picker: rupees first, then the foreign ones by name. */
export const currencyChoices: readonly CurrencyChoice[] = [
  rupee,
  ...currencies
    .filter(isForeign)
    .sort((a, b) => currencyName(a, 'en').localeCompare(currencyName(b, 'en'), 'en')),
].map((currency) => ({
  code: currency.code,
  number: currency.number,
  label: `${currencyName(currency, 'en')} (${currency.code})`,
  minorUnits: currency.minorUnits,
}))

export interface OrderAmount {
  currency: Currency
  /** In the currency's minor units: AMOUNT. */
  minor: bigint
}

export type OrderAmountCheck =
  { ok: true; order: OrderAmount } | { ok: false; field: 'currency'; message: string }

/** 1.00 in the currency's minor units: 100 US cents, 1 yen, 1000 fils. */
export function onePriceMinor(currency: Currency): bigint {
  return 10n ** BigInt(currency.minorUnits)
}

/**
 * Reads the visitor's currency; the amount is never theirs to choose. None sent (a page or a
 * client of before the picker): the demo's ₹1.00. An `amount` sent along is ignored.
 */
export function checkOrderAmount(input: { currency?: unknown }): OrderAmountCheck {
  if (input.currency === undefined) {
    return { ok: true, order: { currency: rupee, minor: BigInt(demoPayment.amountMinor) } }
  }
  const currency = typeof input.currency === 'string' ? currencyByCode(input.currency) : undefined
  if (!currency) return { ok: false, field: 'currency', message: demoCurrencyCopy.errors.currency }
  return { ok: true, order: { currency, minor: onePriceMinor(currency) } }
}
