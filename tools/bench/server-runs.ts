/**
 * What the single-process run (bench.ts) and the worker comparison (workers.ts) share: how our
 * server is started for a bench, the page and contact API loads, and the CPU measured around
 * a load.
 */
import { readFile, stat } from 'node:fs/promises'
import { CONTACT_API_PATH } from '../../core/forms/api.ts'
import type { ServerRun } from './budgets.ts'
import { benchContactMessage } from './contact.ts'
import { treeCpuSeconds } from './cpu.ts'
import { constantRate, maximumPostRate, maximumRate, type RateResult } from './load.ts'
import type { BenchOptions } from './options.ts'
import { type Child, startChild, tail } from '#tools/measure/processes.ts'

/** Accept-Encoding of every page request, ours and nginx's alike. */
export const acceptEncoding = 'gzip'
export const warmUpSeconds = 2

export interface OurServerSettings {
  root: string
  port: number
  /** DATA_DIR: PGlite when there is no database URL, and the mail written as files. */
  dataDir: string
  logFile: string
  /** Absent: PGlite in dataDir, so no real database takes the bench's traffic. */
  databaseUrl?: string
  /** WEB_CONCURRENCY; absent: one process. */
  workers?: number
}

/**
 * `node build/server.js` in production mode on 127.0.0.1, rate limiting off and mail written as
 * files in the data folder: no real mail server takes the bench's traffic.
 */
export function startOurServer(settings: OurServerSettings): Child {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(settings.port),
    DATA_DIR: settings.dataDir,
    FORM_RATE_LIMIT: '0',
  }
  delete env.SMTP_URL
  delete env.DATABASE_URL
  delete env.WEB_CONCURRENCY
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl
  if (settings.workers) env.WEB_CONCURRENCY = String(settings.workers)
  return startChild('our server', process.execPath, ['build/server.js'], {
    cwd: settings.root,
    env,
    logFile: settings.logFile,
  })
}

/**
 * Resolves once the server has said it is ready: under WEB_CONCURRENCY the primary says so
 * when every worker listens, while the first worker already answers requests.
 */
export async function waitForReadyLine(
  child: Child,
  port: number,
  workers = 1,
  timeoutMs = 60_000,
) {
  const ready = new RegExp(
    `Site ready on http://localhost:${port}${workers > 1 ? ` \\(${workers} workers\\)` : ''}`,
  )
  const deadline = Date.now() + timeoutMs
  while (!ready.test(await readFile(child.logFile, 'utf8'))) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} stopped before it was ready:\n${await tail(child.logFile)}`)
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${child.name} did not say it was ready within ${timeoutMs / 1000} s:\n${await tail(child.logFile)}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The page at the highest rate the server answers, on the page runs' connections. */
export function pageLoad(options: BenchOptions, url: string, seconds: number) {
  return maximumRate({
    url,
    headers: { 'accept-encoding': acceptEncoding },
    connections: options.pageConnections,
    seconds,
  })
}

const contactRequest = (serverBase: string) => ({
  url: `${serverBase}${CONTACT_API_PATH}`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(benchContactMessage),
})

/** The contact API at --api-rate requests a second on --api-connections connections. */
export function contactApiLoad(options: BenchOptions, serverBase: string, seconds: number) {
  return constantRate({
    ...contactRequest(serverBase),
    rate: options.apiRate,
    connections: options.apiConnections,
    seconds,
  })
}

/** The contact API at the highest rate the server answers, on `connections` connections. */
export function contactApiMaxLoad(serverBase: string, connections: number, seconds: number) {
  return maximumPostRate({ ...contactRequest(serverBase), connections, seconds })
}

/** Runs a load and adds the CPU time the server's processes used meanwhile. */
export async function measured(child: Child, load: () => Promise<RateResult>): Promise<ServerRun> {
  const before = await treeCpuSeconds(child.process.pid!)
  const result = await load()
  return { ...result, cpuSeconds: (await treeCpuSeconds(child.process.pid!)) - before }
}

/** Contact messages the server answered with success in these runs. */
export const acceptedIn = (...runs: RateResult[]) =>
  runs.reduce((total, run) => total + run.requests - run.non2xx, 0)

export async function lineCount(file: string): Promise<number> {
  return (await stat(file)).size === 0 ? 0 : (await readFile(file, 'utf8')).split('\n').length - 1
}

/** Rate, latency, failures and the server's CPU of a contact API run, in two lines. */
export function formatApiRun(api: ServerRun, logLines: number): string {
  return [
    `  answered ${api.rate.toFixed(1)}/s (${api.requests} in ${api.seconds.toFixed(1)} s): ` +
      `p50 ${api.latency.p50.toFixed(1)} ms, p90 ${api.latency.p90.toFixed(1)} ms, ` +
      `p99 ${api.latency.p99.toFixed(1)} ms, max ${api.latency.max.toFixed(1)} ms`,
    `  non-2xx ${api.non2xx}, errors ${api.errors}; server CPU ${((api.cpuSeconds / api.seconds) * 100).toFixed(0)} % ` +
      `(${((api.cpuSeconds * 1000) / Math.max(1, api.requests)).toFixed(2)} ms a request, mail delivery included), ` +
      `${logLines} server log lines`,
  ].join('\n')
}
