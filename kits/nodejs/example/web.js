/**
 * The request plumbing the example apps share (not part of the core a merchant installs), on node:http with no framework: routing by
 * "METHOD /path" (or "METHOD /prefix/*"), body parsing (urlencoded, JSON, text, raw bytes),
 * answering HTML or JSON as the request asks, one place that turns the library's errors into
 * 400/502 answers, and the webhook, order, settlement, dispute, payment-link and subscription
 * routes every example has.
 */
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import {
  ConfigError,
  GatewayError,
  InvalidInputError,
  SIGNATURE_HEADER,
  VerificationError,
  WebhookError,
  loadConfig,
  newOrderId,
  verify,
} from '../core/index.js'
import { MONTHLY_PLAN } from './plans.js'
import { contentSecurityPolicy, layout } from './layout.js'
import {
  answerPage,
  errorPage,
  orderPage,
  paylinksPage,
  planPage,
  settlementPage,
  statusPage,
  subscriptionReturnPage,
  subscriptionsPage,
} from './widgets.js'
import { html } from './escape.js'

export * from './escape.js'
export * from './layout.js'
export * from './widgets.js'
export { OrderStore } from './order-store.js'

/** @typedef {import('../core/src/config.js').Config} Config */
/** @typedef {import('./layout.js').Page} Page */
/** @typedef {import('../core/src/client.js').Client} Client */
/** @typedef {import('./order-store.js').OrderStore} Orders */

/**
 * What a route handler gets.
 * @typedef {object} AppRequest
 * @property {string} method
 * @property {string} path
 * @property {string} rest for a "METHOD /prefix/*" route, the decoded path after the prefix
 * @property {URLSearchParams} query
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {'json' | 'html' | undefined} accepts what the Accept header asks for, if either
 * @property {'json' | 'html'} prefers the route's answer when Accept names neither (see apiRoute)
 * @property {() => Promise<Record<string, string>>} form the urlencoded or JSON body as fields
 * @property {() => Promise<string>} text the body as text
 * @property {() => Promise<Buffer>} raw the body's bytes as they arrived (a webhook's signature
 *   covers exactly these)
 * @property {Readonly<Config>} config the app's configuration (startApp's)
 */

/**
 * What a route handler returns: a page (wrapped in the layout), a JSON value, or where to go
 * next (303 See Other, after a form post).
 * @typedef {{ status?: number } & ({ page: Page } | { json: unknown } | { redirect: string })} AppReply
 */

/**
 * @typedef {((request: AppRequest) => AppReply | Promise<AppReply>) & { prefers?: 'json' }} Handler
 */

const BODY_LIMIT = 64 * 1024

class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * The kit's configuration (paystra.env in the kit root, then the environment). A missing value
 * stops the app with a message saying what to set, rather than a stack trace.
 * @param {string} importMetaUrl the example's import.meta.url; the kit root is its parent folder
 * @returns {Readonly<Config>}
 */
export function kitConfig(importMetaUrl) {
  const kitRoot = fileURLToPath(new URL('..', importMetaUrl))
  try {
    return loadConfig(kitRoot)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`Configuration: ${error.message}`)
    process.exit(1)
  }
}

/**
 * Answers JSON when the request asks for it (Accept: application/json), a page when it asks for
 * HTML, and what the route prefers when it asks for neither.
 * @param {AppRequest} request
 * @param {{ status?: number, json: unknown, page: Page }} answer
 * @returns {AppReply}
 */
export function reply(request, { status = 200, json, page }) {
  return (request.accepts ?? request.prefers) === 'json' ? { status, json } : { status, page }
}

/**
 * Marks a route as an API: it answers JSON (errors too) unless the request asks for HTML, as a
 * browser does.
 * @param {Handler} handler
 * @returns {Handler}
 */
export function apiRoute(handler) {
  return Object.assign((/** @type {AppRequest} */ request) => handler(request), {
    prefers: /** @type {const} */ ('json'),
  })
}

