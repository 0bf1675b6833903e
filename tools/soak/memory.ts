import { linearFit } from './stats.ts'

/** One reading of the server's memory, in bytes, `at` milliseconds after the load began. */
export interface MemorySample {
  at: number
  /** Resident set size from /proc/<pid>/status (VmRSS). */
  rss: number
  /** V8's used heap right after a full garbage collection (from the probe); absent without it. */
  heapUsed?: number
  /** Memory outside the V8 heap that JavaScript objects hold (buffers, PGlite's WebAssembly memory). */
  external?: number
}

/** VmRSS and VmHWM of a /proc/<pid>/status text, in bytes. */
export function parseProcStatus(text: string): { rss: number; peakRss?: number } {
  const kilobytes = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text)
    return match ? Number(match[1]) * 1024 : undefined
  }
  const rss = kilobytes('VmRSS')
  if (rss === undefined) throw new Error('no VmRSS in the process status')
  return { rss, peakRss: kilobytes('VmHWM') }
}

export type MemoryMeasure = 'rss' | 'heapUsed' | 'external'

export interface MemoryTrend {
  measure: MemoryMeasure
  first: number
  last: number
  max: number
  /** Bytes a minute, fitted over the samples after the warm-up; undefined with too few. */
  growthPerMinute?: number
  /** The slope's standard error, bytes a minute. */
  growthError?: number
  /** How many samples the fit used. */
  fitted: number
  /** The time they span, in milliseconds. */
  fittedMs: number
}

/**
 * First, last and largest value of one measure, and its linear growth per minute after
 * `warmUpMs` (caches filling and code being optimised at the start are not a leak).
 */
export function memoryTrend(
  samples: readonly MemorySample[],
  measure: MemoryMeasure,
  warmUpMs: number,
): MemoryTrend | undefined {
  const values = samples
    .filter((sample) => sample[measure] !== undefined)
    .map((sample) => ({ at: sample.at, value: sample[measure]! }))
  if (values.length === 0) return undefined
  const steady = values.filter((value) => value.at >= warmUpMs)
  const fit = linearFit(steady.map(({ at, value }) => ({ x: at / 60_000, y: value })))
  return {
    measure,
    first: values[0]!.value,
    last: values.at(-1)!.value,
    max: Math.max(...values.map((value) => value.value)),
    growthPerMinute: fit?.slope,
    growthError: fit?.slopeError,
    fitted: steady.length,
    fittedMs: steady.length > 0 ? steady.at(-1)!.at - steady[0]!.at : 0,
  }
}
