/**
 * The signature debugger's judgement: the exact text the gateway hashes for the pasted fields
 * (built by the gateway's own `hashInput`), the HASH it expects, whether the pasted HASH is that
 * one, and, when it is not, which known mistake reproduces the pasted HASH. Each mistake is
 * tried on the input as it was pasted; the first whose HASH equals the pasted one is the cause.
 */
import {
  canonicalString,
  type Fields,
  hashInput,
  joinFields,
  sortedKeys,
} from '#core/protocol/fields.ts'
import { isAmount } from '#core/protocol/patterns.ts'
import { settlementFields } from '#core/settlement/fields.ts'
import { type Entry, fieldsOf, type PastedFormat } from './pasted-fields.ts'
import { type DigestName, digestHex, hmacSha256Hex } from './web-crypto.ts'

export type CauseId =
  | 'unsorted'
  | 'locale-sorted'
  | 'hash-included'
  | 'salt-whitespace'
  | 'value-whitespace'
  | 'amount-units'
  | 'plus-as-space'
  | 'url-encoded'
  | 'separator-before-salt'
  | 'salt-first'
  | 'empty-left-out'
  | 'list-reserialised'
  | 'hmac'
  | 'other-digest'

/** A mistake that reproduces the pasted HASH, and the text that was hashed instead. */
export interface Cause {
  id: CauseId
  /** The text the pasted HASH was made from (for `hmac`, the message; the key is the salt). */
  hashedText: string
  /** The field the mistake is in, when it is in one. */
  field?: string
  /** The value that field had when it was hashed. */
  hashedValue?: string
  /** The salt as it was hashed, for `salt-whitespace`. */
  hashedSalt?: string
  /** The digest used instead of SHA-256, for `other-digest`. */
  digest?: DigestName
}

/** Something worth knowing about the input whether or not the HASH matches. */
export type Note =
  | { kind: 'no-hash' }
  | { kind: 'not-hex'; length: number }
  | { kind: 'lower-case' }
  | { kind: 'salt-whitespace' }
  | { kind: 'value-whitespace'; field: string }
  | { kind: 'invisible'; field: string | null }
  | { kind: 'amount-not-paise'; field: string; value: string }
  | { kind: 'plus-in-value'; field: string }
  | { kind: 'json-text'; field: string }

export interface SignatureReport {
  /** Exactly what the gateway hashes: sorted fields but HASH, then the salt. */
  hashInput: string
  expected: string
  /** The HASH to judge: the one given apart, else the fields' own; trimmed. */
  claimed: string | null
  /** null when there is no HASH to compare. */
  matches: boolean | null
  /** When it does not match: the mistake that reproduces it, or null when none does. */
  cause: Cause | null
  notes: Note[]
}

interface Candidate extends Omit<Cause, 'hashedText'> {
  text: string
  /** HMAC under the salt instead of a digest of text + salt. */
  hmacKey?: string
}

const whiteSpaceAround = /^\s|\s$/
/** White space other than the plain space, and the invisible format characters. */
const invisible = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff]/

/** Amount fields: AMOUNT, TOTAL_AMOUNT, REFUNDED_AMOUNT and the like, in paise. */
export function isAmountField(key: string): boolean {
  return /(^|_)AMOUNT$/.test(key)
}

/**
 * A settlement's figures (its `…_AMOUNT` fields): paise like every amount, but zero when there is
 * nothing to add up, and an adjustment or a net may be negative.
 */
export const settlementAmountFields: ReadonlySet<string> = new Set(
  settlementFields.filter((field) => field.endsWith('_AMOUNT')),
)

function isFieldAmount(field: string, value: string): boolean {
  return settlementAmountFields.has(field) ? /^(0|-?[1-9]\d*)$/.test(value) : isAmount(value)
}

