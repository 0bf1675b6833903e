/**
 * The warning ahead of the calendar's end (ADR 045): a structured warn line at start-up when
 * fewer than 90 days of known bank holidays are left, and the days left on /metrics.
 */
import { describe, expect, it } from 'vitest'
import { addDays, calendarEnd, istInstant } from '#core/calendar/business-calendar.ts'
import { CALENDAR_WARNING_DAYS, calendarDaysLeft, warnOfCalendarEnd } from './calendar-end.ts'
import { createLogger } from './logging.ts'
import { createMetrics } from './metrics.ts'

/** A logger whose JSON lines are kept. */
function keptLogger() {
  const lines: Record<string, unknown>[] = []
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) }
  return { lines, logger: createLogger({ level: 'info', mode: 'production', destination }) }
}

/** Noon in India on the day `days` before the calendar's end. */
const daysBeforeEnd = (days: number) => istInstant(addDays(calendarEnd, -days), 12)

describe('the start-up log', () => {
  it('says nothing while 90 days or more are left', () => {
    const { lines, logger } = keptLogger()
    expect(warnOfCalendarEnd(logger, daysBeforeEnd(CALENDAR_WARNING_DAYS))).toBe(false)
    expect(warnOfCalendarEnd(logger, daysBeforeEnd(365))).toBe(false)
    expect(lines).toEqual([])
  })

  it('warns with the end and the days left when fewer are', () => {
    const { lines, logger } = keptLogger()
    expect(warnOfCalendarEnd(logger, daysBeforeEnd(CALENDAR_WARNING_DAYS - 1))).toBe(true)
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        calendarEnd,
        daysLeft: 89,
        msg: expect.stringContaining('core/calendar/holidays/README.md'),
      }),
    ])
  })

  it('warns that dates are refused once the end has passed', () => {
    const { lines, logger } = keptLogger()
    expect(warnOfCalendarEnd(logger, istInstant(addDays(calendarEnd, 3), 9))).toBe(true)
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        daysLeft: -3,
        msg: expect.stringMatching(/ended on .* refuses later dates with 359/),
      }),
    ])
  })

  it('counts days in India: 18:30 UTC is already the next day there', () => {
    expect(calendarDaysLeft(new Date(`${calendarEnd}T18:29:59Z`))).toBe(0)
    expect(calendarDaysLeft(new Date(`${calendarEnd}T18:30:00Z`))).toBe(-1)
  })
})

describe('/metrics', () => {
  it('has the days left as a gauge, read from the clock at each scrape', async () => {
    let now = daysBeforeEnd(120)
    const metrics = createMetrics({ token: 'calendar-token-0123456789', now: () => now })
    const daysLeft = async () =>
      /^sandbox_calendar_holidays_days_left (-?\d+)$/m.exec(await metrics.registry.metrics())?.[1]
    expect(await daysLeft()).toBe('120')
    now = daysBeforeEnd(30)
    expect(await daysLeft()).toBe('30')
  })
})
