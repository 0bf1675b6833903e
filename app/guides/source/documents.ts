import { developerDocs } from '#app/content/downloads.ts'

/** A developer document: its Markdown source and the file the Developers page links to. */
export interface DeveloperDocument {
  slug: string
  /** The link's label on the Developers page. */
  label: string
  /** Relative to the repository root. */
  source: string
  /** Relative to the build's client folder, e.g. `downloads/docs/api.pdf`. */
  output: string
}

/** One document per Developers page link (app/content/downloads.ts), same slug and order. */
export const developerDocuments: readonly DeveloperDocument[] = developerDocs.map((download) => {
  const slug = download.href.replace(/^\/downloads\/docs\//, '').replace(/\.pdf$/, '')
  return {
    slug,
    label: download.label,
    source: `docs/integration/${slug}.md`,
    output: download.href.replace(/^\//, ''),
  }
})

export function findDocument(slug: string): DeveloperDocument {
  const document = developerDocuments.find((candidate) => candidate.slug === slug)
  if (!document) {
    const known = developerDocuments.map((candidate) => candidate.slug).join(', ')
    throw new Error(`No developer document "${slug}" (known: ${known})`)
  }
  return document
}
