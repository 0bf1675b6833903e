import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  Router,
} from 'express'
import { refuseOtherMethods } from './allowed-methods.ts'
import { fxApi } from './api/fx.ts'
import { teachHashRefusals } from './api/json.ts'
import {
  type ApiLimiters,
  type ApiLimitSettings,
  apiLimiters,
  DEFAULT_API_LIMITS,
  type LimitLocals,
  pageLimiter,
} from './api/limits.ts'
import type { HashRefusalLessons } from './hash-lesson.ts'
import { failureOf, type SandboxFailure, stderrFailureLog } from './failures.ts'
import { payoutApi } from './api/payout.ts'
import { gatewayBase, qrApi } from './api/qr.ts'
import { transactApi } from './api/transact.ts'
import { loadAssets } from './assets.ts'
import type { SandboxMerchant } from './merchants.ts'
import type { MerchantDirectory } from './accounts/directory.ts'
import { accountRoutes, type AccountRouteSettings } from './accounts/routes.ts'
import { assetRoutes } from './pages/assets.ts'
import { entryRoutes, refusedRoute } from './pages/entries.ts'
import { paymentPages } from './pages/payment-pages.ts'
import { gatewayHeaders } from './pages/policy.ts'
import { notFound, type PageSetup, refuse, tooMany } from './pages/tools.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import { MAX_REQUEST_FIELDS } from '#core/protocol/json-keys.ts'
import { qrPages } from './qr-pages.ts'
import type { GatewayDatabase } from './store.ts'
import { deliveriesApi } from './webhooks/api.ts'
import { type EventStreamHub, eventStreamApi } from './webhooks/stream.ts'
import { disputesApi } from './disputes/api.ts'
import { settlementsApi } from './settlements/api.ts'
import { clockApi } from './clock/api.ts'
import { triggerApi } from './api/trigger.ts'
import { invoiceApi } from './settlements/invoice-api.ts'
import { paylinkApi } from './paylinks/api.ts'
import { paylinkPages } from './paylinks/pages.ts'
import { subscriptionApi } from './subscriptions/api.ts'
import { mandatePages } from './subscriptions/pages.ts'
import { virtualAccountApi } from './virtual-accounts/api.ts'
import type { SettlementRunner } from './settlements/runner.ts'
import type { NotifyPolicyFor } from './webhooks/addresses.ts'

export interface GatewayRouterOptions {
  db: GatewayDatabase
  merchants: SandboxMerchant[]
  directory: MerchantDirectory
  /**
   * Others reach this sandbox over the internet: the configured merchants' clocks, which every
   * visitor's demo shares, cannot be moved (only accounts' can).
   */
  publicSandbox?: boolean
  /** Private sandbox accounts (gateway/accounts/); absent, none can be made. */
  accounts?: AccountRouteSettings
  /**
   * Public absolute URL of the gateway (e.g. `https://pay.example/sandbox`), written into
   * checkout.js. Unset: taken from each request (scheme, host and mount path).
   */
  publicUrl?: string
  now?: () => Date
  log?: (line: string) => void
  /**
   * Told of each request the sandbox failed to answer (its 500), without the request's data
   * (gateway/failures.ts); the site writes it with its logger. Unset: a JSON line on stderr.
   */
  logFailure?: (failure: SandboxFailure) => void
  /** Which NOTIFY_URLs a request is allowed, by where it came from (the socket, not headers). */
  notifyPolicy: NotifyPolicyFor
  /** How long late@upi stays Pending before the bank confirms it. */
  settleDelayMs: number
  /** Called after an event was committed, so it goes out at once. */
  onEventQueued: () => void
  /** The `paystra listen` streams open on this instance (webhooks/stream.ts). */
  streams: EventStreamHub
  /** The webhooks' retry base, which a listener's failed forwards follow too. */
  webhookBaseDelayMs?: number
  /** How often an open stream looks for due events besides being woken. */
  streamPollMs?: number
  settlements: SettlementRunner
  /** The hour (IST) of each working day's settlements, which clock advances run on the way. */
  settlementHour: number
  /** The JSON APIs' limits; absent, the defaults counted in memory (api/limits.ts). */
  limits?: ApiLimitSettings
  /** A sandbox that teaches: 323 refusals show the text hashed (gateway/hash-lesson.ts). */
  hashRefusalLessons?: HashRefusalLessons
}

const FORM_LIMIT = '32kb'

/**
 * Every signed call, once its HASH holds, keeps its account alive (idle accounts are removed),
 * after the merchant's limits have let it through.
 */
function markingActive(
  limiters: ApiLimiters,
  directory: MerchantDirectory,
  now: () => Date,
): ApiLimiters {
  const mark: RequestHandler = async (_req, res, next) => {
    const payId = (res.locals as LimitLocals).limitPayId
    if (payId) await directory.markActive(payId, now())
    next()
  }
  return {
    api: { ...limiters.api, afterHash: [...limiters.api.afterHash, mark] },
    resend: { ...limiters.resend, afterHash: [...limiters.resend.afterHash, mark] },
  }
}

