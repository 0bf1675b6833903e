import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  addWorkingDays,
  bankHolidayOn,
  bankHolidays,
  CalendarEndError,
  calendarEnd,
  calendarYears,
  dateOfIstDateTime,
  daysBetween,
  formatIsoDate,
  formatIstDateTime,
  istDateOf,
  istInstant,
  isReadableDate,
  isWorkingDay,
  lastDateCounting,
  nextWorkingDay,
  previousWorkingDay,
} from './business-calendar.ts'
import { dueBefore } from '#core/settlement/schedule.ts'

/**
 * Any date of the years the calendar lists, from a month before them to the last date whose next
 * working day is still known.
 */
const firstDate = `${calendarYears[0]! - 1}-12-01`
const dates = fc
  .integer({ min: 0, max: daysBetween(firstDate, lastDateCounting(1)) })
  .map((offset) => addDays(firstDate, offset))

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
})

describe('the end of the calendar', () => {
  const lastYear = calendarYears.at(-1)!
  const nextYear = `${lastYear + 1}-01-01`

  it('refuses to call a date after the last listed year a working day or a holiday', () => {
    expect(calendarEnd).toBe(`${lastYear}-12-31`)
    expect(() => isWorkingDay(nextYear)).toThrow(CalendarEndError)
    expect(() => isWorkingDay(nextYear)).toThrow(
      `No bank holidays are known after ${calendarEnd}, so ${nextYear} is neither a working day nor a holiday: add ${lastYear + 1}'s published list as core/calendar/holidays/${lastYear + 1}.json`,
    )
    expect(() => bankHolidayOn(nextYear)).toThrow(CalendarEndError)
    expect(() => nextWorkingDay(calendarEnd)).toThrow(CalendarEndError)
    expect(() => addWorkingDays(addDays(calendarEnd, -3), 5)).toThrow(CalendarEndError)
    expect(isWorkingDay(calendarEnd)).toBe(
      weekday(calendarEnd) !== 0 && !bankHolidayOn(calendarEnd),
    )
  })

  it('names the last date from which a walk of working days stays in the known years', () => {
    for (const count of [1, 2, 5, 10]) {
      const last = lastDateCounting(count)
      expect(addWorkingDays(last, count) <= calendarEnd, `${count} from ${last}`).toBe(true)
      expect(() => addWorkingDays(addDays(last, 1), count), `${count}`).toThrow(CalendarEndError)
    }
    expect(lastDateCounting(0)).toBe(calendarEnd)
  })

  it('settles a capture and counts a dispute deadline from the last safe date without crossing it', () => {
    // The year before the last: a capture on its 31 December settles in the last year.
    expect(nextWorkingDay(`${lastYear - 1}-12-31`).startsWith(`${lastYear}-`)).toBe(true)
    const lastRun = lastDateCounting(5)
    expect(addWorkingDays(lastRun, 5) <= calendarEnd).toBe(true)
    expect(nextWorkingDay(lastRun) <= calendarEnd).toBe(true)
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
    expect(formatIsoDate('2026-11-30', 'short')).toBe('30 Nov 2026')
  })

  it('refuses what is not a date', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow('No such date: 2026-02-30')
    expect(() => nextWorkingDay('27/11/2026')).toThrow('Not a YYYY-MM-DD date')
  })
})

