import type { PaymentResult } from '#app/content/demo.ts'

/** What the demo pages' loaders may read from the server: nothing secret. */
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
}

declare module 'react-router' {
  interface AppLoadContext {
    /** Absent only when the React Router build runs without the site's server (unit tests). */
    demo?: DemoLoadContext
  }
}
