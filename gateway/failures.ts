import { randomUUID } from 'node:crypto'
import type { Request, Response } from 'express'
import { describeError, type ErrorSummary, scrub } from '#core/logs/errors.ts'

/**
 * A request the sandbox failed to answer (its 500), as a log line tells it: which request, and
 * the error's type, code, message and stack with no query parameter, e-mail address or other
 * value of the request (core/logs/errors.ts). Never the body, the query string or a header.
 */
export interface SandboxFailure {
  /** The site's X-Request-Id of the request; a sandbox of its own gives the request one. */
  requestId: string
  method: string
  /** The path, without its query string. */
  route: string
  error: ErrorSummary
}

export const REQUEST_ID_HEADER = 'X-Request-Id'

export function failureOf(error: unknown, req: Request, res: Response): SandboxFailure {
  let requestId = res.getHeader(REQUEST_ID_HEADER)
  if (typeof requestId !== 'string') {
    requestId = randomUUID()
    res.setHeader(REQUEST_ID_HEADER, requestId)
  }
  return {
    requestId,
    method: req.method,
    route: scrub(req.baseUrl + req.path),
    error: describeError(error),
  }
}

/**
 * A sandbox without the site's logger (gateway/standalone.ts): one JSON line on stderr, in the
 * shape of the site's log lines.
 */
export function stderrFailureLog(failure: SandboxFailure): void {
  const line = { level: 'error', time: new Date().toISOString(), msg: 'sandbox request failed' }
  process.stderr.write(`${JSON.stringify({ ...line, ...failure })}\n`)
}
