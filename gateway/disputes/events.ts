import type { SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { NotifyTarget } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import type { StoredDispute } from './store.ts'

/** No NOTIFY_URL of its own: the dispute API's answers, and the scheduled runs. */
export const noRequestedTarget: NotifyTarget = { url: '', allowPrivate: false }

/**
 * Queues a dispute's event in the caller's transaction, with its fields, PAY_ID and HASH. It goes
 * to the payment's NOTIFY_URL, else the NOTIFY_URL of the test call at hand (`requested`), else
 * that of the run that made the dispute, else the merchant's default. Its reference (the
 * deliveries API's ORDER_ID) is the order's, like the payment's own events.
 */
export function queueDisputeEvent(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  type: 'dispute.created' | 'dispute.won' | 'dispute.lost',
  dispute: StoredDispute,
  requested: NotifyTarget = noRequestedTarget,
): Promise<boolean> {
  const { notify } = dispute
  const paymentsOwn = dispute.notify.url !== '' && !dispute.notify.fromRun
  const target = paymentsOwn || !requested.url ? notify : requested
  return queueAnswerEvent(tx, merchant, {
    type,
    reference: dispute.fields.ORDER_ID,
    notify: notifyTargetFor(target, merchant),
    answer: { PAY_ID: merchant.payId, ...dispute.fields },
  })
}

/** The event of a decision: won or lost. */
export function decisionEvent(dispute: StoredDispute): 'dispute.won' | 'dispute.lost' {
  return dispute.fields.STATUS === 'WON' ? 'dispute.won' : 'dispute.lost'
}
