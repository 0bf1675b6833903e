import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPrivateHostName, isPublicAddress } from './addresses.ts'

/** A merchant's server gets this long to answer; then the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000
/** How much of an answer is read: enough for an error message, never a merchant's whole page. */
const MAX_ANSWER_BYTES = 4096

export interface DeliveryRequest {
  url: string
  body: string
  headers: Record<string, string>
}

export interface DeliveryOptions {
  /**
   * Private and special-purpose addresses may be reached: decided for each event when its
   * NOTIFY_URL was accepted (webhooks/addresses.ts), never here.
   */
  allowPrivate: boolean
  timeoutMs?: number
  /**
   * Name resolution for every connection, private addresses allowed or not (tests stand in for
   * DNS); the system's resolver by default.
   */
  resolve?: typeof dnsLookup
}

export type AttemptResult =
  | { ok: true; status: number; durationMs: number }
  | {
      ok: false
      status?: number
      error: string
      durationMs: number
      /** Refused for its address before anything was sent: trying again would not help. */
      refused?: true
    }

/**
 * One POST of a webhook. Any 2xx is success. Redirects are not followed (a 3xx is a failure
 * that names where it pointed), at most a few KB of the answer is read, and the host's
 * addresses are checked when they are resolved for this very connection, so a name that
 * points inside the network is refused even if it did not when the URL was accepted.
 */
export async function deliver(
  delivery: DeliveryRequest,
  options: DeliveryOptions,
): Promise<AttemptResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let url: URL
  try {
    url = new URL(delivery.url)
  } catch {
    return { ok: false, error: 'the notify URL is not a valid URL', durationMs: 0 }
  }
  if (!options.allowPrivate && isPrivateHostName(url.hostname)) {
    return {
      ok: false,
      error: `${url.hostname} is a private address: webhooks are not sent there`,
      durationMs: 0,
      refused: true,
    }
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<AttemptResult>((resolve) => {
    let settled = false
    const finish = (result: AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const request = send(url, {
      method: 'POST',
      headers: {
        ...delivery.headers,
        'Content-Length': String(Buffer.byteLength(delivery.body)),
        'User-Agent': 'Paystra-Webhooks/1.0',
      },
      lookup: options.allowPrivate
        ? (options.resolve ?? dnsLookup)
        : publicOnlyLookup(options.resolve ?? dnsLookup),
      agent: false,
    })
    const timer = setTimeout(() => {
      request.destroy()
      finish({
        ok: false,
        error: `no answer within ${(options.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`,
        durationMs: elapsed(),
      })
    }, options.timeoutMs ?? DELIVERY_TIMEOUT_MS)
    request.on('error', (error: Error & { code?: string }) => {
      finish({
        ok: false,
        error: describeError(error),
        durationMs: elapsed(),
        ...(error.code === 'EPRIVATE' ? { refused: true as const } : {}),
      })
    })
    request.on('response', (response) => {
      readSome(response).then(
        (answer) => finish(outcome(response, answer, elapsed())),
        () => finish(outcome(response, '', elapsed())),
      )
    })
    request.end(delivery.body)
  })
}

function outcome(response: IncomingMessage, answer: string, durationMs: number): AttemptResult {
  const status = response.statusCode ?? 0
  if (status >= 200 && status < 300) return { ok: true, status, durationMs }
  if (status >= 300 && status < 400) {
    const location = response.headers.location ?? 'nowhere'
    return {
      ok: false,
      status,
      error: `redirect to ${location.slice(0, 200)} not followed: give the final address as NOTIFY_URL`,
      durationMs,
    }
  }
  const excerpt = answer.replace(/\s+/g, ' ').trim().slice(0, 200)
  return { ok: false, status, error: `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`, durationMs }
}

/** The first few KB of the answer; the rest is dropped with the connection. */
function readSome(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= MAX_ANSWER_BYTES) {
        response.destroy()
        resolve(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8'))
      }
    })
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    response.on('error', reject)
  })
}

/**
 * DNS as usual, but an answer holding any address that is not public fails the connection: the
 * check is on the very addresses this connection uses, so a name that points inside the network
 * now is refused even if it did not when the URL was accepted.
 */
const publicOnlyLookup =
  (resolve: typeof dnsLookup): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const inside = addresses.find((entry) => !isPublicAddress(entry.address))
      if (inside || addresses.length === 0) {
        const refusal = Object.assign(
          new Error(
            `${hostname} resolves to ${inside?.address ?? 'no address'}, a private address: webhooks are not sent there`,
          ),
          { code: 'EPRIVATE' },
        )
        return callback(refusal, '', 0)
      }
      if (options.all) return (callback as unknown as AllCallback)(null, addresses)
      const [first] = addresses
      callback(null, first!.address, first!.family)
    })
  }
type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void

function describeError(error: Error & { code?: string }): string {
  if (error.code === 'EPRIVATE') return error.message
  if (error.code === 'ECONNREFUSED') return 'connection refused'
  if (error.code === 'ENOTFOUND') return 'host not found'
  if (error.code === 'ECONNRESET') return 'connection reset'
  return error.code ? `${error.code}: ${error.message}` : error.message
}
