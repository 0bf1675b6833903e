import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { readPublicConfig } from '#app/config/public-config.build.ts'
import { brand, legalDocuments } from '#core/brand/brand.ts'
import { merchantTerms } from '#app/content/legal/merchant-terms.ts'
import { termsOfUse } from '#app/content/legal/terms-of-use.ts'
import type { LegalDocument } from '#app/content/legal/types.ts'
import { renderLegalPdf } from './pdf/legal-pdf.ts'

/** The terms documents the footer links to, and the file each is built into. */
export const pdfDocuments: readonly { document: LegalDocument; href: string }[] = [
  { document: termsOfUse, href: legalDocuments.termsOfUse.href },
  { document: merchantTerms, href: legalDocuments.merchantTerms.href },
]

export const defaultOutDir = 'build/client/pdf'

interface BuildPdfsOptions {
  outDir?: string
  siteUrl: string
  compress?: boolean
}

/** Writes every document's PDF into outDir (relative to the working directory); returns the paths. */
export async function buildPdfs({
  outDir = defaultOutDir,
  siteUrl,
  compress = true,
}: BuildPdfsOptions): Promise<string[]> {
  const directory = path.resolve(outDir)
  await mkdir(directory, { recursive: true })
  return Promise.all(
    pdfDocuments.map(async ({ document, href }) => {
      const file = path.join(directory, path.basename(href))
      const pdf = await renderLegalPdf(document, {
        brandName: brand.name,
        tagline: brand.tagline,
        legalName: brand.legalName,
        siteUrl,
        compress,
      })
      await writeFile(file, pdf)
      return file
    }),
  )
}

// `node --import tsx scripts/build/pdfs.ts [outDir]`, run by `npm run build`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now()
  const files = await buildPdfs({
    outDir: process.argv[2],
    siteUrl: readPublicConfig(process.env).SITE_URL,
  })
  const elapsed = Math.round(performance.now() - started)
  console.log(
    `PDFs written in ${elapsed} ms: ${files.map((file) => path.relative('.', file)).join(', ')}`,
  )
}
