import { siteUrl } from '#app/config/public-config.ts'
import { sandboxAccount, sandboxAccountCurl, sandboxAccountsPath } from '#app/content/developers.ts'
import './StatusEnquiryExample.css'

/**
 * Where to make a sandbox account of one's own: the page on this site's sandbox and the cURL
 * command that makes one (SandboxAccountExample.test.tsx runs the command shown). Markup and
 * the status example's styles only: no script of its own.
 */
export function SandboxAccountExample() {
  return (
    <section className="section" aria-labelledby="sandbox-account-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{sandboxAccount.eyebrow}</span>
          <h2 id="sandbox-account-title">{sandboxAccount.title}</h2>
          <p className="lead">{sandboxAccount.lead}</p>
          <p>
            <a href={sandboxAccount.link.to}>{sandboxAccount.link.label}</a>
          </p>
          <p>{sandboxAccount.curlIntro}</p>
          <div className="status-enquiry__code">
            {/* Focusable so keyboard users can scroll the line sideways on a narrow screen. */}
            <pre tabIndex={0} role="region" aria-label={sandboxAccount.codeLabel}>
              <code data-account-command>{sandboxAccountCurl(siteUrl(sandboxAccountsPath))}</code>
            </pre>
          </div>
          <p>
            {sandboxAccount.listen.before}{' '}
            <a href={sandboxAccount.listen.to} download={sandboxAccount.listen.fileName}>
              {sandboxAccount.listen.label}
            </a>{' '}
            {sandboxAccount.listen.after}:
          </p>
          <div className="status-enquiry__code">
            <pre tabIndex={0} role="region" aria-label={sandboxAccount.listen.codeLabel}>
              <code>{sandboxAccount.listen.command}</code>
            </pre>
          </div>
          <p>
            {sandboxAccount.guide.before}{' '}
            <a href={sandboxAccount.guide.to}>{sandboxAccount.guide.label}</a>.
          </p>
        </div>
      </div>
    </section>
  )
}
