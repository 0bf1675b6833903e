import { describe, expect, it } from 'vitest'
import { defaultMix, mixCycle } from './mix.ts'

describe('mixCycle', () => {
  it('holds each kind as often as its weight', () => {
    const cycle = mixCycle(defaultMix)
    expect(cycle).toHaveLength(19)
    for (const [kind, weight] of Object.entries(defaultMix)) {
      expect(cycle.filter((entry) => entry === kind)).toHaveLength(weight)
    }
  })

  it('spreads a heavy kind out instead of sending it in a burst', () => {
    const cycle = mixCycle({
      page: 2,
      contact: 2,
      career: 0,
      hosted: 0,
      checkout: 0,
      'merchant-hosted': 0,
    })
    expect(cycle).toEqual(['page', 'contact', 'page', 'contact'])
    const pages = mixCycle(defaultMix)
      .map((kind, index) => (kind === 'page' ? index : -1))
      .filter((index) => index >= 0)
    const gaps = pages.slice(1).map((index, at) => index - pages[at]!)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3)
  })

  it('leaves out kinds weighed 0 and is the same every time', () => {
    const mix = { ...defaultMix, page: 0, career: 0 }
    expect(mixCycle(mix)).not.toContain('page')
    expect(mixCycle(mix)).toEqual(mixCycle(mix))
  })
})
