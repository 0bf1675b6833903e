import { isStaticPath } from '../../app/content/pages.ts'
import type { RouteResult } from './results'

/** docs/architecture.md "Budgets", Lighthouse mobile, for every marketing route. */
export const budgets = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0.02,
  /** JavaScript of a first visit, gzip bytes (100 KB). */
  jsBytes: 100_000,
  /** JavaScript of a first visit to a static page (pages.ts `static`), gzip bytes (15 KB). */
  staticJsBytes: 15_000,
  /** JavaScript of a first visit to a form or demo page, which runs React, gzip (130 KB). */
  appJsBytes: 130_000,
  /** CSS of a first visit, gzip bytes (30 KB). */
  cssBytes: 30_000,
} as const

export interface Miss {
  route: string
  budget: string
  actual: string
  limit: string
}

/** The JavaScript budget of a route: static pages load no framework, so theirs is far lower. */
export function jsBudgetOf(route: string): number {
  return isStaticPath(route) ? budgets.staticJsBytes : budgets.jsBytes
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`
}

/** Every budget a route misses; none means it passes. */
export function judge(results: readonly RouteResult[]): Miss[] {
  const misses: Miss[] = []
  for (const result of results) {
    const miss = (budget: string, actual: string, limit: string) =>
      misses.push({ route: result.route, budget, actual, limit })
    if (result.performance < budgets.performance) {
      miss('Performance', String(result.performance), `≥ ${budgets.performance}`)
    }
    if (result.accessibility < budgets.accessibility) {
      miss('Accessibility', String(result.accessibility), `${budgets.accessibility}`)
    }
    if (result.bestPractices < budgets.bestPractices) {
      miss('Best practices', String(result.bestPractices), `${budgets.bestPractices}`)
    }
    if (result.seo < budgets.seo) miss('SEO', String(result.seo), `${budgets.seo}`)
    if (result.cls > budgets.cls) miss('CLS', result.cls.toFixed(3), `≤ ${budgets.cls}`)
    const jsLimit = jsBudgetOf(result.route)
    if (result.jsBytes > jsLimit) {
      miss('JavaScript', kilobytes(result.jsBytes), `≤ ${kilobytes(jsLimit)} gzip`)
    }
    if (result.cssBytes > budgets.cssBytes) {
      miss('CSS', kilobytes(result.cssBytes), `≤ ${kilobytes(budgets.cssBytes)} gzip`)
    }
  }
  return misses
}
