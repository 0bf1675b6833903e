/**
 * Webhooks: the gateway POSTs an event to the merchant's NOTIFY_URL when a payment, refund or
 * payout reaches an outcome, so the merchant hears of it even when the customer's browser never
 * comes back. The body is JSON, signed with the merchant's webhook secret:
 *
 *   X-Paystra-Signature: t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * Every kit holds the same rules and messages; `vectors.json` ("webhook") keeps them in step.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Fields } from './fields.ts'
import { verifyHash } from './hash.ts'

export const EVENT_ID_HEADER = 'X-Paystra-Event-Id'
export const SIGNATURE_HEADER = 'X-Paystra-Signature'

/** A signature older (or newer) than this is refused: a replayed request or a wrong clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const webhookEventTypes = [
  'payment.captured',
  'payment.failed',
  'payment.pending',
  'refund.processed',
  'payout.processed',
  'payout.failed',
  'settlement.processed',
  'dispute.created',
  'dispute.won',
  'dispute.lost',
  'paylink.paid',
  'paylink.expired',
  'paylink.cancelled',
  'virtual_account.credited',
  'virtual_account.credit_returned',
  'subscription.activated',
  'subscription.notified',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.skipped',
  'subscription.paused',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.failed',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

export interface WebhookEvent {
  id: string
  type: WebhookEventType
  /** Unix seconds. */
  created: number
  /** The response fields the merchant gets at RETURN_URL or from the enquiry, with their HASH. */
  data: Fields
}

/** What every event id looks like (newEventId); a receiver refuses any other before storing it. */
export const EVENT_ID_PATTERN = /^evt_[0-9a-f]{24}$/

/** `evt_` and 24 lower-case hex digits: unguessable, and the same on every retry. */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`
}

/**
 * The body as the gateway sends it: indented JSON ending in a line break. The layout is
 * deliberate: a receiver that parses and serialises the body again gets other bytes, and the
 * kits can then say so instead of a bare "signature does not match".
 */
export function serialiseEvent(event: WebhookEvent): string {
  const { id, type, created, data } = event
  return `${JSON.stringify({ id, type, created, data }, null, 2)}\n`
}

/** Lower-case hex HMAC-SHA256(secret, "<t>.<raw body>"). */
export function webhookSignature(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex')
}

export function signatureHeader(secret: string, timestamp: number, body: string | Buffer): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`
}

/** A signed delivery: what the gateway sends, and what a merchant's own tests can send. */
export interface SignedWebhook {
  body: string
  headers: Record<string, string>
}

export function signWebhook(
  event: WebhookEvent,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): SignedWebhook {
  const body = serialiseEvent(event)
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      [EVENT_ID_HEADER]: event.id,
      [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
    },
  }
}

/** Why a delivery was refused; each kit names them the same and says the same words. */
export const webhookRefusals = {
  'secret-missing':
    'No webhook secret: set PAYSTRA_WEBHOOK_SECRET to the webhook secret from the merchant portal (it is not your salt).',
  'secret-whitespace':
    'The webhook secret has white space around it: remove the spaces or line break around PAYSTRA_WEBHOOK_SECRET.',
  'body-not-raw':
    'Pass the raw request body as it arrived (a string or bytes), not parsed JSON: the signature covers the exact bytes.',
  'malformed-header':
    'The X-Paystra-Signature header is missing or malformed: expected t=<unix seconds>,v1=<64 hex digits>.',
  'body-reserialised':
    'The signature does not match, and the body is not laid out as Paystra sends it: it was parsed and serialised again. Verify the raw request body, byte for byte, before parsing it.',
  'wrong-secret':
    'The signature does not match, but the body is intact (its HASH verifies with your salt): sign with the webhook secret, not the salt or another merchant’s secret.',
  'signature-mismatch':
    'The signature does not match the body: it was changed after Paystra signed it, or it is not the raw request body, or the secret is not your webhook secret.',
  'stale-timestamp':
    'The signature’s timestamp is more than 5 minutes from this server’s clock: a replayed request, or a server clock that is wrong.',
  'malformed-body':
    'The body is signed but is not a Paystra event: a JSON object with id, type, created and data.',
  'data-hash':
    'The event is signed, but the HASH of its data does not verify with your salt: check PAYSTRA_SALT.',
} as const
export type WebhookRefusal = keyof typeof webhookRefusals

export type WebhookVerification =
  { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRefusal; message: string }

export interface VerifyOptions {
  /** With the salt, `data.HASH` is checked too and a wrong secret is told from a changed body. */
  salt?: string
  /** Unix seconds; defaults to the clock. */
  now?: number
  toleranceSeconds?: number
}

interface ParsedHeader {
  timestamp: number
  signatures: string[]
}

/** `t=<digits>,v1=<hex>[,v1=<hex>…]`; other keys are ignored (a later scheme may add some). */
export function parseSignatureHeader(header: string | undefined | null): ParsedHeader | undefined {
  if (typeof header !== 'string' || header.length > 1000) return undefined
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const separator = part.indexOf('=')
    if (separator < 0) return undefined
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) return undefined
      timestamp = Number(value)
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) return undefined
      signatures.push(value.toLowerCase())
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined
  return { timestamp, signatures }
}

/**
 * Checks a delivery the way every kit does: the secret, the header, the signature over the raw
 * bytes (and, when it fails, the likeliest reason), the timestamp, then the event itself.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secret: string,
  options: VerifyOptions = {},
): WebhookVerification {
  const refuse = (reason: WebhookRefusal): WebhookVerification => ({
    ok: false,
    reason,
    message: webhookRefusals[reason],
  })
  if (secret === '') return refuse('secret-missing')
  if (secret.trim() !== secret) return refuse('secret-whitespace')
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return refuse('body-not-raw')
  const parsed = parseSignatureHeader(header)
  if (!parsed) return refuse('malformed-header')
  const body = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8')
  const expected = Buffer.from(webhookSignature(secret, parsed.timestamp, body), 'utf8')
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(expected, Buffer.from(signature, 'utf8')),
  )
  const text = body.toString('utf8')
  const event = readEvent(text)
  if (!matches) {
    if (event && !text.startsWith('{\n')) return refuse('body-reserialised')
    if (event && options.salt !== undefined && verifyHash(event.data, options.salt)) {
      return refuse('wrong-secret')
    }
    return refuse('signature-mismatch')
  }
  const now = options.now ?? Math.floor(Date.now() / 1000)
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS
  if (Math.abs(now - parsed.timestamp) > tolerance) return refuse('stale-timestamp')
  if (!event) return refuse('malformed-body')
  if (options.salt !== undefined && !verifyHash(event.data, options.salt)) {
    return refuse('data-hash')
  }
  return { ok: true, event }
}

/** The event in a body, or undefined when it is not one. */
function readEvent(text: string): WebhookEvent | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { id, type, created, data } = value as Record<string, unknown>
  if (typeof id !== 'string' || typeof type !== 'string' || typeof created !== 'number') {
    return undefined
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  if (!Object.values(data).every((field) => typeof field === 'string')) return undefined
  return { id, type: type as WebhookEventType, created, data: data as Fields }
}
