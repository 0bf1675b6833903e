/**
 * The parts of ENCDATA that need no cryptography library: how the merchant-hosted key is made
 * from its digest, the AES key and IV taken from it, and ENCDATA's Base64. Pure (no node:crypto),
 * so cipher.ts and the browser's signature debugger (over Web Crypto) share one rule.
 */
import { ProtocolError } from './fields.ts'

/** The text whose SHA-256 gives the merchant-hosted key: key salt, then PAY_ID. */
export function merchantHostedKeyInput(keySalt: string, payId: string): string {
  return keySalt + payId
}

/** The merchant-hosted key: the first 32 characters of the digest in upper-case hex. */
export function merchantHostedKeyFromDigest(hexDigest: string): string {
  return hexDigest.toUpperCase().slice(0, 32)
}

/** AES-256-CBC under the key's 32 ASCII bytes, the IV being its first 16 characters. */
export function aesKeyAndIv(key: string): {
  key: Uint8Array<ArrayBuffer>
  iv: Uint8Array<ArrayBuffer>
} {
  if (!/^[\x21-\x7e]{32}$/.test(key)) throw new ProtocolError('the key must be 32 ASCII characters')
  const bytes = Uint8Array.from(key, (char) => char.charCodeAt(0))
  return { key: bytes, iv: bytes.slice(0, 16) }
}

/** ENCDATA as written: Base64 without `=` padding. */
export function encdataOf(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/=+$/, '')
}

/**
 * The bytes of ENCDATA. Accepts padded and unpadded Base64, and spaces where a form post turned
 * `+` into a space.
 */
export function encdataBytes(encdata: string): Uint8Array<ArrayBuffer> {
  // Spaces first: Base64 has none, so each is a `+` (even the first or last) and never trimmed.
  const base64 = encdata.replace(/ /g, '+').trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new ProtocolError('ENCDATA is not Base64')
  const unpadded = base64.replace(/=+$/, '')
  let binary: string
  try {
    binary = atob(unpadded)
  } catch {
    throw new ProtocolError('ENCDATA is not Base64')
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  // Unused low bits in the last character would let several spellings decode alike; one only.
  if (encdataOf(bytes) !== unpadded) throw new ProtocolError('ENCDATA is not Base64')
  return bytes
}
