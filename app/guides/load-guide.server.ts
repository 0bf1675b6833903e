import { siteUrl } from '#app/config/public-config.ts'
import { developerDocuments, findDocument } from './source/documents.ts'
import type { DocumentMeta } from './source/front-matter.ts'
import { loadDocument } from './source/load.ts'
import { type GuideHtml, guideHtml } from './guide-html.server.ts'

export interface Guide extends GuideHtml {
  slug: string
  meta: DocumentMeta
  /** The same guide as a PDF download. */
  pdf: string
}

/**
 * One integration guide from the same source and the same preparation as its PDF
 * (scripts/build/pdf/guides: front matter, placeholders, included kit regions), rendered as HTML. Runs at
 * build time, when the guide pages are prerendered, and per request in development.
 */
/** Where the guides live on the site; each guide is `${guidesPath}/<slug>`. */
export const guidesPath = '/developers/docs'

/**
 * The guide a requested path names, and its one canonical path: React Router matches a route
 * whatever the case and with a trailing slash, so `/developers/docs/PG-HOSTED/` reaches the guide
 * route too. Undefined when the path names no guide.
 */
export function guideOfPath(pathname: string): { slug: string; canonical: string } | undefined {
  const slug = pathname.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? ''
  if (!developerDocuments.some((document) => document.slug === slug)) return undefined
  return { slug, canonical: `${guidesPath}/${slug}` }
}

export async function loadGuide(slug: string): Promise<Guide> {
  const document = findDocument(slug)
  const { meta, body } = await loadDocument(document, {
    root: process.cwd(),
    siteUrl: siteUrl('/'),
    // Prerendered at build time: the environment the site is built (and then served) with.
    env: process.env,
  })
  return { slug, meta, pdf: `/${document.output}`, ...guideHtml(body) }
}
