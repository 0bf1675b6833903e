import { describe, expect, it } from 'vitest'
import { docBytes, docxBytes, exeBytes, pdfBytes, zipBytes } from '#tests/support/documents.ts'
import { contentMatchesExtension, detectResumeKind, zipEntryNames } from './resume-content.ts'

describe('detectResumeKind', () => {
  it('recognises PDF, Word 97 and DOCX by their bytes', () => {
    expect(detectResumeKind(pdfBytes())).toBe('pdf')
    expect(detectResumeKind(docBytes())).toBe('doc')
    expect(detectResumeKind(docxBytes())).toBe('docx')
  })

  it('refuses an executable, an empty file, plain text and a ZIP that is not a Word document', () => {
    expect(detectResumeKind(exeBytes())).toBeUndefined()
    expect(detectResumeKind(Buffer.alloc(0))).toBeUndefined()
    expect(detectResumeKind(Buffer.from('Name: Ravi'))).toBeUndefined()
    expect(detectResumeKind(zipBytes({ 'photo.jpg': 'x' }))).toBeUndefined()
    expect(detectResumeKind(zipBytes({ '[Content_Types].xml': '<Types/>', 'xl/a.xml': '' }))).toBe(
      undefined,
    )
  })

  it('refuses a truncated ZIP', () => {
    const zip = docxBytes()
    expect(detectResumeKind(zip.subarray(0, zip.length - 30))).toBeUndefined()
  })
})

describe('contentMatchesExtension', () => {
  it('requires the bytes to be what the name says', () => {
    expect(contentMatchesExtension(pdfBytes(), '.pdf')).toBe(true)
    expect(contentMatchesExtension(docxBytes(), '.docx')).toBe(true)
    expect(contentMatchesExtension(docBytes(), '.doc')).toBe(true)
    expect(contentMatchesExtension(exeBytes(), '.pdf')).toBe(false)
    expect(contentMatchesExtension(pdfBytes(), '.docx')).toBe(false)
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
