import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import express from 'express'
import { createGateway, demoMerchant, type Gateway } from '#gateway/index.ts'
import { formsApi } from '#server/api/forms-api.ts'
import { createApp, type RequestListener } from '#server/app.ts'
import { type DataStore, openDatabase } from '#server/db/database.ts'
import { healthChecks } from '#server/health.ts'
import { componentLog, createLogger, sandboxFailureLog } from '#server/logging.ts'
import { createMetrics, type Metrics } from '#server/metrics.ts'
import { compressClient } from '#scripts/build/compress.ts'
import { testDatabaseOptions } from './database.ts'
import { testAddresses } from './forms-app.ts'
import { pageBuild } from './page-build.ts'

/** The sandbox's merchant in these tests (the one tests/support/sandbox-api.ts pays with). */
export const sandboxMerchant = demoMerchant({ siteUrl: 'https://shop.paystra.example' })

/** Every line the app's logger wrote, parsed, in order. */
export class LogLines {
  text = ''
  write(chunk: string) {
    this.text += chunk
  }
  get lines(): Array<Record<string, unknown>> {
    return this.text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  }
  /** The request line of the request with this id, once it is written. */
  async requestLine(requestId: string, timeoutMs = 2000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const line = this.lines.find((entry) => entry.requestId === requestId && 'status' in entry)
      if (line) return line
      if (Date.now() > deadline) throw new Error(`no request line for ${requestId}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

export interface ObservedApp {
  baseUrl: string
  store: DataStore
  logs: LogLines
  metrics?: Metrics
  /** The request listener, to serve it on another address too. */
  listener: RequestListener
  /** The sandbox's own database, for the tests that make it fail. */
  sandboxDb: PGlite
  close(): Promise<void>
}

/**
 * The site's request listener (createApp) as the server builds it: built files answered from
 * memory, a page rendered per request, the form APIs, the sandbox at /sandbox, the health
 * checks, a logger writing JSON to memory, and metrics when a token is given. On a real HTTP
 * port and the test database.
 */
export async function startObservedApp(
  options: {
    metricsToken?: string
    rateLimitPerMinute?: number
    webhookBaseDelayMs?: number
  } = {},
): Promise<ObservedApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'observed-'))
  const clientDir = path.join(root, 'client')
  mkdirSync(path.join(clientDir, 'about'), { recursive: true })
  mkdirSync(path.join(clientDir, 'assets'))
  const page = (title: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`
  writeFileSync(path.join(clientDir, 'index.html'), page('Home'))
  writeFileSync(path.join(clientDir, 'about', 'index.html'), page('About us'))
  writeFileSync(path.join(clientDir, 'assets', 'entry.client-3f2a.js'), 'console.log(1)')
  compressClient(clientDir)

  const store = await openDatabase(testDatabaseOptions())
  const logs = new LogLines()
  const logger = createLogger({ level: 'info', mode: 'production', destination: logs })
  const log = componentLog(logger)
  const metrics = options.metricsToken
    ? createMetrics({ token: options.metricsToken, db: store.db, log })
    : undefined
  // The sandbox on a database of its own, as in a test of it alone: no other test's webhook
  // events reach this one's worker, or its metrics.
  const gatewayDb = new PGlite()
  const gateway: Gateway = await createGateway({
    db: drizzle(gatewayDb),
    merchants: [sandboxMerchant],
    webhooks: {
      allowPrivate: true,
      baseDelayMs: options.webhookBaseDelayMs ?? 100,
      pollMs: 50,
      timeoutMs: 1500,
      onAttempt: metrics?.webhookAttempt,
    },
    limits: { pages: 0 },
    log,
    logFailure: sandboxFailureLog(logger),
  })
  const forms = formsApi({
    db: store.db,
    addresses: testAddresses,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    onSubmission: metrics?.formSubmission,
    log,
  })
  const app = createApp({
    mode: 'production',
    build: pageBuild(),
    clientDir,
    routers: [forms, express.Router().use('/sandbox', gateway.router)],
    health: healthChecks({ db: store.db, draining: () => false }).answer,
    logger,
    metrics,
  })
  const server: Server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    logs,
    metrics,
    listener: app,
    sandboxDb: gatewayDb,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      })
      await gateway.close()
      await gatewayDb.close()
      await store.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}
