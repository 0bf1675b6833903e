#!/usr/bin/env node
/**
 * The Paystra sandbox from the command line: one file, Node.js 20 or later, nothing to install.
 *
 *   node paystra.mjs listen --forward-to http://localhost:8000/webhook
 *       your sandbox account's webhooks, forwarded to your app as the gateway sends them (body and
 *       X-Paystra-* headers byte for byte), each answer reported back to the account's console
 *   node paystra.mjs trigger payment.captured      a real test object that emits the event
 *   node paystra.mjs clock                         the account's clock
 *   node paystra.mjs clock advance 1d              moves it (36h, 4d, or --to 2027-01-15T11:00:00Z)
 *   node paystra.mjs events [--order ORDER_ID]     the latest events and every delivery
 *
 * It reads PAYSTRA_PAY_ID, PAYSTRA_SALT, PAYSTRA_WEBHOOK_SECRET and PAYSTRA_BASE_URL (or PAY_ID,
 * SALT, WEBHOOK_SECRET and PAYSTRA_URL) from the environment, else from ./paystra.env (--env FILE),
 * the file a sandbox account's console gives you.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

export const VERSION = '1.0.0'

const USAGE = `Usage:
  node paystra.mjs listen --forward-to URL
  node paystra.mjs trigger EVENT [--notify-url URL]
      EVENT: payment.captured, payment.failed, payment.pending, refund.processed,
             payout.processed, payout.failed, settlement.processed, dispute.created
  node paystra.mjs clock
  node paystra.mjs clock advance (1d | 36h | --to ISO_8601)
  node paystra.mjs events [--order ORDER_ID]
Options: --env FILE (default ./paystra.env), --json (answers as JSON), --help`

/** A local answer this long is enough to say what went wrong; the rest is not read. */
const MAX_ANSWER_CHARS = 200
/** Your app gets this long to answer a forwarded event, as it would a webhook. */
const FORWARD_TIMEOUT_MS = 10_000
/** The sandbox writes a keep-alive every 15 s: this long without a byte means the stream is gone. */
const STREAM_SILENCE_MS = 45_000
/** Waits before reconnecting after a drop, then the last one again and again. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000]

export class PaystraCliError extends Error {
  /**
   * @param {string} message
   * @param {string} [code] the sandbox's RESPONSE_CODE
   */
  constructor(message, code) {
    super(message)
    this.name = 'PaystraCliError'
    this.code = code
  }
}

// --- configuration -------------------------------------------------------------------------

