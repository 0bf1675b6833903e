import { kilobytes } from '../../tests/support/page-budgets.ts'
import type { Miss } from './judge.ts'
import type { RouteResult } from './results.ts'

/** Rows of cells as plain text, the first column left-aligned and every figure right-aligned. */
function align(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)]
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const milliseconds = (ms: number) => `${Math.round(ms)} ms`

/** The medians of every measured route. */
export function formatTable(results: readonly RouteResult[]): string {
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
  ]
  const rows = results.map((result) => [
    result.route,
    String(result.performance),
    String(result.accessibility),
    String(result.bestPractices),
    `${result.seo}${result.noindex ? '*' : ''}`,
    seconds(result.lcp),
    result.cls.toFixed(3),
    milliseconds(result.tbt),
    kilobytes(result.jsBytes),
    kilobytes(result.cssBytes),
  ])
  const notes = results.some((result) => result.noindex)
    ? ['', '* noindex on purpose (pages.ts): SEO scored without is-crawlable']
    : []
  return [...align([headings, ...rows]), ...notes].join('\n')
}

const signed = (value: number, unit = '') =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value)}${unit}`

/** Each static and form page beside itself with every script removed: what its scripts cost. */
export function formatScriptCost(
  pairs: readonly { result: RouteResult; withoutScripts: RouteResult }[],
): string {
  const rows = pairs.map(({ result, withoutScripts }) => [
    result.route,
    String(result.performance),
    String(withoutScripts.performance),
    signed(result.performance - withoutScripts.performance),
    milliseconds(result.tbt),
    milliseconds(withoutScripts.tbt),
    seconds(result.lcp),
    seconds(withoutScripts.lcp),
    signed(Math.round(result.lcp - withoutScripts.lcp), ' ms'),
  ])
  const headings = [
    'page',
    'perf',
    'no JS',
    'difference',
    'TBT',
    'no JS',
    'LCP',
    'no JS',
    'difference',
  ]
  return align([headings, ...rows]).join('\n')
}

/** The lines under the tables: every missed budget, or that there is none. */
export function formatMisses(misses: readonly Miss[]): string {
  if (misses.length === 0) return 'Every route meets every budget.'
  return [
    `${misses.length} budget${misses.length === 1 ? '' : 's'} missed:`,
    ...misses.map(
      (miss) => `  ${miss.route}: ${miss.budget} ${miss.actual} (budget ${miss.limit})`,
    ),
  ].join('\n')
}
