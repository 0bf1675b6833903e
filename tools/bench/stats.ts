import { percentile } from '#tools/measure/percentile.ts'

export interface LatencySummary {
  count: number
  p50: number
  p90: number
  p99: number
  max: number
}

export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

/**
 * CPU seconds (user + system) a process has used, from the fields of /proc/PID/stat after the
 * command name (which may itself hold spaces and parentheses).
 */
export function cpuSecondsFromStat(stat: string, ticksPerSecond = 100): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 of the whole line (utime, stime) are 12 and 13 after the name.
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error('unreadable /proc stat line')
  return (utime + stime) / ticksPerSecond
}
