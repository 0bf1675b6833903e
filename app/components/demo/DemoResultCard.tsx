import { Link } from 'react-router'
import {
  demoPathOfFlow,
  type PaymentResult,
  paymentResultCopy,
  type ResponseRefusalReason,
} from '#app/content/demo.ts'
import { PaymentResultDetails } from './PaymentResultDetails'
import { ResultIcon } from '#app/components/ResultIcon.tsx'
import './DemoResultCard.css'

export type ResponsePageData =
  | { kind: 'result'; result: PaymentResult }
  | { kind: 'refused'; reason: ResponseRefusalReason }
  | { kind: 'empty' }

/** The body of the demos' result page: the verified payment, or why there is none, and the way back. */
export function DemoResultCard({ page }: { page: ResponsePageData }) {
  const copy = paymentResultCopy
  const again = page.kind === 'result' ? demoPathOfFlow[page.result.flow] : undefined
  return (
    <section className="section">
      <div className="container demo-result">
        {page.kind === 'empty' ? null : (
          <div
            className="demo-result__card card"
            data-status={page.kind === 'result' && page.result.success ? 'SUCCESS' : 'FAILED'}
          >
            <ResultIcon success={page.kind === 'result' && page.result.success} />
            {page.kind === 'result' ? (
              <>
                <h2 className="demo-result__heading">{copy.detailsHeading}</h2>
                <PaymentResultDetails result={page.result} />
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
        )}
        <nav className="demo-result__demos" aria-labelledby="demo-result-demos-heading">
          <h2 id="demo-result-demos-heading" className="demo-result__heading">
            {page.kind === 'empty' ? copy.startHeading : copy.backHeading}
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
