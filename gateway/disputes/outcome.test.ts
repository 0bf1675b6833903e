import { describe, expect, it } from 'vitest'
import { decide, isPastDeadline, respondByOf } from './outcome.ts'

const ist = (text: string) => new Date(`${text.replace(' ', 'T')}:00+05:30`)

describe('the respond-by date', () => {
  it('is five working days after the IST date the dispute was made', () => {
    // Monday 30 November 2026 → Saturday 5 December, a 1st Saturday and so a working day.
    expect(respondByOf(ist('2026-11-30 12:00'))).toBe('2026-12-05')
    // Tuesday 1 December → Monday the 7th: Saturday the 5th counts, Sunday the 6th does not.
    expect(respondByOf(ist('2026-12-01 12:00'))).toBe('2026-12-07')
  })

  it('skips Sundays, 2nd and 4th Saturdays and bank holidays', () => {
    // Friday 4 December: Sat 5 (1st), Mon 7, Tue 8, Wed 9, Thu 10.
    expect(respondByOf(ist('2026-12-04 12:00'))).toBe('2026-12-10')
    // Friday 11 December: Sat 12 is the 2nd Saturday, Sun 13; Mon 14 … Fri 18.
    expect(respondByOf(ist('2026-12-11 12:00'))).toBe('2026-12-18')
    // Monday 21 December: Christmas (Friday 25) and the 4th Saturday (26) skipped.
    expect(respondByOf(ist('2026-12-21 12:00'))).toBe('2026-12-29')
  })

  it('counts from the IST date: 19:00 UTC is already the next day in India', () => {
    expect(respondByOf(new Date('2026-11-30T19:00:00Z'))).toBe(respondByOf(ist('2026-12-01 09:00')))
  })
})

describe('the deadline', () => {
  it('is the end of the respond-by day, IST', () => {
    expect(isPastDeadline('2026-12-07', ist('2026-12-07 23:59'))).toBe(false)
    expect(isPastDeadline('2026-12-07', new Date('2026-12-07T18:29:59.999Z'))).toBe(false)
    expect(isPastDeadline('2026-12-07', ist('2026-12-08 00:00'))).toBe(true)
    expect(isPastDeadline('2026-12-07', ist('2027-01-04 11:00'))).toBe(true)
  })
})

describe('the rule', () => {
  it('a deadline missed is lost', () => {
    for (const reasonCode of ['13.1', '10.4']) {
      expect(decide({ status: 'OPEN', reasonCode, hasDocument: false })).toEqual({
        status: 'LOST',
        resolution: 'No answer by the deadline',
      })
    }
  })

  it('13.1 contested with a document is won; without one, lost', () => {
    expect(decide({ status: 'UNDER_REVIEW', reasonCode: '13.1', hasDocument: true })).toEqual({
      status: 'WON',
      resolution: 'Evidence accepted by the issuer',
    })
    expect(decide({ status: 'UNDER_REVIEW', reasonCode: '13.1', hasDocument: false })).toEqual({
      status: 'LOST',
      resolution: 'No document sent with the evidence',
    })
  })

  it('10.4 is lost whatever is sent', () => {
    for (const hasDocument of [true, false]) {
      expect(decide({ status: 'UNDER_REVIEW', reasonCode: '10.4', hasDocument })).toEqual({
        status: 'LOST',
        resolution: 'Evidence cannot overturn a dispute of this reason',
      })
    }
  })
})
