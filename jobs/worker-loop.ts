/**
 * The one loop behind every background job of the site and the sandbox, five of them: the mail
 * outbox (server/mail/outbox.ts) and the sandbox's webhooks (gateway/webhooks/worker.ts, whose
 * passes first confirm the late@upi payments due), durable queues (durable-queue.ts); the demo
 * reconciler and the retention pruner, periodic jobs under a lock (scheduled-under-lock.ts); and
 * the sandbox's settlement runs (gateway/settlements/runner.ts), each one transaction under its
 * lock (advisory-lock.ts). It runs a pass, waits, and runs the next.
 *
 * - Polls: the next pass starts `intervalMs` after the end of the last one.
 * - Wakes on a kick: a kick starts a pass at once (no sooner than `minGapMs` after the last one
 *   started); kicks during a pass ask for one more pass right after it, however many they are.
 * - Backs off after failures: a pass that throws is logged, and the next waits longer after each
 *   failure in a row (core/retry/backoff.ts, the repository's one formula, with its jitter) up to
 *   `maxBackoffMs` or the interval if that is longer; the first pass that succeeds resets it.
 * - Stops cleanly: stop() aborts the pass's signal (the pass starts nothing new and cancels what
 *   it can), waits up to a grace period for it, and no pass starts after it.
 *
 * Its timers never keep the process alive.
 */
import { backoffDelayMs } from '#core/retry/backoff.ts'

/** How long stop() waits for the pass in progress unless told otherwise. */
export const DEFAULT_STOP_GRACE_MS = 3000

/** The longest wait after failed passes, unless the interval is longer or the loop says otherwise. */
export const DEFAULT_MAX_BACKOFF_MS = 60_000

export interface WorkerLoopOptions<T> {
  /** Starts the loop's log lines. */
  name: string
  /** One pass. `signal` is aborted by stop(): start nothing new, cancel what can be cancelled. */
  pass: (signal: AbortSignal) => Promise<T>
  /** Between the end of one pass and the start of the next. */
  intervalMs: number
  /** Before the first pass after start(); at once by default. */
  firstDelayMs?: number
  /** Passes start at most this often, kicks included; 0 by default. */
  minGapMs?: number
  /** The longest wait after failed passes (when longer than `intervalMs`). */
  maxBackoffMs?: number
  log?: (line: string) => void
  /** The jitter's random source (tests). */
  random?: () => number
}

/** What runNow() rejects with when the loop is stopped before the pass could start. */
export class LoopStoppedError extends Error {
  constructor(name: string) {
    super(`${name}: stopped`)
    this.name = 'LoopStoppedError'
  }
}

interface Asked<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export class WorkerLoop<T> {
  /** The pass in progress; it never rejects (its failure is logged and given to its askers). */
  private running: Promise<void> | undefined
  /** The pass asked for (by a kick, runNow() or the timer) and not started yet. */
  private asked: Asked<T> | undefined
  private timer: NodeJS.Timeout | undefined
  /** Between start() and stop(): the timer runs and kicks are heard. */
  private polling = false
  /** From stop() to the next start(): no pass starts. */
  private halted = false
  private abort = new AbortController()
  private failures = 0
  private lastStartAt = Number.NEGATIVE_INFINITY

  constructor(private readonly options: WorkerLoopOptions<T>) {}

  /** Whether stop() was called (and start() not since). */
  get stopped(): boolean {
    return this.halted
  }

  /** Starts polling: the first pass after `firstDelayMs`. Again after stop(), it starts afresh. */
  start(): void {
    if (this.polling) return
    this.polling = true
    this.halted = false
    if (this.abort.signal.aborted) this.abort = new AbortController()
    this.failures = 0
    const firstDelayMs = this.options.firstDelayMs ?? 0
    if (firstDelayMs > 0) this.arm(firstDelayMs)
    else this.kick()
  }

  /** Runs a pass now, or once more right after the one in progress. Unheard unless polling. */
  kick(): void {
    if (!this.polling) return
    this.ask()
  }

  /**
   * Runs a pass now (or right after the one in progress, as a kick does), also before start(),
   * and returns what it returned or threw. Rejects with LoopStoppedError once stopped.
   */
  runNow(): Promise<T> {
    if (this.halted) return Promise.reject(new LoopStoppedError(this.options.name))
    return this.ask().promise
  }

  /** As runNow(), but answers `whenStopped` instead of rejecting once the loop is stopped. */
  async runNowOr<F>(whenStopped: F): Promise<T | F> {
    try {
      return await this.runNow()
    } catch (error) {
      if (error instanceof LoopStoppedError) return whenStopped
      throw error
    }
  }

  /**
   * Stops: no pass starts after this, the pass in progress sees its signal aborted, and this
   * waits up to `graceMs` for it. Returns whether it ended in time (see idle()).
   */
  async stop(graceMs = DEFAULT_STOP_GRACE_MS): Promise<boolean> {
    this.polling = false
    this.halted = true
    clearTimeout(this.timer)
    this.timer = undefined
    this.abort.abort()
    const asked = this.asked
    this.asked = undefined
    asked?.reject(new LoopStoppedError(this.options.name))
    const running = this.running
    if (!running) return true
    let timer: NodeJS.Timeout | undefined
    const inTime = await Promise.race([
      running.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ])
    clearTimeout(timer)
    return inTime
  }

  /** Resolves when no pass is in progress: after a stop() that timed out, when the pass ends. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve()
  }

  private ask(): Asked<T> {
    this.asked ??= asked<T>()
    const current = this.asked
    this.launch()
    return current
  }

  /** Starts the pass asked for, unless one is running (it starts after) or it is too soon. */
  private launch() {
    if (this.running || !this.asked || this.halted) return
    const wait = this.lastStartAt + (this.options.minGapMs ?? 0) - Date.now()
    if (wait > 0) {
      this.arm(wait)
      return
    }
    clearTimeout(this.timer)
    this.timer = undefined
    const { resolve, reject } = this.asked
    this.asked = undefined
    this.lastStartAt = Date.now()
    const signal = this.abort.signal
    const pass = (async () => this.options.pass(signal))()
    this.running = pass
      .then(
        (value) => {
          this.failures = 0
          resolve(value)
        },
        (error: unknown) => {
          this.failures++
          this.options.log?.(`${this.options.name}: pass failed: ${describe(error)}`)
          reject(error)
        },
      )
      .finally(() => {
        this.running = undefined
        if (this.asked) this.launch()
        else if (this.polling) this.arm(this.nextDelayMs())
      })
  }

  /** The wait before the next pass: the interval, or the backoff after failed passes. */
  private nextDelayMs(): number {
    const { intervalMs } = this.options
    if (this.failures === 0) return intervalMs
    return backoffDelayMs(
      this.failures,
      {
        baseMs: intervalMs,
        growth: 2,
        capMs: Math.max(intervalMs, this.options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS),
      },
      this.options.random,
    )
  }

  /** The one timer: when it fires, a pass is asked for. */
  private arm(delayMs: number) {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.ask()
    }, delayMs)
    this.timer.unref()
  }
}

function asked<T>(): Asked<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  // A pass nobody awaits (a kick's, the timer's) must not fail as an unhandled rejection; its
  // failure is logged by the loop. runNow()'s caller still sees it.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
