import type { RequestHandler, Response } from 'express'
import { rateLimit } from 'express-rate-limit'

/**
 * At most `perMinute` requests a minute from one address; 0 switches the limit off (benchmarks).
 * `refuse` answers the request that goes over, in the caller's own envelope.
 */
export function perIpLimit(perMinute: number, refuse: (res: Response) => void): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next()
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => refuse(res),
  })
}
