/**
 * npm run bench -- --workers 1,2: the same server with each WEB_CONCURRENCY in turn, on the
 * PostgreSQL database at DATABASE_URL (several workers cannot share embedded PGlite), and their
 * figures side by side. Replaces the single-process run: no nginx, no budgets; what is checked
 * is that every request was answered and every accepted message stored and mailed.
 */
import { mkdir } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { CONTACT_API_PATH } from '../../core/forms/api.ts'
import { failed, formatChecks, type ServerRun } from './budgets.ts'
import { benchContactMessage } from './contact.ts'
import { treeProcesses } from './cpu.ts'
import type { RateResult } from './load.ts'
import type { BenchOptions } from './options.ts'
import { countStored, type StoredCounts, storedSince } from './outbox-count.ts'
import {
  acceptedIn,
  acceptEncoding,
  contactApiLoad,
  contactApiMaxLoad,
  formatApiRun,
  lineCount,
  measured,
  pageLoad,
  startOurServer,
  waitForReadyLine,
  warmUpSeconds,
} from './server-runs.ts'
import {
  formatWorkerLimits,
  formatWorkerRatios,
  formatWorkerTable,
  type WorkerOutcome,
  workerChecks,
  workerCount,
} from './workers-report.ts'
import { waitForMail } from '#tools/measure/mail-files.ts'
import { type Child, freePort, stopChild, tail, waitForHttp } from '#tools/measure/processes.ts'

export const workersNeedDatabase =
  '--workers needs DATABASE_URL: several workers share PostgreSQL, embedded PGlite serves one process'

export interface WorkerComparison {
  root: string
  /** The bench's temporary folder: each count gets its own data folder (mail) in it. */
  workDir: string
  options: BenchOptions & { workers: number[] }
  databaseUrl: string
  /** Hands each server started to the bench, which stops it on Ctrl-C. */
  track: (child: Child) => void
}

/** Exit code: 0, 1 when a check failed, 2 when the database has mail waiting (see below). */
export async function compareWorkers(comparison: WorkerComparison): Promise<number> {
  const { options, databaseUrl } = comparison
  const apiMaxConnections = options.pageConnections
  const loadBefore = loadavg()[0]!
  console.log(
    [
      `Worker comparison on PostgreSQL (${redact(databaseUrl)}): ${options.workers.join(', ')} ` +
        'workers, one count after the other. It replaces the single-process run: no nginx, and ' +
        'the budgets are not judged.',
      `  Warning: the bench writes its contact messages to that database and leaves them there ` +
        `(from ${benchContactMessage.email}); it deletes nothing, it counts the rows before and after each count.`,
      `  Page ${options.page} (Accept-Encoding: ${acceptEncoding}) at the highest rate on ${options.pageConnections} connections; ` +
        `the contact API (POST ${CONTACT_API_PATH}) at the highest rate on ${apiMaxConnections} connections ` +
        '(as many as the page runs: requests waiting for every worker while others wait on the database), ' +
        `then at ${options.apiRate}/s on ${options.apiConnections} connections.`,
      `  Each: ${warmUpSeconds} s warm-up, then ${options.pageSeconds} s (page) or ${options.apiSeconds} s (API); ` +
        'the mail of one run is written before the next starts.',
      `  Server CPU: all its processes, 100 % = one core; this machine has ${availableParallelism()} ` +
        'and the load generator (one Node.js thread, this process) uses one of them too.',
    ].join('\n'),
  )

  const outcomes: WorkerOutcome[] = []
  for (const workers of options.workers) {
    const before = await countStored({ dataDir: comparison.workDir, databaseUrl })
    const waiting = (before.outbox.pending ?? 0) + (before.outbox.sending ?? 0)
    if (waiting > 0 && !options.takeWaitingMail) {
      console.error(
        `\nThe database has ${waiting} mails waiting in its outbox: the bench's server would write ` +
          'them to files in its temporary folder instead of sending them. Let them go out first ' +
          '(npm run outbox lists them), give the bench a database of its own, or, if they may ' +
          'be lost, add --take-waiting-mail.',
      )
      return 2
    }
    if (waiting > 0) {
      console.log(
        `\n  Warning: ${waiting} mails were waiting in the database's outbox; the bench's server ` +
          'writes them to its temporary folder and they are not sent (--take-waiting-mail).',
      )
    }
    outcomes.push(await measureCount(comparison, workers, before, apiMaxConnections))
  }

  const runs = outcomes.map((outcome) => outcome.run)
  const checks = outcomes.flatMap(workerChecks)
  const loadAfter = loadavg()[0]!
  console.log(
    [
      `\nWorkers side by side (load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} ` +
        `after on ${availableParallelism()} cores: figures from a busy machine are noisy):`,
      formatWorkerTable(runs),
      formatWorkerRatios(runs),
      formatWorkerLimits(runs, availableParallelism()),
      '\nChecks (no budgets in this run; the stored counts are differences, so anything else ' +
        'writing to or deleting from contact_messages or outbox meanwhile makes them fail):',
      formatChecks(checks),
    ]
      .filter(Boolean)
      .join('\n'),
  )
  return failed(checks).length > 0 ? 1 : 0
}

