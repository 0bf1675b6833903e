import { useState } from 'react'
import { Form, Link } from 'react-router'
import {
  demoPathOfFlow,
  isOpenStatus,
  type PaymentResult,
  type PaymentStatus,
  paymentResultCopy,
  type ResponseRefusalReason,
  resultHeading,
  toneOf,
} from '#app/content/demo.ts'
import { RESPONSE_PATH, RESULT_QUERY } from '#app/content/demo-api.ts'
import { PaymentResultDetails } from './PaymentResultDetails.tsx'
import { usePaymentWatch } from './usePaymentWatch.ts'
import { ResultIcon } from '#app/components/ResultIcon.tsx'
import './DemoResultCard.css'

export type ResponsePageData =
  | { kind: 'result'; result: PaymentResult }
  | { kind: 'refused'; reason: ResponseRefusalReason }
  | { kind: 'not-found'; orderId: string }
  | { kind: 'empty' }

/** The body of the demos' result page: the verified payment, or why there is none, and the way back. */
export function DemoResultCard({ page }: { page: ResponsePageData }) {
  const copy = paymentResultCopy
  const again = page.kind === 'result' ? demoPathOfFlow[page.result.flow] : undefined
  const showCard = page.kind === 'result' || page.kind === 'refused'
  return (
    <section className="section">
      <div className="container demo-result">
        {showCard ? (
          <div
            className="demo-result__card card"
            data-status={toneOf(page.kind === 'result' ? page.result.status : undefined)}
          >
            <ResultIcon success={page.kind === 'result' && page.result.success} />
            {page.kind === 'result' ? (
              <>
                <h2 className="demo-result__heading">{copy.detailsHeading}</h2>
                <PaymentResultDetails result={page.result} />
                {/* A new payment (another id) starts its own watch. */}
                <PaymentWatch key={page.result.id} status={page.result.status} />
              </>
            ) : (
              <>
                <h2 className="demo-result__heading">{copy.reasonHeading}</h2>
                <p className="demo-result__reason">{copy.refused.reasons[page.reason]}</p>
              </>
            )}
            {again ? (
              <Link to={again} className="btn btn--primary demo-result__again">
                {copy.tryAgainLabel}
              </Link>
            ) : null}
          </div>
        ) : null}
        {page.kind === 'empty' || page.kind === 'not-found' ? (
          <OrderLookup orderId={page.kind === 'not-found' ? page.orderId : undefined} />
        ) : null}
        <nav className="demo-result__demos" aria-labelledby="demo-result-demos-heading">
          <h2 id="demo-result-demos-heading" className="demo-result__heading">
            {showCard ? copy.backHeading : copy.startHeading}
          </h2>
          <ul className="demo-result__links">
            {copy.demoLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="btn btn--outline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  )
}

/**
 * Keeps a pending payment's page up to date (ADR 013) and says so in a polite live region, which
 * is on the page from the start so that the change to a final result is announced.
 */
function PaymentWatch({ status }: { status: PaymentStatus }) {
  const open = isOpenStatus(status)
  const { gaveUp } = usePaymentWatch(open)
  // The status this page opened with: a final one that was open then has just arrived.
  const [openedWith] = useState(status)
  const copy = paymentResultCopy.watching
  // Final from the start: nothing to watch or announce.
  if (!open && !isOpenStatus(openedWith)) return null
  let message = ''
  if (open) message = gaveUp ? copy.stopped : copy.checking
  else if (isOpenStatus(openedWith)) message = `${copy.arrived} ${resultHeading(status)}.`
  return (
    <p className="demo-result__watch" role="status" aria-live="polite">
      {message}
    </p>
  )
}

/** A GET form to this page with `?order=`: for the customer whose return never arrived. */
function OrderLookup({ orderId }: { orderId?: string }) {
  const copy = paymentResultCopy.lookup
  return (
    <section className="demo-result__lookup card" aria-labelledby="demo-result-lookup-heading">
      <h2 id="demo-result-lookup-heading" className="demo-result__heading">
        {copy.heading}
      </h2>
      {orderId === undefined ? (
        <p className="demo-result__lookup-intro">{copy.intro}</p>
      ) : (
        <p id="demo-result-order-error" className="demo-result__lookup-error" role="alert">
          {copy.notFound}
        </p>
      )}
      <Form method="get" action={RESPONSE_PATH} className="demo-result__lookup-form">
        <label htmlFor="demo-result-order">{copy.label}</label>
        <div className="demo-result__lookup-row">
          <input
            id="demo-result-order"
            name={RESULT_QUERY.order}
            type="text"
            required
            maxLength={30}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            placeholder={copy.placeholder}
            defaultValue={orderId}
            aria-invalid={orderId !== undefined ? true : undefined}
            aria-describedby={orderId !== undefined ? 'demo-result-order-error' : undefined}
          />
          <button type="submit" className="btn btn--primary">
            {copy.submitLabel}
          </button>
        </div>
      </Form>
    </section>
  )
}
