import { siteUrl } from '#app/config/public-config.ts'
import {
  statusEnquiry,
  statusEnquiryCurl,
  statusEnquiryOutput,
  statusEnquiryPath,
} from '#app/content/developers.ts'
import { HashedString, RuleSteps } from './RuleExplainer.tsx'
import './StatusEnquiryExample.css'

/**
 * A status enquiry against this site's sandbox gateway as its demo merchant, ready to paste into
 * a terminal, and what it prints (developers.test.ts runs the command shown and compares).
 */
export function StatusEnquiryExample() {
  return (
    <section className="section section--alt" aria-labelledby="status-enquiry-title">
      <div className="container rule-explainer">
        <div>
          <span className="eyebrow">{statusEnquiry.eyebrow}</span>
          <h2 id="status-enquiry-title">{statusEnquiry.title}</h2>
          <p className="lead">{statusEnquiry.lead}</p>
          <h3>{statusEnquiry.hashTitle}</h3>
          <RuleSteps steps={statusEnquiry.hashSteps} />
          <HashedString value={statusEnquiry.hashExample} />
          <p className="rule-explainer__note">
            {statusEnquiry.hashExampleNote.before}{' '}
            <a href={statusEnquiry.hashExampleNote.guideTo}>
              {statusEnquiry.hashExampleNote.guideLabel}
            </a>{' '}
            {statusEnquiry.hashExampleNote.after}
          </p>
          <p>
            {statusEnquiry.debugger.before}{' '}
            <a href={statusEnquiry.debugger.to}>{statusEnquiry.debugger.label}</a>{' '}
            {statusEnquiry.debugger.after}
          </p>
        </div>
        <div className="status-enquiry__code">
          {/* Focusable so keyboard users can scroll the long HASH line sideways. */}
          <pre tabIndex={0} role="region" aria-label={statusEnquiry.codeLabel}>
            <code data-try-command>{statusEnquiryCurl(siteUrl(statusEnquiryPath))}</code>
          </pre>
          <h3 className="status-enquiry__output-title">{statusEnquiry.outputTitle}</h3>
          <pre
            className="status-enquiry__output"
            role="region"
            aria-label={statusEnquiry.outputLabel}
          >
            <code data-try-output>{statusEnquiryOutput}</code>
          </pre>
          <p className="rule-explainer__note">
            {statusEnquiry.outputNote.before}{' '}
            <a href={statusEnquiry.outputNote.demoTo}>{statusEnquiry.outputNote.demoLabel}</a>{' '}
            {statusEnquiry.outputNote.after}
          </p>
          <p className="rule-explainer__note">{statusEnquiry.responseNote}</p>
          <p className="rule-explainer__note">
            {statusEnquiry.support.before}{' '}
            <a href={`mailto:${statusEnquiry.support.email}`}>{statusEnquiry.support.email}</a>{' '}
            {statusEnquiry.support.after}
          </p>
        </div>
      </div>
    </section>
  )
}
