import { expect, test } from 'vitest'
import { checkoutTabHref, readCheckoutChoice } from './checkout-choice.ts'

const read = (query: string) => readCheckoutChoice(new URLSearchParams(query))

test('Net Banking when no tab is named, or an unknown one', () => {
  expect(read('')).toEqual({ paymentType: 'NB' })
  expect(read('paymentType=CC')).toEqual({ paymentType: 'NB' })
})

test('a tile is kept only on its own tab', () => {
  expect(read('paymentType=NB&mopType=1004')).toEqual({ paymentType: 'NB', mopType: '1004' })
  expect(read('paymentType=WL&mopType=1004')).toEqual({ paymentType: 'WL' })
  expect(read('mopType=PPL&paymentType=WL')).toEqual({ paymentType: 'WL', mopType: 'PPL' })
})

test("the UPI tab keeps what was typed, within the field's length", () => {
  expect(read('paymentType=UP&payerAddress=aarav%40u')).toEqual({
    paymentType: 'UP',
    payerAddress: 'aarav@u',
  })
  expect(read(`paymentType=UP&payerAddress=${'a'.repeat(80)}`).payerAddress).toHaveLength(50)
  expect(read('paymentType=UP&mopType=1004')).toEqual({ paymentType: 'UP', payerAddress: '' })
})

test("a tab's address is the page open on it", () => {
  expect(checkoutTabHref('UP')).toBe('?paymentType=UP')
  expect(read(checkoutTabHref('WL').slice(1))).toEqual({ paymentType: 'WL' })
})
