import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type RequestHandler, type Router } from 'express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import type { FormPostOutcome } from '#app/utils/form-post.ts'
import { developerFiles } from './developer-files.ts'
import { downloadFiles, legalPdfFiles, unbuiltFiles } from './download-files.ts'
import {
  nonceOf,
  pageNonce,
  type SecurityOptions,
  setSecurityHeaders,
  sitePolicy,
} from './security-headers.ts'
import type { HealthAnswer } from './health.ts'
import type { Logger } from 'pino'
import { crossSiteVerdict } from './cross-site.ts'
import { errorPage, notFoundPage, pageMethods, refuseMethod, sendError } from './error-page.ts'
import { componentLog } from './logging.ts'
import type { Metrics } from './metrics.ts'
import { assignRequestId, requestObserver } from './request-log.ts'
import { builtFileRoute, labelRoute, pageHasAction, pageRoute, pathOf } from './request-route.ts'
import { answerSpeculationRules, speculationRulesPath } from './speculation-rules.ts'
import { type BuiltFiles, builtFiles } from './static-files.ts'
import { dropUnparsableForwardedFor, trustedProxy } from './proxy-trust.ts'

export interface AppOptions {
  mode: 'production' | 'development'
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the built client (production) or Vite's middleware (development). */
  clientDir?: string
  viteMiddleware?: RequestHandler
  /**
   * Development: the folder of the last production build, if any, whose downloads (kits, PDFs,
   * Postman files) are served, since only the build makes them.
   */
  lastBuildDir?: string
  /** APIs served before the pages (form APIs, later the sandbox). */
  routers?: Router[]
  /** What the pages' loaders receive as `context` (the demo merchant's results). */
  loadContext?: AppLoadContext
  /** The gateway and form API origins the Content Security Policy allows. */
  security?: Omit<SecurityOptions, 'mode'>
  /** `/healthz` and `/readyz`, answered before anything else (server/health.ts). */
  health?: HealthAnswer
  /** Writes one line per request (server/request-log.ts); unset, requests are not logged. */
  logger?: Logger
  /** `/metrics` and the request counts (server/metrics.ts); unset, there is no `/metrics`. */
  metrics?: Metrics
  /**
   * The site's configured origin (server/services.ts `siteOrigin`): a page's form post from
   * any other is refused (server/cross-site.ts). Unset, only the request's own host counts.
   */
  siteOrigin?: string
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The visitor's address as the proxy rules read it (server/proxy-trust.ts), for actions. */
    clientIp?: string
  }
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The site's request listener. Built files are answered before Express sees the request: they
 * are precompressed and in memory, and Express's layers cost more than the answer itself
 * (ADR 012). Everything else goes through Express: downloads and large files from disk, the
 * APIs, then React Router.
 */
export function createApp(options: AppOptions): RequestListener {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', trustedProxy)
  const policy = sitePolicy({ mode: options.mode, ...options.security })
  const loadBuild = () =>
    Promise.resolve(typeof options.build === 'function' ? options.build() : options.build)
  let files: BuiltFiles | undefined
  if (options.clientDir) {
    files = builtFiles(options.clientDir, { log: options.logger && componentLog(options.logger) })
    app.use(downloadFiles(options.clientDir), developerFiles(options.clientDir), files.onDisk)
  } else {
    const lastBuild = options.lastBuildDir
    if (lastBuild) app.use(downloadFiles(lastBuild), legalPdfFiles(lastBuild))
    app.use(developerFiles(lastBuild), unbuiltFiles())
  }
  app.use(compression())

  // A page's form post from another site is refused before anything reads it: the forms
  // router answers the pages' own posts too (server/api/page-post.ts).
  // app.use, not app.post: a route would become the request's label in the logs and metrics.
  app.use((req, res, next) => {
    if (req.method !== 'POST') return next()
    loadBuild()
      .then((build) => {
        if (!pageHasAction(build, req.path)) return next()
        const verdict = crossSiteVerdict(req, options.siteOrigin ?? '')
        if (verdict.ok) return next()
        options.logger?.info({ reason: verdict.reason }, 'cross-site form post refused')
        sendError(req, res, 403)
      })
      .catch(next)
  })
  for (const router of options.routers ?? []) app.use(router)
  if (options.viteMiddleware) app.use(options.viteMiddleware)

  app.all(
    '/{*splat}',
    (req, res, next) => {
      // The route a page request is counted and logged under: React Router's own pattern; and
      // the methods the page answers (POST only to an action).
      loadBuild()
        .then((build) => {
          labelRoute(res, pageRoute(build, req.path) ?? '/*')
          const allowed = pageHasAction(build, req.path) ? [...pageMethods, 'POST'] : pageMethods
          if (!refuseMethod(req, res, allowed)) next()
        })
        .catch(next)
    },
    pageNonce(policy),
    createRequestHandler({
      build: options.build,
      mode: options.mode,
      getLoadContext: (req, res) => ({
        ...options.loadContext,
        cspNonce: nonceOf(res),
        clientIp: req.ip,
        // A page's own form post the forms router did not accept (server/api/page-post.ts).
        formPost: res.locals.formPost as FormPostOutcome | undefined,
      }),
    }),
  )
  app.use(notFoundPage, errorPage(options.logger))
  // Health checks and /metrics are answered before the request is logged or counted.
  const observe = requestObserver({ logger: options.logger, metrics: options.metrics })
  return (req, res) => {
    dropUnparsableForwardedFor(req)
    setSecurityHeaders(req, res, policy)
    // Read by the browser on documents only; naming the file on every response costs nothing.
    res.setHeader('Speculation-Rules', `"${speculationRulesPath}"`)
    assignRequestId(req, res)
    if (options.health?.(req, res)) return
    if (options.metrics?.answer(req, res)) return
    observe?.(req, res)
    if (answerSpeculationRules(req, res)) return
    if (files?.answer(req, res)) return labelRoute(res, builtFileRoute(pathOf(req)))
    app(req, res)
  }
}
