import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Cipher, CipherError, merchantHostedKey, sign, verify } from '../index.js'

const salt = 'a1b2c3d4e5f60718'
const key = merchantHostedKey('f0e1d2c3b4a59687', '1000000000000001')
const request = {
  PAY_ID: '1000000000000001',
  ORDER_ID: 'WL1763712000123',
  AMOUNT: '100',
  CURRENCY_CODE: '356',
  TXNTYPE: 'SALE',
  PAYMENT_TYPE: 'WL',
  MOP_TYPE: 'PPL',
  CUST_NAME: 'Ünïcødé a=b',
}

describe('ENCDATA', () => {
  it('derives a 32-character upper-case key', () => {
    assert.match(key, /^[0-9A-F]{32}$/)
  })

  it('round-trips fields with their HASH', () => {
    const encdata = Cipher.encrypt(request, salt, key)
    assert.match(encdata, /^[A-Za-z0-9+/]+$/, 'Base64 without = padding')
    const fields = Cipher.decrypt(encdata, key)
    assert.deepEqual(fields, { ...request, HASH: sign(request, salt) })
    assert.equal(verify(fields, salt), true)
  })

  it('replaces a HASH given with the fields', () => {
    const fields = Cipher.decrypt(Cipher.encrypt({ ...request, HASH: 'stale' }, salt, key), key)
    assert.equal(fields.HASH, sign(request, salt))
  })

  it('accepts padded Base64, spaces for + and surrounding white space', () => {
    let encdata = Cipher.encryptText('A=1', key)
    for (let n = 2; !encdata.includes('+'); n++) encdata = Cipher.encryptText(`A=${n}`, key)
    const plaintext = Cipher.decryptText(encdata, key)
    const padded = encdata.padEnd(Math.ceil(encdata.length / 4) * 4, '=')
    assert.equal(Cipher.decryptText(padded, key), plaintext)
    assert.equal(Cipher.decryptText(encdata.replace(/\+/g, ' '), key), plaintext)
    assert.equal(Cipher.decryptText(`\t${padded}\n`, key), plaintext)
  })

  it('throws CipherError on tampered, foreign or malformed ENCDATA', () => {
    const encdata = Cipher.encrypt(request, salt, key)
    const flipped = (encdata[10] === 'A' ? 'B' : 'A') + encdata.slice(11)
    const tampered = encdata.slice(0, 10) + flipped
    const otherKey = merchantHostedKey('another key salt', '1000000000000001')
    assert.throws(() => Cipher.decrypt(encdata.slice(0, -4), key), CipherError)
    assert.throws(() => Cipher.decrypt(encdata, otherKey), CipherError)
    assert.throws(() => Cipher.decrypt('not*base64', key), CipherError)
    assert.throws(() => Cipher.decrypt('', key), CipherError)
    assert.throws(() => Cipher.encrypt(request, salt, 'short'), CipherError)
    // A changed byte garbles one block; if the padding still holds, the HASH no longer does.
    let fields
    try {
      fields = Cipher.decrypt(tampered, key)
    } catch (error) {
      assert.ok(error instanceof CipherError)
    }
    if (fields) assert.equal(verify(fields, salt), false)
  })

  it('parses KEY=VALUE pairs in any order, = inside values, and refuses pairs without =', () => {
    assert.deepEqual(Cipher.parseFields('B=2~A=x=y~C='), { B: '2', A: 'x=y', C: '' })
    assert.deepEqual(Cipher.parseFields(''), {})
    assert.throws(() => Cipher.parseFields('A=1~junk'), CipherError)
    assert.throws(() => Cipher.parseFields('=1'), CipherError)
  })
})
