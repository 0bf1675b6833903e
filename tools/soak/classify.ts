/**
 * The kind of one HTTP request of the soak, by method and path, so latency is reported for
 * like with like: a prerendered page is not timed together with a payment.
 */
export const requestKinds = [
  'page',
  'result page',
  'asset',
  'contact API',
  'career API',
  'demo API',
  'demo response',
  'checkout verify',
  'sandbox request',
  'sandbox page',
  'sandbox pay',
  'other',
] as const

export type RequestKind = (typeof requestKinds)[number]

export function requestKind(method: string, url: string): RequestKind {
  const { pathname, search } = new URL(url, 'http://soak.invalid')
  const post = method.toUpperCase() === 'POST'
  if (post) {
    if (pathname === '/api/sendContactEmail') return 'contact API'
    if (pathname === '/api/sendCareerEmail') return 'career API'
    if (pathname.startsWith('/demo/api/')) return 'demo API'
    if (pathname === '/demo/response') return 'demo response'
    if (pathname === '/demo/checkout/verify') return 'checkout verify'
    if (/^\/sandbox\/(paymentrequest|merchantPaymentInit)$/.test(pathname)) {
      return 'sandbox request'
    }
    if (pathname.startsWith('/sandbox/pay/')) return 'sandbox pay'
    return 'other'
  }
  if (pathname === '/demo/response' && search !== '') return 'result page'
  if (pathname.startsWith('/sandbox/assets/') || pathname.startsWith('/assets/')) return 'asset'
  if (pathname.startsWith('/sandbox/')) return 'sandbox page'
  if (/\.[a-z0-9]+$/i.test(pathname)) return 'asset'
  return 'page'
}
