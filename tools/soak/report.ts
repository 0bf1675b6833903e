import type { Verdict } from './judge.ts'
import type { MemorySample, MemoryTrend } from './memory.ts'
import type { KindSummary } from './summary.ts'

export interface SoakReport {
  minutes: number
  rate: number
  loadBefore: number
  loadAfter: number
  actions: KindSummary[]
  requests: KindSummary[]
  errors: [string, number][]
  dropped: number
  mail: { expected: number; delivered: number }
  serverExit: { code: number | null; ms: number }
  memory: MemorySample[]
  trends: Partial<Record<'heapUsed' | 'rss' | 'external', MemoryTrend>>
  warmUpMs: number
  limits: { heapPerMinute: number; rssPerMinute: number }
  verdict: Verdict
}

const mb = (bytes: number | undefined, digits = 1) =>
  bytes === undefined ? '—' : (bytes / 1024 / 1024).toFixed(digits)
const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(value < 10 ? 1 : 0))

/** Columns padded to their widest cell; numbers to the right. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

function kindTable(title: string, summaries: KindSummary[]): string {
  const rows = summaries.map((summary) => [
    summary.kind,
    String(summary.count),
    String(summary.failed),
    ms(summary.p50),
    ms(summary.p99),
    ms(summary.max),
  ])
  const total = summaries.reduce((sum, summary) => sum + summary.count, 0)
  const failed = summaries.reduce((sum, summary) => sum + summary.failed, 0)
  rows.push(['all', String(total), String(failed), '', '', ''])
  return table([title, 'count', 'errors', 'p50 ms', 'p99 ms', 'max ms'], rows)
}

const measures = [
  ['heapUsed', 'heap after full GC'],
  ['external', 'external (buffers, WebAssembly)'],
  ['rss', 'resident (VmRSS)'],
] as const

export function formatReport(report: SoakReport): string {
  const memoryRows = measures.flatMap(([key, label]) => {
    const trend = report.trends[key]
    if (!trend) return []
    const growth =
      trend.growthPerMinute === undefined
        ? '—'
        : `${trend.growthPerMinute >= 0 ? '+' : ''}${mb(trend.growthPerMinute, 2)} ± ${mb(trend.growthError, 2)}`
    return [[label, mb(trend.first), mb(trend.last), mb(trend.max), growth]]
  })
  const lines = [
    '',
    `Soak: ${report.minutes.toFixed(1)} min at ${report.rate} actions/s; load average ${report.loadBefore.toFixed(2)} before, ${report.loadAfter.toFixed(2)} after.`,
    '',
    kindTable('action (whole flow)', report.actions),
    '',
    kindTable('request', report.requests),
    '',
    table(['memory, MB', 'first', 'last', 'max', 'growth MB/min'], memoryRows),
    `  heap after GC, every sample: ${report.memory.map((sample) => mb(sample.heapUsed)).join(' ')}`,
    `  resident, every sample:      ${report.memory.map((sample) => mb(sample.rss)).join(' ')}`,
    `  ${report.memory.length} samples; growth is a least-squares line over the samples after the first ${(report.warmUpMs / 1000).toFixed(0)} s, ± its standard error.`,
    `  Limits: heap ${mb(report.limits.heapPerMinute)} MB/min, resident ${mb(report.limits.rssPerMinute)} MB/min (and more than twice the standard error).`,
    '',
    `Mail written by the outbox: ${report.mail.delivered} for ${report.mail.expected} accepted submissions.`,
    `Actions not started because the server fell behind: ${report.dropped}.`,
    `Server stop on SIGTERM: exit ${report.serverExit.code ?? 'killed'} after ${report.serverExit.ms} ms.`,
  ]
  if (report.errors.length > 0) {
    lines.push('', 'Errors (most frequent first):')
    for (const [message, count] of report.errors) lines.push(`  ${count} × ${message}`)
  }
  lines.push('', ...report.verdict.notes)
  lines.push(
    report.verdict.ok
      ? `PASS: no errors${report.verdict.notes.length > 0 ? '.' : ', memory within the limits.'}`
      : `FAIL:\n${report.verdict.problems.map((problem) => `  - ${problem}`).join('\n')}`,
  )
  return lines.join('\n')
}
