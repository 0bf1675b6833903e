import { describe, expect, it } from 'vitest'
import { docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from '#tests/support/documents.ts'
import { contentMatchesExtension, detectResumeKind, zipEntryNames } from './resume-content.ts'

describe('detectResumeKind', () => {
  it('recognises PDF, Word 97 and DOCX by their bytes', async () => {
    expect(await detectResumeKind(pdfBytes())).toBe('pdf')
    expect(await detectResumeKind(docBytes())).toBe('doc')
    expect(await detectResumeKind(docxBytes())).toBe('docx')
  })

  it('refuses an executable, an empty file, plain text and a ZIP that is not a Word document', async () => {
    expect(await detectResumeKind(exeBytes())).toBeUndefined()
    expect(await detectResumeKind(Buffer.alloc(0))).toBeUndefined()
    expect(await detectResumeKind(Buffer.from('Name: Ravi'))).toBeUndefined()
    expect(await detectResumeKind(zipBytes({ 'photo.jpg': 'x' }))).toBeUndefined()
    expect(
      await detectResumeKind(zipBytes({ '[Content_Types].xml': '<Types/>', 'xl/a.xml': '' })),
    ).toBe(undefined)
  })

  it('refuses a truncated ZIP', async () => {
    const zip = docxBytes()
    expect(await detectResumeKind(zip.subarray(0, zip.length - 30))).toBeUndefined()
  })
})

describe('a PDF resume', () => {
  it('is judged by the rule of dispute evidence: whole, and no page or archive inside', async () => {
    // PDF white space may follow %%EOF: a file padded with spaces or NULs is still whole.
    expect(await detectResumeKind(Buffer.concat([pdfBytes(), Buffer.alloc(64)]))).toBe('pdf')
    const polyglot = Buffer.concat([
      pdfBytes(),
      Buffer.from('<html><body><script>alert(1)</script></body></html>\n'),
      zipBytes({ 'payload.js': 'alert(1)' }),
      Buffer.from('%%EOF\n'),
    ])
    expect(await detectResumeKind(polyglot)).toBeUndefined()
    expect(await detectResumeKind(pdfBytes().subarray(0, 40))).toBeUndefined()
  })
})

describe('contentMatchesExtension', () => {
  it('requires the bytes to be what the name says', async () => {
    expect(await contentMatchesExtension(pdfBytes(), '.pdf')).toBe(true)
    expect(await contentMatchesExtension(docxBytes(), '.docx')).toBe(true)
    expect(await contentMatchesExtension(docBytes(), '.doc')).toBe(true)
    expect(await contentMatchesExtension(exeBytes(), '.pdf')).toBe(false)
    expect(await contentMatchesExtension(pdfBytes(), '.docx')).toBe(false)
  })
})

describe('zipEntryNames', () => {
  it('lists the names in the central directory', () => {
    expect(zipEntryNames(zipBytes({ 'a.txt': 'a', 'dir/b.txt': 'b' }))).toEqual([
      'a.txt',
      'dir/b.txt',
    ])
  })
})
