import { describe, expect, it } from 'vitest'
import { flatJsonProblem } from './json-keys.ts'

const bounds = { maxFields: 3, maxValueLength: 5, longValues: { LONG: 10 } }

describe('flatJsonProblem', () => {
  it('passes one flat object of strings within the bounds, white space anywhere JSON allows', () => {
    for (const text of [
      '{}',
      ' { } ',
      '{"A":"1"}',
      '{ "A" : "12345" , "B":"" ,\n"C":"x"}\n',
      '{"A":"\\"\\\\","LONG":"1234567890"}',
      '{"\\u0041":"1","A\\"":"2"}',
    ]) {
      expect(flatJsonProblem(text, bounds), text).toBeUndefined()
    }
  })

  it('names what is wrong, stopping at the first problem', () => {
    const cases: Array<[string, string]> = [
      ['', 'not-an-object'],
      ['[]', 'not-an-object'],
      ['"A"', 'not-an-object'],
      ['[[[[[[', 'not-an-object'],
      ['{"A":1}', 'not-a-string'],
      ['{"A":null}', 'not-a-string'],
      ['{"A":["x"]}', 'not-a-string'],
      [`{"A":${'{"A":'.repeat(1000)}`, 'not-a-string'],
      ['{"A":"1","B":"2","C":"3","D":"4"}', 'too-many-fields'],
      ['{"A":"123456"}', 'value-too-long'],
      ['{"LONG":"12345678901"}', 'value-too-long'],
      [`{"${'K'.repeat(65)}":""}`, 'key-too-long'],
      ['{"A":"1","A":"2"}', 'repeated-field'],
      ['{"A":"1","\\u0041":"2"}', 'repeated-field'],
      ['{"A":"1"', 'malformed'],
      ['{"A":"1",}', 'malformed'],
      ['{"A" "1"}', 'malformed'],
      ['{"A":"1"} {}', 'malformed'],
      ['{"A":"1', 'malformed'],
      ['{A:"1"}', 'malformed'],
    ]
    for (const [text, problem] of cases) expect(flatJsonProblem(text, bounds), text).toBe(problem)
  })

  it('refuses a million levels of nesting, or 100,000 fields, at the first one too many', () => {
    const depth = 1_000_000
    expect(flatJsonProblem(`{"A":${'['.repeat(depth)}${']'.repeat(depth)}}`, bounds)).toBe(
      'not-a-string',
    )
    expect(flatJsonProblem('['.repeat(depth), bounds)).toBe('not-an-object')
    const many = `{${Array.from({ length: 100_000 }, (_, i) => `"F${i}":""`).join(',')}}`
    expect(flatJsonProblem(many, bounds)).toBe('too-many-fields')
  })
})
