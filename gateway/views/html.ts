import { escapeHtml } from '#core/html/escape.ts'

/** Markup that is already escaped; `html` inserts it as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | Value[]

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/**
 * Tagged template for HTML: every interpolated value is escaped unless it is SafeHtml (the
 * result of another `html`), so customer and merchant data can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!
  })
  return new SafeHtml(out)
}

/** Joins the class names that are truthy. */
export function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ')
}
