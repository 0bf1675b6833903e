import type { ApiLimiters } from '#gateway/api/limits.ts'
import { Router } from 'express'
import { type FindMerchant, checkOrderId } from '#gateway/checks.ts'
import { formatDateTime } from '#gateway/ids.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { EVENT_ID_PATTERN } from '#core/protocol/webhook.ts'
import type { GatewayDatabase } from '#gateway/store.ts'
import { codeFields, echo, jsonRoute } from '#gateway/api/json.ts'
import {
  attemptsOf,
  eventsFor,
  findEvent,
  latestEvents,
  scheduleResend,
  type WebhookAttemptRow,
  type WebhookEventRow,
} from './store.ts'

export interface DeliveriesApiOptions {
  /** The JSON APIs' limits (gateway/api/limits.ts); absent, none. */
  limits?: ApiLimiters
  db: GatewayDatabase
  findMerchant: FindMerchant
  onEventQueued: () => void
}

const EVENT_ID = EVENT_ID_PATTERN
/** The most events one `LATEST` list holds. */
const MAX_LATEST = 50

/** One event as the API lists it; times in IST like every date the gateway answers. */
interface ListedEvent {
  id: string
  type: string
  reference: string
  notify_url: string
  state: string
  created: string
  next_attempt: string
  attempts: Array<{
    at: string
    http_status: number | null
    error: string | null
    duration_ms: number
  }>
}

function listed(event: WebhookEventRow, attempts: WebhookAttemptRow[]): ListedEvent {
  return {
    id: event.id,
    type: event.type,
    reference: event.reference,
    notify_url: event.notifyUrl,
    state: event.state,
    created: formatDateTime(event.createdAt),
    next_attempt: event.state === 'pending' ? formatDateTime(event.nextAttemptAt) : '',
    attempts: attempts
      .filter((attempt) => attempt.eventId === event.id)
      .map((attempt) => ({
        at: formatDateTime(attempt.attemptedAt),
        http_status: attempt.httpStatus,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
  }
}

/**
 * The merchant's view of its webhooks, signed like every JSON API:
 * `POST /pgws/webhook/events` `{ PAY_ID, EVENT_ID | ORDER_ID | LATEST, HASH }` lists the event
 * (or an order's, refund's or payout's events, or the latest LATEST, at most 50) with every
 * attempt; `POST /pgws/webhook/resend`
 * `{ PAY_ID, EVENT_ID, HASH }` sends one again now, with the same id and body. The list travels
 * in `EVENTS` as a JSON text, so the answer stays flat fields under one HASH.
 */
export function deliveriesApi(options: DeliveriesApiOptions): Router {
  const { db } = options
  const refusal = (code: ResponseCode, fields: Fields | undefined): Fields => ({
    ...echo(fields, ['PAY_ID', 'EVENT_ID', 'ORDER_ID']),
    ...codeFields(code, responseCodes[code].status),
  })
  const answer = async (fields: Fields, events: WebhookEventRow[]): Promise<Fields> => {
    const attempts = await attemptsOf(
      db,
      events.map((event) => event.id),
    )
    // No STATUS: that is a payment's (Captured, Failed, Pending), and these answers are about
    // deliveries, whatever the event. RESPONSE_MESSAGE is the code's, as every API answers it;
    // EVENTS says how many there are.
    return {
      ...echo(fields, ['PAY_ID', 'EVENT_ID', 'ORDER_ID']),
      EVENTS: JSON.stringify(events.map((event) => listed(event, attempts))),
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: responseCodes['000'].message,
    }
  }

  const router = Router()
  router.post(
    '/pgws/webhook/events',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'EVENT_ID', 'ORDER_ID', 'LATEST', 'HASH'],
        refusal,
        answer: async (fields, merchant) => {
          if (fields.LATEST !== undefined) {
            const latest = /^\d{1,2}$/.test(fields.LATEST) ? Number(fields.LATEST) : 0
            if (latest < 1 || latest > MAX_LATEST) return refusal('326', fields)
            return answer(fields, await latestEvents(db, merchant.payId, latest))
          }
          if (fields.EVENT_ID !== undefined) {
            if (!EVENT_ID.test(fields.EVENT_ID)) return refusal('326', fields)
            const event = await findEvent(db, merchant.payId, fields.EVENT_ID)
            return event ? answer(fields, [event]) : refusal('337', fields)
          }
          if (!checkOrderId(fields.ORDER_ID)) return refusal('321', fields)
          const events = await eventsFor(db, merchant.payId, fields.ORDER_ID!)
          return events.length > 0 ? answer(fields, events) : refusal('337', fields)
        },
      },
      options.findMerchant,
      options.limits?.api,
    ),
  )
  router.post(
    '/pgws/webhook/resend',
    ...jsonRoute(
      {
        fields: ['PAY_ID', 'EVENT_ID', 'HASH'],
        refusal,
        answer: async (fields, merchant) => {
          if (!EVENT_ID.test(fields.EVENT_ID ?? '')) return refusal('326', fields)
          const event = await findEvent(db, merchant.payId, fields.EVENT_ID!)
          if (!event) return refusal('337', fields)
          await scheduleResend(db, event.id)
          options.onEventQueued()
          return answer(fields, [(await findEvent(db, merchant.payId, event.id))!])
        },
      },
      options.findMerchant,
      options.limits?.resend,
    ),
  )
  return router
}
