/**
 * Opens an ENCDATA in the browser the way the gateway does (core/protocol/cipher.ts): the
 * merchant-hosted key from the key salt and PAY_ID, AES-256-CBC under its ASCII bytes with its
 * first 16 characters as IV, then the `KEY=VALUE~…` fields and their HASH. The key, IV and
 * Base64 rules are the gateway's own (encdata-format.ts); Web Crypto does the digest and AES.
 */
import {
  aesKeyAndIv,
  encdataBytes,
  merchantHostedKeyFromDigest,
  merchantHostedKeyInput,
} from '#core/protocol/encdata-format.ts'
import { readPastedFields, type Entry, type PasteProblem } from './pasted-fields.ts'
import { decryptAesCbc, digestHex } from './web-crypto.ts'

export type EncdataKey = { key: string } | { keySalt: string; payId: string }

export type EncdataResult =
  | { ok: false; reason: 'key' | 'base64' | 'undecryptable'; key?: string }
  | { ok: false; reason: 'malformed'; key: string; plaintext: string; problem: PasteProblem }
  | { ok: true; key: string; plaintext: string; entries: Entry[] }

/** The merchant-hosted key: SHA-256 of key salt + PAY_ID, first 32 upper-case hex digits. */
export async function merchantHostedKey(keySalt: string, payId: string): Promise<string> {
  return merchantHostedKeyFromDigest(await digestHex(merchantHostedKeyInput(keySalt, payId)))
}

export async function openEncdata(encdata: string, given: EncdataKey): Promise<EncdataResult> {
  const key =
    'key' in given ? given.key.trim() : await merchantHostedKey(given.keySalt, given.payId)
  let aes: ReturnType<typeof aesKeyAndIv>
  try {
    aes = aesKeyAndIv(key)
  } catch {
    return { ok: false, reason: 'key', key }
  }
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = encdataBytes(encdata)
  } catch {
    return { ok: false, reason: 'base64', key }
  }
  let plaintext: string
  try {
    const decrypted = await decryptAesCbc(bytes, aes.key, aes.iv)
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(decrypted)
  } catch {
    return { ok: false, reason: 'undecryptable', key }
  }
  const read = readPastedFields(plaintext)
  if (!read.ok) return { ok: false, reason: 'malformed', key, plaintext, problem: read.problem }
  return { ok: true, key, plaintext, entries: read.entries }
}

/** A mistake in making the merchant-hosted key that explains why ENCDATA does not decrypt. */
export type KeyMistake = 'salts-swapped' | 'pay-id-first' | 'lower-case-key'

/**
 * When ENCDATA does not decrypt with the key given, tries the keys a known mistake would have
 * made from the same input; the first that decrypts names the mistake.
 */
export async function findKeyMistake(
  encdata: string,
  given: EncdataKey,
  salt: string,
): Promise<KeyMistake | null> {
  const candidates: Array<[KeyMistake, () => Promise<string>]> =
    'key' in given
      ? [['lower-case-key', async () => given.key.trim().toLowerCase()]]
      : [
          [
            'lower-case-key',
            async () => (await merchantHostedKey(given.keySalt, given.payId)).toLowerCase(),
          ],
          ['pay-id-first', () => merchantHostedKey(given.payId, given.keySalt)],
          ['salts-swapped', () => merchantHostedKey(salt, given.payId)],
        ]
  for (const [mistake, keyOf] of candidates) {
    if (mistake === 'salts-swapped' && salt === '') continue
    if ((await openEncdata(encdata, { key: await keyOf() })).ok) return mistake
  }
  return null
}
