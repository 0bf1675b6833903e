import { describe, expect, test } from 'vitest'
import { disputeCards, groupCardNumber, testCards } from '#gateway/methods.ts'
import {
  demoDisplayAmount,
  demoPayment,
  formatMinorUnits,
  netBankingBanks,
  paymentMethodTabs,
  sandboxTestData,
  wallets,
} from './demo.ts'

describe('demo payment values (docs/product.md#business-constants-and-limits)', () => {
  test('100 paise show as 1.00 in Indian rupees', () => {
    expect(demoPayment.amountMinor).toBe(100)
    expect(demoDisplayAmount).toBe('1.00')
    expect(demoPayment.currencyCode).toBe('356')
    expect(demoPayment.currencySymbol).toBe('₹')
  })

  test('minor units always show two decimals', () => {
    expect(formatMinorUnits(1)).toBe('0.01')
    expect(formatMinorUnits(250000)).toBe('2500.00')
  })

  test('the transaction is a SALE and 000 means success', () => {
    expect(demoPayment.txnType).toBe('SALE')
    expect(demoPayment.successCode).toBe('000')
  })

  test('the customer id has 32 digits', () => {
    expect(demoPayment.customer.id).toMatch(/^\d{32}$/)
  })

  test('the sample order id is LP and a millisecond timestamp', () => {
    expect(demoPayment.sampleOrderId).toMatch(/^LP\d{13}$/)
  })
})

describe('merchant-hosted methods (docs/product.md#entities-and-fields)', () => {
  test('eight banks with their MOP_TYPE codes', () => {
    expect(netBankingBanks.map(({ name, code }) => [name, code])).toEqual([
      ['AXIS Bank', '1005'],
      ['BOB', '1093'],
      ['ICICI', '1013'],
      ['SBI', '1030'],
      ['Union Bank', '1038'],
      ['Kotak Bank', '1012'],
      ['HDFC', '1004'],
      ['PNB', '1107'],
    ])
  })

  test('three wallets with their codes', () => {
    expect(wallets.map(({ name, code }) => [name, code])).toEqual([
      ['Paytm', 'PPL'],
      ['Mobikwik', 'MWL'],
      ['PhonePay', 'PPWL'],
    ])
  })

  test('codes are unique across banks and wallets', () => {
    const codes = [...netBankingBanks, ...wallets].map((tile) => tile.code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  test('tabs are Net Banking, Wallet and UPI, Net Banking first', () => {
    expect(paymentMethodTabs.map((tab) => [tab.type, tab.label])).toEqual([
      ['NB', 'Net Banking'],
      ['WL', 'Wallet'],
      ['UP', 'UPI'],
    ])
  })
})

test('the sandbox test data says which cards are disputed, and that any card pays in a foreign currency', () => {
  const cards = sandboxTestData.find((group) => group.method === 'Cards')!
  expect(cards.rows.find((row) => row.value === '4000 0000 0000 1976')?.outcome).toBe(
    'Payment succeeds, then is disputed: 13.1 Merchandise or services not received',
  )
  expect(cards.rows.find((row) => row.value === '4000 0000 0000 0259')?.outcome).toBe(
    'Payment succeeds, then is disputed: 10.4 Fraud: card-absent environment',
  )
  expect(cards.note).toContain('foreign currency')
  expect(cards.note).toContain('The last two are disputed')
  expect(cards.rows.slice(-2).map((row) => row.value)).toEqual([
    '4000 0000 0000 1976',
    '4000 0000 0000 0259',
  ])
})

test('the sandbox test data lists the cards and UPI IDs of the hosted page', () => {
  const values = sandboxTestData.flatMap((group) => group.rows.map((row) => row.value))
  expect(values).toEqual(
    expect.arrayContaining([
      '4111 1111 1111 1111',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0000 0000 1976',
      '4000 0000 0000 0259',
      'success@upi',
      'failure@upi',
      'pending@upi',
      'Success',
      'Failure',
    ]),
  )
})

test('the sandbox test data lists every test card the gateway takes, the dispute cards with their reason', () => {
  const cards = sandboxTestData.find((group) => group.method === 'Cards')!.rows
  // The outcome cards, in the gateway's order; the cards of the other rates are on its page.
  expect(cards.map((row) => row.value)).toEqual(
    testCards
      .filter((card) => card.paymentType === 'CC' && !('issuedAbroad' in card))
      .map((card) => groupCardNumber(card.number)),
  )
  for (const card of disputeCards) {
    const row = cards.find((candidate) => candidate.value === groupCardNumber(card.number))
    expect(row?.outcome).toMatch(
      new RegExp(`^Payment succeeds, then is disputed: ${card.reasonCode.replace('.', '\\.')} `),
    )
  }
})
