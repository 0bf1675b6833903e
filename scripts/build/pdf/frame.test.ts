import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { brand } from '#core/brand/brand.ts'
import { termsOfUse } from '#app/content/legal/terms-of-use.ts'
import { DocumentFrame } from '#core/pdf/frame.ts'
import { prepareMarkdown } from '#app/guides/source/load.ts'
import { renderMarkdownPdf } from './guides/markdown-pdf.ts'
import { renderLegalPdf } from './legal-pdf.ts'
import { actualTexts, elementsWithRole, readPdf } from '#tests/support/read-pdf.ts'

/** Both PDF kinds, rendered through the one frame (frame.ts), checked for the same things. */

const siteUrl = 'https://www.paystra.example'
const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/guides')

const hindi = 'भुगतान किया गया।'

/** Terms of Use with ₹, Cyrillic and Hindi in its preamble, uncompressed to be read back. */
function legal() {
  return renderLegalPdf(
    {
      ...termsOfUse,
      preamble: ['Fees start at ₹0; Привет, мир.', hindi, ...termsOfUse.preamble],
    },
    {
      brandName: brand.name,
      tagline: brand.tagline,
      legalName: brand.legalName,
      siteUrl,
      compress: false,
    },
  )
}

/** The sample guide with ₹, Cyrillic and Hindi in paragraphs of their own. */
async function guide() {
  const markdown = await readFile(path.join(fixtures, 'sample.md'), 'utf8')
  const { meta, body } = await prepareMarkdown(markdown, 'sample.md', { root: fixtures, siteUrl })
  return renderMarkdownPdf(meta, `${body}\n\nFees start at ₹0; Привет, мир.\n\n**${hindi}**\n`, {
    brandName: brand.name,
    legalName: brand.legalName,
    siteUrl,
    source: 'sample.md',
    compress: false,
  })
}

const kinds = [
  {
    kind: 'legal text',
    render: legal,
    title: termsOfUse.title,
    sections: termsOfUse.sections.map((section, index) => `${index + 1}. ${section.heading}`),
  },
  {
    kind: 'guide',
    render: guide,
    title: 'Sample Integration Guide',
    sections: ['1. Overview', '2. HASH'],
  },
]

afterEach(() => {
  vi.restoreAllMocks()
})

describe.each(kinds)('a $kind', ({ render, title, sections }) => {
  it('is drawn in the one frame: title page, contents and page furniture', async () => {
    const titlePage = vi.spyOn(DocumentFrame.prototype, 'titlePage')
    const contents = vi.spyOn(DocumentFrame.prototype, 'contents')
    const end = vi.spyOn(DocumentFrame.prototype, 'end')
    await render()
    expect(titlePage).toHaveBeenCalledOnce()
    expect(contents).toHaveBeenCalledOnce()
    expect(end).toHaveBeenCalledOnce()
  })

  it('prints ₹ and non-Latin text as written, in an embedded font', async () => {
    const pdf = await render()
    const { pages } = await readPdf(pdf)
    expect(pages.join(' ')).toContain('Fees start at ₹0; Привет, мир.')
    expect(pages.join(' ')).not.toContain('Rs.')
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2 \d+ 0 R/)
    expect(pdf.toString('latin1')).toContain('DejaVuSansCondensed')
  })

  it('sets Hindi in the Devanagari face, shaped, with the text as written for readers', async () => {
    const pdf = await render()
    expect(pdf.toString('latin1')).toContain('NotoSansDevanagari')
    // The shaped glyphs put ि before क; the ActualText keeps "किया" as typed.
    expect(actualTexts(pdf).join(' ')).toContain('भुगतान किया गया।')
    const paragraphs = elementsWithRole((await readPdf(pdf)).tree, 'P')
    expect(paragraphs.some((element) => element.text.includes('भुगतान'))).toBe(true)
  })

  it('numbers every page "Page n of N" in the footer, under a running header', async () => {
    const { pages } = await readPdf(await render())
    expect(pages.length).toBeGreaterThan(1)
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
      if (index > 0) expect(page).toContain(title)
    })
  })

  it('is a tagged PDF whose structure tree has the title as H1 and the sections as H2', async () => {
    const pdf = await render()
    const source = pdf.toString('latin1')
    expect(source).toContain('/StructTreeRoot')
    expect(source).toMatch(/\/MarkInfo \d+ 0 R/)
    expect(source).toMatch(/\/Marked true/)
    expect(source).toContain('/Lang (en-IN)')
    const { tree } = await readPdf(pdf)
    expect(elementsWithRole(tree, 'H1').map((element) => element.text)).toEqual([title])
    expect(elementsWithRole(tree, 'H2').map((element) => element.text)).toEqual(sections)
    const contents = elementsWithRole(tree, 'TOCI').map((element) => element.text)
    expect(contents).toHaveLength(sections.length + elementsWithRole(tree, 'H3').length)
    expect(contents[0]).toMatch(new RegExp(`^${sections[0]!.replace('.', '\\.')} \\d+$`))
  })

  it('leaves the running header and footer out of what a screen reader reads', async () => {
    const { tree } = await readPdf(await render())
    const read = tree.map((element) => element.text).join(' ')
    expect(read).not.toMatch(/Page \d+ of \d+/)
  })
})

describe('structure of the blocks', () => {
  it('tags lists as L > LI > Lbl + LBody, and tables as Table > TR > TH / TD', async () => {
    const { tree } = await readPdf(await guide())
    const items = elementsWithRole(tree, 'LI')
    expect(items.length).toBeGreaterThanOrEqual(5)
    expect(items[0]!.children.map((child) => child.role)).toEqual(['Lbl', 'LBody'])
    expect(items[0]!.text).toBe('1. Build the request.')
    const [table] = elementsWithRole(tree, 'Table')
    const rows = table!.children
    expect(rows.map((row) => row.role)).toEqual(['TR', 'TR', 'TR', 'TR'])
    expect(rows[0]!.children.map((cell) => cell.role)).toEqual(['TH', 'TH', 'TH', 'TH', 'TH'])
    expect(rows[1]!.children.map((cell) => cell.text)).toEqual([
      'PAY_ID',
      'Yes',
      '16 digits',
      '1000000000000001',
      'Your merchant id, from the portal.',
    ])
    expect(elementsWithRole(tree, 'Code').length).toBeGreaterThan(0)
    expect(elementsWithRole(tree, 'Note')[0]!.text).toContain('Note: amounts are in paise')
  })

  it('tags numbered clauses and lettered lists of a legal text', async () => {
    const { tree } = await readPdf(await legal())
    const paragraphs = elementsWithRole(tree, 'P').map((element) => element.text)
    expect(paragraphs.find((text) => text.startsWith('1.1 '))).toContain(
      'is a company incorporated in India',
    )
    const list = elementsWithRole(tree, 'L')[0]!
    expect(list.children[0]!.children[0]).toMatchObject({ role: 'Lbl', text: '(a)' })
  })
})
