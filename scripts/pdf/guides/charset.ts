import { isWinAnsi } from '../win-ansi.ts'

/**
 * Stand-ins for characters Helvetica and Courier cannot show but that code comments and
 * technical prose often hold. Anything else outside WinAnsi fails the build by name.
 */
const replacements: Record<string, string> = {
  '\u20b9': 'Rs. ', // ₹
  '\u2192': '->', // →
  '\u2190': '<-', // ←
  '\u21d2': '=>', // ⇒
  '\u2264': '<=', // ≤
  '\u2265': '>=', // ≥
  '\u2260': '!=', // ≠
  '\u2212': '-', // − minus
  '\u2011': '-', // non-breaking hyphen
  '\u2010': '-', // hyphen
  '\u2713': 'ok', // ✓
  '\u2714': 'ok', // ✔
  '\u2717': 'x', // ✗
  '\u2009': ' ', // thin space
  '\u202f': ' ', // narrow no-break space
  '\u200b': '', // zero-width space
  '\ufeff': '', // byte order mark
}

/** Makes text printable in the standard PDF fonts, or throws naming the character and where. */
export function toWinAnsi(text: string, where: string): string {
  let out = ''
  for (const character of text) {
    if (character === '\n' || isWinAnsi(character)) {
      out += character
    } else if (character === '\t') {
      out += '    '
    } else if (replacements[character] !== undefined) {
      out += replacements[character]
    } else {
      const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')
      throw new Error(
        `${where}: the character "${character}" (U+${code}) cannot be shown in the PDF's fonts`,
      )
    }
  }
  return out
}
