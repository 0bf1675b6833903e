import type { LighthouseReport, NetworkRequest, RunSummary } from './report'

/** A Lighthouse report with the fields this tool reads, shaped like Lighthouse 12.8's. */
export function sampleReport(
  overrides: {
    scores?: Partial<Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>>
    requests?: NetworkRequest[]
    crawlable?: boolean
  } = {},
): LighthouseReport {
  const scores = {
    performance: 0.97,
    accessibility: 1,
    'best-practices': 1,
    seo: 1,
    ...overrides.scores,
  }
  const crawlable = overrides.crawlable ?? true
  return {
    requestedUrl: 'http://localhost:4210/',
    categories: {
      performance: {
        id: 'performance',
        score: scores.performance,
        auditRefs: [
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'network-requests', weight: 0 },
        ],
      },
      accessibility: {
        id: 'accessibility',
        score: scores.accessibility,
        auditRefs: [{ id: 'color-contrast', weight: 7 }],
      },
      'best-practices': {
        id: 'best-practices',
        score: scores['best-practices'],
        auditRefs: [{ id: 'errors-in-console', weight: 1 }],
      },
      seo: {
        id: 'seo',
        score: crawlable ? scores.seo : 0.69,
        auditRefs: [
          { id: 'is-crawlable', weight: 4.043478260869565 },
          { id: 'document-title', weight: 0 },
          { id: 'meta-description', weight: 1 },
          { id: 'link-text', weight: 1 },
        ],
      },
    },
    audits: {
      'largest-contentful-paint': {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        score: 1,
        numericValue: 2100.5,
        displayValue: '2.1 s',
      },
      'total-blocking-time': {
        id: 'total-blocking-time',
        title: 'Total Blocking Time',
        score: 1,
        numericValue: 120,
      },
      'cumulative-layout-shift': {
        id: 'cumulative-layout-shift',
        title: 'Cumulative Layout Shift',
        score: 1,
        numericValue: 0.004,
      },
      'color-contrast': { id: 'color-contrast', title: 'Contrast', score: 1 },
      'errors-in-console': { id: 'errors-in-console', title: 'No console errors', score: 1 },
      'is-crawlable': {
        id: 'is-crawlable',
        title: 'Page is not blocked from indexing',
        score: crawlable ? 1 : 0,
      },
      'document-title': { id: 'document-title', title: 'Title', score: 1 },
      'meta-description': { id: 'meta-description', title: 'Description', score: 1 },
      'link-text': { id: 'link-text', title: 'Link text', score: 1 },
      'network-requests': {
        id: 'network-requests',
        title: 'Network Requests',
        score: null,
        details: {
          type: 'table',
          items: overrides.requests ?? [
            {
              url: 'http://localhost:4210/',
              resourceType: 'Document',
              transferSize: 10483,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/assets/entry.client-CpS4DylH.js',
              resourceType: 'Script',
              transferSize: 2272,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/assets/chunk-OB3PAWPO-CVbcWUQ3.js',
              resourceType: 'Script',
              transferSize: 42378,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/assets/root-BAzens2Z.css',
              resourceType: 'Stylesheet',
              transferSize: 3377,
              statusCode: 200,
            },
            {
              url: 'http://localhost:4210/__manifest?paths=%2F',
              resourceType: 'Fetch',
              transferSize: 2126,
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
    performance: 97,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcp: 2100,
    cls: 0,
    tbt: 120,
    jsBytes: 68_400,
    cssBytes: 5_800,
    failedAudits: [],
    ...overrides,
  }
}
