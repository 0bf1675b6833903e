import { responseCodes } from '#core/protocol/codes.ts'
import { hasControlCharacter } from '#gateway/urls.ts'

/** The longest business name an account's payment pages show. */
export const MAX_ACCOUNT_NAME_LENGTH = 60

const DEFAULT_NAME = 'Test store'
/** Letters and marks of any script, digits, spaces and a few joiners, as business names use. */
const NAME = /^[\p{L}\p{M}\p{N} .,&'()\-/]+$/u

/** A business name as typed: trimmed, empty for the default, or why it is refused (360). */
export function checkAccountName(
  value: unknown,
): { ok: true; name: string } | { ok: false; error: string } {
  if (value === undefined || value === null) return { ok: true, name: DEFAULT_NAME }
  if (typeof value !== 'string') return { ok: false, error: responseCodes['360'].message }
  const name = value.trim().replace(/\s+/g, ' ')
  if (name === '') return { ok: true, name: DEFAULT_NAME }
  if (name.length > MAX_ACCOUNT_NAME_LENGTH || hasControlCharacter(value) || !NAME.test(name)) {
    return { ok: false, error: responseCodes['360'].message }
  }
  return { ok: true, name }
}
