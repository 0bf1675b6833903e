/**
 * `npm test`: lint, the type check and the production build side by side, then the unit and
 * integration tests (Vitest) and the end-to-end tests (Playwright) against that one build. It
 * stops at the first stage that fails and always ends with what each stage took and the ten
 * slowest test files, so a slow suite shows where its time goes.
 *
 * `--busy` keeps one core busy for the whole run with a process of its own (stopped with the
 * run): the suite must pass on a machine doing something else too. `--only unit,e2e` runs some
 * stages only (the build is run first when a stage that needs it is asked for).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { slowestFiles, type TimedFile } from './support/test-timings.ts'

const { values } = parseArgs({
  options: { busy: { type: 'boolean', default: false }, only: { type: 'string' } },
  strict: true,
})

const reports = mkdtempSync(path.join(tmpdir(), 'paystra-test-'))
const unitReport = path.join(reports, 'unit.json')
const e2eReport = path.join(reports, 'e2e.json')

interface Stage {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
}

const stages = {
  lint: { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  typecheck: { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  // The build the end-to-end server runs, with its settings (tests/support/e2e-build.ts); the
  // unit stage's tests of built files read the same one.
  build: {
    name: 'build',
    command: process.execPath,
    args: ['--import', 'tsx', 'tests/support/e2e-build.ts'],
  },
  unit: {
    name: 'unit',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${unitReport}`,
    ],
  },
  e2e: {
    name: 'e2e',
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  },
} satisfies Record<string, Stage>

type StageName = keyof typeof stages

/** Groups run one after another; the stages of a group run side by side. */
function plan(only: string | undefined): StageName[][] {
  const all: StageName[][] = [['lint', 'typecheck', 'build'], ['unit'], ['e2e']]
  if (!only) return all
  const wanted = new Set(only.split(',').map((name) => name.trim()))
  for (const name of wanted) {
    if (!(name in stages))
      throw new Error(`Unknown stage "${name}": ${Object.keys(stages).join(', ')}`)
  }
  if (wanted.has('unit') || wanted.has('e2e')) wanted.add('build')
  return all
    .map((group) => group.filter((name) => wanted.has(name)))
    .filter((group) => group.length > 0)
}

interface Outcome {
  name: string
  seconds: number
  ok: boolean
}

/**
 * Runs one stage. Alone, its output streams as it comes; beside others, it is held and printed
 * whole when the stage ends, so the stages' lines do not interleave.
 */
function runStage(stage: Stage, alone: boolean): Promise<Outcome> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      env: { ...process.env, ...stage.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    let held = ''
    child.stdout?.on('data', (chunk: Buffer) => (held += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (held += chunk.toString()))
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000
      if (!alone) process.stdout.write(`\n── ${stage.name} ──\n${held}`)
      resolve({ name: stage.name, seconds, ok: code === 0 && signal === null })
    })
  })
}

/** One core kept busy by a spinning child, for as long as the run lasts. */
function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

function summary(outcomes: Outcome[], total: number, files: TimedFile[]): string {
  const lines = ['', '── npm test: time per stage ──']
  for (const outcome of outcomes) {
    lines.push(
      `${outcome.ok ? 'passed' : 'FAILED'}  ${outcome.name.padEnd(10)} ${outcome.seconds.toFixed(0).padStart(5)} s`,
    )
  }
  lines.push(`        ${'total'.padEnd(10)} ${total.toFixed(0).padStart(5)} s`)
  if (files.length > 0) {
    lines.push('', '── the ten slowest test files ──')
    for (const file of files) {
      lines.push(`${file.seconds.toFixed(1).padStart(7)} s  ${file.stage.padEnd(4)} ${file.file}`)
    }
  }
  return lines.join('\n')
}

async function main(): Promise<number> {
  const started = performance.now()
  const busy = values.busy ? busyCore() : undefined
  const outcomes: Outcome[] = []
  try {
    for (const group of plan(values.only)) {
      const results = await Promise.all(
        group.map((name) => runStage(stages[name], group.length === 1)),
      )
      outcomes.push(...results)
      if (results.some((result) => !result.ok)) break
    }
  } finally {
    busy?.kill('SIGKILL')
  }
  const total = (performance.now() - started) / 1000
  const files = slowestFiles(readJson(unitReport), readJson(e2eReport), 10)
  console.log(summary(outcomes, total, files))
  rmSync(reports, { recursive: true, force: true })
  return outcomes.every((outcome) => outcome.ok) ? 0 : 1
}

process.exitCode = await main()
