import cluster from 'node:cluster'
import path from 'node:path'
import express from 'express'
import { Registry } from 'prom-client'
import type { Logger } from 'pino'
import type { AppLoadContext } from 'react-router'
import { readPublicConfig } from '#app/config/public-config.build.ts'
import {
  type ApiLimitSettings,
  createGateway,
  demoMerchant as sandboxMerchant,
} from '#gateway/index.ts'
import { checkNotifyUrl, notifyPolicyFor } from '#gateway/webhooks/addresses.ts'
import { isPublicSite, localReturnUrls, privateTargetsOf } from '#gateway/settings.ts'
import { formsApi } from './api/forms-api.ts'
import { type LimitCounts, sharedLimitCounts } from './api/per-ip-limit.ts'
import type { ServerConfig } from './config.ts'
import { lockDataDir } from './db/data-lock.ts'
import { type Database, type DataStore, openDatabase } from './db/database.ts'
import { demoMerchant } from './demo/router.ts'
import { componentLog, createLogger, sandboxFailureLog } from './logging.ts'
import { createMetrics, type Metrics } from './metrics.ts'
import { aggregatedByPrimary } from './metrics-cluster.ts'
import { OutboxWorker } from './mail/outbox.ts'
import { fileTransport, type MailTransport, smtpTransport } from './mail/transport.ts'
import { retentionPeriods } from './retention/periods.ts'
import { startPruning } from './retention/runner.ts'

/** The parts of the server that hold state: database, mail worker, and the APIs using them. */
export interface Services {
  store: DataStore
  transport: MailTransport
  worker: OutboxWorker
  routers: ReturnType<typeof formsApi>[]
  /** Handed to the pages' loaders. */
  loadContext: AppLoadContext
  /** The one logger: request lines, and every component's lines through `log`. */
  logger: Logger
  /** Set when METRICS_TOKEN is: `/metrics` and what it counts. */
  metrics?: Metrics
  close(): Promise<void>
}

