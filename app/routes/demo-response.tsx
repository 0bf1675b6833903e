import { data } from 'react-router'
import { DemoResultCard, type ResponsePageData } from '#app/components/demo/DemoResultCard.tsx'
import { demoMerchantOf } from '#app/components/demo/payment-action.ts'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { brand } from '#core/brand/brand.ts'
import {
  demoPages,
  paymentResultCopy,
  type ResponseRefusalReason,
  resultHeading,
} from '#app/content/demo.ts'
import { RESULT_QUERY } from '#app/content/demo-api.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { routeHeaders } from '#app/utils/route-headers.ts'
import type { Route } from './+types/demo-response'

/** A payment's state changes (pending → captured): never answer it from a cache. */
const noStore = { headers: { 'Cache-Control': 'no-store' } }

function isRefusalReason(value: string | null): value is ResponseRefusalReason {
  return value !== null && Object.hasOwn(paymentResultCopy.refused.reasons, value)
}

/**
 * The gateway posts its response to `POST /demo/response` (server/demo), which verifies and
 * stores it and sends the browser here with the stored payment's id, or with why it refused.
 * `?order=LP…` looks a payment up by its order id, for a customer whose return never arrived
 * (ADR 013), among the payments this browser made only (server/demo/ownership.ts). While the payment is pending the page reloads its data until the result is final.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const demo = demoMerchantOf(context)
  const query = new URL(request.url).searchParams
  const refused = query.get(RESULT_QUERY.refused)
  if (isRefusalReason(refused)) {
    return data<ResponsePageData>({ kind: 'refused', reason: refused })
  }
  const id = query.get(RESULT_QUERY.payment)
  if (id) {
    const result = await demo.findResult(id)
    if (result) return data<ResponsePageData>({ kind: 'result', result }, noStore)
    return data<ResponsePageData>({ kind: 'empty' }, { status: 404 })
  }
  const orderId = query.get(RESULT_QUERY.order)?.trim().toUpperCase()
  if (orderId) {
    const result = await demo.findOrder(orderId, request.headers.get('cookie'))
    if (result) return data<ResponsePageData>({ kind: 'result', result }, noStore)
    // A search without a match, not a missing page: 200, the form again, and what went wrong.
    return data<ResponsePageData>({ kind: 'not-found', orderId: orderId.slice(0, 30) }, noStore)
  }
  return data<ResponsePageData>({ kind: 'empty' })
}

/** The loader's `no-store` reaches the document too, not only the data requests. */
export const headers = routeHeaders

export function meta({ loaderData }: Route.MetaArgs) {
  const base = pageMeta('/demo/response')
  const heading = loaderData ? headingOf(loaderData) : undefined
  if (!heading || loaderData?.kind === 'empty') return base
  return base.map((tag) =>
    'title' in tag ? { title: `${heading} — Live demo — ${brand.name}` } : tag,
  )
}

function headingOf(page: ResponsePageData): string {
  if (page.kind === 'result') return resultHeading(page.result.status)
  if (page.kind === 'refused') return paymentResultCopy.refused.heading
  if (page.kind === 'not-found') return paymentResultCopy.lookup.notFoundHeading
  return paymentResultCopy.empty.heading
}

function leadOf(page: ResponsePageData): string {
  const copy = paymentResultCopy
  if (page.kind === 'result') {
    return {
      success: copy.successLead,
      failed: copy.failureLead,
      pending: copy.pendingLead,
      awaiting: copy.awaitingLead,
    }[page.result.status]
  }
  if (page.kind === 'refused') return copy.refused.lead
  if (page.kind === 'not-found') return copy.lookup.intro
  return copy.empty.lead
}

export default function DemoResponsePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={headingOf(loaderData)}
        intro={leadOf(loaderData)}
      />
      <DemoResultCard page={loaderData} />
    </>
  )
}
