import { describeAssertion, failedAssertions } from './assertions.ts'
import { budgets, kilobytes, type PageBudget } from './budgets.ts'
import type { LighthouseReport } from './report.ts'
import type { RouteResult } from './results.ts'

export interface Miss {
  route: string
  budget: string
  actual: string
  limit: string
}

/** A route as measured: its runs, their medians and, for a static page, its no-script twin. */
export interface MeasuredRoute {
  budget: PageBudget
  reports: readonly LighthouseReport[]
  result: RouteResult
  /** The same page served with every script removed (static pages only). */
  withoutScripts?: RouteResult
}

/** Gzip bytes of the first visit's JavaScript and CSS (Lighthouse counts the wire, not gzip). */
export function byteMisses(result: RouteResult, budget: PageBudget): Miss[] {
  const misses: Miss[] = []
  if (result.jsBytes > budget.jsBytes) {
    misses.push({
      route: result.route,
      budget: 'JavaScript',
      actual: kilobytes(result.jsBytes),
      limit: `≤ ${kilobytes(budget.jsBytes)} gzip`,
    })
  }
  if (result.cssBytes > budgets.cssBytes) {
    misses.push({
      route: result.route,
      budget: 'CSS',
      actual: kilobytes(result.cssBytes),
      limit: `≤ ${kilobytes(budgets.cssBytes)} gzip`,
    })
  }
  return misses
}

/** A static page may not score lower than itself without its scripts. */
export function scriptsMiss(result: RouteResult, withoutScripts: RouteResult): Miss[] {
  if (result.performance >= withoutScripts.performance) return []
  return [
    {
      route: result.route,
      budget: 'Performance against no scripts',
      actual: String(result.performance),
      limit: `≥ ${withoutScripts.performance}, the page without scripts`,
    },
  ]
}

/** Every budget a measured route misses; none means it passes. */
export function judge(measured: MeasuredRoute): Miss[] {
  const { budget, reports, result, withoutScripts } = measured
  return [
    ...failedAssertions(budget, reports).map((failed) => ({
      route: result.route,
      ...describeAssertion(failed),
    })),
    ...byteMisses(result, budget),
    ...(withoutScripts ? scriptsMiss(result, withoutScripts) : []),
  ]
}
