/**
 * The scores and metrics of a route judged by Lighthouse CI's assertion engine, the module
 * `lhci assert` itself runs (@lhci/cli/src/assert/assert.js calls it), with assertions made from
 * the budgets: each figure the median of the route's runs.
 */
import { createRequire } from 'node:module'
import { budgets, type PageBudget } from './budgets.ts'
import type { LighthouseReport } from './report.ts'

type Level = 'error'
export type Assertion = [Level, { minScore: number } | { maxNumericValue: number }]

/** Lighthouse CI's assert options (the `ci.assert` of a lighthouserc), for one URL. */
export interface AssertOptions {
  aggregationMethod: 'median'
  assertions: Record<string, Assertion>
}

/** What Lighthouse CI's engine says of one assertion. */
export interface AssertionResult {
  url: string
  auditId: string
  auditProperty?: string
  name: 'minScore' | 'maxNumericValue' | 'maxLength' | 'auditRan'
  expected: number
  actual: number
  passed: boolean
}

interface AssertionEngine {
  getAllAssertionResults(
    options: AssertOptions & { includePassedAssertions?: boolean },
    lhrs: readonly LighthouseReport[],
  ): AssertionResult[]
}

// A CommonJS module without types; the exact pin of @lhci/utils keeps this path.
const engine = createRequire(import.meta.url)('@lhci/utils/src/assertions.js') as AssertionEngine

const score = (points: number): Assertion => ['error', { minScore: points / 100 }]

/** Lighthouse CI assertions for a route held to `budget`. */
export function assertionsFor(budget: PageBudget): AssertOptions {
  return {
    aggregationMethod: 'median',
    assertions: {
      'categories:performance': score(budget.performance),
      'categories:accessibility': score(budgets.accessibility),
      'categories:best-practices': score(budgets.bestPractices),
      'categories:seo': score(budgets.seo),
      'total-blocking-time': ['error', { maxNumericValue: budget.tbtMs }],
      'cumulative-layout-shift': ['error', { maxNumericValue: budgets.cls }],
    },
  }
}

/** The assertions a route's runs fail; none when it meets them all. */
export function failedAssertions(
  budget: PageBudget,
  reports: readonly LighthouseReport[],
): AssertionResult[] {
  return engine.getAllAssertionResults(assertionsFor(budget), reports)
}

const categoryNames: Record<string, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
}

/** A failed assertion in the words of the table: what, the median found, and the limit. */
export function describeAssertion(result: AssertionResult): {
  budget: string
  actual: string
  limit: string
} {
  if (result.name === 'auditRan') {
    const what = result.auditProperty ?? result.auditId
    return { budget: what, actual: 'missing in some runs', limit: 'in every run' }
  }
  if (result.auditId === 'categories') {
    const points = (value: number) => String(Math.round(value * 1000) / 10)
    return {
      budget: categoryNames[result.auditProperty ?? ''] ?? String(result.auditProperty),
      actual: points(result.actual),
      limit: result.expected === 1 ? '100' : `≥ ${points(result.expected)}`,
    }
  }
  if (result.auditId === 'total-blocking-time') {
    return {
      budget: 'TBT',
      actual: `${Math.round(result.actual)} ms`,
      limit: `≤ ${result.expected} ms`,
    }
  }
  if (result.auditId === 'cumulative-layout-shift') {
    return { budget: 'CLS', actual: result.actual.toFixed(3), limit: `≤ ${result.expected}` }
  }
  return { budget: result.auditId, actual: String(result.actual), limit: String(result.expected) }
}
