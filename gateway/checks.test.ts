import { describe, expect, it } from 'vitest'
import {
  checkAmount,
  checkCurrency,
  checkMerchantHostedInit,
  checkOrderId,
  checkPaymentRequest,
  checkReturnUrl,
  checkRupeeCurrency,
  checkTxnType,
  chosenMethod,
  formFields,
  isForeignCurrency,
} from './checks.ts'
import { currencies } from '#core/currency/currencies.ts'
import { demoMerchant, originAllowed } from './merchants.ts'
import { encrypt, encryptFields } from '#core/protocol/cipher.ts'
import { withHash } from '#core/protocol/hash.ts'

const merchant = demoMerchant({ siteUrl: 'https://www.paystra.example' })

function request(overrides: Record<string, string> = {}) {
  return {
    PAY_ID: merchant.payId,
    ORDER_ID: 'LP1763712000000',
    AMOUNT: '100',
    TXNTYPE: 'SALE',
    CUST_NAME: 'Demo Customer',
    CUST_EMAIL: 'demo.customer@example.com',
    CUST_MOBILE: '9876543210',
    CUST_ID: '12345678901234567890123456789012',
    CURRENCY_CODE: '356',
    RETURN_URL: 'https://www.paystra.example/demo/response',
    ...overrides,
  }
}

