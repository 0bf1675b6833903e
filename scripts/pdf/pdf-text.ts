/**
 * Reads back the text of an uncompressed pdfkit file: the hex strings of every TJ operator,
 * one line per operator. Enough for tests to check what a page says; not a general PDF parser.
 */
export function extractPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1')
  const lines: string[] = []
  for (const [, operands = ''] of source.matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...operands.matchAll(/<([0-9a-fA-F]*)>/g)].map((match) => match[1]).join('')
    lines.push(Buffer.from(hex, 'hex').toString('latin1'))
  }
  return lines.join('\n')
}

/** The document information dictionary (Title, Author …) of a pdfkit file, strings unescaped. */
export function readPdfInfo(pdf: Buffer): Record<string, string> {
  const source = pdf.toString('latin1')
  const object = (id: string) =>
    new RegExp(`(?:^|\\n)${id} 0 obj\\n([\\s\\S]*?)\\nendobj`).exec(source)?.[1] ?? ''
  const infoId = /\/Info (\d+) 0 R/.exec(source)?.[1]
  if (!infoId) return {}
  const info: Record<string, string> = {}
  for (const [, key = '', ref = '', inline] of object(infoId).matchAll(
    /\/(\w+) (?:(\d+) 0 R|\(((?:\\.|[^\\)])*)\))/g,
  )) {
    const literal = inline ?? /^\(((?:\\.|[^\\)])*)\)$/.exec(object(ref).trim())?.[1]
    if (literal !== undefined) info[key] = literal.replace(/\\(.)/g, '$1')
  }
  return info
}