/** A list the gateway sends as JSON text in one field (SETTLEMENTS, LINES, RECON, EVENTS). */
function jsonList(value: string): unknown[] | undefined {
  if (!value.startsWith('[')) return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    return Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** JSON as other languages' serialisers write it by default, parsed and written again. */
const reserialisers: ReadonlyArray<(list: unknown[]) => string> = [
  // Python's json.dumps: ", " and ": ", non-ASCII escaped.
  (list) =>
    JSON.stringify(list, null, 1)
      .replace(/\n\s*/g, ' ')
      .replace(/([[{]) /g, '$1')
      .replace(/ ([\]}])/g, '$1')
      .replace(
        /[\u0080-\uffff]/g,
        (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
  (list) => JSON.stringify(list, null, 2),
  (list) => JSON.stringify(list, null, 4),
  (list) => JSON.stringify(list),
]

/** How an amount in paise reads in rupees, as a kit might have formatted it. */
function inRupees(paise: string): string[] {
  const digits = paise.padStart(3, '0')
  const rupees = `${Number(digits.slice(0, -2))}.${digits.slice(-2)}`
  return [...new Set([rupees, String(Number(rupees))])]
}

/** An amount written in rupees, as paise. */
function inPaise(rupees: string): string[] {
  if (!/^\d+(\.\d{1,2})?$/.test(rupees)) return []
  const [whole = '0', fraction = ''] = rupees.split('.')
  return [String(Number(whole) * 100 + Number(fraction.padEnd(2, '0')))]
}

function withValue(entries: readonly Entry[], field: string, value: string): Fields {
  return fieldsOf(entries.map(([key, old]) => [key, key === field ? value : old] as const))
}

function* valueMistakes(entries: readonly Entry[], salt: string): Generator<Candidate> {
  const signed = entries.filter(([key]) => key !== 'HASH')
  for (const [field, value] of signed) {
    const variants: Array<[CauseId, string]> = []
    if (value.trim() !== value) variants.push(['value-whitespace', value.trim()])
    variants.push(['value-whitespace', `${value} `], ['value-whitespace', ` ${value}`])
    if (isAmountField(field)) {
      const other = isAmount(value) ? [...inRupees(value), ...inPaise(value)] : inPaise(value)
      for (const amount of other) variants.push(['amount-units', amount])
    }
    if (value.includes(' ')) variants.push(['plus-as-space', value.replaceAll(' ', '+')])
    const list = jsonList(value)
    if (list) for (const write of reserialisers) variants.push(['list-reserialised', write(list)])
    for (const [id, hashedValue] of variants) {
      if (hashedValue === value) continue
      yield { id, field, hashedValue, text: hashInput(withValue(signed, field, hashedValue), salt) }
    }
  }
  const trimmed = signed.map(([key, value]) => [key, value.trim()] as const)
  if (signed.filter(([, value]) => value.trim() !== value).length > 1) {
    yield { id: 'value-whitespace', text: hashInput(fieldsOf(trimmed), salt) }
  }
}

function* encodingMistakes(entries: readonly Entry[], salt: string): Generator<Candidate> {
  const signed = entries.filter(([key]) => key !== 'HASH')
  const encoders = [
    encodeURIComponent,
    (value: string) => new URLSearchParams({ v: value }).toString().slice(2),
  ]
  for (const encode of encoders) {
    const encoded = signed.map(([key, value]) => [key, encode(value)] as const)
    if (encoded.some(([, value], index) => value !== signed[index]![1])) {
      yield { id: 'url-encoded', text: hashInput(fieldsOf(encoded), salt) }
    }
  }
}

function* orderMistakes(entries: readonly Entry[], salt: string): Generator<Candidate> {
  const signed = entries.filter(([key]) => key !== 'HASH')
  const byLocale = [...signed].sort(([a], [b]) => a.localeCompare(b, 'en'))
  const byCaseFold = [...signed].sort(([a], [b]) =>
    a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0,
  )
  yield { id: 'locale-sorted', text: joinFields(byLocale) + salt }
  yield { id: 'locale-sorted', text: joinFields(byCaseFold) + salt }
  yield { id: 'unsorted', text: joinFields(signed) + salt }
}

function* saltMistakes(fields: Fields, salt: string): Generator<Candidate> {
  const salts = [salt.trim(), `${salt}\n`, `${salt}\r\n`, `${salt} `, ` ${salt}`]
  for (const hashedSalt of salts) {
    if (hashedSalt !== salt) {
      yield { id: 'salt-whitespace', hashedSalt, text: hashInput(fields, hashedSalt) }
    }
  }
  const canonical = canonicalString(withoutHash(fields))
  yield { id: 'separator-before-salt', text: `${canonical}~${salt}` }
  yield { id: 'salt-first', text: salt + canonical }
  yield { id: 'hmac', text: canonical, hmacKey: salt }
}

function withoutHash(fields: Fields): Fields {
  const { HASH, ...rest } = fields
  return rest
}

function* fieldSetMistakes(fields: Fields, salt: string): Generator<Candidate> {
  for (const hash of [fields.HASH, ''].filter((value) => value !== undefined)) {
    const withHash: Fields = { ...fields, HASH: hash }
    yield {
      id: 'hash-included',
      text: joinFields(sortedKeys(withHash).map((key) => [key, withHash[key]!] as const)) + salt,
    }
  }
  const nonEmpty = Object.entries(withoutHash(fields)).filter(([, value]) => value !== '')
  if (nonEmpty.length < Object.keys(withoutHash(fields)).length) {
    yield { id: 'empty-left-out', text: hashInput(fieldsOf(nonEmpty), salt) }
  }
}

function candidatesFor(entries: readonly Entry[], salt: string): Candidate[] {
  const fields = fieldsOf(entries)
  return [
    ...orderMistakes(entries, salt),
    ...fieldSetMistakes(fields, salt),
    ...saltMistakes(fields, salt),
    ...valueMistakes(entries, salt),
    ...encodingMistakes(entries, salt),
  ]
}

async function hashOf(candidate: Candidate, digest: DigestName = 'SHA-256'): Promise<string> {
  return candidate.hmacKey === undefined
    ? digestHex(candidate.text, digest)
    : hmacSha256Hex(candidate.hmacKey, candidate.text)
}

/** The known mistake that turns these fields and salt into the claimed HASH, if any. */
export async function findCause(
  entries: readonly Entry[],
  salt: string,
  claimed: string,
): Promise<Cause | null> {
  const target = claimed.toUpperCase()
  const expectedInput = hashInput(fieldsOf(entries), salt)
  const seen = new Set<string>([expectedInput])
  for (const candidate of candidatesFor(entries, salt)) {
    const key = `${candidate.hmacKey ?? ''}\u0000${candidate.text}`
    if (seen.has(key)) continue
    seen.add(key)
    if ((await hashOf(candidate)) === target) return causeOf(candidate)
  }
  const otherDigests: Partial<Record<number, DigestName>> = { 40: 'SHA-1', 128: 'SHA-512' }
  const digest = otherDigests[target.length]
  if (digest && (await digestHex(expectedInput, digest)) === target) {
    return { id: 'other-digest', hashedText: expectedInput, digest }
  }
  return null
}

function causeOf({ text, hmacKey, ...cause }: Candidate): Cause {
  return { ...cause, hashedText: text }
}

function notesOf(
  entries: readonly Entry[],
  salt: string,
  claimed: string | null,
  format: PastedFormat | null,
): Note[] {
  const notes: Note[] = []
  if (claimed === null) notes.push({ kind: 'no-hash' })
  else if (!/^[0-9A-Fa-f]{64}$/.test(claimed))
    notes.push({ kind: 'not-hex', length: claimed.length })
  else if (claimed !== claimed.toUpperCase()) notes.push({ kind: 'lower-case' })
  if (whiteSpaceAround.test(salt)) notes.push({ kind: 'salt-whitespace' })
  if (invisible.test(salt)) notes.push({ kind: 'invisible', field: null })
  for (const [field, value] of entries) {
    if (field === 'HASH') continue
    if (whiteSpaceAround.test(value)) notes.push({ kind: 'value-whitespace', field })
    if (invisible.test(value)) notes.push({ kind: 'invisible', field })
    if (isAmountField(field) && !isFieldAmount(field, value))
      notes.push({ kind: 'amount-not-paise', field, value })
    // A + is only at risk in a form body; JSON carries it as it is.
    if (value.includes('+') && format !== 'json' && format !== 'webhook')
      notes.push({ kind: 'plus-in-value', field })
    if (jsonList(value)) notes.push({ kind: 'json-text', field })
  }
  return notes
}

/**
 * Checks pasted fields against a salt. The HASH judged is `claimedHash` when given, else the
 * fields' own `HASH`; `format` is how they were pasted (JSON needs no URL-encoding).
 */
export async function checkSignature(
  entries: readonly Entry[],
  salt: string,
  claimedHash?: string,
  format: PastedFormat | null = null,
): Promise<SignatureReport> {
  const fields = fieldsOf(entries)
  const input = hashInput(fields, salt)
  const expected = await digestHex(input)
  const given = (claimedHash?.trim() || fields.HASH?.trim()) ?? ''
  const claimed = given === '' ? null : given
  const matches = claimed === null ? null : claimed.toUpperCase() === expected
  const cause = matches === false ? await findCause(entries, salt, claimed!) : null
  return {
    hashInput: input,
    expected,
    claimed,
    matches,
    cause,
    notes: notesOf(entries, salt, claimed, format),
  }
}
