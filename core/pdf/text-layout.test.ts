import { lexer, type Tokens } from 'marked'
import { describe, expect, it } from 'vitest'
import { inlineRuns, layoutRuns, type Measure, plainText, runWidths } from './text-layout.ts'

/** One point per character: lines can be read off the text. */
const measure: Measure = (text) => text.length
const lineTexts = (runs: Parameters<typeof layoutRuns>[0], width: number) =>
  layoutRuns(runs, width, measure).map((line) => line.segments.map((s) => s.text).join(''))

function inline(markdown: string) {
  return (lexer(markdown)[0] as Tokens.Paragraph).tokens
}

describe('inlineRuns', () => {
  it('flattens bold, code and links into styled runs', () => {
    const runs = inlineRuns(inline('Post **`HASH` now** to [the page](/developers) &amp; go'))
    expect(runs).toEqual([
      { text: 'Post ', style: {} },
      { text: 'HASH', style: { bold: true, code: true } },
      { text: ' now', style: { bold: true } },
      { text: ' to ', style: {} },
      { text: 'the page', style: { href: '/developers' } },
      { text: ' & go', style: {} },
    ])
    expect(plainText(inline('a `b` *c*'))).toBe('a b c')
  })

  it('turns soft line breaks into spaces', () => {
    expect(plainText(inline('one\ntwo'))).toBe('one two')
  })
})

describe('layoutRuns', () => {
  it('wraps at spaces', () => {
    expect(lineTexts([{ text: 'aaa bbb ccc ddd', style: {} }], 8)).toEqual(['aaa bbb', 'ccc ddd'])
  })

  it('keeps styles apart within a line', () => {
    const [line] = layoutRuns(
      [
        { text: 'Send ', style: {} },
        { text: 'PAY_ID', style: { code: true } },
        { text: ' now', style: {} },
      ],
      100,
      measure,
    )
    expect(line!.segments.map((segment) => segment.text)).toEqual(['Send ', 'PAY_ID', ' now'])
    expect(line!.width).toBe(15)
  })

  it('breaks a long word after / _ ~ = before cutting it anywhere', () => {
    expect(lineTexts([{ text: 'http://host/sandbox/pgws/transact', style: {} }], 16)).toEqual([
      'http://host/',
      'sandbox/pgws/',
      'transact',
    ])
    expect(lineTexts([{ text: 'ABCDEFGHIJKL', style: {} }], 5)).toEqual(['ABCDE', 'FGHIJ', 'KL'])
  })

  it('keeps the spaces of code and honours hard breaks', () => {
    expect(lineTexts([{ text: 'a  b', style: { code: true } }], 10)).toEqual(['a  b'])
    expect(lineTexts([{ text: 'one\ntwo', style: {} }], 20)).toEqual(['one', 'two'])
  })

  it('answers one empty line for no text', () => {
    expect(layoutRuns([], 10, measure)).toHaveLength(1)
  })
})

describe('runWidths', () => {
  it('measures the longest word and the whole', () => {
    expect(runWidths([{ text: 'ab abcd', style: {} }], measure)).toEqual({
      longestWord: 4,
      total: 7,
    })
  })
})

describe('layoutRuns across runs', () => {
  it('keeps punctuation with the code before it', () => {
    const lines = lineTexts(
      [
        { text: 'verify the ', style: {} },
        { text: 'HASH', style: { code: true } },
        { text: '. Done', style: {} },
      ],
      15,
    )
    expect(lines).toEqual(['verify the', 'HASH. Done'])
  })
})
