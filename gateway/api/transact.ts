import type { ApiLimiters } from '#gateway/api/limits.ts'
import { Router } from 'express'
import {
  checkedNotifyUrl,
  checkOrderId,
  type FindMerchant,
  type NotifyPolicyFor,
} from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { RequestOrigin } from '#gateway/webhooks/addresses.ts'
import { notifyTargetFor, queueAnswerEvent } from '#gateway/webhooks/events.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { responseCodes, type ResponseCode } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { findByOrder, type GatewayDatabase, responseFields } from '#gateway/store.ts'
import { codeFields, echo, jsonRoute } from './json.ts'
import { checkRefundRequest, refundAnswer } from './refund-checks.ts'
import { refundedAmount, refundMade, refundPayment } from './refund-store.ts'

export interface TransactOptions {
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

const isRefund = (fields: Fields | undefined) => fields?.TXNTYPE === 'REFUND'

/**
 * `POST /pgws/transact`: the server-to-server JSON API of a payment. `TXNTYPE: "STATUS"` answers
 * the stored payment (plus REFUNDED_AMOUNT once refunds were made); `TXNTYPE: "REFUND"` gives
 * part or all of a captured payment back.
 */
export function transactApi(options: TransactOptions): Router {
  const { db } = options
  const statusRefusal = (code: ResponseCode, fields: Fields | undefined): Fields => ({
    ...echo(fields, ['PAY_ID', 'ORDER_ID']),
    TXNTYPE: 'STATUS',
    ...codeFields(code, responseCodes[code].status),
  })
  const dateTime = (merchant?: SandboxMerchant) =>
    formatDateTime(merchant ? merchantNow(merchant, options.now()) : options.now())

  const status = async (fields: Fields, payId: string): Promise<Fields> => {
    if (!checkOrderId(fields.ORDER_ID)) return statusRefusal('321', fields)
    const transaction = await findByOrder(db, payId, fields.ORDER_ID!)
    if (!transaction) return statusRefusal('328', fields)
    const refunded = await refundedAmount(db, transaction.id)
    return {
      ...responseFields(transaction),
      ...(refunded > 0n ? { REFUNDED_AMOUNT: String(refunded) } : {}),
    }
  }

  /**
   * A refund that went through sends `refund.processed` to the refund's NOTIFY_URL, else the
   * payment's, else the merchant's default, with the answer the merchant gets here.
   */
  const refund = async (
    fields: Fields,
    merchant: SandboxMerchant,
    req: RequestOrigin,
  ): Promise<Fields> => {
    const checked = checkRefundRequest(fields)
    if (!checked.ok) return refundAnswer(fields, { code: checked.code, dateTime: dateTime() })
    const notify = checkedNotifyUrl(fields.NOTIFY_URL, options.notifyPolicy(req), merchant)
    if (notify === undefined) return refundAnswer(fields, { code: '357', dateTime: dateTime() })
    const at = merchantNow(merchant, options.now())
    const answeredAt = formatDateTime(at)
    let queued = false
    const outcome = await refundPayment(db, checked.request, at, async (tx, stored, payment) => {
      queued = await queueAnswerEvent(tx, merchant, {
        type: 'refund.processed',
        reference: stored.orderId,
        notify: notifyTargetFor(
          notify.url ? notify : { url: payment.notifyUrl, allowPrivate: payment.notifyPrivate },
          merchant,
        ),
        answer: refundAnswer(fields, {
          code: '000',
          made: refundMade(stored, payment),
          dateTime: answeredAt,
        }),
      })
    })
    if (queued) options.onEventQueued()
    const made = 'made' in outcome ? outcome.made : undefined
    options.log?.(
      `sandbox: refund ${checked.request.refundOrderId} of ${checked.request.orderId} ${outcome.code}`,
    )
    return refundAnswer(fields, { code: outcome.code, made, dateTime: answeredAt })
  }

  const router = Router()
  router.post(
    '/pgws/transact',
    ...jsonRoute(
      {
        fields: [
          'PAY_ID',
          'ORDER_ID',
          'TXNTYPE',
          'REFUND_ORDER_ID',
          'AMOUNT',
          'CURRENCY_CODE',
          'NOTIFY_URL',
          'HASH',
        ],
        refusal: (code, fields) =>
          isRefund(fields)
            ? refundAnswer(fields!, { code, dateTime: dateTime() })
            : statusRefusal(code, fields),
        answer: async (fields, merchant, req) => {
          if (fields.TXNTYPE === 'STATUS') return status(fields, merchant.payId)
          if (isRefund(fields)) return refund(fields, merchant, req)
          return statusRefusal('322', fields)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
