import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type Express, type RequestHandler, type Router } from 'express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import { securityHeaders } from './security-headers'
import { downloadFiles } from './download-files'
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
}

export function createApp(options: AppOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use(securityHeaders)
  app.use(compression())

  for (const router of options.routers ?? []) app.use(router)
  if (options.viteMiddleware) app.use(options.viteMiddleware)
  if (options.clientDir) app.use(downloadFiles(options.clientDir), staticFiles(options.clientDir))

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: options.build,
      mode: options.mode,
      getLoadContext: () => options.loadContext ?? {},
    }),
  )
  return app
}
