import type { Options, SearchOptions } from 'minisearch'

/** One searchable section of a guide: a second- or third-level heading and the text under it. */
export interface GuideSection {
  /** `/developers/docs/pg-hosted#response-codes`: where a result leads. */
  id: string
  /** The section's heading. */
  title: string
  /** The guide it belongs to. */
  guide: string
  text: string
}

export type StoredSection = Pick<GuideSection, 'id' | 'title' | 'guide'>

/** Where the prebuilt index is served (prerendered by app/routes/guide-search-index.ts). */
export const searchIndexPath = '/developers/docs/search-index.json'

/** Shared by the build that writes the index and the page that loads it: they must agree. */
export const indexOptions: Options<GuideSection> = {
  fields: ['title', 'text'],
  storeFields: ['title', 'guide'],
}

/** As the reader types: words may be unfinished or slightly wrong; a heading counts most. */
export const queryOptions: SearchOptions = {
  prefix: true,
  fuzzy: 0.2,
  boost: { title: 3 },
  combineWith: 'AND',
}

export const maxResults = 8
