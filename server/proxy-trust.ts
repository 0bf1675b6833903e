import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * Only a proxy on this machine may tell us how the browser reached it (X-Forwarded-For and
 * -Proto) or which request id it gave the request (X-Request-Id): Express's `trust proxy`
 * setting, and the answers given before Express (isHttps, fromTrustedProxy).
 */
export const trustedProxy = 'loopback'

const loopback = /^(127\.|::1$|::ffff:127\.)/

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && loopback.test(address)
}

/** Whether the request came through a proxy we trust, so its X-Forwarded-* and X-Request-Id count. */
export function fromTrustedProxy(req: IncomingMessage): boolean {
  return isLoopback(req.socket.remoteAddress)
}

/** Whether the browser reached us over HTTPS, as Express's `req.secure` decides it. */
export function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true
  if (!fromTrustedProxy(req)) return false
  const forwarded = req.headers['x-forwarded-proto']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]
  return first?.trim() === 'https'
}
