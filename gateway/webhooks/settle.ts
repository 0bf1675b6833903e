import type { SandboxMerchant } from '#gateway/merchants.ts'
import { type GatewayDatabase, settleDuePayments } from '#gateway/store.ts'
import { queuePaymentEvent } from './events.ts'

/**
 * The bank confirms the pending payments whose time has come (late@upi), each with its
 * `payment.captured` event in the same transaction. Returns how many settled.
 */
export async function settleLatePayments(
  db: GatewayDatabase,
  findMerchant: (payId: string) => SandboxMerchant | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    const settled = await settleDuePayments(tx)
    for (const payment of settled) {
      const merchant = findMerchant(payment.payId)
      if (merchant) await queuePaymentEvent(tx, payment, merchant)
    }
    return settled.length
  })
}
