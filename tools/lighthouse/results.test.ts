import { describe, expect, it } from 'vitest'
import { sampleRun } from './fixtures.ts'
import { combineRuns } from './results.ts'

describe('combineRuns', () => {
  it('takes the median of every figure on its own', () => {
    const result = combineRuns('/about', [
      sampleRun({ performance: 99, lcp: 1900, tbt: 300, jsBytes: 70_000 }),
      sampleRun({ performance: 90, lcp: 2500, tbt: 100, jsBytes: 70_000 }),
      sampleRun({ performance: 96, lcp: 2100, tbt: 900, jsBytes: 70_100 }),
    ])
    expect(result).toMatchObject({
      route: '/about',
      runs: 3,
      noindex: false,
      performance: 96,
      lcp: 2100,
      tbt: 300,
      jsBytes: 70_000,
    })
  })

  it('keeps whether the page is noindex on purpose', () => {
    expect(combineRuns('/rbi-kehta-hai', [sampleRun()], true).noindex).toBe(true)
  })

  it('refuses a route without runs', () => {
    expect(() => combineRuns('/', [])).toThrow(/No Lighthouse run/)
  })
})
