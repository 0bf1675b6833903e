/**
 * The settlement APIs' request checks, as pure functions: each refusal has its own code
 * (core/protocol/codes.ts), and nothing is read from the database before they pass.
 */
import {
  calendarEnd,
  daysBetween,
  type IsoDate,
  istDateOf,
  isIsoDate,
  isReadableDate,
  lastDateCounting,
} from '#core/calendar/business-calendar.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { RESPONSE_WORKING_DAYS } from '#gateway/disputes/outcome.ts'

/** The longest range one list answers, both ends included. */
export const MAX_RANGE_DAYS = 92

export type Checked<T> = { ok: true; value: T } | { ok: false; code: ResponseCode }

const fail = (code: ResponseCode) => ({ ok: false, code }) as const

/**
 * The last date the sandbox answers for (359 after it, ADR 045): a date a request names is refused
 * once a working day it leads to could fall after the last year whose bank holidays the calendar
 * knows. A list of dates walks no working days, so it reads up to the calendar's end; a settlement
 * run's date walks furthest, to the deadline of a dispute it makes, so it must end that many
 * working days earlier (2027-12-26 for a calendar ending 2027-12-31).
 */
export const lastKnownDates = {
  listed: calendarEnd,
  run: lastDateCounting(RESPONSE_WORKING_DAYS),
  month: calendarEnd.slice(0, 7),
} as const

export function checkRange(fields: Fields): Checked<{ from: IsoDate; to: IsoDate }> {
  const { FROM: from, TO: to } = fields
  if (!from || !to || !isIsoDate(from) || !isIsoDate(to)) return fail('339')
  if (!isReadableDate(from) || !isReadableDate(to)) return fail('353')
  if (from > lastKnownDates.listed || to > lastKnownDates.listed) return fail('359')
  const days = daysBetween(from, to)
  if (days < 0) return fail('339')
  if (days + 1 > MAX_RANGE_DAYS) return fail('340')
  return { ok: true, value: { from, to } }
}

export const settlementIdPattern = /^setl_[0-9a-f]{20}$/
/** A settlement's transfer reference: 16 to 22 upper-case letters and digits. */
export const settlementUtrPattern = /^[A-Z0-9]{16,22}$/

export type SettlementRef = { settlementId: string } | { utr: string }

/** Exactly one of SETTLEMENT_ID and UTR, each of its own shape (342 otherwise). */
export function checkSettlementRef(fields: Fields): Checked<SettlementRef> {
  const { SETTLEMENT_ID: id, UTR: utr } = fields
  if (id !== undefined && utr !== undefined) return fail('342')
  if (id !== undefined) {
    return settlementIdPattern.test(id) ? { ok: true, value: { settlementId: id } } : fail('342')
  }
  if (utr !== undefined) {
    return settlementUtrPattern.test(utr) ? { ok: true, value: { utr } } : fail('342')
  }
  return fail('342')
}

export type AnswerFormat = 'JSON' | 'CSV'

export function checkFormat(fields: Fields): Checked<AnswerFormat> {
  const format = fields.FORMAT ?? 'JSON'
  return format === 'JSON' || format === 'CSV' ? { ok: true, value: format } : fail('343')
}

/**
 * An ISO 8601 date-time with an offset (`2026-11-30T11:00:00+05:30`, `…Z`): without one, the
 * instant would depend on whose clock reads it. Seconds and fractions are optional.
 */
const asOfPattern =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

export function checkAsOf(text: string | undefined): Checked<Date> {
  const match = text === undefined ? null : asOfPattern.exec(text)
  if (!match || !isIsoDate(match[1]!)) return fail('341')
  const instant = new Date(text!)
  if (Number.isNaN(instant.getTime())) return fail('341')
  // Both the date written and the instant's date in India: an offset can move one across a century.
  if (!isReadableDate(match[1]!) || !isReadableDate(istDateOf(instant))) return fail('353')
  if (istDateOf(instant) > lastKnownDates.run) return fail('359')
  return { ok: true, value: instant }
}

/** The most lines one JSON settlement answer holds, and how many it holds unless asked for fewer. */
export const MAX_PAGE_SIZE = 1000

/**
 * Which page of a settlement's lines a JSON answer holds: PAGE from 1 (default 1), PAGE_SIZE 1
 * to 1000 (default 1000), digits without a leading zero; 358 otherwise. A page past the last is
 * no error: its LINES are empty.
 */
export function checkPage(fields: Fields): Checked<{ page: number; pageSize: number }> {
  const { PAGE: page = '1', PAGE_SIZE: size = String(MAX_PAGE_SIZE) } = fields
  if (!/^[1-9]\d{0,8}$/.test(page) || !/^[1-9]\d{0,3}$/.test(size)) return fail('358')
  const pageSize = Number(size)
  if (pageSize > MAX_PAGE_SIZE) return fail('358')
  return { ok: true, value: { page: Number(page), pageSize } }
}
