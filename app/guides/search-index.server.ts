import MiniSearch from 'minisearch'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { apiReferenceMarkdown } from './api-reference.server.ts'
import { guideHtml, textOf } from './guide-html.server.ts'
import { guideLinks, guideSlug } from './guide-links.ts'
import { loadGuide } from './load-guide.server.ts'
import { type GuideSection, indexOptions } from './search-options.ts'

/** `/developers/docs/api-reference`: the API reference is searched with the guides. */
export const apiReferencePath = '/developers/docs/api-reference'

/** A page's HTML cut at its second- and third-level headings, as plain text. */
export function sectionsOf(path: string, guide: string, html: string): GuideSection[] {
  const parts = html.split(/(?=<h[23] id=")/)
  return parts.flatMap((part) => {
    const heading = /^<h[23] id="([^"]+)">([\s\S]*?)<\/h[23]>/.exec(part)
    if (!heading) return []
    return [
      {
        id: `${path}#${heading[1]}`,
        title: textOf(heading[2]!),
        guide,
        text: textOf(part.slice(heading[0].length)),
      },
    ]
  })
}

/** Every section of every guide and of the API reference. */
export async function allGuideSections(): Promise<GuideSection[]> {
  const guides = await Promise.all(
    guideLinks.map(async (link) => {
      const guide = await loadGuide(guideSlug({ href: link.pdf }))
      return sectionsOf(link.path, link.title, guide.html)
    }),
  )
  const reference = guideHtml(apiReferenceMarkdown(openApiDocument()))
  return [...guides.flat(), ...sectionsOf(apiReferencePath, 'API reference', reference.html)]
}

/** The search index the guide pages load, serialised by MiniSearch. */
export async function searchIndexJson(): Promise<string> {
  const search = new MiniSearch<GuideSection>(indexOptions)
  search.addAll(await allGuideSections())
  return JSON.stringify(search)
}
