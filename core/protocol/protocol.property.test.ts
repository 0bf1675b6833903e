import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyText, isWellFormed, protocolValue } from '#tests/support/arbitraries.ts'
import {
  decrypt,
  decryptFields,
  deriveMerchantHostedKey,
  encrypt,
  encryptFields,
} from './cipher.ts'
import { canonicalString, type Fields, parseFields } from './fields.ts'
import { computeHash, verifyHash, withHash } from './hash.ts'

/**
 * Keys a merchant's kit may send: protocol names, lower case, digits, Unicode, and the names
 * that are special to JavaScript objects. Never empty, never holding `=` or `~`.
 */
const fieldKey = fc
  .oneof(
    fc.stringMatching(/^[A-Z][A-Z0-9_]{0,19}$/),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'TXN_ID', 'TXNTYPE'),
    anyText(12),
  )
  .map((key) => key.replace(/[=~]/g, ''))
  .filter((key) => key !== '' && key !== 'HASH' && isWellFormed(key))

/** A value: `=`, spaces, Unicode of the BMP and beyond, empty; never `~`. */
const fieldValue = fc.oneof(
  protocolValue(40),
  fc.constantFrom(
    '',
    ' ',
    '=',
    'a=b',
    '==',
    ' padded ',
    'नाम',
    '😀',
    '𝒜=𝒵',
    'https://a.example/r?x=1&y=2',
  ),
)

/** Builds fields with own properties only, whatever the key (`__proto__` included). */
function fieldsOf(entries: Array<[string, string]>): Fields {
  const fields: Fields = {}
  for (const [key, value] of entries) {
    Object.defineProperty(fields, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return fields
}

const fieldSet = fc
  .uniqueArray(fc.tuple(fieldKey, fieldValue), { selector: ([key]) => key, maxLength: 12 })
  .map(fieldsOf)

const salt = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{16}$/),
  anyText(24).filter((text) => isWellFormed(text)),
)
const key = fc
  .tuple(fc.string({ maxLength: 20 }), fc.stringMatching(/^\d{16}$/))
  .map(([keySalt, payId]) => deriveMerchantHostedKey(keySalt, payId))

/** The same fields, inserted in another order. */
function shuffled(fields: Fields, order: number[]): Fields {
  const entries = Object.entries(fields)
  const keyed = entries.map((entry, index) => ({
    entry,
    rank: order[index % order.length]! + index / 1000,
  }))
  return fieldsOf(keyed.sort((a, b) => a.rank - b.rank).map(({ entry }) => entry))
}
const order = fc.array(fc.integer(), { minLength: 1, maxLength: 12 })

/** Replaces the character at `index` of `text` with `replacement` (which differs from it). */
function replaceAt(text: string, index: number, replacement: string): string {
  return text.slice(0, index) + replacement + text.slice(index + 1)
}

describe('fields: KEY=VALUE joined by ~', () => {
  it('parse back to exactly what was written, whatever the keys and values', () => {
    fc.assert(
      fc.property(fieldSet, (fields) => {
        expect(parseFields(canonicalString(fields))).toEqual(fields)
        const parsed = parseFields(canonicalString(fields))
        expect(Object.keys(parsed).sort()).toEqual(Object.keys(fields).sort())
      }),
    )
  })

  it('are written in one order whatever order the keys were set in, and read in any order', () => {
    fc.assert(
      fc.property(fieldSet, order, (fields, ranks) => {
        const other = shuffled(fields, ranks)
        expect(canonicalString(other)).toBe(canonicalString(fields))
        const text = canonicalString(fields)
        if (text === '') return
        const pairs = text
          .split('~')
          .map((pair, i) => ({ pair, rank: ranks[i % ranks.length]! + i / 1000 }))
        const reordered = pairs.sort((a, b) => a.rank - b.rank).map(({ pair }) => pair)
        expect(parseFields(reordered.join('~'))).toEqual(fields)
      }),
    )
  })

  it('refuse a pair without a key or without =', () => {
    fc.assert(
      fc.property(fieldSet, fc.constantFrom('=x', 'novalue', ''), (fields, broken) => {
        const text = canonicalString(fields)
        expect(() => parseFields(text === '' ? `${broken}~A=1` : `${text}~${broken}`)).toThrow()
      }),
    )
  })
})

