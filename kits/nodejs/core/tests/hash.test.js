import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canonical, sign, verify, withHash } from '../index.js'

const salt = 'a1b2c3d4e5f60718'
const fields = {
  PAY_ID: '1000000000000001',
  ORDER_ID: 'PG1763712000123',
  AMOUNT: '24900',
  CURRENCY_CODE: '356',
  TXNTYPE: 'SALE',
}

describe('HASH', () => {
  it('sorts keys by code unit and leaves HASH out of the canonical string', () => {
    assert.equal(
      canonical({ TXN_ID: '1', TXNTYPE: 'SALE', HASH: 'X', A: '' }),
      'A=~TXNTYPE=SALE~TXN_ID=1',
    )
  })

  it('signs and verifies a round trip', () => {
    const signed = withHash(fields, salt)
    assert.match(signed.HASH, /^[0-9A-F]{64}$/)
    assert.equal(signed.HASH, sign(fields, salt))
    assert.equal(sign(signed, salt), signed.HASH, 'an existing HASH is not hashed')
    assert.equal(verify(signed, salt), true)
  })

  it('accepts a lower-case hash', () => {
    const signed = withHash(fields, salt)
    assert.equal(verify({ ...signed, HASH: signed.HASH.toLowerCase() }, salt), true)
  })

  it('refuses tampered fields, an added or removed field, another salt', () => {
    const signed = withHash(fields, salt)
    assert.equal(verify({ ...signed, AMOUNT: '1' }, salt), false)
    assert.equal(verify({ ...signed, CUST_ID: 'x' }, salt), false)
    const fewer = { ...signed }
    delete fewer.CURRENCY_CODE
    assert.equal(verify(fewer, salt), false)
    assert.equal(verify(signed, 'another-salt'), false)
  })

  it('refuses a missing, empty or malformed HASH', () => {
    assert.equal(verify(fields, salt), false)
    assert.equal(verify({ ...fields, HASH: '' }, salt), false)
    assert.equal(verify({ ...fields, HASH: 'not a hash' }, salt), false)
    assert.equal(verify({ ...fields, HASH: `${sign(fields, salt)}00` }, salt), false)
  })
})
