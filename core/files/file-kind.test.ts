import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fileKindOf, nameMatchesKind } from './file-kind.ts'

const text = (value: string) => Buffer.from(value, 'latin1')
const pdf = text(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010800000000' +
    '3a7e9b550000000a49444154789c6360000000020001e221bc330000000049454e44ae426082',
  'hex',
)
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
])

/** A ZIP archive of one file, as any zip tool writes it: local header, directory, its end. */
function zip(name: string, content: string): Buffer {
  const data = deflateRawSync(Buffer.from(content))
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(content.length, 22)
  local.writeUInt16LE(name.length, 26)
  const entry = Buffer.alloc(46)
  entry.writeUInt32LE(0x02014b50, 0)
  entry.writeUInt16LE(8, 10)
  entry.writeUInt16LE(name.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  return Buffer.concat([local, text(name), data, entry, text(name), end])
}

/**
 * The polyglot a first-bytes check let through: a PDF header, then an HTML page and a ZIP
 * archive, ending as a PDF does. A browser sniffs the page, an unzip tool opens the archive.
 */
const polyglot = Buffer.concat([
  text('%PDF-1.4\n'),
  text('<html><body><script>fetch("/steal?c=" + document.cookie)</script></body></html>\n'),
  zip('invoice.exe', 'MZ not really an invoice'),
  text('\n%%EOF\n'),
])

describe('what a file is by its content', () => {
  it('knows a whole PDF, JPEG and PNG', async () => {
    expect(await fileKindOf(pdf)).toBe('pdf')
    expect(await fileKindOf(jpeg)).toBe('jpeg')
    expect(await fileKindOf(png)).toBe('png')
    // PDF white space may follow %%EOF (an editor's CR LF, NUL padding).
    expect(await fileKindOf(Buffer.concat([pdf, text('\r\n\0\0 ')]))).toBe('pdf')
  })

  it('refuses the polyglot, and a PDF with a page or an archive anywhere inside', async () => {
    expect(await fileKindOf(polyglot)).toBe(undefined)
    const inside = (extra: Buffer) => Buffer.concat([pdf.subarray(0, 40), extra, pdf.subarray(40)])
    expect(await fileKindOf(inside(text('<!DOCTYPE html><p>hi</p>')))).toBe(undefined)
    expect(await fileKindOf(inside(text('<SCRIPT>alert(1)</SCRIPT>')))).toBe(undefined)
    expect(await fileKindOf(inside(text('<iframe src=x>')))).toBe(undefined)
    expect(await fileKindOf(inside(zip('a.txt', 'a')))).toBe(undefined)
    expect(await fileKindOf(inside(text('PK\x05\x06')))).toBe(undefined)
  })

  it('refuses a file cut short or with something after its end', async () => {
    expect(await fileKindOf(pdf.subarray(0, pdf.length - 8))).toBe(undefined)
    expect(await fileKindOf(Buffer.concat([pdf, text('trailing bytes')]))).toBe(undefined)
    expect(await fileKindOf(png.subarray(0, png.length - 1))).toBe(undefined)
    expect(await fileKindOf(Buffer.concat([png, text('x')]))).toBe(undefined)
    expect(await fileKindOf(jpeg.subarray(0, jpeg.length - 2))).toBe(undefined)
    expect(await fileKindOf(Buffer.concat([jpeg, zip('a.txt', 'a')]))).toBe(undefined)
  })

  it('knows nothing else, nor a signature alone', async () => {
    expect(await fileKindOf(text('Delivered on 28 November, signed by the customer'))).toBe(
      undefined,
    )
    expect(await fileKindOf(text('%PDF'))).toBe(undefined)
    expect(await fileKindOf(text('%PDF-1.4\n%%EOF'))).toBe('pdf')
    expect(await fileKindOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(undefined)
    expect(await fileKindOf(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00]))).toBe(undefined)
    expect(await fileKindOf(zip('word/document.xml', '<w:document/>'))).toBe(undefined)
    expect(await fileKindOf(new Uint8Array())).toBe(undefined)
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
