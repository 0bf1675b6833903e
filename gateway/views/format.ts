import { escapeHtml } from '#core/html/escape.ts'
import { SafeHtml } from './html.ts'

/**
 * `100` paise → `₹1.00`; Indian digit grouping (₹1,23,456.78). Amounts arrive as up to ten
 * digits of minor units, so the arithmetic stays on strings.
 */
export function formatAmount(minorUnits: string): string {
  const padded = minorUnits.replace(/^0+(?=\d)/, '').padStart(3, '0')
  const rupees = padded.slice(0, -2)
  const paise = padded.slice(-2)
  const lastThree = rupees.slice(-3)
  const rest = rupees.slice(0, -3)
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree
  return `₹${grouped}.${paise}`
}

/** Like `format`, for markup: the template is escaped, the values are inserted as given. */
export function formatHtml(template: string, values: Record<string, SafeHtml | string>): SafeHtml {
  const out = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      const value = name === undefined ? undefined : values[name]
      if (value === undefined) return escapeHtml(part)
      return value instanceof SafeHtml ? value.value : escapeHtml(value)
    })
    .join('')
  return new SafeHtml(out)
}