/**
 * GET /status?order_id=…: a signed status enquiry; its answer moves a recorded order forward.
 * @param {Client} client
 * @param {Orders} [orders]
 * @returns {Handler}
 */
export function statusRoute(client, orders) {
  return apiRoute(async (request) => {
    const fields = await client.status(request.query.get('order_id') ?? '')
    await orders?.record(fields, 'status')
    return reply(request, { json: { verified: true, fields }, page: statusPage(fields) })
  })
}

/**
 * Where this app's requests ask the gateway to send their webhooks: APP_URL/webhook, or none
 * while PAYSTRA_WEBHOOK_SECRET is unset, as every delivery would then be refused and the
 * gateway would retry each one for a day and a half.
 * @param {Readonly<Config>} config
 * @returns {string | undefined}
 */
export function notifyUrl(config) {
  return config.webhookSecret ? `${config.appUrl}/webhook` : undefined
}

/**
 * POST /webhook: a signed event, verified over the raw body and applied once, forward only.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function webhookRoute(client, orders) {
  return apiRoute(async (request) => {
    let event
    try {
      event = client.verifyWebhook(await request.raw(), headerValue(request, SIGNATURE_HEADER))
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error
      // Not 2xx: the gateway sends the event again later, and a developer reads the reason.
      return { status: 400, json: { received: false, reason: error.reason, error: error.message } }
    }
    return { json: await orders.receive(event) }
  })
}

/**
 * GET /orders/<ORDER_ID>: an order as this app recorded it.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function orderRoute(orders) {
  return apiRoute(async (request) => {
    const order = await orders.get(request.rest)
    if (!order) {
      return reply(request, {
        status: 404,
        json: { error: 'No such order' },
        page: errorPage('No such order', `This app has no order ${request.rest}.`),
      })
    }
    const { order_id, status, amount, events, updated_by, dispute, paylink } = order
    const json = {
      order_id,
      status,
      amount,
      events,
      updated_by,
      dispute: dispute
        ? {
            dispute_id: dispute.DISPUTE_ID,
            status: dispute.STATUS,
            reason_code: dispute.REASON_CODE,
            reason: dispute.REASON,
            amount: dispute.AMOUNT,
            currency_code: dispute.CURRENCY_CODE,
            respond_by: dispute.RESPOND_BY,
          }
        : null,
      // Only an order sent as a payment link has one.
      ...(paylink ? { paylink: paylinkJson(paylink) } : {}),
    }
    return reply(request, { json, page: orderPage(order) })
  })
}

/**
 * POST /dispute (ORDER_ID, ACTION ACCEPT or CONTEST, EVIDENCE): answers the order's dispute with
 * acceptDispute or contestDispute and records the verified answer on the order at once. A
 * browser goes back to the order page; JSON gets { verified: true, fields }. In a shop, only
 * its staff may reach this.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function disputeRoute(client, orders) {
  return async (request) => {
    const form = await request.form()
    const orderId = form.ORDER_ID ?? ''
    const disputeId = (await orders.get(orderId))?.dispute?.DISPUTE_ID
    if (!disputeId) throw new InvalidInputError(`Order ${orderId} has no dispute to answer`)
    const action = (form.ACTION ?? '').toUpperCase()
    if (action !== 'ACCEPT' && action !== 'CONTEST') {
      throw new InvalidInputError('ACTION must be ACCEPT or CONTEST')
    }
    const fields =
      action === 'ACCEPT'
        ? await client.acceptDispute(disputeId)
        : await client.contestDispute(disputeId, form.EVIDENCE ?? '')
    if (fields.RESPONSE_CODE !== '000') {
      // Signed refusals (348 answered, 349 too late, 350 the evidence): nothing changed.
      const message = `${fields.RESPONSE_CODE} ${fields.RESPONSE_MESSAGE ?? ''}`.trim()
      return reply(request, {
        status: 400,
        json: { verified: true, fields, error: message },
        page: errorPage('Dispute not answered', message),
      })
    }
    await orders.disputeAnswered(fields)
    if (request.accepts === 'json') return { json: { verified: true, fields } }
    return { redirect: `/orders/${encodeURIComponent(orderId)}` }
  }
}

/**
 * An order's payment link as GET /orders/<ORDER_ID> answers it in JSON.
 * @param {import('./order-store.js').RecordedPaylink} paylink
 */
