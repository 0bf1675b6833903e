import { Router } from 'express'
import { checkOrderId, type FindMerchant } from '../checks.ts'
import { formatDateTime } from '../ids.ts'
import { responseCodes, type ResponseCode } from '../protocol/codes.ts'
import type { Fields } from '../protocol/fields.ts'
import { findByOrder, type GatewayDatabase, responseFields } from '../store.ts'
import { codeFields, echo, jsonRoute } from './json.ts'
import { checkRefundRequest, refundAnswer } from './refund-checks.ts'
import { refundedAmount, refundPayment } from './refund-store.ts'

export interface TransactOptions {
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  log?: (line: string) => void
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
  const dateTime = () => formatDateTime(options.now())

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

  const refund = async (fields: Fields): Promise<Fields> => {
    const checked = checkRefundRequest(fields)
    if (!checked.ok) return refundAnswer(fields, { code: checked.code, dateTime: dateTime() })
    const outcome = await refundPayment(db, checked.request)
    const txnId = 'refund' in outcome ? outcome.refund.txnId : undefined
    options.log?.(
      `sandbox: refund ${checked.request.refundOrderId} of ${checked.request.orderId} ${outcome.code}`,
    )
    return refundAnswer(fields, { code: outcome.code, txnId, dateTime: dateTime() })
  }

  const router = Router()
  router.post(
    '/pgws/transact',
    ...jsonRoute(
      {
        refusal: (code, fields) =>
          isRefund(fields)
            ? refundAnswer(fields!, { code, dateTime: dateTime() })
            : statusRefusal(code, fields),
        answer: async (fields, merchant) => {
          if (fields.TXNTYPE === 'STATUS') return status(fields, merchant.payId)
          if (isRefund(fields)) return refund(fields)
          return statusRefusal('322', fields)
        },
      },
      options.findMerchant,
    ),
  )
  return router
}