describe('HASH', () => {
  it('verifies the fields it was made of, in upper or lower case, in any key order', () => {
    fc.assert(
      fc.property(fieldSet, salt, order, (fields, secret, ranks) => {
        const signed = withHash(fields, secret)
        expect(signed.HASH).toMatch(/^[0-9A-F]{64}$/)
        expect(verifyHash(signed, secret)).toBe(true)
        expect(verifyHash({ ...signed, HASH: signed.HASH!.toLowerCase() }, secret)).toBe(true)
        expect(verifyHash(shuffled(signed, ranks), secret)).toBe(true)
        expect(computeHash(shuffled(fields, ranks), secret)).toBe(signed.HASH)
      }),
    )
  })

  it('fails on any one-character change of a value', () => {
    fc.assert(
      fc.property(
        fieldSet.filter((fields) => Object.keys(fields).length > 0),
        salt,
        fc.nat(),
        fc.nat(),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        (fields, secret, which, where, replacement) => {
          const signed = withHash(fields, secret)
          const keys = Object.keys(fields)
          const name = keys[which % keys.length]!
          const value = fields[name]!
          // A character replaced, or one added to an empty value.
          const changed =
            value === '' ? replacement : replaceAt(value, where % value.length, replacement)
          fc.pre(changed !== value && !changed.includes('~'))
          expect(verifyHash(fieldsOf([...Object.entries(signed), [name, changed]]), secret)).toBe(
            false,
          )
        },
      ),
    )
  })

  it('fails on any one-character change of the HASH but its letter case', () => {
    fc.assert(
      fc.property(
        fieldSet,
        salt,
        fc.nat(63),
        fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
        (fields, secret, where, replacement) => {
          const signed = withHash(fields, secret)
          const hash = signed.HASH!
          fc.pre(replacement.toUpperCase() !== hash[where]!.toUpperCase())
          expect(verifyHash({ ...signed, HASH: replaceAt(hash, where, replacement) }, secret)).toBe(
            false,
          )
        },
      ),
    )
  })

  it('fails with another salt, a field added or a field taken away', () => {
    fc.assert(
      fc.property(fieldSet, salt, salt, fieldValue, (fields, secret, other, extra) => {
        const signed = withHash(fields, secret)
        if (other !== secret) expect(verifyHash(signed, other)).toBe(false)
        expect(verifyHash({ ...signed, EXTRA_FIELD_X: extra }, secret)).toBe(false)
        const [first] = Object.keys(fields)
        if (first !== undefined) {
          const fewer = fieldsOf(Object.entries(signed).filter(([name]) => name !== first))
          expect(verifyHash(fewer, secret)).toBe(false)
        }
      }),
    )
  })
})

describe('ENCDATA', () => {
  const plaintext = fc.oneof(
    anyText(200).filter((text) => isWellFormed(text)),
    fieldSet.map(canonicalString),
  )

  it('decrypts to what was encrypted; unpadded Base64 of the AES block size', () => {
    fc.assert(
      fc.property(plaintext, key, (text, secret) => {
        const encdata = encrypt(text, secret)
        expect(encdata).toMatch(/^[A-Za-z0-9+/]+$/)
        expect(Buffer.from(encdata, 'base64').length % 16).toBe(0)
        expect(decrypt(encdata, secret)).toBe(text)
      }),
    )
  })

  it('reads padded and unpadded Base64, spaces for plus (first and last too) and line breaks around alike', () => {
    fc.assert(
      fc.property(
        plaintext,
        key,
        fc.constantFrom('\n', '\r\n', '\t', ''),
        (text, secret, around) => {
          const encdata = encrypt(text, secret)
          const padded = encdata.padEnd(Math.ceil(encdata.length / 4) * 4, '=')
          for (const spelling of [
            padded,
            encdata.replaceAll('+', ' '),
            around + encdata + around,
          ]) {
            expect(decrypt(spelling, secret)).toBe(text)
          }
        },
      ),
    )
  })

  it('carries any field set and its HASH there and back', () => {
    fc.assert(
      fc.property(fieldSet, salt, key, (fields, secret, secretKey) => {
        const result = decryptFields(encryptFields(fields, secret, secretKey), secret, secretKey)
        expect(result).toEqual({ ok: true, fields: withHash(fields, secret) })
      }),
    )
  })

  it('refuses any one-character change, but a space for a plus', () => {
    fc.assert(
      fc.property(
        fieldSet,
        salt,
        key,
        fc.nat(),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=!- .'),
        (fields, secret, secretKey, where, replacement) => {
          const encdata = encryptFields(fields, secret, secretKey)
          const index = where % encdata.length
          const original = encdata[index]!
          fc.pre(replacement !== original && !(original === '+' && replacement === ' '))
          const tampered = replaceAt(encdata, index, replacement)
          expect(decryptFields(tampered, secret, secretKey).ok).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('has one spelling only: no other last character decodes to the same bytes', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    fc.assert(
      fc.property(fieldSet, salt, key, (fields, secret, secretKey) => {
        const encdata = encryptFields(fields, secret, secretKey)
        for (const last of alphabet) {
          if (last === encdata.at(-1)) continue
          const tampered = encdata.slice(0, -1) + last
          expect(decryptFields(tampered, secret, secretKey).ok, tampered).toBe(false)
        }
      }),
      { numRuns: 50 },
    )
  })

  it('refuses another key or another salt', () => {
    fc.assert(
      fc.property(fieldSet, salt, key, key, (fields, secret, secretKey, otherKey) => {
        fc.pre(otherKey !== secretKey)
        const encdata = encryptFields(fields, secret, secretKey)
        expect(decryptFields(encdata, secret, otherKey).ok).toBe(false)
        expect(decryptFields(encdata, `${secret}x`, secretKey)).toEqual({
          ok: false,
          reason: 'hash',
        })
      }),
    )
  })
})
