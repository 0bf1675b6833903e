/**
 * The worker loop on fake timers: every wait in these tests is the loop's own timer, advanced
 * by the test, so nothing here depends on how busy the machine is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { JITTER } from '#core/retry/backoff.ts'
import { LoopStoppedError, WorkerLoop, type WorkerLoopOptions } from './worker-loop.ts'

interface Gate {
  promise: Promise<void>
  open(): void
}

function gate(): Gate {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

/** A pass the test controls: each call is recorded, and ends when its gate is opened. */
function controlledPasses() {
  const calls: { startedAt: number; signal: AbortSignal; gate: Gate }[] = []
  let failing: Error | undefined
  const pass = async (signal: AbortSignal) => {
    const entry = { startedAt: Date.now(), signal, gate: gate() }
    calls.push(entry)
    await entry.gate.promise
    if (failing) throw failing
    return calls.length
  }
  return {
    calls,
    pass,
    failWith(error: Error | undefined) {
      failing = error
    },
    /** Ends the pass in progress and lets the loop see it. */
    async finish() {
      calls.at(-1)!.gate.open()
      await vi.advanceTimersByTimeAsync(0)
    },
  }
}

let loops: WorkerLoop<unknown>[] = []

function loop<T>(options: Partial<WorkerLoopOptions<T>> & Pick<WorkerLoopOptions<T>, 'pass'>) {
  const created = new WorkerLoop<T>({ name: 'test', intervalMs: 1000, ...options })
  loops.push(created as WorkerLoop<unknown>)
  return created
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(async () => {
  for (const each of loops) {
    const stopping = each.stop(0)
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0)
    await stopping
  }
  loops = []
  vi.useRealTimers()
})

describe('polling', () => {
  it('runs the first pass at once, then each one the interval after the end of the last', async () => {
    const passes = controlledPasses()
    loop({ pass: passes.pass, intervalMs: 1000 }).start()
    expect(passes.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(5000)
    // The first pass has not ended: no second one.
    expect(passes.calls).toHaveLength(1)
    await passes.finish()
    await vi.advanceTimersByTimeAsync(999)
    expect(passes.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(passes.calls).toHaveLength(2)
  })

  it('waits firstDelayMs before the first pass', async () => {
    const passes = controlledPasses()
    loop({ pass: passes.pass, firstDelayMs: 10_000 }).start()
    await vi.advanceTimersByTimeAsync(9999)
    expect(passes.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(passes.calls).toHaveLength(1)
  })
})

describe('kicks', () => {
  it('start a pass at once when none is running', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass, intervalMs: 60_000 })
    running.start()
    await passes.finish()
    await vi.advanceTimersByTimeAsync(10)
    running.kick()
    expect(passes.calls).toHaveLength(2)
  })

  it('during a pass ask for one more pass right after it, however many they are', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass, intervalMs: 60_000 })
    running.start()
    for (let i = 0; i < 5; i++) running.kick()
    expect(passes.calls).toHaveLength(1)
    await passes.finish()
    // Right after: no timer in between.
    expect(passes.calls).toHaveLength(2)
    await passes.finish()
    await vi.advanceTimersByTimeAsync(59_999)
    expect(passes.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(passes.calls).toHaveLength(3)
  })

  it('start passes no more often than minGapMs', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass, intervalMs: 60_000, minGapMs: 100 })
    running.start()
    await vi.advanceTimersByTimeAsync(30)
    await passes.finish()
    running.kick()
    running.kick()
    expect(passes.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(69)
    expect(passes.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(passes.calls).toHaveLength(2)
    expect(passes.calls[1]!.startedAt - passes.calls[0]!.startedAt).toBe(100)
  })

  it('are unheard before start()', () => {
    const passes = controlledPasses()
    loop({ pass: passes.pass }).kick()
    expect(passes.calls).toHaveLength(0)
  })
})

describe('runNow', () => {
  it('runs a pass before start() and returns what it returned', async () => {
    const running = loop({ pass: async () => 'done' })
    await expect(running.runNow()).resolves.toBe('done')
  })

  it('asked during a pass, shares the one pass that follows with the kicks', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass, intervalMs: 60_000 })
    running.start()
    const first = running.runNow()
    running.kick()
    const second = running.runNow()
    await passes.finish()
    await passes.finish()
    await expect(first).resolves.toBe(2)
    await expect(second).resolves.toBe(2)
    expect(passes.calls).toHaveLength(2)
  })

  it('hands its caller the error of a failed pass', async () => {
    const running = loop({ pass: () => Promise.reject(new Error('no database')) })
    await expect(running.runNow()).rejects.toThrow('no database')
  })

  it('runNowOr answers the given value once stopped, and still hands on a failed pass', async () => {
    const failing = loop({ pass: () => Promise.reject(new Error('no database')) })
    await expect(failing.runNowOr('stopped')).rejects.toThrow('no database')
    const running = loop({ pass: async () => 'done' })
    await expect(running.runNowOr('stopped')).resolves.toBe('done')
    await running.stop()
    await expect(running.runNowOr('stopped')).resolves.toBe('stopped')
  })
})

