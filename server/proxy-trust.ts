import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * Only a proxy on this machine may tell us how the browser reached it (X-Forwarded-For and
 * -Proto): Express's `trust proxy` setting, and the answers given before Express (isHttps).
 */
export const trustedProxy = 'loopback'

const loopback = /^(127\.|::1$|::ffff:127\.)/

function isLoopback(address: string | undefined): boolean {
  return address !== undefined && loopback.test(address)
}

/** Whether the browser reached us over HTTPS, as Express's `req.secure` decides it. */
export function isHttps(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true
  if (!isLoopback(req.socket.remoteAddress)) return false
  const forwarded = req.headers['x-forwarded-proto']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]
  return first?.trim() === 'https'
}
