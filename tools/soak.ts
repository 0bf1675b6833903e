/**
 * npm run soak [-- --minutes N --rate N --no-build …]   (--help lists every option)
 *
 * Minutes of steady, mixed traffic against the production server: every page, both forms
 * (the career form with a small PDF), and the three demo payments through the built-in
 * sandbox, played as a customer would over HTTP. The server's memory is sampled throughout;
 * at the end the requests, errors, latency and memory growth are printed, and the run fails
 * on any error or on growth beyond noise. A long-running check: CI does not run it.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { actions, UnexpectedAnswer } from './soak/flows.ts'
import { judge, limits } from './soak/judge.ts'
import { type MemorySample, memoryTrend } from './soak/memory.ts'
import { actionKinds, type ActionKind, mixCycle } from './soak/mix.ts'
import { optionsOrExit } from './measure/command-line.ts'
import { repositoryRoot } from './measure/repository.ts'
import { parseSoakArgs, type SoakOptions, usage } from './soak/options.ts'
import { type RequestRecord, recordingFetch } from './soak/recorder.ts'
import { formatReport } from './soak/report.ts'
import { waitForMail } from './measure/mail-files.ts'
import { freePort, tail } from './measure/processes.ts'
import { type SoakServer, startServer } from './soak/server.ts'
import { requestKinds } from './soak/classify.ts'
import { summarise, type Timed, topErrors } from './soak/summary.ts'

const root = repositoryRoot

interface ActionRecord extends Timed {
  kind: ActionKind
  error?: string
}

async function main(options: SoakOptions): Promise<number> {
  if (options.build) {
    console.log('Building for production (npm run build; --no-build soaks the build/ there is) …')
    if ((await run('npm', ['run', 'build'])) !== 0) {
      console.error('The build failed.')
      return 1
    }
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'paystra-soak-'))
  const dataDir = path.join(workDir, 'data')
  const logFile = path.join(workDir, 'server.log')
  const port = await freePort(options.ports)
  console.log(`Starting the server on port ${port} (data, mail and log in ${workDir}) …`)
  let server: SoakServer | undefined
  let code = 1
  try {
    server = await startServer({ root, port, dataDir, logFile })
    code = await soak(server, options, dataDir)
  } finally {
    if (server) await server.stop()
    if (code === 0) await rm(workDir, { recursive: true, force: true })
    else console.log(`The server's log and data are kept in ${workDir}.`)
  }
  return code
}

async function soak(server: SoakServer, options: SoakOptions, dataDir: string): Promise<number> {
  const durationMs = options.minutes * 60_000
  const cycle = mixCycle(options.mix)
  const requests: RequestRecord[] = []
  const done: ActionRecord[] = []
  const counters = new Map<ActionKind, number>()
  const loadBefore = loadavg()[0]!
  globalThis.fetch = recordingFetch(globalThis.fetch, (entry) => requests.push(entry))

  const memory: MemorySample[] = [await server.memory(0)]
  const started = performance.now()
  const sampler = setInterval(() => {
    const at = performance.now() - started
    server.memory(at).then(
      (sample) => memory.push(sample),
      () => {},
    )
  }, options.sampleSeconds * 1000)
  const progress = setInterval(() => {
    const minutes = (performance.now() - started) / 60_000
    const failed = done.filter((action) => action.failed).length
    console.log(
      `  ${minutes.toFixed(1)} min: ${done.length} actions, ${requests.length} requests, ${failed} failed`,
    )
  }, 30_000)

  console.log(
    `Soaking for ${options.minutes} min at ${options.rate} actions/s ` +
      `(a cycle of ${cycle.length}: ${actionKinds.map((kind) => `${options.mix[kind]} ${kind}`).join(', ')}) …`,
  )
  const inFlight = new Set<Promise<void>>()
  let dropped = 0
  for (let index = 0; ; index++) {
    const due = started + (index * 1000) / options.rate
    if (due - started >= durationMs) break
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (inFlight.size >= options.maxInFlight) {
      dropped++
      continue
    }
    const kind = cycle[index % cycle.length]!
    const n = counters.get(kind) ?? 0
    counters.set(kind, n + 1)
    const actionStart = performance.now()
    const action: Promise<void> = actions[kind](server.url, n).then(
      () => {
        done.push({ kind, ms: performance.now() - actionStart, failed: false })
      },
      (error: unknown) => {
        const message =
          error instanceof UnexpectedAnswer
            ? error.message
            : `${(error as Error).name}: ${(error as Error).message}`
        done.push({ kind, ms: performance.now() - actionStart, failed: true, error: message })
      },
    )
    inFlight.add(action)
    void action.finally(() => inFlight.delete(action))
  }
  await Promise.all(inFlight)
  const loadMs = performance.now() - started
  clearInterval(sampler)
  clearInterval(progress)
  memory.push(await server.memory(loadMs))

  // Every accepted submission must reach the mail folder through the outbox.
  const submitted = done.filter(
    (action) => !action.failed && (action.kind === 'contact' || action.kind === 'career'),
  ).length
  const mailed = await waitForMail(dataDir, submitted)

  const stopped = await server.stop()
  const log = await tail(server.logFile, 100_000)
  const serverProblems = log
    .split('\n')
    .filter((line) => /error|exception|unhandled|refused|failed|warn/i.test(line))

  // Code being optimised and caches filling make the first minute climb; that is not a leak.
  const warmUpMs = 60_000
  const trends = {
    heapUsed: memoryTrend(memory, 'heapUsed', warmUpMs),
    rss: memoryTrend(memory, 'rss', warmUpMs),
    external: memoryTrend(memory, 'external', warmUpMs),
  }
  const requestItems: Timed[] = requests.map((entry) => ({
    kind: entry.kind,
    ms: entry.ms,
    failed: entry.status === 0 || entry.status >= 400,
  }))
  const verdict = judge({
    failedActions: done.filter((action) => action.failed).length,
    failedRequests: requestItems.filter((item) => item.failed).length,
    dropped,
    serverExit: stopped.code,
    serverProblems: serverProblems.length,
    mail: { expected: submitted, delivered: mailed },
    heap: trends.heapUsed,
    rss: trends.rss,
    minutes: loadMs / 60_000,
  })
  console.log(
    formatReport({
      minutes: loadMs / 60_000,
      rate: options.rate,
      loadBefore,
      loadAfter: loadavg()[0]!,
      actions: summarise(done, actionKinds),
      requests: summarise(requestItems, requestKinds),
      errors: topErrors([
        ...done.flatMap((action) => (action.error ? [`${action.kind}: ${action.error}`] : [])),
        ...serverProblems.map((line) => `server log: ${line.slice(0, 300)}`),
      ]),
      dropped,
      mail: { expected: submitted, delivered: mailed },
      serverExit: stopped,
      memory,
      trends,
      warmUpMs,
      limits,
      verdict,
    }),
  )
  return verdict.ok ? 0 : 1
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => resolve(code ?? 1))
    child.on('error', () => resolve(1))
  })
}

const options = optionsOrExit(parseSoakArgs, usage)
main(options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
