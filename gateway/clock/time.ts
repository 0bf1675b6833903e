/**
 * The rules of a merchant's clock: its time is real time plus its offset; it moves forward only,
 * at most MAX_ADVANCE_DAYS a call, by `BY` ("36h", "4d") or to `TO` (ISO 8601 with an offset);
 * and on the way the working days' settlement times fall due, in order.
 */
import type { ResponseCode } from '#core/protocol/codes.ts'
import { addDays, istDateOf, isWorkingDay } from '#core/calendar/business-calendar.ts'
import { settlementTime } from '#core/settlement/schedule.ts'
import { checkAsOf } from '#gateway/settlements/checks.ts'

/** The longest one advance may be: 400 days, a year and a renewal with room to spare. */
export const MAX_ADVANCE_DAYS = 400

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export type AdvanceTarget = { ok: true; to: Date } | { ok: false; code: ResponseCode }

/**
 * Where an advance asked with `BY` or `TO` (exactly one of them) takes a clock reading `now`:
 * 363 for a malformed BY or for both or neither, 364 for a time not after now or more than
 * MAX_ADVANCE_DAYS ahead; TO is read as AS_OF is (341, 353, 359).
 */
export function advanceTarget(fields: { BY?: string; TO?: string }, now: Date): AdvanceTarget {
  const { BY: by, TO: to } = fields
  if ((by === undefined) === (to === undefined)) return { ok: false, code: '363' }
  let target: Date
  if (by !== undefined) {
    const match = /^([1-9]\d{0,4})([hd])$/.exec(by)
    if (!match) return { ok: false, code: '363' }
    target = new Date(now.getTime() + Number(match[1]) * (match[2] === 'h' ? HOUR_MS : DAY_MS))
  } else {
    const checked = checkAsOf(to)
    if (!checked.ok) return { ok: false, code: checked.code }
    target = checked.value
  }
  if (target <= now || target.getTime() - now.getTime() > MAX_ADVANCE_DAYS * DAY_MS) {
    return { ok: false, code: '364' }
  }
  const checked = checkAsOf(target.toISOString())
  if (!checked.ok) return { ok: false, code: checked.code }
  return { ok: true, to: target }
}

/**
 * The settlement times of the working days in (from, to], in order: what an advance from `from`
 * to `to` runs on the way. Bounded by the advance's own length (MAX_ADVANCE_DAYS).
 */
export function settlementTimesBetween(from: Date, to: Date, hour: number): Date[] {
  const times: Date[] = []
  const last = istDateOf(to)
  for (let day = istDateOf(from), n = 0; day <= last && n <= MAX_ADVANCE_DAYS + 1; n++) {
    const at = settlementTime(day, hour)
    if (isWorkingDay(day) && at > from && at <= to) times.push(at)
    day = addDays(day, 1)
  }
  return times
}
