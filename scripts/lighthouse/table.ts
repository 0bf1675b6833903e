import { type Miss, kilobytes } from './budgets'
import type { RouteResult } from './results'

const headings = [
  'route',
  'perf',
  'a11y',
  'best pr.',
  'SEO',
  'LCP',
  'CLS',
  'TBT',
  'JS gzip',
  'CSS gzip',
] as const

function cells(result: RouteResult): string[] {
  return [
    result.route,
    String(result.performance),
    String(result.accessibility),
    String(result.bestPractices),
    `${result.seo}${result.noindex ? '*' : ''}`,
    `${(result.lcp / 1000).toFixed(2)} s`,
    result.cls.toFixed(3),
    `${Math.round(result.tbt)} ms`,
    kilobytes(result.jsBytes),
    kilobytes(result.cssBytes),
  ]
}

/** A plain-text table, the route left-aligned and every figure right-aligned. */
export function formatTable(results: readonly RouteResult[]): string {
  const rows = [[...headings], ...results.map(cells)]
  const widths = headings.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  const notes = results.some((result) => result.noindex)
    ? ['', '* noindex on purpose (pages.ts): SEO scored without is-crawlable']
    : []
  return [line(rows[0]!), rule, ...rows.slice(1).map(line), ...notes].join('\n')
}

/** The lines under the table: every missed budget, then the audits that lost points. */
export function formatMisses(misses: readonly Miss[], results: readonly RouteResult[]): string {
  if (misses.length === 0) return 'Every route meets every budget.'
  const lines = [`${misses.length} budget${misses.length === 1 ? '' : 's'} missed:`]
  for (const miss of misses) {
    lines.push(`  ${miss.route}: ${miss.budget} ${miss.actual} (budget ${miss.limit})`)
  }
  const missedRoutes = new Set(misses.map((miss) => miss.route))
  for (const result of results) {
    if (!missedRoutes.has(result.route) || result.failedAudits.length === 0) continue
    lines.push(`  ${result.route}, audits below full marks:`)
    for (const audit of result.failedAudits) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : ''
      lines.push(
        `    ${audit.category}: ${audit.id}${value}, ${audit.runs} of ${result.runs} run${result.runs === 1 ? '' : 's'}`,
      )
    }
  }
  return lines.join('\n')
}
