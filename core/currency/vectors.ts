/**
 * The currencies section of the protocol's test vectors (core/protocol/vectors.json), which every
 * kit's tests read: the kits' own currency tables and conversions must give these figures.
 */
import { currencies, fromMinorUnits } from './currencies.ts'
import { RATES_DATE, toRupees } from './exchange.ts'

function sampleAmounts(minorUnits: number): string[] {
  return [...new Set(['1', '5', String(10 ** minorUnits), '999999', '123456789'])]
}

export function currencyVectors() {
  return {
    about: `The currencies the gateway takes (ISO 4217; CURRENCY_CODE is the numeric code), the minor units AMOUNT is counted in, and the sandbox's rates dated ${RATES_DATE} (FX_RATE, rupees per unit, four decimals). INR_AMOUNT = AMOUNT / 10^MINOR_UNITS x FX_RATE in paise, computed exactly and rounded half up once. MAJOR is AMOUNT written in the currency's major unit.`,
    RATES_DATE,
    list: currencies.map((currency) => ({
      CODE: currency.code,
      CURRENCY_CODE: currency.number,
      MINOR_UNITS: currency.minorUnits,
      FX_RATE: toRupees(1n, currency).rate,
      samples: sampleAmounts(currency.minorUnits).map((amount) => ({
        AMOUNT: amount,
        MAJOR: fromMinorUnits(BigInt(amount), currency),
        INR_AMOUNT: String(toRupees(BigInt(amount), currency).paise),
      })),
    })),
  }
}
