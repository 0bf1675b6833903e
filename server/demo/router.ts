import express, { type ErrorRequestHandler, type Request, Router } from 'express'
import { demoPayment, paymentResultCopy } from '#app/content/demo.ts'
import {
  CHECKOUT_VERIFY_PATH,
  type CheckoutVerifyAnswer,
  type DemoApiError,
  MERCHANT_HOSTED_REQUEST_PATH,
  PAYMENT_REQUEST_PATH,
  RESPONSE_PATH,
  RESULT_QUERY,
  type SignedForm,
} from '#app/content/demo-api.ts'
import { RepeatedJsonKeysError, refuseRepeatedJsonKeys } from '#core/protocol/json-keys.ts'
import type { Database } from '#server/db/database.ts'
import type { DemoLoadContext } from './context.ts'
import {
  checkMethod,
  type DemoMerchantSettings,
  encryptedMerchantHostedForm,
  gatewayUrls,
  newOrderId,
  readGatewayResponse,
  signedPaymentRequest,
} from './merchant.ts'
import { DemoReconciler, type ReconcilerTiming } from './reconciler.ts'
import { toPaymentResult } from './result.ts'
import { createOrder, findOrder, findSettledPayment, settleOrder } from './store.ts'
import { WEBHOOK_PATH, webhookHandlers } from './webhook.ts'
import { ownedPayments, rememberPayment } from './ownership.ts'
import { type LimitCounts, perIpLimit } from '#server/api/per-ip-limit.ts'

export interface DemoMerchantOptions {
  db: Database
  settings: DemoMerchantSettings
  /**
   * The site's public origin for RETURN_URL and NOTIFY_URL: from configuration, never from a
   * request's Host or X-Forwarded-* headers (server/services.ts: SITE_URL, or
   * http://localhost:PORT when it is not set).
   */
  siteUrl: string
  /**
   * The gateway's absolute base for server-to-server calls (the status enquiry). With it the
   * reconciler runs; the built-in sandbox's `/sandbox` is relative, so the server names its own
   * address here (services.ts).
   */
  gatewayApiBase?: string
  /**
   * Whether the gateway takes this NOTIFY_URL from this visitor's request: the built-in sandbox
   * refuses a private one unless the operator allows it (services.ts). A URL it would refuse is
   * left out, and the reconciler's status enquiries settle the order instead. Unset: always.
   */
  notifyAllowed?: (notifyUrl: string, req: Request) => boolean
  /** The reconciler's timing; tests make it small. */
  reconcile?: Partial<ReconcilerTiming>
  /** Requests per minute per IP that create an order; 0 switches the limit off. */
  rateLimitPerMinute: number
  /** Where the limit counts; absent, in this process's memory. */
  limitCounts?: LimitCounts
  clock?: () => number
  log?: (line: string) => void
}

const BODY_LIMIT = '16kb'

/**
 * The demo merchant's back end: it signs the demos' requests, is the RETURN_URL the gateway
 * posts to, and verifies the checkout frame's response. The same object gives the pages'
 * loaders what they may know (the checkout script's address, a stored result).
 */