/**
 * `KEY=VALUE` lines as the kits read them: blank lines and `#` comments skipped, quotes removed.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseEnvFile(text) {
  /** @type {Record<string, string>} */
  const values = {}
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (line === '' || line.startsWith('#')) continue
    const separator = line.indexOf('=')
    if (separator <= 0) continue
    const key = line
      .slice(0, separator)
      .trim()
      .replace(/^export\s+/, '')
    const raw = line.slice(separator + 1).trim()
    const quoted = /^(["'])(.*?)\1(\s+#.*)?$/.exec(raw)
    values[key] = quoted ? (quoted[2] ?? '') : raw.replace(/\s+#.*$/, '')
  }
  return values
}

/**
 * @typedef {object} CliConfig
 * @property {string} baseUrl the sandbox, e.g. https://paystra.example/sandbox
 * @property {string} payId
 * @property {string} salt
 * @property {string} webhookSecret '' when unset
 */

/**
 * The account's keys: each from the environment, else the file.
 * @param {Record<string, string | undefined>} env
 * @param {string} envFile
 * @returns {CliConfig}
 */
export function loadCliConfig(env, envFile) {
  const file = existsSync(envFile) ? parseEnvFile(readFileSync(envFile, 'utf8')) : {}
  /** @param {string[]} keys */
  const value = (...keys) => {
    for (const key of keys) {
      const found = env[key] || file[key]
      if (found) return found.trim()
    }
    return ''
  }
  const config = {
    baseUrl: value('PAYSTRA_BASE_URL', 'PAYSTRA_URL').replace(/\/+$/, ''),
    payId: value('PAYSTRA_PAY_ID', 'PAY_ID'),
    salt: value('PAYSTRA_SALT', 'SALT'),
    webhookSecret: value('PAYSTRA_WEBHOOK_SECRET', 'WEBHOOK_SECRET'),
  }
  const missing = [
    ['PAYSTRA_BASE_URL', config.baseUrl],
    ['PAYSTRA_PAY_ID', config.payId],
    ['PAYSTRA_SALT', config.salt],
  ].filter(([, found]) => !found)
  if (missing.length > 0) {
    throw new PaystraCliError(
      `Missing ${missing.map(([name]) => name).join(', ')}: download paystra.env from your sandbox account's console into this folder (or pass --env FILE), or set them in the environment.`,
    )
  }
  httpUrl('PAYSTRA_BASE_URL', config.baseUrl)
  return config
}

/**
 * @param {string} name
 * @param {string} text
 * @returns {URL}
 */
function httpUrl(name, text) {
  let url
  try {
    url = new URL(text)
  } catch {
    throw new PaystraCliError(`${name} must be an absolute http(s) URL, not "${text}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaystraCliError(`${name} must start with http:// or https://`)
  }
  return url
}

// --- the protocol: HASH and webhook signatures ----------------------------------------------

/**
 * The HASH: SHA-256 of every field but HASH, keys sorted, `KEY=VALUE` joined by `~`, then the
 * salt; upper-case hex.
 * @param {Record<string, string>} fields
 * @param {string} salt
 */
export function sign(fields, salt) {
  const text = Object.keys(fields)
    .filter((key) => key !== 'HASH')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('~')
  return createHash('sha256')
    .update(text + salt, 'utf8')
    .digest('hex')
    .toUpperCase()
}

/**
 * @param {Record<string, string>} fields
 * @param {string} salt
 */
function verifyHash(fields, salt) {
  const claimed = fields.HASH
  if (typeof claimed !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(claimed)) return false
  return timingSafeEqual(
    Buffer.from(sign(fields, salt), 'ascii'),
    Buffer.from(claimed.toUpperCase(), 'ascii'),
  )
}

/**
 * Whether `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` holds a v1 made with the secret over the body.
 * @param {string} header
 * @param {string} body
 * @param {string} secret
 */
export function signatureMatches(header, body, secret) {
  const parts = header.split(',').map((part) => part.trim())
  const timestamp = parts.find((part) => part.startsWith('t='))?.slice(2)
  if (!timestamp) return false
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex'),
  )
  return parts
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3).toLowerCase()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected))
}

// --- signed calls ----------------------------------------------------------------------------

/**
 * A signed JSON call of the account; its answer's HASH is checked before it is believed.
 * @param {CliConfig} config
 * @param {string} path under the sandbox, e.g. /pgws/clock
 * @param {Record<string, string>} fields besides PAY_ID
 * @param {{ timeoutMs?: number, fetch?: typeof fetch }} [options]
 * @returns {Promise<Record<string, string>>}
 */
