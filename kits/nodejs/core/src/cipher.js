import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import { CipherError } from './errors.js'
import { canonical, sign } from './hash.js'

/** @typedef {import('./hash.js').Fields} Fields */

/**
 * AES-256 takes the key's 32 ASCII bytes; the IV is its first 16 characters.
 * @param {string} key
 */
function keyAndIv(key) {
  if (typeof key !== 'string' || !/^[\x21-\x7e]{32}$/.test(key)) {
    throw new CipherError('The merchant-hosted key must be 32 ASCII characters')
  }
  return { keyBytes: Buffer.from(key, 'ascii'), iv: Buffer.from(key.slice(0, 16), 'ascii') }
}

// paystra:region encrypt
/**
 * The key: the first 32 characters of upper-case hex SHA-256(key salt + PAY_ID).
 * @param {string} keySalt
 * @param {string} payId
 */
export function merchantHostedKey(keySalt, payId) {
  const hex = createHash('sha256')
    .update(keySalt + payId)
    .digest('hex')
  return hex.toUpperCase().slice(0, 32)
}

/** AES-256-CBC (IV = the key's first 16 characters), PKCS#7, Base64 without `=`. */
export function encryptText(/** @type {string} */ plaintext, /** @type {string} */ key) {
  const { keyBytes, iv } = keyAndIv(key)
  const cipher = createCipheriv('aes-256-cbc', keyBytes, iv)
  const bytes = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return bytes.toString('base64').replace(/=+$/, '')
}

/**
 * ENCDATA: the sorted `KEY=VALUE~…` fields, then `~HASH=` and their hash, encrypted.
 * @param {Fields} fields
 * @param {string} salt
 * @param {string} key
 */
export function encrypt(fields, salt, key) {
  return encryptText(`${canonical(fields)}~HASH=${sign(fields, salt)}`, key)
}
// paystra:endregion

// paystra:region decrypt
/**
 * Accepts padded Base64, and spaces where a form post turned `+` into a space.
 * @param {string} encdata
 * @param {string} key
 */
export function decryptText(encdata, key) {
  const { keyBytes, iv } = keyAndIv(key)
  const base64 = String(encdata).replace(/ /g, '+').trim().replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]+$/.test(base64)) throw new CipherError('ENCDATA is not Base64')
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyBytes, iv)
    const bytes = Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()])
    return bytes.toString('utf8')
  } catch (error) {
    throw new CipherError('ENCDATA does not decrypt with this key', { cause: error })
  }
}

/**
 * The fields inside ENCDATA, HASH included: check it with verify() before trusting them.
 * @param {string} encdata
 * @param {string} key
 * @returns {Fields}
 */
export function decrypt(encdata, key) {
  return parseFields(decryptText(encdata, key))
}
// paystra:endregion

/**
 * Reads `KEY=VALUE~KEY=VALUE` in any order. Only the first `=` of a pair separates, so a value
 * may hold `=`.
 * @param {string} text
 * @returns {Fields}
 */
export function parseFields(text) {
  /** @type {Fields} */
  const fields = {}
  if (text === '') return fields
  for (const pair of text.split('~')) {
    const separator = pair.indexOf('=')
    if (separator <= 0) throw new CipherError('ENCDATA does not hold KEY=VALUE fields')
    fields[pair.slice(0, separator)] = pair.slice(separator + 1)
  }
  return fields
}
