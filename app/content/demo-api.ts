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
  /**
   * ISO 4217 alphabetic code (`USD`): the laptop's 1.00 in that currency. Without it, the
   * demo's ₹1.00.
   */
  currency?: string
}

/** A currency of the PG Hosted and Checkout Js demos' picker. */
export interface CurrencyChoice {
  code: string
  /** ISO 4217 numeric, as CURRENCY_CODE carries it. */
  number: string
  /** `US Dollar (USD)`. */
  label: string
  minorUnits: number
}

/** The order a page's form asks for: `PaymentRequestBody` without the flow. */
export type OrderAmountInput = Pick<PaymentRequestBody, 'currency'>

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
  /** The form field the message is about, when it is one field's. */
  field?: 'currency'
}

export type CheckoutVerifyAnswer =
  | { verified: true; result: PaymentResult }
  | { verified: false; reason: ResponseRefusalReason; message: string }

/**
 * Who pays, as a page's action knows them (its request and load context): what the demo
 * merchant needs to apply the per-IP limit, remember the order for this browser and mark its
 * cookie Secure.
 */
export interface DemoVisitor {
  /** The visitor's address (the load context's `clientIp`). */
  ip: string | undefined
  /** The request's `Cookie` header: the orders this browser made before. */
  cookieHeader: string | null
  /** Whether the page was reached over HTTPS. */
  secure: boolean
}

/**
 * A page action's payment: the form to post to the gateway and the `Set-Cookie` value that
 * remembers the order for this browser, or why none was made (the JSON endpoints' status and
 * message).
 */
export type StartedPayment =
  | { ok: true; form: SignedForm; setCookie: string }
  | { ok: false; status: 400 | 429; message: string; field?: DemoApiError['field'] }
