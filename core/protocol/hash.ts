import { createHash, timingSafeEqual } from 'node:crypto'
import { type Fields, hashInput } from './fields.ts'

/** The request/response HASH: SHA-256 of `hashInput(fields, salt)` (fields.ts), upper-case hex. */
export function computeHash(fields: Fields, salt: string): string {
  return createHash('sha256').update(hashInput(fields, salt), 'utf8').digest('hex').toUpperCase()
}

/** Adds the HASH of the given fields. */
export function withHash(fields: Fields, salt: string): Fields {
  return { ...fields, HASH: computeHash(fields, salt) }
}

/** True when `fields.HASH` is the hash of the other fields; compared in constant time. */
export function verifyHash(fields: Fields, salt: string): boolean {
  const claimed = fields.HASH
  if (!claimed || !/^[0-9A-Fa-f]{64}$/.test(claimed)) return false
  const expected = Buffer.from(computeHash(fields, salt), 'utf8')
  return timingSafeEqual(expected, Buffer.from(claimed.toUpperCase(), 'utf8'))
}
