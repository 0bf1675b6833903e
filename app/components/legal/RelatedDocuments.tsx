import { legalDocuments } from '#core/brand/brand.ts'
import './RelatedDocuments.css'

/** The two terms documents, offered as PDFs beside the privacy policy. */
export function RelatedDocuments() {
  return (
    <section className="section section--alt" aria-labelledby="related-documents-title">
      <div className="container">
        <h2 id="related-documents-title" className="related-documents__title">
          Related documents
        </h2>
        <ul className="related-documents">
          {Object.values(legalDocuments).map((document) => (
            <li key={document.href}>
              <a
                href={document.href}
                target="_blank"
                rel="noopener"
                className="related-documents__link"
              >
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                  <path
                    d="M6 2h9l5 5v15H6z"
                    fill="var(--brand-soft)"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                  <path d="M15 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                  <path
                    d="M9 13h8M9 16.5h8M9 9.5h4"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                  />
                </svg>
                <span>
                  {document.label} <span className="related-documents__format">PDF</span>
                </span>
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
