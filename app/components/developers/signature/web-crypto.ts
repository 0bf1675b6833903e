/**
 * The digests and the cipher the signature debugger needs, over the browser's Web Crypto
 * (SubtleCrypto), so nothing pasted leaves the page. Node.js 20 has the same `crypto.subtle`,
 * which lets the unit tests run this very code against the shared vectors.
 */
export type DigestName = 'SHA-256' | 'SHA-1' | 'SHA-512'

const encoder = new TextEncoder()

function upperHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** Whether this browser can compute digests: Web Crypto exists only in secure contexts. */
export function webCryptoAvailable(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined
}

/** Upper-case hex digest of the text's UTF-8 bytes. */
export async function digestHex(text: string, name: DigestName = 'SHA-256'): Promise<string> {
  return upperHex(await crypto.subtle.digest(name, encoder.encode(text)))
}

/** Upper-case hex HMAC-SHA256 of the text under the key, both as UTF-8. */
export async function hmacSha256Hex(key: string, text: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return upperHex(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(text)))
}

/** AES-CBC with PKCS#7 padding (Web Crypto's only padding for CBC); throws when it does not decrypt. */
export async function decryptAesCbc(
  bytes: Uint8Array<ArrayBuffer>,
  key: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const aesKey = await crypto.subtle.importKey('raw', key, 'AES-CBC', false, ['decrypt'])
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, aesKey, bytes))
}
