/**
 * The rules sandbox subscriptions follow (UPI AutoPay, card standing instructions, e-NACH), as
 * docs/decisions/053-recurring-payment-rules.md fixes them: when a cycle falls, when its notice
 * goes and its debit is made, how many attempts a cycle gets, which debits need the customer's
 * approval, and what the customer may do in each state. The gateway, the clock walk and the tests
 * read the one answer here.
 *
 * Every function is pure: no I/O and no clock of its own, each takes the times it compares. Money
 * is whole paise, dates are IST calendar dates through core/calendar/business-calendar.ts. Nothing
 * is random (unlike core/retry/backoff.ts), so a test can name every time in advance.
 */
import {
  addDays,
  addWorkingDays,
  daysBetween,
  type IsoDate,
  isIsoDate,
  istDateOf,
  istInstant,
} from '#core/calendar/business-calendar.ts'
import type { Paise } from '#core/currency/paise.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'

const HOUR_MS = 3_600_000

// ---------------------------------------------------------------------------------------------
// Methods, categories, codes

/** The instruments a subscription runs on: UPI AutoPay, a card standing instruction, e-NACH. */
export const recurringMethods = ['UPI', 'CARD', 'ENACH'] as const
export type RecurringMethod = (typeof recurringMethods)[number]

/**
 * The categories RBI lets debit up to ₹1,00,000 without additional authentication (December
 * 2023): mutual fund subscriptions, insurance premiums and credit card bills.
 */
export const highLimitCategories = ['MUTUAL_FUND', 'INSURANCE', 'CREDIT_CARD_BILL'] as const
export type HighLimitCategory = (typeof highLimitCategories)[number]

/** Whether a `CATEGORY` is one the sandbox knows (another answers 326). */
export function isHighLimitCategory(text: string): text is HighLimitCategory {
  return (highLimitCategories as readonly string[]).includes(text)
}

/**
 * The response codes these rules answer with. 020 and 004 keep the gateway's meaning; 379 to 387
 * are the recurring codes the decision adds, listed with their messages in core/protocol/codes.ts
 * and in every language of the pages (gateway/i18n/). 388, a bad START_DATE or END_DATE, is the
 * subscription call's answer (ADR 054), not these rules'.
 */
export const recurringCodes = {
  declined: '004',
  insufficientFunds: '020',
  invalidFrequency: '379',
  aboveLargestDebit: '380',
  noValidNotice: '381',
  optedOut: '382',
  notApproved: '383',
  paused: '384',
  notActive: '385',
  cycleAlreadyPaid: '386',
  noSubscription: '387',
} as const satisfies Record<string, ResponseCode>
export type RecurringCode = (typeof recurringCodes)[keyof typeof recurringCodes]

// ---------------------------------------------------------------------------------------------
// Frequencies and cycles

/**
 * The frequencies offered. No daily (a notice 36 h ahead and daily retries do not fit a one-day
 * cycle), no fortnightly or half-yearly (they test nothing the others do not), no bi-monthly
 * (NACH reads it as twice a month, UPI sources do not say).
 */
export const frequencies = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY', 'AS_PRESENTED'] as const
export type Frequency = (typeof frequencies)[number]

/** A frequency with a schedule: every one but AS_PRESENTED, whose charges the merchant presents. */
export type ScheduledFrequency = Exclude<Frequency, 'AS_PRESENTED'>

/** Whether a `FREQUENCY` is one offered (another answers 379). */
export function isFrequency(text: string): text is Frequency {
  return (frequencies as readonly string[]).includes(text)
}

/** Days between two WEEKLY cycles. */
export const DAYS_PER_WEEKLY_CYCLE = 7

/** Calendar months between two cycles of the month-counted frequencies. */
export const monthsPerCycle = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 } as const

const MONTHS_PER_YEAR = 12

