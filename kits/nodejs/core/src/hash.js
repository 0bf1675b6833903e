import { createHash, timingSafeEqual } from 'node:crypto'

/** @typedef {Record<string, string>} Fields Request or response fields, all values strings. */

// paystra:region hash
/**
 * The string the HASH is computed over: every field but HASH, keys sorted by UTF-16 code unit
 * (JavaScript's default sort, so TXNTYPE comes before TXN_ID), `KEY=VALUE` joined by `~`.
 * @param {Fields} fields
 * @returns {string}
 */
export function canonical(fields) {
  return Object.keys(fields)
    .filter((key) => key !== 'HASH')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('~')
}

/**
 * The HASH: SHA-256 of the canonical string with the salt appended, upper-case hex.
 * @param {Fields} fields
 * @param {string} salt
 * @returns {string}
 */
export function sign(fields, salt) {
  return createHash('sha256')
    .update(canonical(fields) + salt, 'utf8')
    .digest('hex')
    .toUpperCase()
}
// paystra:endregion

/**
 * The fields with their HASH added, ready to post.
 * @param {Fields} fields
 * @param {string} salt
 * @returns {Fields & { HASH: string }}
 */
export function withHash(fields, salt) {
  return { ...fields, HASH: sign(fields, salt) }
}

// paystra:region verify
/**
 * True when `fields.HASH` is the hash of the other fields. The comparison takes the same time
 * whatever the mismatch, so an attacker cannot guess a hash byte by byte.
 * @param {Fields} fields
 * @param {string} salt
 * @returns {boolean}
 */
export function verify(fields, salt) {
  const claimed = fields.HASH
  if (typeof claimed !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(claimed)) return false
  const expected = Buffer.from(sign(fields, salt), 'ascii')
  return timingSafeEqual(expected, Buffer.from(claimed.toUpperCase(), 'ascii'))
}
// paystra:endregion
