/**
 * The dispute answer's own checks, as pure functions (the dispute's state is checked by
 * store.ts): the action (347), and for CONTEST the evidence text (350) and file (351, 352). A
 * file's size is judged on the Base64 length before anything is decoded; then the whole file by
 * its content (core/files/file-kind.ts: its kind, whole, and no page or archive within).
 */
import { fileKindOf, nameMatchesKind } from '#core/files/file-kind.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { CheckedAnswer } from './store.ts'

/** The longest explanation a merchant may send. */
export const MAX_EVIDENCE_CHARACTERS = 5_000
/** The largest evidence file, decoded. */
export const MAX_EVIDENCE_FILE_BYTES = 2 * 1024 * 1024
/** A request with the largest file as Base64 and the longest text fits (the route's body limit). */
export const DISPUTE_BODY_LIMIT = '3mb'
/**
 * The evidence fields' bounds, in characters as sent, above the other fields' (api/json.ts):
 * the file up to the body limit, so a file too large is still told 351; the text with room for
 * every character written as a JSON escape pair, so a text too long is still told 350.
 */
export const DISPUTE_LONG_VALUES = {
  EVIDENCE: 12 * MAX_EVIDENCE_CHARACTERS,
  EVIDENCE_FILE: 3 * 1024 * 1024,
} as const

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
/** A plain file name: no path, no control characters, no leading dot, a short extension. */
const fileNamePattern = /^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,99}\.[A-Za-z0-9]{1,5}$/

const refused = (code: '347' | '350' | '351' | '352') => ({ ok: false, code }) as const

/** The bytes a Base64 text decodes to, from its length and padding alone. */
export function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.floor((base64.length * 3) / 4) - padding
}

export async function checkAnswer(fields: Fields): Promise<CheckedAnswer> {
  const action = fields.ACTION
  if (action === 'ACCEPT') return { ok: true, answer: { action: 'ACCEPT' } }
  if (action !== 'CONTEST') return refused('347')
  const evidence = fields.EVIDENCE ?? ''
  if (evidence.trim() === '' || [...evidence].length > MAX_EVIDENCE_CHARACTERS) {
    return refused('350')
  }
  const { EVIDENCE_FILE: base64, EVIDENCE_FILE_NAME: name } = fields
  if (base64 === undefined) {
    return name === undefined
      ? { ok: true, answer: { action: 'CONTEST', evidence } }
      : refused('352')
  }
  if (decodedLength(base64) > MAX_EVIDENCE_FILE_BYTES) return refused('351')
  if (base64 === '' || !base64Pattern.test(base64)) return refused('352')
  const kind = await fileKindOf(Buffer.from(base64, 'base64'))
  if (!kind || name === undefined || !fileNamePattern.test(name) || !nameMatchesKind(name, kind)) {
    return refused('352')
  }
  return { ok: true, answer: { action: 'CONTEST', evidence, file: { base64, name } } }
}
