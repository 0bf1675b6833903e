import type { PaymentResult } from '#app/content/demo.ts'
import type {
  CurrencyChoice,
  DemoVisitor,
  OrderAmountInput,
  PaymentRequestFlow,
  StartedPayment,
} from '#app/content/demo-api.ts'

/** What the demo pages' loaders and actions may ask of the server: nothing secret comes back. */
export interface DemoLoadContext {
  /** `${gateway}/checkout.js`, absolute or on the site itself (the built-in sandbox). */
  checkoutScriptUrl: string
  /** A settled payment by the id the response route redirected with. */
  findResult(id: string): Promise<PaymentResult | undefined>
  /**
   * A payment by its order id (`LP…`, shown on the gateway's payment page), whatever it stands
   * at, waiting included: for the customer whose return never arrived (ADR 013). Only one this
   * browser made (its `Cookie` header names it, server/demo/ownership.ts): another visitor's
   * order is not found.
   */
  findOrder(orderId: string, cookieHeader: string | null): Promise<PaymentResult | undefined>
  /** The currencies the PG Hosted and Checkout Js demos offer, rupees first. */
  currencyChoices: readonly CurrencyChoice[]
  /**
   * What `POST /demo/api/payment-request` does, for a page's action (a form posted without
   * scripts): the per-IP limit, the currency checked (the price is its 1.00), the order, its signed request.
   */
  paymentForm(
    flow: PaymentRequestFlow,
    visitor: DemoVisitor,
    order?: OrderAmountInput,
  ): Promise<StartedPayment>
  /**
   * What `POST /demo/api/merchant-hosted-request` does, for a page's action: the limit, the
   * method checked as that endpoint checks it (`paymentType`, `mopType`, `payerAddress`), the
   * order, its encrypted request.
   */
  merchantHostedForm(method: unknown, visitor: DemoVisitor): Promise<StartedPayment>
}

declare module 'react-router' {
  interface AppLoadContext {
    /** Absent only when the React Router build runs without the site's server (unit tests). */
    demo?: DemoLoadContext
  }
}
