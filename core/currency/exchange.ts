/**
 * The sandbox's exchange rates and the one conversion of a foreign amount into rupees. A
 * foreign card payment is settled in rupees: the gateway records the rate it used and the rupee
 * amount, and prices the payment on that rupee amount (the international cards row).
 */
import type { Paise } from '#core/currency/paise.ts'
import { type Currency, type ForeignCurrencyCode, isForeign } from './currencies.ts'

/** The day the sandbox's rates are dated: fixed, so every answer and test is reproducible. */
export const RATES_DATE = '2026-11-27'

/**
 * Rupees per unit of each currency, to four decimals, as text (read exactly, never through a
 * float). Sandbox rates: close to the market on the date, not a quotation.
 */
export const sandboxRates: Record<ForeignCurrencyCode, string> = {
  USD: '84.2150', EUR: '88.9420', GBP: '106.3175', JPY: '0.5532', CHF: '95.4810',
  CAD: '60.1245', AUD: '54.8830', NZD: '49.6715', SGD: '62.7390', HKD: '10.8275',
  CNY: '11.6350', KRW: '0.0604', AED: '22.9290', SAR: '22.4515', QAR: '23.1315',
  KWD: '274.1850', BHD: '223.3925', OMR: '218.7320', JOD: '118.7645', ILS: '22.6475',
  TRY: '2.4460', ZAR: '4.6780', KES: '0.6515', MUR: '1.8330', LKR: '0.2885',
  NPR: '0.6250', BDT: '0.7045', THB: '2.4820', MYR: '19.0135', IDR: '0.0053',
  PHP: '1.4360', SEK: '8.0325', NOK: '7.7210', DKK: '11.9240', PLN: '20.7115',
} // prettier-ignore

const RATE_SCALE = 10_000n

/** A rate as an integer of ten-thousandths of a rupee per unit, or an error for anything else. */
export function rateInTenThousandths(rate: string): bigint {
  const match = /^(\d+)\.(\d{4})$/.exec(rate)
  if (!match) throw new RangeError(`A rate has four decimals: ${JSON.stringify(rate)}`)
  return BigInt(match[1]! + match[2]!)
}

export interface RupeeAmount {
  /** Paise, rounded half up from the exact product. */
  paise: Paise
  /** The rate used, rupees per unit, as the table writes it. */
  rate: string
}

/**
 * `amount` minor units of `currency` in rupees at the sandbox's rate: amount × rate in paise,
 * computed in integers and rounded half up once, so every currency converts exact to the
 * paisa. The rupee converts to itself at 1.0000.
 */
export function toRupees(amount: bigint, currency: Currency): RupeeAmount {
  const rate = rateOf(currency)
  return { paise: rupeesAt(amount, currency, rate), rate }
}

/** Rupees per unit of `currency` at the sandbox's rates; the rupee is 1.0000. */
export function rateOf(currency: Currency): string {
  if (!isForeign(currency)) return '1.0000'
  const rate = sandboxRates[currency.code as ForeignCurrencyCode]
  if (!rate) throw new RangeError(`No sandbox rate for ${currency.code}`)
  return rate
}

/**
 * `amount` minor units of `currency` in paise at a given rate (rupees per unit, four decimals),
 * such as the one a payment was made at: exact, rounded half up once. The rupee is itself.
 */
export function rupeesAt(amount: bigint, currency: Currency, rate: string): Paise {
  if (amount < 0n) throw new RangeError('An amount is never negative')
  if (!isForeign(currency)) return amount
  // paise = amount / 10^minorUnits × rate / 10^4 × 100
  const numerator = amount * rateInTenThousandths(rate) * 100n
  const denominator = 10n ** BigInt(currency.minorUnits) * RATE_SCALE
  return (numerator * 2n + denominator) / (denominator * 2n)
}

/**
 * The paise of a refund of `amount` minor units of a payment already refunded `refundedBefore`,
 * at the payment's rate: what all its refunds so far are worth, less what those before it were.
 * Each refund is rounded, yet the refunds of a payment add up to exactly its rupee amount
 * once all of it is refunded, however it was split.
 */
export function refundRupees(
  refundedBefore: bigint,
  amount: bigint,
  currency: Currency,
  rate: string,
): Paise {
  return (
    rupeesAt(refundedBefore + amount, currency, rate) - rupeesAt(refundedBefore, currency, rate)
  )
}
