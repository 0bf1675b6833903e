/**
 * The business calendar settlements follow (docs/product.md, settlements): India Standard Time,
 * working days Monday to Friday and the 1st, 3rd and 5th Saturdays of the month, except the bank
 * holidays of core/calendar/holidays/, a JSON file a year. The FAQ's settlement answer and the sandbox's settlement runs read this
 * module, so the site says what the sandbox does.
 *
 * Dates are plain calendar dates (`YYYY-MM-DD`) in IST. India keeps one offset all year, with no
 * daylight saving, so an instant's IST date is its UTC time moved by five and a half hours.
 */

import holidays2026 from './holidays/2026.json' with { type: 'json' }
import holidays2027 from './holidays/2027.json' with { type: 'json' }

/** A calendar date in IST, `YYYY-MM-DD`. */
export type IsoDate = string

export const timeZone = 'Asia/Kolkata'
export const istOffsetMinutes = 5 * 60 + 30

export interface BankHoliday {
  date: IsoDate
  name: string
}

/**
 * One year's bank holidays (core/calendar/holidays/README.md): the national holidays and the
 * other holidays of the central government's list that banks keep across India, from the list
 * `source` names, published on `published` (null when that date was not recorded). Holidays that
 * fall on a Sunday or a 2nd or 4th Saturday are listed too, as published, though they change
 * nothing.
 */
export interface HolidayYear {
  year: number
  source: string
  published: IsoDate | null
  holidays: readonly BankHoliday[]
}

/** The years whose holidays are known, in order and without a gap (a test holds both). */
export const holidayYears: readonly HolidayYear[] = [holidays2026, holidays2027]

/** Bank holidays on which no settlement is made, of every year the calendar knows. */
export const bankHolidays: readonly BankHoliday[] = holidayYears.flatMap((year) => year.holidays)

/** The years this calendar lists holidays for. */
export const calendarYears: readonly number[] = holidayYears.map((year) => year.year)

/**
 * The last date whose bank holidays are known: the 31st of December of the last year listed.
 * After it no date is called a working day or not (CalendarEndError); before the first year
 * listed, which is before the sandbox took any payment, only weekends are known.
 */
export const calendarEnd: IsoDate = `${calendarYears[calendarYears.length - 1]!}-12-31`

/** A working day was asked of a date after `calendarEnd`: refused, never guessed. */
export class CalendarEndError extends RangeError {
  constructor(readonly date: IsoDate) {
    const next = calendarYears[calendarYears.length - 1]! + 1
    super(
      `No bank holidays are known after ${calendarEnd}, so ${date} is neither a working day nor ` +
        `a holiday: add ${next}'s published list as core/calendar/holidays/${next}.json ` +
        '(core/calendar/holidays/README.md)',
    )
    this.name = 'CalendarEndError'
  }
}

/** The Saturdays of a month that are working days, by their place in the month. */
export const workingSaturdays = [1, 3, 5] as const

const holidayDates = new Set(bankHolidays.map((holiday) => holiday.date))
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Midnight UTC of a calendar date, for every year a Date holds. `Date.UTC` reads the years 0 to
 * 99 as 1900 to 1999, so a date before 100 would silently become another century's (and a loop
 * walking back through it would never reach its goal); `setUTCFullYear` takes the year as given.
 */
function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date
}

/** `YYYY-MM-DD` of a date at midnight UTC; a year outside 0 to 9999 has no such form. */
function isoDateOf(date: Date): IsoDate {
  const year = date.getUTCFullYear()
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`No YYYY-MM-DD date in the year ${year}`)
  return date.toISOString().slice(0, 10)
}

/** Reads a `YYYY-MM-DD` that names a real date, or throws naming what it got. */
function parts(date: IsoDate): { year: number; month: number; day: number } {
  const match = isoDatePattern.exec(date)
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : []
  if (year === undefined || month === undefined || day === undefined) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
  }
  const check = utcMidnight(year, month, day)
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new RangeError(`No such date: ${date}`)
  }
  return { year, month, day }
}

/** `2026-11-21 14:58:03`: an instant in IST, as the gateway's answers write it (RESPONSE_DATE_TIME). */
export function formatIstDateTime(instant: Date): string {
  const ist = new Date(instant.getTime() + istOffsetMinutes * 60_000)
  return `${isoDateOf(ist)} ${ist.toISOString().slice(11, 19)}`
}

const istDateTimePattern = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/

/** The date of an IST date-time as the gateway writes it, or undefined for any other text. */
export function dateOfIstDateTime(text: string): IsoDate | undefined {
  return istDateTimePattern.exec(text)?.[1]
}

/** The IST calendar date of an instant. */
export function istDateOf(instant: Date): IsoDate {
  return formatIstDateTime(instant).slice(0, 10)
}