export async function call(config, path, fields, options = {}) {
  const request = { PAY_ID: config.payId, ...fields }
  const body = JSON.stringify({ ...request, HASH: sign(request, config.salt) })
  let response
  try {
    response = await (options.fetch ?? fetch)(`${config.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
  } catch (error) {
    throw new PaystraCliError(`Could not reach ${config.baseUrl}: ${reason(error)}`)
  }
  return readAnswer(config, response)
}

/**
 * @param {CliConfig} config
 * @param {Response} response
 * @returns {Promise<Record<string, string>>}
 */
async function readAnswer(config, response) {
  const text = await response.text()
  /** @type {Record<string, string>} */
  let answer
  try {
    answer = JSON.parse(text)
  } catch {
    throw new PaystraCliError(
      `The sandbox answered HTTP ${response.status} with something other than JSON: is PAYSTRA_BASE_URL the sandbox (it ends in /sandbox)?`,
    )
  }
  if (answer.HASH !== undefined && !verifyHash(answer, config.salt)) {
    throw new PaystraCliError(
      'The answer’s HASH does not verify with your salt: check PAYSTRA_SALT.',
    )
  }
  const code = answer.RESPONSE_CODE
  if (code !== '000') {
    const where = answer.ACCOUNT_URL ? ` (${answer.ACCOUNT_URL})` : ''
    throw new PaystraCliError(
      `${code ?? `HTTP ${response.status}`}: ${answer.RESPONSE_MESSAGE ?? 'refused'}${where}`,
      code,
    )
  }
  return answer
}

/** @param {unknown} error */
function reason(error) {
  const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused'
  if (cause?.code) return cause.code
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time'
  return error instanceof Error ? error.message : String(error)
}

// --- listen ----------------------------------------------------------------------------------

/**
 * @typedef {object} StreamedEvent
 * @property {string} DELIVERY_ID
 * @property {string} EVENT_ID
 * @property {string} TYPE
 * @property {Record<string, string>} HEADERS
 * @property {string} BODY
 */

/**
 * What the local URL answered to one forwarded event.
 * @typedef {object} Forwarded
 * @property {number} [status]
 * @property {string} [error]
 * @property {number} durationMs
 */

/**
 * POSTs an event to your app exactly as the gateway would: same body bytes, same headers.
 * Redirects are not followed, as the gateway does not follow them.
 * @param {string} forwardTo
 * @param {StreamedEvent} event
 * @returns {Promise<Forwarded>}
 */
export async function forward(forwardTo, event) {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  try {
    const answer = await fetch(forwardTo, {
      method: 'POST',
      headers: { ...event.HEADERS, 'User-Agent': 'Paystra-Webhooks/1.0 (paystra listen)' },
      body: event.BODY,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    })
    const text = (await answer.text()).replace(/\s+/g, ' ').trim().slice(0, MAX_ANSWER_CHARS)
    if (answer.status >= 200 && answer.status < 300) {
      return { status: answer.status, durationMs: elapsed() }
    }
    const error =
      answer.status >= 300 && answer.status < 400
        ? `redirect to ${answer.headers.get('location') ?? 'nowhere'} not followed`
        : `HTTP ${answer.status}${text ? `: ${text}` : ''}`
    return { status: answer.status, error, durationMs: elapsed() }
  } catch (error) {
    return { error: `${forwardTo}: ${reason(error)}`, durationMs: elapsed() }
  }
}

/**
 * Splits a Server-Sent Events byte stream into messages: `event`, `id` and the joined `data`.
 * @param {AsyncIterable<Uint8Array>} body
 * @param {() => void} onBytes told of every chunk (the silence watch)
 * @returns {AsyncGenerator<{ event: string, id: string, data: string }>}
 */
export async function* serverSentEvents(body, onBytes = () => {}) {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    onBytes()
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n')
    let end
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      let event = 'message'
      let id = ''
      const data = []
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue
        const colon = line.indexOf(':')
        const field = colon < 0 ? line : line.slice(0, colon)
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') event = value
        else if (field === 'id') id = value
        else if (field === 'data') data.push(value)
      }
      if (data.length > 0) yield { event, id, data: data.join('\n') }
    }
  }
}

/**
 * @typedef {object} ListenOptions
 * @property {string} forwardTo
 * @property {(line: string) => void} [print]
 * @property {AbortSignal} [signal] stops listening
 * @property {number[]} [reconnectDelaysMs]
 */

/**
 * Holds the account's event stream, forwarding each event and reporting its answer, until the
 * signal aborts; reconnects after a drop (events sent meanwhile wait in the sandbox for the next
 * stream). A refusal of the stream itself (wrong keys, not an account) ends it with an error.
 * @param {CliConfig} config
 * @param {ListenOptions} options
 */
export async function listen(config, options) {
  httpUrl('--forward-to', options.forwardTo)
  const print = options.print ?? ((line) => console.log(line))
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS
  const secretChecks = config.webhookSecret !== ''
  let drops = 0
  while (!options.signal?.aborted) {
    const connected = await listenOnce(config, options, print, secretChecks).catch(
      (/** @type {unknown} */ error) => {
        if (error instanceof PaystraCliError) throw error
        if (!options.signal?.aborted) print(`Stream lost: ${reason(error)}`)
        return false
      },
    )
    if (options.signal?.aborted) return
    if (connected) drops = 0
    const wait = delays[Math.min(drops, delays.length - 1)] ?? 1000
    drops += 1
    print(`Reconnecting in ${wait / 1000} s…`)
    await sleep(wait, options.signal)
  }
}

/**
 * One stream, from its opening to its end; true when it was open (a drop, then reconnect).
 * @param {CliConfig} config
 * @param {ListenOptions} options
 * @param {(line: string) => void} print
 * @param {boolean} secretChecks
 */
async function listenOnce(config, options, print, secretChecks) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const query = new URLSearchParams({
    PAY_ID: config.payId,
    TIMESTAMP: timestamp,
    HASH: sign({ PAY_ID: config.payId, TIMESTAMP: timestamp }, config.salt),
  })
  const aborted = new AbortController()
  const stop = () => aborted.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  let silence = setTimeout(stop, STREAM_SILENCE_MS)
  const heard = () => {
    clearTimeout(silence)
    silence = setTimeout(stop, STREAM_SILENCE_MS)
  }
  try {
    const response = await fetch(`${config.baseUrl}/pgws/events/stream?${query}`, {
      headers: { Accept: 'text/event-stream' },
      signal: aborted.signal,
    })
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await readAnswer(config, response)
      throw new PaystraCliError(`The sandbox answered HTTP ${response.status} without a stream`)
    }
    if (!response.body) return false
    for await (const message of serverSentEvents(response.body, heard)) {
      if (message.event === 'ready') {
        const ready = JSON.parse(message.data)
        print(
          `Ready: forwarding account ${ready.PAY_ID}'s events to ${options.forwardTo} (clock ${ready.NOW}). Ctrl-C to stop.`,
        )
        continue
      }
      if (message.event !== 'webhook') continue
      /** @type {StreamedEvent} */
      const event = JSON.parse(message.data)
      const signature = event.HEADERS['X-Paystra-Signature'] ?? ''
      if (secretChecks && !signatureMatches(signature, event.BODY, config.webhookSecret)) {
        print(
          `  ${event.EVENT_ID}: its signature does not verify with your PAYSTRA_WEBHOOK_SECRET (rotated? download paystra.env again); forwarded all the same`,
        )
      }
      const result = await forward(options.forwardTo, event)
      print(describe(event, result))
      await call(config, '/pgws/events/stream/result', {
        DELIVERY_ID: event.DELIVERY_ID,
        ...(result.status !== undefined && { HTTP_STATUS: String(result.status) }),
        ...(result.error !== undefined && { ERROR: result.error.slice(0, 500) }),
        DURATION_MS: String(result.durationMs),
      }).catch((/** @type {unknown} */ error) => {
        // The event comes again on the next stream if the report is lost.
        print(`  ${event.EVENT_ID}: the answer could not be reported: ${reason(error)}`)
      })
    }
    return true
  } finally {
    clearTimeout(silence)
    options.signal?.removeEventListener('abort', stop)
  }
}

