import type { GuideHeading } from '#app/guides/guide-html.server.ts'
import { guideLinks } from '#app/guides/guide-links.ts'
import { GuideSearch } from './GuideSearch.tsx'

interface GuideContentsProps {
  /** What the page was made from: a version and date, or a document's name. */
  source: string
  /** The same content as files: a guide's PDF, the API's OpenAPI document and Postman files. */
  downloads: { label: string; href: string }[]
  headings: GuideHeading[]
}

/**
 * The side column of a guide: its version, its downloads and its sections (kept in view as the
 * reader scrolls on a wide screen, the current one marked by app/enhance/guide.ts).
 */
export function GuideContents({ source, downloads, headings }: GuideContentsProps) {
  return (
    <aside className="guide__aside">
      <p className="guide__version">{source}</p>
      {downloads.map((download) => (
        <a
          key={download.href}
          className="btn btn--outline guide__pdf"
          href={download.href}
          download
        >
          {download.label}
        </a>
      ))}
      <GuideSearch />
      <nav className="guide__toc" aria-labelledby="guide-toc-title">
        <h2 id="guide-toc-title" className="guide__toc-title">
          On this page
        </h2>
        <ol className="guide__toc-list">
          {headings
            .filter((heading) => heading.level === 2)
            .map((heading) => (
              <li key={heading.id}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
        </ol>
      </nav>
    </aside>
  )
}

/** Links to every guide, the current one marked, after the article. */
export function OtherGuides({ slug }: { slug: string }) {
  return (
    <nav className="guide__others" aria-labelledby="guide-others-title">
      <h2 id="guide-others-title" className="guide__toc-title">
        Integration guides
      </h2>
      <ul className="guide__toc-list">
        {guideLinks.map((link) => (
          <li key={link.path}>
            <a href={link.path} aria-current={link.path.endsWith(`/${slug}`) ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
