import { describe, expect, it } from 'vitest'
import { judge } from './budgets'
import { sampleRun } from './fixtures'
import { combineRuns } from './results'
import { formatMisses, formatTable } from './table'

describe('formatTable', () => {
  it('prints one aligned row per route, with units', () => {
    const table = formatTable([
      combineRuns('/', [sampleRun()]),
      combineRuns('/demo-pamphlet', [sampleRun({ performance: 100, tbt: 1958.4, cls: 0.0123 })]),
    ])
    expect(table.split('\n')).toEqual([
      'route           perf  a11y  best pr.  SEO     LCP    CLS      TBT  JS gzip  CSS gzip',
      '--------------  ----  ----  --------  ---  ------  -----  -------  -------  --------',
      '/                 97   100       100  100  2.10 s  0.000   120 ms  68.4 KB    5.8 KB',
      '/demo-pamphlet   100   100       100  100  2.10 s  0.012  1958 ms  68.4 KB    5.8 KB',
    ])
  })

  it('marks the SEO score of a noindex page and says why', () => {
    const table = formatTable([combineRuns('/rbi-kehta-hai', [sampleRun()], true)])
    expect(table).toContain(' 100* ')
    expect(table).toMatch(/\* noindex on purpose .*is-crawlable/)
  })
})

describe('formatMisses', () => {
  it('says so when every budget is met', () => {
    const results = [combineRuns('/', [sampleRun()])]
    expect(formatMisses(judge(results), results)).toBe('Every route meets every budget.')
  })

  it('lists the misses, then the audits that lost points on those routes', () => {
    const audit = {
      category: 'performance' as const,
      id: 'total-blocking-time',
      title: 'TBT',
      displayValue: '1,960 ms',
    }
    const results = [
      combineRuns('/', [
        sampleRun({ performance: 69, failedAudits: [audit] }),
        sampleRun({ performance: 70 }),
      ]),
      combineRuns('/contact', [sampleRun({ failedAudits: [audit] })]),
    ]
    expect(formatMisses(judge(results), results).split('\n')).toEqual([
      '1 budget missed:',
      '  /: Performance 69.5 (budget ≥ 95)',
      '  /, audits below full marks:',
      '    performance: total-blocking-time (1,960 ms), 1 of 2 runs',
    ])
  })
})
