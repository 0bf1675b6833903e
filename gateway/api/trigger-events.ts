/**
 * What `POST /pgws/trigger` (`paystra trigger <event>`) can make, as pure rules: the events it
 * takes, which of them only a settlement run sends (so the merchant's clock is moved to one), the
 * time that run is at, and the recognisable ids of what it makes.
 */
import { randomBytes } from 'node:crypto'
import { CalendarEndError } from '#core/calendar/business-calendar.ts'
import type { WebhookEventType } from '#core/protocol/webhook.ts'
import { settlementDateOf, settlementTime } from '#core/settlement/schedule.ts'
import { type AdvanceTarget, advanceTarget } from '#gateway/clock/time.ts'

export const triggerEvents = [
  'payment.captured',
  'payment.failed',
  'payment.pending',
  'refund.processed',
  'payout.processed',
  'payout.failed',
  'settlement.processed',
  'dispute.created',
] as const satisfies readonly WebhookEventType[]

export type TriggerEvent = (typeof triggerEvents)[number]

export function isTriggerEvent(value: unknown): value is TriggerEvent {
  return triggerEvents.includes(value as TriggerEvent)
}

/** Sent by a settlement run only: made by moving the merchant's clock to the run that sends it. */
export type RunEvent = Extract<TriggerEvent, 'settlement.processed' | 'dispute.created'>

export function movesClock(event: TriggerEvent): event is RunEvent {
  return event === 'settlement.processed' || event === 'dispute.created'
}

/** `trigger_` and 16 hex digits: an ORDER_ID or PAYOUT_ID a merchant can tell apart at a glance. */
export function triggerId(): string {
  return `trigger_${randomBytes(8).toString('hex')}`
}

/**
 * Where the clock goes so that a payment captured at `capturedAt` is settled: its settlement
 * time, checked as an advance's TO is (359 once that is past the bank holidays the sandbox knows),
 * before anything is stored.
 */
export function settlementRunOf(capturedAt: Date, hour: number): AdvanceTarget {
  let to: Date
  try {
    to = settlementTime(settlementDateOf(capturedAt), hour)
  } catch (error) {
    if (error instanceof CalendarEndError) return { ok: false, code: '359' }
    throw error
  }
  return advanceTarget({ TO: to.toISOString() }, capturedAt)
}
