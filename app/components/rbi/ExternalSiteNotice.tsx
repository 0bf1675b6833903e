import { Link } from 'react-router'
import { rbiNotice } from '#app/content/rbi.ts'
import './rbi.css'

/** The leaving-this-site notice and the one link onward to the regulator's awareness site. */
export function ExternalSiteNotice() {
  return (
    <section className="section rbi-notice-section" aria-labelledby="rbi-notice-heading">
      <div className="container">
        <div className="rbi-notice">
          <svg
            className="rbi-notice__icon"
            viewBox="0 0 24 24"
            width="48"
            height="48"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M14 4h6v6M20 4l-9 9" />
            <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
          </svg>
          <h2 id="rbi-notice-heading">{rbiNotice.heading}</h2>
          {rbiNotice.paragraphs.map((paragraph) => (
            <p key={paragraph} className="rbi-notice__text">
              {paragraph}
            </p>
          ))}
          <p className="rbi-notice__destination">
            {rbiNotice.destinationLabel} <strong>{rbiNotice.destinationHost}</strong>
          </p>
          <div className="rbi-notice__actions">
            <a
              className="btn btn--primary rbi-notice__proceed"
              href={rbiNotice.proceed.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {rbiNotice.proceed.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <Link className="btn btn--outline" to={rbiNotice.backHref}>
              {rbiNotice.backLabel}
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
