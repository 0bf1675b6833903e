import { describe, expect, it } from 'vitest'
import { assertionsFor, describeAssertion, failedAssertions } from './assertions.ts'
import { budgets } from './budgets.ts'
import { sampleReport } from './fixtures.ts'

// The real Lighthouse CI engine judges these reports, so the tests hold the assertions made
// from the budgets, not a copy of the engine.
const runs = (...reports: Parameters<typeof sampleReport>[0][]) => reports.map(sampleReport)
const failures = (budget: Parameters<typeof failedAssertions>[0], reports = runs({})) =>
  failedAssertions(budget, reports).map(describeAssertion)

describe('assertionsFor', () => {
  it('asserts the four scores, TBT and CLS on the median of the runs', () => {
    expect(assertionsFor(budgets.static)).toEqual({
      aggregationMethod: 'median',
      assertions: {
        'categories:performance': ['error', { minScore: 1 }],
        'categories:accessibility': ['error', { minScore: 1 }],
        'categories:best-practices': ['error', { minScore: 1 }],
        'categories:seo': ['error', { minScore: 1 }],
        'total-blocking-time': ['error', { maxNumericValue: 30 }],
        'cumulative-layout-shift': ['error', { maxNumericValue: 0 }],
      },
    })
  })
})

describe('failedAssertions', () => {
  it('passes a static page at its limits: performance 100, TBT 30 ms, CLS 0', () => {
    expect(failures(budgets.static, runs({ tbt: 30 }))).toEqual([])
  })

  it('fails a static page at 99, or with 31 ms of blocking, or any layout shift', () => {
    expect(
      failures(budgets.static, runs({ scores: { performance: 0.99 }, tbt: 31, cls: 0.001 })),
    ).toEqual([
      { budget: 'Performance', actual: '99', limit: '100' },
      { budget: 'TBT', actual: '31 ms', limit: '≤ 30 ms' },
      { budget: 'CLS', actual: '0.001', limit: '≤ 0' },
    ])
  })

  it('lets a form or demo page score 95 with 150 ms of blocking, not 94 or 151 ms', () => {
    expect(failures(budgets.app, runs({ scores: { performance: 0.95 }, tbt: 150 }))).toEqual([])
    expect(failures(budgets.app, runs({ scores: { performance: 0.94 }, tbt: 151 }))).toEqual([
      { budget: 'Performance', actual: '94', limit: '≥ 95' },
      { budget: 'TBT', actual: '151 ms', limit: '≤ 150 ms' },
    ])
  })

  it('holds every page to accessibility, best practices and SEO 100', () => {
    const scores = { accessibility: 0.98, 'best-practices': 0.96, seo: 0.92 }
    expect(failures(budgets.app, runs({ scores }))).toEqual([
      { budget: 'Accessibility', actual: '98', limit: '100' },
      { budget: 'Best practices', actual: '96', limit: '100' },
      { budget: 'SEO', actual: '92', limit: '100' },
    ])
  })

  it('judges the median of the runs, so one slow run of three does not fail a page', () => {
    const slow = { scores: { performance: 0.9 }, tbt: 400 }
    expect(failures(budgets.static, runs({}, slow, {}))).toEqual([])
    expect(failures(budgets.static, runs(slow, {}, slow))).toEqual([
      { budget: 'Performance', actual: '90', limit: '100' },
      { budget: 'TBT', actual: '400 ms', limit: '≤ 30 ms' },
    ])
  })

  it('names a metric missing from a run', () => {
    const reports = runs({}, {})
    delete reports[1]!.audits['total-blocking-time']
    expect(failures(budgets.static, reports)).toEqual([
      { budget: 'total-blocking-time', actual: 'missing in some runs', limit: 'in every run' },
    ])
  })
})
