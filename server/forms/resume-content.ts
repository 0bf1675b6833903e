import { fileKindOf } from '#core/files/file-kind.ts'
import type { ResumeExtension } from '#core/forms/resume.ts'

/**
 * Recognises a resume by its bytes, not its name: a PDF by the rule that judges dispute evidence
 * too (core/files/file-kind.ts: a whole PDF, no page or archive within), a Word 97 document as an
 * OLE2 compound file, and a DOCX as a ZIP archive holding `[Content_Types].xml` and `word/`.
 * A renamed executable or image matches none of them.
 */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const ZIP_LOCAL_HEADER = 0x04034b50
const ZIP_END_OF_DIRECTORY = 0x06054b50
const ZIP_DIRECTORY_ENTRY = 0x02014b50

export type ResumeKind = 'pdf' | 'doc' | 'docx'

export async function detectResumeKind(content: Buffer): Promise<ResumeKind | undefined> {
  if ((await fileKindOf(content)) === 'pdf') return 'pdf'
  if (content.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) return 'doc'
  if (content.length >= 4 && content.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
    const names = zipEntryNames(content)
    if (names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'))) {
      return 'docx'
    }
  }
  return undefined
}

/** True when the bytes are the kind of document the file name claims to be. */
export async function contentMatchesExtension(
  content: Buffer,
  extension: ResumeExtension,
): Promise<boolean> {
  const kind = await detectResumeKind(content)
  return kind !== undefined && `.${kind}` === extension
}

/** Names in a ZIP archive's central directory; empty when the archive is malformed. */
export function zipEntryNames(zip: Buffer): string[] {
  const end = findEndOfDirectory(zip)
  if (end === -1) return []
  const entries = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const names: string[] = []
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== ZIP_DIRECTORY_ENTRY) return []
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const nameEnd = offset + 46 + nameLength
    if (nameEnd > zip.length) return []
    names.push(zip.toString('utf8', offset + 46, nameEnd))
    offset = nameEnd + extraLength + commentLength
  }
  return names
}

function findEndOfDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, zip.length - 22 - 0xffff)
  for (let offset = zip.length - 22; offset >= earliest; offset--) {
    if (zip.readUInt32LE(offset) === ZIP_END_OF_DIRECTORY) return offset
  }
  return -1
}