function paylinkJson(paylink) {
  return {
    paylink_id: paylink.PAYLINK_ID,
    short_url: paylink.SHORT_URL,
    status: paylink.STATUS,
    description: paylink.DESCRIPTION,
    currency_code: paylink.CURRENCY_CODE,
    expire_by: paylink.EXPIRE_BY,
    payment_order_id: paylink.ORDER_ID,
    txn_id: paylink.TXN_ID,
  }
}

/** What the "Expires" choice of GET /paylinks means: days from now, or never. */
const EXPIRY_DAYS = /** @type {Record<string, number>} */ ({ '': 0, 1: 1, 7: 7 })
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * GET /paylinks: the form that sends a payment link, and the links this app has sent.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function paylinksRoute(orders) {
  return async (request) => {
    const links = await orders.paylinks()
    return reply(request, {
      json: {
        paylinks: links.map((order) => ({
          order_id: order.order_id,
          status: order.status,
          amount: order.amount,
          paylink: order.paylink && paylinkJson(order.paylink),
        })),
      },
      page: paylinksPage({ links, webhookSecret: request.config.webhookSecret }),
    })
  }
}

/**
 * POST /paylinks (AMOUNT in paise, DESCRIPTION, optional CUST_NAME, CUST_EMAIL, CUST_PHONE and
 * EXPIRES_IN 1 or 7 days): a new order sent as a payment link. Its ORDER_ID is the link's
 * REFERENCE_ID, and the link's paylink.* webhooks go to this app's /webhook. The order is
 * recorded from the verified answer, awaiting payment; a browser goes on to the order's page,
 * which shows the SHORT_URL to send the customer; JSON gets { verified: true, order_id, fields }.
 * In a shop, only its staff may reach this.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function createPaylinkRoute(client, orders) {
  return async (request) => {
    const form = await request.form()
    const expiresIn = form.EXPIRES_IN ?? ''
    if (!Object.hasOwn(EXPIRY_DAYS, expiresIn)) {
      throw new InvalidInputError('EXPIRES_IN must be empty, 1 or 7 (days)')
    }
    const days = EXPIRY_DAYS[expiresIn] ?? 0
    const orderId = newOrderId('PL') // unique per merchant: the gateway refuses a reused REFERENCE_ID (374)
    const fields = await client.createPaylink({
      AMOUNT: form.AMOUNT ?? '', // paise: "24900" is ₹249.00
      DESCRIPTION: form.DESCRIPTION ?? '',
      CUST_NAME: form.CUST_NAME,
      CUST_EMAIL: form.CUST_EMAIL,
      CUST_PHONE: form.CUST_PHONE,
      // A Date is sent in IST; the gateway judges it against the account's clock (371).
      EXPIRE_BY: days ? new Date(Date.now() + days * DAY_MS) : undefined,
      REFERENCE_ID: orderId,
      NOTIFY_URL: notifyUrl(request.config), // paylink.paid, .expired, .cancelled come here
    })
    if (fields.RESPONSE_CODE !== '000') {
      // Signed refusals (370 the description, 371 the expiry, 374 the reference…): no link, no order.
      return refused(request, fields, 'Payment link not created')
    }
    await orders.paylinkCreated(orderId, fields)
    if (request.accepts === 'json') return { json: { verified: true, order_id: orderId, fields } }
    return { redirect: `/orders/${encodeURIComponent(orderId)}` }
  }
}

/**
 * POST /paylinks/cancel (ORDER_ID): cancels the order's payment link with cancelPaylink and
 * records the verified answer at once (the order is cancelled; paylink.cancelled follows and
 * changes nothing). A browser goes back to the order's page. In a shop, only its staff may reach
 * this.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function cancelPaylinkRoute(client, orders) {
  return async (request) => {
    const orderId = (await request.form()).ORDER_ID ?? ''
    const paylinkId = (await orders.get(orderId))?.paylink?.PAYLINK_ID
    if (!paylinkId) throw new InvalidInputError(`Order ${orderId} has no payment link`)
    const fields = await client.cancelPaylink(paylinkId)
    if (fields.RESPONSE_CODE !== '000') {
      // 373: paid, expired or cancelled already, or held by a payment the bank is confirming.
      return refused(request, fields, 'Payment link not cancelled')
    }
    await orders.paylinkAnswered(fields, 'cancel')
    if (request.accepts === 'json') return { json: { verified: true, fields } }
    return { redirect: `/orders/${encodeURIComponent(orderId)}` }
  }
}

/**
 * GET /paylinks/status?order_id=…: the order's payment link as the gateway has it now (by its
 * REFERENCE_ID, the order's id); the answer moves the recorded order forward, as a webhook would.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function paylinkStatusRoute(client, orders) {
  return apiRoute(async (request) => {
    const orderId = request.query.get('order_id') ?? ''
    const fields = await client.paylinkStatus({ referenceId: orderId })
    await orders.paylinkAnswered(fields, 'status')
    const page = answerPage({
      title: `Payment link of ${orderId}: ${fields.STATUS ?? 'unknown'}`,
      fields,
      success: fields.STATUS ?? 'Found',
      caption: 'Payment link status answer',
      actions: html`<a class="button" href="/orders/${encodeURIComponent(orderId)}"
        >See the order</a
      >`,
    })
    return reply(request, { json: { verified: true, fields }, page })
  })
}

/**
 * The routes that send and follow payment links: GET and POST /paylinks, POST /paylinks/cancel
 * and GET /paylinks/status. The link's events arrive at POST /webhook with the others.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Record<string, Handler>}
 */
