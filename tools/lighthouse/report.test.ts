import { describe, expect, it } from 'vitest'
import { sampleReport } from './fixtures.ts'
import { categoryScore, firstVisitBytes, summarizeRun } from './report.ts'

const gzipSizes: Record<string, number> = {
  'http://localhost:4210/assets/header-BoYWrs9I.js': 520,
  'http://localhost:4210/assets/root-Dg10aXsS.css': 3038,
}
const gzipSizeOf = (url: string) => gzipSizes[url]

describe('summarizeRun', () => {
  it('reads the four scores out of 100, the metrics and the gzip bytes of JS and CSS', () => {
    const report = sampleReport({ scores: { performance: 0.97 }, tbt: 120, cls: 0.004 })
    expect(summarizeRun(report, gzipSizeOf)).toEqual({
      performance: 97,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      lcp: 2100.5,
      cls: 0.004,
      tbt: 120,
      jsBytes: 520,
      cssBytes: 3038,
    })
  })

  it('turns a runtime error of Lighthouse into an error with its code', () => {
    const report = { ...sampleReport(), runtimeError: { code: 'NO_FCP', message: 'no paint' } }
    expect(() => summarizeRun(report, gzipSizeOf)).toThrow('Lighthouse NO_FCP: no paint')
  })

  it('refuses a report without a metric', () => {
    const report = sampleReport()
    delete report.audits['total-blocking-time']
    expect(() => summarizeRun(report, gzipSizeOf)).toThrow(/has no total-blocking-time/)
  })
})

describe('categoryScore', () => {
  it('rounds Lighthouse’s score', () => {
    expect(categoryScore(sampleReport({ scores: { performance: 0.946 } }), 'performance')).toBe(95)
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
      jsBytes: 1207,
      cssBytes: 3567,
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
