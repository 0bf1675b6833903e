/**
 * Reads the forms of an HTML page the way a browser would submit them: action, method and the
 * named inputs (hidden, text, buttons with a value) and text areas. Enough for the server-rendered pages of the
 * kits and the sandbox, which keep to plain markup.
 */
export interface PageForm {
  action: string
  method: string
  id?: string
  fields: Record<string, string>
  /** The form's markup, to pick one form among several by what it shows. */
  html: string
}

const FORM = /<form\b([^>]*)>([\s\S]*?)<\/form>/gi
const FIELD = /<(input|button)\b([^>]*)>/gi
const TEXTAREA = /<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? ''
  })
}

export function attributes(markup: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const match of markup.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase()
    if (name in found) continue
    found[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return found
}

export function pageForms(html: string, pageUrl: string): PageForm[] {
  return [...html.matchAll(FORM)].map((match) => {
    const form = attributes(match[1]!)
    const fields: Record<string, string> = {}
    for (const field of match[2]!.matchAll(FIELD)) {
      const input = attributes(field[2]!)
      const type = (input.type ?? (field[1] === 'button' ? 'submit' : 'text')).toLowerCase()
      // Submit buttons only count when clicked; pick them with `submitWith`.
      if (!input.name || type === 'submit' || type === 'button') continue
      if ((type === 'checkbox' || type === 'radio') && !('checked' in input)) continue
      fields[input.name] = input.value ?? ''
    }
    for (const area of match[2]!.matchAll(TEXTAREA)) {
      const name = attributes(area[1]!).name
      if (name) fields[name] = decodeEntities(area[2]!)
    }
    return {
      action: new URL(form.action ?? '', pageUrl).href,
      method: (form.method ?? 'get').toLowerCase(),
      id: form.id,
      fields,
      html: match[0],
    }
  })
}

/** The one form posting to a URL ending in `pathEnd`; fails loudly when there is none or several. */
export function formPostingTo(html: string, pageUrl: string, pathEnd: string): PageForm {
  const forms = pageForms(html, pageUrl).filter((form) =>
    new URL(form.action).pathname.endsWith(pathEnd),
  )
  if (forms.length !== 1) {
    throw new Error(
      `Expected one form posting to …${pathEnd} on ${pageUrl}, found ${forms.length}:\n${html.slice(0, 2000)}`,
    )
  }
  return forms[0]!
}

/** The fields a click on the form's submit button named `name` with `value` would send. */
export function submitWith(form: PageForm, name: string, value: string): Record<string, string> {
  return { ...form.fields, [name]: value }
}

/**
 * The fields sent by clicking the submit button whose value (or visible text) is `label`, in
 * whichever form holds it.
 */
export function clickButton(
  html: string,
  pageUrl: string,
  label: string,
): { action: string; fields: Record<string, string> } {
  for (const form of pageForms(html, pageUrl)) {
    for (const match of form.html.matchAll(
      /<button\b([^>]*)>([\s\S]*?)<\/button>|<input\b([^>]*)>/gi,
    )) {
      const button = attributes(match[1] ?? match[3] ?? '')
      const type = (button.type ?? (match[1] !== undefined ? 'submit' : 'text')).toLowerCase()
      if (type !== 'submit') continue
      const text = decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, '')).trim()
      if (button.value !== label && !text.includes(label) && form.fields.vpa !== label) continue
      return {
        action: form.action,
        fields: button.name ? submitWith(form, button.name, button.value ?? '') : form.fields,
      }
    }
  }
  throw new Error(`No button "${label}" on ${pageUrl}:\n${html.slice(0, 2000)}`)
}