export function paylinkRoutes(client, orders) {
  return {
    'GET /paylinks': paylinksRoute(orders),
    'POST /paylinks': createPaylinkRoute(client, orders),
    'POST /paylinks/cancel': cancelPaylinkRoute(client, orders),
    'GET /paylinks/status': paylinkStatusRoute(client, orders),
  }
}

const IST_OFFSET_MS = 330 * 60 * 1000

/**
 * Today's date in IST (YYYY-MM-DD) on the account's clock, which a subscription's START_DATE is
 * judged against (388): the sandbox's clock call, whose NOW runs ahead of real time once the
 * clock was advanced; where the gateway has no clock to read, today's IST date.
 * @param {Client} client
 * @returns {Promise<string>}
 */
export async function accountToday(client) {
  let now = Date.now()
  try {
    const clock = await client.clock()
    const read = Date.parse(clock.NOW ?? '')
    if (clock.RESPONSE_CODE === '000' && Number.isFinite(read)) now = read
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
  }
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * A plan as GET /subscriptions/<SUBSCRIPTION_ID> and GET /subscriptions answer it in JSON.
 * @param {import('./plans.js').StoredPlan} plan
 */
function planJson(plan) {
  return { ...plan, debits: plan.debits.map((debit) => ({ ...debit })) }
}

/**
 * GET /subscriptions: the "Subscribe monthly" form and the plans this app made.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function subscriptionsRoute(orders) {
  return async (request) => {
    const plans = await orders.plans()
    return reply(request, {
      json: { subscriptions: plans.map(planJson) },
      page: subscriptionsPage({
        plans,
        webhookSecret: request.config.webhookSecret,
        plan: MONTHLY_PLAN,
      }),
    })
  }
}

/**
 * POST /subscriptions (CUST_NAME, CUST_EMAIL, CUST_PHONE): the monthly plan, ₹499 a month by UPI
 * AutoPay, as a new subscription: SUBSCRIPTION_REF a new id of the app's, START_DATE the account
 * clock's today in IST (accountToday), RETURN_URL this app's /subscriptions/return and NOTIFY_URL
 * its webhook. The plan is recorded from the verified answer (created: awaiting the mandate) and
 * the customer is sent to its AUTH_URL (303) to approve the mandate; JSON gets { verified: true,
 * subscription_id, auth_url, fields }.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function createSubscriptionRoute(client, orders) {
  return async (request) => {
    const form = await request.form()
    const fields = await client.createSubscription({
      SUBSCRIPTION_REF: newOrderId('SUB'), // unique per merchant: the gateway refuses a reused one (374)
      METHOD: 'UPI', // UPI AutoPay: the customer approves the mandate in their UPI app
      FREQUENCY: 'MONTHLY',
      AMOUNT: MONTHLY_PLAN.AMOUNT, // paise: "49900" is ₹499.00 a month
      MAX_AMOUNT: MONTHLY_PLAN.AMOUNT, // the most one debit may take
      START_DATE: await accountToday(client), // from today: the first month is taken on approval
      DESCRIPTION: MONTHLY_PLAN.DESCRIPTION,
      CUST_NAME: form.CUST_NAME ?? '',
      CUST_EMAIL: form.CUST_EMAIL ?? '',
      CUST_PHONE: form.CUST_PHONE ?? '',
      RETURN_URL: `${request.config.appUrl}/subscriptions/return`, // the mandate page's "Return to"
      NOTIFY_URL: notifyUrl(request.config), // subscription.activated, .charged, … come here
    })
    if (fields.RESPONSE_CODE !== '000') {
      // Signed refusals (375 the customer's details, 388 the date, 374 the reference…): no plan.
      return refused(request, fields, 'Subscription not created')
    }
    const plan = await orders.planCreated(fields)
    if (request.accepts === 'json') {
      return {
        json: {
          verified: true,
          subscription_id: plan.subscription_id,
          auth_url: plan.auth_url,
          fields,
        },
      }
    }
    return { redirect: plan.auth_url }
  }
}

/**
 * GET /subscriptions/<SUBSCRIPTION_ID>: a plan as this app recorded it.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function planRoute(orders) {
  return apiRoute(async (request) => {
    const plan = await orders.plan(request.rest)
    if (!plan) {
      return reply(request, {
        status: 404,
        json: { error: 'No such subscription' },
        page: errorPage('No such subscription', `This app made no subscription ${request.rest}.`),
      })
    }
    return reply(request, { json: planJson(plan), page: planPage(plan) })
  })
}

/**
 * POST /subscriptions/cancel (SUBSCRIPTION_ID): the merchant cancels the plan with
 * cancelSubscription and records the verified answer at once (cancelled, CANCELLED_BY
 * MERCHANT; subscription.cancelled follows and changes nothing). A refusal (385 ended already,
 * 326 not allowed now) changes nothing. A browser goes back to the plan's page. In a shop, only
 * its staff may reach this.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function cancelSubscriptionRoute(client, orders) {
  return async (request) => {
    const subscriptionId = (await request.form()).SUBSCRIPTION_ID ?? ''
    if (!(await orders.plan(subscriptionId))) {
      throw new InvalidInputError(`This app made no subscription ${subscriptionId}`)
    }
    const fields = await client.cancelSubscription(subscriptionId)
    if (fields.RESPONSE_CODE !== '000') {
      return refused(request, fields, 'Subscription not cancelled')
    }
    await orders.planAnswered(fields, 'cancel')
    if (request.accepts === 'json') return { json: { verified: true, fields } }
    return { redirect: `/subscriptions/${encodeURIComponent(subscriptionId)}` }
  }
}

/**
 * GET /subscriptions/status?subscription_id=…: "Check". The subscription as the gateway has it
 * now, with its DEBITS; the answer reconciles the plan (its status forward only, and every
 * CHARGED debit a missed subscription.charged did not record), as the webhooks would have.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Handler}
 */
export function subscriptionStatusRoute(client, orders) {
  return apiRoute(async (request) => {
    const subscriptionId = request.query.get('subscription_id') ?? ''
    const fields = await client.subscriptionStatus({ subscriptionId })
    const plan = await orders.planAnswered(fields, 'status')
    const { DEBITS: debits, ...answer } = fields
    const page = answerPage({
      title: `Subscription ${subscriptionId}: ${fields.STATUS ?? 'unknown'}`,
      fields: debits ? { ...answer, DEBITS: `${debits.length} attempts` } : answer,
      success: fields.STATUS ?? 'Found',
      caption: 'Subscription status answer',
      actions: plan
        ? html`<a class="button" href="/subscriptions/${encodeURIComponent(subscriptionId)}"
            >See the plan</a
          >`
        : undefined,
    })
    return reply(request, { json: { verified: true, fields }, page })
  })
}

/**
 * POST /subscriptions/return, the subscriptions' RETURN_URL: the mandate page's "Return to …"
 * posts the subscription's signed answer here as a form. Its HASH must verify with the salt and
 * its PAY_ID be this merchant's (400, verified: false, otherwise); the page then shows how the
 * subscription stands. It records nothing: a post like this can be replayed, and the webhooks
 * move the plan.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function subscriptionReturnRoute(orders) {
  return async (request) => {
    const fields = await request.form()
    if (fields.PAY_ID !== request.config.payId || !fields.SUBSCRIPTION_ID) {
      throw new VerificationError('The post is not a subscription of this merchant')
    }
    if (!verify(fields, request.config.salt)) {
      throw new VerificationError('The HASH does not match the posted fields')
    }
    const plan = await orders.plan(fields.SUBSCRIPTION_ID)
    return reply(request, {
      json: { verified: true, fields, plan: plan ? planJson(plan) : null },
      page: subscriptionReturnPage(fields, plan),
    })
  }
}

/**
 * The routes of the monthly plan: GET and POST /subscriptions, GET /subscriptions/<id>, POST
 * /subscriptions/cancel, GET /subscriptions/status and POST /subscriptions/return. The
 * subscription.* events arrive at POST /webhook with the others.
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Record<string, Handler>}
 */
export function subscriptionRoutes(client, orders) {
  return {
    'GET /subscriptions': subscriptionsRoute(orders),
    'POST /subscriptions': createSubscriptionRoute(client, orders),
    'GET /subscriptions/*': planRoute(orders),
    'POST /subscriptions/cancel': cancelSubscriptionRoute(client, orders),
    'GET /subscriptions/status': subscriptionStatusRoute(client, orders),
    'POST /subscriptions/return': subscriptionReturnRoute(orders),
  }
}

/**
 * A signed refusal from the gateway, as a 400 answer: nothing was changed.
 * @param {AppRequest} request
 * @param {Record<string, string>} fields
 * @param {string} title
 * @returns {AppReply}
 */
function refused(request, fields, title) {
  const message = `${fields.RESPONSE_CODE} ${fields.RESPONSE_MESSAGE ?? ''}`.trim()
  return reply(request, {
    status: 400,
    json: { verified: true, fields, error: message },
    page: errorPage(title, message),
  })
}

/**
 * GET /settlements/<SETTLEMENT_ID>: a settlement as the settlement.processed webhook recorded it.
 * @param {Orders} orders
 * @returns {Handler}
 */
export function settlementRoute(orders) {
  return apiRoute(async (request) => {
    const settlement = await orders.settlement(request.rest)
    if (!settlement) {
      return reply(request, {
        status: 404,
        json: { error: 'No such settlement' },
        page: errorPage(
          'No such settlement',
          `No settlement.processed webhook has told this app of ${request.rest}.`,
        ),
      })
    }
    return reply(request, { json: settlement, page: settlementPage(settlement) })
  })
}

/**
 * The routes every example adds for its orders: POST /webhook, GET /orders/<ORDER_ID>,
 * GET /settlements/<SETTLEMENT_ID>, POST /dispute, the payment links' (paylinkRoutes) and the
 * monthly plan's (subscriptionRoutes).
 * @param {Client} client
 * @param {Orders} orders
 * @returns {Record<string, Handler>}
 */
export function orderRoutes(client, orders) {
  return {
    'POST /webhook': webhookRoute(client, orders),
    'GET /orders/*': orderRoute(orders),
    'GET /settlements/*': settlementRoute(orders),
    'POST /dispute': disputeRoute(client, orders),
    ...paylinkRoutes(client, orders),
    ...subscriptionRoutes(client, orders),
  }
}

/**
 * A request header by its name in any case; undefined when absent or sent twice.
 * @param {AppRequest} request
 * @param {string} name
 */
export function headerValue(request, name) {
  const value = request.headers[name.toLowerCase()]
  return typeof value === 'string' ? value : undefined
}

/**
 * Serves the routes on 127.0.0.1:PORT until SIGINT or SIGTERM.
 * @param {{ kit: string, config: Readonly<Config>, routes: Record<string, Handler> }} app
 * @returns {import('node:http').Server}
 */
export function startApp(app) {
  const server = createServer(appHandler(app))
  server.listen(app.config.port, '127.0.0.1', () => {
    console.log(
      `Paystra ${app.kit} kit (Node.js) listening on http://127.0.0.1:${app.config.port}` +
        ` (APP_URL ${app.config.appUrl}), gateway ${app.config.baseUrl}`,
    )
  })
  const stop = () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}

/**
 * The node:http request listener of an app (startApp uses it; tests can too).
 * @param {{ kit: string, config: Readonly<Config>, routes: Record<string, Handler> }} app
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function appHandler({ kit, config, routes }) {
  const gatewayUrl = config.baseUrl
  const policy = contentSecurityPolicy(new URL(gatewayUrl).origin)

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://app.invalid')
    const { handler, rest, known } = findRoute(routes, req.method ?? 'GET', url.pathname)
    const request = appRequest(req, url, handler?.prefers ?? 'html', rest, config)
    /** @type {Promise<AppReply>} */
    const answered = handler
      ? Promise.resolve().then(() => handler(request))
      : Promise.resolve(
          known
            ? {
                status: 405,
                page: errorPage('Method not allowed', `${request.method} is not answered here.`),
              }
            : {
                status: 404,
                page: errorPage('Page not found', `There is no page at ${url.pathname}.`),
              },
        )
    answered
      .catch((error) => errorReply(request, error))
      .then((answer) => send(res, answer, { kit, gatewayUrl, policy }))
      .catch((error) => {
        console.error(error)
        if (!res.headersSent) res.writeHead(500).end()
      })
  }
}

