import type { FindMerchant } from '#gateway/checks.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import {
  type GatewayDatabase,
  confirmDuePayments,
  confirmLatePaymentsOf,
  type SandboxTransaction,
} from '#gateway/store.ts'
import { markLinkPaid } from '#gateway/paylinks/store.ts'
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
      const merchant = await findMerchant(payment.payId, tx)
      if (!merchant) continue
      await queuePaymentEvent(tx, payment, merchant)
      await markLinkPaid(tx, merchant, payment)
    }
    return settled.length
  })
}

/**
 * One merchant's late payments due by `at` on its clock, confirmed with their events: what a
 * clock advance confirms on its way. Answers those confirmed.
 */
export async function confirmLatePaymentsBy(
  db: GatewayDatabase,
  merchant: SandboxMerchant,
  at: Date,
): Promise<SandboxTransaction[]> {
  return db.transaction(async (tx) => {
    const confirmed = await confirmLatePaymentsOf(tx, merchant.payId, at)
    for (const payment of confirmed) {
      await queuePaymentEvent(tx, payment, merchant)
      await markLinkPaid(tx, merchant, payment)
    }
    return confirmed
  })
}
