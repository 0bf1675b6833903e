import { describe, expect, it } from 'vitest'
import { fileKindOf, nameMatchesKind } from './file-kind.ts'

const bytes = (...values: number[]) => Uint8Array.from(values)

describe('what a file is by its content', () => {
  it('knows a PDF, a JPEG and a PNG by their first bytes', () => {
    expect(fileKindOf(new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n'))).toBe('pdf')
    expect(fileKindOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10))).toBe('jpeg')
    expect(fileKindOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png')
  })

  it('knows nothing else, nor a truncated signature', () => {
    expect(
      fileKindOf(new TextEncoder().encode('Delivered on 28 November, signed by the customer')),
    ).toBe(undefined)
    expect(fileKindOf(new TextEncoder().encode('%PDF'))).toBe(undefined)
    expect(fileKindOf(bytes(0x89, 0x50, 0x4e, 0x47))).toBe(undefined)
    expect(fileKindOf(bytes(0x4d, 0x5a, 0x90, 0x00))).toBe(undefined)
    expect(fileKindOf(bytes())).toBe(undefined)
  })

  it('a name matches its kind by extension, in any case', () => {
    expect(nameMatchesKind('proof.PDF', 'pdf')).toBe(true)
    expect(nameMatchesKind('photo.jpg', 'jpeg')).toBe(true)
    expect(nameMatchesKind('photo.JPEG', 'jpeg')).toBe(true)
    expect(nameMatchesKind('receipt.png', 'png')).toBe(true)
    expect(nameMatchesKind('receipt.pdf', 'png')).toBe(false)
    expect(nameMatchesKind('pdf', 'pdf')).toBe(false)
    expect(nameMatchesKind('proof.pdf.exe', 'pdf')).toBe(false)
  })
})
