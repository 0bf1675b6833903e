import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { Logger } from 'pino'
import { apiMessages } from '#core/forms/api.ts'
import { escapeHtml } from '#core/html/escape.ts'

/** The methods every page answers; POST only where a route of the page has an action. */
export const pageMethods = ['GET', 'HEAD'] as const

/**
 * Refuses, with `Allow`, a method the page does not answer: anything but GET and HEAD, and POST
 * where no route has an action. React Router builds a Fetch `Request` from each request, and
 * Fetch refuses methods such as TRACE by throwing, which would be a 500; a POST without an
 * action would be React Router's own 405, which names the route's module.
 */
export function refuseMethod(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  allowed: readonly string[],
): boolean {
  if (allowed.includes(req.method)) return false
  res.setHeader('Allow', allowed.join(', '))
  sendError(req, res, 405)
  return true
}

const messages: Record<number, string> = {
  400: 'This address could not be read. Check it and try again.',
  // The one refusal the site answers 403: a page's form post from another site (cross-site.ts).
  403: apiMessages.crossSite,
  404: 'We could not find that page.',
  405: 'This page cannot be asked that way.',
  413: 'The request is too large.',
}
const fallback = 'Something went wrong on our side. Please try again in a moment.'

/** The HTTP status an error carries (Express and body parsers set `status`), else 500. */
function statusOf(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const code = typeof status === 'number' ? status : statusCode
  return typeof code === 'number' && code >= 400 && code <= 599 ? code : 500
}

export function sendError(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: number,
) {
  const message = messages[status] ?? fallback
  res.status(status)
  res.setHeader('Cache-Control', 'no-store')
  if (req.accepts(['html', 'json']) === 'json') {
    res.json({ status, message })
    return
  }
  const title = status >= 500 ? 'Something went wrong' : message
  res
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>Something went wrong</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
    )
}

/**
 * What no route matched: a request target that is not a path (`GET *`, `OPTIONS *`), which
 * Express would otherwise answer with its own page ("Cannot GET *").
 */
export const notFoundPage: RequestHandler = (req, res) => sendError(req, res, 404)

/**
 * The last error handler of the site, the sandbox and the APIs: the visitor gets our own short
 * page or JSON with the status and a plain message, never a stack trace, a file path or the
 * error's own words; the log gets what an operator needs (no request data).
 */
export function errorPage(logger?: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error)
    const status = statusOf(error)
    if (status >= 500) logger?.error({ err: error, status }, 'request failed')
    else logger?.info({ status, error: (error as Error)?.name }, 'request refused')
    sendError(req, res, status)
  }
}
