import { Link } from 'react-router'
import { parseInline } from '#app/content/legal/inline.ts'

/** A string of legal or FAQ text with its inline markup (bold, links, e-mails) rendered. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((segment, index) => {
        if (segment.kind === 'text') return segment.text
        if (segment.kind === 'strong') return <strong key={index}>{segment.text}</strong>
        if (isDocument(segment.href)) {
          return (
            <a key={index} href={segment.href} target="_blank" rel="noopener">
              {segment.text}
              <span className="visually-hidden"> (PDF, opens in a new tab)</span>
            </a>
          )
        }
        if (segment.href.startsWith('/')) {
          return (
            <Link key={index} to={segment.href}>
              {segment.text}
            </Link>
          )
        }
        return (
          <a key={index} href={segment.href}>
            {segment.text}
          </a>
        )
      })}
    </>
  )
}

/** Files such as /pdf/….pdf are served as they are, not routes of the app. */
function isDocument(href: string): boolean {
  return href.startsWith('/') && /\.pdf$/.test(href)
}
