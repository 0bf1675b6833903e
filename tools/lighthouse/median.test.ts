import { describe, expect, it } from 'vitest'
import { median } from './median.ts'

describe('median', () => {
  it('takes the middle of an odd count, whatever the order', () => {
    expect(median([97, 88, 99])).toBe(97)
    expect(median([5])).toBe(5)
  })

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([1, 4, 2, 3])).toBe(2.5)
  })

  it('leaves its input alone', () => {
    const values = [3, 1, 2]
    median(values)
    expect(values).toEqual([3, 1, 2])
  })

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow()
  })
})
