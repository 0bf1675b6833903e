import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type Express, type RequestHandler, type Router } from 'express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import { downloadFiles } from './download-files'
import {
  nonceOf,
  pageNonce,
  type SecurityOptions,
  securityHeaders,
  sitePolicy,
} from './security-headers'
import { staticFiles } from './static-files'

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
}

export function createApp(options: AppOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  const policy = sitePolicy({ mode: options.mode, ...options.security })
  app.use(securityHeaders(policy))
  // Built files first: they are precompressed and held in memory, so a page or asset request
  // skips the compression middleware and the API routers (about a third more pages per CPU second).
  if (options.clientDir) {
    app.use(
      downloadFiles(options.clientDir),
      staticFiles(options.clientDir, { pagePolicy: policy.withHashes }),
    )
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
  return app
}
