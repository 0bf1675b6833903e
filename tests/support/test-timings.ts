/**
 * The time each test file took, read from Vitest's and Playwright's JSON reports, for the end
 * of `npm test` (tests/run.ts). A Vitest file's time is from its first test's start to its last
 * one's end; a Playwright file's is the sum of its tests' runs, retries included.
 */
import path from 'node:path'

export interface TimedFile {
  stage: 'unit' | 'e2e'
  file: string
  seconds: number
}

interface VitestReport {
  testResults?: { name: string; startTime: number; endTime: number }[]
}

interface PlaywrightSuite {
  file?: string
  suites?: PlaywrightSuite[]
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[]
}

const relative = (file: string) => path.relative(process.cwd(), path.resolve(file))

export function vitestFileTimes(report: unknown): TimedFile[] {
  const results = (report as VitestReport | undefined)?.testResults ?? []
  return results.map((result) => ({
    stage: 'unit',
    file: relative(result.name),
    seconds: Math.max(0, result.endTime - result.startTime) / 1000,
  }))
}

export function playwrightFileTimes(report: unknown, testDir = 'tests/e2e'): TimedFile[] {
  const byFile = new Map<string, number>()
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const file = spec.file ?? suite.file
      if (!file) continue
      const ms = (spec.tests ?? [])
        .flatMap((test) => test.results ?? [])
        .reduce((sum, result) => sum + (result.duration ?? 0), 0)
      byFile.set(file, (byFile.get(file) ?? 0) + ms)
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of (report as { suites?: PlaywrightSuite[] } | undefined)?.suites ?? []) {
    visit(suite)
  }
  return [...byFile].map(([file, ms]) => ({
    stage: 'e2e',
    file: path.join(testDir, file),
    seconds: ms / 1000,
  }))
}

export function slowestFiles(unitReport: unknown, e2eReport: unknown, count: number): TimedFile[] {
  return [...vitestFileTimes(unitReport), ...playwrightFileTimes(e2eReport)]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
}
