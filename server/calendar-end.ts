/**
 * The business calendar's end as the server watches it (ADR 045): the days left before the last
 * date whose bank holidays are known, on /metrics and in the start-up log. The site stays ready
 * (/readyz) as the end nears; past it the sandbox refuses those dates with 359, so the operator is
 * told early enough to add the next year's list (core/calendar/holidays/README.md).
 */
import type { Logger } from 'pino'
import { calendarEnd, daysLeftInCalendar, istDateOf } from '#core/calendar/business-calendar.ts'

/** Below this many days left, the start-up log warns. */
export const CALENDAR_WARNING_DAYS = 90

/** Days from `now`'s IST date to the calendar's last date: 0 on it, negative once past it. */
export function calendarDaysLeft(now: Date): number {
  return daysLeftInCalendar(istDateOf(now))
}

/** Warns, once at start-up, when fewer than CALENDAR_WARNING_DAYS are left; says whether it did. */
export function warnOfCalendarEnd(logger: Pick<Logger, 'warn'>, now: Date): boolean {
  const daysLeft = calendarDaysLeft(now)
  if (daysLeft >= CALENDAR_WARNING_DAYS) return false
  logger.warn(
    { calendarEnd, daysLeft },
    daysLeft < 0
      ? `The bank holidays the sandbox knows ended on ${calendarEnd}: it refuses later dates with 359 until the next year's list is added (core/calendar/holidays/README.md)`
      : `The bank holidays the sandbox knows end on ${calendarEnd}, in ${daysLeft} days: add the next year's list (core/calendar/holidays/README.md) before the sandbox refuses its dates with 359`,
  )
  return true
}
