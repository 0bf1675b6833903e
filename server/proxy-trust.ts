import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
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

/** The longest textual IP address: eight IPv6 groups ending in a dotted IPv4 address. */
const MAX_IP_LENGTH = 45

/** A bare IPv4 or IPv6 address, as a proxy writes it: no port, no zone, no white space inside. */
export function isPlainIp(value: string): boolean {
  return value.length <= MAX_IP_LENGTH && !value.includes('%') && isIP(value) !== 0
}

/**
 * Keeps `X-Forwarded-For` only when every address in it parses as an IP; otherwise removes it,
 * so the client is the socket's address (Express's `req.ip`, the rate-limit key and the stored
 * client address). Express's proxy-addr hands back whatever text stands in the header's place,
 * so markup or a 6,000-character value would otherwise be stored and used as a key. From a
 * client we do not trust the header is never read, but it is removed all the same.
 */
export function dropUnparsableForwardedFor(req: IncomingMessage): void {
  const header = req.headers['x-forwarded-for']
  if (header === undefined) return
  const entries = (Array.isArray(header) ? header.join(',') : header).split(',')
  if (!fromTrustedProxy(req) || !entries.every((entry) => isPlainIp(entry.trim()))) {
    delete req.headers['x-forwarded-for']
  }
}
