import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getMeta } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brand, legalDocuments } from '#core/brand/brand.ts'
import { merchantTerms } from '#app/content/legal/merchant-terms.ts'
import { privacyPolicy } from '#app/content/legal/privacy-policy.ts'
import { termsOfUse } from '#app/content/legal/terms-of-use.ts'
import { buildPdfs, pdfDocuments } from './pdfs.ts'
import { renderLegalPdf } from './pdf/legal-pdf.ts'
import { readPdf } from '#tests/support/read-pdf.ts'

const siteUrl = 'https://www.paystra.example'
let outDir: string

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'paystra-pdfs-'))
})

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true })
})

describe('build-pdfs', () => {
  it('builds one PDF per terms document, at the paths the footer links to', async () => {
    const files = await buildPdfs({ outDir, siteUrl })
    expect(files.map((file) => `/pdf/${path.basename(file)}`).sort()).toEqual(
      Object.values(legalDocuments)
        .map((document) => document.href)
        .sort(),
    )
    for (const file of files) {
      const pdf = await readFile(file)
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      expect(pdf.subarray(-6).toString()).toContain('%%EOF')
      expect((await stat(file)).size).toBeGreaterThan(10_000)
    }
  })

  it('writes the title and company as document metadata', async () => {
    const [file] = await buildPdfs({ outDir, siteUrl })
    const { info } = await getMeta(new Uint8Array(await readFile(file!)))
    expect(info.Title).toBe(termsOfUse.title)
    expect(info.Author).toBe(brand.legalName)
  })

  it.each(pdfDocuments)('prints every section heading of $document.title', async ({ document }) => {
    const pdf = await renderLegalPdf(document, {
      brandName: brand.name,
      tagline: brand.tagline,
      legalName: brand.legalName,
      siteUrl,
      compress: false,
    })
    const text = (await readPdf(pdf)).pages.join('\n')
    expect(text).toContain(brand.name)
    expect(text).toContain(document.title)
    document.sections.forEach((section, index) => {
      expect(text).toContain(`${index + 1}. ${section.heading}`)
    })
    expect(text).toMatch(/Page 1 of \d+/)
    expect(text).toContain('Ghaziabad')
  })

  it('numbers clauses and links site paths to the site', async () => {
    const pdf = await renderLegalPdf(merchantTerms, {
      brandName: brand.name,
      tagline: brand.tagline,
      legalName: brand.legalName,
      siteUrl,
      compress: false,
    })
    const text = (await readPdf(pdf)).pages.join('\n')
    expect(text).toContain('7.1')
    expect(text).toContain('T+1')
    expect(pdf.toString('latin1')).toContain(`(${siteUrl}/policy)`)
  })

  it('lays out every kind of block, tables included', async () => {
    const pdf = await renderLegalPdf(privacyPolicy, {
      brandName: brand.name,
      tagline: brand.tagline,
      legalName: brand.legalName,
      siteUrl,
      compress: false,
    })
    const text = (await readPdf(pdf)).pages.join('\n')
    expect(text).toContain('ps_session')
    expect(text).toContain(privacyPolicy.sections[0]!.heading)
  })

  it('refuses text the embedded fonts cannot show, naming the character', async () => {
    await expect(
      renderLegalPdf(
        { ...termsOfUse, preamble: ['Fees start at ₹0 (支付).'] },
        { brandName: 'X', tagline: 'Y', legalName: 'Z', siteUrl },
      ),
    ).rejects.toThrow('Terms of Use (Website): the character "支" (U+652F)')
  })
})
