import type { FindMerchant } from '#gateway/checks.ts'
import { type GatewayDatabase, confirmDuePayments } from '#gateway/store.ts'
import { queuePaymentEvent } from './events.ts'

/**
 * The bank confirms the pending payments whose time has come (late@upi), each with its
 * `payment.captured` event in the same transaction. Returns how many were confirmed.
 */
export async function confirmLatePayments(
  db: GatewayDatabase,
  findMerchant: FindMerchant,
): Promise<number> {
  return db.transaction(async (tx) => {
    const settled = await confirmDuePayments(tx)
    for (const payment of settled) {
      const merchant = await findMerchant(payment.payId)
      if (merchant) await queuePaymentEvent(tx, payment, merchant)
    }
    return settled.length
  })
}
