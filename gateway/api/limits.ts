import type { RequestHandler, Response } from 'express'
import { rateLimit, type Store } from 'express-rate-limit'

/**
 * Where a limit counts: a store of express-rate-limit for the limit `name` allowing `limit`
 * requests a window (`windowMs`, a minute unless said). The site hands in its PostgreSQL-backed one when it runs on
 * PostgreSQL (ADR 015, server/api/per-ip-limit.ts), so every instance counts together; absent,
 * each limit counts in this process's memory (the standalone sandbox, PGlite).
 */
export type LimitCounts = (name: string, limit: number, windowMs?: number) => Store

/** How many requests the JSON APIs under `/pgws/` take a minute; 0 switches a limit off. */
export interface ApiLimitSettings {
  /** From one address, over all the JSON APIs, signed or not. */
  perIp?: number
  /** For one merchant (PAY_ID), counted once its HASH is verified. */
  perMerchant?: number
  /** Webhook resends for one merchant, on top of the two above. */
  resend?: number
  /**
   * From one address, to the hosted payment pages, their form posts and QR images (the
   * pages' limit, apart from the APIs').
   */
  pages?: number
  counts?: LimitCounts
}

/** The standalone sandbox's and the site's defaults (README, server/config.ts). */
export const DEFAULT_API_LIMITS = { perIp: 120, perMerchant: 600, resend: 10 } as const

/**
 * The pages' default: a customer's payment takes three to six requests (the request, the page,
 * a method's form, the bank's page), so sixty a minute is ten payments or more, where one
 * address posting payments in a loop made 3,000 in 28 seconds without it.
 */
export const DEFAULT_PAGE_LIMIT = 60

/** What `res.locals` carries for the limiters: the endpoint's 344 and, once known, the merchant. */
export interface LimitLocals {
  refuseTooMany?: (res: Response) => void
  limitPayId?: string
}

/** The limiters of one route, in the order jsonRoute runs them. */
export interface RouteLimits {
  /** Before the body is read: every request counts against its address. */
  beforeParse: RequestHandler[]
  /** After the HASH is verified: the merchant's counts. */
  afterHash: RequestHandler[]
}

export interface ApiLimiters {
  api: RouteLimits
  resend: RouteLimits
}

const WINDOW_MS = 60_000

/** One limiter of `perMinute` requests a minute (none when 0), counted where the settings say. */
function limiter(
  settings: ApiLimitSettings,
  name: string,
  perMinute: number,
  handler: RequestHandler,
  key?: (res: Response) => string,
): RequestHandler[] {
  if (perMinute === 0) return []
  return [
    rateLimit({
      windowMs: WINDOW_MS,
      limit: perMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      // The merchant's limits key on its PAY_ID; the address limits keep the library's own
      // keying (an IPv6 address counts with its /56).
      ...(key && { keyGenerator: (_req, res) => key(res) }),
      handler,
      ...(settings.counts && { store: settings.counts(name, perMinute) }),
    }),
  ]
}

/**
 * The gateway's limiters, made once and shared by every JSON API so an address or a merchant
 * has one count over all of them. The refusal is each endpoint's own (jsonRoute puts it in
 * `res.locals.refuseTooMany`): HTTP 429, code 344, `Retry-After` in seconds and the `RateLimit`
 * headers of the IETF draft.
 */
export function apiLimiters(settings: ApiLimitSettings = {}): ApiLimiters {
  const refuse: RequestHandler = (_req, res) => (res.locals as LimitLocals).refuseTooMany!(res)
  const limit = (name: string, perMinute: number, key?: (res: Response) => string) =>
    limiter(settings, name, perMinute, refuse, key)
  const payId = (res: Response) => (res.locals as LimitLocals).limitPayId!
  const perIp = limit('sandbox-ip', settings.perIp ?? DEFAULT_API_LIMITS.perIp)
  const perMerchant = limit(
    'sandbox-merchant',
    settings.perMerchant ?? DEFAULT_API_LIMITS.perMerchant,
    payId,
  )
  const resend = limit('sandbox-resend', settings.resend ?? DEFAULT_API_LIMITS.resend, payId)
  return {
    api: { beforeParse: perIp, afterHash: perMerchant },
    resend: { beforeParse: perIp, afterHash: [...perMerchant, ...resend] },
  }
}

/**
 * The hosted pages' limit (`pages`, 60 a minute by default): every request of one address to
 * the payment pages, their posts and the QR images counts, before its body is read. `refuse`
 * answers the one over it (a page saying so; HTTP 429 and `Retry-After` are already set).
 */
export function pageLimiter(
  settings: ApiLimitSettings = {},
  refuse: RequestHandler,
): RequestHandler[] {
  return limiter(settings, 'sandbox-pages', settings.pages ?? DEFAULT_PAGE_LIMIT, refuse)
}
