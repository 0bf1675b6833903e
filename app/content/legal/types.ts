/**
 * The shape of every legal text on the site: the privacy policy rendered as a page, and the
 * two terms documents built into PDF files. One shape, so the page and the PDF builder share
 * a renderer's idea of what a document is.
 *
 * Paragraph and list texts may hold inline links written as `[label](/path)` or
 * `[label](https://…)`; e-mail addresses become mailto links by themselves (see inline.ts).
 */
export interface ListBlock {
  kind: 'list'
  /** bullet: •, alpha: (a) (b) (c), decimal: 1. 2. 3. */
  style: 'bullet' | 'alpha' | 'decimal'
  items: readonly string[]
}

export interface DefinitionsBlock {
  kind: 'definitions'
  items: readonly { term: string; meaning: string }[]
}

export interface TableBlock {
  kind: 'table'
  caption: string
  columns: readonly string[]
  rows: readonly (readonly string[])[]
}

/** A postal-style block: the grievance officer's name, address and e-mail. */
export interface ContactBlock {
  kind: 'contact'
  lines: readonly string[]
}

/** A plain string is a paragraph. */
export type LegalBlock = string | ListBlock | DefinitionsBlock | TableBlock | ContactBlock

export interface LegalSubsection {
  heading: string
  blocks: readonly LegalBlock[]
}

export interface LegalSection {
  /** Fragment id of the section on the page; also its PDF destination name. */
  id: string
  heading: string
  blocks: readonly LegalBlock[]
  subsections?: readonly LegalSubsection[]
}

export interface LegalDocument {
  title: string
  /** ISO date (yyyy-mm-dd) of the last change. */
  lastUpdated: string
  /** Paragraphs numbered as clauses (2.1, 2.2 …), as contracts are; otherwise plain. */
  clauseNumbers: boolean
  /** Opening text before section 1. */
  preamble: readonly LegalBlock[]
  sections: readonly LegalSection[]
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/**
 * "2 November 2026". Written by hand rather than with Intl so the server, the browser and the
 * PDF builder can never disagree (a mismatch would break hydration).
 */
export function formatLegalDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  const month = match ? months[Number(match[2]) - 1] : undefined
  if (!match || !month) throw new Error(`Not an ISO date: ${iso}`)
  return `${Number(match[3])} ${month} ${match[1]}`
}