describe('failures', () => {
  it('are logged, and the loop goes on', async () => {
    const passes = controlledPasses()
    const lines: string[] = []
    loop({ pass: passes.pass, log: (line) => lines.push(line), intervalMs: 1000 }).start()
    passes.failWith(new Error('connection refused'))
    await passes.finish()
    expect(lines).toEqual(['test: pass failed: connection refused'])
    passes.failWith(undefined)
    await vi.advanceTimersByTimeAsync(1000)
    expect(passes.calls).toHaveLength(2)
  })

  it('back off: the interval, doubling after each failure in a row up to maxBackoffMs, then the interval again', async () => {
    const passes = controlledPasses()
    loop({
      pass: passes.pass,
      intervalMs: 100,
      maxBackoffMs: 1000,
      random: () => 0,
      log: () => {},
    }).start()
    passes.failWith(new Error('down'))
    const waits: number[] = []
    for (let failure = 1; failure <= 6; failure++) {
      await passes.finish()
      const endedAt = Date.now()
      await vi.advanceTimersToNextTimerAsync()
      waits.push(passes.calls.at(-1)!.startedAt - endedAt)
    }
    expect(waits).toEqual([100, 200, 400, 800, 1000, 1000])
    passes.failWith(undefined)
    await passes.finish()
    const endedAt = Date.now()
    await vi.advanceTimersToNextTimerAsync()
    expect(passes.calls.at(-1)!.startedAt - endedAt).toBe(100)
  })

  it('back off with jitter: each wait between (1 - JITTER) and 1 times its ceiling, and not always the same', async () => {
    const passes = controlledPasses()
    loop({
      pass: passes.pass,
      intervalMs: 1000,
      maxBackoffMs: 1000,
      log: () => {},
    }).start()
    passes.failWith(new Error('down'))
    const waits: number[] = []
    for (let failure = 1; failure <= 20; failure++) {
      await passes.finish()
      const endedAt = Date.now()
      await vi.advanceTimersToNextTimerAsync()
      waits.push(passes.calls.at(-1)!.startedAt - endedAt)
    }
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(1000 * (1 - JITTER))
      expect(wait).toBeLessThanOrEqual(1000)
    }
    expect(new Set(waits).size).toBeGreaterThan(1)
  })

  it('of a pass nobody awaits do not surface as unhandled rejections', async () => {
    // Real timers: Node tells of unhandled rejections once the microtasks are done, on its own loop.
    vi.useRealTimers()
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const lines: string[] = []
      const running = loop({
        pass: () => Promise.reject(new Error('boom')),
        log: (line) => lines.push(line),
      })
      // The first pass, and the one a kick asks for during it: neither is awaited by anyone.
      running.start()
      running.kick()
      await vi.waitFor(() => expect(lines).toEqual(Array(2).fill('test: pass failed: boom')))
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})

describe('stop', () => {
  it('aborts the signal of the pass in progress, waits for it, and no pass starts after it', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass, intervalMs: 100 })
    running.start()
    running.kick()
    let stopped = false
    const stopping = running.stop().then((inTime) => {
      stopped = true
      return inTime
    })
    expect(passes.calls[0]!.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(10)
    expect(stopped).toBe(false)
    await passes.finish()
    await expect(stopping).resolves.toBe(true)
    // The kick made during the pass, the timer, new kicks: nothing runs.
    running.kick()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(passes.calls).toHaveLength(1)
    await expect(running.runNow()).rejects.toBeInstanceOf(LoopStoppedError)
    expect(running.stopped).toBe(true)
  })

  it('waits no longer than the grace for a pass that does not end, and idle() tells when it has', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass })
    running.start()
    const stopping = running.stop(3000)
    await vi.advanceTimersByTimeAsync(2999)
    let answered: boolean | undefined
    void stopping.then((inTime) => (answered = inTime))
    await vi.advanceTimersByTimeAsync(0)
    expect(answered).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(answered).toBe(false)
    let idle = false
    void running.idle().then(() => (idle = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(idle).toBe(false)
    await passes.finish()
    expect(idle).toBe(true)
  })

  it('refuses a pass asked for during the pass it waits for', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass })
    running.start()
    const asked = running.runNow()
    const stopping = running.stop()
    await expect(asked).rejects.toBeInstanceOf(LoopStoppedError)
    await passes.finish()
    await stopping
    expect(passes.calls).toHaveLength(1)
  })

  it('then start() polls again, with a fresh signal', async () => {
    const passes = controlledPasses()
    const running = loop({ pass: passes.pass })
    running.start()
    await passes.finish()
    await running.stop()
    running.start()
    expect(passes.calls).toHaveLength(2)
    expect(passes.calls[1]!.signal.aborted).toBe(false)
  })
})
