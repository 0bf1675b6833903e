import { budgets, kilobytes, type PageBudget } from '../../tests/support/page-budgets.ts'
import type { RouteResult } from './results.ts'

export interface Miss {
  route: string
  budget: string
  actual: string
  limit: string
}

/** A route as measured: the medians of its runs and, where its budget compares, its no-script twin. */
export interface MeasuredRoute {
  budget: PageBudget
  result: RouteResult
  /** The same page served with every script removed (budgets with `scriptCostPoints`). */
  withoutScripts?: RouteResult
}

/** A score out of 100 held to its least: 100 means nothing less. */
function scoreMiss(route: string, budget: string, actual: number, least: number): Miss[] {
  if (actual >= least) return []
  return [{ route, budget, actual: String(actual), limit: least === 100 ? '100' : `≥ ${least}` }]
}

/** The four scores, TBT and CLS, each the median of the runs (combineRuns). */
export function scoreMisses(result: RouteResult, budget: PageBudget): Miss[] {
  const { route } = result
  const misses = [
    ...scoreMiss(route, 'Performance', result.performance, budget.performance),
    ...scoreMiss(route, 'Accessibility', result.accessibility, budgets.accessibility),
    ...scoreMiss(route, 'Best practices', result.bestPractices, budgets.bestPractices),
    ...scoreMiss(route, 'SEO', result.seo, budgets.seo),
  ]
  if (result.tbt > budget.tbtMs) {
    misses.push({
      route,
      budget: 'TBT',
      actual: `${Math.round(result.tbt)} ms`,
      limit: `≤ ${budget.tbtMs} ms`,
    })
  }
  if (result.cls > budgets.cls) {
    misses.push({ route, budget: 'CLS', actual: result.cls.toFixed(3), limit: `≤ ${budgets.cls}` })
  }
  return misses
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

/** A page may score at most `allowedPoints` lower than itself without its scripts. */
export function scriptsMiss(
  result: RouteResult,
  withoutScripts: RouteResult,
  allowedPoints = 0,
): Miss[] {
  const least = withoutScripts.performance - allowedPoints
  if (result.performance >= least) return []
  return [
    {
      route: result.route,
      budget: 'Performance against no scripts',
      actual: String(result.performance),
      limit:
        allowedPoints === 0
          ? `≥ ${least}, the page without scripts`
          : `≥ ${least}, ${allowedPoints} below the page without scripts`,
    },
  ]
}

/** Every budget a measured route misses; none means it passes. */
export function judge(measured: MeasuredRoute): Miss[] {
  const { budget, result, withoutScripts } = measured
  return [
    ...scoreMisses(result, budget),
    ...byteMisses(result, budget),
    ...(withoutScripts ? scriptsMiss(result, withoutScripts, budget.scriptCostPoints) : []),
  ]
}
