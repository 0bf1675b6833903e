import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { queueDisputeEvent } from './events.ts'
import { answerDispute, type CheckedAnswer, type StoredDispute } from './store.ts'

/**
 * A merchant's answer to one of its disputes, from the dispute API or an account's console: the
 * answer and the dispute.lost event an ACCEPT makes are committed together, and the event is
 * sent once they are.
 */
export async function answerWithEvent(
  options: { db: GatewayDatabase; now: () => Date; onEventQueued: () => void },
  merchant: SandboxMerchant,
  disputeId: string,
  request: CheckedAnswer,
): Promise<{ ok: true; dispute: StoredDispute } | { ok: false; code: ResponseCode }> {
  let queued = false
  const outcome = await options.db.transaction(async (tx) => {
    const answered = await answerDispute(
      tx,
      merchant.payId,
      disputeId,
      merchantNow(merchant, options.now()),
      request,
    )
    if (answered.ok && answered.dispute.fields.STATUS === 'LOST') {
      queued = await queueDisputeEvent(tx, merchant, 'dispute.lost', answered.dispute)
    }
    return answered
  })
  if (queued) options.onEventQueued()
  return outcome
}
