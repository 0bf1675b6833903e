import { describe, expect, it } from 'vitest'
import { sampleRun } from './fixtures.ts'
import { combineRuns } from './results.ts'
import { formatMisses, formatScriptCost, formatTable } from './table.ts'

describe('formatTable', () => {
  it('prints one aligned row per route, with units', () => {
    const table = formatTable([
      combineRuns('/', [sampleRun({ performance: 97, tbt: 120, jsBytes: 68_400 })]),
      combineRuns('/demo-pamphlet', [sampleRun({ tbt: 1958.4, cls: 0.0123 })]),
    ])
    expect(table.split('\n')).toEqual([
      'route           perf  a11y  best pr.  SEO     LCP    CLS      TBT  JS gzip  CSS gzip',
      '--------------  ----  ----  --------  ---  ------  -----  -------  -------  --------',
      '/                 97   100       100  100  1.04 s  0.000   120 ms  68.4 KB    4.8 KB',
      '/demo-pamphlet   100   100       100  100  1.04 s  0.012  1958 ms   0.5 KB    4.8 KB',
    ])
  })

  it('marks the SEO score of a noindex page and says why', () => {
    const table = formatTable([combineRuns('/rbi-kehta-hai', [sampleRun()], true)])
    expect(table).toContain(' 100* ')
    expect(table).toMatch(/\* noindex on purpose .*is-crawlable/)
  })
})

describe('formatScriptCost', () => {
  it('prints each compared page beside itself without scripts, with the differences', () => {
    const table = formatScriptCost([
      {
        result: combineRuns('/pricing', [sampleRun({ performance: 99, tbt: 40, lcp: 1200 })]),
        withoutScripts: combineRuns('/pricing', [sampleRun({ lcp: 1000 })]),
      },
      {
        result: combineRuns('/about', [sampleRun()]),
        withoutScripts: combineRuns('/about', [sampleRun({ performance: 98, lcp: 1100 })]),
      },
    ])
    expect(table.split('\n')).toEqual([
      'page      perf  no JS  difference    TBT  no JS     LCP   no JS  difference',
      '--------  ----  -----  ----------  -----  -----  ------  ------  ----------',
      '/pricing    99    100          −1  40 ms   0 ms  1.20 s  1.00 s     +200 ms',
      '/about     100     98          +2   0 ms   0 ms  1.04 s  1.10 s      −60 ms',
    ])
  })
})

describe('formatMisses', () => {
  it('says so when every budget is met', () => {
    expect(formatMisses([])).toBe('Every route meets every budget.')
  })

  it('lists the misses', () => {
    const miss = { route: '/contact', budget: 'TBT', actual: '240 ms', limit: '≤ 150 ms' }
    expect(formatMisses([miss]).split('\n')).toEqual([
      '1 budget missed:',
      '  /contact: TBT 240 ms (budget ≤ 150 ms)',
    ])
  })
})
