import { Router } from 'express'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { gatewayBase } from '#gateway/api/qr.ts'
import {
  checkedNotifyUrl,
  checkReturnUrl,
  type FindMerchant,
  type NotifyPolicyFor,
} from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isCustomerAction } from '#core/recurring/rules.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import { checkReference } from '#gateway/paylinks/checks.ts'
import { checkPresentedAmount, checkSubscriptionRequest, SUBSCRIPTION_ID } from './checks.ts'
import {
  type Acted,
  actAsCustomer,
  cancelByMerchant,
  presentCharge,
  resumeByMerchant,
  runDueSubscriptions,
} from './lifecycle.ts'
import {
  createSubscription,
  findSubscription,
  fullAnswer,
  type SubscriptionReference,
  subscriptionAnswer,
} from './store.ts'

export interface SubscriptionApiOptions {
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  notifyPolicy: NotifyPolicyFor
  onEventQueued: () => void
  /** The sandbox's public address (its mandate pages'); unset, taken from each request. */
  publicUrl?: string
}

const SUBSCRIPTION_FIELDS = [
  'PAY_ID',
  'SUBSCRIPTION_REF',
  'METHOD',
  'AMOUNT',
  'MAX_AMOUNT',
  'FREQUENCY',
  'START_DATE',
  'END_DATE',
  'CATEGORY',
  'DESCRIPTION',
  'CUST_NAME',
  'CUST_EMAIL',
  'CUST_PHONE',
  'RETURN_URL',
  'NOTIFY_URL',
  'HASH',
] as const

/**
 * `POST /pgws/subscription` and its calls: status, cancel, resume, charge (a presented charge)
 * and the sandbox's test call `customer`, which acts as the customer would in a UPI app or on a
 * bank's page. Every call first does what the account's clock has brought due (notices, debits),
 * so an answer never shows a notice whose debit its clock has passed.
 */
export function subscriptionApi(options: SubscriptionApiOptions): Router {
  const { db } = options
  const router = Router()
  const clockOf = (merchant: SandboxMerchant) => merchantNow(merchant, options.now())
  const refusals = refusalsAt(() => options.now())
  const kicked = (queued: boolean) => {
    if (queued) options.onEventQueued()
  }
  /** Brings the account's subscriptions up to its clock, then answers `at` it. */
  const caughtUp = async (merchant: SandboxMerchant) => {
    const at = clockOf(merchant)
    kicked((await runDueSubscriptions(db, merchant, at)).queued)
    return at
  }

  router.post(
    '/pgws/subscription',
    ...jsonRoute(
      {
        fields: SUBSCRIPTION_FIELDS,
        refusal: refusals(['SUBSCRIPTION_REF']),
        answer: async (fields, merchant, req) => {
          const refuse = refusals(['SUBSCRIPTION_REF'])
          const at = clockOf(merchant)
          const checked = checkSubscriptionRequest(fields, at)
          if (!checked.ok) return refuse(checked.code, fields)
          if (!checkReturnUrl(fields.RETURN_URL, merchant)) return refuse('325', fields)
          const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
          if (notify === undefined) return refuse('357', fields)
          const base = gatewayBase(req, options.publicUrl)
          const subscription = await db.transaction((tx) =>
            createSubscription(
              tx,
              checked.value,
              { returnUrl: fields.RETURN_URL!, notify, base },
              at,
            ),
          )
          if (subscription === 'duplicate') return refuse('374', fields)
          return subscriptionAnswer(subscription, { at })
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  router.post(
    '/pgws/subscription/status',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'SUBSCRIPTION_ID', 'SUBSCRIPTION_REF', 'HASH'],
        refusal: refusals(['SUBSCRIPTION_ID', 'SUBSCRIPTION_REF']),
        answer: async (fields, merchant) => {
          const refuse = refusals(['SUBSCRIPTION_ID', 'SUBSCRIPTION_REF'])
          const reference = subscriptionReference(fields)
          if (!reference) return refuse('321', fields)
          const at = await caughtUp(merchant)
          const subscription = await findSubscription(db, merchant.payId, reference)
          return subscription ? fullAnswer(db, subscription, at) : refuse('387', fields)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  /** A call that changes one subscription named by SUBSCRIPTION_ID, answering it with DEBITS. */
  const change = (
    path: string,
    extra: readonly string[],
    act: (
      fields: Fields,
      merchant: SandboxMerchant,
      id: string,
      at: Date,
    ) => Promise<Acted | { code: ResponseCode }>,
  ) => {
    const keys = ['SUBSCRIPTION_ID', ...extra]
    router.post(
      path,
      ...jsonRoute(
        {
          fields: ['PAY_ID', ...keys, 'HASH'],
          refusal: refusals(keys),
          answer: async (fields, merchant) => {
            const refuse = refusals(keys)
            const id = fields.SUBSCRIPTION_ID ?? ''
            if (!SUBSCRIPTION_ID.test(id)) return refuse('321', fields)
            const at = await caughtUp(merchant)
            const acted = await act(fields, merchant, id, at)
            if ('code' in acted) return refuse(acted.code, fields)
            kicked(acted.queued)
            return fullAnswer(db, acted.subscription, at)
          },
        },
        options.findMerchant,
        options.limits?.api,
      ),
    )
  }

  change('/pgws/subscription/cancel', [], (_fields, merchant, id, at) =>
    cancelByMerchant(db, merchant, id, at),
  )
  change('/pgws/subscription/resume', [], (_fields, merchant, id, at) =>
    resumeByMerchant(db, merchant, id, at),
  )
  change('/pgws/subscription/charge', ['AMOUNT'], async (fields, merchant, id, at) => {
    const subscription = await findSubscription(db, merchant.payId, { subscriptionId: id })
    if (!subscription) return { code: '387' }
    const amount = checkPresentedAmount(fields.AMOUNT, subscription.method, subscription.maxAmount)
    if (!amount.ok) return { code: amount.code }
    return presentCharge(db, merchant, id, amount.value, at)
  })
  change('/pgws/subscription/customer', ['ACTION'], (fields, merchant, id, at) => {
    const action = fields.ACTION ?? ''
    if (!isCustomerAction(action)) return Promise.resolve({ code: '326' as const })
    return actAsCustomer(db, merchant, id, action, at)
  })
  return router
}

/** SUBSCRIPTION_ID, or else SUBSCRIPTION_REF, of the right shape; undefined otherwise (321). */
function subscriptionReference(fields: Fields): SubscriptionReference | undefined {
  if (fields.SUBSCRIPTION_ID !== undefined) {
    return SUBSCRIPTION_ID.test(fields.SUBSCRIPTION_ID)
      ? { subscriptionId: fields.SUBSCRIPTION_ID }
      : undefined
  }
  const reference = checkReference(fields.SUBSCRIPTION_REF)
  return reference.ok && reference.value ? { reference: reference.value } : undefined
}
