/**
 * When a captured payment or a refund settles (docs/product.md, settlements): its cycle is its
 * IST date (capture date of a payment, processing date of a refund), and it settles on the first
 * working day after that date, at the settlement hour, IST.
 */
import {
  addDays,
  type IsoDate,
  istDateOf,
  istInstant,
  isWorkingDay,
  nextWorkingDay,
  previousWorkingDay,
} from '#core/calendar/business-calendar.ts'

/** The hour (IST) at which a day's settlements are made, unless the operator sets another. */
export const DEFAULT_SETTLEMENT_HOUR = 11

/** The settlement date of a payment captured, or a refund processed, at `at`. */
export function settlementDateOf(at: Date): IsoDate {
  return nextWorkingDay(istDateOf(at))
}

/** When the settlement of a date is made. */
export function settlementTime(date: IsoDate, hour: number): Date {
  return istInstant(date, hour)
}

/**
 * The cycle a settlement date pays for: every date whose first working day after it is this one,
 * from the previous working day to the day before (Friday to Sunday for a Monday).
 */
export function cycleOf(settlementDate: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: previousWorkingDay(settlementDate), to: addDays(settlementDate, -1) }
}

/**
 * The instant before which everything captured or refunded is due for settlement at `asOf`: the
 * start (IST) of the latest working day whose settlement time has come. A date settles on the
 * first working day after it, so the dates due are exactly those before that day.
 */
export function dueBefore(asOf: Date, hour: number): Date {
  const today = istDateOf(asOf)
  const day =
    isWorkingDay(today) && settlementTime(today, hour) <= asOf ? today : previousWorkingDay(today)
  return istInstant(day, 0)
}
