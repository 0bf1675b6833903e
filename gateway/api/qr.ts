import type { ApiLimiters } from '#gateway/api/limits.ts'
import { type Request, Router } from 'express'
import type { FindMerchant, NotifyPolicyFor } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { negotiateLanguage } from '#gateway/i18n/index.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import { createTransaction, type GatewayDatabase } from '#gateway/store.ts'
import { jsonRoute } from './json.ts'
import { checkQrRequest, qrAnswer, qrRefusal } from './qr-checks.ts'

export interface QrOptions {
  /** The JSON APIs' limits (gateway/api/limits.ts); absent, none. */
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  now: () => Date
  /** The gateway's public absolute URL, when it differs from what requests reach it at. */
  publicUrl?: string
  log?: (line: string) => void
  /** Which NOTIFY_URLs a request is allowed, by where it came from. */
  notifyPolicy: NotifyPolicyFor
}

/**
 * The gateway's absolute base URL: the configured one (the site and the standalone sandbox
 * always configure it). Only a gateway mounted without one (a test's) takes the request's
 * scheme, host and mount path, and then says so with `Vary`, so that no shared cache hands one
 * client's Host to another.
 */
export function gatewayBase(req: Request, publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '')
  req.res?.vary('Host').vary('X-Forwarded-Proto')
  return `${req.protocol}://${req.get('host')}${req.baseUrl}`.replace(/\/+$/, '')
}

/**
 * `POST /pgws/qr`: opens a payment for an order and answers the QR code that pays it (a UPI
 * intent, or the hosted payment page), its image and the sandbox scan page.
 */
export function qrApi(options: QrOptions): Router {
  const { db } = options
  const dateTime = (merchant?: SandboxMerchant) =>
    formatDateTime(merchant ? merchantNow(merchant, options.now()) : options.now())
  const router = Router()
  router.post(
    '/pgws/qr',
    ...jsonRoute(
      {
        fields: [
          'PAY_ID',
          'ORDER_ID',
          'AMOUNT',
          'CURRENCY_CODE',
          'QR_TYPE',
          'CUST_NAME',
          'CUST_EMAIL',
          'RETURN_URL',
          'TXNTYPE',
          'NOTIFY_URL',
          'HASH',
        ],
        refusal: (code, fields) => qrRefusal(code, fields, dateTime()),
        answer: async (fields, merchant, req) => {
          const checked = checkQrRequest(fields, merchant, options.notifyPolicy(req))
          if (!checked.ok) return qrRefusal(checked.code, fields, dateTime())
          const payment = await createTransaction(db, {
            request: checked.request,
            mode: checked.qrType === 'UPI' ? 'qr-upi' : 'qr-pg',
            language: negotiateLanguage(req.get('accept-language')),
            at: merchantNow(merchant, options.now()),
          })
          if (payment === 'duplicate') return qrRefusal('018', fields, dateTime())
          options.log?.(`sandbox: ${checked.qrType} QR ${payment.txnId} for ${payment.orderId}`)
          const base = gatewayBase(req, options.publicUrl)
          return qrAnswer(checked.qrType, merchant, payment, base, dateTime(merchant))
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}