/**
 * The sandbox's endpoints and pages, in the order they are matched. The pages are added to
 * this one router rather than mounted as routers of their own like the JSON APIs and the QR
 * pages: a router of its own answers OPTIONS on its paths itself (with Allow), where the
 * pages answer it with the 404 page.
 */
export function gatewayRouter(options: GatewayRouterOptions): Router {
  const { directory } = options
  const findMerchant = directory.find
  const allOrigins = [...new Set(options.merchants.flatMap((merchant) => merchant.returnOrigins))]
  const now = options.now ?? (() => new Date())
  const logFailure = options.logFailure ?? stderrFailureLog
  const setup: PageSetup = {
    db: options.db,
    findMerchant,
    markActive: (payId) => directory.markActive(payId, now()),
    allOrigins,
    assets: loadAssets(),
    now,
    log: options.log,
    notifyPolicy: options.notifyPolicy,
    settleDelayMs: options.settleDelayMs,
    onEventQueued: options.onEventQueued,
    // As many fields as a JSON request may carry (core/protocol/json-keys.ts): more is 326.
    form: express.urlencoded({
      extended: false,
      limit: FORM_LIMIT,
      parameterLimit: MAX_REQUEST_FIELDS,
    }),
    pageLimit: pageLimiter(options.limits, (req, res) => tooMany(setup, req, res)),
    publicUrl: options.publicUrl,
    hashRefusalLessons: options.hashRefusalLessons,
  }
  const api = {
    db: options.db,
    findMerchant,
    now,
    log: options.log,
    notifyPolicy: options.notifyPolicy,
    onEventQueued: options.onEventQueued,
    limits: markingActive(apiLimiters(options.limits), directory, now),
  }

  const router = Router()
  router.use(gatewayHeaders(allOrigins))
  assetRoutes(router, setup)
  entryRoutes(router, setup)
  const clock = {
    runner: options.settlements,
    hour: options.settlementHour,
    clockLocked: (payId: string) => options.publicSandbox === true && directory.isConfigured(payId),
    accountPage: (req: Request) => `${gatewayBase(req, options.publicUrl)}/accounts/new`,
    // A test run moves an account's clock; the configured merchants' runs stay as if, since
    // every visitor's demo shares their clock.
    runMovesClock: (payId: string) => !directory.isConfigured(payId),
  }
  if (options.accounts) {
    accountRoutes(router, {
      clock: { ...api, ...clock },
      ...options.accounts,
      setup,
      directory,
      reservedPayIds: options.merchants.map((merchant) => merchant.payId),
      counts: options.limits?.counts,
      resendsPerMinute: options.limits?.resend ?? DEFAULT_API_LIMITS.resend,
    })
  }
  // The server-to-server JSON APIs.
  if (options.hashRefusalLessons) router.use(teachHashRefusals(options.hashRefusalLessons))
  router.use(transactApi(api))
  router.use(payoutApi(api))
  router.use(qrApi({ ...api, publicUrl: options.publicUrl }))
  router.use(fxApi(api))
  router.use(deliveriesApi(api))
  router.use(
    eventStreamApi({
      ...api,
      hub: options.streams,
      canListen: (payId) => !directory.isConfigured(payId),
      accountPage: clock.accountPage,
      pollMs: options.streamPollMs,
      baseDelayMs: options.webhookBaseDelayMs,
    }),
  )
  router.use(settlementsApi({ ...api, ...clock }))
  router.use(clockApi({ ...api, ...clock }))
  router.use(triggerApi({ ...api, ...clock, settleDelayMs: options.settleDelayMs }))
  router.use(invoiceApi({ ...api, publicUrl: options.publicUrl }))
  router.use(disputesApi(api))
  router.use(paylinkApi({ ...api, publicUrl: options.publicUrl }))
  router.use(virtualAccountApi(api))
  router.use(subscriptionApi({ ...api, publicUrl: options.publicUrl }))
  refusedRoute(router, setup)
  paylinkPages(router, setup)
  mandatePages(router, setup)
  router.use(qrPages(setup))
  paymentPages(router, setup)
  // A path the sandbox has, asked with another method: 405 with Allow, not the 404 page.
  router.use(
    refuseOtherMethods(router, (req, res, allowed) => {
      const message = `This address takes ${allowed.join(', ')} only.`
      res.setHeader('Cache-Control', 'no-store')
      if (req.path.startsWith('/pgws/')) res.json({ STATUS: 'Failed', RESPONSE_MESSAGE: message })
      else res.type('text/plain').send(message)
    }),
  )
  router.use((req, res) => notFound(setup, req, res))

  const failed: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const status = (error as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      // A body too large or not parseable: a malformed request, answered like the others.
      if (req.path.startsWith('/pgws/')) {
        return res.status(400).json({
          TXNTYPE: 'STATUS',
          STATUS: 'Failed',
          RESPONSE_CODE: '326',
          RESPONSE_MESSAGE: responseCodes['326'].message,
        })
      }
      return refuse(setup, req, res, { ok: false, code: '326' }, 'hosted')
    }
    // One structured line with the request's id, without its data (gateway/failures.ts).
    logFailure(failureOf(error, req, res))
    res
      .status(500)
      .type('text/plain')
      .send('The sandbox could not process this request. Please try again in a moment.')
  }
  router.use(failed)
  return router
}
