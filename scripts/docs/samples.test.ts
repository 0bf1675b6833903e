import { describe, expect, it } from 'vitest'
import { codeBlocks, extractSamples, matchesOutput } from './samples.ts'

const doc = [
  '# Try it',
  '',
  '<!-- sample: run file=Try.java -->',
  '```java',
  'class Try {}',
  '```',
  '',
  'It prints:',
  '',
  '<!-- sample: prints -->',
  '```text',
  'ORDER_ID=…',
  '```',
  '',
  '1. In a list:',
  '',
  '   <!-- sample: check -->',
  '   ```sh',
  '   pip install cryptography',
  '     indented',
  '   ```',
  '',
  '<!-- sample: example schema=StatusAnswer -->',
  '',
  '```json',
  '{ "A": "1" }',
  '```',
].join('\n')

describe('the samples of a document', () => {
  it('reads each block with its marker, options and output', () => {
    const samples = extractSamples(doc, 'README.md')
    expect(samples.map((sample) => [sample.kind, sample.language, sample.line])).toEqual([
      ['run', 'java', 4],
      ['check', 'sh', 18],
      ['example', 'json', 25],
    ])
    expect(samples[0]!.options).toEqual({ file: 'Try.java' })
    expect(samples[0]!.prints?.code).toBe('ORDER_ID=…')
    expect(samples[1]!.code).toBe('pip install cryptography\n  indented')
    expect(samples[2]!.options).toEqual({ schema: 'StatusAnswer' })
  })

  it('refuses a block nobody marked, and output that follows no run', () => {
    const unmarked = '```python\nprint(1)\n```\n\n<!-- sample: prints -->\n```text\n1\n```\n'
    expect(() => extractSamples(unmarked, 'a.md')).toThrow(
      /a\.md:1: a python block without a "<!-- sample: … -->" marker[\s\S]*a\.md:6: "prints" must follow a "run" block/,
    )
  })

  it('refuses unknown kinds, unknown languages and a fence never closed', () => {
    expect(() => codeBlocks('<!-- sample: maybe -->\n```sh\nls\n```', 'a.md')).toThrow(
      /unknown sample kind/,
    )
    expect(() => codeBlocks('```cobol\nx\n```', 'a.md')).toThrow(/unknown language "cobol"/)
    expect(() => codeBlocks('```sh\nls\n', 'a.md')).toThrow(/a\.md:1: a fence is never closed/)
  })

  it('refuses to run a block of no language', () => {
    expect(() => extractSamples('<!-- sample: run -->\n```\nls\n```', 'a.md')).toThrow(
      /needs a language/,
    )
  })
})

describe('output as the document says it', () => {
  it('matches line by line, trailing spaces and the final line break aside', () => {
    expect(matchesOutput('a\nb', 'a  \nb\n')).toEqual({ ok: true })
  })

  it('lets … stand for any text within one line', () => {
    expect(matchesOutput('TXN_ID=…~STATUS=Captured', 'TXN_ID=PYS123~STATUS=Captured')).toEqual({
      ok: true,
    })
    expect(matchesOutput('TXN_ID=…', 'TXN_ID=1\nmore')).toMatchObject({
      ok: false,
      reason: /line 2 printed but not documented/,
    })
  })

  it('says which line differs', () => {
    const result = matchesOutput('code 000\ndone', 'code 004\ndone')
    expect(result).toEqual({
      ok: false,
      reason: 'line 1 differs:\n  documented: code 000\n  printed:    code 004',
    })
    expect(matchesOutput('a\nb', 'a')).toMatchObject({
      ok: false,
      reason: /line 2 documented but not printed: b/,
    })
    expect(matchesOutput('a(1)', 'a1')).toMatchObject({ ok: false })
  })
})