async function measureCount(
  comparison: WorkerComparison,
  workers: number,
  before: StoredCounts,
  apiMaxConnections: number,
): Promise<WorkerOutcome> {
  const { root, options, databaseUrl } = comparison
  const dataDir = path.join(comparison.workDir, `workers-${workers}`)
  await mkdir(dataDir)
  const port = await freePort(options.ports)
  const logFile = path.join(dataDir, 'server.log')
  const serverBase = `http://127.0.0.1:${port}`
  console.log(`\n${workerCount(workers)} (WEB_CONCURRENCY=${workers}, port ${port}):`)
  const started = Date.now()
  const server = startOurServer({ root, port, dataDir, logFile, databaseUrl, workers })
  comparison.track(server)
  await waitForHttp(server, `${serverBase}${options.page}`, 180_000)
  await waitForReadyLine(server, port, workers)
  const processes = (await treeProcesses(server.process.pid!)).length
  const expected = workers === 1 ? 1 : workers + 1
  console.log(
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${processes} process${processes === 1 ? '' : 'es'}` +
      `${workers > 1 ? ` (the primary and ${workerCount(workers)})` : ''}, all counted in the server CPU` +
      (processes === expected ? '' : `; Warning: ${expected} expected, so the CPU figures are off`),
  )

  const pageUrl = `${serverBase}${options.page}`
  await pageLoad(options, pageUrl, warmUpSeconds)
  const page = await withGeneratorCpu(() =>
    measured(server, () => pageLoad(options, pageUrl, options.pageSeconds)),
  )
  console.log(formatMaxRun('page', page))

  const apiMaxLoad = (seconds: number) => contactApiMaxLoad(serverBase, apiMaxConnections, seconds)
  const apiRuns: RateResult[] = [await apiMaxLoad(warmUpSeconds)]
  await waitForMail(dataDir, acceptedIn(...apiRuns))
  const apiMax = await withGeneratorCpu(() =>
    measured(server, () => apiMaxLoad(options.apiSeconds)),
  )
  apiRuns.push(apiMax)
  console.log(formatMaxRun('contact API', apiMax))
  // The outbox may fall behind at the highest rate: the next run starts once it has caught up.
  const drainStart = Date.now()
  await waitForMail(dataDir, acceptedIn(...apiRuns))
  console.log(
    `  its mail was all written ${((Date.now() - drainStart) / 1000).toFixed(1)} s after the run`,
  )

  console.log(`  contact API at ${options.apiRate}/s on ${options.apiConnections} connections:`)
  apiRuns.push(await contactApiLoad(options, serverBase, warmUpSeconds))
  await waitForMail(dataDir, acceptedIn(...apiRuns))
  const logLinesBefore = await lineCount(logFile)
  const api = await measured(server, () => contactApiLoad(options, serverBase, options.apiSeconds))
  apiRuns.push(api)
  console.log(formatApiRun(api, (await lineCount(logFile)) - logLinesBefore))

  const accepted = acceptedIn(...apiRuns)
  const mailed = await waitForMail(dataDir, accepted)
  const exitCode = await stopChild(server)
  if (exitCode !== 0) {
    console.log(`  Warning: the server did not stop cleanly:\n${await tail(logFile)}`)
  }
  const after = await countStored({ dataDir, databaseUrl })
  const waiting = (counts: StoredCounts) =>
    (counts.outbox.pending ?? 0) + (counts.outbox.sending ?? 0)
  const stored = storedSince(before, after)
  const outboxRows = Object.entries(stored.outbox)
    .filter(([, count]) => count !== 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ')
  console.log(
    `  ${accepted} contact messages answered with success, warm-ups included; ${mailed} mails written; ` +
      `added to the database: ${stored.contactMessages} contact messages, outbox ${outboxRows || 'nothing'}`,
  )
  return {
    run: { workers, page, apiMax, api, askedRate: options.apiRate },
    stored,
    accepted,
    inFlightLimit: 2 * (apiMaxConnections + options.apiConnections),
    taken: Math.max(0, waiting(before) - waiting(after)),
    exitCode,
  }
}

interface WithGenerator extends ServerRun {
  /** CPU seconds this process (the load generator) used during the run. */
  generatorCpuSeconds: number
}

async function withGeneratorCpu(load: () => Promise<ServerRun>): Promise<WithGenerator> {
  const before = process.cpuUsage()
  const run = await load()
  const used = process.cpuUsage(before)
  return { ...run, generatorCpuSeconds: (used.user + used.system) / 1e6 }
}

function formatMaxRun(label: string, run: WithGenerator): string {
  const share = (seconds: number) => `${((seconds / run.seconds) * 100).toFixed(0)} %`
  return (
    `  ${label} at the highest rate: ${run.rate.toFixed(0)} req/s, server CPU ${share(run.cpuSeconds)}, ` +
    `load generator ${share(run.generatorCpuSeconds)}; p50 ${run.latency.p50.toFixed(1)} ms, ` +
    `p99 ${run.latency.p99.toFixed(1)} ms; non-2xx ${run.non2xx}, errors ${run.errors}`
  )
}

/** The database address without its password, for the output. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')
}
