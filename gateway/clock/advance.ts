import { formatIstDateTime } from '#core/calendar/business-calendar.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { noRequestedTarget } from '#gateway/disputes/events.ts'
import type { SettlementRunner } from '#gateway/settlements/runner.ts'
import type { StoredSettlement } from '#gateway/settlements/store.ts'
import { confirmLatePaymentsBy } from '#gateway/webhooks/confirm-late.ts'
import { expireDueLinks } from '#gateway/paylinks/store.ts'
import {
  runDueSubscriptions,
  type SubscriptionHappening,
} from '#gateway/subscriptions/lifecycle.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { moveClockTo } from './store.ts'
import { settlementTimesBetween } from './time.ts'

export interface AdvanceDeps {
  db: GatewayDatabase
  runner: SettlementRunner
  /** Real time. */
  now: () => Date
  /** The settlement hour (IST). */
  hour: number
  onEventQueued: () => void
}

/** One thing that fell due on the way, in the order it happened. */
export interface Happening {
  /** IST, `YYYY-MM-DD HH:mm:ss`, on the merchant's clock. */
  AT: string
  TYPE: 'PAYMENT_CAPTURED' | 'PAYLINK_EXPIRED' | 'SETTLEMENT' | SubscriptionHappening['type']
  /**
   * The payment's ORDER_ID, the link's PAYLINK_ID, the settlement's SETTLEMENT_ID, a notice's
   * DEBIT_ID, a debit's ORDER_ID or the SUBSCRIPTION_ID.
   */
  REFERENCE: string
}

export interface Advanced {
  from: Date
  to: Date
  happened: Happening[]
  settlements: StoredSettlement[]
}

/** The merchant as its clock reads `at`: what is written on the way carries that time. */
function at(merchant: SandboxMerchant, time: Date, realNow: Date): SandboxMerchant {
  return { ...merchant, clockOffsetMs: time.getTime() - realNow.getTime() }
}

/**
 * Moves a merchant's clock forward to `to`, running in time order what falls due on the way:
 * subscriptions' notices and debits, late payments the bank confirms, payment links whose expiry passed, then each working day's settlement run at the settlement
 * hour (which makes and decides disputes as any run does), then the clock is set. Every step is
 * once-only on its own (a confirmed payment is no longer pending, a run settles each item once,
 * the clock never moves back), so two advances racing on two instances do the work once.
 */
export async function advanceClock(
  deps: AdvanceDeps,
  merchant: SandboxMerchant,
  to: Date,
  notify: NotifyTarget = noRequestedTarget,
): Promise<Advanced> {
  const realNow = deps.now()
  const from = merchantNow(merchant, realNow)
  const happened: Happening[] = []
  const settlements: StoredSettlement[] = []
  const confirmLate = async (time: Date) => {
    const confirmed = await confirmLatePaymentsBy(deps.db, at(merchant, time, realNow), time)
    if (confirmed.length > 0) deps.onEventQueued()
    for (const payment of confirmed) {
      happened.push({
        AT: formatIstDateTime(payment.completedAt ?? time),
        TYPE: 'PAYMENT_CAPTURED',
        REFERENCE: payment.orderId,
      })
    }
  }
  const expireLinks = async (time: Date) => {
    const expired = await deps.db.transaction((tx) =>
      expireDueLinks(tx, at(merchant, time, realNow), time),
    )
    if (expired.length > 0) deps.onEventQueued()
    for (const link of expired) {
      happened.push({
        AT: formatIstDateTime(link.expireAt ?? time),
        TYPE: 'PAYLINK_EXPIRED',
        REFERENCE: link.id,
      })
    }
  }
  const subscriptions = async (time: Date) => {
    const done = await runDueSubscriptions(deps.db, at(merchant, time, realNow), time)
    if (done.queued) deps.onEventQueued()
    for (const happening of done.happened) {
      happened.push({
        AT: formatIstDateTime(happening.at),
        TYPE: happening.type,
        REFERENCE: happening.reference,
      })
    }
  }
  for (const time of settlementTimesBetween(from, to, deps.hour)) {
    await subscriptions(time)
    await confirmLate(time)
    await expireLinks(time)
    const made = await deps.runner.runFor(at(merchant, time, realNow), time, notify)
    for (const settlement of made) {
      settlements.push(settlement)
      happened.push({
        AT: formatIstDateTime(time),
        TYPE: 'SETTLEMENT',
        REFERENCE: settlement.fields.SETTLEMENT_ID,
      })
    }
  }
  await subscriptions(to)
  await confirmLate(to)
  await expireLinks(to)
  await moveClockTo(deps.db, merchant.payId, to, realNow)
  // Each kind is walked in turn up to each settlement time: the list is put in time order once
  // (stable, so what happened at one instant keeps the order it was done in).
  happened.sort((a, b) => (a.AT < b.AT ? -1 : a.AT > b.AT ? 1 : 0))
  return { from, to, happened, settlements }
}
