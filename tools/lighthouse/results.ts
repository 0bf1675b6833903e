import { median } from './median.ts'
import type { RunSummary } from './report.ts'

/** A route's figures over its runs: each figure the median of its own values. */
export interface RouteResult extends RunSummary {
  route: string
  runs: number
  /** The page asks not to be indexed on purpose (pages.ts), so SEO leaves out is-crawlable. */
  noindex: boolean
}

export function combineRuns(
  route: string,
  runs: readonly RunSummary[],
  noindex = false,
): RouteResult {
  if (runs.length === 0) throw new Error(`No Lighthouse run finished for ${route}`)
  const mid = (pick: (run: RunSummary) => number) => median(runs.map(pick))
  return {
    route,
    runs: runs.length,
    noindex,
    performance: mid((run) => run.performance),
    accessibility: mid((run) => run.accessibility),
    bestPractices: mid((run) => run.bestPractices),
    seo: mid((run) => run.seo),
    lcp: mid((run) => run.lcp),
    cls: mid((run) => run.cls),
    tbt: mid((run) => run.tbt),
    jsBytes: mid((run) => run.jsBytes),
    cssBytes: mid((run) => run.cssBytes),
  }
}
