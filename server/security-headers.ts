import type { RequestHandler } from 'express'

/** Headers every response carries. The full Content Security Policy arrives with the hardening work. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader(
    'Content-Security-Policy',
    "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  )
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
  next()
}
