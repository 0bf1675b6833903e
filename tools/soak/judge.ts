import type { MemoryTrend } from './memory.ts'

/**
 * How much memory growth a minute, fitted after the warm-up, the soak puts down to noise.
 *
 * Heap: measured right after a full collection, so it is what the server really holds. The
 * site keeps nothing per visitor in memory (no sessions; with FORM_RATE_LIMIT=0 no rate-limit
 * buckets; orders, payments and mail live in the database), so after the warm-up it should be
 * flat. In a 5-minute run (5 actions/s, load average 18 on two cores) it climbed 27 → 34 MB in
 * the first two minutes (code optimised, caches filled) and then held within 34.3–35.1 MB: a
 * fitted +0.1 MB/min. 1 MB/min is ten times that, and still catches anything the server keeps
 * of each action above about 3.5 KB (300 actions a minute).
 *
 * Resident memory: also counts the pages PGlite's WebAssembly memory touches as its tables and
 * cache grow, and the allocator's arenas, so it rises slowly with the stored data: +0.7 MB/min
 * in that run. 4 MB/min leaves room for that and catches native memory kept per action above
 * about 14 KB.
 */
export const limits = {
  heapPerMinute: 1 * 1024 * 1024,
  rssPerMinute: 4 * 1024 * 1024,
  /** Growth over a shorter stretch after the warm-up is mostly the warm-up's own tail. */
  judgedAfterMs: 2 * 60_000,
}

export interface SoakOutcome {
  failedActions: number
  failedRequests: number
  /** Actions not started because too many were still in flight. */
  dropped: number
  serverExit: number | null
  /** Lines of the server's log that speak of an error. */
  serverProblems: number
  mail: { expected: number; delivered: number }
  heap?: MemoryTrend
  rss?: MemoryTrend
  minutes: number
}

export interface Verdict {
  ok: boolean
  problems: string[]
  /** What was not judged, and why. */
  notes: string[]
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2)

/**
 * A growth counts only when it is above the limit and also more than twice its own standard
 * error: scatter alone does not fail the run, a steady climb does.
 */
function growthProblem(name: string, trend: MemoryTrend | undefined, limit: number) {
  if (trend?.growthPerMinute === undefined) return undefined
  const growth = trend.growthPerMinute
  const error = trend.growthError ?? 0
  if (growth > limit && growth > 2 * error) {
    return `${name} grew ${mb(growth)} MB/min (± ${mb(error)}), over the limit of ${mb(limit)} MB/min`
  }
  return undefined
}

export function judge(outcome: SoakOutcome): Verdict {
  const problems: string[] = []
  if (outcome.failedActions > 0) problems.push(`${outcome.failedActions} actions failed`)
  if (outcome.failedRequests > 0) {
    problems.push(`${outcome.failedRequests} requests answered an error or no answer`)
  }
  if (outcome.dropped > 0) {
    problems.push(`${outcome.dropped} actions were not started: the server fell behind the rate`)
  }
  if (outcome.serverExit !== 0) {
    problems.push(`the server did not stop cleanly on SIGTERM (exit ${outcome.serverExit})`)
  }
  if (outcome.serverProblems > 0) {
    problems.push(`${outcome.serverProblems} lines of the server's log speak of an error`)
  }
  if (outcome.mail.delivered !== outcome.mail.expected) {
    problems.push(
      `${outcome.mail.delivered} mails written for ${outcome.mail.expected} accepted submissions`,
    )
  }
  const notes: string[] = []
  if (outcome.heap === undefined) problems.push('the server answered no heap samples')
  if ((outcome.heap?.fittedMs ?? 0) < limits.judgedAfterMs) {
    notes.push(
      `Memory growth is not judged: it needs ${limits.judgedAfterMs / 60_000} minutes of samples after the warm-up (a run of 3 minutes or more).`,
    )
  } else {
    const heap = growthProblem(
      'The heap after garbage collection',
      outcome.heap,
      limits.heapPerMinute,
    )
    if (heap) problems.push(heap)
    const rss = growthProblem('The resident memory', outcome.rss, limits.rssPerMinute)
    if (rss) problems.push(rss)
  }
  return { ok: problems.length === 0, problems, notes }
}
