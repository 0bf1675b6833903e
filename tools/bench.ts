/**
 * npm run bench [-- --duration S --no-build --skip-nginx …]   (--help lists every option)
 *
 * The server budgets of docs/architecture.md, on loopback: one prerendered page served by our server and
 * by nginx (Debian's package, started here on a free port with a generated configuration) in
 * the same run, and the contact API at a constant rate with rate limiting off. Exits 1 when a
 * budget is missed. A measuring tool: CI does not run it.
 *
 * With --workers 1,2 it compares worker counts on PostgreSQL instead (tools/bench/workers.ts):
 * that run needs DATABASE_URL, leaves nginx out and judges no budget.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { CONTACT_API_PATH } from '../core/forms/api.ts'
import {
  type BenchResults,
  budgets,
  failed,
  formatChecks,
  formatPageRuns,
  formatRatio,
  judge,
  type ServerRun,
} from './bench/budgets.ts'
import { findNginx, nginxInstallHint } from './bench/nginx.ts'
import { headersToMirror, nginxConfig, pageFile } from './bench/nginx-config.ts'
import { type BenchOptions, parseBenchArgs, usage } from './bench/options.ts'
import { cleanUpOnSignals, optionsOrExit } from './measure/command-line.ts'
import { repositoryRoot } from './measure/repository.ts'
import { countStored } from './bench/outbox-count.ts'
import {
  acceptEncoding,
  acceptedIn,
  contactApiLoad,
  formatApiRun,
  lineCount,
  measured,
  pageLoad,
  startOurServer,
  warmUpSeconds,
} from './bench/server-runs.ts'
import { compareWorkers, workersNeedDatabase } from './bench/workers.ts'
import { waitForMail } from './measure/mail-files.ts'
import {
  type Child,
  freePort,
  startChild,
  stopChild,
  tail,
  waitForHttp,
} from './measure/processes.ts'

const root = repositoryRoot
const children: Child[] = []
let workDir: string | undefined

async function main(options: BenchOptions): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL
  if (options.workers && !databaseUrl) {
    console.error(workersNeedDatabase)
    return 2
  }
  // The worker comparison replaces the single-process run: no nginx there.
  const nginxBinary = options.nginx && !options.workers ? findNginx() : undefined
  if (options.nginx && !options.workers && !nginxBinary) {
    console.error(
      `nginx is not installed, so there is nothing to compare with.\n${nginxInstallHint}`,
    )
    return 2
  }
  if (options.build) {
    console.log(
      'Building for production (npm run build; --no-build measures the build/ there is) …',
    )
    if ((await run('npm', ['run', 'build'])) !== 0) {
      console.error('The build failed.')
      return 1
    }
  }
  const clientDir = path.join(root, 'build/client')
  const pagePath = path.join(clientDir, pageFile(options.page))
  for (const file of [path.join(root, 'build/server.js'), pagePath]) {
    if (!existsSync(file)) {
      console.error(
        `${path.relative(root, file)} is missing: build first (npm run build) or leave out --no-build.`,
      )
      return 1
    }
  }

  workDir = await mkdtemp(path.join(tmpdir(), 'paystra-bench-'))
  if (options.workers) {
    return compareWorkers({
      root,
      workDir,
      options: { ...options, workers: options.workers },
      databaseUrl: databaseUrl!,
      track: (child) => children.push(child),
    })
  }
  const dataDir = path.join(workDir, 'data')
  await mkdir(dataDir)
  const results: BenchResults = {}
  const loadBefore = loadavg()[0]!

  // Our server, with its own empty data folder (never DATABASE_URL), no rate limit, and mail
  // written as files.
  const serverPort = await freePort(options.ports)
  const serverLog = path.join(workDir, 'server.log')
  const server = startOurServer({ root, port: serverPort, dataDir, logFile: serverLog })
  children.push(server)
  const serverBase = `http://127.0.0.1:${serverPort}`
  const ourPageUrl = `${serverBase}${options.page}`
  console.log(`Starting our server on port ${serverPort} (data in a temporary folder) …`)
  await waitForHttp(server, ourPageUrl, 180_000)
  const ourPage = await getPage(ourPageUrl)
  const file = await readFile(pagePath)
  const precompressed = existsSync(`${pagePath}.gz`)

  let nginx: Child | undefined
  let nginxPageUrl: string | undefined
  if (nginxBinary) {
    const nginxPort = await freePort(options.ports, [serverPort])
    const nginxDir = path.join(workDir, 'nginx')
    await mkdir(nginxDir)
    const { mirrored, skipped } = headersToMirror(ourPage.headers)
    const configFile = path.join(nginxDir, 'nginx.conf')
    await writeFile(
      configFile,
      nginxConfig({
        workDir: nginxDir,
        port: nginxPort,
        clientDir,
        page: options.page,
        headers: mirrored,
      }),
    )
    nginx = startChild(
      'nginx',
      nginxBinary,
      ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', configFile],
      {
        cwd: nginxDir,
        logFile: path.join(nginxDir, 'output.log'),
      },
    )
    children.push(nginx)
    nginxPageUrl = `http://127.0.0.1:${nginxPort}${options.page}`
    console.log(
      `Starting nginx on port ${nginxPort} (${nginxBinary}, configuration in the temporary folder) …`,
    )
    await waitForHttp(nginx, nginxPageUrl, 30_000)
    const nginxPage = await getPage(nginxPageUrl).catch((error: Error) => {
      throw new Error(
        `${error.message}. nginx run by root reads files as the user nobody: every folder down to ` +
          `${path.relative(root, pagePath)} must be readable by others (see ${path.join(nginxDir, 'error.log')}).`,
      )
    })
    if (skipped.length > 0)
      console.log(`  nginx leaves out headers it cannot repeat: ${skipped.join(', ')}`)
    if (nginxPage.encoding !== ourPage.encoding) {
      console.log(
        `  Warning: nginx answers with ${nginxPage.encoding}, our server with ${ourPage.encoding}.`,
      )
    }
    if (nginxPage.digest !== ourPage.digest) {
      console.log(
        `  Note: the two pages differ (${nginxPage.body.length} and ${ourPage.body.length} bytes decoded); ` +
          'our server changes the file as it serves it.',
      )
    }
  }

  console.log(
    [
      '',
      `Page ${options.page}: ${path.relative(root, pagePath)}, ${file.length} bytes; ` +
        `requests send Accept-Encoding: ${acceptEncoding}, our server answers with ${ourPage.encoding} ` +
        `(${ourPage.wireBytes} bytes)${nginxBinary ? ', and so does nginx' : ''}.`,
      precompressed
        ? `  The build has a precompressed .gz of the page: ${nginxBinary ? 'both servers send' : 'our server sends'} it as it is${nginxBinary ? ' (nginx: gzip_static)' : ''}.`
        : `  The build has no precompressed .gz of the page: ${nginxBinary ? 'both servers gzip' : 'our server gzips'} every answer at level 6.`,
      nginxBinary
        ? '  nginx: one worker process (ours is one Node.js process), access log buffered to a file.'
        : '',
      `  ${options.pageConnections} connections, ${warmUpSeconds} s warm-up each, then ${options.pageSeconds} s each.`,
    ]
      .filter(Boolean)
      .join('\n'),
  )
  await pageLoad(options, ourPageUrl, warmUpSeconds)
  if (nginxPageUrl) await pageLoad(options, nginxPageUrl, warmUpSeconds)
  results.ours = await measured(server, () => pageLoad(options, ourPageUrl, options.pageSeconds))
  const pageRuns: [string, ServerRun][] = [['ours', results.ours]]
  if (nginx && nginxPageUrl) {
    const nginxUrl = nginxPageUrl
    results.nginx = await measured(nginx, () => pageLoad(options, nginxUrl, options.pageSeconds))
    pageRuns.push(['nginx', results.nginx])
    await stopChild(nginx)
  }
  console.log(`\n${formatPageRuns(pageRuns)}`)
  if (results.nginx) console.log(formatRatio(results.ours, results.nginx))

  // The contact API at a constant rate.
  const apiLoad = (seconds: number) => contactApiLoad(options, serverBase, seconds)
  console.log(
    `\nContact API: POST ${CONTACT_API_PATH} at ${options.apiRate} requests/s on ${options.apiConnections} connections ` +
      `(each sends its share of a second back to back, then waits), ${warmUpSeconds} s warm-up, then ${options.apiSeconds} s.`,
  )
  const warmUp = await apiLoad(warmUpSeconds)
  // The warm-up's mails go out before the measured run, so its CPU figure is its own.
  await waitForMail(dataDir, acceptedIn(warmUp))
  const logLinesBefore = await lineCount(serverLog)
  const api = await measured(server, () => apiLoad(options.apiSeconds))
  const logLines = (await lineCount(serverLog)) - logLinesBefore
  results.api = { ...api, askedRate: options.apiRate }
  console.log(formatApiRun(api, logLines))

  // Every accepted message must end up stored and mailed: wait for the outbox worker.
  const accepted = acceptedIn(warmUp, api)
  const drainStart = Date.now()
  const mailed = await waitForMail(dataDir, accepted)
  console.log(
    `  outbox: ${mailed} mails written ${((Date.now() - drainStart) / 1000).toFixed(1)} s after the run ` +
      `(${accepted} answered with success)`,
  )
  await stopChild(server)
  if (server.process.exitCode !== 0) {
    console.log(`  Warning: our server did not stop cleanly:\n${await tail(serverLog)}`)
  }
  const stored = await countStored({ dataDir })
  results.stored = stored
  const outboxRows = Object.entries(stored.outbox)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ')
  console.log(
    `  stored after the run: ${stored.contactMessages} contact messages, outbox ${outboxRows || 'empty'}, ` +
      `${stored.mailFiles} .eml files (the warm-up's included)`,
  )

  const checks = judge({ ...results, accepted, inFlightLimit: 2 * options.apiConnections })
  const loadAfter = loadavg()[0]!
  console.log(
    `\nBudgets (docs/architecture.md; one run on this machine, load average ${loadBefore.toFixed(1)} before and ` +
      `${loadAfter.toFixed(1)} after: figures from a busy machine are noisy):\n${formatChecks(checks)}`,
  )
  if (results.api.askedRate !== budgets.apiRate) {
    console.log(`  (the API budget is for ${budgets.apiRate} requests/s)`)
  }
  return failed(checks).length > 0 ? 1 : 0
}

interface FetchedPage {
  encoding: string
  headers: Record<string, string>
  /** Bytes of the body as sent. */
  wireBytes: number
  /** The decoded body. */
  body: Buffer
  digest: string
}

async function getPage(url: string): Promise<FetchedPage> {
  // node:http rather than fetch, which decodes bodies and hides what was on the wire.
  const { request } = await import('node:http')
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        const wire = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding'] ?? 'identity'
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`))
        const body = encoding === 'gzip' ? gunzipSync(wire) : wire
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
        }
        resolve({
          encoding,
          headers,
          wireBytes: wire.length,
          body,
          digest: createHash('sha256').update(body).digest('hex'),
        })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

function run(command: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => resolve(code))
    child.on('error', () => resolve(null))
  })
}

async function cleanUp() {
  await Promise.all(children.map((child) => stopChild(child, 'SIGTERM', 5000)))
  if (workDir) await rm(workDir, { recursive: true, force: true })
  workDir = undefined
}

const options = optionsOrExit(parseBenchArgs, usage)
cleanUpOnSignals(cleanUp, 'stopping the servers and removing the temporary folder …')
main(options)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    return 1
  })
  .then(async (code) => {
    await cleanUp()
    process.exit(code)
  })
