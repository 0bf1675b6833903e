import { describe, expect, it } from 'vitest'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  checkQrRequest,
  isQrType,
  qrAnswer,
  qrContent,
  qrRefusal,
  qrUrls,
  rupees,
  upiIntent,
} from './qr-checks.ts'

const merchant = demoMerchant({ siteUrl: 'https://www.paystra.example' })
const request = (overrides: Record<string, string> = {}) => ({
  PAY_ID: merchant.payId,
  ORDER_ID: 'QR1763712000000',
  AMOUNT: '24900',
  CURRENCY_CODE: '356',
  QR_TYPE: 'UPI',
  ...overrides,
})
const payment = {
  id: '7d0c1c9e-8a4e-4a8e-9c61-0f4f0b0e8a11',
  orderId: 'QR:2026/11@counter_1-A',
  amount: 24900n,
  currencyCode: '356',
  txnId: '1234567890123456',
}
const base = 'https://pay.paystra.example/sandbox'

describe('QR request checks', () => {
  it('takes CUST_PHONE and PRODUCT_DESC, and refuses a NOTIFY_URL into a private network (357)', () => {
    const signed = request({ CUST_PHONE: '9876543210', PRODUCT_DESC: 'Saree, silk' })
    expect(checkQrRequest(signed, merchant)).toMatchObject({
      ok: true,
      request: { custMobile: '9876543210', productDesc: 'Saree, silk' },
    })
    const inside = request({ NOTIFY_URL: 'http://10.0.0.8/hook' })
    expect(checkQrRequest(inside, merchant)).toEqual({ ok: false, code: '357' })
    expect(checkQrRequest(inside, merchant, { allowPrivate: true })).toMatchObject({
      ok: true,
      request: { notifyUrl: 'http://10.0.0.8/hook' },
    })
    expect(checkQrRequest(request({ NOTIFY_URL: 'ftp://shop.example/x' }), merchant)).toEqual({
      ok: false,
      code: '357',
    })
  })

  it('accepts both types, RETURN_URL optional, as a SALE', () => {
    const upi = checkQrRequest(request({ CUST_NAME: '  Asha Rao ' }), merchant)
    expect(upi).toEqual({
      ok: true,
      qrType: 'UPI',
      request: {
        payId: merchant.payId,
        orderId: 'QR1763712000000',
        amount: 24900n,
        currencyCode: '356',
        txnType: 'SALE',
        returnUrl: '',
        notifyUrl: '',
        notifyPrivate: false,
        custName: 'Asha Rao',
        custEmail: '',
        custMobile: '',
        custId: '',
        productDesc: '',
      },
    })
    const pg = checkQrRequest(
      request({ QR_TYPE: 'PG', RETURN_URL: 'https://www.paystra.example/r', TXNTYPE: 'QR' }),
      merchant,
    )
    expect(pg).toMatchObject({
      ok: true,
      qrType: 'PG',
      request: { returnUrl: 'https://www.paystra.example/r' },
    })
  })

  it.each([
    ['320', { AMOUNT: '' }],
    ['320', { AMOUNT: '099' }],
    ['321', { ORDER_ID: 'x'.repeat(51) }],
    ['322', { TXNTYPE: 'SALE' }],
    ['319', { CURRENCY_CODE: '' }],
    ['319', { CURRENCY_CODE: '999' }],
    // QR codes are paid by UPI or on the hosted page: rupees only, even a PG code.
    ['345', { CURRENCY_CODE: '840' }],
    ['345', { CURRENCY_CODE: '392', QR_TYPE: 'PG' }],
    ['345', { CURRENCY_CODE: '414', QR_TYPE: 'BHARATQR' }],
    ['336', { QR_TYPE: '' }],
    ['336', { QR_TYPE: 'BHARATQR' }],
    ['325', { RETURN_URL: 'javascript:alert(1)' }],
    ['325', { RETURN_URL: 'https://evil.example/' }],
  ])('refuses %s: %j', (code, overrides) => {
    expect(checkQrRequest(request(overrides), merchant)).toEqual({ ok: false, code })
  })

  it('knows its two types', () => {
    expect(isQrType('UPI')).toBe(true)
    expect(isQrType('PG')).toBe(true)
    expect(isQrType('pg')).toBe(false)
    expect(isQrType(undefined)).toBe(false)
  })
})

describe('UPI intent', () => {
  it('rupees with two decimals, no grouping', () => {
    expect(rupees(1n)).toBe('0.01')
    expect(rupees(100n)).toBe('1.00')
    expect(rupees(24900n)).toBe('249.00')
    expect(rupees(9999999999n)).toBe('99999999.99')
  })

  it('names the merchant VPA and name, the amount, INR, the TXN_ID and the order', () => {
    expect(upiIntent(merchant, payment)).toBe(
      'upi://pay?pa=demostore@paystra&pn=Paystra%20Demo%20Store&am=249.00&cu=INR&tr=1234567890123456&tn=QR%3A2026%2F11@counter_1-A',
    )
  })

  it('a merchant without a UPI ID of its own gets one from its PAY_ID', () => {
    const { vpa: _, ...other } = { ...merchant, payId: '1000000000000002' }
    expect(upiIntent(other, payment)).toContain('pa=merchant1000000000000002@paystra&')
  })
})

describe('QR answer', () => {
  it('UPI: the image, the scan page and the intent; Pending 006', () => {
    expect(qrAnswer('UPI', merchant, payment, base, '2026-11-21 14:58:21')).toEqual({
      PAY_ID: merchant.payId,
      ORDER_ID: payment.orderId,
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
      TXNTYPE: 'QR',
      TXN_ID: '1234567890123456',
      QR_IMAGE_URL: `${base}/qr/${payment.id}.png`,
      QR_SCAN_URL: `${base}/qr/${payment.id}`,
      UPI_INTENT: upiIntent(merchant, payment),
      STATUS: 'Pending',
      RESPONSE_CODE: '006',
      RESPONSE_MESSAGE: 'Transaction in progress: the customer has not finished paying',
      RESPONSE_DATE_TIME: '2026-11-21 14:58:21',
    })
  })

  it('PG: the payment page instead of the intent, and that is what the image holds', () => {
    const answer = qrAnswer('PG', merchant, payment, base, 'd')
    expect(answer.PAYMENT_URL).toBe(`${base}/pay/${payment.id}`)
    expect(answer).not.toHaveProperty('UPI_INTENT')
    expect(qrContent('PG', merchant, payment, base)).toBe(qrUrls(base, payment.id).payment)
    expect(qrContent('UPI', merchant, payment, base)).toBe(upiIntent(merchant, payment))
  })

  it('a refusal echoes the request and says why', () => {
    expect(qrRefusal('336', request({ QR_TYPE: 'X' }), 'd')).toEqual({
      PAY_ID: merchant.payId,
      ORDER_ID: 'QR1763712000000',
      AMOUNT: '24900',
      CURRENCY_CODE: '356',
      QR_TYPE: 'X',
      TXNTYPE: 'QR',
      STATUS: 'Failed',
      RESPONSE_CODE: '336',
      RESPONSE_MESSAGE: 'Invalid QR type: use UPI or PG',
      RESPONSE_DATE_TIME: 'd',
    })
  })
})