/**
 * Days since 1970-01-01 of a proleptic Gregorian date, by integer arithmetic alone (H. Hinnant,
 * "chrono-Compatible Low-Level Date Algorithms", days_from_civil): the reference the calendar's
 * Date-based arithmetic is held to.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

const civil = (date: string) => date.split('-').map(Number) as [number, number, number]
const anyDate = (min: number, max: number) =>
  fc
    .record({
      year: fc.integer({ min, max }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ year, month, day }) =>
      [
        String(year).padStart(4, '0'),
        String(month).padStart(2, '0'),
        String(day).padStart(2, '0'),
      ].join('-'),
    )

describe('date arithmetic in every year', () => {
  it('moves by days exactly as integer arithmetic does, from the year 2 to 9997', () => {
    // 400 days either way from these years stays inside the years 0 to 9999 a date can name.
    fc.assert(
      fc.property(anyDate(2, 9997), fc.integer({ min: -400, max: 400 }), (date, days) => {
        const moved = addDays(date, days)
        expect(daysFromCivil(...civil(moved)) - daysFromCivil(...civil(date))).toBe(days)
        expect(daysBetween(date, moved)).toBe(days)
      }),
      { numRuns: 500 },
    )
  })

  it('refuses to move past the years 0 to 9999, naming the year it reached', () => {
    expect(addDays('0000-01-01', 0)).toBe('0000-01-01')
    expect(() => addDays('0001-01-01', -367)).toThrow(/No YYYY-MM-DD date in the year -1/)
    expect(addDays('9999-12-31', 0)).toBe('9999-12-31')
    expect(() => addDays('9999-12-31', 1)).toThrow(/No YYYY-MM-DD date in the year 10000/)
  })

  it('knows the weekday of every date of the years it reads, and of the years before 100', () => {
    // 1970-01-01 was a Thursday (4).
    const weekdayOf = (date: string) => (((daysFromCivil(...civil(date)) + 4) % 7) + 7) % 7
    const known = anyDate(2000, calendarYears.at(-1)!).filter((date) => date <= lastDateCounting(1))
    fc.assert(
      fc.property(fc.oneof(known, anyDate(1, 99)), (date) => {
        const sunday = weekdayOf(date) === 0
        if (sunday) expect(isWorkingDay(date)).toBe(false)
        expect(nextWorkingDay(date) > date).toBe(true)
        expect(previousWorkingDay(date) < date).toBe(true)
      }),
      { numRuns: 500 },
    )
    // The years 0 to 99 are not 1900 to 1999: 0050-06-15 was a Wednesday, 1950-06-15 a Thursday.
    expect(isWorkingDay('0050-06-19')).toBe(false) // a Sunday
    expect(nextWorkingDay('0050-06-18')).toBe('0050-06-20') // from a Saturday, past the Sunday
    expect(istDateOf(istInstant('0050-06-15', 11))).toBe('0050-06-15')
    expect(formatIstDateTime(new Date('0050-06-15T00:00:00Z'))).toBe('0050-06-15 05:30:00')
  })

  it('walks back to a working day in a bounded number of steps from any instant', () => {
    for (const text of [
      '0050-06-15T00:00:00Z',
      '0100-01-01T00:00:00Z',
      `${calendarEnd}T12:00:00Z`,
    ]) {
      const due = dueBefore(new Date(text), 11)
      expect(due.getTime()).toBeLessThanOrEqual(new Date(text).getTime())
    }
    // After the calendar's end no day is a working day or not: refused, not guessed.
    expect(() => dueBefore(new Date('2099-12-31T23:59:59Z'), 11)).toThrow(CalendarEndError)
    // Before the year 0 there is no date to walk back to: refused, not looped over.
    expect(() => dueBefore(new Date('0000-01-01T00:00:00Z'), 11)).toThrow(RangeError)
  })

  it('refuses a date with no YYYY-MM-DD form rather than writing another', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError)
    expect(() => formatIstDateTime(new Date('+010000-01-01T00:00:00Z'))).toThrow(RangeError)
  })

  it('reads dates of this century only', () => {
    expect(isReadableDate('2000-01-01')).toBe(true)
    expect(isReadableDate('2099-12-31')).toBe(true)
    for (const date of [
      '1999-12-31',
      '2100-01-01',
      '0050-06-15',
      '0000-01-01',
      '9999-12-31',
      '2026-02-30',
    ]) {
      expect(isReadableDate(date), date).toBe(false)
    }
  })
})
