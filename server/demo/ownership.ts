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
const WEEK_SECONDS = 7 * 24 * 60 * 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The payment ids in a `Cookie` header; nothing that is not one of ours. Every cookie of the
 * name counts: under /demo the browser sends both the JSON endpoints' and the pages' (below).
 */
export function ownedPayments(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return []
  const ids: string[] = []
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== OWNER_COOKIE) continue
    const found = part
      .slice(separator + 1)
      .trim()
      .split('.')
      .filter((id) => UUID.test(id) && !ids.includes(id))
    ids.push(...found.slice(0, KEPT))
  }
  return ids
}

/**
 * Where a payment is remembered. The JSON endpoints (`/demo/api/…`) keep the cookie under
 * `/demo`, where the result page looks orders up. The pages' actions (`/pg-hosted-demo`,
 * `/merchant-hosted-checkout`) never receive that one, so they keep their own at `/`: written
 * at `/demo` it would replace the list with their one payment. The result page reads both.
 */
export type OwnerCookiePath = '/demo' | '/'

/** The `Set-Cookie` value that adds a payment this browser just made (the newest first). */
export function ownerCookie(
  cookieHeader: string | null | undefined,
  id: string,
  where: { path: OwnerCookiePath; secure: boolean },
): string {
  const kept = [id, ...ownedPayments(cookieHeader).filter((other) => other !== id)]
  return [
    `${OWNER_COOKIE}=${kept.slice(0, KEPT).join('.')}`,
    `Max-Age=${WEEK_SECONDS}`,
    `Path=${where.path}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(where.secure ? ['Secure'] : []),
  ].join('; ')
}

/** Adds a payment this browser just made to its cookie, on a JSON endpoint's answer. */
export function rememberPayment(req: Request, res: Response, id: string): void {
  res.append(
    'Set-Cookie',
    ownerCookie(req.get('cookie'), id, { path: '/demo', secure: req.secure }),
  )
}
