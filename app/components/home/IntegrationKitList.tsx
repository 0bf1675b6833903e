import { useId } from 'react'
import {
  integrationKits,
  integrationKitsInitialCount,
  type KitDownload,
} from '#app/content/downloads.ts'
import { integrations, kitLanguageBadges } from '#app/content/home.ts'
import './IntegrationKitList.css'

/**
 * The home page's kit downloads. Every kit is in the HTML, so without script the visitor sees
 * them all; the kit-list enhancement (app/enhance/kit-list.ts) collapses the list to the first
 * few and shows the Show More / Show Less button, which stays hidden until then.
 */
export function IntegrationKitList({ kits = integrationKits }: { kits?: readonly KitDownload[] }) {
  const listId = useId()

  return (
    <div className="kit-list">
      <ul id={listId} className="kit-list__items">
        {kits.map((kit, index) => (
          <li key={kit.href} data-extra={index >= integrationKitsInitialCount ? '' : undefined}>
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
          type="button"
          className="btn btn--outline kit-list__toggle"
          aria-expanded="true"
          aria-controls={listId}
          data-show-more={integrations.showMore}
          data-show-less={integrations.showLess}
          hidden
        >
          {integrations.showLess}
        </button>
      ) : null}
    </div>
  )
}
