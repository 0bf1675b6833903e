/**
 * Money in rupees: whole paise as a bigint, so that amounts of any size add up exactly, and the one
 * formatter the site, the guides, the PDFs, the CSV and the UPI intent write them with.
 */

/** An amount in paise (₹1 = 100). */
export type Paise = bigint

const groupedRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })

/**
 * The one rupee formatter: ₹1,50,000.00, Indian digit grouping, always two decimals, from paise
 * by integer arithmetic alone. A CSV cell or a UPI intent wants the bare figure (`150000.00`:
 * `{ symbol: false, grouped: false }`), a table of figures under a ₹ heading no symbol.
 */
export function formatRupees(
  paise: Paise,
  style: { symbol?: boolean; grouped?: boolean } = {},
): string {
  const { symbol = true, grouped = true } = style
  const absolute = paise < 0n ? -paise : paise
  const whole = absolute / 100n
  const fraction = String(absolute % 100n).padStart(2, '0')
  const figure = grouped ? groupedRupees.format(whole) : String(whole)
  return `${paise < 0n ? '-' : ''}${symbol ? '₹' : ''}${figure}.${fraction}`
}
