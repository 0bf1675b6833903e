/**
 * The demo merchant's NOTIFY_URL: the gateway POSTs a signed event here when a payment reaches
 * an outcome, so the order settles even when the customer's browser never comes back (gateway
 * README "Webhooks"). The body is kept as the raw bytes that arrived (`express.raw`), and the
 * signature is checked over those bytes, never over JSON parsed and written again.
 * `verifyWebhook` (core/protocol/webhook.ts) does parse them before its verdict on the
 * signature, but only to name why a bad one failed (a re-serialised body, the salt used as the
 * secret); nothing read from the body is acted on until the signature, the timestamp and the
 * data's HASH have passed. An event id seen before is acknowledged and changes nothing; the
 * order only moves forward (store.ts).
 */
import express, { type RequestHandler } from 'express'
import { EVENT_ID_PATTERN, SIGNATURE_HEADER, verifyWebhook } from '#core/protocol/webhook.ts'
import type { Database } from '#server/db/database.ts'
import type { DemoMerchantSettings } from './merchant.ts'
import { recordWebhookEvent } from './store.ts'

export const WEBHOOK_PATH = '/demo/webhook'

/** An event is a few hundred bytes of response fields; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = '32kb'

export interface WebhookOptions {
  db: Database
  settings: DemoMerchantSettings
  /** Milliseconds; the signature's timestamp is judged against it. */
  clock?: () => number
  log?: (line: string) => void
}

/** What the route answers: 200 `{ received }`, or 400/415 with why the delivery was refused. */
export type WebhookAnswer =
  | { received: true; duplicate?: true; ignored?: string }
  | { received: false; reason: string; message: string }

/** The handlers of `POST /demo/webhook`: the raw-body reader, then the receiver. */
export function webhookHandlers(options: WebhookOptions): RequestHandler[] {
  const { db, settings, log } = options
  const answer = (res: express.Response, status: number, body: WebhookAnswer) =>
    res.status(status).set('Cache-Control', 'no-store').json(body)

  const receive: RequestHandler = async (req, res) => {
    if (!Buffer.isBuffer(req.body)) {
      log?.('demo webhook refused: content-type')
      return answer(res, 415, {
        received: false,
        reason: 'content-type',
        message: 'Send the event as application/json.',
      })
    }
    const now = Math.floor((options.clock ?? Date.now)() / 1000)
    const verification = verifyWebhook(
      req.body,
      req.get(SIGNATURE_HEADER),
      settings.webhookSecret,
      { salt: settings.salt, now },
    )
    if (!verification.ok) {
      // The reason only: the body is the gateway's data and has no place in the log.
      log?.(`demo webhook refused: ${verification.reason}`)
      return answer(res, 400, {
        received: false,
        reason: verification.reason,
        message: verification.message,
      })
    }
    const { event } = verification
    // The gateway's ids are `evt_` and 24 hex digits; anything else (a signer holding the public
    // demo secret can send anything) is refused before a byte of it is stored.
    if (!EVENT_ID_PATTERN.test(event.id)) {
      log?.('demo webhook refused: event id')
      return answer(res, 400, {
        received: false,
        reason: 'event-id',
        message: 'The event id is not a gateway event id (evt_ and 24 hex digits).',
      })
    }
    if (event.data.PAY_ID !== settings.payId) {
      log?.(`demo webhook refused: merchant (${event.id})`)
      return answer(res, 400, {
        received: false,
        reason: 'merchant',
        message: 'The event is addressed to another merchant.',
      })
    }
    // Refunds and payouts are not the demo's business: acknowledged so they are not retried.
    const settles = event.type.startsWith('payment.')
    const recording = await recordWebhookEvent(db, event, settles)
    const orderId = event.data.ORDER_ID ?? '?'
    if (recording.kind === 'duplicate') {
      log?.(`demo webhook ${event.id} seen before: nothing changed`)
      return answer(res, 200, { received: true, duplicate: true })
    }
    if (recording.kind === 'ignored') {
      log?.(`demo webhook ${event.id} ${event.type} ignored`)
      return answer(res, 200, { received: true, ignored: event.type })
    }
    const { settlement } = recording
    if (!settlement.ok) {
      // Retrying cannot make an unknown order known: acknowledged, so the gateway stops.
      log?.(`demo webhook ${event.id} ${event.type} ignored: ${settlement.reason} (${orderId})`)
      return answer(res, 200, { received: true, ignored: settlement.reason })
    }
    const { payment, changed } = settlement
    log?.(
      `demo webhook ${event.id} ${event.type}: ${orderId} ${
        changed ? `now ${payment.outcome}` : `stays ${payment.outcome}`
      }`,
    )
    answer(res, 200, { received: true })
  }

  return [
    express.raw({ type: ['application/json', 'application/*+json'], limit: WEBHOOK_BODY_LIMIT }),
    receive,
  ]
}
