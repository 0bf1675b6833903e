/**
 * What one Lighthouse run says about a page: the four category scores, three metrics and the
 * bytes of JavaScript and CSS the visit loaded. Reads only the JSON report (the "LHR").
 */

/** The parts of Lighthouse's JSON report (LHR) this tool reads. */
export interface LighthouseReport {
  requestedUrl?: string
  finalDisplayedUrl?: string
  runtimeError?: { code: string; message: string }
  categories: Record<string, LighthouseCategory | undefined>
  audits: Record<string, LighthouseAudit | undefined>
}

export interface LighthouseCategory {
  id: string
  score: number | null
  auditRefs: { id: string; weight: number }[]
}

export interface LighthouseAudit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode?: string
  numericValue?: number
  displayValue?: string
  details?: { type?: string; items?: unknown[] }
}

export interface NetworkRequest {
  url: string
  resourceType?: string
  transferSize?: number
  resourceSize?: number
  statusCode?: number
}

export const categoryIds = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof categoryIds)[number]

/** The audit a deliberately `noindex` page fails by design. */
export const noindexAudit = 'is-crawlable'

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
  /** Audits that lost points, per category, for the report under the table. */
  failedAudits: { category: CategoryId; id: string; title: string; displayValue?: string }[]
}

/** Gzip bytes of a URL's body (e.g. from the build's .gz sibling), or undefined if unknown. */
export type GzipSizeOf = (url: string) => number | undefined

export class LighthouseRunError extends Error {
  override name = 'LighthouseRunError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A category's score out of 100. With `ignore`, the score Lighthouse would give if those audits
 * were not in the category: its weighted mean over the remaining scored audits.
 */
export function categoryScore(
  report: LighthouseReport,
  id: CategoryId,
  ignore: readonly string[] = [],
): number {
  const category = report.categories[id]
  if (!category) throw new LighthouseRunError('MISSING_CATEGORY', `The report has no ${id} score`)
  if (ignore.length === 0 || !category.auditRefs.some((ref) => ignore.includes(ref.id))) {
    if (category.score === null) {
      throw new LighthouseRunError('NO_SCORE', `Lighthouse could not score ${id}`)
    }
    return Math.round(category.score * 100)
  }
  let weighted = 0
  let weights = 0
  for (const ref of category.auditRefs) {
    const audit = report.audits[ref.id]
    if (ref.weight <= 0 || ignore.includes(ref.id) || !audit || audit.score === null) continue
    weighted += audit.score * ref.weight
    weights += ref.weight
  }
  return weights === 0 ? 100 : Math.round((weighted / weights) * 100)
}

function numeric(report: LighthouseReport, id: string): number {
  const value = report.audits[id]?.numericValue
  if (value === undefined) throw new LighthouseRunError('MISSING_AUDIT', `The report has no ${id}`)
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

/** Audits that cost points: scored, with weight in the category, and below full marks. */
export function failedAudits(report: LighthouseReport): RunSummary['failedAudits'] {
  const failed: RunSummary['failedAudits'] = []
  for (const category of categoryIds) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id]
      if (ref.weight <= 0 || !audit || audit.score === null || audit.score >= 1) continue
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      })
    }
  }
  return failed
}

/**
 * One run's figures. A `noindex` page is scored for SEO without the one audit it fails on
 * purpose; the table marks such scores.
 */
export function summarizeRun(
  report: LighthouseReport,
  gzipSizeOf: GzipSizeOf,
  options: { noindex?: boolean } = {},
): RunSummary {
  if (report.runtimeError) {
    throw new LighthouseRunError(report.runtimeError.code, report.runtimeError.message)
  }
  return {
    performance: categoryScore(report, 'performance'),
    accessibility: categoryScore(report, 'accessibility'),
    bestPractices: categoryScore(report, 'best-practices'),
    seo: categoryScore(report, 'seo', options.noindex ? [noindexAudit] : []),
    lcp: numeric(report, 'largest-contentful-paint'),
    cls: numeric(report, 'cumulative-layout-shift'),
    tbt: numeric(report, 'total-blocking-time'),
    ...firstVisitBytes(report, gzipSizeOf),
    failedAudits: failedAudits(report).filter(
      (audit) => !(options.noindex && audit.id === noindexAudit),
    ),
  }
}
