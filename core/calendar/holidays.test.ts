/**
 * The holiday data (core/calendar/holidays/README.md): each year's file is the published list of
 * that year, and the calendar always knows this year and next, so it cannot run out unnoticed.
 */
import { describe, expect, it } from 'vitest'
import { addDays, bankHolidayOn, holidayYears, isIsoDate, istDateOf } from './business-calendar.ts'

const howToAdd =
  "add the year's published list of holidays (the central government's list for its offices, " +
  'which banks keep across India) as core/calendar/holidays/YYYY.json and import it in ' +
  'core/calendar/business-calendar.ts: core/calendar/holidays/README.md says how'

/** The holidays every year's list has had since the sandbox began (2026's list). */
const everyYearNames = [
  'Republic Day',
  'Holi',
  'Id-ul-Fitr',
  'Ram Navami',
  'Mahavir Jayanti',
  'Good Friday',
  'Dr. Ambedkar Jayanti',
  'Buddha Purnima',
  'Id-ul-Zuha (Bakrid)',
  'Muharram',
  'Independence Day',
  'Milad-un-Nabi',
  'Janmashtami',
  'Mahatma Gandhi Jayanti',
  'Dussehra',
  'Diwali',
  'Guru Nanak Jayanti',
  'Christmas',
]

describe('the bank holidays the calendar knows', () => {
  it('has this year and next by the clock, or says how to add them', () => {
    const thisYear = Number(istDateOf(new Date()).slice(0, 4))
    const known = holidayYears.map((year) => year.year)
    for (const year of [thisYear, thisYear + 1]) {
      expect(known, `No bank holidays for ${year}: ${howToAdd}`).toContain(year)
      for (const date of ['01-26', '08-15', '10-02', '12-25']) {
        expect(bankHolidayOn(`${year}-${date}`), `${year}-${date}: ${howToAdd}`).toBeDefined()
      }
    }
  })

  it('lists years in order without a gap, each from its named source', () => {
    holidayYears.forEach((year, index) => {
      if (index > 0) expect(year.year).toBe(holidayYears[index - 1]!.year + 1)
      expect(year.source.length, `${year.year}'s source`).toBeGreaterThan(20)
      if (year.published !== null) expect(isIsoDate(year.published)).toBe(true)
    })
  })

  it("lists each year's dates once, in order, as real dates of that year", () => {
    for (const { year, holidays } of holidayYears) {
      const dates = holidays.map((holiday) => holiday.date)
      expect(dates.every(isIsoDate), `${year}`).toBe(true)
      expect(
        dates.every((date) => date.startsWith(`${year}-`)),
        `${year}`,
      ).toBe(true)
      expect(dates, `${year}`).toEqual([...new Set(dates)].sort())
      expect(holidays.every((holiday) => holiday.name.trim() === holiday.name && holiday.name))
    }
  })

  it('has every holiday of the national list in every year', () => {
    for (const { year, holidays } of holidayYears) {
      expect(holidays.length, `${year}`).toBeGreaterThanOrEqual(15)
      expect(holidays.map((holiday) => holiday.name).sort(), `${year}`).toEqual(
        [...everyYearNames].sort(),
      )
    }
  })

  it('has 2027 complete', () => {
    // 2027: the central government's list of holidays for its offices in 2027 (Ministry of
    // Personnel, DoPT). That list could not be found in the sources searched on 2026-12-06, so
    // its date of publication is not recorded and the lunar dates are the expected ones (ADR 045):
    // check them against the published list when it is found.
    const year = holidayYears.find((known) => known.year === 2027)!
    expect(year.source).toMatch(/central government offices during the year 2027/)
    expect(year.holidays).toHaveLength(18)
    expect(bankHolidayOn('2027-03-26')?.name).toBe('Good Friday')
    expect(bankHolidayOn('2027-10-29')?.name).toBe('Diwali')
    expect(bankHolidayOn(addDays('2027-08-15', 1))?.name).toBe('Milad-un-Nabi')
  })
})
