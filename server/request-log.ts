/**
 * The request id, and one log line and one metrics sample per answered request.
 *
 * A request line holds an allow-list of fields and nothing else: method, route (the matched
 * pattern, or the path without its query string), status, durationMs, requestId, and the
 * logger's own level, time, instance and msg. No header (cookies, Authorization), no body, no
 * query string, no address: pino-http's default serializers, which log all headers and the
 * remote address, are not used.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { scrub } from './logging.ts'
import type { Metrics } from './metrics.ts'
import { fromTrustedProxy } from './proxy-trust.ts'
import { pathOf, routeOf } from './request-route.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/

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
  req.id = requestIdOf(req)
  res.setHeader(REQUEST_ID_HEADER, req.id)
}

export interface RequestObservers {
  logger?: Logger
  metrics?: Metrics
}

/** What one request's line says, besides the logger's own fields and the request id. */
function requestFields(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  return {
    method: req.method,
    route: routeOf(req, res) ?? scrub(pathOf(req)),
    status: res.statusCode,
    durationMs,
  }
}

/**
 * Starts watching a request, after assignRequestId: logs it and counts it once it is answered
 * (or its connection closes first). Undefined when there is neither logger nor metrics.
 */
export function requestObserver(
  observers: RequestObservers,
): ((req: IncomingMessage, res: ServerResponse) => void) | undefined {
  const { logger, metrics } = observers
  const log =
    logger &&
    pinoHttp({
      logger,
      // The request's child logger carries the id only; the fields are added when it ends.
      quietReqLogger: true,
      quietResLogger: true,
      customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
      genReqId: (req) => req.id ?? requestIdOf(req),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      customSuccessObject: (req, res, value: { durationMs: number }) =>
        requestFields(req, res, value.durationMs),
      customErrorObject: (req, res, _error, value: { durationMs: number }) =>
        requestFields(req, res, value.durationMs),
      customErrorMessage: () => 'request failed',
      // Never used by the lines above; here so that nothing logged through req.log can carry
      // headers or addresses either.
      serializers: {
        req: (req: { method?: string; url?: string }) => ({
          method: req.method,
          path: scrub((req.url ?? '').split('?')[0] ?? ''),
        }),
        res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      },
    })
  if (!log && !metrics) return undefined
  return (req, res) => {
    log?.(req, res)
    if (!metrics) return
    const started = performance.now()
    res.once('close', () =>
      metrics.requestDone(
        req.method,
        routeOf(req, res),
        res.statusCode,
        (performance.now() - started) / 1000,
      ),
    )
  }
}
