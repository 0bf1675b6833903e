import { Router } from 'express'
import { isValid } from '#core/protocol/patterns.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import type { ApiLimiters } from '#gateway/api/limits.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { checkRange } from '#gateway/settlements/checks.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { DISPUTE_BODY_LIMIT, DISPUTE_LONG_VALUES, checkAnswer } from './evidence.ts'
import { answerWithEvent } from './answer.ts'
import { disputeIdPattern, disputesCreatedBetween, disputesOfOrder } from './store.ts'

export interface DisputeApiOptions {
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  /** The sandbox's clock: it judges a dispute's deadline and dates an ACCEPT. */
  now: () => Date
  /** Called after an event was committed, so it goes out at once. */
  onEventQueued: () => void
}

/**
 * The dispute APIs: a merchant's disputes by the dates they were made or by order, and the answer
 * to one (ACCEPT or CONTEST with evidence). The list travels as JSON text in one field, so the
 * answer stays flat and its HASH covers it. Disputes are made and decided by the settlement runs
 * (gateway/settlements/runner.ts).
 */
export function disputesApi(options: DisputeApiOptions): Router {
  const { db } = options
  const done = (): Fields => ({
    RESPONSE_CODE: '000',
    RESPONSE_MESSAGE: responseCodes['000'].message,
    RESPONSE_DATE_TIME: formatDateTime(options.now()),
  })
  const refusalOf = refusalsAt(options.now)
  const router = Router()

  const listRefusal = refusalOf(['FROM', 'TO', 'ORDER_ID'])
  router.post(
    '/pgws/disputes',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'FROM', 'TO', 'ORDER_ID', 'HASH'],
        refusal: listRefusal,
        answer: async (fields, merchant) => {
          if (fields.ORDER_ID !== undefined) {
            if (!isValid('orderId', fields.ORDER_ID)) return listRefusal('321', fields)
            const disputes = await disputesOfOrder(db, merchant.payId, fields.ORDER_ID)
            return {
              PAY_ID: merchant.payId,
              ORDER_ID: fields.ORDER_ID,
              DISPUTES: JSON.stringify(disputes),
              ...done(),
            }
          }
          const range = checkRange(fields)
          if (!range.ok) return listRefusal(range.code, fields)
          const { from, to } = range.value
          const disputes = await disputesCreatedBetween(db, merchant.payId, from, to)
          return {
            PAY_ID: merchant.payId,
            FROM: from,
            TO: to,
            DISPUTES: JSON.stringify(disputes),
            ...done(),
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )

  const answerRefusal = refusalOf(['DISPUTE_ID', 'ACTION'])
  router.post(
    '/pgws/dispute',
    ...jsonRoute(
      {
        bodyLimit: DISPUTE_BODY_LIMIT,
        longValues: DISPUTE_LONG_VALUES,
        fields: [
          'PAY_ID',
          'DISPUTE_ID',
          'ACTION',
          'EVIDENCE',
          'EVIDENCE_FILE',
          'EVIDENCE_FILE_NAME',
          'HASH',
        ],
        refusal: answerRefusal,
        answer: async (fields, merchant) => {
          const disputeId = fields.DISPUTE_ID
          if (!disputeId || !disputeIdPattern.test(disputeId)) {
            return answerRefusal('346', fields)
          }
          const outcome = await answerWithEvent(
            options,
            merchant,
            disputeId,
            await checkAnswer(fields),
          )
          if (!outcome.ok) return answerRefusal(outcome.code, fields)
          return { PAY_ID: merchant.payId, ...outcome.dispute.fields, ...done() }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