describe('field checks', () => {
  it('amount: a positive whole number of paise, at most 10 digits', () => {
    for (const ok of ['1', '100', '9999999999']) expect(checkAmount(ok), ok).toBe(true)
    for (const bad of ['', '0', '01', '-1', '1.00', '10000000000', ' 100', '1e3', undefined])
      expect(checkAmount(bad), String(bad)).toBe(false)
  })

  it('order id: 1–50 of letters, digits and : / @ _ -', () => {
    for (const ok of ['A', 'LP1763712000000', 'a:b/c@d_e-f', 'x'.repeat(50)])
      expect(checkOrderId(ok), ok).toBe(true)
    for (const bad of ['', 'x'.repeat(51), 'has space', 'semi;colon', 'ü', undefined])
      expect(checkOrderId(bad), String(bad)).toBe(false)
  })

  it('transaction type SALE only', () => {
    expect(checkTxnType('SALE')).toBe(true)
    expect(checkTxnType('sale')).toBe(false)
    expect(checkTxnType('REFUND')).toBe(false)
  })

  it('currency: the rupee and every foreign currency of core/currency, by ISO 4217 number', () => {
    expect(currencies.length).toBeGreaterThan(30)
    for (const { number, code } of currencies) expect(checkCurrency(number), code).toBe(true)
    for (const number of ['840', '978', '826', '392', '414', '036', '36'])
      expect(checkCurrency(number), number).toBe(true)
    // Real ISO codes the gateway does not take, and anything else.
    for (const bad of ['999', '000', '643', '032', 'USD', 'INR', '0356', '', ' 356', undefined])
      expect(checkCurrency(bad), String(bad)).toBe(false)
  })

  it('a foreign currency is any known one but the rupee; payouts take the rupee only', () => {
    expect(isForeignCurrency('840')).toBe(true)
    expect(isForeignCurrency('392')).toBe(true)
    expect(isForeignCurrency('356')).toBe(false)
    expect(isForeignCurrency('999')).toBe(false)
    expect(isForeignCurrency(undefined)).toBe(false)
    expect(checkRupeeCurrency('356')).toBe(true)
    for (const bad of ['840', '978', '999', '', undefined])
      expect(checkRupeeCurrency(bad), String(bad)).toBe(false)
  })

  it('return URL: http(s) on an allowed origin, no credentials', () => {
    expect(checkReturnUrl('https://www.paystra.example/demo/response', merchant)).toBe(true)
    expect(checkReturnUrl('http://www.paystra.example/demo/response', merchant)).toBe(false)
    expect(checkReturnUrl('https://evil.example/steal', merchant)).toBe(false)
    expect(checkReturnUrl('https://www.paystra.example.evil.example/', merchant)).toBe(false)
    expect(checkReturnUrl('javascript:alert(1)', merchant)).toBe(false)
    expect(checkReturnUrl('https://user:pw@www.paystra.example/', merchant)).toBe(false)
    expect(checkReturnUrl('/demo/response', merchant)).toBe(false)
    expect(checkReturnUrl('https://www.paystra.example/' + 'a'.repeat(2100), merchant)).toBe(false)
    expect(checkReturnUrl(undefined, merchant)).toBe(false)
  })

  it('return URL on this machine: on every sandbox, unless the operator keeps customers on the site', () => {
    const local = ['http://localhost:41234/demo/response?x=1', 'http://127.0.0.1:5000/r']
    // A developer's first run of a kit from a public site is a shop on their own machine.
    for (const url of local) expect(checkReturnUrl(url, merchant), url).toBe(true)
    const onLaptop = demoMerchant({ siteUrl: 'http://localhost:3000' })
    for (const url of local) expect(checkReturnUrl(url, onLaptop), url).toBe(true)
    const siteOnly = demoMerchant({ siteUrl: 'https://www.paystra.example', localOrigins: false })
    for (const url of local) expect(checkReturnUrl(url, siteOnly), url).toBe(false)
    expect(siteOnly.returnOrigins).toEqual(['https://www.paystra.example'])
    expect(checkReturnUrl('http://localhost.evil.example/r', merchant)).toBe(false)
  })

  it('origin patterns: exact, or any port with :*', () => {
    expect(originAllowed('http://localhost:3000', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('http://localhost', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('http://localhost.evil.example', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('https://localhost:3000', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('https://a.example', ['https://a.example'])).toBe(true)
    expect(originAllowed('https://a.example:8443', ['https://a.example'])).toBe(false)
  })

  it('form fields: strings only, a repeated field is refused', () => {
    expect(formFields({ A: '1' })).toEqual({ A: '1' })
    expect(formFields({ A: ['1', '2'] })).toBeUndefined()
    expect(formFields(undefined)).toBeUndefined()
    expect(formFields('A=1')).toBeUndefined()
  })
})

describe('checkPaymentRequest, in the order of docs/architecture.md', () => {
  const signed = (fields: Record<string, string>) => withHash(fields, merchant.salt)

  it('accepts a signed request and keeps its fields', () => {
    const result = checkPaymentRequest(signed(request()), merchant)
    expect(result).toMatchObject({
      ok: true,
      request: { orderId: 'LP1763712000000', amount: 100n, custMobile: '9876543210' },
    })
  })

  it('324 for an unknown or missing PAY_ID', () => {
    expect(checkPaymentRequest(signed(request({ PAY_ID: '9' })), merchant)).toMatchObject({
      ok: false,
      code: '324',
    })
    const { PAY_ID: _, ...rest } = request()
    expect(checkPaymentRequest(signed(rest), merchant)).toMatchObject({ code: '324' })
  })

  it('323 for a tampered amount, a missing hash or the wrong salt', () => {
    const tampered = { ...signed(request()), AMOUNT: '1' }
    expect(checkPaymentRequest(tampered, merchant)).toMatchObject({ ok: false, code: '323' })
    expect(checkPaymentRequest(request(), merchant)).toMatchObject({ code: '323' })
    expect(checkPaymentRequest(withHash(request(), 'other-salt'), merchant)).toMatchObject({
      code: '323',
    })
    // A field added after signing is part of "exactly the posted fields".
    expect(checkPaymentRequest({ ...signed(request()), EXTRA: 'x' }, merchant)).toMatchObject({
      code: '323',
    })
  })

  it.each([
    ['320', { AMOUNT: '0' }],
    ['321', { ORDER_ID: 'bad order' }],
    ['322', { TXNTYPE: 'AUTH' }],
    ['319', { CURRENCY_CODE: '999' }],
    ['319', { CURRENCY_CODE: 'USD' }],
    ['325', { RETURN_URL: 'https://evil.example/' }],
    ['357', { NOTIFY_URL: 'http://10.0.0.8/hook' }],
    ['357', { NOTIFY_URL: 'ftp://shop.example/hook' }],
  ])('%s for a signed request with %o', (code, overrides) => {
    const result = checkPaymentRequest(signed(request(overrides)), merchant)
    expect(result).toMatchObject({ ok: false, code, merchant })
  })

  it('takes a hosted payment in any currency of the gateway (the page then offers cards alone)', () => {
    for (const { number, code } of currencies) {
      const result = checkPaymentRequest(signed(request({ CURRENCY_CODE: number })), merchant)
      expect(result, code).toMatchObject({ ok: true, request: { currencyCode: number } })
    }
  })

  it('reports the first failing check when several fail', () => {
    const result = checkPaymentRequest(
      signed(request({ AMOUNT: 'x', ORDER_ID: ' ', CURRENCY_CODE: '1' })),
      merchant,
    )
    expect(result).toMatchObject({ code: '320' })
  })
})

describe('checkMerchantHostedInit', () => {
  const inner = (overrides: Record<string, string> = {}) => {
    const { CUST_MOBILE: _, ...fields } = request()
    return { ...fields, PAYMENT_TYPE: 'NB', MOP_TYPE: '1030', ...overrides }
  }
  const form = (fields: Record<string, string>, outer: Record<string, string> = {}) => ({
    PAY_ID: merchant.payId,
    CUST_NAME: 'Demo Customer',
    CUST_EMAIL: 'demo.customer@example.com',
    CUST_MOBILE: '9876543210',
    ENCDATA: encryptFields(fields, merchant.salt, merchant.merchantHostedKey),
    ...outer,
  })

  it('accepts net banking with a known bank, and takes CUST_MOBILE from the outer form', () => {
    const result = checkMerchantHostedInit(form(inner()), merchant)
    expect(result).toMatchObject({
      ok: true,
      method: { paymentType: 'NB', mopType: '1030' },
      request: { custMobile: '9876543210', amount: 100n },
    })
  })

  it('resolves the UPI test IDs to their outcome', () => {
    const result = checkMerchantHostedInit(
      form(inner({ PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: 'pending@upi' })),
      merchant,
    )
    expect(result).toMatchObject({ ok: true, method: { paymentType: 'UP', code: '026' } })
  })

  it('324 for an unknown PAY_ID outside or a different one inside', () => {
    expect(checkMerchantHostedInit(form(inner(), { PAY_ID: '7' }), merchant)).toMatchObject({
      code: '324',
    })
    expect(
      checkMerchantHostedInit(form(inner({ PAY_ID: '1000000000000002' })), merchant),
    ).toMatchObject({ code: '324' })
  })

  it('323 for ENCDATA missing, not decryptable, or with a bad inner hash', () => {
    expect(checkMerchantHostedInit(form(inner(), { ENCDATA: '' }), merchant)).toMatchObject({
      code: '323',
    })
    expect(checkMerchantHostedInit(form(inner(), { ENCDATA: 'AAAA' }), merchant)).toMatchObject({
      code: '323',
    })
    const forged = encrypt(
      'AMOUNT=1~HASH=' + 'A'.repeat(64) + `~PAY_ID=${merchant.payId}`,
      merchant.merchantHostedKey,
    )
    expect(checkMerchantHostedInit(form(inner(), { ENCDATA: forged }), merchant)).toMatchObject({
      code: '323',
    })
  })

  it('the field checks apply inside the ENCDATA', () => {
    expect(checkMerchantHostedInit(form(inner({ AMOUNT: '0' })), merchant)).toMatchObject({
      code: '320',
    })
    expect(
      checkMerchantHostedInit(form(inner({ RETURN_URL: 'https://evil.example' })), merchant),
    ).toMatchObject({ code: '325' })
  })

  it('345 for a foreign currency by net banking, wallet or UPI, before the method is judged', () => {
    const foreign: Array<Record<string, string>> = [
      { CURRENCY_CODE: '840' },
      { CURRENCY_CODE: '392', PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' },
      { CURRENCY_CODE: '978', PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: 'success@upi' },
      // An unknown bank or UPI ID would be 327; the currency is refused first.
      { CURRENCY_CODE: '414', MOP_TYPE: '9999' },
      { CURRENCY_CODE: '840', PAYMENT_TYPE: 'UP', PAYER_ADDRESS: 'someone@okbank' },
    ]
    for (const fields of foreign) {
      expect(
        checkMerchantHostedInit(form(inner(fields)), merchant),
        JSON.stringify(fields),
      ).toMatchObject({
        ok: false,
        code: '345',
        merchant,
        returnUrl: 'https://www.paystra.example/demo/response',
      })
    }
    // The currency's own checks come first; a method merchant-hosted does not have stays 327.
    expect(checkMerchantHostedInit(form(inner({ CURRENCY_CODE: '999' })), merchant)).toMatchObject({
      code: '319',
    })
    expect(
      checkMerchantHostedInit(
        form(inner({ CURRENCY_CODE: '840', PAYMENT_TYPE: 'CC', MOP_TYPE: 'VI' })),
        merchant,
      ),
    ).toMatchObject({ code: '327' })
  })

  it('327 for an unknown bank, wallet, payment type or UPI ID', () => {
    const bads: Array<Record<string, string>> = [
      { MOP_TYPE: '9999' },
      { PAYMENT_TYPE: 'WL', MOP_TYPE: '1030' },
      { PAYMENT_TYPE: 'CC', MOP_TYPE: 'VI' },
      { PAYMENT_TYPE: 'UP', MOP_TYPE: 'UP', PAYER_ADDRESS: 'someone@okbank' },
    ]
    for (const bad of bads) {
      expect(
        checkMerchantHostedInit(form(inner(bad)), merchant),
        JSON.stringify(bad),
      ).toMatchObject({ code: '327' })
    }
  })

  it('chosenMethod reads every bank and wallet code of docs/product.md#entities-and-fields', () => {
    for (const code of ['1005', '1093', '1013', '1030', '1038', '1012', '1004', '1107'])
      expect(chosenMethod({ PAYMENT_TYPE: 'NB', MOP_TYPE: code })).toBeDefined()
    for (const code of ['PPL', 'MWL', 'PPWL'])
      expect(chosenMethod({ PAYMENT_TYPE: 'WL', MOP_TYPE: code })).toBeDefined()
    expect(chosenMethod({ PAYMENT_TYPE: 'UP', PAYER_ADDRESS: ' Success@UPI ' })).toMatchObject({
      payerAddress: 'success@upi',
      code: '000',
    })
  })
})
