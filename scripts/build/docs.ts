import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { readPublicConfig } from '#app/config/public-config.build.ts'
import { brand } from '#core/brand/brand.ts'
import {
  type DeveloperDocument,
  developerDocuments,
  findDocument,
} from '#app/guides/source/documents.ts'
import { loadDocument } from '#app/guides/source/load.ts'
import { renderMarkdownPdf } from './pdf/guides/markdown-pdf.ts'

/** Where `npm run build` writes the documents: the site serves build/client as its root. */
export const defaultDocsOutDir = 'build/client/downloads/docs'

export interface BuildDocsOptions {
  /** Output folder, relative to the working directory. */
  outDir?: string
  siteUrl: string
  /** The environment the site is built with, for the facts of its configuration. */
  env?: Record<string, string | undefined>
  /** The repository root (sources and kits); the working directory by default. */
  root?: string
  /** Only these documents (slugs as in app/content/downloads.ts); all by default. */
  slugs?: readonly string[]
  /** Flate-compress page streams (the default). */
  compress?: boolean
}

/** Renders one document to PDF bytes. */
export async function renderDocument(
  document: DeveloperDocument,
  options: Pick<BuildDocsOptions, 'siteUrl' | 'env' | 'root' | 'compress'>,
): Promise<Buffer> {
  const root = path.resolve(options.root ?? '.')
  const { meta, body } = await loadDocument(document, {
    root,
    siteUrl: options.siteUrl,
    env: options.env,
  })
  return renderMarkdownPdf(meta, body, {
    brandName: brand.name,
    legalName: brand.legalName,
    siteUrl: options.siteUrl.replace(/\/+$/, ''),
    source: document.source,
    compress: options.compress,
  })
}

/** Writes `<slug>.pdf` for every (or every named) document into outDir; returns the paths. */
export async function buildDocs(options: BuildDocsOptions): Promise<string[]> {
  const directory = path.resolve(options.outDir ?? defaultDocsOutDir)
  const documents = options.slugs ? options.slugs.map(findDocument) : developerDocuments
  await mkdir(directory, { recursive: true })
  return Promise.all(
    documents.map(async (document) => {
      const file = path.join(directory, `${document.slug}.pdf`)
      await writeFile(file, await renderDocument(document, options))
      return file
    }),
  )
}

// `node --import tsx scripts/build/docs.ts [outDir] [slug…]`, run by `npm run build`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [outDir, ...slugs] = process.argv.slice(2)
  const started = performance.now()
  try {
    const files = await buildDocs({
      outDir: outDir || undefined,
      slugs: slugs.length ? slugs : undefined,
      siteUrl: readPublicConfig(process.env).SITE_URL,
      env: process.env,
    })
    const elapsed = Math.round(performance.now() - started)
    console.log(
      `Developer documents written in ${elapsed} ms: ${files.map((file) => path.relative('.', file)).join(', ')}`,
    )
  } catch (error) {
    console.error(`build-docs: ${(error as Error).message}`)
    process.exitCode = 1
  }
}
