import type { ResponseCode } from '#core/protocol/codes.ts'
import { type TestCard, testCardOf } from './methods.ts'
import { testUpiOutcome } from './checks.ts'

/** Keys of the dictionary (i18n) that name what is wrong with a field. */
export type CardErrorKey =
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'cardNotTest'
  | 'expiryRequired'
  | 'expiryInvalid'
  | 'expiryPast'
  | 'cvvRequired'
  | 'cvvInvalid'
  | 'cardNameRequired'
  | 'cardNameInvalid'

export type UpiErrorKey = 'upiRequired' | 'upiInvalid' | 'upiNotTest'

export interface CardInput {
  number: string
  expiry: string
  cvv: string
  name: string
}

export type CardField = keyof CardInput

export type CardResult =
  | { ok: true; number: string; code: ResponseCode; card: TestCard }
  | { ok: false; errors: Partial<Record<CardField, CardErrorKey>> }

/** Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/** Card number without the spaces and dashes people type between groups. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/**
 * Validates the card form. Only the test cards are accepted, so a real card number typed by
 * mistake is never "charged", even in play.
 */
export function validateCardForm(input: CardInput, now: Date): CardResult {
  const errors: Partial<Record<CardField, CardErrorKey>> = {}
  const number = cardDigits(input.number)
  let card: TestCard | undefined
  if (number === '') errors.number = 'cardNumberRequired'
  else if (!/^\d{16}$/.test(number) || !luhnValid(number)) errors.number = 'cardNumberInvalid'
  else {
    card = testCardOf(number)
    if (!card) errors.number = 'cardNotTest'
  }

  const expiry = expiryError(input.expiry, now)
  if (expiry) errors.expiry = expiry
  const cvv = cvvError(input.cvv)
  if (cvv) errors.cvv = cvv

  const name = input.name.trim()
  if (name === '') errors.name = 'cardNameRequired'
  else if (!/^[\p{L}\p{M}][\p{L}\p{M} .'-]{0,49}$/u.test(name)) errors.name = 'cardNameInvalid'

  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors }
  return { ok: true, number, code: card.code, card }
}

/** What is wrong with a card's MM/YY expiry at `now`, if anything. */
export function expiryError(value: string, now: Date): CardErrorKey | undefined {
  const expiry = value.replace(/\s/g, '')
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry)
  if (expiry === '') return 'expiryRequired'
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return 'expiryInvalid'
  // A card is valid to the last day of its expiry month.
  const year = 2000 + Number(match[2])
  const month = Number(match[1])
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return year * 12 + (month - 1) < thisMonth ? 'expiryPast' : undefined
}

/** What is wrong with a CVV, if anything. */
export function cvvError(value: string): CardErrorKey | undefined {
  const cvv = value.trim()
  if (cvv === '') return 'cvvRequired'
  return /^\d{3}$/.test(cvv) ? undefined : 'cvvInvalid'
}

/** docs/product.md#pattern-library: starts alphanumeric, then letters, digits, dots or hyphens, then @, then ≥ 2 letters. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]*@[A-Za-z]{2,}$/

export type UpiResult =
  { ok: true; vpa: string; code: ResponseCode; late: boolean } | { ok: false; error: UpiErrorKey }

export function validateUpiForm(value: string): UpiResult {
  const vpa = value.trim()
  if (vpa === '') return { ok: false, error: 'upiRequired' }
  if (!UPI_ID_PATTERN.test(vpa)) return { ok: false, error: 'upiInvalid' }
  const outcome = testUpiOutcome(vpa)
  if (!outcome) return { ok: false, error: 'upiNotTest' }
  return { ok: true, vpa: outcome.vpa, code: outcome.code, late: 'settlesAs' in outcome }
}
