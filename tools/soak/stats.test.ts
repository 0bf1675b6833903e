import { describe, expect, it } from 'vitest'
import { linearFit } from './stats.ts'

describe('linearFit', () => {
  it('finds the line through exact points with no error', () => {
    const fit = linearFit([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))
    expect(fit?.slope).toBeCloseTo(2)
    expect(fit?.intercept).toBeCloseTo(5)
    expect(fit?.slopeError).toBeCloseTo(0)
  })

  it('gives a flat series a slope within its error', () => {
    const ys = [10, 12, 9, 11, 10, 12, 9, 11, 10, 11]
    const fit = linearFit(ys.map((y, x) => ({ x, y })))!
    expect(Math.abs(fit.slope)).toBeLessThan(2 * fit.slopeError)
  })

  it('needs three distinct x', () => {
    expect(
      linearFit([
        { x: 0, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toBeUndefined()
    expect(linearFit([0, 0, 1, 1].map((x) => ({ x, y: x })))).toBeUndefined()
  })
})
