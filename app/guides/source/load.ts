import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { DeveloperDocument } from './documents.ts'
import { type DocumentMeta, parseFrontMatter } from './front-matter.ts'
import { fillFacts, fillGenerated } from './generated.ts'
import { resolveIncludes } from './include.ts'
import { siteFacts } from './site-facts.ts'

export interface LoadOptions {
  /** The repository root: sources and included kit files are relative to it. */
  root: string
  /** The site's origin; `{{SITE_URL}}` and `{{SANDBOX_URL}}` in a document become real URLs. */
  siteUrl: string
  /**
   * The environment the site is built with, for the facts of its configuration (site-facts.ts):
   * the sandbox's delays, limits and demo merchant. Unset: the defaults.
   */
  env?: Record<string, string | undefined>
}

export interface LoadedDocument {
  meta: DocumentMeta
  /** Markdown with the front matter removed, placeholders filled and includes resolved. */
  body: string
}

/** Reads a document's source and makes it ready to render. */
export async function loadDocument(
  document: Pick<DeveloperDocument, 'source'>,
  options: LoadOptions,
): Promise<LoadedDocument> {
  const markdown = await readFile(path.join(options.root, document.source), 'utf8')
  return prepareMarkdown(markdown, document.source, options)
}

export async function prepareMarkdown(
  markdown: string,
  source: string,
  options: LoadOptions,
): Promise<LoadedDocument> {
  const { meta, body } = parseFrontMatter(markdown, source)
  const firstLine = markdown.slice(0, markdown.length - body.length).split('\n').length
  // A shared section (`docs/integration/shared/*.md#name`) is prepared like the body, but may
  // not include another section.
  const section = (text: string, file: string, line: number) =>
    prepareBody(text, file, line, options)
  return { meta, body: await prepareBody(body, source, firstLine, options, section) }
}

/**
 * Placeholders filled (the facts of generated.ts and of the site's configuration),
 * includes resolved, then the generated sections made: a document's body or a shared section.
 */
async function prepareBody(
  body: string,
  source: string,
  firstLine: number,
  options: LoadOptions,
  section?: (markdown: string, source: string, firstLine: number) => Promise<string>,
): Promise<string> {
  const filled = fillFacts(body, siteFacts({ ...options.env, SITE_URL: options.siteUrl }))
  const unknown = /\{\{(\w+)\}\}/.exec(filled)
  if (unknown) throw new Error(`${source}: unknown placeholder ${unknown[0]}`)
  const included = await resolveIncludes(filled, { root: options.root, source, firstLine, section })
  return fillGenerated(included, source)
}
