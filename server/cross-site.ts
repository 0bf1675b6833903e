/**
 * Refuses a page's form post that another site made the visitor's browser send (cross-site
 * request forgery): the pages' actions store messages and start payments, and a browser sends
 * our cookies with a plain form post from anywhere.
 *
 * The rule is the one Go's net/http `CrossOriginProtection` settled on: a browser's
 * `Sec-Fetch-Site` decides when it is there (`same-origin`, or `none` for a post the visitor
 * started themselves, passes); without it an `Origin` must be this site's, the configured one or
 * the one the request was addressed to; a request with neither header is not from a browser's
 * page, so nothing is forged (curl, an operator's script). The JSON APIs have their own guard:
 * a cross-site page cannot send `application/json` without a preflight they never answer.
 */
import type { IncomingMessage } from 'node:http'

export type CrossSiteVerdict = { ok: true } | { ok: false; reason: string }

export function crossSiteVerdict(req: IncomingMessage, siteOrigin: string): CrossSiteVerdict {
  const fetchSite = header(req, 'sec-fetch-site')
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none'
      ? { ok: true }
      : { ok: false, reason: `sec-fetch-site ${fetchSite.slice(0, 20)}` }
  }
  const origin = header(req, 'origin')
  if (origin === undefined) return { ok: true }
  if (origin === siteOrigin || origin === addressedOrigin(req, origin)) return { ok: true }
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
