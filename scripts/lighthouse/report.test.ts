import { describe, expect, it } from 'vitest'
import { sampleReport } from './fixtures'
import {
  categoryScore,
  failedAudits,
  firstVisitBytes,
  LighthouseRunError,
  summarizeRun,
} from './report'

const gzipSizes: Record<string, number> = {
  'http://localhost:4210/assets/entry.client-CpS4DylH.js': 1648,
  'http://localhost:4210/assets/chunk-OB3PAWPO-CVbcWUQ3.js': 41000,
  'http://localhost:4210/assets/root-BAzens2Z.css': 3038,
}
const gzipSizeOf = (url: string) => gzipSizes[url]

describe('summarizeRun', () => {
  it('reads the four scores out of 100, the metrics and the gzip bytes of JS and CSS', () => {
    expect(summarizeRun(sampleReport(), gzipSizeOf)).toEqual({
      performance: 97,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      lcp: 2100.5,
      cls: 0.004,
      tbt: 120,
      jsBytes: 1648 + 41000,
      cssBytes: 3038,
      failedAudits: [],
    })
  })

  it('lists the audits that lost points', () => {
    const report = sampleReport({ scores: { accessibility: 0.93 } })
    report.audits['largest-contentful-paint']!.score = 0.96
    report.audits['color-contrast']!.score = 0
    expect(summarizeRun(report, gzipSizeOf).failedAudits).toEqual([
      {
        category: 'performance',
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        displayValue: '2.1 s',
      },
      { category: 'accessibility', id: 'color-contrast', title: 'Contrast' },
    ])
  })

  it('scores a noindex page for SEO without is-crawlable, and only such a page', () => {
    const report = sampleReport({ crawlable: false })
    expect(summarizeRun(report, gzipSizeOf).seo).toBe(69)
    const noindex = summarizeRun(report, gzipSizeOf, { noindex: true })
    expect(noindex.seo).toBe(100)
    expect(noindex.failedAudits.map((audit) => audit.id)).not.toContain('is-crawlable')
  })

  it('turns a runtime error of Lighthouse into an error with its code', () => {
    const report = { ...sampleReport(), runtimeError: { code: 'NO_NAVSTART', message: 'lost it' } }
    expect(() => summarizeRun(report, gzipSizeOf)).toThrow(LighthouseRunError)
    try {
      summarizeRun(report, gzipSizeOf)
    } catch (error) {
      expect((error as LighthouseRunError).code).toBe('NO_NAVSTART')
    }
  })
})

describe('categoryScore', () => {
  it('rounds Lighthouse’s score', () => {
    expect(categoryScore(sampleReport({ scores: { performance: 0.946 } }), 'performance')).toBe(95)
  })

  it('recomputes the weighted mean over the remaining audits when some are left out', () => {
    const report = sampleReport({ crawlable: false })
    report.audits['link-text']!.score = 0
    // meta-description 1 and link-text 0, equal weights; document-title has no weight.
    expect(categoryScore(report, 'seo', ['is-crawlable'])).toBe(50)
  })

  it('refuses a category Lighthouse could not score', () => {
    const report = sampleReport()
    report.categories.performance!.score = null
    expect(() => categoryScore(report, 'performance')).toThrow(/could not score performance/)
  })
})

describe('firstVisitBytes', () => {
  it('falls back to the bytes on the wire for files the build does not know', () => {
    expect(firstVisitBytes(sampleReport(), () => undefined)).toEqual({
      jsBytes: 2272 + 42378,
      cssBytes: 3377,
    })
  })

  it('counts each file once and leaves out failed requests, documents and fetches', () => {
    const script = {
      url: 'http://localhost:4210/a.js',
      resourceType: 'Script',
      transferSize: 500,
      statusCode: 200,
    }
    const report = sampleReport({
      requests: [
        script,
        script,
        {
          url: 'http://localhost:4210/missing.js',
          resourceType: 'Script',
          transferSize: 300,
          statusCode: 404,
        },
        {
          url: 'http://localhost:4210/data.json',
          resourceType: 'Fetch',
          transferSize: 900,
          statusCode: 200,
        },
      ],
    })
    expect(firstVisitBytes(report, () => undefined)).toEqual({ jsBytes: 500, cssBytes: 0 })
  })

  it('finds no bytes in a report without network requests', () => {
    const report = sampleReport()
    delete report.audits['network-requests']
    expect(firstVisitBytes(report, gzipSizeOf)).toEqual({ jsBytes: 0, cssBytes: 0 })
  })
})

describe('failedAudits', () => {
  it('ignores audits without weight or without a score', () => {
    const report = sampleReport()
    report.audits['document-title']!.score = 0
    report.audits['network-requests']!.score = 0
    report.audits['total-blocking-time']!.score = 0.5
    expect(failedAudits(report).map((audit) => audit.id)).toEqual(['total-blocking-time'])
  })
})
