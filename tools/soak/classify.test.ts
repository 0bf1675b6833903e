import { describe, expect, it } from 'vitest'
import { requestKind } from './classify.ts'

const base = 'http://127.0.0.1:4250'

describe('requestKind', () => {
  it.each([
    ['GET', '/', 'page'],
    ['GET', '/pricing', 'page'],
    ['GET', '/demo/response', 'page'],
    ['GET', '/demo/response?payment=7b0c', 'result page'],
    ['GET', '/assets/root-Bx1.js', 'asset'],
    ['GET', '/favicon.svg', 'asset'],
    ['GET', '/sandbox/assets/gateway.css?v=1', 'asset'],
    ['POST', '/api/sendContactEmail', 'contact API'],
    ['POST', '/api/sendCareerEmail', 'career API'],
    ['POST', '/demo/api/payment-request', 'demo API'],
    ['POST', '/demo/api/merchant-hosted-request', 'demo API'],
    ['POST', '/demo/response', 'demo response'],
    ['POST', '/demo/checkout/verify', 'checkout verify'],
    ['POST', '/sandbox/paymentrequest?mode=checkout', 'sandbox request'],
    ['POST', '/sandbox/merchantPaymentInit', 'sandbox request'],
    ['GET', '/sandbox/pay/0d9e0a52-3c1f-4a47-9a4e-2b7f0f3b5a10', 'sandbox page'],
    ['GET', '/sandbox/pay/0d9e0a52-3c1f-4a47-9a4e-2b7f0f3b5a10/bank', 'sandbox page'],
    ['POST', '/sandbox/pay/0d9e0a52-3c1f-4a47-9a4e-2b7f0f3b5a10/card', 'sandbox pay'],
    ['post', '/sandbox/pay/0d9e0a52-3c1f-4a47-9a4e-2b7f0f3b5a10/netbanking', 'sandbox pay'],
    ['POST', '/somewhere', 'other'],
  ])('%s %s is a %s', (method, path, kind) => {
    expect(requestKind(method, base + path)).toBe(kind)
  })
})