/**
 * @param {StreamedEvent} event
 * @param {Forwarded} result
 */
function describe(event, result) {
  const time = new Date().toISOString().slice(11, 19)
  const outcome = result.error === undefined ? `${result.status}` : `failed: ${result.error}`
  return `${time}  ${event.TYPE.padEnd(20)} ${event.EVENT_ID}  → ${outcome} (${result.durationMs} ms)`
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]
 */
function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve(undefined)
      },
      { once: true },
    )
  })
}

// --- the other commands ----------------------------------------------------------------------

/**
 * @param {Record<string, string>} answer
 * @param {string[]} keys
 */
function lines(answer, keys) {
  return keys
    .filter((key) => answer[key] !== undefined && answer[key] !== '')
    .map((key) => `${key}: ${answer[key]}`)
}

/**
 * The latest events (or an order's) and every delivery of each, as lines.
 * @param {Record<string, string>} answer
 */
export function describeEvents(answer) {
  /** @type {Array<{ id: string, type: string, reference: string, notify_url: string, state: string, created: string, attempts: Array<{ at: string, http_status: number | null, error: string | null, duration_ms: number }> }>} */
  const events = JSON.parse(answer.EVENTS ?? '[]')
  if (events.length === 0) return ['No events yet.']
  return events.flatMap((event) => [
    `${event.created}  ${event.type.padEnd(20)} ${event.id}  ${event.reference}  ${event.state}  → ${event.notify_url || 'paystra listen'}`,
    ...event.attempts.map(
      (attempt) =>
        `    ${attempt.at}  ${attempt.http_status ?? '---'}  ${attempt.error ?? 'delivered'} (${attempt.duration_ms} ms)`,
    ),
  ])
}

