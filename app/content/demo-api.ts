/**
 * The demo merchant's endpoints, shared by the demo pages and the server (server/demo). The
 * server signs or encrypts every request; the page only fills and submits the form it gets.
 */
import type { PaymentResult, PaymentType, ResponseRefusalReason } from './demo.ts'

/** POST `{ flow }` → a signed payment request for the PG Hosted or Checkout Js demo. */
export const PAYMENT_REQUEST_PATH = '/demo/api/payment-request'
/** POST the chosen method → the encrypted merchant-hosted form. */
export const MERCHANT_HOSTED_REQUEST_PATH = '/demo/api/merchant-hosted-request'
/** The RETURN_URL: the gateway posts `PAY_ID` + `ENCDATA` here; its GET shows the result. */
export const RESPONSE_PATH = '/demo/response'
/** POST the checkout frame's `response` → the verified result. */
export const CHECKOUT_VERIFY_PATH = '/demo/checkout/verify'

/**
 * Query of the result page: the stored payment the response route redirected with, why it
 * refused a response, or an order id the customer looks up (ADR 013).
 */
export const RESULT_QUERY = { payment: 'payment', refused: 'refused', order: 'order' } as const

export type PaymentRequestFlow = 'hosted' | 'checkout'

export interface PaymentRequestBody {
  flow: PaymentRequestFlow
}

export interface MerchantHostedRequestBody {
  paymentType: PaymentType
  mopType: string
  payerAddress?: string
}

/** A form to post: where to, and its hidden fields in order. */
export interface SignedForm {
  action: string
  fields: Record<string, string>
}

export interface DemoApiError {
  message: string
}

export type CheckoutVerifyAnswer =
  | { verified: true; result: PaymentResult }
  | { verified: false; reason: ResponseRefusalReason; message: string }
