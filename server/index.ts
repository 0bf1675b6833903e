import cluster from 'node:cluster'
import { createServer, type ServerResponse } from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createApp } from './app.ts'
import { builtFactsFile, factsDrift } from './built-facts.ts'
import { warnOfCalendarEnd } from './calendar-end.ts'
import { superviseWorkers } from './cluster.ts'
import { ConfigError, loadConfig, type ServerConfig } from './config.ts'
import { DataDirLockedError } from './db/data-lock.ts'
import { healthChecks } from './health.ts'
import { componentLog, createLogger } from './logging.ts'
import { serveClusterMetrics } from './metrics-cluster.ts'
import { siteOrigin, startServices } from './services.ts'

async function main(config: ServerConfig) {
  const root = process.cwd()
  const httpServer = createServer(serverTimeouts(config))
  // From SIGTERM on, every answer closes its connection. Browsers and proxies keep connections
  // open and go on sending on them, which would hold the shutdown open until the hard stop
  // below and cut the mail worker off in the middle of its batch.
  let closing = false
  const unanswered = new Set<ServerResponse>()
  httpServer.on('request', (_req, res: ServerResponse) => {
    if (closing) return void res.setHeader('Connection', 'close')
    unanswered.add(res)
    res.once('close', () => unanswered.delete(res))
  })
  const services = await startServices(config)
  const security = { gatewayUrl: config.PG_BASE_URL, apiUrl: config.public.API_URL }
  const health = healthChecks({ db: services.store.db, draining: () => closing }).answer
  const { logger, metrics } = services
  if (cluster.isPrimary) warnOfCalendarEnd(logger, new Date())

  if (config.NODE_ENV === 'development') {
    const vite = await import('vite')
    // Hot reload rides on the site's own server and port, so development servers running side
    // by side never answer each other's browsers.
    const viteServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server: httpServer } },
    })
    httpServer.on(
      'request',
      createApp({
        mode: 'development',
        viteMiddleware: viteServer.middlewares,
        lastBuildDir: path.join(root, 'build/client'),
        routers: services.routers,
        loadContext: services.loadContext,
        security,
        health,
        logger,
        metrics,
        siteOrigin: siteOrigin(config),
        build: () =>
          viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      }),
    )
  } else {
    const build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
    for (const drift of factsDrift(path.join(root, 'build', builtFactsFile), process.env)) {
      if (cluster.isPrimary) {
        logger.warn(
          { fact: drift.name, built: drift.built, running: drift.running },
          'The pages were built with other sandbox settings than this server runs with: rebuild (npm run build) with the same environment',
        )
      }
    }
    httpServer.on(
      'request',
      createApp({
        mode: 'production',
        build,
        clientDir: path.join(root, 'build/client'),
        routers: services.routers,
        loadContext: services.loadContext,
        security,
        health,
        logger,
        metrics,
        siteOrigin: siteOrigin(config),
      }),
    )
  }

  httpServer.listen(config.PORT, config.HOST, () => {
    // Under WEB_CONCURRENCY the primary says when the site is ready, once all workers listen.
    // What Express, React and React Router run as: production unless NODE_ENV says otherwise
    // (server/start.ts, the entry of `npm start` and `npm run serve`).
    if (cluster.isPrimary) logger.info(`Mode: ${process.env.NODE_ENV ?? 'not set'}`)
    if (cluster.isPrimary) logger.info(`Site ready on http://localhost:${config.PORT}`)
  })
  // From SIGTERM on /readyz answers 503; after SHUTDOWN_DRAIN_MS (time for a load balancer to
  // see it and stop sending) the server finishes the requests in flight (every accepted
  // submission is committed before it is answered), then stops the workers and the database.
  const shutdown = () => {
    if (closing) return
    closing = true
    setTimeout(() => {
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
      httpServer.close(() => {
        services.close().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      })
      httpServer.closeIdleConnections()
      setTimeout(() => process.exit(1), 10_000).unref()
    }, config.SHUTDOWN_DRAIN_MS)
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

/**
 * A client gets HEADERS_TIMEOUT_MS to send its headers and REQUEST_TIMEOUT_MS for the whole
 * request (answered 408, then closed). Node looks for overdue requests every
 * `connectionsCheckingInterval` (30 s by default, which let a slow client stay that much
 * longer); once a second, or more often for shorter limits, keeps the cut close to the limit.
 */
function serverTimeouts(config: ServerConfig) {
  return {
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HEADERS_TIMEOUT_MS / 4)),
  }
}

function fail(error: unknown): never {
  const expected = error instanceof ConfigError || error instanceof DataDirLockedError
  console.error(expected ? (error as Error).message : error)
  process.exit(1)
}

let config: ServerConfig
try {
  config = loadConfig()
} catch (error) {
  fail(error)
}
if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  if (config.METRICS_TOKEN) serveClusterMetrics()
  superviseWorkers({
    workers: config.WEB_CONCURRENCY,
    port: config.PORT,
    // Each worker drains for SHUTDOWN_DRAIN_MS, then has its own 10-second hard stop.
    stopDeadlineMs: config.SHUTDOWN_DRAIN_MS + 15_000,
    log: componentLog(createLogger({ level: config.LOG_LEVEL, mode: config.NODE_ENV })),
  })
} else {
  main(config).catch(fail)
}
