import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import {
  integrationKits,
  integrationKitsInitialCount,
  type KitDownload,
} from '#app/content/downloads.ts'
import { integrations, kitLanguageBadges } from '#app/content/home.ts'
import './IntegrationKitList.css'

/** The home page's kit downloads: the first few, with Show More / Show Less for the rest. */
export function IntegrationKitList({ kits = integrationKits }: { kits?: readonly KitDownload[] }) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const shown = expanded ? kits : kits.slice(0, integrationKitsInitialCount)

  function toggle() {
    // Collapsing pulls the button up the page; keep it (and the focus on it) in view.
    flushSync(() => setExpanded((value) => !value))
    buttonRef.current?.scrollIntoView({ block: 'nearest' })
  }

  return (
    <div className="kit-list">
      <ul id={listId} className="kit-list__items">
        {shown.map((kit) => (
          <li key={kit.href}>
            <a className="kit-link" href={kit.href} download={kit.fileName}>
              <span className="kit-link__badge" aria-hidden="true">
                {kitLanguageBadges[kit.language]}
              </span>
              <span className="kit-link__text">
                <span className="visually-hidden">Download </span>
                <span className="kit-link__product">{kit.product} kit</span>
                <span className="visually-hidden"> for</span>{' '}
                <span className="kit-link__language">{kit.language}</span>
              </span>
              <span className="kit-link__format">
                <span className="visually-hidden">(</span>
                {kit.format.toUpperCase()}
                <span className="visually-hidden">)</span>
              </span>
              <svg
                className="kit-link__icon"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M12 4v11M7 10l5 5 5-5M5 20h14"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </a>
          </li>
        ))}
      </ul>
      {kits.length > integrationKitsInitialCount ? (
        <button
          ref={buttonRef}
          type="button"
          className="btn btn--outline kit-list__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={toggle}
        >
          {expanded ? integrations.showLess : integrations.showMore}
        </button>
      ) : null}
    </div>
  )
}
