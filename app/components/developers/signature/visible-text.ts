/**
 * Splits a text into runs an integrator can compare byte for byte: ordinary characters, and
 * each character that prints as nothing (or looks like a plain space) named in a mark.
 */
export type TextRun = { kind: 'text'; text: string } | { kind: 'mark'; label: string; char: string }

const names: Record<string, string> = {
  ' ': '·',
  '\t': 'TAB',
  '\n': 'LF',
  '\r': 'CR',
  '\u00a0': 'NBSP',
  '\u200b': 'ZWSP',
  '\u200c': 'ZWNJ',
  '\u200d': 'ZWJ',
  '\u2060': 'WJ',
  '\ufeff': 'BOM',
}

/** Odd spaces and invisible format characters (controls are judged by code below). */
const invisibleFormat = /[\u00ad\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u

function isInvisible(char: string): boolean {
  const code = char.codePointAt(0)!
  return code < 0x20 || (code >= 0x7f && code <= 0xa0) || invisibleFormat.test(char)
}

function labelOf(char: string): string {
  return names[char] ?? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
}

/** Characters next to which a space is suspect: the separators of `KEY=VALUE~…`, or another space. */
const suspectNeighbours = new Set([' ', '=', '~', undefined])

/**
 * The runs of a text. A space is marked where it is likely a mistake: at either end, next to
 * `=` or `~`, or beside another space; elsewhere it is an ordinary character of a value such as
 * a name.
 */
export function visibleRuns(text: string): TextRun[] {
  const runs: TextRun[] = []
  const chars = [...text]
  chars.forEach((char, index) => {
    const suspectSpace =
      char === ' ' &&
      (suspectNeighbours.has(chars[index - 1]) || suspectNeighbours.has(chars[index + 1]))
    const last = runs.at(-1)
    if (suspectSpace || isInvisible(char)) {
      runs.push({ kind: 'mark', label: labelOf(char), char })
    } else if (last?.kind === 'text') {
      last.text += char
    } else {
      runs.push({ kind: 'text', text: char })
    }
  })
  return runs
}
