/**
 * The currencies the gateway takes (ISO 4217): the rupee, and the foreign currencies a card
 * payment may be made in. CURRENCY_CODE is the numeric code ("840"); AMOUNT counts the
 * currency's minor units (cents: $12.34 = "1234"; none for the yen: ¥500 = "500"; three for the
 * Kuwaiti dinar: KWD 1.250 = "1250"). The table is checked against the `currencies` section of
 * the shared vectors.
 */
import { InvalidInputError } from './errors.js'

/**
 * @typedef {object} Currency
 * @property {string} code ISO 4217 alphabetic code, e.g. USD
 * @property {string} number the numeric code CURRENCY_CODE carries, e.g. 840
 * @property {number} minorUnits digits after the decimal point: AMOUNT counts 10^-minorUnits
 */

/**
 * Each currency's alphabetic code, numeric code and minor units, four to a line, the rupee first:
 * a text table, so that a formatter keeps its columns.
 * @type {Array<[string, string, number]>}
 */
const TABLE = `
  INR 356 2  USD 840 2  EUR 978 2  GBP 826 2
  JPY 392 0  CHF 756 2  CAD 124 2  AUD 036 2
  NZD 554 2  SGD 702 2  HKD 344 2  CNY 156 2
  KRW 410 0  AED 784 2  SAR 682 2  QAR 634 2
  KWD 414 3  BHD 048 3  OMR 512 3  JOD 400 3
  ILS 376 2  TRY 949 2  ZAR 710 2  KES 404 2
  MUR 480 2  LKR 144 2  NPR 524 2  BDT 050 2
  THB 764 2  MYR 458 2  IDR 360 2  PHP 608 2
  SEK 752 2  NOK 578 2  DKK 208 2  PLN 985 2
`
  .trim()
  .split(/\s+/)
  .reduce((rows, word, index, words) => {
    if (index % 3 === 0) rows.push([word, words[index + 1], Number(words[index + 2])])
    return rows
  }, /** @type {Array<[string, string, number]>} */ ([]))

/** Every currency the gateway takes, the rupee first. */
export const CURRENCIES = Object.freeze(
  TABLE.map(([code, number, minorUnits]) => Object.freeze({ code, number, minorUnits })),
)

/**
 * The currency of a CURRENCY_CODE ("840"), or undefined when the gateway does not take it.
 * @param {string} number
 * @returns {Readonly<Currency> | undefined}
 */
export function currencyByNumber(number) {
  return CURRENCIES.find((currency) => currency.number === number)
}

/**
 * The currency of an alphabetic code ("USD", any case), or undefined.
 * @param {string} code
 * @returns {Readonly<Currency> | undefined}
 */
export function currencyByCode(code) {
  const upper = String(code).toUpperCase()
  return CURRENCIES.find((currency) => currency.code === upper)
}

/**
 * @param {string} code
 * @returns {Readonly<Currency>}
 */
function known(code) {
  const currency = currencyByCode(code)
  if (!currency) throw new InvalidInputError(`The gateway takes no currency ${code}`)
  return currency
}

/**
 * An amount written in the currency's major unit ("12.34" dollars) as AMOUNT, its minor units
 * ("1234"). Refuses more decimals than the currency has ("USD has 2 decimals", "JPY has 0
 * decimals"), anything but digits with one optional point, and zero.
 * @param {string} major
 * @param {string} code e.g. "USD"
 * @returns {string}
 * @throws {InvalidInputError} naming what is wrong
 */
export function toMinorUnits(major, code) {
  const currency = known(code)
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(String(major))
  if (!match) throw new InvalidInputError(`Not an amount in ${currency.code}: "${major}"`)
  const [, whole = '', fraction = ''] = match
  if (fraction.length > currency.minorUnits) {
    const plural = currency.minorUnits === 1 ? '' : 's'
    throw new InvalidInputError(`${currency.code} has ${currency.minorUnits} decimal${plural}`)
  }
  const minor = (whole + fraction.padEnd(currency.minorUnits, '0')).replace(/^0+/, '')
  if (minor === '') throw new InvalidInputError(`An amount in ${currency.code} must be more than 0`)
  return minor
}

/**
 * AMOUNT ("1234") written in the major unit ("12.34"; "500" for yen, "1.250" for KWD).
 * @param {string} minor digits
 * @param {string} code
 * @returns {string}
 */
export function fromMinorUnits(minor, code) {
  const { minorUnits } = known(code)
  if (!/^\d+$/.test(minor)) throw new InvalidInputError(`AMOUNT has digits only: "${minor}"`)
  const digits = minor.replace(/^0+/, '').padStart(minorUnits + 1, '0')
  if (minorUnits === 0) return digits
  return `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`
}

/**
 * The rupees (paise) an AMOUNT in a currency comes to at FX_RATE (rupees per unit with four
 * decimals, "84.2150"): exact, rounded half up once, as the gateway computes INR_AMOUNT.
 * @param {string} amount minor units, digits
 * @param {string} code
 * @param {string} fxRate
 * @returns {string} paise
 */
export function inrPaise(amount, code, fxRate) {
  const { minorUnits } = known(code)
  const rate = /^(\d{1,6})\.(\d{4})$/.exec(fxRate)
  if (!/^\d{1,15}$/.test(amount) || !rate) {
    throw new InvalidInputError(
      `AMOUNT must be digits and FX_RATE rupees with four decimals: "${amount}", "${fxRate}"`,
    )
  }
  // paise = AMOUNT / 10^minorUnits × rate / 10^4 × 100, in whole numbers until one rounding.
  const scaled = BigInt(amount) * BigInt(`${rate[1]}${rate[2]}`)
  const divisor = 10n ** BigInt(minorUnits + 2)
  return ((scaled + divisor / 2n) / divisor).toString()
}
