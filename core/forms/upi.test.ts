import { describe, expect, it } from 'vitest'
import { fieldError } from './fields.ts'
import {
  filterUpiId,
  isBlockedUpiKey,
  isValidUpiId,
  UPI_MAX,
  upiIdError,
  upiIdRule,
} from './upi.ts'

describe('UPI ID pattern', () => {
  it.each([
    'success@upi',
    'failure@upi',
    'a@ok',
    '9876543210@paytm',
    'aarav.sharma@okhdfcbank',
    'shop-42.pay@ybl',
    'A1@UPI',
  ])('accepts %s', (value) => {
    expect(isValidUpiId(value)).toBe(true)
  })

  it.each([
    ['no @', 'aarav'],
    ['nothing before @', '@upi'],
    ['a dot first', '.aarav@upi'],
    ['a hyphen first', '-aarav@upi'],
    ['one letter after @', 'aarav@u'],
    ['a digit after @', 'aarav@upi1'],
    ['a dot after @', 'aarav@ok.bank'],
    ['two @', 'aa@rav@upi'],
    ['an underscore', 'aa_rav@upi'],
    ['a space', 'aa rav@upi'],
    ['too long', `${'a'.repeat(UPI_MAX - 3)}@upi`],
  ])('refuses %s (%s)', (_why, value) => {
    expect(isValidUpiId(value)).toBe(false)
  })
})

describe('UPI ID typing', () => {
  it('trims and keeps only letters, digits, dot, @ and hyphen', () => {
    expect(filterUpiId('  aarav.sharma@okaxis ')).toBe('aarav.sharma@okaxis')
    expect(filterUpiId('aa_rav!#$%^&*()+= sh@ok/ax\\is')).toBe('aaravsh@okaxis')
    expect(filterUpiId('ज्ञान9@upi')).toBe('9@upi')
  })

  it('caps the length', () => {
    expect(filterUpiId('a'.repeat(UPI_MAX + 10))).toHaveLength(UPI_MAX)
  })

  it.each([' ', '#', '+', '_', '!', '$', '%', '&', '*', '(', ')', '/', ',', '€', 'é'])(
    'blocks the key %s',
    (key) => {
      expect(isBlockedUpiKey(key)).toBe(true)
    },
  )

  it.each(['a', 'Z', '7', '.', '@', '-', 'Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter'])(
    'lets the key %s through',
    (key) => {
      expect(isBlockedUpiKey(key)).toBe(false)
    },
  )

  it('never blocks shortcuts with Ctrl or ⌘', () => {
    expect(isBlockedUpiKey('a', { ctrl: true })).toBe(false)
    expect(isBlockedUpiKey('#', { meta: true })).toBe(false)
  })
})

describe('UPI ID messages', () => {
  it('an empty field says "Please Enter UPI ID"', () => {
    expect(upiIdError('')).toBe('Please Enter UPI ID')
    expect(upiIdError('   ')).toBe('Please Enter UPI ID')
  })

  it('a malformed one says "Invalid UPI ID"', () => {
    expect(upiIdError('aarav@')).toBe('Invalid UPI ID')
    expect(upiIdError('aarav@u')).toBe('Invalid UPI ID')
  })

  it('a valid one, even with spaces around it, has no message', () => {
    expect(upiIdError(' success@upi ')).toBeUndefined()
  })

  it('the shared field rule gives the same answers', () => {
    expect(fieldError(upiIdRule, '')).toBe('Please Enter UPI ID')
    expect(fieldError(upiIdRule, 'x@1')).toBe('Invalid UPI ID')
    expect(fieldError(upiIdRule, 'success@upi')).toBeUndefined()
  })
})