/**
 * The handler of "METHOD /path", else of a "METHOD /prefix/*" the path is under, with the rest
 * of the path; `known` says whether any method is answered at the path (405 rather than 404).
 * @param {Record<string, Handler>} routes
 * @param {string} method
 * @param {string} path
 * @returns {{ handler?: Handler, rest: string, known: boolean }}
 */
function findRoute(routes, method, path) {
  /** @type {{ handler?: Handler, rest: string, known: boolean }} */
  const found = { handler: routes[`${method} ${path}`], rest: '', known: false }
  for (const [key, handler] of Object.entries(routes)) {
    const [routeMethod, pattern = ''] = key.split(' ')
    const prefix = pattern.endsWith('/*') ? pattern.slice(0, -1) : undefined
    const under = prefix !== undefined && path.startsWith(prefix) && path !== prefix
    if (pattern !== path && !under) continue
    found.known = true
    if (under && routeMethod === method && !found.handler) {
      found.handler = handler
      found.rest = path.slice(prefix.length)
    }
  }
  return found
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 * @param {'json' | 'html'} prefers
 * @param {string} rest the path after a wildcard route's prefix, still percent-encoded
 * @param {Readonly<Config>} config
 * @returns {AppRequest}
 */
function appRequest(req, url, prefers, rest, config) {
  /** @type {Promise<Buffer> | undefined} */
  let body
  const raw = () => (body ??= readBody(req))
  const text = async () => (await raw()).toString('utf8')
  const accept = String(req.headers.accept ?? '').toLowerCase()
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    rest: decodePath(rest),
    query: url.searchParams,
    headers: req.headers,
    accepts: accept.includes('application/json')
      ? 'json'
      : accept.includes('text/html')
        ? 'html'
        : undefined,
    prefers,
    raw,
    text,
    form: async () => parseBody(String(req.headers['content-type'] ?? ''), await text()),
    config,
  }
}

