import { fileTypeFromBuffer } from 'file-type/core'

/**
 * What a file is by its content, never by its name: dispute evidence
 * (gateway/disputes/evidence.ts) and a resume's PDF (server/forms/resume-content.ts). file-type
 * reads the signature; then the file must be whole and nothing else. A PDF ends with `%%EOF`
 * (PDF white space may follow), a PNG with its IEND chunk, a JPEG with the end-of-image marker
 * FF D9; and none holds the signature of a ZIP archive or the start of an HTML page. A
 * polyglot, a PDF header in front of a page or an archive that a browser or an unzip tool would
 * open as that, is none of the three kinds.
 */
export type FileKind = 'pdf' | 'jpeg' | 'png'

const kindOfMime: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
}

export async function fileKindOf(bytes: Uint8Array): Promise<FileKind | undefined> {
  const type = await fileTypeFromBuffer(bytes)
  const kind = type && kindOfMime[type.mime]
  if (!kind || !endsWhole(kind, bytes) || holdsForeignContent(bytes)) return undefined
  return kind
}

const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0))
const PDF_END = latin1('%%EOF')
const PNG_END = Uint8Array.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
const JPEG_END = Uint8Array.from([0xff, 0xd9])
/** ISO 32000's white-space characters: NUL, tab, line feed, form feed, carriage return, space. */
const pdfWhiteSpace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20])

function endsWhole(kind: FileKind, bytes: Uint8Array): boolean {
  if (kind === 'png') return endsWith(bytes, PNG_END, bytes.length)
  if (kind === 'jpeg') return endsWith(bytes, JPEG_END, bytes.length)
  let end = bytes.length
  while (end > 0 && pdfWhiteSpace.has(bytes[end - 1]!)) end--
  return endsWith(bytes, PDF_END, end)
}

function endsWith(bytes: Uint8Array, tail: Uint8Array, end: number): boolean {
  if (end < tail.length) return false
  return tail.every((byte, index) => bytes[end - tail.length + index] === byte)
}

/** A ZIP archive's local file header, central directory entry and end of central directory. */
const zipSignatures = [
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from([0x50, 0x4b, 0x01, 0x02]),
  Buffer.from([0x50, 0x4b, 0x05, 0x06]),
]
/** How a browser's sniffing (WHATWG MIME Sniffing, "HTML") knows a page, in any case. */
const htmlStarts = ['<!doctype html', '<html', '<head', '<body', '<script', '<iframe', '<svg']

function holdsForeignContent(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (zipSignatures.some((signature) => buffer.includes(signature))) return true
  // Lower case in latin1 keeps every byte where it is: one search per tag, whatever its case.
  const lower = buffer.toString('latin1').toLowerCase()
  return htmlStarts.some((tag) => lower.includes(tag))
}

/** The file name extensions each kind is known by, lower case with the dot. */
export const extensionsOfKind: Record<FileKind, readonly string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
}

/** Whether a file name's extension (any case) is one its content's kind is known by. */
export function nameMatchesKind(fileName: string, kind: FileKind): boolean {
  const dot = fileName.lastIndexOf('.')
  if (dot === -1) return false
  return extensionsOfKind[kind].includes(fileName.slice(dot).toLowerCase())
}
