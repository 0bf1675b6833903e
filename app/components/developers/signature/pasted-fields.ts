/**
 * Reads the fields an integrator pastes into the signature debugger: `KEY=VALUE` lines, a form
 * body (`a=1&b=2`, URL-encoded, read as the gateway's form parser reads it), JSON (a request,
 * an answer, or a webhook event whose `data` holds the fields), or the `KEY=VALUE~…` text of a
 * decrypted ENCDATA. Values are kept byte for byte: white space around them is part of the HASH.
 */
import type { Fields } from '#core/protocol/fields.ts'
import { repeatedJsonKeys } from '#core/protocol/json-keys.ts'

export type PastedFormat = 'lines' | 'form' | 'json' | 'webhook' | 'tilde'

export type Entry = readonly [key: string, value: string]

/** Why pasted text cannot be checked; each is also a reason the gateway refuses a request. */
export type PasteProblem =
  | { kind: 'empty' }
  | { kind: 'json'; detail: string }
  | { kind: 'not-string'; key: string }
  | { kind: 'list-not-text'; key: string }
  | { kind: 'no-equals'; line: number; text: string }
  | { kind: 'repeated'; key: string }
  | { kind: 'bad-key'; key: string }
  | { kind: 'tilde-in-value'; key: string }

export type PastedFields =
  { ok: true; format: PastedFormat; entries: Entry[] } | { ok: false; problem: PasteProblem }

/** The line breaks around a paste are not part of it; spaces may be, so they stay. */
function withoutOuterLineBreaks(text: string): string {
  return text.replace(/^[\r\n]+|[\r\n]+$/g, '')
}

export function formatOf(text: string): Exclude<PastedFormat, 'webhook'> {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) return 'json'
  if (/[\r\n]/.test(trimmed)) return 'lines'
  // A form body may hold `~` in a value and ENCDATA's text `&` in a RETURN_URL: `~` wins only
  // when every part it separates is a pair.
  if (trimmed.split('~').every((pair) => /^[^=&]+=/.test(pair)) && trimmed.includes('~')) {
    return 'tilde'
  }
  if (trimmed.includes('&')) return 'form'
  return 'lines'
}

function fromJson(text: string): PastedFields {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: { kind: 'json', detail: (error as Error).message } }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, problem: { kind: 'json', detail: 'not a JSON object' } }
  }
  const [repeated] = repeatedJsonKeys(text)
  if (repeated !== undefined) return { ok: false, problem: { kind: 'repeated', key: repeated } }
  const record = parsed as Record<string, unknown>
  const data = record.data
  const isEvent =
    typeof record.type === 'string' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data)
  const source = isEvent ? (data as Record<string, unknown>) : record
  const entries: Entry[] = []
  for (const [key, value] of Object.entries(source)) {
    // A list the gateway sent as JSON text, parsed before it was pasted: its HASH covered the text.
    if (typeof value === 'object' && value !== null) {
      return { ok: false, problem: { kind: 'list-not-text', key } }
    }
    if (typeof value !== 'string') return { ok: false, problem: { kind: 'not-string', key } }
    entries.push([key, value])
  }
  return { ok: true, format: isEvent ? 'webhook' : 'json', entries }
}

/**
 * `KEY=VALUE` pairs, one a line (blank lines skipped, indentation before a key ignored) or
 * joined by `~`; only the first `=` of a pair separates, so values may hold `=`.
 */
function fromPairs(text: string, format: 'lines' | 'tilde'): PastedFields {
  const entries: Entry[] = []
  const pairs = format === 'lines' ? text.split(/\r?\n/) : text.split('~')
  for (const [index, pair] of pairs.entries()) {
    if (format === 'lines' && pair.trim() === '') continue
    const separator = pair.indexOf('=')
    if (separator < 0) {
      return { ok: false, problem: { kind: 'no-equals', line: index + 1, text: pair.slice(0, 40) } }
    }
    const key = pair.slice(0, separator)
    entries.push([format === 'lines' ? key.trim() : key, pair.slice(separator + 1)])
  }
  return { ok: true, format, entries }
}

function fromForm(text: string): PastedFields {
  return { ok: true, format: 'form', entries: [...new URLSearchParams(text)] }
}

/**
 * The problem the gateway would refuse these fields for (326), if any. A `~` in a value is a
 * request's problem only: an answer may carry one (a sandbox 323's HASHED_TEXT is KEY=VALUE~…
 * text), and its HASH still covers it.
 */
function problemOf(entries: Entry[]): PasteProblem | undefined {
  const seen = new Set<string>()
  const isAnswer = entries.some(([key]) => key === 'RESPONSE_CODE')
  for (const [key, value] of entries) {
    if (seen.has(key)) return { kind: 'repeated', key }
    seen.add(key)
    if (key === '' || /[=~]/.test(key)) return { kind: 'bad-key', key }
    if (value.includes('~') && !isAnswer) return { kind: 'tilde-in-value', key }
  }
  return undefined
}

export function readPastedFields(text: string): PastedFields {
  const pasted = withoutOuterLineBreaks(text)
  if (pasted.trim() === '') return { ok: false, problem: { kind: 'empty' } }
  const format = formatOf(pasted)
  const read =
    format === 'json'
      ? fromJson(pasted)
      : format === 'form'
        ? fromForm(pasted.trim())
        : fromPairs(format === 'tilde' ? pasted.trim() : pasted, format)
  if (!read.ok) return read
  const problem = problemOf(read.entries)
  return problem ? { ok: false, problem } : read
}

/** The entries as protocol fields; defined, not assigned, so a key `__proto__` stays a field. */
export function fieldsOf(entries: readonly Entry[]): Fields {
  const fields: Fields = {}
  for (const [key, value] of entries) {
    Object.defineProperty(fields, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return fields
}
