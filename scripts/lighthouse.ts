/**
 * npm run lighthouse [-- --routes /,/about --runs 1 --no-build …]   (--help lists every option)
 *
 * The page budgets of docs/architecture.md: builds for production, serves build/ with our server on a
 * free port and a data folder of its own, runs Lighthouse (mobile, default throttling) on every
 * marketing route several times, prints the median of each figure and exits 1 when a budget is
 * missed. A measuring tool: CI does not run it (tests/e2e/budgets.spec.ts guards the bytes).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { findPage, prerenderedPaths } from '#app/content/pages.ts'
import { type Child, freePort, startChild, stopChild, waitForHttp } from './measure/processes.ts'
import { judge } from './lighthouse/budgets.ts'
import { gzipSizesFromBuild } from './lighthouse/gzip-sizes.ts'
import { type LighthouseOptions, parseLighthouseArgs, usage } from './lighthouse/options.ts'
import { cleanUpOnSignals, optionsOrExit } from './measure/command-line.ts'
import { type RunSummary, summarizeRun } from './lighthouse/report.ts'
import { combineRuns, type RouteResult } from './lighthouse/results.ts'
import { lighthousePackage, runLighthouse } from './lighthouse/run-lighthouse.ts'
import { formatMisses, formatTable } from './lighthouse/table.ts'

const root = process.cwd()
let server: Child | undefined
let dataDir: string | undefined

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

function slug(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')
}

async function cleanUp() {
  if (server) await stopChild(server)
  server = undefined
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
}

async function main(options: LighthouseOptions): Promise<number> {
  const routes = options.routes ?? prerenderedPaths()
  if (options.build) await run('npm', ['run', 'build'])
  if (!existsSync(path.join(root, 'build/server.js'))) {
    throw new Error('build/server.js is missing: run without --no-build, or npm run build first')
  }
  const outDir = options.outDir
    ? path.resolve(options.outDir)
    : await mkdtemp(path.join(tmpdir(), 'paystra-lighthouse-'))
  await mkdir(outDir, { recursive: true })

  const port = await freePort(options.ports)
  const origin = `http://localhost:${port}`
  dataDir = await mkdtemp(path.join(tmpdir(), 'paystra-lighthouse-data-'))
  server = startChild('server', process.execPath, ['build/server.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir },
    logFile: path.join(outDir, 'server.log'),
  })
  await waitForHttp(server, `${origin}/robots.txt`, 120_000)

  const gzipSizeOf = gzipSizesFromBuild(path.join(root, 'build/client'), origin)
  const loadBefore = loadavg()[0]!
  console.log(
    `Lighthouse ${lighthousePackage.split('@')[1]}, mobile, ${options.runs} run${options.runs === 1 ? '' : 's'} of ${routes.length} route${routes.length === 1 ? '' : 's'} on ${origin} (load average ${loadBefore.toFixed(1)})`,
  )
  const results: RouteResult[] = []
  for (const route of routes) {
    const noindex = findPage(route)?.indexed === false
    const runs: RunSummary[] = []
    for (let index = 1; index <= options.runs; index++) {
      const outFile = path.join(outDir, `${slug(route)}-${index}.json`)
      const report = await runLighthouse(`${origin}${route}`, outFile)
      const summary = summarizeRun(report, gzipSizeOf, { noindex })
      runs.push(summary)
      console.log(
        `  ${route} run ${index}/${options.runs}: performance ${summary.performance}, LCP ${(summary.lcp / 1000).toFixed(2)} s, TBT ${Math.round(summary.tbt)} ms`,
      )
    }
    results.push(combineRuns(route, runs, noindex))
  }
  await cleanUp()

  const misses = judge(results)
  const loadAfter = loadavg()[0]!
  console.log('')
  console.log(formatTable(results))
  console.log('')
  console.log(formatMisses(misses, results))
  console.log('')
  console.log(
    `Medians of ${options.runs} run${options.runs === 1 ? '' : 's'}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (a busy machine lowers performance and raises TBT). Reports: ${outDir}`,
  )
  return misses.length === 0 ? 0 : 1
}

const options = optionsOrExit(parseLighthouseArgs, usage)
cleanUpOnSignals(cleanUp)
main(options)
  .then((code) => {
    process.exitCode = code
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    await cleanUp()
    process.exitCode = 2
  })
