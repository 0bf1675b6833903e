/**
 * Amounts in a currency's minor units, and the shape of a currency: pure arithmetic with no ISO
 * table, so that a page which only writes amounts (the demos in the browser) does not bundle the
 * list of every currency (currencies.ts).
 */
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

export function isForeign(currency: Pick<Currency, 'code'>): boolean {
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
export function fromMinorUnits(minor: bigint, currency: Pick<Currency, 'minorUnits'>): string {
  if (currency.minorUnits === 0) return minor.toString()
  const digits = minor.toString().padStart(currency.minorUnits + 1, '0')
  return `${digits.slice(0, -currency.minorUnits)}.${digits.slice(-currency.minorUnits)}`
}
