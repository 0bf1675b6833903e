import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { isSuccess, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import type { WebhookEventType } from '#core/protocol/webhook.ts'
import {
  type GatewayDatabase,
  responseFields,
  type SandboxTransaction,
  transactionCode,
} from '#gateway/store.ts'
import type { NotifyTarget } from './addresses.ts'
import { enqueueEvent } from './store.ts'

/**
 * Where a merchant's webhooks go: the request's NOTIFY_URL (private addresses allowed as that
 * request was), else the merchant's default (allowed as the operator said), else nowhere.
 */
export function notifyTargetFor(
  requested: NotifyTarget,
  merchant: SandboxMerchant,
): NotifyTarget | undefined {
  if (requested.url) return requested
  if (merchant.notifyUrl) {
    return { url: merchant.notifyUrl, allowPrivate: merchant.notifyUrlAllowsPrivate === true }
  }
  return undefined
}

/** A payment's event: captured, failed, or pending at the bank; an open payment (006) has none. */
export function paymentEventType(transaction: SandboxTransaction): WebhookEventType | undefined {
  const code = transactionCode(transaction)
  if (code === '006') return undefined
  if (isSuccess(code)) return 'payment.captured'
  return responseCodes[code].status === 'Pending' ? 'payment.pending' : 'payment.failed'
}

/**
 * Queues the event of a payment that just reached an outcome, inside the caller's transaction.
 * Returns whether one was queued (the worker is then kicked by the caller, after the commit):
 * not when the merchant has no NOTIFY_URL or has reached its cap of events a day.
 */
export async function queuePaymentEvent(
  tx: GatewayDatabase,
  transaction: SandboxTransaction,
  merchant: SandboxMerchant,
): Promise<boolean> {
  const target = notifyTargetFor(
    { url: transaction.notifyUrl, allowPrivate: transaction.notifyPrivate },
    merchant,
  )
  const type = paymentEventType(transaction)
  if (!target || !type) return false
  const stored = await enqueueEvent(tx, {
    payId: merchant.payId,
    reference: transaction.orderId,
    type,
    notifyUrl: target.url,
    allowPrivate: target.allowPrivate,
    data: withHash(responseFields(transaction), merchant.salt),
    perDay: merchant.eventsPerDay,
    at: merchantNow(merchant, new Date()),
  })
  return stored !== undefined
}

/**
 * Queues a refund's or payout's event with the answer the API gave (its HASH included): the
 * merchant gets the same fields from the webhook as from the API.
 */
export async function queueAnswerEvent(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  event: {
    type: WebhookEventType
    reference: string
    notify: NotifyTarget | undefined
    answer: Fields
  },
): Promise<boolean> {
  if (!event.notify?.url) return false
  const stored = await enqueueEvent(tx, {
    payId: merchant.payId,
    reference: event.reference,
    type: event.type,
    notifyUrl: event.notify.url,
    allowPrivate: event.notify.allowPrivate,
    data: withHash(event.answer, merchant.salt),
    perDay: merchant.eventsPerDay,
    at: merchantNow(merchant, new Date()),
  })
  return stored !== undefined
}
