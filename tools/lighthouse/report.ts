/**
 * What one Lighthouse run says about a page, read from its JSON report (the "LHR" that
 * `lhci collect` saves): the four category scores, three metrics and the gzip bytes of the
 * JavaScript and CSS the visit loaded.
 */

/** The parts of Lighthouse's JSON report (LHR) this tool reads. */
export interface LighthouseReport {
  requestedUrl?: string
  finalUrl?: string
  runtimeError?: { code: string; message: string }
  categories: Record<string, { id: string; score: number | null } | undefined>
  audits: Record<string, LighthouseAudit | undefined>
}

export interface LighthouseAudit {
  id: string
  title?: string
  score: number | null
  numericValue?: number
  details?: { type?: string; items?: unknown[] }
}

export interface NetworkRequest {
  url: string
  resourceType?: string
  transferSize?: number
  statusCode?: number
}

export const categoryIds = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof categoryIds)[number]

export interface RunSummary {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  /** Largest Contentful Paint, ms. */
  lcp: number
  cls: number
  /** Total Blocking Time, ms. */
  tbt: number
  /** JavaScript the visit loaded, gzip bytes. */
  jsBytes: number
  /** CSS the visit loaded, gzip bytes. */
  cssBytes: number
}

/** Gzip bytes of a URL's body (e.g. from the build's .gz sibling), or undefined if unknown. */
export type GzipSizeOf = (url: string) => number | undefined

/** A category's score out of 100; throws when Lighthouse could not score it. */
export function categoryScore(report: LighthouseReport, id: CategoryId): number {
  const score = report.categories[id]?.score
  if (score === undefined || score === null) {
    throw new Error(`Lighthouse could not score ${id} on ${report.finalUrl ?? 'the page'}`)
  }
  return Math.round(score * 100)
}

function numeric(report: LighthouseReport, id: string): number {
  const value = report.audits[id]?.numericValue
  if (value === undefined) throw new Error(`The report of ${report.finalUrl} has no ${id}`)
  return value
}

export function networkRequests(report: LighthouseReport): NetworkRequest[] {
  const items = report.audits['network-requests']?.details?.items
  if (!Array.isArray(items)) return []
  return items.filter(
    (item): item is NetworkRequest =>
      typeof item === 'object' && item !== null && typeof (item as NetworkRequest).url === 'string',
  )
}

/**
 * Gzip bytes of the JavaScript and CSS a page loaded during the run, each file counted once:
 * its gzip size when `gzipSizeOf` knows it (our own files), else what went over the wire.
 * Lighthouse's own resource summary counts the wire (brotli here), the e2e budget test gzip.
 */
export function firstVisitBytes(
  report: LighthouseReport,
  gzipSizeOf: GzipSizeOf,
): { jsBytes: number; cssBytes: number } {
  const seen = new Set<string>()
  let jsBytes = 0
  let cssBytes = 0
  for (const request of networkRequests(report)) {
    const kind =
      request.resourceType === 'Script'
        ? 'js'
        : request.resourceType === 'Stylesheet'
          ? 'css'
          : null
    if (!kind || seen.has(request.url)) continue
    if (
      request.statusCode !== undefined &&
      (request.statusCode < 200 || request.statusCode >= 400)
    ) {
      continue
    }
    seen.add(request.url)
    const bytes = gzipSizeOf(request.url) ?? request.transferSize ?? 0
    if (kind === 'js') jsBytes += bytes
    else cssBytes += bytes
  }
  return { jsBytes, cssBytes }
}

/** One run's figures. */
export function summarizeRun(report: LighthouseReport, gzipSizeOf: GzipSizeOf): RunSummary {
  if (report.runtimeError) {
    throw new Error(`Lighthouse ${report.runtimeError.code}: ${report.runtimeError.message}`)
  }
  return {
    performance: categoryScore(report, 'performance'),
    accessibility: categoryScore(report, 'accessibility'),
    bestPractices: categoryScore(report, 'best-practices'),
    seo: categoryScore(report, 'seo'),
    lcp: numeric(report, 'largest-contentful-paint'),
    cls: numeric(report, 'cumulative-layout-shift'),
    tbt: numeric(report, 'total-blocking-time'),
    ...firstVisitBytes(report, gzipSizeOf),
  }
}
