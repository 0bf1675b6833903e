import { findPage, pages, prerenderedPaths } from '#app/content/pages.ts'

/** What a route's scripts may cost: its own class of page decides (see `pageBudget`). */
export interface PageBudget {
  /** Which budget this is, for the table and the messages. */
  name: 'static' | 'form' | 'app'
  /** Lighthouse mobile performance, out of 100 (median of the runs). */
  performance: number
  /** Total Blocking Time, ms (median). */
  tbtMs: number
  /** JavaScript of a first visit, gzip bytes. */
  jsBytes: number
  /**
   * Points of performance the page's scripts may cost against the same page without them
   * (measured side by side in one run); absent, the page is not compared.
   */
  scriptCostPoints?: number
}

/**
 * docs/architecture.md#budgets, the one place they are written down: `npm run lighthouse` (tools/) judges
 * its runs by them and tests/e2e/budgets.spec.ts holds every first visit to the byte budgets.
 */
export const budgets = {
  /** Every route. */
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  /** CSS of a first visit, gzip bytes (30 KB). */
  cssBytes: 30_000,
  /** A static page (pages.ts `static`): no framework in the browser (ADR 019). */
  static: { name: 'static', performance: 100, tbtMs: 30, jsBytes: 15_000, scriptCostPoints: 0 },
  /**
   * The contact and job application pages: React and the router, but their forms work before
   * the scripts run, so the scripts may cost the page at most a point and no blocking time.
   */
  form: { name: 'form', performance: 95, tbtMs: 30, jsBytes: 130_000, scriptCostPoints: 1 },
  /** The demo pages, which run React and the router. */
  app: { name: 'app', performance: 95, tbtMs: 150, jsBytes: 130_000 },
} as const satisfies Record<string, unknown>

/** The budget of a page of app/content/pages.ts, by what it is there; throws for other paths. */
export function pageBudget(route: string): PageBudget {
  const page = findPage(route)
  if (!page) throw new Error(`${route} is not a page of app/content/pages.ts`)
  if (page.static === true) return budgets.static
  return page.kind === 'form' ? budgets.form : budgets.app
}

export function jsBudgetOf(route: string): number {
  return pageBudget(route).jsBytes
}

/**
 * The routes measured by default: every marketing page, then the form and demo pages a visitor
 * can open directly (the others need a payment in progress).
 */
export function measuredRoutes(): string[] {
  return [
    ...prerenderedPaths(),
    ...pages.filter((page) => page.kind !== 'marketing' && page.indexed).map((page) => page.path),
  ]
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`
}
