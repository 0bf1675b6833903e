import { escapeHtml } from '#core/html/escape.ts'
import { SafeHtml } from './html.ts'

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
