import type { Token } from 'marked'

/** How a run of text looks: the inline Markdown it came from. */
export interface RunStyle {
  bold?: boolean
  italic?: boolean
  code?: boolean
  /** A link's target (absolute URL, site path or `#anchor`). */
  href?: string
  /** Set in the Devanagari face (frame.ts splits runs by script before layout). */
  devanagari?: boolean
}

export interface Run {
  text: string
  style: RunStyle
}

/** A piece of one line: consecutive text of one style, spaces included, and its width. */
export interface Segment {
  text: string
  style: RunStyle
  width: number
}

export interface Line {
  segments: Segment[]
  width: number
}

/** Width in points of `text` set in `style` (the PDF writer measures with its fonts). */
export type Measure = (text: string, style: RunStyle) => number

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
}

/** The few character references the documents use; marked's lexer leaves them as typed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|[a-z]+);/g, (whole, name: string) => {
    if (entities[name]) return entities[name]!
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return whole
  })
}

/**
 * Flattens marked's inline tokens into styled runs. Soft line breaks become spaces; a hard
 * break (`br`) becomes a `\n` run that the layout honours.
 */
export function inlineRuns(tokens: readonly Token[] | undefined, style: RunStyle = {}): Run[] {
  const runs: Run[] = []
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
        if (token.tokens?.length) runs.push(...inlineRuns(token.tokens, style))
        else runs.push({ text: decodeEntities(String(token.text)).replace(/\s+/g, ' '), style })
        break
      case 'escape':
        runs.push({ text: String(token.text), style })
        break
      case 'strong':
        runs.push(...inlineRuns(token.tokens, { ...style, bold: true }))
        break
      case 'em':
        runs.push(...inlineRuns(token.tokens, { ...style, italic: true }))
        break
      case 'del':
        runs.push(...inlineRuns(token.tokens, style))
        break
      case 'codespan':
        runs.push({ text: String(token.text), style: { ...style, code: true } })
        break
      case 'link':
        runs.push(...inlineRuns(token.tokens, { ...style, href: String(token.href) }))
        break
      case 'image':
        runs.push({ text: String(token.text), style })
        break
      case 'br':
        runs.push({ text: '\n', style })
        break
      case 'html':
        // Inline comments are notes for the source's readers; <br> is a line break.
        if (/^<br\s*\/?>$/i.test(String(token.text).trim())) runs.push({ text: '\n', style })
        break
      default:
        throw new Error(`unsupported inline Markdown: ${token.type} "${token.raw}"`)
    }
  }
  return runs
}

/** Plain text of inline tokens (headings, anchors, the tests' table readers). */
export function plainText(tokens: readonly Token[] | undefined): string {
  return inlineRuns(tokens)
    .map((run) => run.text)
    .join('')
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.code === b.code &&
    a.href === b.href &&
    a.devanagari === b.devanagari
  )
}

/** Characters after which a long word (a URL, a hash, a field list) may break. */
const breakAfter = /[/_~=&?,.:;-]/

/**
 * Breaks runs into lines of at most `maxWidth` points: greedy, at spaces first, then inside a
 * word after `/ _ ~ = & ? , . : ; -`, and only as a last resort between any two characters.
 */
export function layoutRuns(runs: readonly Run[], maxWidth: number, measure: Measure): Line[] {
  const lines: Line[] = []
  let current: Segment[] = []
  let width = 0
  let pendingSpace: Segment | undefined

  const push = (text: string, style: RunStyle, textWidth: number) => {
    const last = current[current.length - 1]
    if (last && sameStyle(last.style, style)) {
      last.text += text
      last.width += textWidth
    } else {
      current.push({ text, style, width: textWidth })
    }
    width += textWidth
  }
  const endLine = () => {
    lines.push({ segments: current, width })
    current = []
    width = 0
    pendingSpace = undefined
  }
  type Part = { text: string; style: RunStyle }
  /** A word may span runs (`` `HASH`. ``): its parts stay on one line unless it cannot fit. */
  const placeWord = (parts: Part[]) => {
    const widths = parts.map((part) => measure(part.text, part.style))
    const wordWidth = widths.reduce((sum, value) => sum + value, 0)
    const spaceWidth = current.length && pendingSpace ? pendingSpace.width : 0
    const pushAll = () =>
      parts.forEach((part, index) => push(part.text, part.style, widths[index]!))
    if (width + spaceWidth + wordWidth <= maxWidth) {
      if (spaceWidth) push(pendingSpace!.text, pendingSpace!.style, spaceWidth)
      pendingSpace = undefined
      pushAll()
      return
    }
    if (current.length && wordWidth <= maxWidth) {
      endLine()
      pushAll()
      return
    }
    // Longer than a whole line: fill what is left of this line, then go on breaking.
    if (spaceWidth && width + spaceWidth < maxWidth) {
      push(pendingSpace!.text, pendingSpace!.style, spaceWidth)
    }
    pendingSpace = undefined
    for (const part of parts) {
      let rest = part.text
      while (rest.length) {
        const room = maxWidth - width
        const head = fittingHead(rest, part.style, room, measure, current.length === 0)
        if (head === '') {
          endLine()
          continue
        }
        push(head, part.style, measure(head, part.style))
        rest = rest.slice(head.length)
        if (rest.length) endLine()
      }
    }
  }

  let word: Part[] = []
  const flushWord = () => {
    if (word.length) placeWord(word)
    word = []
  }
  for (const run of runs) {
    for (const piece of run.text.split(/(\n| +)/)) {
      if (piece === '') continue
      if (piece === '\n') {
        flushWord()
        endLine()
      } else if (piece.startsWith(' ')) {
        flushWord()
        if (current.length) {
          // Code keeps its spaces; prose collapses them to one.
          const text = run.style.code ? piece : ' '
          pendingSpace = { text, style: run.style, width: measure(text, run.style) }
        }
      } else {
        word.push({ text: piece, style: run.style })
      }
    }
  }
  flushWord()
  if (current.length || lines.length === 0) endLine()
  return lines
}

/**
 * The longest start of `word` that fits `room`: up to a break character when one fits, else
 * as many characters as fit. On an empty line at least one character, so layout always ends.
 */
function fittingHead(
  word: string,
  style: RunStyle,
  room: number,
  measure: Measure,
  lineIsEmpty: boolean,
): string {
  let fits = 0
  while (fits < word.length && measure(word.slice(0, fits + 1), style) <= room) fits++
  if (fits === 0) return lineIsEmpty ? word.slice(0, 1) : ''
  if (fits === word.length) return word
  for (let index = fits; index > 0; index--) {
    if (breakAfter.test(word[index - 1]!)) {
      // Breaking far back wastes most of the line: then cut anywhere.
      if (index >= fits / 2) return word.slice(0, index)
      break
    }
  }
  if (!lineIsEmpty) return ''
  return word.slice(0, fits)
}

/** The widest unbreakable piece and the one-line width of some runs (table column sizing). */
export function runWidths(
  runs: readonly Run[],
  measure: Measure,
): { longestWord: number; total: number } {
  let longestWord = 0
  for (const run of runs) {
    for (const word of run.text.split(/[ \n]+/)) {
      if (word) longestWord = Math.max(longestWord, measure(word, run.style))
    }
  }
  const total = runs.reduce((sum, run) => sum + measure(run.text.replace(/\n/g, ' '), run.style), 0)
  return { longestWord, total }
}
