/**
 * Escaping for the example pages: an `html` template tag that escapes every value unless it is
 * already SafeHtml, so a customer's name or a gateway message can never inject markup.
 */

/** Markup that is already safe: built by `html` or `raw`. */
export class SafeHtml {
  /** @param {string} value */
  constructor(value) {
    this.value = value
  }

  toString() {
    return this.value
  }
}

/**
 * @param {unknown} value
 * @returns {string}
 */
export function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function render(value) {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === undefined || value === null || value === false) return ''
  return escapeHtml(value)
}

/**
 * Template tag: html`<p>${name}</p>` escapes `name`; nested html`` and arrays of them are kept.
 * @param {TemplateStringsArray} strings
 * @param {...unknown} values
 * @returns {SafeHtml}
 */
export function html(strings, ...values) {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(out)
}

/**
 * Trusted markup written in this code, never anything received.
 * @param {string} markup
 */
export function raw(markup) {
  return new SafeHtml(markup)
}
