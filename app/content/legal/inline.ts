/**
 * The inline markup legal and FAQ texts may use, kept this small on purpose so the texts stay
 * readable as plain strings and the page and the PDF builder parse them the same way:
 * - `**words**` for emphasis (a label at the start of a list item, a warning);
 * - `[label](href)` for a link: a path (/contact), a section of the same document (#cookies)
 *   or an outside address (https://…);
 * - a bare e-mail address, which becomes a mailto link.
 */
export type InlineSegment =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string }

const pattern =
  /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g

export function parseInline(text: string): InlineSegment[] {
  const segments: InlineSegment[] = []
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const [whole, strong, label, href, email] = match
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) })
    if (strong !== undefined) segments.push({ kind: 'strong', text: strong })
    else if (label !== undefined && href !== undefined)
      segments.push({ kind: 'link', text: label, href })
    else if (email !== undefined)
      segments.push({ kind: 'link', text: email, href: `mailto:${email}` })
    last = match.index + whole.length
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) })
  return segments
}

/** The text a reader sees, markup removed: for search, tests and plain-text output. */
export function plainText(text: string): string {
  return parseInline(text)
    .map((segment) => segment.text)
    .join('')
}
