/**
 * `/metrics` under WEB_CONCURRENCY: a scrape reaches one worker, which asks the primary for the
 * sum over every worker (prom-client's AggregatorRegistry collects their registries over the
 * cluster's IPC channel) and answers with it, so Prometheus sees one site per machine whichever
 * worker it reaches.
 */
import cluster from 'node:cluster'
import { AggregatorRegistry, type Registry } from 'prom-client'

const ASK = 'site:metrics-ask'
const ANSWER = 'site:metrics-answer'
const TIMEOUT_MS = 6_000

interface Ask {
  type: typeof ASK
  id: number
}

interface Answer {
  type: typeof ANSWER
  id: number
  text?: string
  error?: string
}

/** In the primary: answers each worker's ask with the aggregate of all workers. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry()
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return
    const id = message.id
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id, error: error.message } satisfies Answer),
    )
  })
}

/**
 * In a worker: hands `registry` to the primary's aggregation, and returns what `/metrics`
 * renders: the primary's aggregate.
 */
export function aggregatedByPrimary(registry: Registry): () => Promise<string> {
  // The constructor listens for the primary's requests; setRegistries says what to send it.
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([registry])
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>()
  let next = 0
  process.on('message', (message: Partial<Answer>) => {
    if (message?.type !== ANSWER || typeof message.id !== 'number') return
    const request = waiting.get(message.id)
    if (!request) return
    waiting.delete(message.id)
    if (message.error !== undefined) request.reject(new Error(message.error))
    else request.resolve(message.text ?? '')
  })
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++
      const timer = setTimeout(() => {
        waiting.delete(id)
        reject(new Error('the primary did not answer with the metrics in time'))
      }, TIMEOUT_MS)
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      })
      process.send!({ type: ASK, id } satisfies Ask)
    })
}
