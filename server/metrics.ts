/**
 * Prometheus metrics at `GET /metrics` (prom-client), answered only to
 * `Authorization: Bearer <METRICS_TOKEN>`. Each app has a registry of its own, not prom-client's
 * global one, so tests can build several apps in one process, and a cluster's primary can
 * aggregate its workers' registries (prom-client's AggregatorRegistry) through `render`.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import { rowsOf } from '#jobs/sql-rows.ts'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { calendarDaysLeft } from './calendar-end.ts'
import type { Database } from './db/database.ts'

export const METRICS_PATH = '/metrics'

/** How a form submission ended: accepted, or refused for one of these reasons. */
export type SubmissionOutcome =
  | 'accepted'
  /** Fields that fail the form's rules (400 with ERRORS). */
  | 'validation'
  /** Too many submissions from the address (429). */
  | 'rate_limit'
  /** A resume too large, empty, of the wrong kind, or a broken multipart body. */
  | 'bad_upload'
  /** Not JSON, the wrong content type, a body too large (415, 413, 400 without ERRORS). */
  | 'malformed'
  /** The honeypot field was filled: answered as a success, stored nowhere. */
  | 'spam'
  | 'server_error'

/** The state the sandbox's webhook worker records after an attempt (gateway/webhooks/store.ts). */
export type WebhookAttemptState = 'delivered' | 'pending' | 'failed'

const webhookOutcomes: Record<WebhookAttemptState, string> = {
  delivered: 'delivered',
  pending: 'failed_will_retry',
  failed: 'gave_up',
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export interface MetricsOptions {
  /** The bearer token a scraper must send (METRICS_TOKEN). */
  token: string
  /** The site's database: the outbox gauges are read from it at each scrape. */
  db?: Database
  log?: (line: string) => void
  /**
   * What `/metrics` answers: this registry's text by default. A cluster's workers can answer
   * with their primary's aggregate instead (see README, "Metrics").
   */
  render?: (registry: Registry) => Promise<string>
  /** The registry to fill; a new one by default. */
  registry?: Registry
  /** The clock the calendar gauge reads; the system's by default. */
  now?: () => Date
}

export interface Metrics {
  readonly registry: Registry
  /** Answers `/metrics` and returns true; returns false for any other path. */
  answer(req: IncomingMessage, res: ServerResponse): boolean
  /** One answered request: its method, route pattern (undefined: none matched), status. */
  requestDone(
    method: string | undefined,
    route: string | undefined,
    status: number,
    seconds: number,
  ): void
  formSubmission(form: 'contact' | 'career', outcome: SubmissionOutcome): void
  webhookAttempt(state: WebhookAttemptState): void
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = options.registry ?? new Registry()
  // Process and Node.js metrics, event-loop lag among them, under their usual names.
  collectDefaultMetrics({ register: registry })

  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: 'site_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (health checks and /metrics not counted).',
    labelNames,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const submissions = new Counter({
    name: 'site_form_submissions_total',
    help: 'Form submissions by form and outcome (accepted or refused); reason says why one was refused.',
    labelNames: ['form', 'outcome', 'reason'] as const,
    registers: [registry],
  })
  const webhooks = new Counter({
    name: 'sandbox_webhook_deliveries_total',
    help: 'Webhook delivery attempts of the built-in sandbox by outcome: delivered, failed_will_retry, or gave_up (the attempts are spent).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  if (options.db) outboxGauges(options.db, registry, options.log)
  const now = options.now ?? (() => new Date())
  new Gauge({
    name: 'sandbox_calendar_holidays_days_left',
    help: 'Days from today (IST) to the last date whose bank holidays the business calendar knows (core/calendar/holidays/): under 90 the start-up log warns; past it the sandbox refuses those dates with 359.',
    aggregator: 'min',
    registers: [registry],
    collect() {
      this.set(calendarDaysLeft(now()))
    },
  })

  const expected = digest(options.token)
  const render = options.render ?? ((registry: Registry) => registry.metrics())

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? ''
    if (url !== METRICS_PATH && !url.startsWith(`${METRICS_PATH}?`)) return false
    res.setHeader('Cache-Control', 'no-store')
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Method not allowed\n')
      return true
    }
    const given = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1]
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.writeHead(401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
        'Content-Type': 'text/plain; charset=utf-8',
      })
      res.end('A bearer token is required.\n')
      return true
    }
    render(registry).then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      (error: unknown) => {
        options.log?.(`metrics: ${(error as Error).message}`)
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end('The metrics could not be collected.\n')
      },
    )
    return true
  }

  return {
    registry,
    answer,
    requestDone(method, route, status, seconds) {
      const labels = {
        method: method && knownMethods.has(method) ? method : 'other',
        route: route ?? 'unmatched',
        status: String(status),
      }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    formSubmission(form, outcome) {
      if (outcome === 'accepted') submissions.inc({ form, outcome })
      else submissions.inc({ form, outcome: 'refused', reason: outcome })
    },
    webhookAttempt(state) {
      webhooks.inc({ outcome: webhookOutcomes[state] })
    },
  }
}

/** Hashed first, so tokens of any length compare in constant time. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

/**
 * The mail not yet delivered, read by one query when Prometheus scrapes (the outbox index on
 * status covers it). These describe the shared database, not this process: every instance
 * reports the same values, so a cluster aggregates them with `max`, and dashboards should too.
 */
function outboxGauges(db: Database, registry: Registry, log?: (line: string) => void) {
  let reading: Promise<OutboxState | undefined> | undefined
  const read = () =>
    (reading ??= readOutbox(db)
      .catch((error: unknown) => {
        log?.(`metrics: outbox not read (${(error as Error).message})`)
        return undefined
      })
      .finally(() => (reading = undefined)))
  const gauge = (name: string, help: string, pick: (state: OutboxState) => number) =>
    new Gauge({
      name,
      help,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        const state = await read()
        if (state) this.set(pick(state))
      },
    })
  gauge(
    'site_outbox_pending_mails',
    'Mails waiting to be sent or being sent (the database, not this process).',
    (state) => state.pending,
  )
  gauge(
    'site_outbox_dead_mails',
    'Mails whose attempts are spent, waiting for `npm run outbox -- --retry`.',
    (state) => state.dead,
  )
  gauge(
    'site_outbox_oldest_pending_age_seconds',
    'Age of the oldest mail not yet sent (0 when none waits).',
    (state) => state.oldestAgeSeconds,
  )
}

interface OutboxState {
  pending: number
  dead: number
  oldestAgeSeconds: number
}

async function readOutbox(db: Database): Promise<OutboxState> {
  const [row] = await rowsOf<{ pending: string; dead: string; oldest: string | null }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE status IN ('pending', 'sending')) AS pending,
           count(*) FILTER (WHERE status = 'dead') AS dead,
           extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('pending', 'sending'))) AS oldest
      FROM outbox
     WHERE status IN ('pending', 'sending', 'dead')`,
  )
  return {
    pending: Number(row?.pending ?? 0),
    dead: Number(row?.dead ?? 0),
    oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  }
}
