import { describe, expect, it } from 'vitest'
import {
  decrypt,
  decryptFields,
  deriveMerchantHostedKey,
  encryptFields,
} from '#core/protocol/cipher.ts'
import { parseFields } from '#core/protocol/fields.ts'
import { computeHash, verifyHash } from '#core/protocol/hash.ts'
import { sandboxMerchant } from '#tests/support/demo-merchant.ts'
import {
  checkMethod,
  encryptedMerchantHostedForm,
  gatewayUrls,
  newOrderId,
  readGatewayResponse,
  signedPaymentRequest,
} from './merchant.ts'

const returnUrl = 'http://localhost:3000/demo/response'
const notifyUrl = 'http://localhost:3000/demo/webhook'
const endpoints = { returnUrl, notifyUrl }

describe('the demo merchant', () => {
  it('uses the sandbox demo merchant key the gateway derives', () => {
    expect(deriveMerchantHostedKey('f0e1d2c3b4a59687', sandboxMerchant.payId)).toBe(
      sandboxMerchant.merchantHostedKey,
    )
  })

  it('points the browser at the gateway endpoints, with or without a trailing slash', () => {
    expect(gatewayUrls('/sandbox')).toEqual({
      paymentRequest: '/sandbox/paymentrequest',
      merchantPaymentInit: '/sandbox/merchantPaymentInit',
      checkoutScript: '/sandbox/checkout.js',
    })
    expect(gatewayUrls('https://pg.example/').paymentRequest).toBe(
      'https://pg.example/paymentrequest',
    )
  })

  it('makes order ids of "LP" + 18 random digits: none repeats, none follows from the last', () => {
    const ids = Array.from({ length: 2000 }, () => newOrderId())
    for (const id of ids) expect(id).toMatch(/^LP[1-9]\d{17}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Not a counter or a clock: consecutive ids are far apart.
    const gaps = ids
      .slice(1)
      .map((id, index) => Math.abs(Number(id.slice(2)) - Number(ids[index]!.slice(2))))
    expect(Math.min(...gaps)).toBeGreaterThan(1e9)
  })
})

describe('the signed payment request (PG Hosted, Checkout Js)', () => {
  const fields = signedPaymentRequest(sandboxMerchant, 'LP1763712000123', endpoints)

  it('carries exactly the fields of docs/product.md#entities-and-fields with the demo values of #business-constants-and-limits', () => {
    expect(Object.keys(fields).sort()).toEqual(
      [
        'AMOUNT',
        'CURRENCY_CODE',
        'CUST_EMAIL',
        'CUST_ID',
        'CUST_MOBILE',
        'CUST_NAME',
        'HASH',
        'NOTIFY_URL',
        'ORDER_ID',
        'PAY_ID',
        'RETURN_URL',
        'TXNTYPE',
      ].sort(),
    )
    expect(fields).toMatchObject({
      PAY_ID: '1000000000000001',
      ORDER_ID: 'LP1763712000123',
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      RETURN_URL: returnUrl,
      NOTIFY_URL: notifyUrl,
    })
    expect(fields.CUST_ID).toMatch(/^\d{32}$/)
    expect(fields.CUST_MOBILE).toMatch(/^\d{10}$/)
  })

  it('is signed with the salt over every other field', () => {
    expect(verifyHash(fields, sandboxMerchant.salt)).toBe(true)
    expect(verifyHash({ ...fields, AMOUNT: '1' }, sandboxMerchant.salt)).toBe(false)
  })
})

describe('the merchant-hosted method', () => {
  it.each([
    [
      { paymentType: 'NB', mopType: '1004' },
      { paymentType: 'NB', mopType: '1004' },
    ],
    [
      { paymentType: 'WL', mopType: 'PPWL' },
      { paymentType: 'WL', mopType: 'PPWL' },
    ],
    [
      { paymentType: 'UP', mopType: 'ignored', payerAddress: ' success@upi ' },
      { paymentType: 'UP', mopType: 'UP', payerAddress: 'success@upi' },
    ],
  ])('accepts %j', (input, method) => {
    expect(checkMethod(input)).toEqual({ ok: true, method })
  })

  it.each([
    [{ paymentType: 'NB' }, 'Please select any bank'],
    [{ paymentType: 'NB', mopType: 'PPL' }, 'Please select any bank'],
    [{ paymentType: 'WL', mopType: '1004' }, 'Please select any wallet'],
    [{ paymentType: 'UP', payerAddress: '' }, 'Please Enter UPI ID'],
    [{ paymentType: 'UP', payerAddress: 'aarav@u' }, 'Invalid UPI ID'],
    [{ paymentType: 'CC', mopType: 'VI' }, 'Choose Net Banking, Wallet or UPI'],
    [null, 'Choose Net Banking, Wallet or UPI'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(checkMethod(input)).toEqual({ ok: false, message })
  })
})

describe('the encrypted merchant-hosted form', () => {
  it('sends PAY_ID, the customer in the clear and the request encrypted in ENCDATA', () => {
    const form = encryptedMerchantHostedForm(sandboxMerchant, 'LP1', endpoints, {
      paymentType: 'UP',
      mopType: 'UP',
      payerAddress: 'success@upi',
    })
    expect(Object.keys(form)).toEqual([
      'PAY_ID',
      'CUST_NAME',
      'CUST_EMAIL',
      'CUST_MOBILE',
      'ENCDATA',
    ])
    expect(form.ENCDATA).toMatch(/^[A-Za-z0-9+/]+$/)

    const opened = decryptFields(
      form.ENCDATA!,
      sandboxMerchant.salt,
      sandboxMerchant.merchantHostedKey,
    )
    expect(opened.ok).toBe(true)
    const request = opened.ok ? opened.fields : {}
    expect(request).toMatchObject({
      PAY_ID: '1000000000000001',
      ORDER_ID: 'LP1',
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      PAYMENT_TYPE: 'UP',
      MOP_TYPE: 'UP',
      PAYER_ADDRESS: 'success@upi',
      RETURN_URL: returnUrl,
      NOTIFY_URL: notifyUrl,
    })
    expect(request).not.toHaveProperty('CUST_MOBILE')
  })

  it('leaves PAYER_ADDRESS out when no UPI ID was entered', () => {
    const form = encryptedMerchantHostedForm(sandboxMerchant, 'LP2', endpoints, {
      paymentType: 'NB',
      mopType: '1030',
    })
    const plain = parseFields(decrypt(form.ENCDATA!, sandboxMerchant.merchantHostedKey))
    expect(plain).not.toHaveProperty('PAYER_ADDRESS')
    expect(plain.MOP_TYPE).toBe('1030')
    expect(plain.HASH).toBe(computeHash(plain, sandboxMerchant.salt))
  })
})

describe('reading the gateway response', () => {
  const response = {
    PAY_ID: '1000000000000001',
    ORDER_ID: 'LP1',
    AMOUNT: '100',
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: 'Transaction successful',
  }
  const encdata = encryptFields(response, sandboxMerchant.salt, sandboxMerchant.merchantHostedKey)

  it('accepts a response signed with the salt and encrypted with the key', () => {
    const reading = readGatewayResponse(sandboxMerchant, {
      PAY_ID: response.PAY_ID,
      ENCDATA: encdata,
    })
    expect(reading).toEqual({
      ok: true,
      fields: { ...response, HASH: computeHash(response, sandboxMerchant.salt) },
    })
  })

  it('accepts spaces where a form post turned + into a space', () => {
    const spaced = encdata.replace(/\+/g, ' ')
    expect(
      readGatewayResponse(sandboxMerchant, { PAY_ID: response.PAY_ID, ENCDATA: spaced }).ok,
    ).toBe(true)
  })

  it.each([
    ['missing', {}],
    ['missing', { PAY_ID: response.PAY_ID }],
    ['merchant', { PAY_ID: '1000000000000002', ENCDATA: encdata }],
    ['undecryptable', { PAY_ID: response.PAY_ID, ENCDATA: 'AAAAbbbbCCCCdddd' }],
    [
      'hash',
      {
        PAY_ID: response.PAY_ID,
        ENCDATA: encryptFields(response, 'another-salt-000', sandboxMerchant.merchantHostedKey),
      },
    ],
    [
      'merchant',
      {
        PAY_ID: response.PAY_ID,
        ENCDATA: encryptFields(
          { ...response, PAY_ID: '1000000000000002' },
          sandboxMerchant.salt,
          sandboxMerchant.merchantHostedKey,
        ),
      },
    ],
  ])('refuses as %s: %j', (reason, posted) => {
    expect(readGatewayResponse(sandboxMerchant, posted)).toEqual({ ok: false, reason })
  })
})
