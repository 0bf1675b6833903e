/**
 * Field rules shared by the browser forms and the server APIs (docs/product.md#pattern-library). A rule filters what is
 * typed and validates what is submitted; its messages are the ones the visitor reads.
 */
export interface FieldMessages {
  empty: string
  invalid: string
}

export interface FieldRule {
  label: string
  /** Characters beyond this are cut while typing and refused on the server. */
  maxLength: number
  messages: FieldMessages
  /** Applied to every keystroke and paste: strips what the field never accepts. */
  filter: (value: string) => string
  /** True when a non-empty value is acceptable. */
  isValid: (value: string) => boolean
}

/** docs/product.md#pattern-library: a value that is a single space is cleared. */
function clearLoneSpace(value: string): string {
  return value === ' ' ? '' : value
}

/**
 * The first `maxLength` UTF-16 units (what the input's `maxlength` counts), without the first
 * half of an emoji or other pair the cut would split: it would be stored as a broken character.
 */
function sliceWhole(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value
  const high = value.charCodeAt(maxLength - 1)
  const low = value.charCodeAt(maxLength)
  const splitsPair = high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff
  return value.slice(0, splitsPair ? maxLength - 1 : maxLength)
}

function capped(maxLength: number, strip?: RegExp) {
  return (value: string) => {
    const kept = strip ? value.replace(strip, '') : value
    return sliceWhole(clearLoneSpace(kept), maxLength)
  }
}

export const NAME_MAX = 50
export const COMPANY_MAX = 50
export const EMAIL_MAX = 50
export const SUBJECT_MAX = 50
export const PHONE_DIGITS = 10
/** The spec sets no limit on the message; this keeps a visitor's essay but refuses a flood. */
export const MESSAGE_MAX = 5000

const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

/** Keeps letters, digits and @ . _ - and only the first @. */
function filterEmail(value: string): string {
  const allowed = value.replace(/[^A-Za-z0-9@._-]/g, '')
  const at = allowed.indexOf('@')
  const oneAt =
    at === -1 ? allowed : allowed.slice(0, at + 1) + allowed.slice(at + 1).replace(/@/g, '')
  return oneAt.slice(0, EMAIL_MAX)
}

function hasLetterOrDigit(value: string): boolean {
  return /[\p{L}\p{N}]/u.test(value)
}

export function personName(messages: FieldMessages): FieldRule {
  return {
    label: 'Name',
    maxLength: NAME_MAX,
    messages,
    filter: capped(NAME_MAX, /[^A-Za-z ]/g),
    isValid: (value) =>
      value.length <= NAME_MAX && /^[A-Za-z ]+$/.test(value) && /[A-Za-z]/.test(value),
  }
}

export function mobilePhone(messages: FieldMessages): FieldRule {
  return {
    label: 'Phone',
    maxLength: PHONE_DIGITS,
    messages,
    filter: capped(PHONE_DIGITS, /\D/g),
    isValid: (value) => new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(value),
  }
}

export function emailAddress(messages: FieldMessages): FieldRule {
  return {
    label: 'Email',
    maxLength: EMAIL_MAX,
    messages,
    filter: filterEmail,
    isValid: (value) => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value),
  }
}

/** Free text that must say something: at least one letter or digit, within its length. */
export function freeText(label: string, maxLength: number, messages: FieldMessages): FieldRule {
  return {
    label,
    maxLength,
    messages,
    filter: capped(maxLength),
    isValid: (value) => value.length <= maxLength && hasLetterOrDigit(value),
  }
}

/** The message for a submitted value, or undefined when it passes. */
export function fieldError(rule: FieldRule, value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return rule.messages.empty
  return rule.isValid(trimmed) ? undefined : rule.messages.invalid
}

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>

export interface Validation<Name extends string> {
  ok: boolean
  /** Trimmed values of every field. */
  values: Record<Name, string>
  errors: FieldErrors<Name>
}

/** Validates every field of a form; unknown keys in the input are ignored. */
export function validateFields<Name extends string>(
  rules: Record<Name, FieldRule>,
  input: Partial<Record<string, unknown>>,
): Validation<Name> {
  const values = {} as Record<Name, string>
  const errors: FieldErrors<Name> = {}
  for (const name of Object.keys(rules) as Name[]) {
    const raw = input[name]
    const value = typeof raw === 'string' ? raw.trim() : ''
    values[name] = value
    const error = fieldError(rules[name], value)
    if (error) errors[name] = error
  }
  return { ok: Object.keys(errors).length === 0, values, errors }
}
