import type { LegalDocument } from '#app/content/legal/types.ts'

/**
 * The standard PDF fonts (Helvetica) can only show WinAnsi characters; anything else (₹, emoji,
 * Devanagari) would print as garbage. Failing the build names the character instead.
 */
const extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'

export function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || extras.includes(character)
  )
}

export function assertWinAnsi(document: LegalDocument) {
  const text = JSON.stringify(document)
  for (const character of new Set(text)) {
    if (!isWinAnsi(character)) {
      const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')
      throw new Error(
        `${document.title}: the character "${character}" (U+${code}) cannot be shown in Helvetica`,
      )
    }
  }
}
