import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  addWorkingDays,
  bankHolidayOn,
  bankHolidays,
  calendarYears,
  dateOfIstDateTime,
  formatIsoDate,
  formatIstDateTime,
  istDateOf,
  istInstant,
  isWorkingDay,
  nextWorkingDay,
} from './business-calendar.ts'

/** Any date of the years the calendar lists, and a little either side. */
const dates = fc
  .integer({ min: 0, max: 3 * 366 })
  .map((offset) => addDays(`${calendarYears[0]! - 1}-12-01`, offset))

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()

describe('working days', () => {
  it('are Monday to Friday and the 1st, 3rd and 5th Saturdays, except bank holidays', () => {
    // November 2026: Saturdays 7 (1st), 14 (2nd), 21 (3rd), 28 (4th).
    expect(isWorkingDay('2026-11-07')).toBe(true)
    expect(isWorkingDay('2026-11-14')).toBe(false)
    expect(isWorkingDay('2026-11-21')).toBe(true)
    expect(isWorkingDay('2026-11-28')).toBe(false)
    expect(isWorkingDay('2026-11-29')).toBe(false) // Sunday
    expect(isWorkingDay('2026-10-31')).toBe(true) // the 5th Saturday of October
    expect(isWorkingDay('2026-11-24')).toBe(false) // Guru Nanak Jayanti, a Tuesday
    expect(isWorkingDay('2026-11-25')).toBe(true)
  })

  it('never include a listed bank holiday, a Sunday, or a 2nd or 4th Saturday', () => {
    for (const holiday of bankHolidays) expect(isWorkingDay(holiday.date), holiday.name).toBe(false)
    fc.assert(
      fc.property(dates, (date) => {
        const day = Number(date.slice(8))
        const secondOrFourthSaturday = weekday(date) === 6 && [2, 4].includes(Math.ceil(day / 7))
        if (weekday(date) === 0 || secondOrFourthSaturday || bankHolidayOn(date)) {
          expect(isWorkingDay(date)).toBe(false)
        }
        if (weekday(date) >= 1 && weekday(date) <= 5 && !bankHolidayOn(date)) {
          expect(isWorkingDay(date)).toBe(true)
        }
      }),
    )
  })

  it('list the national holidays of this year and next', () => {
    const thisYear = calendarYears[0]!
    for (const year of [thisYear, thisYear + 1]) {
      for (const date of ['01-26', '08-15', '10-02', '12-25']) {
        expect(bankHolidayOn(`${year}-${date}`), `${year}-${date}`).toBeDefined()
      }
    }
  })
})

describe('the next working day', () => {
  it('is the first working day strictly after the date', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const next = nextWorkingDay(date)
        expect(next > date).toBe(true)
        expect(isWorkingDay(next)).toBe(true)
        for (let day = addDays(date, 1); day < next; day = addDays(day, 1)) {
          expect(isWorkingDay(day)).toBe(false)
        }
      }),
    )
  })

  it('skips holidays and the weekend together', () => {
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30') // Fri → 4th Saturday, Sunday → Mon
    expect(nextWorkingDay('2026-12-24')).toBe('2026-12-28') // Christmas, 4th Saturday, Sunday
    expect(nextWorkingDay('2026-11-23')).toBe('2026-11-25') // Guru Nanak Jayanti
    expect(nextWorkingDay('2026-10-30')).toBe('2026-10-31') // a 5th Saturday works
  })

  it('counts working days for deadlines', () => {
    expect(addWorkingDays('2026-11-20', 5)).toBe('2026-11-27') // Sat 21 works, Tue 24 does not
    expect(addWorkingDays('2026-11-20', 0)).toBe('2026-11-20')
  })
})

describe('IST', () => {
  it('dates an instant in India Standard Time, five and a half hours ahead of UTC', () => {
    expect(istDateOf(new Date('2026-11-26T18:29:59.999Z'))).toBe('2026-11-26')
    expect(istDateOf(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27')
    expect(istInstant('2026-11-27', 11).toISOString()).toBe('2026-11-27T05:30:00.000Z')
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 23 }), (date, hour) => {
        expect(istDateOf(istInstant(date, hour))).toBe(date)
      }),
    )
  })

  it("writes and reads an instant as the gateway's IST date-time", () => {
    expect(formatIstDateTime(new Date('2026-11-21T09:28:21Z'))).toBe('2026-11-21 14:58:21')
    expect(dateOfIstDateTime('2026-11-21 14:58:21')).toBe('2026-11-21')
    expect(dateOfIstDateTime('2026-11-21T14:58:21Z')).toBeUndefined()
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (instant) => {
          expect(dateOfIstDateTime(formatIstDateTime(instant))).toBe(istDateOf(instant))
        },
      ),
    )
  })

  it('writes a date for people', () => {
    expect(formatIsoDate('2026-01-26')).toBe('26 January')
    expect(formatIsoDate('2026-11-30', 'full')).toBe('Monday, 30 November 2026')
  })

  it('refuses what is not a date', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow('No such date: 2026-02-30')
    expect(() => nextWorkingDay('27/11/2026')).toThrow('Not a YYYY-MM-DD date')
  })
})
