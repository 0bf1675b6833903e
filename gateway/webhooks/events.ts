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
import { isPrivateHostName, type NotifyTarget } from './addresses.ts'
import { enqueueEvent, enqueueStreamCopy } from './store.ts'

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
 * not when it has nowhere to go or the merchant has reached its cap of events a day.
 */
export async function queuePaymentEvent(
  tx: GatewayDatabase,
  transaction: SandboxTransaction,
  merchant: SandboxMerchant,
): Promise<boolean> {
  const type = paymentEventType(transaction)
  if (!type) return false
  return queueEvent(tx, merchant, {
    type,
    reference: transaction.orderId,
    target: notifyTargetFor(
      { url: transaction.notifyUrl, allowPrivate: transaction.notifyPrivate },
      merchant,
    ),
    answer: responseFields(transaction),
  })
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
  return queueEvent(tx, merchant, {
    type: event.type,
    reference: event.reference,
    target: event.notify?.url ? event.notify : undefined,
    answer: event.answer,
  })
}

/** How long after a `paystra listen` stream was last open its account's events still queue for it. */
export const LISTENER_KEPT_MS = 24 * 60 * 60 * 1000

/** A listener was open lately: what it misses while away is kept for it (webhooks/stream.ts). */
export function listening(merchant: SandboxMerchant, realNow: Date): boolean {
  return (
    merchant.listenedAt !== undefined &&
    realNow.getTime() - merchant.listenedAt.getTime() < LISTENER_KEPT_MS
  )
}

/**
 * The one way an event is queued: to its NOTIFY_URL when it has one, and for the account's
 * listener when one was open lately (a copy with the same body when both). Its `created` and
 * data follow the merchant's clock.
 */
async function queueEvent(
  tx: GatewayDatabase,
  merchant: SandboxMerchant,
  event: {
    type: WebhookEventType
    reference: string
    target: NotifyTarget | undefined
    answer: Fields
  },
): Promise<boolean> {
  const realNow = new Date()
  const { target } = event
  // A private address the sandbox was not allowed to reach: only a listener can take it there.
  const viaListener = target !== undefined && forListenerOnly(target, merchant)
  const toStream = viaListener || listening(merchant, realNow)
  if (!target && !toStream) return false
  const stored = await enqueueEvent(tx, {
    payId: merchant.payId,
    reference: event.reference,
    type: event.type,
    notifyUrl: target?.url ?? '',
    allowPrivate: target?.allowPrivate ?? false,
    channel: target && !viaListener ? 'url' : 'stream',
    data: withHash(event.answer, merchant.salt),
    perDay: merchant.eventsPerDay,
    at: merchantNow(merchant, realNow),
  })
  if (!stored) return false
  if (stored.channel === 'url' && toStream) await enqueueStreamCopy(tx, stored)
  return true
}

/** An account's NOTIFY_URL at a private address the sandbox may not send to (checks.ts). */
function forListenerOnly(target: NotifyTarget, merchant: SandboxMerchant): boolean {
  if (!merchant.privateNotifyViaListener || target.allowPrivate) return false
  return isPrivateHostName(new URL(target.url).hostname)
}
