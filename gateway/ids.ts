import { randomInt } from 'node:crypto'
import { formatIstDateTime } from '#core/calendar/business-calendar.ts'

/** 16 digits, no leading zero (docs/product.md#pattern-library "transaction id"). */
export function newTxnId(): string {
  return String(randomInt(10_000_000, 100_000_000)) + digits(8)
}

/** The acquirer's reference: 18 digits starting with the year, like the provider's. */
export function newPgRefNum(now = new Date()): string {
  return String(now.getUTCFullYear()) + digits(7) + digits(7)
}

/** A bank transfer's unique transaction reference: 12 digits (docs/product.md#pattern-library "UTR"). */
export function newUtr(): string {
  return digits(6) + digits(6)
}

function digits(count: number): string {
  return String(randomInt(0, 10 ** count)).padStart(count, '0')
}

/** `2026-11-21 14:58:03`, Indian Standard Time, as the provider answers. */
export { formatIstDateTime as formatDateTime }

/** PostgreSQL's unique_violation, wherever drizzle or the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}
