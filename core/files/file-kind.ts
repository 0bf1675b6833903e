/**
 * What a file is by its first bytes, not by its name: a PDF starts with `%PDF-`, a JPEG with the
 * start-of-image marker FF D8 FF, a PNG with its eight-byte signature. A file renamed to look like
 * one of them matches none (dispute evidence, gateway/disputes/evidence.ts).
 */
export type FileKind = 'pdf' | 'jpeg' | 'png'

const signatures: ReadonlyArray<readonly [FileKind, readonly number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
]

export function fileKindOf(bytes: Uint8Array): FileKind | undefined {
  const match = signatures.find(([, signature]) =>
    signature.every((byte, index) => bytes[index] === byte),
  )
  return match?.[0]
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
