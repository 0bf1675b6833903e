import { describe, expect, it } from 'vitest'
import { responseCodes } from '#core/protocol/codes.ts'
import { isValid } from '#core/protocol/patterns.ts'
import { webhookEventTypes } from '#core/protocol/webhook.ts'
import {
  isTriggerEvent,
  movesClock,
  settlementRunOf,
  triggerEvents,
  triggerId,
} from './trigger-events.ts'

const ist = (text: string) => new Date(`${text}+05:30`)

describe('the events a trigger makes', () => {
  it('are the ones code 368 names, in its order, each a webhook event type', () => {
    expect(responseCodes['368'].message).toBe(`Invalid EVENT: one of ${triggerEvents.join(', ')}`)
    for (const event of triggerEvents) expect(webhookEventTypes).toContain(event)
    expect(isTriggerEvent('dispute.won')).toBe(false)
    expect(isTriggerEvent(undefined)).toBe(false)
  })

  it('move the clock only for what a settlement run sends', () => {
    expect(triggerEvents.filter(movesClock)).toEqual(['settlement.processed', 'dispute.created'])
  })

  it('name their records trigger_ and 16 hex digits, a valid ORDER_ID and PAYOUT_ID, new each time', () => {
    const id = triggerId()
    expect(id).toMatch(/^trigger_[0-9a-f]{16}$/)
    expect(isValid('orderId', id)).toBe(true)
    expect(isValid('orderId', `${id}-refund`)).toBe(true)
    expect(triggerId()).not.toBe(id)
  })
})

describe('settlementRunOf', () => {
  it("is the settlement time of the capture's next working day", () => {
    // Friday evening: the second Saturday is a bank holiday, so Monday at 11:00 IST.
    expect(settlementRunOf(ist('2026-12-11T20:00:00'), 11)).toEqual({
      ok: true,
      to: ist('2026-12-14T11:00:00'),
    })
    // Before the day's settlement hour: still the next working day's, not today's.
    expect(settlementRunOf(ist('2026-12-08T09:00:00'), 11)).toEqual({
      ok: true,
      to: ist('2026-12-09T11:00:00'),
    })
  })

  it('is refused with 359 past the bank holidays the sandbox knows', () => {
    expect(settlementRunOf(ist('2027-12-30T10:00:00'), 11)).toEqual({ ok: false, code: '359' })
  })
})
