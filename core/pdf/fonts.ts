import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The PDFs' fonts, read from npm packages so every machine that ran `npm install` has them:
 * DejaVu (`dejavu-fonts-ttf`) for Latin, Greek, Cyrillic, Arabic, ₹, arrows and symbols, and
 * Noto Sans Devanagari (`@fontsource/noto-sans-devanagari`) for Hindi and Marathi, which DejaVu
 * lacks. Embedded (subset to the glyphs used) rather than the standard PDF fonts, whose WinAnsi
 * encoding cannot print any of that. The condensed DejaVu sets about as many words to a line
 * as Helvetica did.
 */
const files = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
  italic: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Oblique.ttf',
  boldItalic: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-BoldOblique.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
  monoBold: 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
  devanagari:
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  devanagariBold:
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
} as const

export type FontName = keyof typeof files

/** Font names as registered on every document: `doc.font(fonts.bold)`. */
export const fonts: { readonly [name in FontName]: name } = {
  regular: 'regular',
  bold: 'bold',
  italic: 'italic',
  boldItalic: 'boldItalic',
  mono: 'mono',
  monoBold: 'monoBold',
  devanagari: 'devanagari',
  devanagariBold: 'devanagariBold',
}

/** Devanagari letters, signs and marks, and the joiners that shape them. */
const devanagariText = /\p{Script_Extensions=Devanagari}|\u200c|\u200d/u

/**
 * Splits text into pieces set in one font: Devanagari (with the joiners inside it) in the
 * Devanagari face, everything else, spaces included, in DejaVu.
 */
export function scriptPieces(text: string): { text: string; devanagari: boolean }[] {
  const pieces: { text: string; devanagari: boolean }[] = []
  for (const character of text) {
    const devanagari = devanagariText.test(character)
    const last = pieces[pieces.length - 1]
    if (last && last.devanagari === devanagari) last.text += character
    else pieces.push({ text: character, devanagari })
  }
  return pieces
}

const require = createRequire(import.meta.url)
let loaded: Map<FontName, Buffer> | undefined

/** The font files, read once per process. */
function fontFiles(): Map<FontName, Buffer> {
  loaded ??= new Map(
    (Object.keys(files) as FontName[]).map((name) => [
      name,
      readFileSync(require.resolve(files[name])),
    ]),
  )
  return loaded
}

export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data)
}

/** What pdfkit keeps of an embedded font (not in its public types). */
interface EmbeddedFont {
  /** Ascent in thousandths of the font size. */
  ascender: number
  font?: { hasGlyphForCodePoint(codePoint: number): boolean }
}

function currentFont(doc: PDFKit.PDFDocument): EmbeddedFont {
  return (doc as unknown as { _font: EmbeddedFont })._font
}

/** The current font's ascent as a fraction of its size: pdfkit places text by its top. */
export function ascent(doc: PDFKit.PDFDocument): number {
  return currentFont(doc).ascender / 1000
}

/**
 * Throws, naming the character and `where`, when the document's current font has no glyph for
 * a character of `text`: it would print as an empty box.
 */
export function assertPrintable(doc: PDFKit.PDFDocument, text: string, where: string) {
  const face = currentFont(doc).font
  if (!face) return
  for (const character of new Set(text)) {
    const code = character.codePointAt(0)!
    if (code < 0x20 || face.hasGlyphForCodePoint(code)) continue
    throw new Error(
      `${where}: the character "${character}" (U+${code.toString(16).toUpperCase().padStart(4, '0')}) is not in the PDF's fonts`,
    )
  }
}
