/**
 * The request id, and one log line and one metrics sample per answered request.
 *
 * A request line holds an allow-list of fields and nothing else: method, route (the matched
 * pattern, or the path without its query string), status, durationMs, requestId, and the
 * logger's own level, time, instance and msg. No header (cookies, Authorization), no body, no
 * query string, no address (pino-http's default serializers would log all headers and the
 * remote address).
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { scrub } from './logging.ts'
import type { Metrics } from './metrics.ts'
import { fromTrustedProxy } from './proxy-trust.ts'
import { pathOf, routeOf } from './request-route.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/
const requestIds = new WeakMap<IncomingMessage, string>()

/**
 * The id of a request: the one a trusted proxy (server/proxy-trust.ts) sent in X-Request-Id when
 * it is a plain token, so the proxy's log lines and ours match; otherwise a fresh UUID. A
 * browser's own X-Request-Id is ignored: it could fake or flood another request's id.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  if (typeof given === 'string' && saneRequestId.test(given) && fromTrustedProxy(req)) {
    return given
  }
  return randomUUID()
}

/** Gives the request its id and echoes it in the answer's X-Request-Id header. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): void {
  const id = requestIdOf(req)
  requestIds.set(req, id)
  res.setHeader(REQUEST_ID_HEADER, id)
}

export interface RequestObservers {
  logger?: Logger
  metrics?: Metrics
}

/**
 * Starts watching a request, after assignRequestId: logs it and counts it once it is answered
 * (or its connection closes first). Undefined when there is neither logger nor metrics.
 *
 * One pino call per request, when it ends. pino-http's middleware made the same line at a
 * child logger and three listeners per request, which cost a fifth of the rate of built files
 * (npm run bench); this costs too little to measure.
 */
export function requestObserver(
  observers: RequestObservers,
): ((req: IncomingMessage, res: ServerResponse) => void) | undefined {
  const { logger, metrics } = observers
  if (!logger && !metrics) return undefined
  return (req, res) => {
    const started = performance.now()
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000
      const route = routeOf(req, res)
      metrics?.requestDone(req.method, route, res.statusCode, seconds)
      if (!logger) return
      const line = {
        requestId: requestIds.get(req),
        method: req.method,
        route: route ?? scrub(pathOf(req)),
        status: res.statusCode,
        durationMs: Math.round(seconds * 1000),
      }
      if (res.statusCode >= 500) logger.error(line, 'request failed')
      else logger.info(line, res.writableFinished ? 'request completed' : 'request aborted')
    })
  }
}
