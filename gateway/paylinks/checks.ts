/**
 * The rules of a payment link request: what each field may be, with the code it is refused
 * with, before anything is stored. The expiry is judged against the account's clock.
 */
import { checkCurrency } from '#gateway/checks.ts'
import { checkAsOf } from '#gateway/settlements/checks.ts'
import { hasControlCharacter } from '#gateway/urls.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'

export const MAX_DESCRIPTION_LENGTH = 255
/** A link must stay payable for at least this long: a link that expires at once is no link. */
export const MIN_EXPIRY_MS = 15 * 60 * 1000
export const MAX_EXPIRY_DAYS = 366
/** How many payment attempts one link takes before it asks for a new link. */
export const MAX_LINK_ATTEMPTS = 20

/** `plink_` and 14 letters and digits. */
export const PAYLINK_ID = /^plink_[A-Za-z0-9]{14}$/
/** The short URL's code: 16 letters and digits. */
export const PAYLINK_CODE = /^[A-Za-z0-9]{16}$/

/** A person's name as a bank account holds it: letters, spaces and . ' ’ -, 1–100, from a letter. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} .'’-]{0,99}$/u
/** An e-mail address the way payment forms take it, at most 100 characters. */
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

export type Checked<T> = { ok: true; value: T } | { ok: false; code: ResponseCode }

const refuse = (code: ResponseCode) => ({ ok: false, code }) as const

/** An optional person's name (375 when sent and not one). */
export function checkPersonName(value: string | undefined): Checked<string> {
  if (value === undefined || value === '') return { ok: true, value: '' }
  return PERSON_NAME.test(value) ? { ok: true, value } : refuse('375')
}

/** What a payment is for, as the customer sees it: 1–255 characters, no control characters (370). */
export function checkDescription(value: string | undefined): Checked<string> {
  const description = value ?? ''
  return description.trim() === '' ||
    description.length > MAX_DESCRIPTION_LENGTH ||
    hasControlCharacter(description)
    ? refuse('370')
    : { ok: true, value: description }
}

/** An optional merchant's reference: an order id's shape (321). */
export function checkReference(value: string | undefined): Checked<string> {
  if (value === undefined || value === '') return { ok: true, value: '' }
  return isValid('orderId', value) ? { ok: true, value } : refuse('321')
}

export interface PaylinkRequest {
  payId: string
  amount: bigint
  currencyCode: string
  description: string
  custName: string
  custEmail: string
  custPhone: string
  referenceId: string
  /** As sent, and the instant it names; both empty when the link does not expire. */
  expireBy: string
  expireAt: Date | undefined
  validateBeneficiary: boolean
}

/**
 * The fields of a signed link request, in the order they are judged: AMOUNT (320),
 * CURRENCY_CODE (319), DESCRIPTION (370), the customer's details (375), REFERENCE_ID (321),
 * EXPIRE_BY against the account's clock `now` (371), VALIDATE_BENEFICIARY (378).
 */
export function checkPaylinkRequest(fields: Fields, now: Date): Checked<PaylinkRequest> {
  if (!isAmount(fields.AMOUNT)) return refuse('320')
  if (!checkCurrency(fields.CURRENCY_CODE)) return refuse('319')
  const description = checkDescription(fields.DESCRIPTION)
  if (!description.ok) return description
  const name = checkPersonName(fields.CUST_NAME)
  if (!name.ok) return name
  const email = fields.CUST_EMAIL ?? ''
  if (email !== '' && (email.length > 100 || !EMAIL.test(email))) return refuse('375')
  const phone = fields.CUST_PHONE ?? ''
  if (phone !== '' && !isValid('mobile', phone)) return refuse('375')
  const reference = checkReference(fields.REFERENCE_ID)
  if (!reference.ok) return reference
  const expiry = checkExpiry(fields.EXPIRE_BY, now)
  if (!expiry.ok) return expiry
  const validate = fields.VALIDATE_BENEFICIARY ?? 'N'
  if (validate !== 'Y' && validate !== 'N') return refuse('378')
  return {
    ok: true,
    value: {
      payId: fields.PAY_ID!,
      amount: BigInt(fields.AMOUNT),
      currencyCode: fields.CURRENCY_CODE!,
      description: description.value,
      custName: name.value,
      custEmail: email,
      custPhone: phone,
      referenceId: reference.value,
      expireBy: fields.EXPIRE_BY ?? '',
      expireAt: expiry.value,
      validateBeneficiary: validate === 'Y',
    },
  }
}

/**
 * EXPIRE_BY, when sent: an ISO 8601 date-time with its offset, a real date of 2000–2099, at
 * least 15 minutes and at most 366 days after the account's clock (371 otherwise).
 */
export function checkExpiry(value: string | undefined, now: Date): Checked<Date | undefined> {
  if (value === undefined || value === '') return { ok: true, value: undefined }
  const instant = checkAsOf(value)
  if (!instant.ok) return refuse('371')
  const ahead = instant.value.getTime() - now.getTime()
  if (ahead < MIN_EXPIRY_MS || ahead > MAX_EXPIRY_DAYS * 24 * 60 * 60 * 1000) return refuse('371')
  return { ok: true, value: instant.value }
}
