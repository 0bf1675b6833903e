import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { repeatedJsonKeys } from './json-keys.ts'

/** Keys with quotes, backslashes, braces and commas: what a naive scanner trips over. */
const key = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 'a', '😀'),
    maxLength: 6,
  }),
)
const value = fc.jsonValue({ maxDepth: 3 })
const object = fc.dictionary(key, value, { maxKeys: 8 })

describe('repeatedJsonKeys', () => {
  it('finds nothing in what JSON.stringify writes, however deep or odd', () => {
    fc.assert(
      fc.property(object, fc.constantFrom(0, 2), (body, indent) => {
        expect(repeatedJsonKeys(JSON.stringify(body, null, indent))).toEqual([])
      }),
    )
  })

  it('finds a top-level key written a second time, wherever it is put', () => {
    fc.assert(
      fc.property(object, key, value, value, fc.boolean(), (body, name, first, second, atEnd) => {
        const rest = JSON.stringify(body).slice(1, -1)
        const pairs = [
          `${JSON.stringify(name)}:${JSON.stringify(first)}`,
          rest,
          `${JSON.stringify(name)}:${JSON.stringify(second)}`,
        ]
        const text = `{${(atEnd ? pairs : [pairs[0], pairs[2], pairs[1]]).filter(Boolean).join(',')}}`
        expect(repeatedJsonKeys(text)).toContain(name)
      }),
    )
  })

  it('looks at the outermost object only: equal keys in nested objects are fine', () => {
    fc.assert(
      fc.property(key, value, (name, inner) => {
        const nested = { a: { [name]: inner }, b: [{ [name]: inner }], [name]: inner }
        expect(repeatedJsonKeys(JSON.stringify(nested))).toEqual([])
      }),
    )
  })

  it('never throws on text that is not JSON', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 'a') }),
        (text) => {
          expect(Array.isArray(repeatedJsonKeys(text))).toBe(true)
        },
      ),
    )
  })
})