/** The instant at which an IST date reaches a given hour (0–23). */
export function istInstant(date: IsoDate, hour: number, minute = 0): Date {
  const { year, month, day } = parts(date)
  return new Date(
    utcMidnight(year, month, day).getTime() + (hour * 60 + minute - istOffsetMinutes) * 60_000,
  )
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parts(date)
  return isoDateOf(utcMidnight(year, month, day + days))
}

/** The bank holiday on a date, if there is one. */
export function bankHolidayOn(date: IsoDate): BankHoliday | undefined {
  parts(date)
  if (date > calendarEnd) throw new CalendarEndError(date)
  return holidayDates.has(date) ? bankHolidays.find((holiday) => holiday.date === date) : undefined
}

/** Whether banks settle on this date. */
export function isWorkingDay(date: IsoDate): boolean {
  const { year, month, day } = parts(date)
  if (date > calendarEnd) throw new CalendarEndError(date)
  if (holidayDates.has(date)) return false
  const weekday = utcMidnight(year, month, day).getUTCDay()
  if (weekday === 0) return false
  if (weekday === 6) {
    const saturdayOfMonth = Math.ceil(day / 7)
    return (workingSaturdays as readonly number[]).includes(saturdayOfMonth)
  }
  return true
}

/** The first working day strictly after a date: where a payment captured on it settles. */
export function nextWorkingDay(date: IsoDate): IsoDate {
  return nearestWorkingDay(date, 1)
}

/** The last working day strictly before a date. */
export function previousWorkingDay(date: IsoDate): IsoDate {
  return nearestWorkingDay(date, -1)
}

/**
 * The most days in a row that can pass without a working day: a week of holidays around two
 * Sundays is far more than any published calendar has. A walk that goes further is a bug in the
 * holiday data, refused rather than followed.
 */
export const MAX_DAYS_WITHOUT_WORK = 14

/** The first working day strictly after (`step` 1) or before (-1) a date. */
function nearestWorkingDay(date: IsoDate, step: 1 | -1): IsoDate {
  let day = date
  for (let walked = 1; walked <= MAX_DAYS_WITHOUT_WORK; walked++) {
    day = addDays(day, step)
    if (isWorkingDay(day)) return day
  }
  throw new RangeError(`No working day within ${MAX_DAYS_WITHOUT_WORK} days of ${date}`)
}

/** Whether a text is a `YYYY-MM-DD` naming a real date. */
export function isIsoDate(text: string): boolean {
  try {
    parts(text)
    return true
  } catch {
    return false
  }
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((istInstant(to, 0).getTime() - istInstant(from, 0).getTime()) / 86_400_000)
}

/** The date `count` working days after a date (a dispute's respond-by date counts this way). */
export function addWorkingDays(date: IsoDate, count: number): IsoDate {
  let result = date
  for (let step = 0; step < count; step++) result = nextWorkingDay(result)
  return result
}

/**
 * The last date from which `count` working days later is still on or before `calendarEnd`: the
 * day before the `count`th working day counted back from the end. A walk of `count` working days
 * from any later date would need a holiday list that does not exist yet.
 */
export function lastDateCounting(count: number): IsoDate {
  if (count <= 0) return calendarEnd
  let day = isWorkingDay(calendarEnd) ? calendarEnd : previousWorkingDay(calendarEnd)
  for (let step = 1; step < count; step++) day = previousWorkingDay(day)
  return addDays(day, -1)
}

/** Calendar days from `today` to `calendarEnd`: 0 on its last day, negative once past it. */
export function daysLeftInCalendar(today: IsoDate): number {
  return daysBetween(today, calendarEnd)
}

const dateFormats = {
  plain: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  full: new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }),
}

/** 2026-11-30 → "30 November"; with `short` "30 Nov 2026"; with `full` "Monday, 30 November 2026". */
export function formatIsoDate(date: IsoDate, style: keyof typeof dateFormats = 'plain'): string {
  const { year, month, day } = parts(date)
  return dateFormats[style].format(utcMidnight(year, month, day))
}

/** One sentence for people: which days are working days. */
export const workingDaysSentence =
  'Working days are Monday to Friday and the first, third and fifth Saturdays of the month, except bank holidays.'

/**
 * The dates the sandbox reads from a request (`AS_OF`, `FROM`, `TO`, `MONTH`): a real date of
 * this century. A date outside it is refused before any work, whatever the calendar could
 * compute for it, so no request can walk a loop or a query through centuries.
 */
export const readableDates = { first: '2000-01-01', last: '2099-12-31' } as const

/** Whether a `YYYY-MM-DD` is a real date the sandbox reads. */
export function isReadableDate(date: string): boolean {
  return isIsoDate(date) && date >= readableDates.first && date <= readableDates.last
}
