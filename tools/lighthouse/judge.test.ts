import { describe, expect, it } from 'vitest'
import { budgets } from '../../tests/support/page-budgets.ts'
import { sampleReport, sampleRun } from './fixtures.ts'
import { byteMisses, judge, scoreMisses, scriptsMiss } from './judge.ts'
import { summarizeRun } from './report.ts'
import { combineRuns } from './results.ts'

type Run = Parameters<typeof sampleRun>[0]
const result = (route: string, overrides: Run = {}) => combineRuns(route, [sampleRun(overrides)])
const runs = (route: string, ...each: Run[]) => combineRuns(route, each.map(sampleRun))

describe('scoreMisses', () => {
  it('passes a static page at its limits: performance 100, TBT 30 ms, CLS 0', () => {
    expect(scoreMisses(result('/about', { tbt: 30 }), budgets.static)).toEqual([])
  })

  it('fails a static page at 99, or with 31 ms of blocking, or any layout shift', () => {
    const page = result('/about', { performance: 99, tbt: 31, cls: 0.001 })
    expect(scoreMisses(page, budgets.static)).toEqual([
      { route: '/about', budget: 'Performance', actual: '99', limit: '100' },
      { route: '/about', budget: 'TBT', actual: '31 ms', limit: '≤ 30 ms' },
      { route: '/about', budget: 'CLS', actual: '0.001', limit: '≤ 0' },
    ])
  })

  it('lets a form or demo page score 95 with 150 ms of blocking, not 94 or 151 ms', () => {
    expect(scoreMisses(result('/contact', { performance: 95, tbt: 150 }), budgets.app)).toEqual([])
    expect(scoreMisses(result('/contact', { performance: 94, tbt: 151 }), budgets.app)).toEqual([
      { route: '/contact', budget: 'Performance', actual: '94', limit: '≥ 95' },
      { route: '/contact', budget: 'TBT', actual: '151 ms', limit: '≤ 150 ms' },
    ])
  })

  it('holds every page to accessibility, best practices and SEO 100', () => {
    const page = result('/contact', { accessibility: 98, bestPractices: 96, seo: 92 })
    expect(scoreMisses(page, budgets.app)).toEqual([
      { route: '/contact', budget: 'Accessibility', actual: '98', limit: '100' },
      { route: '/contact', budget: 'Best practices', actual: '96', limit: '100' },
      { route: '/contact', budget: 'SEO', actual: '92', limit: '100' },
    ])
  })

  it('judges the median of the runs, so one slow run of three does not fail a page', () => {
    const slow = { performance: 90, tbt: 400 }
    expect(scoreMisses(runs('/about', {}, slow, {}), budgets.static)).toEqual([])
    expect(scoreMisses(runs('/about', slow, {}, slow), budgets.static)).toEqual([
      { route: '/about', budget: 'Performance', actual: '90', limit: '100' },
      { route: '/about', budget: 'TBT', actual: '400 ms', limit: '≤ 30 ms' },
    ])
  })

  it('judges the score a report shows: 0.946 is 95, enough for a form page', () => {
    const shown = summarizeRun(sampleReport({ scores: { performance: 0.946 } }), () => undefined)
    expect(scoreMisses(combineRuns('/contact', [shown]), budgets.app)).toEqual([])
  })
})

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

  it("lets a form page's scripts cost one point, not two", () => {
    const withoutScripts = result('/contact', { performance: 98 })
    expect(scriptsMiss(result('/contact', { performance: 97 }), withoutScripts, 1)).toEqual([])
    expect(scriptsMiss(result('/contact', { performance: 96 }), withoutScripts, 1)).toEqual([
      {
        route: '/contact',
        budget: 'Performance against no scripts',
        actual: '96',
        limit: '≥ 97, 1 below the page without scripts',
      },
    ])
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
    const misses = judge({
      budget: budgets.static,
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
    expect(judge({ budget: budgets.static, result: result('/about') })).toEqual([])
  })
})