/** Days in a month (1–12) of a year, from the calendar's own date arithmetic. */
function daysInMonth(year: number, month: number): number {
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`
  return daysBetween(first, addMonthsClamped(first, 1))
}

/**
 * The date `months` calendar months after `date`, on the same day or, in a shorter month, on its
 * last day (31 January + 1 → 28 or 29 February; 29 February + 12 → 28 February).
 */
function addMonthsClamped(date: IsoDate, months: number): IsoDate {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  const day = Number(date.slice(8, 10))
  const index = year * MONTHS_PER_YEAR + (month - 1) + months
  const targetYear = Math.floor(index / MONTHS_PER_YEAR)
  const targetMonth = (index % MONTHS_PER_YEAR) + 1
  const first = `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-01`
  // The first of a month plus (day - 1) days, capped at the month's last day.
  const lastDay = day > 28 ? daysInMonth(targetYear, targetMonth) : day
  return addDays(first, Math.min(day, lastDay) - 1)
}

/**
 * Cycle `n`'s date (`n` = 0 is the anchor). It is computed from the anchor every time, never from
 * the cycle before, so an anchor of the 31st that fell on a 30th or a 28th returns to the 31st in
 * the next long month, as Stripe bills an anchor of 31 January. Cycles count anchor to anchor, not
 * by calendar month, so a subscription started on the 31st has as many retries as one started on
 * the 5th.
 */
export function cycleDate(anchor: IsoDate, frequency: ScheduledFrequency, n: number): IsoDate {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`A cycle is numbered 0, 1, 2…, not ${n}`)
  }
  if (frequency === 'WEEKLY') return addDays(anchor, DAYS_PER_WEEKLY_CYCLE * n)
  return addMonthsClamped(anchor, monthsPerCycle[frequency] * n)
}

/**
 * The instant a cycle ends: the next cycle's date at 00:00 IST. Retries must fall before it, so
 * that one cycle never takes a debit that belongs to the next.
 */
export function cycleEndsAt(anchor: IsoDate, frequency: ScheduledFrequency, n: number): Date {
  return istInstant(cycleDate(anchor, frequency, n + 1), 0)
}

// ---------------------------------------------------------------------------------------------
// Debit and notice times

/**
 * The IST hour of every `DEBIT_AT`: outside NPCI's peak hours for AutoPay (10:00–13:00,
 * 17:00–21:30) and before the 11:00 settlement run, every day of the week and on bank holidays
 * alike, since UPI and NACH run every day.
 */
export const DEBIT_HOUR_IST = 7

/** The least time between a notice and its debit: RBI's "at least 24 hours", the bound included. */
export const NOTICE_WINDOW_MIN_HOURS = 24

/**
 * The most time between a notice and its debit, the bound included: Juspay's UPI stack sends
 * between 48 and 24 hours before, or the payer's bank may fail the execution.
 */
export const NOTICE_WINDOW_MAX_HOURS = 48

/**
 * How long before `DEBIT_AT` a scheduled cycle's notice goes: the middle of the window, so a delay
 * of up to 12 h either way in sending still keeps the debit lawful (19:00 IST two days before).
 */
export const SCHEDULED_NOTICE_HOURS_BEFORE = 36

/** The reason every notice gives, as RBI's list of a notice's contents asks. */
export const NOTICE_REASON = 'Recurring payment under the mandate you registered'

/** A cycle's `DEBIT_AT`: 07:00 IST on its date. */
export function debitAt(cycleDate: IsoDate): Date {
  return istInstant(cycleDate, DEBIT_HOUR_IST)
}

/** When a scheduled cycle's notice is sent: `DEBIT_AT` − 36 h. */
export function scheduledNoticeAt(debitAt: Date): Date {
  return new Date(debitAt.getTime() - SCHEDULED_NOTICE_HOURS_BEFORE * HOUR_MS)
}

/**
 * Whether a debit at `debitAt` may be made on a notice sent at `notifiedAt`: at least 24 h and at
 * most 48 h before, both bounds included. Outside it the attempt ends 381, no money moved, and
 * counts as a failed attempt.
 */
export function noticeWindowHolds(notifiedAt: Date, debitAt: Date): boolean {
  const ahead = debitAt.getTime() - notifiedAt.getTime()
  return ahead >= NOTICE_WINDOW_MIN_HOURS * HOUR_MS && ahead <= NOTICE_WINDOW_MAX_HOURS * HOUR_MS
}

/**
 * The `DEBIT_AT` of a charge the merchant presents (AS_PRESENTED): the first 07:00 IST at least
 * 24 h after it was presented, when its notice goes, so the notice is always 24 to 48 h ahead.
 */
export function presentedDebitAt(presentedAt: Date): Date {
  const earliest = new Date(presentedAt.getTime() + NOTICE_WINDOW_MIN_HOURS * HOUR_MS)
  const sameDay = debitAt(istDateOf(earliest))
  return sameDay >= earliest ? sameDay : debitAt(addDays(istDateOf(earliest), 1))
}

// ---------------------------------------------------------------------------------------------
// Attempts, retries, halt

/** Attempts a cycle gets at most: the first and three retries (NPCI's 1 + 3, as reported). */
export const MAX_ATTEMPTS_PER_CYCLE = 4

/**
 * Hours between one attempt and the next: a day, so each retry can have its own notice exactly
 * 24 h ahead, and the console's +1 day steps through them one by one.
 */
export const RETRY_INTERVAL_HOURS = 24

/** Hours between a retry's notice and its `DEBIT_AT`: the notice goes when the attempt before fails. */
export const RETRY_NOTICE_HOURS_BEFORE = 24

/** Whether `attempt` names an attempt of a cycle: 1 to 4. */
export function isAttempt(attempt: number): boolean {
  return Number.isSafeInteger(attempt) && attempt >= 1 && attempt <= MAX_ATTEMPTS_PER_CYCLE
}

/** Attempt `attempt`'s `DEBIT_AT` (2, 3, 4): the first attempt's + (attempt − 1) × 24 h. */
export function retryDebitAt(firstDebitAt: Date, attempt: number): Date {
  if (!isAttempt(attempt)) {
    throw new RangeError(`A cycle has attempts 1 to ${MAX_ATTEMPTS_PER_CYCLE}, not ${attempt}`)
  }
  return new Date(firstDebitAt.getTime() + (attempt - 1) * RETRY_INTERVAL_HOURS * HOUR_MS)
}

/**
 * A retry's notice time: 24 h before its `DEBIT_AT`, which is the `DEBIT_AT` of the attempt that
 * failed, since the notice goes when that attempt fails.
 */
export function retryNoticeAt(retryDebitAt: Date): Date {
  return new Date(retryDebitAt.getTime() - RETRY_NOTICE_HOURS_BEFORE * HOUR_MS)
}

/**
 * The failures that bring a retry: declined (004), insufficient funds (020), no valid notice
 * (381), not approved (383). Not an opt-out (382), a pause (384) or a revocation or cancellation
 * (385): the customer or the merchant chose those, and a retry would override them.
 */
export const retriedCodes: readonly RecurringCode[] = [
  recurringCodes.declined,
  recurringCodes.insufficientFunds,
  recurringCodes.noValidNotice,
  recurringCodes.notApproved,
]

/** Whether an attempt that ended with `code` is retried. */
export function isRetried(code: string): boolean {
  return (retriedCodes as readonly string[]).includes(code)
}

/** What follows a failed attempt. */
export type StepAfterFailure =
  /** Attempt `attempt` goes at `debitAt`, noticed at `noticeAt`; the subscription is `PENDING`. */
  | { step: 'RETRY'; attempt: number; debitAt: Date; noticeAt: Date }
  /** The cycle's last attempt failed: the subscription is `HALTED` until the merchant resumes it. */
  | { step: 'HALT' }
  /** The customer opted out (382): the cycle ends `SKIPPED`, no retry, and it never counts towards a halt. */
  | { step: 'SKIPPED' }
  /** A pause, revocation or cancellation stopped the attempt: the cycle ends `UNPAID`, no retry. */
  | { step: 'STOPPED' }

/**
 * What follows attempt `attempt` (1–4) of a cycle ending with `code`. A retried failure brings the
 * next attempt a day later while one is left and its `DEBIT_AT` is before `cycleEnd` (the next
 * cycle's date, 00:00 IST; none for a presented charge); otherwise the subscription halts.
 */
export function nextStepAfterFailure(
  firstDebitAt: Date,
  attempt: number,
  code: string,
  cycleEnd?: Date,
): StepAfterFailure {
  if (!isAttempt(attempt)) {
    throw new RangeError(`A cycle has attempts 1 to ${MAX_ATTEMPTS_PER_CYCLE}, not ${attempt}`)
  }
  if (code === recurringCodes.optedOut) return { step: 'SKIPPED' }
  if (!isRetried(code)) return { step: 'STOPPED' }
  if (attempt === MAX_ATTEMPTS_PER_CYCLE) return { step: 'HALT' }
  const next = attempt + 1
  const at = retryDebitAt(firstDebitAt, next)
  if (cycleEnd !== undefined && at >= cycleEnd) return { step: 'HALT' }
  return { step: 'RETRY', attempt: next, debitAt: at, noticeAt: retryNoticeAt(at) }
}

// ---------------------------------------------------------------------------------------------
// Amounts: approval and largest debits

/** Debits above this need the customer's approval on UPI and card: ₹15,000.00 (RBI, June 2022). */
export const APPROVAL_THRESHOLD: Paise = 15_000_00n

/** The threshold for the three high-limit categories: ₹1,00,000.00 (RBI, December 2023). */
export const HIGH_LIMIT_APPROVAL_THRESHOLD: Paise = 1_00_000_00n

/**
 * The largest single debit by method (380 above): UPI AutoPay ₹1,00,000 (Razorpay, BillDesk);
 * card ₹1,00,000 (ours: no card cap was found); e-NACH ₹1,00,00,000 (NPCI NACH from August 2023).
 */
export const largestDebits: Readonly<Record<RecurringMethod, Paise>> = {
  UPI: 1_00_000_00n,
  CARD: 1_00_000_00n,
  ENACH: 1_00_00_000_00n,
}

/** The largest single debit a method takes. */
export function largestDebit(method: RecurringMethod): Paise {
  return largestDebits[method]
}

/** The approval threshold for a debit of a category, or of none. */
export function approvalThreshold(category?: HighLimitCategory): Paise {
  return category === undefined ? APPROVAL_THRESHOLD : HIGH_LIMIT_APPROVAL_THRESHOLD
}

/**
 * Whether a later debit needs the customer's approval (`APPROVAL_REQUIRED=Y`): on UPI and card,
 * above the threshold, "up to" including the bound as fee slabs do, so ₹15,000.00 itself needs
 * none. e-NACH never does: RBI's e-mandate framework does not cover NACH.
 */
export function needsApproval(
  method: RecurringMethod,
  amount: Paise,
  category?: HighLimitCategory,
): boolean {
  if (method === 'ENACH') return false
  return amount > approvalThreshold(category)
}

/**
 * Whether a debit is refused as too large (380): above the method's largest debit, or above the
 * mandate's `MAX_AMOUNT` when it has one.
 */
export function aboveLargestDebit(
  method: RecurringMethod,
  amount: Paise,
  maxAmount?: Paise,
): boolean {
  return amount > largestDebit(method) || (maxAmount !== undefined && amount > maxAmount)
}

// ---------------------------------------------------------------------------------------------
// First cycle, validity, resume

/** Working days after an e-NACH registration before cycle 0: gateways allow the second; ours the third. */
export const ENACH_FIRST_CYCLE_WORKING_DAYS = 3

/**
 * Whether registration takes cycle 0's amount at once: on UPI and card the customer is present
 * and authenticates, and one AFA may cover both; e-NACH registration takes no money.
 */
export function debitsAtRegistration(method: RecurringMethod): boolean {
  return method !== 'ENACH'
}

/**
 * Cycle 0's date, the anchor: the registration's IST date on UPI and card (debited then), the
 * third working day after it on e-NACH (debited at 07:00 on a notice like any other).
 */
export function firstCycleDate(method: RecurringMethod, registeredAt: Date): IsoDate {
  const registered = istDateOf(registeredAt)
  return debitsAtRegistration(method)
    ? registered
    : addWorkingDays(registered, ENACH_FIRST_CYCLE_WORKING_DAYS)
}

/** Where a subscription's cycles start, fixed when its mandate is registered. */
export interface Anchor {
  /** Cycle 0's date. */
  anchor: IsoDate
  /** Whether cycle 0 is taken with the registration itself (its one AFA covers both). */
  debitNow: boolean
}

/**
 * Cycle 0's date for a mandate registered at `registeredAt` and asked to start on `startDate`:
 * the start date, or the first the method allows if that is later (firstCycleDate). On UPI and
 * card a start on the registration's own date is debited with the registration. Any other first
 * debit needs a notice at least 24 h ahead, so it falls no earlier than the first 07:00 IST a day
 * after the registration; an AS_PRESENTED mandate only starts then, its charges presented later.
 */
export function anchorOf(
  method: RecurringMethod,
  frequency: Frequency,
  startDate: IsoDate,
  registeredAt: Date,
): Anchor {
  const registered = istDateOf(registeredAt)
  const first = firstCycleDate(method, registeredAt)
  const start = startDate > first ? startDate : first
  if (frequency === 'AS_PRESENTED') {
    return { anchor: start > registered ? start : registered, debitNow: false }
  }
  if (debitsAtRegistration(method) && start === registered) {
    return { anchor: registered, debitNow: true }
  }
  const earliest = istDateOf(presentedDebitAt(registeredAt))
  return { anchor: start > earliest ? start : earliest, debitNow: false }
}

/**
 * When a scheduled cycle's notice goes: `DEBIT_AT` − 36 h, or at the registration itself when
 * that time had passed by then (cycle 0 only: anchorOf keeps its debit 24 h away).
 */
export function cycleNoticeAt(debitAt: Date, registeredAt: Date): Date {
  const scheduled = scheduledNoticeAt(debitAt)
  return scheduled > registeredAt ? scheduled : registeredAt
}

/** How long a mandate runs at most, and by default: 10 years from the anchor (NACH allows 30). */
export const MANDATE_VALIDITY_YEARS = 10

/** The latest, and default, `END_DATE`: the anchor + 10 years, 29 February landing on 28 February. */
export function latestEndDate(anchor: IsoDate): IsoDate {
  return addMonthsClamped(anchor, MANDATE_VALIDITY_YEARS * MONTHS_PER_YEAR)
}

/** Whether an `END_DATE` is allowed: on or after the anchor and no later than its 10 years. */
export function isValidEndDate(anchor: IsoDate, endDate: IsoDate): boolean {
  return isIsoDate(endDate) && endDate >= anchor && endDate <= latestEndDate(anchor)
}

/** Whether a cycle is debited at all: only those dated on or before `END_DATE`. */
export function cycleWithinValidity(cycleDate: IsoDate, endDate: IsoDate): boolean {
  return cycleDate <= endDate
}

/**
 * The first cycle after a resume (customer from `PAUSED`, merchant from `HALTED`): the first whose
 * scheduled notice time is at or after the resume. Unpaid cycles before it are not collected, as
 * Razorpay does not charge a halted subscription's invoices. Undefined when no cycle on or before
 * `endDate` is left.
 */
export function firstCycleAfterResume(
  anchor: IsoDate,
  frequency: ScheduledFrequency,
  resumedAt: Date,
  endDate: IsoDate = latestEndDate(anchor),
): number | undefined {
  for (let n = 0; ; n++) {
    const date = cycleDate(anchor, frequency, n)
    if (!cycleWithinValidity(date, endDate)) return undefined
    if (scheduledNoticeAt(debitAt(date)) >= resumedAt) return n
  }
}

// ---------------------------------------------------------------------------------------------
// States and the customer's actions

/** A subscription's states. */
export const subscriptionStates = [
  'CREATED',
  'ACTIVE',
  'PENDING',
  'PAUSED',
  'HALTED',
  'COMPLETED',
  'CANCELLED',
  'FAILED',
] as const
export type SubscriptionState = (typeof subscriptionStates)[number]

/** The states nothing leaves. */
export const finalStates: readonly SubscriptionState[] = ['COMPLETED', 'CANCELLED', 'FAILED']

/** The customer's actions, sent by the sandbox's signed test call in place of a UPI app or SMS link. */
export const customerActions = ['SKIP', 'APPROVE', 'PAUSE', 'RESUME', 'REVOKE'] as const
export type CustomerAction = (typeof customerActions)[number]

/** Whether an `ACTION` is one the customer call takes (another answers 326). */
export function isCustomerAction(text: string): text is CustomerAction {
  return (customerActions as readonly string[]).includes(text)
}

/** When an action is allowed, and what state it leaves. */
interface CustomerActionRule {
  methods: readonly RecurringMethod[]
  states: readonly SubscriptionState[]
  /** Needs a notice that is out and whose `DEBIT_AT` has not come. */
  openNotice: boolean
  /** Needs that notice to say `APPROVAL_REQUIRED=Y`. */
  approvalNotice: boolean
  /** The state after the action; undefined leaves it as it was. */
  stateAfter: SubscriptionState | undefined
}

/**
 * The actions by method and state. Pause and resume are UPI only: UPI apps offer them, no source
 * offers them on cards or NACH. Approval is UPI and card only: e-NACH never asks for it. A
 * revocation ends everything but a final state.
 */
export const customerActionRules: Readonly<Record<CustomerAction, CustomerActionRule>> = {
  SKIP: {
    methods: recurringMethods,
    states: ['ACTIVE', 'PENDING'],
    openNotice: true,
    approvalNotice: false,
    stateAfter: 'ACTIVE',
  },
  APPROVE: {
    methods: ['UPI', 'CARD'],
    states: ['ACTIVE', 'PENDING'],
    openNotice: true,
    approvalNotice: true,
    stateAfter: undefined,
  },
  PAUSE: {
    methods: ['UPI'],
    states: ['ACTIVE', 'PENDING'],
    openNotice: false,
    approvalNotice: false,
    stateAfter: 'PAUSED',
  },
  RESUME: {
    methods: ['UPI'],
    states: ['PAUSED'],
    openNotice: false,
    approvalNotice: false,
    stateAfter: 'ACTIVE',
  },
  REVOKE: {
    methods: recurringMethods,
    states: subscriptionStates.filter((state) => !finalStates.includes(state)),
    openNotice: false,
    approvalNotice: false,
    stateAfter: 'CANCELLED',
  },
}

/** The notice last sent on a subscription, as far as the customer's actions read it. */
export interface OpenNotice {
  debitAt: Date
  approvalRequired: boolean
  /** The customer already approved it: there is nothing left to approve. */
  approved?: boolean
}

/** What decides whether the customer may act now. */
export interface CustomerActionContext {
  method: RecurringMethod
  state: SubscriptionState
  /** The latest notice, if one was sent for the attempt to come. */
  notice?: OpenNotice
  now: Date
}

/** Whether the customer may take `action` now. */
export function customerActionAllowed(
  action: CustomerAction,
  { method, state, notice, now }: CustomerActionContext,
): boolean {
  const rule = customerActionRules[action]
  if (!rule.methods.includes(method) || !rule.states.includes(state)) return false
  const open = notice !== undefined && now < notice.debitAt
  if (rule.openNotice && !open) return false
  if (rule.approvalNotice && (!notice?.approvalRequired || notice.approved)) return false
  return true
}

/** Every action the customer may take now, in the table's order. */
export function allowedCustomerActions(context: CustomerActionContext): CustomerAction[] {
  return customerActions.filter((action) => customerActionAllowed(action, context))
}

/** The state after an allowed action. */
export function stateAfterCustomerAction(
  action: CustomerAction,
  state: SubscriptionState,
): SubscriptionState {
  return customerActionRules[action].stateAfter ?? state
}

// ---------------------------------------------------------------------------------------------
// Charges

/**
 * The Subscription pricing tab's row a mandate's registration is charged by, once: UPI's own row,
 * or the card and e-NACH mandate row.
 */
export function registrationChargeId(
  method: RecurringMethod,
): 'upi-mandate' | 'mandate-registration' {
  return method === 'UPI' ? 'upi-mandate' : 'mandate-registration'
}

/**
 * The row each successful debit (cycle 0 included) is charged by, whatever the frequency: UPI
 * AutoPay presentations by slab, card and e-NACH debits at one rate. Failed, refused, skipped and
 * stopped attempts cost nothing.
 */
export function debitChargeId(
  method: RecurringMethod,
): 'upi-autopay-presentation' | 'debit-transaction' {
  return method === 'UPI' ? 'upi-autopay-presentation' : 'debit-transaction'
}
