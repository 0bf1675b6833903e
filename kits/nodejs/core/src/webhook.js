/**
 * Webhooks: the gateway POSTs a signed event to your NOTIFY_URL when a payment, refund or payout
 * reaches an outcome, or a settlement is made, so you hear of it even when the customer's browser
 * never comes back.
 *
 *   X-Paystra-Signature: t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")>
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { WebhookError } from './errors.js'
import { verify } from './hash.js'

/** @typedef {import('./hash.js').Fields} Fields */

/**
 * @typedef {object} WebhookEvent
 * @property {string} id evt_…, the same on every retry of one event
 * @property {string} type payment.captured, payment.failed, payment.pending, refund.processed,
 *   payout.processed, payout.failed, settlement.processed, dispute.created, dispute.won or
 *   dispute.lost (take any other type too: the gateway may add events)
 * @property {number} created unix seconds
 * @property {Fields} data the response fields, as at RETURN_URL or from the status enquiry, with
 *   their HASH; for settlement.processed the settlement's fields (no lines) with PAY_ID and HASH;
 *   for dispute.* the dispute's fields (client.disputes lists them) with PAY_ID and HASH
 */

export const EVENT_ID_HEADER = 'X-Paystra-Event-Id'
export const SIGNATURE_HEADER = 'X-Paystra-Signature'

/** A signature older (or newer) than this is refused: a replayed request or a wrong clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** Why a delivery is refused: the same reasons and words in every Paystra kit. */
export const WEBHOOK_MESSAGES = Object.freeze({
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
})

/**
 * Lower-case hex HMAC-SHA256 of "<t>.<raw body>", keyed with the webhook secret.
 * @param {string} secret
 * @param {number} timestamp unix seconds
 * @param {string | Uint8Array} body
 * @returns {string}
 */
export function webhookSignature(secret, timestamp, body) {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex')
}

/**
 * `t=<digits>,v1=<hex>[,v1=<hex>…]`, parts trimmed; other keys are ignored (a later scheme may
 * add some). Undefined when malformed.
 * @param {unknown} header
 * @returns {{ timestamp: number, signatures: string[] } | undefined}
 */
export function parseSignatureHeader(header) {
  if (typeof header !== 'string' || header.length > 1000) return undefined
  /** @type {number | undefined} */
  let timestamp
  /** @type {string[]} */
  const signatures = []
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

// paystra:region webhook-verify
/**
 * Checks a delivery: the secret, the header, the signature over the raw bytes (and, when it does
 * not match, the likeliest reason), the timestamp, then the event and, with the salt, its HASH.
 * @param {string | Uint8Array} rawBody the request body exactly as it arrived, before any parsing
 * @param {string | null | undefined} signatureHeader X-Paystra-Signature
 * @param {string} secret your webhook secret (PAYSTRA_WEBHOOK_SECRET), not the salt
 * @param {{ salt?: string, now?: number, toleranceSeconds?: number }} [options] with the salt,
 *   data.HASH is checked too and a wrong secret is told from a changed body; now in unix seconds
 * @returns {WebhookEvent}
 * @throws {WebhookError} with `.reason` (e.g. signature-mismatch) and a message saying what to do
 */
export function verifyWebhook(rawBody, signatureHeader, secret, options = {}) {
  if (typeof secret !== 'string' || secret === '') throw webhookError('secret-missing')
  if (secret.trim() !== secret) throw webhookError('secret-whitespace')
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw webhookError('body-not-raw')
  }
  const header = parseSignatureHeader(signatureHeader)
  if (!header) throw webhookError('malformed-header')
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody)
  const expected = Buffer.from(webhookSignature(secret, header.timestamp, body), 'ascii')
  // Constant time, and every v1: while a secret is rotated the gateway signs with both.
  const matches = header.signatures
    .map((signature) => timingSafeEqual(expected, Buffer.from(signature, 'ascii')))
    .includes(true)
  const text = body.toString('utf8')
  const event = readEvent(text)
  if (!matches) throw webhookError(mismatchReason(text, event, options.salt))

  const now = options.now ?? Math.floor(Date.now() / 1000)
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS
  if (Math.abs(now - header.timestamp) > tolerance) throw webhookError('stale-timestamp')
  if (!event) throw webhookError('malformed-body')
  if (options.salt !== undefined && !verify(event.data, options.salt)) {
    throw webhookError('data-hash')
  }
  return event
}
// paystra:endregion

/**
 * A signed delivery, laid out as the gateway sends it: for your own tests of a webhook route.
 * The id and created are made up when the event has none.
 * @param {{ id?: string, type: string, created?: number, data: Fields }} event
 * @param {string} secret the webhook secret
 * @param {{ timestamp?: number }} [options] unix seconds; defaults to now
 * @returns {{ body: string, headers: Record<string, string> }}
 */
export function signWebhookEvent(event, secret, options = {}) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
  const id = event.id ?? `evt_${randomBytes(12).toString('hex')}`
  const { type, created = timestamp, data } = event
  // Indented and ending in a line break, as the gateway writes it: verifyWebhook tells a body
  // that was parsed and serialised again by its missing "{\n".
  const body = `${JSON.stringify({ id, type, created, data }, null, 2)}\n`
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      [EVENT_ID_HEADER]: id,
      [SIGNATURE_HEADER]: `t=${timestamp},v1=${webhookSignature(secret, timestamp, body)}`,
    },
  }
}

/**
 * The likeliest reason a signature does not match, so the message can say what to fix.
 * @param {string} text
 * @param {WebhookEvent | undefined} event
 * @param {string | undefined} salt
 * @returns {keyof typeof WEBHOOK_MESSAGES}
 */
function mismatchReason(text, event, salt) {
  if (event && !text.startsWith('{\n')) return 'body-reserialised'
  if (event && salt !== undefined && verify(event.data, salt)) return 'wrong-secret'
  return 'signature-mismatch'
}

/**
 * @param {keyof typeof WEBHOOK_MESSAGES} reason
 * @returns {WebhookError}
 */
function webhookError(reason) {
  return new WebhookError(reason, WEBHOOK_MESSAGES[reason])
}

/**
 * The event in a body: a JSON object with id, type, created and data (an object of strings).
 * @param {string} text
 * @returns {WebhookEvent | undefined}
 */
function readEvent(text) {
  let value
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!isObject(value)) return undefined
  const { id, type, created, data } = value
  if (typeof id !== 'string' || typeof type !== 'string' || typeof created !== 'number') {
    return undefined
  }
  if (!isObject(data) || !Object.values(data).every((field) => typeof field === 'string')) {
    return undefined
  }
  return { id, type, created, data: /** @type {Fields} */ (data) }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
