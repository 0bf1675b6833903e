/**
 * Lighthouse runs through its Node API (docs/decisions/025-measuring-tools-package.md): each run
 * in a Chromium of its own, started by chrome-launcher with the flags of the e2e tests; mobile,
 * Lighthouse's default throttling, the four categories. A failed run is tried again, three
 * attempts in all, and every run's JSON and HTML reports are kept in the URL's folder.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { launch, type LaunchedChrome } from 'chrome-launcher'
import lighthouse, { type Flags } from 'lighthouse'
import { chromiumArgs } from '../../tests/support/browser-settings.ts'
import { categoryIds, type LighthouseReport } from './report.ts'

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** The Lighthouse this package pins (tools/package.json). */
export const lighthouseVersion = (
  createRequire(import.meta.url)('lighthouse/package.json') as { version: string }
).version

/** The audit a deliberately `noindex` page fails by design (pages.ts `indexed: false`). */
export const noindexAudit = 'is-crawlable'

/** Attempts at one run before the measurement gives up (as Lighthouse CI's collect did). */
export const attemptsPerRun = 3

export interface CollectOptions {
  runs: number
  /** The page asks not to be indexed on purpose: SEO is scored without is-crawlable. */
  noindex: boolean
}

/** What Lighthouse is asked for one run; mobile and its default throttling are its defaults. */
export function lighthouseFlags(port: number, options: CollectOptions): Flags {
  return {
    port,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: [...categoryIds],
    ...(options.noindex ? { skipAudits: [noindexAudit] } : {}),
  }
}

/** The Chromiums of the runs under way, so Ctrl-C can end them. */
const running = new Set<LaunchedChrome>()

/** Ends every run under way (Ctrl-C). */
export async function stopCollecting(): Promise<void> {
  const chromes = [...running]
  running.clear()
  await Promise.all(chromes.map((chrome) => chrome.kill()))
}

/** One Lighthouse run of `url` in a fresh Chromium: its report, and its JSON and HTML texts. */
async function runOnce(url: string, options: CollectOptions) {
  const chrome = await launch({ chromePath, chromeFlags: chromiumArgs })
  running.add(chrome)
  try {
    const result = await lighthouse(url, lighthouseFlags(chrome.port, options))
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const report: LighthouseReport = result.lhr
    if (report.runtimeError) {
      throw new Error(`Lighthouse ${report.runtimeError.code}: ${report.runtimeError.message}`)
    }
    const [json, html] = result.report as [string, string]
    return { report, json, html }
  } finally {
    if (running.delete(chrome)) await chrome.kill()
  }
}

/**
 * Tries `attempt` up to `attempts` times; the first error when every attempt failed, since a
 * later one is often a consequence of the first (a port still held, a Chromium still closing).
 */
export async function firstSuccess<T>(
  attempt: () => Promise<T>,
  attempts = attemptsPerRun,
  onFailure: (error: unknown, attempt: number) => void = () => {},
): Promise<T> {
  const errors: unknown[] = []
  while (errors.length < attempts) {
    try {
      return await attempt()
    } catch (error) {
      errors.push(error)
      onFailure(error, errors.length)
    }
  }
  throw errors[0]
}

/** `options.runs` Lighthouse runs of `url`, in the order they ran; reports kept in `folder`. */
export async function collect(
  url: string,
  folder: string,
  options: CollectOptions,
): Promise<LighthouseReport[]> {
  await mkdir(folder, { recursive: true })
  const reports: LighthouseReport[] = []
  for (let run = 1; run <= options.runs; run++) {
    const { report, json, html } = await firstSuccess(
      () => runOnce(url, options),
      attemptsPerRun,
      (error, attempt) =>
        console.error(
          `  ${url} run ${run}, attempt ${attempt} of ${attemptsPerRun} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    )
    await writeFile(path.join(folder, `run-${run}.report.json`), json)
    await writeFile(path.join(folder, `run-${run}.report.html`), html)
    reports.push(report)
  }
  return reports
}
