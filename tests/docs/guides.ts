import path from 'node:path'
import { developerDocuments } from '#app/guides/source/documents.ts'
import { type LoadedDocument, loadDocument } from '#app/guides/source/load.ts'

/** The repository root: the guides' sources and the kit files they quote are relative to it. */
export const root = path.resolve(import.meta.dirname, '../..')

/**
 * Every developer guide prepared as its web page and PDF get it, by slug: for a site at
 * `siteUrl` built with the environment `env` (its sandbox's settings; unset, the defaults).
 */
export async function loadGuides(
  options: { siteUrl?: string; env?: Record<string, string | undefined> } = {},
): Promise<Map<string, LoadedDocument>> {
  const siteUrl = options.siteUrl ?? 'http://localhost:3000'
  const loaded = new Map<string, LoadedDocument>()
  for (const document of developerDocuments) {
    loaded.set(document.slug, await loadDocument(document, { root, siteUrl, env: options.env }))
  }
  return loaded
}
