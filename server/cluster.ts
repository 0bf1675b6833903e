import cluster, { type Worker } from 'node:cluster'

export interface SupervisorOptions {
  workers: number
  /** For the ready line. */
  port: number
  /** How long a worker may take to drain and close after SIGTERM (its own drain included). */
  stopDeadlineMs: number
  log: (line: string) => void
}

/** More restarts than this within RESTART_WINDOW_MS means a crash loop: the site stops. */
const MAX_RESTARTS = 5
const RESTART_WINDOW_MS = 60_000

/**
 * WEB_CONCURRENCY: runs `workers` copies of the server sharing one port (node:cluster hands
 * the connections round-robin). They share nothing but PostgreSQL, exactly like instances on
 * several machines. A worker that dies after it started listening is replaced; one that dies
 * before (bad configuration, database unreachable) stops the site, since its replacement would
 * fail the same way. SIGTERM and SIGINT reach every worker, each drains and closes as a single
 * server does, and the primary exits when the last one has, 0 only if all of them exited 0.
 */
export function superviseWorkers(options: SupervisorOptions): void {
  const listening = new Set<Worker>()
  const restarts: number[] = []
  let stopping = false
  let failed = false

  /** Forks a worker; `replaces` is the pid of the dead one it stands in for. */
  const start = (replaces?: number) => {
    const worker = cluster.fork()
    worker.once('listening', () => {
      listening.add(worker)
      if (replaces !== undefined) {
        options.log(`Worker ${worker.process.pid} listening in place of ${replaces}`)
      } else if (listening.size === options.workers && restarts.length === 0) {
        options.log(`Site ready on http://localhost:${options.port} (${options.workers} workers)`)
      }
    })
    worker.once('exit', (code, signal) => {
      const started = listening.delete(worker)
      if (stopping) {
        if (code !== 0) failed = true
        return exitWhenAllGone()
      }
      const how = signal ?? `code ${code}`
      if (!started) {
        options.log(`A worker exited (${how}) before it listened; stopping the site`)
        failed = true
        return stop()
      }
      const now = Date.now()
      restarts.push(now)
      while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift()
      if (restarts.length > MAX_RESTARTS) {
        options.log(`Workers keep dying (${restarts.length} in a minute); stopping the site`)
        failed = true
        return stop()
      }
      options.log(`Worker ${worker.process.pid} exited (${how}); starting another`)
      start(worker.process.pid)
    })
  }

  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)

  const exitWhenAllGone = () => {
    if (workers().every((worker) => worker.isDead())) process.exit(failed ? 1 : 0)
  }

  const stop = () => {
    if (stopping) return
    stopping = true
    for (const worker of workers()) if (!worker.isDead()) worker.process.kill('SIGTERM')
    setTimeout(() => {
      for (const worker of workers()) if (!worker.isDead()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, options.stopDeadlineMs).unref()
    exitWhenAllGone()
  }

  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  for (let index = 0; index < options.workers; index++) start()
}
