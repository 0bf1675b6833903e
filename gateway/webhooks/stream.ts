/**
 * Webhooks to a laptop without a tunnel: `paystra listen` holds a signed Server-Sent Events
 * stream of its account's events, forwards each to the local URL it was given, byte for byte
 * with the headers a webhook carries, and reports the local answer back. The sandbox itself
 * never connects anywhere on a stream's behalf: the listener makes both requests.
 *
 * An event for a stream waits in the webhook events table (channel `stream`) until a stream of
 * its account claims it (jobs/durable-queue.ts, so instances share the work and a claim that is
 * never reported is handed out again); the listener's report records the attempt like a
 * webhook's, with the same retries.
 */
import { type Request, type Response, Router } from 'express'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash, withHash } from '#core/protocol/hash.ts'
import {
  EVENT_ID_HEADER,
  EVENT_ID_PATTERN,
  SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '#core/protocol/webhook.ts'
import { claimDue, type DurableQueue } from '#jobs/durable-queue.ts'
import { jsonRoute, refusalsAt } from '#gateway/api/json.ts'
import type { ApiLimiters, LimitLocals } from '#gateway/api/limits.ts'
import type { FindMerchant } from '#gateway/checks.ts'
import { merchantNow, type SandboxMerchant } from '#gateway/merchants.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { DEFAULT_BASE_DELAY_MS, MAX_ATTEMPTS } from './schedule.ts'
import { deliverySignature } from './signing.ts'
import { recordAttempt, sandboxWebhookEvents, type WebhookEventRow } from './store.ts'
import { closeStream, openStream, renewStream } from './streams.ts'

/** A claim a listener has not reported on is handed out again after this. */
const HANDED_LEASE_MS = 30_000
/** Events written to a stream per look at the queue. */
const BATCH = 10
/** A comment line keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000
/** How long a report's ERROR may be. */
const MAX_ERROR_LENGTH = 500

export interface EventStreamOptions {
  db: GatewayDatabase
  findMerchant: FindMerchant
  /** Real time; the events' own times follow each merchant's clock. */
  now: () => Date
  limits?: ApiLimiters
  /** Only sandbox accounts listen: the configured merchants' events are every visitor's demo. */
  canListen: (payId: string) => boolean
  /** The page that makes a sandbox account, named when a configured merchant asks to listen. */
  accountPage: (req: Request) => string
  hub: EventStreamHub
  /** How often an open stream looks for due events besides being woken; 1 s by default. */
  pollMs?: number
  /** The webhooks' retry base (schedule.ts), which a listener's failed forwards follow too. */
  baseDelayMs?: number
  log?: (line: string) => void
}

/** The streams open on this instance: woken when an event is queued here, ended at shutdown. */
export class EventStreamHub {
  private readonly open = new Set<{ wake: () => void; end: () => void }>()

  add(stream: { wake: () => void; end: () => void }): () => void {
    this.open.add(stream)
    return () => this.open.delete(stream)
  }

  /** An event was committed on this instance: every stream looks now, not at its next poll. */
  wake(): void {
    for (const stream of this.open) stream.wake()
  }

  /** Ends every stream (the listener reconnects to another instance). */
  close(): void {
    for (const stream of [...this.open]) stream.end()
  }

  get size(): number {
    return this.open.size
  }
}

/** One account's stream events, due and not handed out: the webhook queue's rows of channel `stream`. */
function streamQueue(payId: string): DurableQueue<typeof sandboxWebhookEvents> {
  return {
    table: sandboxWebhookEvents,
    id: sandboxWebhookEvents.id,
    dueAt: sandboxWebhookEvents.nextAttemptAt,
    waiting: and(
      eq(sandboxWebhookEvents.payId, payId),
      eq(sandboxWebhookEvents.state, 'pending'),
      eq(sandboxWebhookEvents.channel, 'stream'),
    )!,
    attempts: sandboxWebhookEvents.attempts,
    lease: { until: sandboxWebhookEvents.claimedUntil, ms: HANDED_LEASE_MS },
  }
}

/** What a stream hands the listener for one event: what it POSTs, and what it reports. */
export function streamMessage(
  event: WebhookEventRow,
  merchant: SandboxMerchant,
  realNow: Date,
): string {
  const eventId = event.copyOf ?? event.id
  const data = {
    DELIVERY_ID: event.id,
    EVENT_ID: eventId,
    TYPE: event.type,
    HEADERS: {
      'Content-Type': 'application/json',
      [EVENT_ID_HEADER]: eventId,
      [SIGNATURE_HEADER]: deliverySignature(merchant, event.body, realNow),
    },
    BODY: event.body,
  }
  return `event: webhook\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * `GET /pgws/events/stream?PAY_ID&TIMESTAMP&HASH` (HASH of PAY_ID and TIMESTAMP with the salt,
 * TIMESTAMP within 5 minutes) opens the stream; `POST /pgws/events/stream/result`
 * `{PAY_ID, DELIVERY_ID, HTTP_STATUS, ERROR, DURATION_MS}` reports what the local URL answered.
 */
export function eventStreamApi(options: EventStreamOptions): Router {
  const router = Router()
  const refusal = refusalsAt(options.now)
  const streamRefusal = refusal(['TIMESTAMP'])
  const resultRefusal = refusal(['DELIVERY_ID'])

  router.get(
    '/pgws/events/stream',
    (_req, res, next) => {
      // Over the address's limit before the merchant is known: unsigned, as jsonRoute answers.
      ;(res.locals as LimitLocals).refuseTooMany = (answer) =>
        answer.status(429).json(streamRefusal('344', undefined))
      next()
    },
    ...(options.limits?.api.beforeParse ?? []),
    async (req, res, next) => {
      const fields = queryFields(req)
      const refuse = (status: number, code: ResponseCode, merchant?: SandboxMerchant) => {
        const answer = streamRefusal(code, fields)
        res.status(status).json(merchant ? withHash(answer, merchant.salt) : answer)
      }
      if (!fields) return refuse(400, '326')
      const merchant = await options.findMerchant(fields.PAY_ID ?? '')
      if (!merchant) return refuse(200, '324')
      if (!verifyHash(fields, merchant.salt)) return refuse(200, '323', merchant)
      const locals = res.locals as LimitLocals
      locals.limitPayId = merchant.payId
      locals.refuseTooMany = (answer) =>
        answer.status(429).json(withHash(streamRefusal('344', fields), merchant.salt))
      res.locals.streamRequest = { fields, merchant }
      next()
    },
    ...(options.limits?.api.afterHash ?? []),
    async (req, res) => {
      const { fields, merchant } = res.locals.streamRequest as {
        fields: Fields
        merchant: SandboxMerchant
      }
      const signed = (status: number, answer: Fields) =>
        res.status(status).json(withHash(answer, merchant.salt))
      const realNow = options.now()
      if (!options.canListen(merchant.payId)) {
        return signed(200, {
          ...streamRefusal('369', fields),
          ACCOUNT_URL: options.accountPage(req),
        })
      }
      if (!timestampHolds(fields.TIMESTAMP, realNow)) {
        return signed(200, streamRefusal('365', fields))
      }
      const streamId = await openStream(options.db, merchant.payId, realNow)
      if (!streamId) return signed(429, streamRefusal('366', fields))
      runStream(options, req, res, merchant, streamId)
    },
  )

  router.post(
    '/pgws/events/stream/result',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'DELIVERY_ID', 'HTTP_STATUS', 'ERROR', 'DURATION_MS', 'HASH'],
        refusal: resultRefusal,
        answer: async (fields, merchant) => {
          const report = readReport(fields)
          if (!report) return resultRefusal('326', fields)
          const event = await handedEvent(options.db, merchant.payId, report.deliveryId)
          if (!event) return resultRefusal('367', fields)
          const ok =
            report.httpStatus !== undefined && report.httpStatus >= 200 && report.httpStatus < 300
          const state = await recordAttempt(
            options.db,
            event,
            {
              attemptedAt: options.now(),
              ok,
              httpStatus: report.httpStatus,
              error: ok ? undefined : (report.error ?? `HTTP ${report.httpStatus}`),
              durationMs: report.durationMs,
            },
            options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
          )
          if (state === 'pending') options.hub.wake()
          return {
            PAY_ID: merchant.payId,
            DELIVERY_ID: event.id,
            STATE: state,
            RESPONSE_CODE: '000',
            RESPONSE_MESSAGE: responseCodes['000'].message,
          }
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  return router
}

/** The stream's three query fields, each once and bounded; undefined for anything else. */
function queryFields(req: Request): Fields | undefined {
  const fields: Fields = {}
  for (const [key, value] of Object.entries(req.query)) {
    if (!['PAY_ID', 'TIMESTAMP', 'HASH'].includes(key)) return undefined
    if (typeof value !== 'string' || value.length > 128) return undefined
    fields[key] = value
  }
  return fields.PAY_ID && fields.TIMESTAMP && fields.HASH ? fields : undefined
}

/** Unix seconds within the webhooks' tolerance of real time. */
function timestampHolds(value: string | undefined, realNow: Date): boolean {
  if (!value || !/^\d{1,12}$/.test(value)) return false
  return Math.abs(Number(value) - realNow.getTime() / 1000) <= WEBHOOK_TOLERANCE_SECONDS
}

interface Report {
  deliveryId: string
  httpStatus: number | undefined
  error: string | undefined
  durationMs: number
}

/** A listener's report, or undefined when it is not one (326). */
function readReport(fields: Fields): Report | undefined {
  const { DELIVERY_ID: deliveryId, HTTP_STATUS: status, ERROR: error } = fields
  const duration = fields.DURATION_MS ?? '0'
  if (!deliveryId || !EVENT_ID_PATTERN.test(deliveryId)) return undefined
  if (status !== undefined && status !== '' && !/^[1-5]\d\d$/.test(status)) return undefined
  if (!/^\d{1,7}$/.test(duration)) return undefined
  const httpStatus = status ? Number(status) : undefined
  // Without an answer there must be a reason: the listener could not reach its local URL.
  if (httpStatus === undefined && !error) return undefined
  return {
    deliveryId,
    httpStatus,
    error: error ? error.slice(0, MAX_ERROR_LENGTH) : undefined,
    durationMs: Number(duration),
  }
}

/** A stream event of the account that was handed to a listener and not yet reported. */
async function handedEvent(
  db: GatewayDatabase,
  payId: string,
  id: string,
): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxWebhookEvents)
    .where(
      and(
        eq(sandboxWebhookEvents.id, id),
        eq(sandboxWebhookEvents.payId, payId),
        eq(sandboxWebhookEvents.channel, 'stream'),
        eq(sandboxWebhookEvents.state, 'pending'),
        isNotNull(sandboxWebhookEvents.claimedUntil),
        gt(sandboxWebhookEvents.claimedUntil, sql`now()`),
      ),
    )
  return row
}

/**
 * Holds one stream open: hands out the account's due events as they come (woken by the hub or
 * every poll), keeps the stream counted and the account listening, and ends when the listener
 * goes, the account is deleted, or the sandbox stops.
 */
function runStream(
  options: EventStreamOptions,
  req: Request,
  res: Response,
  merchant: SandboxMerchant,
  streamId: string,
) {
  const { db } = options
  const queue = streamQueue(merchant.payId)
  res.status(200)
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8')
  // no-transform: the site's compression would hold the events back to fill its buffer.
  res.setHeader('Cache-Control', 'no-store, no-transform')
  res.setHeader('X-Accel-Buffering', 'no')
  res.flushHeaders()
  res.write(
    `event: ready\ndata: ${JSON.stringify({
      PAY_ID: merchant.payId,
      NOW: merchantNow(merchant, options.now()).toISOString(),
    })}\n\n`,
  )

  let ended = false
  let looking: Promise<void> | undefined
  let again = false
  let lastRenewal = Date.now()

  const look = async () => {
    if (looking) {
      again = true
      return
    }
    looking = (async () => {
      do {
        again = false
        await handOut()
      } while (again && !ended)
    })()
      .catch((error: unknown) => {
        options.log?.(`sandbox: event stream of ${merchant.payId} failed: ${String(error)}`)
        end()
      })
      .finally(() => {
        looking = undefined
      })
  }

  const handOut = async () => {
    if (ended) return
    if (Date.now() - lastRenewal >= KEEP_ALIVE_MS) {
      lastRenewal = Date.now()
      const current = await options.findMerchant(merchant.payId)
      if (!current) return end()
      await renewStream(db, streamId, merchant.payId, options.now())
      res.write(': keep-alive\n\n')
    }
    for (;;) {
      if (ended) return
      const events = await claimDue(db, queue, { limit: BATCH })
      if (events.length === 0) return
      const current = (await options.findMerchant(merchant.payId)) ?? merchant
      for (const event of events) {
        // Handed out more often than the webhooks' attempts without a report: given up on.
        if (event.attempts > MAX_ATTEMPTS) {
          await recordAttempt(
            db,
            event,
            {
              attemptedAt: options.now(),
              ok: false,
              error: 'no listener reported an answer',
              durationMs: 0,
              final: true,
            },
            options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
          )
          continue
        }
        res.write(streamMessage(event, current, options.now()))
      }
    }
  }

  const timer = setInterval(() => void look(), options.pollMs ?? 1000)
  const forget = options.hub.add({ wake: () => void look(), end: () => end() })
  function end() {
    if (ended) return
    ended = true
    clearInterval(timer)
    forget()
    closeStream(db, streamId).catch(() => undefined)
    res.end()
  }
  req.on('close', end)
  res.on('close', end)
  void look()
}
