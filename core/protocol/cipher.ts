import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import {
  aesKeyAndIv,
  encdataBytes,
  encdataOf,
  merchantHostedKeyFromDigest,
  merchantHostedKeyInput,
} from './encdata-format.ts'
import { canonicalString, type Fields, parseFields, ProtocolError } from './fields.ts'
import { computeHash, verifyHash } from './hash.ts'

/**
 * The merchant-hosted key: the first 32 characters of upper-case hex SHA-256(key salt + PAY_ID).
 * Its 32 ASCII bytes are the AES-256 key; its first 16 characters are the IV.
 */
export function deriveMerchantHostedKey(keySalt: string, payId: string): string {
  return merchantHostedKeyFromDigest(
    createHash('sha256').update(merchantHostedKeyInput(keySalt, payId), 'utf8').digest('hex'),
  )
}

/** AES-256-CBC, PKCS#7, Base64 without `=` padding. */
export function encrypt(plaintext: string, key: string): string {
  const { key: keyBytes, iv } = aesKeyAndIv(key)
  const cipher = createCipheriv('aes-256-cbc', keyBytes, iv)
  return encdataOf(Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]))
}

/**
 * Decrypts ENCDATA. Accepts padded and unpadded Base64, and spaces where a form post turned
 * `+` into a space.
 */
export function decrypt(encdata: string, key: string): string {
  const { key: keyBytes, iv } = aesKeyAndIv(key)
  const bytes = encdataBytes(encdata)
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyBytes, iv)
    return Buffer.concat([decipher.update(bytes), decipher.final()]).toString('utf8')
  } catch {
    throw new ProtocolError('ENCDATA does not decrypt with this key')
  }
}

/** ENCDATA of a request or response: the sorted fields plus `~HASH=<their hash>`, encrypted. */
export function encryptFields(fields: Fields, salt: string, key: string): string {
  const { HASH, ...plain } = fields
  const hash = `HASH=${computeHash(plain, salt)}`
  // No fields at all is just the HASH: a leading `~` would be an empty, malformed pair.
  const text = canonicalString(plain)
  return encrypt(text === '' ? hash : `${text}~${hash}`, key)
}

export type DecryptResult =
  { ok: true; fields: Fields } | { ok: false; reason: 'undecryptable' | 'malformed' | 'hash' }

/** Decrypts ENCDATA, parses its fields and checks their HASH. */
export function decryptFields(encdata: string, salt: string, key: string): DecryptResult {
  let text: string
  try {
    text = decrypt(encdata, key)
  } catch {
    return { ok: false, reason: 'undecryptable' }
  }
  let fields: Fields
  try {
    fields = parseFields(text)
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  return verifyHash(fields, salt) ? { ok: true, fields } : { ok: false, reason: 'hash' }
}
