/**
 * Refuses a page's form post that another site made the visitor's browser send (cross-site
 * request forgery): the pages' actions store messages and start payments, and a browser sends
 * our cookies with a plain form post from anywhere.
 *
 * The rule is the one Go's net/http `CrossOriginProtection` settled on: a browser's
 * `Sec-Fetch-Site` decides when it is there (`same-origin`, or `none` for a post the visitor
 * started themselves, passes); without it an `Origin` must be this site's, the configured one or
 * the one the request was addressed to; a request with neither header is not from a browser's
 * page, so nothing is forged (curl, an operator's script). An `Origin` that is the configured
 * site's passes first: the pages may post to a form API served from another host (API_URL).
 */
import type { IncomingMessage } from 'node:http'

export type CrossSiteVerdict = { ok: true } | { ok: false; reason: string }

export function crossSiteVerdict(req: IncomingMessage, siteOrigin: string): CrossSiteVerdict {
  const origin = header(req, 'origin')
  // Our own pages, wherever the form API is served from (API_URL).
  if (origin !== undefined && origin === siteOrigin) return { ok: true }
  const fetchSite = header(req, 'sec-fetch-site')
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none'
      ? { ok: true }
      : { ok: false, reason: `sec-fetch-site ${fetchSite.slice(0, 20)}` }
  }
  if (origin === undefined) return { ok: true }
  if (origin === addressedOrigin(req, origin)) return { ok: true }
  return { ok: false, reason: 'origin' }
}

/** The origin the request was sent to, in the scheme the Origin names (a proxy may end TLS). */
function addressedOrigin(req: IncomingMessage, origin: string): string | undefined {
  const host = header(req, 'host')
  if (!host) return undefined
  const scheme = origin.startsWith('https://') ? 'https' : 'http'
  return `${scheme}://${host.toLowerCase()}`
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return typeof value === 'string' ? value : undefined
}
