import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The PDFs' fonts: DejaVu, read from the `dejavu-fonts-ttf` package so every machine that ran
 * `npm install` has them. Embedded (subset to the glyphs used) rather than the standard PDF
 * fonts, whose WinAnsi encoding cannot print ₹, arrows or any non-Latin script. The condensed
 * cut sets about as many words to a line as Helvetica did.
 */
const files = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  boldItalic: 'DejaVuSansCondensed-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
  monoBold: 'DejaVuSansMono-Bold.ttf',
} as const

export type FontName = keyof typeof files

/** DejaVu's ascent, 1901 of 2048 units in every face: pdfkit places text by its top. */
export const ascent = 1901 / 2048

/** Font names as registered on every document: `doc.font(fonts.bold)`. */
export const fonts: { readonly [name in FontName]: name } = {
  regular: 'regular',
  bold: 'bold',
  italic: 'italic',
  boldItalic: 'boldItalic',
  mono: 'mono',
  monoBold: 'monoBold',
}

const require = createRequire(import.meta.url)
let loaded: Map<FontName, Buffer> | undefined

/** The font files, read once per process. */
function fontFiles(): Map<FontName, Buffer> {
  loaded ??= new Map(
    (Object.keys(files) as FontName[]).map((name) => [
      name,
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${files[name]}`)),
    ]),
  )
  return loaded
}

export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data)
}

/** What pdfkit keeps of an embedded font: its fontkit face (not in pdfkit's public types). */
interface EmbeddedFontFace {
  font?: { hasGlyphForCodePoint(codePoint: number): boolean }
}

/**
 * Throws, naming the character and `where`, when the document's current font has no glyph for
 * a character of `text`: it would print as an empty box.
 */
export function assertPrintable(doc: PDFKit.PDFDocument, text: string, where: string) {
  const face = (doc as unknown as { _font?: EmbeddedFontFace })._font?.font
  if (!face) return
  for (const character of new Set(text)) {
    const code = character.codePointAt(0)!
    if (code < 0x20 || face.hasGlyphForCodePoint(code)) continue
    throw new Error(
      `${where}: the character "${character}" (U+${code.toString(16).toUpperCase().padStart(4, '0')}) is not in the PDF's fonts`,
    )
  }
}
