// The currency table and conversions against the `currencies` section of the shared vectors:
// every currency the gateway takes, every sample.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  CURRENCIES,
  Client,
  InvalidInputError,
  currencyByCode,
  currencyByNumber,
  fromMinorUnits,
  inrPaise,
  toMinorUnits,
} from '../index.js'
import { demoConfig } from './support.js'

const path = process.env.PAYSTRA_VECTORS
  ? resolve(process.env.PAYSTRA_VECTORS)
  : fileURLToPath(new URL('./vectors.json', import.meta.url))
if (!existsSync(path)) throw new Error(`No test vectors at ${path}: set PAYSTRA_VECTORS`)

/** @type {{ list: Array<{ CODE: string, CURRENCY_CODE: string, MINOR_UNITS: number, FX_RATE: string, samples: Array<{ AMOUNT: string, MAJOR: string, INR_AMOUNT: string }> }> }} */
const { list } = JSON.parse(readFileSync(path, 'utf8')).currencies

describe(`currencies (${path})`, () => {
  it('the table is the vectors’ list, in its order: code, CURRENCY_CODE, minor units', () => {
    assert.deepEqual(
      CURRENCIES.map(({ code, number, minorUnits }) => [code, number, minorUnits]),
      list.map((currency) => [currency.CODE, currency.CURRENCY_CODE, currency.MINOR_UNITS]),
    )
  })

  for (const currency of list) {
    it(`${currency.CODE}: every sample's MAJOR → AMOUNT → MAJOR, and AMOUNT at FX_RATE → INR_AMOUNT`, () => {
      const { CODE: code, MINOR_UNITS: decimals } = currency
      assert.equal(currencyByNumber(currency.CURRENCY_CODE)?.code, code)
      assert.equal(currencyByCode(code.toLowerCase())?.number, currency.CURRENCY_CODE)
      for (const sample of currency.samples) {
        assert.equal(toMinorUnits(sample.MAJOR, code), sample.AMOUNT, `${code} ${sample.MAJOR}`)
        assert.equal(fromMinorUnits(sample.AMOUNT, code), sample.MAJOR)
        assert.equal(inrPaise(sample.AMOUNT, code, currency.FX_RATE), sample.INR_AMOUNT)
      }
      const plural = decimals === 1 ? '' : 's'
      assert.throws(() => toMinorUnits(`1.${'5'.repeat(decimals + 1)}`, code), {
        name: InvalidInputError.name,
        message: `${code} has ${decimals} decimal${plural}`,
      })
    })
  }

  it('refuses extra decimals, zero, signs, separators and unknown currencies', () => {
    assert.throws(() => toMinorUnits('12.345', 'USD'), { message: 'USD has 2 decimals' })
    assert.throws(() => toMinorUnits('5.5', 'JPY'), { message: 'JPY has 0 decimals' })
    assert.throws(() => toMinorUnits('1.2345', 'KWD'), { message: 'KWD has 3 decimals' })
    assert.equal(toMinorUnits('1.25', 'KWD'), '1250')
    assert.equal(toMinorUnits('500', 'JPY'), '500')
    assert.equal(toMinorUnits('12', 'usd'), '1200')
    for (const bad of ['0', '0.00', '-1', '1,000', ' 1', '1.', '.5', '']) {
      assert.throws(() => toMinorUnits(bad, 'USD'), InvalidInputError, bad)
    }
    assert.throws(() => toMinorUnits('1', 'XXX'), { message: /no currency XXX/ })
    assert.equal(currencyByNumber('999'), undefined)
  })

  it('a payment in a foreign currency carries its CURRENCY_CODE; an unknown one is refused', () => {
    const client = new Client(demoConfig())
    const order = { ORDER_ID: 'PG1', AMOUNT: toMinorUnits('12.34', 'USD'), CURRENCY_CODE: '840' }
    assert.equal(client.paymentRequest(order).fields.CURRENCY_CODE, '840')
    assert.equal(
      client.paymentRequest({ ...order, CURRENCY_CODE: undefined }).fields.CURRENCY_CODE,
      '356',
    )
    assert.throws(() => client.paymentRequest({ ...order, CURRENCY_CODE: '999' }), {
      message: /CURRENCY_CODE 999/,
    })
  })
})
