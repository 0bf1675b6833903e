import { formatLegalDate } from '#app/content/legal/types.ts'
/** What a developer document says about itself, from the `---` block at its top. */
export interface DocumentMeta {
  title: string
  /** One sentence: the PDF's Subject and the line under the title. */
  subject: string
  /** `1.0`: printed on the title page and in every footer. */
  version: string
  /** `2026-11-21`: the document's own date, also the PDF's creation date (reproducible builds). */
  date: string
}

const required = ['title', 'subject', 'version', 'date'] as const

/**
 * Splits `---\nkey: value\n---\n` from the Markdown body. Only flat `key: value` lines: the
 * documents need four strings, not YAML.
 */
export function parseFrontMatter(
  markdown: string,
  source = 'the document',
): { meta: DocumentMeta; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(markdown)
  if (!match) throw new Error(`${source}: starts without a --- front matter block`)
  const values: Record<string, string> = {}
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    const separator = line.indexOf(':')
    if (separator <= 0) throw new Error(`${source}: front matter line "${line}" is not key: value`)
    const value = line.slice(separator + 1).trim()
    values[line.slice(0, separator).trim()] = value.replace(/^(['"])(.*)\1$/, '$2')
  }
  for (const key of required) {
    if (!values[key]) throw new Error(`${source}: front matter lacks "${key}"`)
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date!) || Number.isNaN(Date.parse(values.date!))) {
    throw new Error(`${source}: front matter date "${values.date}" is not YYYY-MM-DD`)
  }
  return {
    meta: {
      title: values.title!,
      subject: values.subject!,
      version: values.version!,
      date: values.date!,
    },
    body: markdown.slice(match[0].length),
  }
}

/** `2026-11-21` → `21 November 2026`, as the legal documents write dates. */
export const formatDocumentDate = formatLegalDate