/**
 * @param {string} path
 * @returns {string} decoded, or as it is when it is not valid percent-encoding
 */
function decodePath(path) {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > BODY_LIMIT) throw new HttpError(413, 'The request body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * Fields of a urlencoded form or a flat JSON object. A field given twice is refused: which one
 * would be signed is a guess.
 * @param {string} contentType
 * @param {string} text
 * @returns {Record<string, string>}
 */
function parseBody(contentType, text) {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  /** @type {Record<string, string>} */
  const fields = {}
  if (type === 'application/json') {
    let value
    try {
      value = JSON.parse(text)
    } catch {
      throw new InvalidInputError('The body is not valid JSON')
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new InvalidInputError('The JSON body must be an object of fields')
    }
    for (const [key, item] of Object.entries(value)) {
      if (Array.isArray(item)) fields[key] = item.map(String).join('\n')
      else if (item !== null && typeof item !== 'object') fields[key] = String(item)
    }
    return fields
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    for (const [key, value] of new URLSearchParams(text)) {
      if (key in fields) throw new InvalidInputError(`${key} is given twice`)
      fields[key] = value
    }
    return fields
  }
  if (type === 'text/plain') return fields
  throw new HttpError(415, 'Send the form urlencoded or as JSON')
}

/**
 * @param {AppRequest} request
 * @param {unknown} error
 * @returns {AppReply}
 */
function errorReply(request, error) {
  if (error instanceof VerificationError) {
    return reply(request, {
      status: 400,
      json: { verified: false, error: error.message },
      page: errorPage('Response not verified', `${error.message}. Nothing was recorded.`),
    })
  }
  if (error instanceof InvalidInputError || error instanceof HttpError) {
    const status = error instanceof HttpError ? error.status : 400
    return reply(request, {
      status,
      json: { error: error.message },
      page: errorPage('Please check the details', error.message),
    })
  }
  if (error instanceof GatewayError) {
    console.error(`Gateway: ${error.message}${error.code ? ` (${error.code})` : ''}`)
    return reply(request, {
      status: 502,
      json: { error: error.message, ...(error.code ? { code: error.code } : {}) },
      page: errorPage(
        'The gateway did not answer as expected',
        `${error.message}${error.code ? ` (code ${error.code})` : ''}.`,
      ),
    })
  }
  console.error(error)
  return reply(request, {
    status: 500,
    json: { error: 'Internal error' },
    page: errorPage(
      'Something went wrong',
      'The app could not finish this request. See its console.',
    ),
  })
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {AppReply} answer
 * @param {{ kit: string, gatewayUrl: string, policy: string }} context
 */
function send(res, answer, { kit, gatewayUrl, policy }) {
  const status = answer.status ?? 200
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  if ('redirect' in answer) {
    res.writeHead(303, { Location: answer.redirect }).end()
    return
  }
  if ('json' in answer) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(answer.json))
    return
  }
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
  })
  res.end(layout({ kit, gatewayUrl, page: answer.page }))
}
