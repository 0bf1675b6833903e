import { describe, expect, it } from 'vitest'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { quoteSubscription } from '#core/pricing/fees.ts'
import {
  aboveLargestDebit,
  anchorOf,
  cycleNoticeAt,
  allowedCustomerActions,
  APPROVAL_THRESHOLD,
  approvalThreshold,
  customerActionAllowed,
  type CustomerActionContext,
  cycleDate,
  cycleEndsAt,
  cycleWithinValidity,
  debitAt,
  debitChargeId,
  debitsAtRegistration,
  firstCycleAfterResume,
  firstCycleDate,
  frequencies,
  HIGH_LIMIT_APPROVAL_THRESHOLD,
  highLimitCategories,
  isCustomerAction,
  isFrequency,
  isHighLimitCategory,
  isRetried,
  isValidEndDate,
  largestDebit,
  latestEndDate,
  MAX_ATTEMPTS_PER_CYCLE,
  needsApproval,
  nextStepAfterFailure,
  noticeWindowHolds,
  presentedDebitAt,
  recurringMethods,
  registrationChargeId,
  retryDebitAt,
  retryNoticeAt,
  scheduledNoticeAt,
  stateAfterCustomerAction,
  subscriptionStates,
} from './rules.ts'

const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`)
const show = (instant: Date) => formatIstDateTime(instant).slice(0, 16)
const minutes = (count: number) => count * 60_000
const hours = (count: number) => minutes(count * 60)

describe('frequencies', () => {
  it('offers weekly, monthly, quarterly, yearly and as presented, and nothing else', () => {
    expect(frequencies).toEqual(['WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY', 'AS_PRESENTED'])
    for (const frequency of frequencies) expect(isFrequency(frequency)).toBe(true)
    for (const other of ['DAILY', 'FORTNIGHTLY', 'HALF_YEARLY', 'BI_MONTHLY', 'monthly', '']) {
      expect(isFrequency(other)).toBe(false)
    }
  })
})

describe('cycle dates', () => {
  const cycles = (anchor: string, frequency: Parameters<typeof cycleDate>[1], count: number) =>
    Array.from({ length: count }, (_, n) => cycleDate(anchor, frequency, n))

  it('weekly: the anchor + 7n days', () => {
    expect(cycles('2027-01-31', 'WEEKLY', 3)).toEqual(['2027-01-31', '2027-02-07', '2027-02-14'])
  })

  it('monthly from the 31st: the month’s last day when shorter, back to the 31st after', () => {
    expect(cycles('2027-01-31', 'MONTHLY', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ])
    expect(cycleDate('2028-01-31', 'MONTHLY', 1)).toBe('2028-02-29')
    expect(cycleDate('2027-01-31', 'MONTHLY', 12)).toBe('2028-01-31')
    expect(cycleDate('2027-01-30', 'MONTHLY', 1)).toBe('2027-02-28')
    expect(cycleDate('2027-01-05', 'MONTHLY', 13)).toBe('2028-02-05')
  })

  it('quarterly: three months a cycle, same day rule', () => {
    expect(cycles('2027-01-31', 'QUARTERLY', 4)).toEqual([
      '2027-01-31',
      '2027-04-30',
      '2027-07-31',
      '2027-10-31',
    ])
  })

  it('yearly from 29 February: 28 February in common years, 29th again in leap years', () => {
    expect(cycles('2028-02-29', 'YEARLY', 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ])
    // Century rule: 2100 is not a leap year.
    expect(cycleDate('2096-02-29', 'YEARLY', 4)).toBe('2100-02-28')
  })

  it('refuses a cycle number that is not 0, 1, 2…', () => {
    expect(() => cycleDate('2027-01-31', 'MONTHLY', -1)).toThrow(RangeError)
    expect(() => cycleDate('2027-01-31', 'MONTHLY', 1.5)).toThrow(RangeError)
    expect(() => cycleDate('2027-02-30', 'MONTHLY', 1)).toThrow(RangeError)
  })

  it('a cycle ends at the next cycle’s date, 00:00 IST', () => {
    expect(show(cycleEndsAt('2027-01-31', 'MONTHLY', 1))).toBe('2027-03-31 00:00')
  })
})

describe('debit and notice times', () => {
  it('DEBIT_AT is 07:00 IST on the cycle’s date, holidays and Sundays alike', () => {
    expect(debitAt('2027-02-28')).toEqual(ist('2027-02-28 07:00'))
    expect(debitAt('2027-01-26')).toEqual(ist('2027-01-26 07:00')) // Republic Day
  })

  it('a scheduled notice goes 36 h before: 19:00 IST two days before', () => {
    expect(show(scheduledNoticeAt(ist('2027-02-28 07:00')))).toBe('2027-02-26 19:00')
  })

  it('the notice window holds from 24 h to 48 h, both bounds included', () => {
    const at = ist('2027-02-28 07:00')
    const before = (ms: number) => new Date(at.getTime() - ms)
    expect(noticeWindowHolds(before(hours(24)), at)).toBe(true)
    expect(noticeWindowHolds(before(hours(48)), at)).toBe(true)
    expect(noticeWindowHolds(before(hours(36)), at)).toBe(true)
    expect(noticeWindowHolds(before(hours(24) - minutes(1)), at)).toBe(false)
    expect(noticeWindowHolds(before(hours(48) + minutes(1)), at)).toBe(false)
    expect(noticeWindowHolds(before(hours(24) - 1), at)).toBe(false)
    expect(noticeWindowHolds(before(hours(48) + 1), at)).toBe(false)
    expect(noticeWindowHolds(new Date(at.getTime() + hours(1)), at)).toBe(false)
  })

  it('a scheduled notice and a retry notice both hold', () => {
    const at = ist('2027-02-28 07:00')
    expect(noticeWindowHolds(scheduledNoticeAt(at), at)).toBe(true)
    expect(noticeWindowHolds(retryNoticeAt(at), at)).toBe(true)
  })

  it('a presented charge is debited at the first 07:00 IST at least 24 h later', () => {
    expect(show(presentedDebitAt(ist('2027-03-10 15:00')))).toBe('2027-03-12 07:00') // 40 h
    expect(show(presentedDebitAt(ist('2027-03-10 07:00')))).toBe('2027-03-11 07:00') // 24 h
    expect(show(presentedDebitAt(ist('2027-03-10 07:01')))).toBe('2027-03-12 07:00') // 47 h 59
    expect(show(presentedDebitAt(ist('2027-03-10 06:59')))).toBe('2027-03-11 07:00') // 24 h 1
    expect(show(presentedDebitAt(ist('2027-03-10 23:30')))).toBe('2027-03-12 07:00')
    expect(show(presentedDebitAt(ist('2027-12-31 12:00')))).toBe('2028-01-02 07:00')
  })

  it('a presented charge’s notice, sent when presented, always holds', () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const presentedAt = new Date(ist('2027-03-10 00:00').getTime() + minutes(minute))
      expect(noticeWindowHolds(presentedAt, presentedDebitAt(presentedAt))).toBe(true)
    }
  })
})

describe('attempts, retries and halt', () => {
  const first = ist('2027-02-28 07:00')

  it('attempt k goes at the first DEBIT_AT + (k − 1) × 24 h', () => {
    expect(retryDebitAt(first, 1)).toEqual(first)
    expect(show(retryDebitAt(first, 2))).toBe('2027-03-01 07:00')
    expect(show(retryDebitAt(first, 3))).toBe('2027-03-02 07:00')
    expect(show(retryDebitAt(first, 4))).toBe('2027-03-03 07:00')
    expect(() => retryDebitAt(first, 5)).toThrow(RangeError)
    expect(() => retryDebitAt(first, 0)).toThrow(RangeError)
  })

  it('a retry is noticed exactly 24 h ahead, at the failed attempt’s DEBIT_AT', () => {
    expect(retryNoticeAt(retryDebitAt(first, 2))).toEqual(first)
  })

  it('retries 004, 020, 381 and 383; not 382, 384, 385, 386', () => {
    for (const code of ['004', '020', '381', '383']) expect(isRetried(code)).toBe(true)
    for (const code of ['000', '382', '384', '385', '386']) expect(isRetried(code)).toBe(false)
  })

  it('after a retried failure: the next attempt, until the fourth, then halt', () => {
    expect(nextStepAfterFailure(first, 1, '020')).toEqual({
      step: 'RETRY',
      attempt: 2,
      debitAt: ist('2027-03-01 07:00'),
      noticeAt: ist('2027-02-28 07:00'),
    })
    expect(nextStepAfterFailure(first, 3, '383')).toMatchObject({ step: 'RETRY', attempt: 4 })
    expect(nextStepAfterFailure(first, MAX_ATTEMPTS_PER_CYCLE, '004')).toEqual({ step: 'HALT' })
  })

  it('an opt-out skips the cycle; a pause or revocation stops it; neither is retried', () => {
    expect(nextStepAfterFailure(first, 1, '382')).toEqual({ step: 'SKIPPED' })
    expect(nextStepAfterFailure(first, 4, '382')).toEqual({ step: 'SKIPPED' })
    expect(nextStepAfterFailure(first, 2, '384')).toEqual({ step: 'STOPPED' })
    expect(nextStepAfterFailure(first, 2, '385')).toEqual({ step: 'STOPPED' })
  })

  it('halts when the next attempt would fall in the next cycle', () => {
    expect(nextStepAfterFailure(first, 1, '020', ist('2027-03-01 07:00'))).toEqual({
      step: 'HALT',
    })
    expect(nextStepAfterFailure(first, 1, '020', ist('2027-03-01 07:01'))).toMatchObject({
      step: 'RETRY',
    })
  })

  it('weekly cycles always fit all four attempts', () => {
    const anchor = '2027-01-31'
    const firstWeekly = debitAt(cycleDate(anchor, 'WEEKLY', 1))
    expect(retryDebitAt(firstWeekly, 4) < cycleEndsAt(anchor, 'WEEKLY', 1)).toBe(true)
  })

  it('refuses an attempt number outside 1 to 4', () => {
    expect(() => nextStepAfterFailure(first, 5, '020')).toThrow(RangeError)
  })
})

describe('the worked example: MONTHLY on UPI from 2027-01-31', () => {
  it('notices, attempts, retries and the halt fall as the decision names them', () => {
    const anchor = firstCycleDate('UPI', ist('2027-01-31 10:00'))
    expect(anchor).toBe('2027-01-31')
    const cycle1 = cycleDate(anchor, 'MONTHLY', 1)
    const firstAttempt = debitAt(cycle1)
    expect(show(scheduledNoticeAt(firstAttempt))).toBe('2027-02-26 19:00')
    expect(show(firstAttempt)).toBe('2027-02-28 07:00')

    const cycleEnd = cycleEndsAt(anchor, 'MONTHLY', 1)
    expect(show(cycleEnd)).toBe('2027-03-31 00:00')
    const seen: string[] = []
    let attempt = 1
    for (;;) {
      const step = nextStepAfterFailure(firstAttempt, attempt, '020', cycleEnd)
      if (step.step !== 'RETRY') {
        expect(step).toEqual({ step: 'HALT' })
        break
      }
      expect(step.debitAt.getTime() - step.noticeAt.getTime()).toBe(hours(24))
      seen.push(show(step.debitAt))
      attempt = step.attempt
    }
    expect(seen).toEqual(['2027-03-01 07:00', '2027-03-02 07:00', '2027-03-03 07:00'])
    expect(attempt).toBe(4)
    // Cycle 2's notice, never sent once halted.
    expect(show(scheduledNoticeAt(debitAt(cycleDate(anchor, 'MONTHLY', 2))))).toBe(
      '2027-03-29 19:00',
    )
  })
})

describe('approval threshold and largest debits', () => {
  it('UPI and card above ₹15,000.00 need approval; ₹15,000.00 itself does not', () => {
    expect(APPROVAL_THRESHOLD).toBe(1_500_000n)
    for (const method of ['UPI', 'CARD'] as const) {
      expect(needsApproval(method, 15_000_00n)).toBe(false)
      expect(needsApproval(method, 15_000_01n)).toBe(true)
      expect(needsApproval(method, 1n)).toBe(false)
    }
  })

  it('₹1,00,000.00 for mutual funds, insurance and credit card bills', () => {
    expect(HIGH_LIMIT_APPROVAL_THRESHOLD).toBe(10_000_000n)
    for (const category of highLimitCategories) {
      expect(approvalThreshold(category)).toBe(1_00_000_00n)
      expect(needsApproval('UPI', 50_000_00n, category)).toBe(false)
      expect(needsApproval('CARD', 1_00_000_00n, category)).toBe(false)
      expect(needsApproval('CARD', 1_00_000_01n, category)).toBe(true)
    }
    expect(isHighLimitCategory('INSURANCE')).toBe(true)
    expect(isHighLimitCategory('GROCERIES')).toBe(false)
  })

  it('e-NACH never needs approval', () => {
    expect(needsApproval('ENACH', 50_00_000_00n)).toBe(false)
  })

  it('largest debits: UPI and card ₹1,00,000, e-NACH ₹1,00,00,000', () => {
    expect(largestDebit('UPI')).toBe(1_00_000_00n)
    expect(largestDebit('CARD')).toBe(1_00_000_00n)
    expect(largestDebit('ENACH')).toBe(1_00_00_000_00n)
    expect(aboveLargestDebit('UPI', 1_00_000_00n)).toBe(false)
    expect(aboveLargestDebit('UPI', 1_00_000_01n)).toBe(true)
    expect(aboveLargestDebit('ENACH', 1_00_00_000_00n)).toBe(false)
    expect(aboveLargestDebit('ENACH', 1_00_00_000_01n)).toBe(true)
    expect(aboveLargestDebit('ENACH', 5_000_01n, 5_000_00n)).toBe(true)
    expect(aboveLargestDebit('ENACH', 5_000_00n, 5_000_00n)).toBe(false)
  })
})

describe('first cycle', () => {
  it('UPI and card: the registration’s IST date, debited at registration', () => {
    // 23:00 UTC on the 30th is already the 31st in IST.
    expect(firstCycleDate('UPI', new Date('2027-01-30T23:00:00Z'))).toBe('2027-01-31')
    expect(firstCycleDate('CARD', ist('2027-01-31 23:59'))).toBe('2027-01-31')
    expect(debitsAtRegistration('UPI')).toBe(true)
    expect(debitsAtRegistration('CARD')).toBe(true)
    expect(debitsAtRegistration('ENACH')).toBe(false)
  })

  it('e-NACH: the third working day, past a holiday and a 2nd Saturday and Sunday', () => {
    // Tue 9 Mar 2027; Wed 10th Id-ul-Fitr; Thu 11th, Fri 12th; Sat 13th (2nd), Sun 14th; Mon 15th.
    expect(firstCycleDate('ENACH', ist('2027-03-09 10:00'))).toBe('2027-03-15')
    // Fri 5 Nov 2027: Sat 6th (1st Saturday) works; Sun 7th; Mon 8th, Tue 9th.
    expect(firstCycleDate('ENACH', ist('2027-11-05 18:00'))).toBe('2027-11-09')
    // On a Sunday: Mon, Tue, Wed.
    expect(firstCycleDate('ENACH', ist('2027-02-14 09:00'))).toBe('2027-02-17')
  })
})

describe('the anchor a registration fixes', () => {
  it('UPI and card: a start on the registration’s date is debited with it', () => {
    expect(anchorOf('UPI', 'MONTHLY', '2027-01-31', ist('2027-01-31 15:00'))).toEqual({
      anchor: '2027-01-31',
      debitNow: true,
    })
    // Registered after START_DATE: the registration's date, still debited at once.
    expect(anchorOf('CARD', 'WEEKLY', '2027-01-29', ist('2027-01-31 15:00'))).toEqual({
      anchor: '2027-01-31',
      debitNow: true,
    })
  })

  it('a later start is noticed like any cycle, never less than 24 h ahead', () => {
    expect(anchorOf('UPI', 'MONTHLY', '2027-02-10', ist('2027-01-31 15:00'))).toEqual({
      anchor: '2027-02-10',
      debitNow: false,
    })
    // Tomorrow 07:00 is 16 h away: the first 07:00 a day after, the 2nd.
    expect(anchorOf('UPI', 'MONTHLY', '2027-02-01', ist('2027-01-31 15:00'))).toEqual({
      anchor: '2027-02-02',
      debitNow: false,
    })
    // Registered at 06:00: tomorrow 07:00 is 25 h away.
    expect(anchorOf('CARD', 'YEARLY', '2027-02-01', ist('2027-01-31 06:00')).anchor).toBe(
      '2027-02-01',
    )
  })

  it('e-NACH: START_DATE or the third working day, whichever is later, with no money at registration', () => {
    expect(anchorOf('ENACH', 'MONTHLY', '2027-03-09', ist('2027-03-09 10:00'))).toEqual({
      anchor: '2027-03-15',
      debitNow: false,
    })
    expect(anchorOf('ENACH', 'MONTHLY', '2027-04-01', ist('2027-03-09 10:00')).anchor).toBe(
      '2027-04-01',
    )
  })

  it('AS_PRESENTED: no debit at registration; it starts on START_DATE or the day it registers', () => {
    expect(anchorOf('UPI', 'AS_PRESENTED', '2027-01-31', ist('2027-01-31 15:00'))).toEqual({
      anchor: '2027-01-31',
      debitNow: false,
    })
    expect(anchorOf('UPI', 'AS_PRESENTED', '2027-02-05', ist('2027-01-31 15:00')).anchor).toBe(
      '2027-02-05',
    )
  })

  it('a cycle’s notice goes 36 h ahead, or at the registration when that has passed', () => {
    const registered = ist('2027-01-31 06:00')
    // Debit on 1 Feb 07:00: 36 h before is 30 Jan 19:00, before the registration.
    expect(cycleNoticeAt(debitAt('2027-02-01'), registered)).toEqual(registered)
    expect(formatIstDateTime(cycleNoticeAt(debitAt('2027-02-10'), registered))).toBe(
      '2027-02-08 19:00:00',
    )
  })
})

describe('validity and resume', () => {
  it('END_DATE at most the anchor + 10 years, 29 February landing on 28 February', () => {
    expect(latestEndDate('2027-01-31')).toBe('2037-01-31')
    expect(latestEndDate('2028-02-29')).toBe('2038-02-28')
    expect(isValidEndDate('2027-01-31', '2037-01-31')).toBe(true)
    expect(isValidEndDate('2027-01-31', '2037-02-01')).toBe(false)
    expect(isValidEndDate('2027-01-31', '2027-01-30')).toBe(false)
    expect(isValidEndDate('2027-01-31', '2027-01-31')).toBe(true)
    expect(isValidEndDate('2027-01-31', 'soon')).toBe(false)
  })

  it('no cycle dated after END_DATE is debited', () => {
    expect(cycleWithinValidity('2027-06-30', '2027-06-30')).toBe(true)
    expect(cycleWithinValidity('2027-07-01', '2027-06-30')).toBe(false)
  })

  it('after a resume, the first cycle whose notice time is at or after it', () => {
    // Cycle 2 (2027-03-31) is noticed 2027-03-29 19:00.
    expect(firstCycleAfterResume('2027-01-31', 'MONTHLY', ist('2027-03-10 12:00'))).toBe(2)
    expect(firstCycleAfterResume('2027-01-31', 'MONTHLY', ist('2027-03-29 19:00'))).toBe(2)
    expect(firstCycleAfterResume('2027-01-31', 'MONTHLY', ist('2027-03-29 19:01'))).toBe(3)
    expect(
      firstCycleAfterResume('2027-01-31', 'MONTHLY', ist('2027-03-29 19:01'), '2027-04-29'),
    ).toBeUndefined()
  })
})

describe('the customer’s actions', () => {
  const now = ist('2027-02-27 12:00')
  const notice = { debitAt: ist('2027-02-28 07:00'), approvalRequired: false }
  const context = (overrides: Partial<CustomerActionContext>): CustomerActionContext => ({
    method: 'UPI',
    state: 'ACTIVE',
    now,
    ...overrides,
  })

  it('SKIP: any method, while a notice is out and before its DEBIT_AT', () => {
    for (const method of recurringMethods) {
      expect(customerActionAllowed('SKIP', context({ method, notice }))).toBe(true)
      expect(customerActionAllowed('SKIP', context({ method, state: 'PENDING', notice }))).toBe(
        true,
      )
      expect(customerActionAllowed('SKIP', context({ method }))).toBe(false)
      expect(customerActionAllowed('SKIP', context({ method, notice, now: notice.debitAt }))).toBe(
        false,
      )
    }
    expect(customerActionAllowed('SKIP', context({ state: 'PAUSED', notice }))).toBe(false)
  })

  it('APPROVE: UPI and card, only a notice asking for approval, before its DEBIT_AT', () => {
    const asking = { ...notice, approvalRequired: true }
    expect(customerActionAllowed('APPROVE', context({ notice: asking }))).toBe(true)
    expect(customerActionAllowed('APPROVE', context({ method: 'CARD', notice: asking }))).toBe(true)
    expect(customerActionAllowed('APPROVE', context({ method: 'ENACH', notice: asking }))).toBe(
      false,
    )
    expect(customerActionAllowed('APPROVE', context({ notice }))).toBe(false)
    expect(customerActionAllowed('APPROVE', context({ notice: asking, now: asking.debitAt }))).toBe(
      false,
    )
    // Once approved there is nothing left to approve.
    const approved = { ...asking, approved: true }
    expect(customerActionAllowed('APPROVE', context({ notice: approved }))).toBe(false)
    expect(customerActionAllowed('SKIP', context({ notice: approved }))).toBe(true)
  })

  it('PAUSE and RESUME: UPI only', () => {
    expect(customerActionAllowed('PAUSE', context({}))).toBe(true)
    expect(customerActionAllowed('PAUSE', context({ state: 'PENDING' }))).toBe(true)
    expect(customerActionAllowed('PAUSE', context({ state: 'PAUSED' }))).toBe(false)
    expect(customerActionAllowed('PAUSE', context({ state: 'HALTED' }))).toBe(false)
    expect(customerActionAllowed('PAUSE', context({ method: 'CARD' }))).toBe(false)
    expect(customerActionAllowed('PAUSE', context({ method: 'ENACH' }))).toBe(false)
    expect(customerActionAllowed('RESUME', context({ state: 'PAUSED' }))).toBe(true)
    expect(customerActionAllowed('RESUME', context({ state: 'ACTIVE' }))).toBe(false)
    expect(customerActionAllowed('RESUME', context({ state: 'HALTED' }))).toBe(false)
    expect(customerActionAllowed('RESUME', context({ method: 'CARD', state: 'PAUSED' }))).toBe(
      false,
    )
  })

  it('REVOKE: any method, any state but COMPLETED, CANCELLED and FAILED', () => {
    for (const method of recurringMethods) {
      for (const state of subscriptionStates) {
        const final = ['COMPLETED', 'CANCELLED', 'FAILED'].includes(state)
        expect(customerActionAllowed('REVOKE', context({ method, state }))).toBe(!final)
      }
    }
  })

  it('lists what is allowed, in order, and the state each leaves', () => {
    expect(allowedCustomerActions(context({ notice }))).toEqual(['SKIP', 'PAUSE', 'REVOKE'])
    expect(allowedCustomerActions(context({ method: 'ENACH', state: 'PENDING' }))).toEqual([
      'REVOKE',
    ])
    expect(allowedCustomerActions(context({ state: 'CANCELLED', notice }))).toEqual([])
    expect(stateAfterCustomerAction('SKIP', 'PENDING')).toBe('ACTIVE')
    expect(stateAfterCustomerAction('APPROVE', 'PENDING')).toBe('PENDING')
    expect(stateAfterCustomerAction('PAUSE', 'ACTIVE')).toBe('PAUSED')
    expect(stateAfterCustomerAction('RESUME', 'PAUSED')).toBe('ACTIVE')
    expect(stateAfterCustomerAction('REVOKE', 'HALTED')).toBe('CANCELLED')
    expect(isCustomerAction('REVOKE')).toBe(true)
    expect(isCustomerAction('CANCEL')).toBe(false)
  })
})

describe('charges', () => {
  it('registration and each debit are charged by the Subscription tab’s rows', () => {
    expect(quoteSubscription(registrationChargeId('UPI'), 1_00n).fee).toBe(7_00n)
    expect(quoteSubscription(registrationChargeId('CARD'), 1_00n).fee).toBe(6_00n)
    expect(quoteSubscription(registrationChargeId('ENACH'), 1_00n).fee).toBe(6_00n)
    expect(quoteSubscription(debitChargeId('CARD'), 999_00n).fee).toBe(7_00n)
    expect(quoteSubscription(debitChargeId('ENACH'), 999_00n).fee).toBe(7_00n)
    expect(quoteSubscription(debitChargeId('UPI'), 250_00n).fee).toBe(4_00n)
    expect(quoteSubscription(debitChargeId('UPI'), 1_000_01n).fee).toBe(15_00n)
  })
})
