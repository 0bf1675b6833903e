import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler, Response } from 'express'
import { externalLinks } from '#core/brand/brand.ts'
import { isHttps } from './proxy-trust.ts'

export interface SecurityOptions {
  /**
   * Development loosens one thing only: Vite injects the CSS it hot-reloads as `<style>`
   * elements, so styles may be inline there. Scripts stay on the nonce.
   */
  mode: 'production' | 'development'
  /** PG_BASE_URL: the gateway the demos post to and take checkout.js from; unset = /sandbox here. */
  gatewayUrl?: string
  /** API_URL: where the browser posts the forms; empty = this site. */
  apiUrl?: string
}

/** The site's Content Security Policy, built once; only the script sources change per response. */
export interface SitePolicy {
  /**
   * For responses that run no inline script: prerendered pages (the build fails on inline code
   * in them, scripts/build/no-inline-code.ts), APIs, assets, redirects.
   */
  readonly base: string
  /** For a page rendered for this request: its inline scripts carry `nonce`. */
  withNonce(nonce: string): string
}

/** An origin that is not this site's own, or nothing when the URL is relative, empty or ours. */
function foreignOrigin(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//.test(url)) return undefined
  return new URL(url).origin
}

/**
 * docs/architecture.md: no `unsafe-inline` script anywhere. Only the gateway (checkout.js, its frame, the
 * forms posted to it, its QR images), the map embed on /contact and a separate form API origin
 * are allowed beyond the site itself.
 */
export function sitePolicy(options: SecurityOptions): SitePolicy {
  const gateway = foreignOrigin(options.gatewayUrl)
  const api = foreignOrigin(options.apiUrl)
  const map = new URL(externalLinks.mapEmbed).origin
  const list = (...sources: (string | undefined)[]) =>
    [...new Set(sources.filter((source): source is string => Boolean(source)))].join(' ')

  const directives = (scriptSources: string[]) =>
    [
      "default-src 'self'",
      `script-src ${list("'self'", gateway, ...scriptSources)}`,
      `style-src ${list("'self'", options.mode === 'development' ? "'unsafe-inline'" : undefined)}`,
      `img-src ${list("'self'", 'data:', gateway)}`,
      `connect-src ${list("'self'", api)}`,
      // The built-in sandbox answers at /sandbox on this origin: its frame is 'self' then.
      `frame-src ${list(gateway ?? "'self'", map)}`,
      `form-action ${list("'self'", gateway)}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join('; ')

  return {
    base: directives([]),
    withNonce: (nonce) => directives([`'nonce-${nonce}'`]),
  }
}

const hsts = 'max-age=63072000; includeSubDomains'

/**
 * Headers every response of the site carries. The gateway mounted at /sandbox replaces the
 * policy and drops X-Frame-Options for its own pages (gateway/pages/policy.ts). HSTS is sent only
 * over HTTPS (a proxy on loopback may say so with X-Forwarded-Proto): on plain HTTP a browser
 * ignores it, and localhost must never learn it.
 */
export function setSecurityHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  policy: SitePolicy,
): void {
  res.setHeader('Content-Security-Policy', policy.base)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  if (isHttps(req)) res.setHeader('Strict-Transport-Security', hsts)
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The nonce of this response's Content Security Policy (app/entry.server.tsx). */
    cspNonce?: string
  }
}

/**
 * A fresh nonce for a page React renders now, written into the policy and kept in
 * `res.locals.cspNonce` for the load context.
 */
export function pageNonce(policy: SitePolicy): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(18).toString('base64')
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', policy.withNonce(nonce))
    next()
  }
}

export function nonceOf(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce
  return typeof nonce === 'string' ? nonce : undefined
}
