import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { lexer, type Tokens } from 'marked'
import { extractText, getMeta } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brand } from '#core/brand/brand.ts'
import { buildDocs } from './docs.ts'
import { markedTables } from '#tests/support/doc-tables.ts'
import { developerDocuments } from '#app/guides/source/documents.ts'
import { loadDocument } from '#app/guides/source/load.ts'
import { plainText } from '#core/pdf/text-layout.ts'

const root = path.resolve(import.meta.dirname, '../..')
const siteUrl = 'https://www.paystra.example'
let outDir: string
let files: string[]

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'paystra-docs-'))
  files = await buildDocs({ outDir, siteUrl })
})

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true })
})

/** The text a reader copies out of the PDF, with runs of white space made single spaces. */
async function pdfText(file: string) {
  const { text, totalPages } = await extractText(new Uint8Array(await readFile(file)), {
    mergePages: false,
  })
  return { pages: text, totalPages, all: text.join('\n').replace(/\s+/g, ' ') }
}

describe('build-docs', () => {
  it('writes <slug>.pdf for every document on the Developers page', () => {
    expect(files.map((file) => path.basename(file))).toEqual(
      developerDocuments.map((document) => `${document.slug}.pdf`),
    )
  })

  it.each(developerDocuments)(
    '$slug: the PDF parses, carries its metadata, and prints every section, field, code and sample',
    async (document) => {
      const file = path.join(outDir, `${document.slug}.pdf`)
      const bytes = await readFile(file)
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      const { meta, body } = await loadDocument(document, { root, siteUrl })

      const { info } = await getMeta(new Uint8Array(bytes))
      expect(info).toMatchObject({
        Title: meta.title,
        Author: brand.legalName,
        Subject: meta.subject,
      })

      const { pages, totalPages, all } = await pdfText(file)
      expect(pages[0]).toContain(brand.name)
      expect(pages[0]).toContain(meta.title)
      expect(pages[0]).toContain(`Version ${meta.version}`)
      expect(pages[0]).toContain('Contents')
      pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${totalPages}`))
      expect(all).toContain(`${siteUrl}/sandbox`)

      const tokens = lexer(body)
      let section = 0
      for (const token of tokens) {
        if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
          section += 1
          expect(all).toContain(`${section}. ${plainText((token as Tokens.Heading).tokens)}`)
        }
        if (token.type === 'code') {
          // Every quoted sample is in the PDF: check its longest line, whitespace aside.
          const lines = (token as Tokens.Code).text.split('\n').map((line) => line.trim())
          const longest = lines.reduce((a, b) => (b.length > a.length && b.length < 60 ? b : a), '')
          expect(all.replace(/\s/g, '')).toContain(longest.replace(/\s/g, ''))
        }
      }
      for (const table of markedTables(body)) {
        for (const row of table.rows) expect(all).toContain(row[0])
      }
    },
  )

  it('fails with the document, line and path when an included region is missing', async () => {
    const fakeRoot = await mkdtemp(path.join(tmpdir(), 'paystra-docs-root-'))
    try {
      await mkdir(path.join(fakeRoot, 'docs/integration'), { recursive: true })
      await writeFile(
        path.join(fakeRoot, 'docs/integration/api.md'),
        '---\ntitle: T\nsubject: S\nversion: 1\ndate: 2026-11-21\n---\n\n## A\n\n<!-- include kits/php/core/src/Gone.php#status -->\n',
      )
      await expect(
        buildDocs({ outDir: path.join(fakeRoot, 'out'), siteUrl, root: fakeRoot, slugs: ['api'] }),
      ).rejects.toThrow(
        'docs/integration/api.md:10: include kits/php/core/src/Gone.php#status: file not found',
      )
    } finally {
      await rm(fakeRoot, { recursive: true, force: true })
    }
  })

  it('refuses a slug that is not a document', async () => {
    await expect(buildDocs({ outDir, siteUrl, slugs: ['nope'] })).rejects.toThrow(
      'No developer document "nope"',
    )
  })
})
