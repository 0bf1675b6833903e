import type { LoaderFunctionArgs } from 'react-router'
import { redirectDocument, useLoaderData } from 'react-router'
import { GuideContents, OtherGuides } from '#app/components/guides/GuideContents.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import type { PagePath } from '#app/content/pages.ts'
import type { PageHandle } from '#app/enhance/modules.ts'
import { guideOfPath, loadGuide } from '#app/guides/load-guide.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import '#app/components/guides/guide.css'

export const meta = ({ location }: { location: { pathname: string } }) =>
  pageMeta(location.pathname as PagePath)

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' })

export const handle: PageHandle = { enhancements: ['guide', 'guideSearch'] }

/**
 * Prerendered once per guide at build time (app/content/pages.ts lists their paths). Asked on
 * the server for another spelling of a guide's path (a trailing slash, capitals), it sends the
 * browser to the canonical one; a path that names no guide goes home like any unknown path.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname
  const guide = guideOfPath(pathname)
  if (!guide) return redirectDocument('/')
  if (pathname !== guide.canonical) return redirectDocument(guide.canonical, 301)
  return loadGuide(guide.slug)
}

export default function DeveloperGuidePage() {
  const guide = useLoaderData<typeof loader>()
  return (
    <>
      <PageBanner eyebrow="Integration guide" title={guide.meta.title} intro={guide.meta.subject} />
      <div className="container guide">
        <GuideContents
          source={`Version ${guide.meta.version} · ${dateFormat.format(new Date(guide.meta.date))}`}
          downloads={[{ label: 'Download the PDF', href: guide.pdf }]}
          headings={guide.headings}
        />
        <article
          className="guide__article prose"
          // Rendered at build time from the guide's Markdown (app/guides/guide-html.server.ts).
          dangerouslySetInnerHTML={{ __html: guide.html }}
        />
        <OtherGuides slug={guide.slug} />
      </div>
    </>
  )
}
