import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type RequestHandler, type Router } from 'express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import { downloadFiles } from './download-files'
import {
  nonceOf,
  pageNonce,
  type SecurityOptions,
  setSecurityHeaders,
  sitePolicy,
} from './security-headers'
import type { HealthAnswer } from './health'
import { type BuiltFiles, builtFiles } from './static-files'
import { trustedProxy } from './proxy-trust'

export interface AppOptions {
  mode: 'production' | 'development'
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the built client (production) or Vite's middleware (development). */
  clientDir?: string
  viteMiddleware?: RequestHandler
  /** APIs served before the pages (form APIs, later the sandbox). */
  routers?: Router[]
  /** What the pages' loaders receive as `context` (the demo merchant's results). */
  loadContext?: AppLoadContext
  /** The gateway and form API origins the Content Security Policy allows. */
  security?: Omit<SecurityOptions, 'mode'>
  /** `/healthz` and `/readyz`, answered before anything else (server/health.ts). */
  health?: HealthAnswer
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
  let files: BuiltFiles | undefined
  if (options.clientDir) {
    files = builtFiles(options.clientDir, { pagePolicy: policy.withHashes })
    app.use(downloadFiles(options.clientDir), files.onDisk)
  }
  app.use(compression())

  for (const router of options.routers ?? []) app.use(router)
  if (options.viteMiddleware) app.use(options.viteMiddleware)

  app.all(
    '/{*splat}',
    pageNonce(policy),
    createRequestHandler({
      build: options.build,
      mode: options.mode,
      getLoadContext: (_req, res) => ({ ...options.loadContext, cspNonce: nonceOf(res) }),
    }),
  )
  return (req, res) => {
    setSecurityHeaders(req, res, policy)
    if (options.health?.(req, res)) return
    if (files?.answer(req, res)) return
    app(req, res)
  }
}
