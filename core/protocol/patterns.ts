/**
 * The generic pattern library of docs/product.md#pattern-library: every value the gateway receives or issues that has
 * a fixed shape is judged by one of these, so the sandbox, its documents and the kits agree
 * on what "a valid IFSC" or "a transaction id" means.
 *
 * Each pattern is anchored and matches the whole value; nothing is trimmed or case-folded
 * here (callers that accept typed input trim it first).
 */
export const patterns = {
  /** At least 8 characters with an upper-case letter, a lower-case letter, a digit and one of # ? ! @ $ % ^ & * - */
  password: /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[#?!@$%^&*-]).{8,}$/,
  /** 10 digits. */
  mobile: /^\d{10}$/,
  /** 6 digits. */
  otp: /^\d{6}$/,
  /** 6 digits. */
  captcha: /^\d{6}$/,
  /** 4 letters, then 0, then 6 letters or digits (the bank code, a zero, the branch code). */
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
  /** 9 to 18 digits. */
  accountNumber: /^\d{9,18}$/,
  /** Digits with no leading zero: a positive whole number (amounts in paise are numbers). */
  number: /^[1-9]\d*$/,
  /** 3 or more characters before @ (letters, digits, dot, hyphen, underscore), 3 or more letters after. */
  vpa: /^[A-Za-z0-9._-]{3,}@[A-Za-z]{3,}$/,
  /** Unique transaction reference of a bank transfer: 12 digits. */
  utr: /^\d{12}$/,
  /** 16 digits. */
  transactionId: /^\d{16}$/,
  /** 1 to 50 of letters, digits and : / @ _ - */
  orderId: /^[A-Za-z0-9:/@_-]{1,50}$/,
} as const satisfies Record<string, RegExp>

export type PatternName = keyof typeof patterns

export const patternNames = Object.keys(patterns) as PatternName[]

/** True when `value` is a string of the named shape; `undefined` (a missing field) never is. */
export function isValid(name: PatternName, value: string | undefined): value is string {
  return typeof value === 'string' && patterns[name].test(value)
}

/** Amounts in paise: a number of at most 10 digits (₹9,99,99,999.99), as the gateway takes. */
export const MAX_AMOUNT_DIGITS = 10

export function isAmount(value: string | undefined): value is string {
  return isValid('number', value) && value.length <= MAX_AMOUNT_DIGITS
}
