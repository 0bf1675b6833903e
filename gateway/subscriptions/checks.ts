/**
 * The rules of a subscription request: what each field may be, with the code it is refused with,
 * before anything is stored. Dates are judged against the account's clock.
 */
import { addDays, type IsoDate, isIsoDate, istDateOf } from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isAmount, isValid } from '#core/protocol/patterns.ts'
import {
  aboveLargestDebit,
  type Frequency,
  type HighLimitCategory,
  isFrequency,
  isHighLimitCategory,
  latestEndDate,
  type RecurringMethod,
} from '#core/recurring/rules.ts'
import {
  type Checked,
  checkDescription,
  checkPersonName,
  checkReference,
  EMAIL,
} from '#gateway/paylinks/checks.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'

/** `sub_` and 14 letters and digits. */
export const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{14}$/
/** The mandate page's code: 16 letters and digits. */
export const MANDATE_CODE = /^[A-Za-z0-9]{16}$/
/** How far ahead a subscription may start: a year and a day, as a payment link may expire. */
export const MAX_START_DAYS = 366

/** METHOD as sent, and the instrument it names. */
export const methodsSent: Readonly<Record<string, RecurringMethod>> = {
  UPI: 'UPI',
  CARD: 'CARD',
  EMANDATE: 'ENACH',
}

/** The METHOD a subscription answers with. */
export function methodSent(method: RecurringMethod): string {
  return method === 'ENACH' ? 'EMANDATE' : method
}

export interface SubscriptionRequest {
  payId: string
  reference: string
  method: RecurringMethod
  category: HighLimitCategory | undefined
  /** Each scheduled debit; undefined for AS_PRESENTED. */
  amount: bigint | undefined
  maxAmount: bigint
  frequency: Frequency
  startDate: IsoDate
  /** As sent, or empty: the anchor's 10 years once it is known. */
  endDate: IsoDate | ''
  description: string
  custName: string
  custEmail: string
  custPhone: string
}

const refuse = (code: ResponseCode) => ({ ok: false, code }) as const

/**
 * The fields of a signed subscription request, in the order they are judged: SUBSCRIPTION_REF
 * (321), METHOD (327), FREQUENCY (379), AMOUNT and MAX_AMOUNT (320, then 380), START_DATE and
 * END_DATE against the account's clock `now` (388), CATEGORY (326), DESCRIPTION (370), the
 * customer's details (375). RETURN_URL and NOTIFY_URL need the merchant and are the route's.
 */
export function checkSubscriptionRequest(fields: Fields, now: Date): Checked<SubscriptionRequest> {
  const reference = checkReference(fields.SUBSCRIPTION_REF)
  if (!reference.ok) return reference
  if (reference.value === '') return refuse('321')
  const method = Object.hasOwn(methodsSent, fields.METHOD ?? '')
    ? methodsSent[fields.METHOD!]
    : undefined
  if (!method) return refuse('327')
  const frequency = fields.FREQUENCY ?? ''
  if (!isFrequency(frequency)) return refuse('379')
  const amounts = checkAmounts(fields, method, frequency)
  if (!amounts.ok) return amounts
  const dates = checkDates(fields.START_DATE, fields.END_DATE, now)
  if (!dates.ok) return dates
  const category = fields.CATEGORY ?? ''
  if (category !== '' && !isHighLimitCategory(category)) return refuse('326')
  const description = checkDescription(fields.DESCRIPTION)
  if (!description.ok) return description
  const name = checkPersonName(fields.CUST_NAME)
  if (!name.ok) return name
  const email = fields.CUST_EMAIL ?? ''
  const phone = fields.CUST_PHONE ?? ''
  if (name.value === '' || email.length > 100 || !EMAIL.test(email) || !isValid('mobile', phone)) {
    return refuse('375')
  }
  return {
    ok: true,
    value: {
      payId: fields.PAY_ID!,
      reference: reference.value,
      method,
      category: category === '' ? undefined : category,
      ...amounts.value,
      frequency,
      ...dates.value,
      description: description.value,
      custName: name.value,
      custEmail: email,
      custPhone: phone,
    },
  }
}

/**
 * AMOUNT (every frequency but AS_PRESENTED, which must not send it) and MAX_AMOUNT: paise digits
 * (320); AMOUNT at most MAX_AMOUNT, and MAX_AMOUNT at most the method's largest debit (380).
 */
function checkAmounts(
  fields: Fields,
  method: RecurringMethod,
  frequency: Frequency,
): Checked<{ amount: bigint | undefined; maxAmount: bigint }> {
  if (!isAmount(fields.MAX_AMOUNT)) return refuse('320')
  const maxAmount = BigInt(fields.MAX_AMOUNT)
  if (frequency === 'AS_PRESENTED') {
    if (fields.AMOUNT !== undefined && fields.AMOUNT !== '') return refuse('320')
    if (aboveLargestDebit(method, maxAmount)) return refuse('380')
    return { ok: true, value: { amount: undefined, maxAmount } }
  }
  if (!isAmount(fields.AMOUNT)) return refuse('320')
  const amount = BigInt(fields.AMOUNT)
  if (aboveLargestDebit(method, maxAmount) || amount > maxAmount) return refuse('380')
  return { ok: true, value: { amount, maxAmount } }
}

/**
 * START_DATE: a real date from the account clock's IST date to 366 days after it. END_DATE, when
 * sent: after START_DATE and at most its 10 years (388 for any other).
 */
export function checkDates(
  start: string | undefined,
  end: string | undefined,
  now: Date,
): Checked<{ startDate: IsoDate; endDate: IsoDate | '' }> {
  const today = istDateOf(now)
  if (start === undefined || !isIsoDate(start)) return refuse('388')
  if (start < today || start > addDays(today, MAX_START_DAYS)) return refuse('388')
  if (end === undefined || end === '') return { ok: true, value: { startDate: start, endDate: '' } }
  if (!isIsoDate(end) || end <= start || end > latestEndDate(start)) return refuse('388')
  return { ok: true, value: { startDate: start, endDate: end } }
}

/** A presented charge's AMOUNT: paise digits (320), at most the mandate's MAX_AMOUNT (380). */
export function checkPresentedAmount(
  value: string | undefined,
  method: RecurringMethod,
  maxAmount: bigint,
): Checked<bigint> {
  if (!isAmount(value)) return refuse('320')
  const amount = BigInt(value)
  return aboveLargestDebit(method, amount, maxAmount) ? refuse('380') : { ok: true, value: amount }
}
