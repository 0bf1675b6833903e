import autocannon, { type Options } from 'autocannon'
import { type LatencySummary, summarizeLatencies } from './stats.ts'

export interface RateResult {
  /** Answers with a 2xx status a second. */
  rate: number
  requests: number
  seconds: number
  non2xx: number
  errors: number
  /** Mean bytes of a whole answer (headers and body) as received. */
  bytesPerAnswer: number
  latency: LatencySummary
}

export interface PageLoad {
  url: string
  headers: Record<string, string>
  connections: number
  seconds: number
}

/** As many GET requests as the server answers, on `connections` keep-alive connections. */
export async function maximumRate(load: PageLoad): Promise<RateResult> {
  return run({
    url: load.url,
    headers: load.headers,
    connections: load.connections,
    duration: load.seconds,
  })
}

export interface PostLoad extends PageLoad {
  method: 'POST'
  body: string
}

/** As many POST requests as the server answers, on `connections` keep-alive connections. */
export async function maximumPostRate(load: PostLoad): Promise<RateResult> {
  return run({
    url: load.url,
    method: load.method,
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    duration: load.seconds,
  })
}

export interface ConstantLoad {
  url: string
  method: 'POST'
  headers: Record<string, string>
  body: string
  rate: number
  connections: number
  seconds: number
}

/**
 * `rate` requests a second shared by `connections` connections (autocannon's overallRate).
 * Each connection sends its share of a second back to back and then waits for the next second,
 * so at most `connections` requests are in flight at once.
 */
export async function constantRate(load: ConstantLoad): Promise<RateResult> {
  return run({
    url: load.url,
    method: load.method,
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    overallRate: load.rate,
    duration: load.seconds,
  })
}

async function run(options: Options): Promise<RateResult> {
  const latencies: number[] = []
  let bytes = 0
  const instance = autocannon({
    timeout: 10,
    // autocannon's own correction for rate-limited runs adds made-up samples one millisecond
    // apart (it takes 1 / rate as the interval in ms), which skews its percentiles; every
    // answer's own time is kept here instead and the percentiles taken from all of them.
    ignoreCoordinatedOmission: options.overallRate !== undefined,
    ...options,
  })
  instance.on('response', (_client, _status, resBytes, responseTime) => {
    latencies.push(responseTime)
    bytes += resBytes
  })
  const result = await instance
  return {
    rate: result['2xx'] / result.duration,
    requests: latencies.length,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerAnswer: latencies.length > 0 ? bytes / latencies.length : 0,
    latency: summarizeLatencies(latencies),
  }
}
