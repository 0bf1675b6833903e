/**
 * Lighthouse runs through Lighthouse CI: `lhci collect` with a lighthouserc.json written for one
 * URL into a folder of its own, which then holds the runs' JSON and HTML reports
 * (`.lighthouseci/lhr-*.json`, `.html`). lhci tries a failed run up to three times.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { chromiumArgs } from '#tests/support/browser-settings.ts'
import { categoryIds, type LighthouseReport } from './report.ts'

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const require = createRequire(import.meta.url)
const lhciCli = require.resolve('@lhci/cli/src/cli.js')
/** The Lighthouse that lhci runs: its own dependency, found from where lhci is. */
export const lighthouseVersion = (
  createRequire(lhciCli)('lighthouse/package.json') as { version: string }
).version

/** The audit a deliberately `noindex` page fails by design (pages.ts `indexed: false`). */
export const noindexAudit = 'is-crawlable'

export interface CollectOptions {
  runs: number
  /** The page asks not to be indexed on purpose: SEO is scored without is-crawlable. */
  noindex: boolean
}

/** The lighthouserc that `lhci collect` reads: mobile, Lighthouse's default throttling. */
export function lighthouserc(url: string, options: CollectOptions) {
  return {
    ci: {
      collect: {
        url: [url],
        numberOfRuns: options.runs,
        chromePath,
        settings: {
          chromeFlags: chromiumArgs.join(' '),
          onlyCategories: [...categoryIds],
          ...(options.noindex ? { skipAudits: [noindexAudit] } : {}),
        },
      },
    },
  }
}

/** The `lhci collect` processes under way, each with a promise of its exit. */
const running = new Map<ChildProcess, Promise<void>>()

/**
 * Ends a collect and what it started. Lighthouse's Chromium runs in a process group of its own,
 * which Lighthouse closes on SIGINT; SIGKILL follows if the group is still there after 5 s.
 */
async function stop(child: ChildProcess): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // already gone
    }
  }
  signalGroup('SIGINT')
  const exited = running.get(child)
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

/** Ends every collect under way (Ctrl-C). */
export async function stopCollecting(): Promise<void> {
  await Promise.all([...running.keys()].map(stop))
}

function runLhciCollect(folder: string, timeoutMs: number): Promise<void> {
  // A process group of its own: a stop reaches lhci and the Lighthouse it runs.
  const child = spawn(process.execPath, [lhciCli, 'collect', '--config=lighthouserc.json'], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const timer = setTimeout(() => void stop(child), timeoutMs)
  const result = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve()
      reject(
        new Error(
          `lhci collect ${signal ? `was stopped (${signal})` : `exited with ${code}`} in ${folder}:\n${output.trim()}`,
        ),
      )
    })
  }).finally(() => {
    clearTimeout(timer)
    running.delete(child)
  })
  running.set(
    child,
    result.catch(() => undefined),
  )
  return result
}

/** `options.runs` Lighthouse runs of `url`, in the order they ran; reports kept in `folder`. */
export async function collect(
  url: string,
  folder: string,
  options: CollectOptions,
): Promise<LighthouseReport[]> {
  await mkdir(folder, { recursive: true })
  await writeFile(
    path.join(folder, 'lighthouserc.json'),
    `${JSON.stringify(lighthouserc(url, options), null, 2)}\n`,
  )
  await runLhciCollect(folder, options.runs * 180_000)
  const saved = path.join(folder, '.lighthouseci')
  const files = (await readdir(saved)).filter((file) => /^lhr-\d+\.json$/.test(file)).sort()
  const reports = await Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await readFile(path.join(saved, file), 'utf8')) as LighthouseReport,
    ),
  )
  if (reports.length !== options.runs) {
    throw new Error(`lhci collect saved ${reports.length} of ${options.runs} runs in ${saved}`)
  }
  return reports
}
