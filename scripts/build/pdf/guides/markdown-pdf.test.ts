import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { extractText, getMeta } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { parseFrontMatter } from '#app/guides/source/front-matter.ts'
import { prepareMarkdown } from '#app/guides/source/load.ts'
import { renderMarkdownPdf, wrapCodeLine } from './markdown-pdf.ts'
import { headingId } from '#app/guides/heading-id.ts'

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/guides')
const siteUrl = 'https://www.paystra.example'
const pdfOptions = {
  brandName: 'Paystra',
  legalName: 'Paystra Payments Private Limited',
  siteUrl,
  source: 'sample.md',
}
const meta = { title: 'Test Guide', subject: 'A test.', version: '2.1', date: '2026-11-21' }

async function pages(pdf: Buffer) {
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: false })
  return { text, totalPages }
}

async function renderSample() {
  const markdown = await readFile(path.join(fixtures, 'sample.md'), 'utf8')
  const { meta, body } = await prepareMarkdown(markdown, 'sample.md', { root: fixtures, siteUrl })
  return renderMarkdownPdf(meta, body, pdfOptions)
}

describe('renderMarkdownPdf', () => {
  it('writes a title page, numbered sections, tables, lists and included code as text', async () => {
    const pdf = await renderSample()
    const { text, totalPages } = await pages(pdf)
    const all = text.join('\n')
    expect(text[0]).toContain('Paystra')
    expect(text[0]).toContain('Sample Integration Guide')
    expect(text[0]).toContain('Version 0.9 · 21 November 2026')
    expect(text[0]).toMatch(/1\. Overview 2/)
    expect(text[0]).toMatch(/2\.1 Request fields 2/)
    expect(all).toContain('1. Overview')
    expect(all).toContain('2.1 Request fields')
    expect(all).toContain(`${siteUrl}/sandbox/pgws/transact`)
    expect(all).toMatch(/Field Required Format Example Description/)
    expect(all).toContain('PG1763712000123')
    expect(all).toContain('PHP · core/src/Hash.php')
    expect(all).not.toContain('kits/php/')
    expect(all).toContain("return strtoupper(hash('sha256', self::canonical($fields) . $salt));")
    expect(all).toContain('Python · core/paystra/hash.py')
    expect(all).toContain('Note: amounts are in paise')
    expect(all).not.toContain('A note for the source')
    text.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${totalPages}`))
  })

  it('sets the title, author and subject, dated by the document', async () => {
    const { info } = await getMeta(new Uint8Array(await renderSample()))
    expect(info).toMatchObject({
      Title: 'Sample Integration Guide',
      Author: 'Paystra Payments Private Limited',
      Subject: 'A fixture that uses every kind of block the renderer supports.',
      CreationDate: 'D:20261121000000Z',
    })
  })

  it('links site paths to the site and anchors inside the document', async () => {
    const pdf = (
      await renderMarkdownPdf(meta, '## A\n\n[x](/developers) [y](#a)', {
        ...pdfOptions,
        compress: false,
      })
    ).toString('latin1')
    expect(pdf).toContain(`(${siteUrl}/developers)`)
    expect(pdf).toMatch(/\/S \/GoTo\n\/D \(a\)/)
  })

  it('breaks a long table across pages and repeats its header row', async () => {
    const rows = Array.from(
      { length: 120 },
      (_, index) =>
        `| \`FIELD_${index}\` | Row ${index} with a description long enough to wrap inside its narrow cell |`,
    )
    const body = ['## Table', '', '| Field | Description |', '| --- | --- |', ...rows].join('\n')
    const { text, totalPages } = await pages(await renderMarkdownPdf(meta, body, pdfOptions))
    expect(totalPages).toBeGreaterThan(3)
    const headers = text.filter((page) => page.includes('Field Description')).length
    expect(headers).toBe(totalPages - 1)
    expect(text.join('\n')).toContain('FIELD_119')
  })

  it('wraps long code lines and splits long code blocks over pages', async () => {
    const code = Array.from({ length: 150 }, (_, index) => `line ${index} ${'x'.repeat(130)}`)
    const body = ['## Code', '', '```php', ...code, '```'].join('\n')
    const { text, totalPages } = await pages(await renderMarkdownPdf(meta, body, pdfOptions))
    expect(totalPages).toBeGreaterThan(4)
    expect(text.join('\n')).toContain('line 149')
  })

  it('refuses characters the embedded fonts cannot show, naming them', async () => {
    await expect(renderMarkdownPdf(meta, '## A\n\nPay ₹1 ✔ 支付', pdfOptions)).rejects.toThrow(
      'sample.md: the character "支" (U+652F)',
    )
  })

  it('refuses a # heading: the title comes from the front matter', async () => {
    await expect(renderMarkdownPdf(meta, '# Title', pdfOptions)).rejects.toThrow('front matter')
  })
})

describe('helpers', () => {
  it('slugs headings as GitHub does', () => {
    expect(headingId('HASH and ENCDATA')).toBe('hash-and-encdata')
    expect(headingId('Go-live checklist')).toBe('go-live-checklist')
  })

  it('wraps code at punctuation and indents the continuation', () => {
    expect(wrapCodeLine('  call(alpha, beta, gamma)', 16)).toEqual([
      '  call(alpha,',
      '    beta, gamma)',
    ])
    expect(wrapCodeLine('short', 16)).toEqual(['short'])
  })

  it('reads the front matter', () => {
    expect(
      parseFrontMatter('---\ntitle: "A: B"\nsubject: S\nversion: 1.0\ndate: 2026-11-21\n---\nBody'),
    ).toEqual({
      meta: { title: 'A: B', subject: 'S', version: '1.0', date: '2026-11-21' },
      body: 'Body',
    })
    expect(() => parseFrontMatter('---\ntitle: A\n---\n', 'x.md')).toThrow(
      'x.md: front matter lacks "subject"',
    )
    expect(() => parseFrontMatter('no front matter', 'x.md')).toThrow('x.md: starts without')
  })
})
