import type { Request, Response } from 'express'

/**
 * Which demo payments this browser made: the ids of their stored rows (random UUIDs the gateway
 * never sees), in an HttpOnly cookie set when the order is created. The result page looks an
 * order up by its id only among these, so a visitor sees their own demo results and no one
 * else's, whatever order id they type (issue 22, finding 10).
 */
export const OWNER_COOKIE = 'demo_payments'

/** The most recent payments a browser keeps; older ones drop off. */
const KEPT = 20
const WEEK_MS = 7 * 24 * 60 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The payment ids in a `Cookie` header; nothing that is not one of ours. */
export function ownedPayments(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return []
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== OWNER_COOKIE) continue
    return part
      .slice(separator + 1)
      .trim()
      .split('.')
      .filter((id) => UUID.test(id))
      .slice(0, KEPT)
  }
  return []
}

/** Adds a payment this browser just made to its cookie (the newest first). */
export function rememberPayment(req: Request, res: Response, id: string): void {
  const kept = [id, ...ownedPayments(req.get('cookie')).filter((other) => other !== id)]
  res.cookie(OWNER_COOKIE, kept.slice(0, KEPT).join('.'), {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/demo',
    maxAge: WEEK_MS,
  })
}
