import type { CategoryId, LighthouseReport, NetworkRequest, RunSummary } from './report.ts'

/** A Lighthouse report with the fields this tool and Lighthouse CI's assertions read. */
export function sampleReport(
  overrides: {
    url?: string
    scores?: Partial<Record<CategoryId, number>>
    tbt?: number
    cls?: number
    requests?: NetworkRequest[]
  } = {},
): LighthouseReport {
  const url = overrides.url ?? 'http://localhost:4210/about'
  const scores: Record<CategoryId, number> = {
    performance: 1,
    accessibility: 1,
    'best-practices': 1,
    seo: 1,
    ...overrides.scores,
  }
  const category = (id: CategoryId) => ({ id, score: scores[id] })
  const metric = (id: string, title: string, numericValue: number) => ({
    id,
    title,
    score: 1,
    numericValue,
  })
  return {
    requestedUrl: url,
    finalUrl: url,
    categories: {
      performance: category('performance'),
      accessibility: category('accessibility'),
      'best-practices': category('best-practices'),
      seo: category('seo'),
    },
    audits: {
      'largest-contentful-paint': metric('largest-contentful-paint', 'LCP', 2100.5),
      'total-blocking-time': metric('total-blocking-time', 'TBT', overrides.tbt ?? 0),
      'cumulative-layout-shift': metric('cumulative-layout-shift', 'CLS', overrides.cls ?? 0),
      'network-requests': {
        id: 'network-requests',
        score: null,
        details: {
          type: 'table',
          items: overrides.requests ?? [
            { url, resourceType: 'Document', transferSize: 6414, statusCode: 200 },
            {
              url: 'http://localhost:4210/assets/header-BoYWrs9I.js',
              resourceType: 'Script',
              transferSize: 1207,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/assets/root-Dg10aXsS.css',
              resourceType: 'Stylesheet',
              transferSize: 3567,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/speculation-rules.json',
              resourceType: 'Other',
              transferSize: 1065,
              statusCode: 200,
            },
          ],
        },
      },
    },
  }
}

export function sampleRun(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcp: 1040,
    cls: 0,
    tbt: 0,
    jsBytes: 520,
    cssBytes: 4_800,
    ...overrides,
  }
}
