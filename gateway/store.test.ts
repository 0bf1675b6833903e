import { describe, expect, it } from 'vitest'
import { newUtr } from './ids.ts'
import { currencies } from '#core/currency/currencies.ts'
import { toRupees } from '#core/currency/exchange.ts'
import { isValid } from '#core/protocol/patterns.ts'
import {
  formatDateTime,
  newPgRefNum,
  newTxnId,
  paymentInRupees,
  responseFields,
  type SandboxTransaction,
} from './store.ts'

const open: SandboxTransaction = {
  id: '7d0c1c9e-8a4e-4a8e-9c61-0f4f0b0e8a11',
  txnId: '1234567890123456',
  pgRefNum: '202612345678901234',
  payId: '1000000000000001',
  orderId: 'LP1763712000000',
  amount: 100n,
  currencyCode: '356',
  txnType: 'SALE',
  returnUrl: 'http://localhost:3000/demo/response',
  custName: 'Demo Customer',
  custEmail: 'demo.customer@example.com',
  custMobile: '9876543210',
  custId: '12345678901234567890123456789012',
  productDesc: '',
  notifyUrl: '',
  notifyPrivate: false,
  mode: 'hosted',
  language: 'en',
  paymentType: '',
  mopType: '',
  status: 'Pending',
  responseCode: null,
  acqId: '',
  rrn: '',
  authCode: '',
  cardMask: '',
  inrAmount: 100n,
  fxRate: '',
  disputeReason: '',
  issuedAbroad: false,
  settleAt: null,
  createdAt: new Date('2026-11-21T09:28:21Z'),
  completedAt: null,
  settlementId: null,
}

describe('transaction numbers', () => {
  it('TXN_ID is 16 digits without a leading zero, PG_REF_NUM 18 digits starting with the year', () => {
    const ids = new Set<string>()
    for (let index = 0; index < 500; index++) {
      const id = newTxnId()
      expect(isValid('transactionId', id)).toBe(true)
      expect(id).not.toMatch(/^0/)
      ids.add(id)
    }
    expect(ids.size).toBe(500)
    expect(newPgRefNum(new Date('2026-01-01T00:00:00Z'))).toMatch(/^2026\d{14}$/)
  })

  it('a UTR is 12 digits', () => {
    for (let index = 0; index < 200; index++) expect(isValid('utr', newUtr())).toBe(true)
  })
})

describe('response fields', () => {
  it('RESPONSE_DATE_TIME is Indian Standard Time', () => {
    expect(formatDateTime(new Date('2026-11-21T09:28:21Z'))).toBe('2026-11-21 14:58:21')
    expect(formatDateTime(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01 01:30:00')
  })

  it('an unfinished payment answers 006, Pending, dated when it started', () => {
    expect(responseFields(open)).toEqual({
      PAY_ID: '1000000000000001',
      ORDER_ID: 'LP1763712000000',
      AMOUNT: '100',
      TOTAL_AMOUNT: '100',
      SURCHARGE_FLAG: 'N',
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      TXN_ID: '1234567890123456',
      ORIG_TXN_ID: '1234567890123456',
      PG_REF_NUM: '202612345678901234',
      STATUS: 'Pending',
      RESPONSE_CODE: '006',
      RESPONSE_MESSAGE: 'Transaction in progress: the customer has not finished paying',
      PG_TXN_MESSAGE: 'Awaiting the customer',
      RESPONSE_DATE_TIME: '2026-11-21 14:58:21',
      IS_STATUS_FINAL: 'N',
      DUPLICATE_YN: 'N',
      PAYMENT_TYPE: '',
      MOP_TYPE: '',
      ACQ_ID: '',
      RRN: '',
      AUTH_CODE: '',
      CARD_MASK: '',
      CUST_NAME: 'Demo Customer',
      CUST_EMAIL: 'demo.customer@example.com',
      CUST_PHONE: '9876543210',
    })
  })

  it('echoes PRODUCT_DESC only when the request sent one', () => {
    expect(responseFields({ ...open, productDesc: 'Demo laptop' }).PRODUCT_DESC).toBe('Demo laptop')
    expect(responseFields(open)).not.toHaveProperty('PRODUCT_DESC')
  })

  it('an ended payment answers its code and the time it ended', () => {
    const ended = {
      ...open,
      responseCode: '010' as const,
      status: 'Failed',
      completedAt: new Date('2026-11-21T09:30:00Z'),
    }
    expect(responseFields(ended)).toMatchObject({
      STATUS: 'Failed',
      RESPONSE_CODE: '010',
      RESPONSE_MESSAGE: 'Transaction cancelled by the customer',
      RESPONSE_DATE_TIME: '2026-11-21 15:00:00',
      IS_STATUS_FINAL: 'Y',
    })
  })
})

describe('a payment in rupees', () => {
  it('stores a foreign amount in paise with the rate it was converted at', () => {
    expect(paymentInRupees(1234n, '840')).toEqual({ inrAmount: 103921n, fxRate: '84.2150' })
    expect(paymentInRupees(500n, '392')).toEqual({ inrAmount: 27660n, fxRate: '0.5532' })
    expect(paymentInRupees(1250n, '414')).toEqual({ inrAmount: 34273n, fxRate: '274.1850' })
    expect(paymentInRupees(1250n, '36')).toEqual({ inrAmount: 68604n, fxRate: '54.8830' })
    for (const currency of currencies.slice(1)) {
      expect(paymentInRupees(123456789n, currency.number)).toEqual({
        inrAmount: toRupees(123456789n, currency).paise,
        fxRate: toRupees(1n, currency).rate,
      })
    }
  })

  it('stores a rupee payment as its own amount, with no rate', () => {
    expect(paymentInRupees(100n, '356')).toEqual({ inrAmount: 100n, fxRate: '' })
    expect(paymentInRupees(9999999999n, '356')).toEqual({ inrAmount: 9999999999n, fxRate: '' })
  })

  it('never stores a currency the checks would have refused', () => {
    expect(() => paymentInRupees(100n, '999')).toThrow(RangeError)
  })
})

describe('the response fields of a foreign payment', () => {
  const usd: SandboxTransaction = {
    ...open,
    amount: 1234n,
    currencyCode: '840',
    inrAmount: 103921n,
    fxRate: '84.2150',
  }

  it('add FX_RATE and INR_AMOUNT to those of a rupee payment, and nothing else', () => {
    const { FX_RATE, INR_AMOUNT, ...rest } = responseFields(usd)
    expect({ FX_RATE, INR_AMOUNT }).toEqual({ FX_RATE: '84.2150', INR_AMOUNT: '103921' })
    expect(Object.keys(rest).sort()).toEqual(Object.keys(responseFields(open)).sort())
    expect(rest).toMatchObject({ AMOUNT: '1234', TOTAL_AMOUNT: '1234', CURRENCY_CODE: '840' })
  })

  it('a rupee payment keeps exactly the fields it always had', () => {
    expect(responseFields(open)).not.toHaveProperty('FX_RATE')
    expect(responseFields(open)).not.toHaveProperty('INR_AMOUNT')
  })
})
