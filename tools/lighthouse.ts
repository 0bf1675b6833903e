/**
 * npm run lighthouse [-- --routes /,/about --runs 1 --no-build …]   (--help lists every option)
 *
 * The page budgets of docs/architecture.md#budgets: builds for production, serves build/ with
 * our server on a free port and a data folder of its own, runs Lighthouse through its Node API
 * on every page several times (each static and form page also without its scripts, through a proxy that
 * strips them), judges the medians by the budgets (tests/support/page-budgets.ts), prints them
 * and exits 1 when a budget is missed (docs/decisions/025-measuring-tools-package.md). A
 * measuring tool: CI does not run it (tests/e2e/budgets.spec.ts guards the bytes).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { findPage } from '../app/content/pages.ts'
import { type Child, freePort, startChild, stopChild, waitForHttp } from './measure/processes.ts'
import { cleanUpOnSignals, optionsOrExit } from './measure/command-line.ts'
import { repositoryRoot, typedPath } from './measure/repository.ts'
import { measuredRoutes, pageBudget } from '../tests/support/page-budgets.ts'
import { collect, lighthouseVersion, stopCollecting } from './lighthouse/collect.ts'
import { gzipSizesFromBuild } from './lighthouse/gzip-sizes.ts'
import { judge, type MeasuredRoute, type Miss } from './lighthouse/judge.ts'
import { type NoScriptProxy, startNoScriptProxy } from './lighthouse/no-script-proxy.ts'
import { type LighthouseOptions, parseLighthouseArgs, usage } from './lighthouse/options.ts'
import { type GzipSizeOf, summarizeRun } from './lighthouse/report.ts'
import { combineRuns, type RouteResult } from './lighthouse/results.ts'
import { formatMisses, formatScriptCost, formatTable } from './lighthouse/table.ts'

const root = repositoryRoot
let server: Child | undefined
let proxy: NoScriptProxy | undefined
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
  await stopCollecting()
  await proxy?.close()
  proxy = undefined
  if (server) await stopChild(server)
  server = undefined
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
}

/** Runs Lighthouse on one URL, prints each run and returns the medians of the runs. */
async function measure(
  route: string,
  url: string,
  folder: string,
  options: { runs: number; noindex: boolean; gzipSizeOf: GzipSizeOf; label: string },
) {
  const reports = await collect(url, folder, options)
  const runs = reports.map((report) => summarizeRun(report, options.gzipSizeOf))
  runs.forEach((summary, index) =>
    console.log(
      `  ${options.label} run ${index + 1}/${runs.length}: performance ${summary.performance}, LCP ${(summary.lcp / 1000).toFixed(2)} s, TBT ${Math.round(summary.tbt)} ms`,
    ),
  )
  return combineRuns(route, runs, options.noindex)
}

async function main(options: LighthouseOptions): Promise<number> {
  const routes = options.routes ?? measuredRoutes()
  for (const route of routes) pageBudget(route) // throws for a path that is not a page
  if (options.build) await run('npm', ['run', 'build'])
  if (!existsSync(path.join(root, 'build/server.js'))) {
    throw new Error('build/server.js is missing: run without --no-build, or npm run build first')
  }
  const outDir = options.outDir
    ? typedPath(options.outDir)
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
  if (routes.some((route) => pageBudget(route).scriptCostPoints !== undefined)) {
    proxy = await startNoScriptProxy(origin, await freePort(options.ports, [port]))
  }

  const gzipSizeOf = gzipSizesFromBuild(path.join(root, 'build/client'), origin)
  const loadBefore = loadavg()[0]!
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile, ${plural(options.runs, 'run')} of ${plural(routes.length, 'page')} on ${origin}${proxy ? `, static and form pages also without scripts on ${proxy.origin}` : ''} (load average ${loadBefore.toFixed(1)})`,
  )
  const measured: MeasuredRoute[] = []
  for (const route of routes) {
    const budget = pageBudget(route)
    const common = { runs: options.runs, noindex: findPage(route)?.indexed === false }
    const result = await measure(route, `${origin}${route}`, path.join(outDir, slug(route)), {
      ...common,
      gzipSizeOf,
      label: route,
    })
    let withoutScripts: RouteResult | undefined
    if (budget.scriptCostPoints !== undefined && proxy) {
      withoutScripts = await measure(
        route,
        `${proxy.origin}${route}`,
        path.join(outDir, `${slug(route)}-without-scripts`),
        { ...common, gzipSizeOf: () => undefined, label: `${route} without scripts` },
      )
    }
    measured.push({ budget, result, withoutScripts })
  }
  await cleanUp()

  const misses: Miss[] = measured.flatMap(judge)
  const loadAfter = loadavg()[0]!
  const pairs = measured.flatMap(({ result, withoutScripts }) =>
    withoutScripts ? [{ result, withoutScripts }] : [],
  )
  console.log('')
  console.log(formatTable(measured.map(({ result }) => result)))
  if (pairs.length > 0) {
    console.log('')
    console.log(formatScriptCost(pairs))
  }
  console.log('')
  console.log(formatMisses(misses))
  console.log('')
  console.log(
    `Medians of ${plural(options.runs, 'run')}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (a busy machine lowers performance and raises TBT). Reports, a folder per page with each run's JSON and HTML: ${outDir}`,
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
