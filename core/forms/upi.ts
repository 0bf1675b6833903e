/**
 * The merchant-hosted checkout's UPI ID (docs/product.md#pattern-library): what may be typed, what is accepted and what
 * the visitor reads. The page and the demo merchant's server both judge a UPI ID with these.
 */
import type { FieldRule } from './fields.ts'

export const UPI_MESSAGES = {
  empty: 'Please Enter UPI ID',
  invalid: 'Invalid UPI ID',
} as const

/**
 * NPCI lets a payment address run long, but the handles Indian UPI apps issue stay well under
 * 50 characters; anything longer is a mistake or a flood.
 */
export const UPI_MAX = 50

/** Starts alphanumeric, then letters, digits, dots or hyphens, then @, then at least 2 letters. */
export const UPI_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]*@[A-Za-z]{2,}$/

const NOT_ALLOWED = /[^A-Za-z0-9.@-]/g
const ALLOWED_CHARACTER = /^[A-Za-z0-9.@-]$/

/** Trims, then strips everything but letters, digits, dot, @ and hyphen, within the length cap. */
export function filterUpiId(value: string): string {
  return value.trim().replace(NOT_ALLOWED, '').slice(0, UPI_MAX)
}

export function isValidUpiId(value: string): boolean {
  return value.length <= UPI_MAX && UPI_PATTERN.test(value)
}

/**
 * Keys that would type a character the field never accepts (space, `#`, `+`, `_`, `!` …) are
 * blocked before they reach the field. Named keys (Backspace, arrows, Tab, Enter) and shortcuts
 * with Ctrl or ⌘ pass, so editing and moving through the page keep working.
 */
export function isBlockedUpiKey(key: string, modifiers: { ctrl?: boolean; meta?: boolean } = {}) {
  if (modifiers.ctrl || modifiers.meta) return false
  if ([...key].length !== 1) return false
  return !ALLOWED_CHARACTER.test(key)
}

/** The message a UPI ID earns when its field loses focus, or undefined when it is fine. */
export function upiIdError(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return UPI_MESSAGES.empty
  return isValidUpiId(trimmed) ? undefined : UPI_MESSAGES.invalid
}

/** The same rule in the shape the shared form helpers take. */
export const upiIdRule: FieldRule = {
  label: 'UPI ID',
  maxLength: UPI_MAX,
  messages: UPI_MESSAGES,
  filter: filterUpiId,
  isValid: isValidUpiId,
}
