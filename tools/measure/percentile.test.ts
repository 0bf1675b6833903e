import { describe, expect, it } from 'vitest'
import { percentile } from './percentile.ts'

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1)

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile(hundred, 0)).toBe(1)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([1, 2, 3], 50)).toBe(2)
  })

  it('sorts a copy of values in any order', () => {
    const reversed = [...hundred].reverse()
    expect(percentile(reversed, 50)).toBe(50)
    expect(percentile(reversed, 99)).toBe(99)
    expect(percentile([3, 1, 2], 50)).toBe(2)
    expect(reversed[0]).toBe(100)
  })

  it('has no value without samples', () => {
    expect(percentile([], 50)).toBeNaN()
  })
})
