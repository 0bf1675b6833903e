/**
 * What the demo pages' loaders and actions share: the demo merchant of the load context, the
 * visitor an action pays for, and the answer to a Pay posted without scripts.
 */
import { type AppLoadContext, data } from 'react-router'
import type {
  DemoApiError,
  DemoVisitor,
  SignedForm,
  StartedPayment,
} from '#app/content/demo-api.ts'

/** The server's demo merchant; without it (a build run alone) no demo page can work. */
export function demoMerchantOf(context: AppLoadContext) {
  if (!context.demo) throw new Response('The demo merchant is not running.', { status: 503 })
  return context.demo
}

export function visitorOf(request: Request, context: AppLoadContext): DemoVisitor {
  return {
    ip: context.clientIp,
    cookieHeader: request.headers.get('cookie'),
    secure: new URL(request.url).protocol === 'https:',
  }
}

/** Why no order was made: the JSON endpoints' status and message. */
export interface PaymentRefusal {
  status: number
  message: string
  /** The posted field the message is about, when it is one field's. */
  field?: DemoApiError['field']
}

export type PaymentActionData<Kept> =
  { form: SignedForm; refusal?: undefined } | (Kept & { form?: undefined; refusal: PaymentRefusal })

/**
 * The page a Pay posted without scripts answers: the form to continue to the gateway, with the
 * cookie that remembers the order for this browser; or the refusal beside what the visitor
 * chose (`kept`), so the page shows it again as it was.
 */
export function paymentActionAnswer<Kept extends object>(started: StartedPayment, kept: Kept) {
  if (started.ok) {
    return data<PaymentActionData<Kept>>(
      { form: started.form },
      // A fresh order for this visitor: never from a cache.
      { headers: { 'Set-Cookie': started.setCookie, 'Cache-Control': 'no-store' } },
    )
  }
  const refusal: PaymentRefusal = { status: started.status, message: started.message }
  if (started.field) refusal.field = started.field
  // A choice to mend is the page again with its messages, as the order look-up's "not found"
  // is: 200. Only the limit is the request's refusal.
  const status = started.status === 429 ? 429 : 200
  return data<PaymentActionData<Kept>>({ ...kept, refusal }, { status })
}
