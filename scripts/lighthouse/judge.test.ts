import { describe, expect, it } from 'vitest'
import { budgets } from './budgets.ts'
import { sampleReport, sampleRun } from './fixtures.ts'
import { byteMisses, judge, scriptsMiss } from './judge.ts'
import { combineRuns } from './results.ts'

const result = (route: string, overrides: Parameters<typeof sampleRun>[0] = {}) =>
  combineRuns(route, [sampleRun(overrides)])

describe('byteMisses', () => {
  it('holds a static page to 15 KB of JavaScript, the limit included', () => {
    const at = (jsBytes: number) => byteMisses(result('/about', { jsBytes }), budgets.static)
    expect(at(15_000)).toEqual([])
    expect(at(15_001)).toEqual([
      { route: '/about', budget: 'JavaScript', actual: '15.0 KB', limit: '≤ 15.0 KB gzip' },
    ])
  })

  it('holds a form or demo page to 130 KB of JavaScript and every page to 30 KB of CSS', () => {
    expect(byteMisses(result('/contact', { jsBytes: 130_000 }), budgets.app)).toEqual([])
    expect(
      byteMisses(result('/contact', { jsBytes: 130_001, cssBytes: 30_500 }), budgets.app),
    ).toEqual([
      { route: '/contact', budget: 'JavaScript', actual: '130.0 KB', limit: '≤ 130.0 KB gzip' },
      { route: '/contact', budget: 'CSS', actual: '30.5 KB', limit: '≤ 30.0 KB gzip' },
    ])
  })
})

describe('scriptsMiss', () => {
  it('passes a page that scores as high as itself without scripts, or higher', () => {
    expect(scriptsMiss(result('/about'), result('/about'))).toEqual([])
    expect(scriptsMiss(result('/about'), result('/about', { performance: 98, tbt: 40 }))).toEqual(
      [],
    )
  })

  it('fails a page its scripts cost a point', () => {
    expect(scriptsMiss(result('/pricing', { performance: 99 }), result('/pricing'))).toEqual([
      {
        route: '/pricing',
        budget: 'Performance against no scripts',
        actual: '99',
        limit: '≥ 100, the page without scripts',
      },
    ])
  })
})

describe('judge', () => {
  it('puts the assertions, the bytes and the comparison without scripts together', () => {
    const reports = [sampleReport({ scores: { performance: 0.99 } })]
    const misses = judge({
      budget: budgets.static,
      reports,
      result: result('/about', { performance: 99, jsBytes: 16_000 }),
      withoutScripts: result('/about'),
    })
    expect(misses.map((miss) => miss.budget)).toEqual([
      'Performance',
      'JavaScript',
      'Performance against no scripts',
    ])
  })

  it('finds nothing to say about a page within every budget', () => {
    expect(
      judge({ budget: budgets.static, reports: [sampleReport()], result: result('/about') }),
    ).toEqual([])
  })
})
