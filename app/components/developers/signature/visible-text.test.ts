import { describe, expect, it } from 'vitest'
import { visibleRuns } from './visible-text.ts'

describe('visibleRuns', () => {
  it('keeps a space inside a value and marks the suspect ones', () => {
    expect(visibleRuns('NAME=Demo Customer ~A= 1')).toEqual([
      { kind: 'text', text: 'NAME=Demo Customer' },
      { kind: 'mark', label: '·', char: ' ' },
      { kind: 'text', text: '~A=' },
      { kind: 'mark', label: '·', char: ' ' },
      { kind: 'text', text: '1' },
    ])
  })

  it('names the characters that print as nothing', () => {
    const labels = visibleRuns('a\tb\r\nc\u00a0d\u200be\ufeff\u0001')
      .filter((run) => run.kind === 'mark')
      .map((run) => run.label)
    expect(labels).toEqual(['TAB', 'CR', 'LF', 'NBSP', 'ZWSP', 'BOM', 'U+0001'])
  })

  it('marks every space of a run, and at both ends', () => {
    expect(
      visibleRuns(' a  b ').map((run) => (run.kind === 'mark' ? run.label : run.text)),
    ).toEqual(['·', 'a', '·', '·', 'b', '·'])
  })
})
