// The part of autocannon 8 the bench uses (the package ships no types of its own).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface Options {
    url: string
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
    /** Requests a second over all connections. */
    overallRate?: number
    /** Record each latency as measured (see load.ts for why). */
    ignoreCoordinatedOmission?: boolean
    timeout?: number
  }

  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): this
    on(event: 'done', listener: (result: Result) => void): this
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  function autocannon(options: Options): Instance
  export default autocannon
}
