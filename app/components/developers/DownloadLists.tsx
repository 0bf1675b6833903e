import { downloadsSection } from '#app/content/developers.ts'
import { type Download, developerDownloadLists } from '#app/content/downloads.ts'
import './DownloadLists.css'

/** The Docs, eCommerce Plugins and Server Integrations lists, each file a direct download. */
export function DownloadLists() {
  return (
    <section className="section section--alt" aria-labelledby="downloads-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{downloadsSection.eyebrow}</span>
          <h2 id="downloads-title">{downloadsSection.title}</h2>
          <p className="lead">{downloadsSection.lead}</p>
        </div>
        <div className="grid grid--3">
          {developerDownloadLists.map((list) => (
            <div key={list.id} className="card download-list">
              <h3 id={`download-list-${list.id}`}>{list.title}</h3>
              <p className="download-list__intro">{downloadsSection.listIntros[list.id]}</p>
              <ul className="download-list__items">
                {list.items.map((item) => (
                  <li key={item.href}>
                    <DownloadLink item={item} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}

function DownloadLink({ item }: { item: Download }) {
  const format = downloadsSection.formatLabels[item.format]
  return (
    <a className="download-link" href={item.href} download={item.fileName}>
      <FileIcon format={item.format} />
      <span className="download-link__label">{item.label}</span>
      <span className={`download-link__badge download-link__badge--${item.format}`}>{format}</span>
      <span className="visually-hidden"> {downloadsSection.downloadHint}</span>
    </a>
  )
}

function FileIcon({ format }: { format: Download['format'] }) {
  return (
    <svg className="download-link__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M6 2.5h8.5L19.5 7.5v14h-13.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <path d="M14.5 2.5v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {format === 'zip' ? (
        <path
          d="M11 6h2M11 9h2M11 12h2M11 15h2v3h-2z"
          stroke="currentColor"
          strokeWidth="1.4"
          fill="none"
        />
      ) : (
        <path
          d="M9 13h6M9 16.5h6M9 9.5h3"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      )}
    </svg>
  )
}
