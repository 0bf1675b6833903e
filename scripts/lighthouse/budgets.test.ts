import { describe, expect, it } from 'vitest'
import { budgets, judge, kilobytes } from './budgets'
import { sampleRun } from './fixtures'
import { combineRuns } from './results'

// A route that hydrates: a static page has its own, lower JavaScript budget.
const route = (overrides: Parameters<typeof sampleRun>[0] = {}) =>
  combineRuns('/contact', [sampleRun(overrides)])

describe('judge', () => {
  it('holds a static page to 15 KB of JavaScript', () => {
    const at = (jsBytes: number) => judge([combineRuns('/pricing', [sampleRun({ jsBytes })])])
    expect(at(budgets.staticJsBytes)).toEqual([])
    expect(at(budgets.staticJsBytes + 1)).toEqual([
      { route: '/pricing', budget: 'JavaScript', actual: '15.0 KB', limit: '≤ 15.0 KB gzip' },
    ])
  })

  it('passes a route that meets every budget, at the limits included', () => {
    expect(
      judge([
        route({
          performance: budgets.performance,
          cls: budgets.cls,
          jsBytes: budgets.jsBytes,
          cssBytes: budgets.cssBytes,
        }),
      ]),
    ).toEqual([])
  })

  it('names every budget a route misses, with the figure and the limit', () => {
    expect(
      judge([
        route({
          performance: 94,
          accessibility: 96,
          bestPractices: 92,
          seo: 91,
          cls: 0.021,
          jsBytes: 100_001,
          cssBytes: 30_500,
        }),
      ]),
    ).toEqual([
      { route: '/contact', budget: 'Performance', actual: '94', limit: '≥ 95' },
      { route: '/contact', budget: 'Accessibility', actual: '96', limit: '100' },
      { route: '/contact', budget: 'Best practices', actual: '92', limit: '100' },
      { route: '/contact', budget: 'SEO', actual: '91', limit: '100' },
      { route: '/contact', budget: 'CLS', actual: '0.021', limit: '≤ 0.02' },
      { route: '/contact', budget: 'JavaScript', actual: '100.0 KB', limit: '≤ 100.0 KB gzip' },
      { route: '/contact', budget: 'CSS', actual: '30.5 KB', limit: '≤ 30.0 KB gzip' },
    ])
  })
})

describe('kilobytes', () => {
  it('shows bytes as KB of 1000 bytes with one decimal', () => {
    expect(kilobytes(68_449)).toBe('68.4 KB')
    expect(kilobytes(0)).toBe('0.0 KB')
  })
})