export function demoMerchant(options: DemoMerchantOptions): {
  router: Router
  context: DemoLoadContext
  /** Absent without `gatewayApiBase`. */
  reconciler?: DemoReconciler
  /** Stops the reconciler and waits for its run in flight. */
  stop(): Promise<void>
} {
  const { db, settings } = options
  const urls = gatewayUrls(settings.gatewayBase)
  const limiter = perIpLimit(
    options.rateLimitPerMinute,
    (res) =>
      sendError(res, 429, 'Too many payments in a short time. Please wait a minute and try again.'),
    options.limitCounts && { name: 'demo', counts: options.limitCounts },
  )
  // RETURN_URL and NOTIFY_URL are on the site's configured origin, whatever Host a request
  // names: a forged Host must not send the gateway's answer, or the webhooks, elsewhere. The
  // NOTIFY_URL is left out when the gateway would refuse it for this request (a private address
  // the built-in sandbox may not reach for it): the reconciler then settles the order.
  const origin = new URL(options.siteUrl).origin
  const endpoints = (req: Request) => {
    const notifyUrl = `${origin}${WEBHOOK_PATH}`
    const allowed = options.notifyAllowed?.(notifyUrl, req) ?? true
    return { returnUrl: `${origin}${RESPONSE_PATH}`, notifyUrl: allowed ? notifyUrl : '' }
  }

  const router = Router()
  const json = express.json({ limit: BODY_LIMIT, strict: true, verify: refuseRepeatedJsonKeys })

  router.post(PAYMENT_REQUEST_PATH, limiter, json, async (req, res) => {
    const flow = (req.body as { flow?: unknown } | undefined)?.flow
    if (flow !== 'hosted' && flow !== 'checkout') {
      return sendError(res, 400, 'Unknown demo flow.')
    }
    const orderId = newOrderId()
    rememberPayment(
      req,
      res,
      await createOrder(db, { orderId, flow, amount: demoPayment.amountMinor }),
    )
    const form: SignedForm = {
      action: urls.paymentRequest,
      fields: signedPaymentRequest(settings, orderId, endpoints(req)),
    }
    res.set('Cache-Control', 'no-store').json(form)
  })

  router.post(MERCHANT_HOSTED_REQUEST_PATH, limiter, json, async (req, res) => {
    const check = checkMethod(req.body)
    if (!check.ok) return sendError(res, 400, check.message)
    const orderId = newOrderId()
    const id = await createOrder(db, {
      orderId,
      flow: 'merchant-hosted',
      amount: demoPayment.amountMinor,
      paymentType: check.method.paymentType,
      mopType: check.method.mopType,
    })
    rememberPayment(req, res, id)
    const form: SignedForm = {
      action: urls.merchantPaymentInit,
      fields: encryptedMerchantHostedForm(settings, orderId, endpoints(req), check.method),
    }
    res.set('Cache-Control', 'no-store').json(form)
  })

  // The gateway's auto-submitting form lands here. Post/Redirect/Get: the result page can be
  // reloaded or shared without posting the response again.
  router.post(
    RESPONSE_PATH,
    express.urlencoded({ extended: false, limit: BODY_LIMIT }),
    async (req, res) => {
      const reading = readGatewayResponse(settings, req.body ?? {})
      if (!reading.ok) {
        options.log?.(`demo response refused: ${reading.reason}`)
        return res.redirect(303, `${RESPONSE_PATH}?${RESULT_QUERY.refused}=${reading.reason}`)
      }
      const settlement = await settleOrder(db, reading.fields)
      if (!settlement.ok) {
        options.log?.(`demo response refused: ${settlement.reason} (${reading.fields.ORDER_ID})`)
        return res.redirect(303, `${RESPONSE_PATH}?${RESULT_QUERY.refused}=${settlement.reason}`)
      }
      res.redirect(303, `${RESPONSE_PATH}?${RESULT_QUERY.payment}=${settlement.payment.id}`)
    },
  )

  router.post(CHECKOUT_VERIFY_PATH, json, async (req, res) => {
    const reading = readGatewayResponse(settings, (req.body as Record<string, unknown>) ?? {})
    const refuse = (reason: Exclude<CheckoutVerifyAnswer, { verified: true }>['reason']) => {
      options.log?.(`demo checkout response refused: ${reason}`)
      const answer: CheckoutVerifyAnswer = {
        verified: false,
        reason,
        message: paymentResultCopy.refused.reasons[reason],
      }
      res.status(400).set('Cache-Control', 'no-store').json(answer)
    }
    if (!reading.ok) return refuse(reading.reason)
    const settlement = await settleOrder(db, reading.fields)
    if (!settlement.ok) return refuse(settlement.reason)
    const answer: CheckoutVerifyAnswer = {
      verified: true,
      result: toPaymentResult(settlement.payment),
    }
    res.set('Cache-Control', 'no-store').json(answer)
  })

  // The gateway's signed event: the outcome even when the browser never comes back.
  router.post(
    WEBHOOK_PATH,
    ...webhookHandlers({ db, settings, clock: options.clock, log: options.log }),
  )

  router.use('/demo', demoErrors(options.log))

  const reconciler = options.gatewayApiBase
    ? new DemoReconciler({
        db,
        settings,
        gatewayApiBase: options.gatewayApiBase,
        timing: options.reconcile,
        log: options.log,
      })
    : undefined
  reconciler?.start()

  const context: DemoLoadContext = {
    checkoutScriptUrl: urls.checkoutScript,
    async findResult(id) {
      const payment = await findSettledPayment(db, id)
      return payment ? toPaymentResult(payment) : undefined
    },
    async findOrder(orderId, cookieHeader) {
      const payment = await findOrder(db, orderId)
      const own = payment && ownedPayments(cookieHeader).includes(payment.id)
      return own ? toPaymentResult(payment) : undefined
    },
  }
  return { router, context, reconciler, stop: async () => reconciler?.stop() }
}

function sendError(res: express.Response, status: number, message: string) {
  const body: DemoApiError = { message }
  res.status(status).set('Cache-Control', 'no-store').json(body)
}

function demoErrors(log?: (line: string) => void): ErrorRequestHandler {
  return (error: { type?: string; status?: number; message?: string }, _req, res, _next) => {
    if (error.type === 'entity.too.large') return sendError(res, 413, 'The request is too large.')
    if (error.type === 'entity.parse.failed')
      return sendError(res, 400, 'The request is not valid JSON.')
    if (error instanceof RepeatedJsonKeysError) {
      return sendError(res, 400, 'The request names a field more than once.')
    }
    // Any other body the parsers cannot read (an unknown charset or compression, a broken
    // gzip stream) is the request's fault: a 4xx, never a 500.
    if (error.status && error.status >= 400 && error.status < 500) {
      return sendError(res, error.status === 415 ? 415 : 400, 'The request could not be read.')
    }
    log?.(`demo error: ${error.message ?? String(error)}`)
    sendError(res, 500, 'Something went wrong on our side. Please try again in a moment.')
  }
}
