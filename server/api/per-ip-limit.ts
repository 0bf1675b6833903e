import type { RequestHandler, Response } from 'express'
import { type Store, rateLimit } from 'express-rate-limit'
import { RateLimiterDrizzle } from 'rate-limiter-flexible'
import type { Database } from '#server/db/database.ts'
import { rateLimits } from '#server/db/schema.ts'

const WINDOW_MS = 60_000

/**
 * Where a limit counts. Without one, each process counts in its own memory (embedded PGlite:
 * one process serves the site). With PostgreSQL, `sharedLimitCounts` counts in the database,
 * so any number of instances enforce one limit (ADR 015).
 */
export type LimitCounts = (name: string, limit: number, windowMs?: number) => Store

/**
 * At most `perMinute` requests a minute from one address; 0 switches the limit off (benchmarks).
 * `refuse` answers the request that goes over, in the caller's own envelope. `name` keeps the
 * counts of different limits apart in a shared store.
 */
export function perIpLimit(
  perMinute: number,
  refuse: (res: Response) => void,
  shared?: { name: string; counts: LimitCounts },
): RequestHandler {
  if (perMinute === 0) return (_req, _res, next) => next()
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => refuse(res),
    ...(shared && { store: shared.counts(shared.name, perMinute) }),
  })
}

/**
 * Counts in the `rate_limits` table through rate-limiter-flexible: one atomic upsert per
 * request (the window restarts in the same statement once it has run out), expired rows
 * cleared in the background. express-rate-limit keeps answering, keying and the RateLimit
 * headers; this only stores the counts.
 */
export function sharedLimitCounts(db: Database): LimitCounts {
  return (name, limit, windowMs = WINDOW_MS) => {
    const counter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      points: limit,
      duration: windowMs / 1000,
    })
    const info = (res: { consumedPoints: number; msBeforeNext: number }) => ({
      totalHits: res.consumedPoints,
      resetTime: new Date(Date.now() + Math.max(res.msBeforeNext, 0)),
    })
    return {
      localKeys: false,
      prefix: name,
      async get(key) {
        const res = await counter.get(key)
        return res ? info(res) : undefined
      },
      increment: async (key) => info(await counter.penalty(key, 1)),
      async decrement(key) {
        await counter.reward(key, 1)
      },
      async resetKey(key) {
        await counter.delete(key)
      },
    }
  }
}
