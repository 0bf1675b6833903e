import { percentile } from '#tools/measure/percentile.ts'

/** Something the soak timed: one request, or one whole action. */
export interface Timed {
  kind: string
  ms: number
  /** An error status, an exception, or an answer the visitor should not have had. */
  failed: boolean
}

export interface KindSummary {
  kind: string
  count: number
  failed: number
  p50: number
  p99: number
  max: number
}

/** Count, failures and latency of each kind, in the order `kinds` lists them. */
export function summarise(items: readonly Timed[], kinds: readonly string[]): KindSummary[] {
  return kinds
    .map((kind) => {
      const ofKind = items.filter((item) => item.kind === kind)
      const ms = ofKind.map((item) => item.ms)
      return {
        kind,
        count: ofKind.length,
        failed: ofKind.filter((item) => item.failed).length,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        max: ms.length > 0 ? Math.max(...ms) : Number.NaN,
      }
    })
    .filter((summary) => summary.count > 0)
}

/** The most frequent error messages with their counts, most frequent first. */
export function topErrors(messages: readonly string[], limit = 10): [string, number][] {
  const counts = new Map<string, number>()
  for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit)
}
