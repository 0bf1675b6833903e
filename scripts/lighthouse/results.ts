import { median } from './median'
import type { RunSummary } from './report'

/** A route's figures over its runs: each figure the median of its own values. */
export interface RouteResult extends Omit<RunSummary, 'failedAudits'> {
  route: string
  runs: number
  /** The page asks not to be indexed on purpose (pages.ts), so SEO leaves out is-crawlable. */
  noindex: boolean
  /** Audits that lost points in at least one run, with how many runs they did. */
  failedAudits: (RunSummary['failedAudits'][number] & { runs: number })[]
}

export function combineRuns(
  route: string,
  runs: readonly RunSummary[],
  noindex = false,
): RouteResult {
  if (runs.length === 0) throw new Error(`No Lighthouse run finished for ${route}`)
  const mid = (pick: (run: RunSummary) => number) => median(runs.map(pick))
  const failed = new Map<string, RouteResult['failedAudits'][number]>()
  for (const run of runs) {
    for (const audit of run.failedAudits) {
      const key = `${audit.category}/${audit.id}`
      const known = failed.get(key)
      if (known) known.runs += 1
      else failed.set(key, { ...audit, runs: 1 })
    }
  }
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
    failedAudits: [...failed.values()],
  }
}