export async function startServices(config: ServerConfig): Promise<Services> {
  const logger = createLogger({ level: config.LOG_LEVEL, mode: config.NODE_ENV })
  const log = componentLog(logger)
  const releaseLock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR)
  const store = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  })
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : fileTransport(path.join(config.DATA_DIR, 'mail'))
  const worker = new OutboxWorker({
    db: store.db,
    transport,
    log,
    policy: {
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      baseDelayMs: config.OUTBOX_BASE_DELAY_MS,
      maxDelayMs: config.OUTBOX_MAX_DELAY_MS,
    },
    claimTimeoutMs: config.OUTBOX_CLAIM_TIMEOUT_MS,
  })
  worker.start()
  const metrics = config.METRICS_TOKEN
    ? siteMetrics(config.METRICS_TOKEN, store.db, log)
    : undefined
  log(
    `Data: ${store.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${path.resolve(config.DATA_DIR, 'pglite')}`}; mail: ${transport.describe()}`,
  )

  // On PostgreSQL every instance counts in the same table, so N instances enforce one limit.
  const limitCounts = store.kind === 'postgres' ? sharedLimitCounts(store.db) : undefined
  const api = formsApi({
    db: store.db,
    addresses: {
      from: config.MAIL_FROM,
      contactInbox: config.CONTACT_INBOX,
      careersInbox: config.CAREERS_INBOX,
    },
    rateLimitPerMinute: config.FORM_RATE_LIMIT,
    limitCounts,
    onQueued: () => worker.kick(),
    onSubmission: metrics?.formSubmission,
    log,
    siteOrigin: siteOrigin(config),
  })

  const privateTargets = privateTargetsOf(config)
  const notifyPolicy = notifyPolicyFor(privateTargets)
  const demo = demoMerchant({
    db: store.db,
    settings: {
      payId: config.PG_PAY_ID,
      salt: config.PG_SALT,
      merchantHostedKey: config.PG_MERCHANT_HOSTED_KEY,
      webhookSecret: config.PG_WEBHOOK_SECRET,
      gatewayBase: config.PG_BASE_URL ?? '/sandbox',
    },
    siteUrl: siteOrigin(config),
    // The switch that lifts the form limits for tests and benchmarks lifts this one too.
    rateLimitPerMinute: config.FORM_RATE_LIMIT === 0 ? 0 : 30,
    limitCounts,
    // The built-in sandbox refuses a private NOTIFY_URL unless allowed; an external gateway decides
    // for itself.
    notifyAllowed: config.PG_BASE_URL
      ? undefined
      : (notifyUrl, req) => checkNotifyUrl(notifyUrl, notifyPolicy(req)),
    // The reconciler's status enquiries: the built-in sandbox is this very server, over loopback.
    gatewayApiBase: config.PG_BASE_URL ?? `http://127.0.0.1:${config.PORT}/sandbox`,
    log,
  })

  // Deletes what the retention periods say we no longer keep; one instance at a time.
  const pruning = startPruning({
    store,
    periods: retentionPeriods(config),
    mailDropDir: path.join(config.DATA_DIR, 'mail'),
    intervalMs: config.RETENTION_PRUNE_INTERVAL_MS,
    log,
  })

  const routers = [api, demo.router]
  let closeGateway = async () => {}
  if (!config.PG_BASE_URL) {
    // No real gateway configured: the built-in sandbox answers at /sandbox on this site, with
    // the demo merchant as its merchant and the site's database for its transactions.
    const gateway = await createGateway({
      db: store.db,
      // checkout.js, the QR answers and pages name the sandbox by this, never by a request's
      // Host or X-Forwarded-* headers.
      publicUrl: `${siteOrigin(config)}/sandbox`,
      merchants: [
        sandboxMerchant({
          siteUrl: config.public.SITE_URL,
          localOrigins: localReturnUrls(config),
          payId: config.PG_PAY_ID,
          salt: config.PG_SALT,
          keySalt: config.SANDBOX_KEY_SALT,
          webhookSecret: config.PG_WEBHOOK_SECRET,
          gstStateCode: config.SANDBOX_MERCHANT_STATE,
          gstin: config.SANDBOX_MERCHANT_GSTIN,
        }),
      ],
      webhooks: {
        allowPrivate: privateTargets,
        baseDelayMs: config.SANDBOX_WEBHOOK_BASE_DELAY_MS,
        onAttempt: metrics?.webhookAttempt,
        eventsPerDay: config.SANDBOX_WEBHOOK_EVENTS_PER_DAY,
      },
      limits: sandboxLimits(config, limitCounts),
      publicSandbox: isPublicSite(siteOrigin(config)),
      accounts: {
        perHour: config.FORM_RATE_LIMIT === 0 ? 0 : config.SANDBOX_ACCOUNTS_PER_HOUR,
        max: config.SANDBOX_ACCOUNTS_MAX,
        idleDays: config.SANDBOX_ACCOUNT_TTL_DAYS,
      },
      settleDelayMs: config.SANDBOX_SETTLE_DELAY_MS,
      settlements: { hour: config.SANDBOX_SETTLEMENT_HOUR },
      log,
      // A request it fails: one error line of this logger, with the request's id.
      logFailure: sandboxFailureLog(logger),
      // This is the sandbox: its 323 refusals show what was hashed and link to the site's own
      // signature debugger (an address from the configuration, never from a request).
      hashRefusalLessons: {
        signatureDebuggerUrl: `${siteOrigin(config)}/developers/tools/signature`,
      },
    })
    closeGateway = gateway.close
    routers.push(express.Router().use('/sandbox', gateway.router))
    log('Gateway: the built-in sandbox at /sandbox')
  }

  return {
    store,
    transport,
    worker,
    routers,
    loadContext: { demo: demo.context },
    logger,
    metrics,
    async close() {
      await demo.stop()
      await closeGateway()
      await worker.stop()
      await pruning.stop()
      transport.close()
      await store.close()
      releaseLock()
    },
  }
}

/**
 * The site's own origin for the absolute URLs the server writes (the demo's RETURN_URL and
 * NOTIFY_URL, the sandbox's public URL): SITE_URL; when it is not set, this server on
 * localhost at its PORT, so a development or test server on any port gets its answers back.
 * Never a request's Host or X-Forwarded-* headers, which anyone can forge.
 */
export function siteOrigin(config: ServerConfig): string {
  if (config.public.SITE_URL !== readPublicConfig({}).SITE_URL) {
    return new URL(config.public.SITE_URL).origin
  }
  return `http://localhost:${config.PORT}`
}

/**
 * The built-in sandbox's API and page limits (ADR 034), counted where the form limits are. The
 * switch that lifts the form limits for tests and benchmarks (FORM_RATE_LIMIT=0) lifts these too.
 */
export function sandboxLimits(
  config: ServerConfig,
  counts: LimitCounts | undefined,
): ApiLimitSettings {
  const off = config.FORM_RATE_LIMIT === 0
  return {
    perIp: off ? 0 : config.SANDBOX_API_RATE_LIMIT,
    perMerchant: off ? 0 : config.SANDBOX_MERCHANT_RATE_LIMIT,
    resend: off ? 0 : config.SANDBOX_RESEND_RATE_LIMIT,
    pages: off ? 0 : config.SANDBOX_PAGE_RATE_LIMIT,
    counts,
  }
}

/** The site's metrics; under WEB_CONCURRENCY a worker answers /metrics with the sum of all. */
function siteMetrics(token: string, db: Database, log: (line: string) => void): Metrics {
  const registry = new Registry()
  const render = cluster.isWorker ? aggregatedByPrimary(registry) : undefined
  return createMetrics({ token, db, log, registry, render })
}
