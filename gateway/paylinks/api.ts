import { Router } from 'express'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { gatewayBase } from '#gateway/api/qr.ts'
import { checkedNotifyUrl, type FindMerchant, type NotifyPolicyFor } from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import { checkPaylinkRequest, checkReference, PAYLINK_ID } from './checks.ts'
import {
  cancelPaylink,
  createPaylink,
  expireDueLinks,
  findPaylink,
  type LinkReference,
  paylinkAnswer,
  paymentOfLink,
} from './store.ts'
import type { SandboxPaylink } from './table.ts'

export interface PaylinkApiOptions {
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  notifyPolicy: NotifyPolicyFor
  onEventQueued: () => void
  /** The sandbox's public address (its short URLs'); unset, taken from each request. */
  publicUrl?: string
}

const LINK_FIELDS = [
  'PAY_ID',
  'AMOUNT',
  'CURRENCY_CODE',
  'DESCRIPTION',
  'CUST_NAME',
  'CUST_EMAIL',
  'CUST_PHONE',
  'EXPIRE_BY',
  'REFERENCE_ID',
  'NOTIFY_URL',
  'VALIDATE_BENEFICIARY',
  'HASH',
] as const

/**
 * `POST /pgws/paylink` (a payment link), `/pgws/paylink/status` and `/pgws/paylink/cancel`.
 * Every read first expires what the account's clock has passed, so an answer never shows as open
 * a link that can no longer be paid.
 */
export function paylinkApi(options: PaylinkApiOptions): Router {
  const { db } = options
  const router = Router()
  const clockOf = (merchant?: SandboxMerchant) =>
    merchant ? merchantNow(merchant, options.now()) : options.now()
  const refusals = refusalsAt(() => options.now())
  const answerOf = async (merchant: SandboxMerchant, link: SandboxPaylink) =>
    paylinkAnswer(link, { payment: await paymentOfLink(db, link), at: clockOf(merchant) })
  const kicked = (queued: boolean) => {
    if (queued) options.onEventQueued()
  }

  router.post(
    '/pgws/paylink',
    ...jsonRoute(
      {
        fields: LINK_FIELDS,
        refusal: refusals(['REFERENCE_ID', 'AMOUNT', 'CURRENCY_CODE']),
        answer: async (fields, merchant, req) => {
          const refuse = refusals(['REFERENCE_ID', 'AMOUNT', 'CURRENCY_CODE'])
          const at = clockOf(merchant)
          const checked = checkPaylinkRequest(fields, at)
          if (!checked.ok) return refuse(checked.code, fields)
          const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
          if (notify === undefined) return refuse('357', fields)
          const base = gatewayBase(req, options.publicUrl)
          const link = await db.transaction((tx) =>
            createPaylink(tx, checked.value, notify, at, base),
          )
          if (link === 'duplicate') return refuse('374', fields)
          return paylinkAnswer(link, { at })
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  router.post(
    '/pgws/paylink/status',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'PAYLINK_ID', 'REFERENCE_ID', 'HASH'],
        refusal: refusals(['PAYLINK_ID', 'REFERENCE_ID']),
        answer: async (fields, merchant) => {
          const refuse = refusals(['PAYLINK_ID', 'REFERENCE_ID'])
          const reference = linkReference(fields)
          if (!reference) return refuse('321', fields)
          const at = clockOf(merchant)
          const expired = await db.transaction((tx) => expireDueLinks(tx, merchant, at))
          kicked(expired.length > 0)
          const link = await findPaylink(db, merchant.payId, reference)
          return link ? answerOf(merchant, link) : refuse('372', fields)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  router.post(
    '/pgws/paylink/cancel',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'PAYLINK_ID', 'HASH'],
        refusal: refusals(['PAYLINK_ID']),
        answer: async (fields, merchant) => {
          const refuse = refusals(['PAYLINK_ID'])
          if (!PAYLINK_ID.test(fields.PAYLINK_ID ?? '')) return refuse('321', fields)
          const at = clockOf(merchant)
          const result = await db.transaction(async (tx) => {
            const expired = await expireDueLinks(tx, merchant, at)
            const cancelled = await cancelPaylink(tx, merchant, fields.PAYLINK_ID!, at)
            return { expired, cancelled }
          })
          kicked(result.expired.length > 0 || 'link' in result.cancelled)
          if ('code' in result.cancelled) return refuse(result.cancelled.code, fields)
          return paylinkAnswer(result.cancelled.link, { at })
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}

/** PAYLINK_ID, or else REFERENCE_ID, of the right shape; undefined otherwise (321). */
function linkReference(fields: Fields): LinkReference | undefined {
  if (fields.PAYLINK_ID !== undefined) {
    return PAYLINK_ID.test(fields.PAYLINK_ID) ? { paylinkId: fields.PAYLINK_ID } : undefined
  }
  const reference = checkReference(fields.REFERENCE_ID)
  return reference.ok && reference.value ? { referenceId: reference.value } : undefined
}
