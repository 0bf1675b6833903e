/**
 * What the sandbox benchmarks (`npm run bench:accounts`, `npm run bench:listen`) report alike:
 * latencies as p50 / p95 / p99 by nearest rank, in a plain table of left-aligned columns.
 */
import { percentile } from '#tools/measure/percentile.ts'

export interface Latency {
  p50: number
  p95: number
  p99: number
}

export function latencyOf(samples: readonly number[]): Latency {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
  }
}

/** `p50 / p95 / p99` in milliseconds to a tenth. */
export function formatLatency(latency: Latency): string {
  const ms = (value: number) => value.toFixed(1)
  return `${ms(latency.p50)} / ${ms(latency.p95)} / ${ms(latency.p99)}`
}

/** `value / base`, NaN without a base to compare with (which no goal then passes). */
export function ratio(value: number, base: number): number {
  return base > 0 ? value / base : Number.NaN
}

/** The header and rows, each column as wide as its widest cell, two spaces apart. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
  )
  const line = (row: readonly string[]) =>
    header
      .map((_, column) => (row[column] ?? '').padEnd(widths[column]!))
      .join('  ')
      .trimEnd()
  return [header, ...rows].map(line).join('\n')
}
