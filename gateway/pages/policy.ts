import type { RequestHandler, Response } from 'express'

/** Who may frame a page, and where besides the gateway its forms may post. */
export interface FramePolicy {
  frameAncestors: string[]
  formAction?: string
}

/**
 * The headers of every answer of the gateway: framable by the merchants' origins (the site
 * forbids framing everywhere; the checkout frame must be framable by merchants) and kept out
 * of search engines. What the JSON APIs answer (signed answers, a settlement's CSV, an
 * invoice's PDF, their refusals) is one merchant's, kept by no cache: set here once for every
 * /pgws/ path rather than by each endpoint.
 */
export function gatewayHeaders(allOrigins: string[]): RequestHandler {
  return (req, res, next) => {
    res.removeHeader('X-Frame-Options')
    setPolicy(res, allOrigins)
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    if (req.path.startsWith('/pgws/')) res.setHeader('Cache-Control', 'no-store')
    next()
  }
}

/**
 * A page of one payment, framable by its merchant's origins only. Refusals and forms with
 * errors answer 200 like the provider's pages: the code is on the page, and browsers log
 * every 4xx document as an error.
 */
export function sendPage(res: Response, status: number, body: string, policy: FramePolicy) {
  setPolicy(res, policy.frameAncestors, policy.formAction)
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(body)
}

/**
 * Content Security Policy of the gateway's pages: own scripts and styles only, forms to the
 * gateway (and to the merchant's RETURN_URL), framed only by the merchant's origins.
 */
export function setPolicy(res: Response, frameAncestors: string[], formAction?: string) {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `form-action 'self'${formAction ? ` ${formAction}` : ''}`,
      `frame-ancestors ${ancestors}`,
      "base-uri 'none'",
    ].join('; '),
  )
}