/**
 * Runs one command line; the exit code.
 * @param {string[]} argv
 * @param {{ env?: Record<string, string | undefined>, print?: (line: string) => void, signal?: AbortSignal }} [io]
 * @returns {Promise<number>}
 */
export async function run(argv, io = {}) {
  const print = io.print ?? ((line) => console.log(line))
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'forward-to': { type: 'string' },
        'notify-url': { type: 'string' },
        order: { type: 'string' },
        to: { type: 'string' },
        env: { type: 'string', default: 'paystra.env' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    print(`${reason(error)}\n\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  if (values.help || !command) {
    print(USAGE)
    return values.help ? 0 : 2
  }
  const usage = (/** @type {string} */ problem) => {
    print(`${problem}\n\n${USAGE}`)
    return 2
  }
  const show = (/** @type {Record<string, string>} */ answer, /** @type {string[]} */ text) => {
    if (values.json) print(JSON.stringify(answer, null, 2))
    else for (const line of text) print(line)
    return 0
  }
  try {
    const config = loadCliConfig(io.env ?? process.env, values.env ?? 'paystra.env')
    if (command === 'listen') {
      if (!values['forward-to']) return usage('listen needs --forward-to URL')
      await listen(config, { forwardTo: values['forward-to'], print, signal: io.signal })
      return 0
    }
    if (command === 'trigger') {
      const [event] = rest
      if (!event) return usage('trigger needs an event type')
      const answer = await call(
        config,
        '/pgws/trigger',
        {
          EVENT: event,
          ...(values['notify-url'] && { NOTIFY_URL: values['notify-url'] }),
        },
        { timeoutMs: 120_000 },
      )
      return show(answer, [
        `Triggered ${event}.`,
        ...lines(answer, ['ORDER_ID', 'PAYOUT_ID', 'SETTLEMENT_ID', 'DISPUTE_ID', 'NOW']),
      ])
    }
    if (command === 'clock') {
      const [action, by] = rest
      if (action === undefined) {
        const answer = await call(config, '/pgws/clock', {})
        return show(answer, [`NOW: ${answer.NOW}`])
      }
      if (action !== 'advance') return usage(`Unknown clock action "${action}"`)
      if ((by === undefined) === (values.to === undefined)) {
        return usage('clock advance needs a period (36h, 4d) or --to ISO_8601, not both')
      }
      const answer = await call(
        config,
        '/pgws/clock/advance',
        by === undefined ? { TO: values.to ?? '' } : { BY: by },
        { timeoutMs: 300_000 },
      )
      /** @type {Array<{ AT: string, TYPE: string, REFERENCE: string }>} */
      const happened = JSON.parse(answer.HAPPENED ?? '[]')
      return show(answer, [
        `Clock moved from ${answer.FROM} to ${answer.NOW}.`,
        ...(happened.length === 0
          ? ['Nothing fell due on the way.']
          : happened.map((each) => `  ${each.AT}  ${each.TYPE}  ${each.REFERENCE}`)),
      ])
    }
    if (command === 'events') {
      const answer = await call(
        config,
        '/pgws/webhook/events',
        values.order ? { ORDER_ID: values.order } : { LATEST: '20' },
      )
      return show(answer, describeEvents(answer))
    }
    return usage(`Unknown command "${command}"`)
  } catch (error) {
    if (!(error instanceof PaystraCliError)) throw error
    print(error.message)
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const stopping = new AbortController()
  process.once('SIGINT', () => stopping.abort())
  process.once('SIGTERM', () => stopping.abort())
  run(process.argv.slice(2), { signal: stopping.signal }).then(
    (code) => {
      process.exitCode = code
    },
    (error) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
