/**
 * fast-check generators shared by the property tests: text a visitor, a bot or a broken client
 * could send, and valid values of the shapes the forms and the gateway accept.
 */
import fc from 'fast-check'

/** Characters that have broken parsers and pages before: markup, separators, controls, Unicode. */
const awkward = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u0000',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '<',
  '>',
  '&',
  '"',
  "'",
  '`',
  '=',
  '~',
  '+',
  '/',
  '\\',
  '%',
  '@',
  '.',
  '-',
  '_',
  'é',
  'ß',
  'ज्ञा',
  'नाम',
  '日本',
  '😀',
  '👩🏽‍💻',
  '\ud800',
  '\udfff',
] as const

/** True when `text` holds no half of a surrogate pair (String#isWellFormed, ES2024). */
export function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
}

/** One UTF-16 code unit, lone surrogates included (what a JavaScript string may hold). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit))

/** Any text at all, weighted towards the characters that matter. */
export function anyText(maxLength = 80): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: fc.constantFrom(...awkward), maxLength }),
    fc.string({ unit: fc.oneof(fc.constantFrom(...awkward), codeUnit, fc.string()), maxLength }),
  )
}

/** Well-formed Unicode text (no lone surrogates): what a browser's text field can hold. */
export function wellFormedText(maxLength = 80): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({
      unit: fc.constantFrom(...awkward.filter((text) => isWellFormed(text))),
      maxLength,
    }),
  )
}

/** Whitespace that String.prototype.trim removes. */
export const padding = fc.string({
  unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0'),
  maxLength: 4,
})

/** Text that never contains `~`: what a protocol field value may be. */
export function protocolValue(maxLength = 40): fc.Arbitrary<string> {
  return anyText(maxLength)
    .map((text) => text.replaceAll('~', ''))
    .filter((text) => isWellFormed(text))
}

/** A protocol field name: starts with a letter, then letters, digits and underscores. */
export const protocolKey = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,19}$/)

/** A name the forms accept: letters and spaces with a letter, 1–50 characters, trimmed. */
export const validName = fc
  .stringMatching(/^[A-Za-z]([A-Za-z ]{0,48}[A-Za-z])?$/)
  .filter((name) => name.length <= 50)

export const validPhone = fc.stringMatching(/^\d{10}$/)

export const validEmail = fc
  .stringMatching(
    /^[A-Za-z0-9._-]{1,12}@[A-Za-z0-9-]{1,12}(\.[A-Za-z0-9-]{1,6}){0,2}\.[A-Za-z]{2,6}$/,
  )
  .filter((email) => email.length <= 50)

/**
 * Free text the forms accept: any script, line breaks inside, a letter or digit, within `max`.
 * Line breaks are LF, as a browser's text field holds them whatever was typed or pasted.
 */
export function validFreeText(max: number): fc.Arbitrary<string> {
  const letter = fc.constantFrom('a', 'Z', '7', 'é', 'न', '日', '٣', '𝒜')
  return fc
    .tuple(wellFormedText(Math.min(max, 120)), letter, wellFormedText(Math.min(max, 120)))
    .map(([before, middle, after]) => (before + middle + after).replace(/\r\n?/g, '\n').trim())
    .filter((text) => text.length <= max && /[\p{L}\p{N}]/u.test(text))
}
