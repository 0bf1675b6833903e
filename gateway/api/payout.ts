import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { Router } from 'express'
import { checkedNotifyUrl, type FindMerchant, type NotifyPolicyFor } from '#gateway/checks.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { responseCodes, type ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { isValid } from '#core/protocol/patterns.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { codeFields, echo, jsonRoute } from './json.ts'
import { checkPayoutRequest, payoutAnswer } from './payout-checks.ts'
import { createPayout, findPayout, storedPayoutAnswer } from './payout-store.ts'

export interface PayoutOptions {
  /** The JSON APIs' limits (gateway/api/limits.ts); absent, none. */
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  log?: (line: string) => void
  /** Which NOTIFY_URLs a request is allowed, by where it came from. */
  notifyPolicy: NotifyPolicyFor
  onEventQueued: () => void
}

/**
 * `POST /pgws/payout` (send money to a beneficiary by NEFT, RTGS, IMPS or UPI) and
 * `POST /pgws/payout/status` (the stored answer of an earlier payout).
 */
export function payoutApi(options: PayoutOptions): Router {
  const { db } = options
  const dateTime = (merchant?: SandboxMerchant) =>
    formatDateTime(merchant ? merchantNow(merchant, options.now()) : options.now())
  const router = Router()

  router.post(
    '/pgws/payout',
    ...jsonRoute(
      {
        fields: [
          'PAY_ID',
          'PAYOUT_ID',
          'AMOUNT',
          'CURRENCY_CODE',
          'TRANSFER_MODE',
          'BENEFICIARY_NAME',
          'BENEFICIARY_ACCOUNT',
          'BENEFICIARY_IFSC',
          'BENEFICIARY_VPA',
          'REMARKS',
          'TXNTYPE',
          'NOTIFY_URL',
          'HASH',
        ],
        refusal: (code, fields) => payoutAnswer(fields ?? {}, { code, dateTime: dateTime() }),
        answer: async (fields, merchant, req) => {
          const checked = checkPayoutRequest(fields)
          if (!checked.ok) return payoutAnswer(fields, { code: checked.code, dateTime: dateTime() })
          const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
          if (notify === undefined) {
            return payoutAnswer(fields, { code: '357', dateTime: dateTime() })
          }
          // The payout and its webhook (processed or failed; a pending one has none yet) are
          // committed together.
          const { payout, queued } = await db.transaction(async (tx) => {
            const stored = await createPayout(
              tx,
              checked.request,
              merchantNow(merchant, options.now()),
            )
            if (stored === 'duplicate' || stored.responseCode === '026') {
              return { payout: stored, queued: false }
            }
            const type = stored.responseCode === '000' ? 'payout.processed' : 'payout.failed'
            const queued = await queueAnswerEvent(tx, merchant, {
              type,
              reference: stored.payoutId,
              notify: notifyTargetFor(notify, merchant),
              answer: storedPayoutAnswer(stored),
            })
            return { payout: stored, queued }
          })
          if (queued) options.onEventQueued()
          if (payout === 'duplicate') {
            return payoutAnswer(fields, { code: '018', dateTime: dateTime() })
          }
          options.log?.(
            `sandbox: payout ${payout.payoutId} ${payout.transferMode} ${payout.responseCode}`,
          )
          return storedPayoutAnswer(payout)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  const statusRefusal = (code: ResponseCode, fields: Fields | undefined): Fields => ({
    ...echo(fields, ['PAY_ID', 'PAYOUT_ID']),
    TXNTYPE: 'PAYOUT',
    ...codeFields(code, responseCodes[code].status),
    RESPONSE_DATE_TIME: dateTime(),
  })

  router.post(
    '/pgws/payout/status',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'PAYOUT_ID', 'HASH'],
        refusal: statusRefusal,
        answer: async (fields, merchant) => {
          if (!isValid('orderId', fields.PAYOUT_ID)) return statusRefusal('321', fields)
          const payout = await findPayout(db, merchant.payId, fields.PAYOUT_ID)
          return payout ? storedPayoutAnswer(payout) : statusRefusal('328', fields)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
