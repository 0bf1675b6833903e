import express, { type ErrorRequestHandler, Router } from 'express'
import { demoPayment, paymentResultCopy } from '#app/content/demo.ts'
import {
  CHECKOUT_VERIFY_PATH,
  type CheckoutVerifyAnswer,
  type DemoApiError,
  type DemoVisitor,
  MERCHANT_HOSTED_REQUEST_PATH,
  PAYMENT_REQUEST_PATH,
  type PaymentRequestFlow,
  RESPONSE_PATH,
  RESULT_QUERY,
  type SignedForm,
  type StartedPayment,
} from '#app/content/demo-api.ts'
import { RepeatedJsonKeysError, refuseRepeatedJsonKeys } from '#core/protocol/json-keys.ts'
import type { Database } from '#server/db/database.ts'
import type { DemoLoadContext } from './context.ts'
import type { RequestOrigin } from '#gateway/webhooks/addresses.ts'
import { demoLimit } from './limit.ts'
import { checkOrderAmount, currencyChoices, type OrderAmount } from './order-amount.ts'
import {
  checkMethod,
  type DemoMerchantSettings,
  encryptedMerchantHostedForm,
  gatewayUrls,
  type MerchantHostedMethod,
  newOrderId,
  readGatewayResponse,
  signedPaymentRequest,
} from './merchant.ts'
import { DemoReconciler, type ReconcilerTiming } from './reconciler.ts'
import { toPaymentResult } from './result.ts'
import { createOrder, findOrder, findSettledPayment, settleOrder } from './store.ts'
import { WEBHOOK_PATH, webhookHandlers } from './webhook.ts'
import { ownedPayments, ownerCookie, rememberPayment } from './ownership.ts'
import type { LimitCounts } from '#server/api/per-ip-limit.ts'

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
  notifyAllowed?: (notifyUrl: string, from: RequestOrigin) => boolean
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

/** A stored demo order (its row's id) and the form that sends the visitor to pay it. */
interface Order {
  id: string
  form: SignedForm
}

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
  const tooMany = 'Too many payments in a short time. Please wait a minute and try again.'
  const limit = demoLimit(
    options.rateLimitPerMinute,
    (res) => sendError(res, 429, tooMany),
    options.limitCounts,
  )
  // RETURN_URL and NOTIFY_URL are on the site's configured origin, whatever Host a request
  // names: a forged Host must not send the gateway's answer, or the webhooks, elsewhere. The
  // NOTIFY_URL is left out when the gateway would refuse it for this request (a private address
  // the built-in sandbox may not reach for it): the reconciler then settles the order.
  const origin = new URL(options.siteUrl).origin
  const endpoints = (from: RequestOrigin) => {
    const notifyUrl = `${origin}${WEBHOOK_PATH}`
    const allowed = options.notifyAllowed?.(notifyUrl, from) ?? true
    return { returnUrl: `${origin}${RESPONSE_PATH}`, notifyUrl: allowed ? notifyUrl : '' }
  }

  // Each order is made here, whichever way the visitor asked: the JSON endpoints (scripts) or a
  // page's action (a native form post).
  async function hostedOrder(
    flow: PaymentRequestFlow,
    from: RequestOrigin,
    { currency, minor }: OrderAmount,
  ): Promise<Order> {
    const orderId = newOrderId()
    const id = await createOrder(db, {
      orderId,
      flow,
      amount: Number(minor),
      currencyCode: currency.number,
    })
    const money = { amount: minor.toString(), currencyCode: currency.number }
    const form: SignedForm = {
      action: urls.paymentRequest,
      fields: signedPaymentRequest(settings, orderId, endpoints(from), money),
    }
    return { id, form }
  }

  async function merchantHostedOrder(
    method: MerchantHostedMethod,
    from: RequestOrigin,
  ): Promise<Order> {
    const orderId = newOrderId()
    const id = await createOrder(db, {
      orderId,
      flow: 'merchant-hosted',
      amount: demoPayment.amountMinor,
      paymentType: method.paymentType,
      mopType: method.mopType,
    })
    const form: SignedForm = {
      action: urls.merchantPaymentInit,
      fields: encryptedMerchantHostedForm(settings, orderId, endpoints(from), method),
    }
    return { id, form }
  }

  const router = Router()
  const json = express.json({ limit: BODY_LIMIT, strict: true, verify: refuseRepeatedJsonKeys })

  router.post(PAYMENT_REQUEST_PATH, limit.middleware, json, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const { flow } = body
    if (flow !== 'hosted' && flow !== 'checkout') {
      return sendError(res, 400, 'Unknown demo flow.')
    }
    const amount = checkOrderAmount(body)
    if (!amount.ok) return sendError(res, 400, amount.message, amount.field)
    const order = await hostedOrder(flow, req, amount.order)
    rememberPayment(req, res, order.id)
    res.set('Cache-Control', 'no-store').json(order.form)
  })

  router.post(MERCHANT_HOSTED_REQUEST_PATH, limit.middleware, json, async (req, res) => {
    const check = checkMethod(req.body)
    if (!check.ok) return sendError(res, 400, check.message)
    const order = await merchantHostedOrder(check.method, req)
    rememberPayment(req, res, order.id)
    res.set('Cache-Control', 'no-store').json(order.form)
  })

  /**
   * The same for a page's action: the limit, then the order (or the check that refuses it, in
   * the JSON endpoint's words) and the cookie that remembers it. An action has the visitor's
   * address, not the socket's: NOTIFY_URL is decided on that address, which is the socket's
   * unless a trusted proxy forwarded the request, and then a remote visitor's, for which the
   * gateway never allows more. At worst the reconciler settles the order instead of the webhook.
   */
  async function startPayment(
    visitor: DemoVisitor,
    makeOrder: (
      from: RequestOrigin,
    ) => Promise<Order | { ok: false; message: string; field?: DemoApiError['field'] }>,
  ): Promise<StartedPayment> {
    if (!(await limit.admits(visitor.ip))) return { ok: false, status: 429, message: tooMany }
    const order = await makeOrder({ socket: { remoteAddress: visitor.ip } })
    if (!('form' in order)) {
      return { ok: false, status: 400, message: order.message, field: order.field }
    }
    const setCookie = ownerCookie(visitor.cookieHeader, order.id, {
      path: '/',
      secure: visitor.secure,
    })
    return { ok: true, form: order.form, setCookie }
  }

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
    currencyChoices,
    paymentForm: (flow, visitor, input = {}) =>
      startPayment(visitor, async (from) => {
        const amount = checkOrderAmount(input)
        return amount.ok ? hostedOrder(flow, from, amount.order) : amount
      }),
    merchantHostedForm: (input, visitor) =>
      startPayment(visitor, async (from) => {
        const check = checkMethod(input)
        return check.ok ? merchantHostedOrder(check.method, from) : check
      }),
  }
  return { router, context, reconciler, stop: async () => reconciler?.stop() }
}

function sendError(
  res: express.Response,
  status: number,
  message: string,
  field?: DemoApiError['field'],
) {
  const body: DemoApiError = field ? { message, field } : { message }
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
