import { describe, expect, it } from 'vitest'
import {
  decrypt,
  decryptFields,
  deriveMerchantHostedKey,
  encrypt,
  encryptFields,
} from './cipher.ts'
import { canonicalString, hashInput, parseFields, ProtocolError } from './fields.ts'
import { computeHash, verifyHash, withHash } from './hash.ts'
import vectorFile from './vectors.json'

type Fields = Record<string, string>

interface HashVector {
  note: string
  fields: Fields
  salt: string
  canonical?: string
  hash?: string
  claimedHash?: string
  verifies?: boolean
}

const vectors = vectorFile as unknown as {
  hash: HashVector[]
  encdata: Array<Record<string, string>>
}

describe('HASH (shared vectors)', () => {
  for (const vector of vectors.hash) {
    it(vector.note, () => {
      const { fields } = vector
      if (vector.canonical) {
        expect(canonicalString(fields)).toBe(vector.canonical)
        expect(hashInput({ ...fields, HASH: 'X' }, vector.salt)).toBe(
          vector.canonical + vector.salt,
        )
      }
      if (vector.hash) {
        expect(computeHash(fields, vector.salt)).toBe(vector.hash)
        expect(verifyHash({ ...fields, HASH: vector.hash! }, vector.salt)).toBe(true)
      }
      if (vector.verifies !== undefined) {
        expect(verifyHash({ ...fields, HASH: vector.claimedHash! }, vector.salt)).toBe(
          vector.verifies,
        )
      }
    })
  }

  it('the docs/architecture.md status-enquiry vector', () => {
    expect(
      computeHash(
        { ORDER_ID: 'SPIN020406172', PAY_ID: '1001340526093022', TXNTYPE: 'STATUS' },
        '473531b173db4371',
      ),
    ).toBe('A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1')
  })

  it('ignores a HASH field when hashing, accepts lower case, refuses junk', () => {
    const fields = { A: '1', B: '2' }
    const signed = withHash(fields, 'salt')
    expect(computeHash(signed, 'salt')).toBe(signed.HASH)
    expect(verifyHash({ ...fields, HASH: signed.HASH!.toLowerCase() }, 'salt')).toBe(true)
    expect(verifyHash({ ...fields, HASH: 'nope' }, 'salt')).toBe(false)
    expect(verifyHash(fields, 'salt')).toBe(false)
    expect(verifyHash({ ...signed, B: '3' }, 'salt')).toBe(false)
  })
})

describe('ENCDATA (shared vectors)', () => {
  const [derivation, request, response, padded] = vectors.encdata

  it(derivation!.note!, () => {
    expect(deriveMerchantHostedKey(derivation!.keySalt!, derivation!.payId!)).toBe(
      derivation!.merchantHostedKey,
    )
  })

  it(request!.note!, () => {
    expect(encrypt(request!.plaintext!, request!.key!)).toBe(request!.encdata)
    expect(decrypt(request!.encdata!, request!.key!)).toBe(request!.plaintext)
    const fields = parseFields(request!.plaintext!)
    expect(encryptFields(fields, request!.salt!, request!.key!)).toBe(request!.encdata)
    const result = decryptFields(request!.encdata!, request!.salt!, request!.key!)
    expect(result).toEqual({ ok: true, fields })
  })

  it(response!.note!, () => {
    expect(decrypt(response!.encdata!, response!.key!)).toBe(response!.plaintext)
    const result = decryptFields(response!.encdata!, response!.salt!, response!.key!)
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.fields.RESPONSE_CODE).toBe('000')
  })

  it(padded!.note!, () => {
    expect(decrypt(padded!.encdataWithPadding!, padded!.key!)).toBe(padded!.plaintext)
    expect(decrypt(padded!.encdataWithPadding!.replace(/=+$/, ''), padded!.key!)).toBe('A=1')
    // A form post turns + into a space; find a message whose ENCDATA has a + to prove it.
    const plaintext = Array.from({ length: 200 }, (_, index) => `A=${index}`).find((text) =>
      encrypt(text, padded!.key!).includes('+'),
    )!
    const withPlus = encrypt(plaintext, padded!.key!)
    expect(decrypt(withPlus.replaceAll('+', ' '), padded!.key!)).toBe(plaintext)
  })

  it('refuses ENCDATA made with another key or tampered with', () => {
    const key = deriveMerchantHostedKey('salt', '1000000000000001')
    const other = deriveMerchantHostedKey('other', '1000000000000001')
    const encdata = encryptFields({ AMOUNT: '100', ORDER_ID: 'LP1' }, 'merchant-salt', key)
    expect(decryptFields(encdata, 'merchant-salt', other).ok).toBe(false)
    expect(decryptFields(encdata, 'wrong-salt', key)).toEqual({ ok: false, reason: 'hash' })
    expect(decryptFields('not base64 !!', 'merchant-salt', key)).toEqual({
      ok: false,
      reason: 'undecryptable',
    })
    const tampered = encrypt('AMOUNT=1~ORDER_ID=LP1~HASH=' + 'A'.repeat(64), key)
    expect(decryptFields(tampered, 'merchant-salt', key)).toEqual({ ok: false, reason: 'hash' })
  })
})

describe('fields', () => {
  it('parses in any order, keeps = inside values and empty values', () => {
    expect(parseFields('B=2~A=x=y~C=')).toEqual({ A: 'x=y', B: '2', C: '' })
    expect(() => parseFields('A=1~broken')).toThrow(ProtocolError)
    expect(parseFields('')).toEqual({})
  })

  it('round-trips Unicode, spaces and = through encryption', () => {
    const key = deriveMerchantHostedKey('k', 'p')
    const fields = { CUST_NAME: 'Ünïcødé नाम', NOTE: 'a=b c', EMPTY: '' }
    const result = decryptFields(encryptFields(fields, 's', key), 's', key)
    expect(result).toEqual({ ok: true, fields: { ...fields, HASH: computeHash(fields, 's') } })
  })
})
