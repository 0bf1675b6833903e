/**
 * Every code block of a language's READMEs, run the way the README tells a reader to, in the
 * archive the site hands out: each archive of the language is unpacked into a folder of its own
 * with its `{{…}}` facts filled for a sandbox of the test's own, and each block is run, served,
 * compiled or parsed as its marker says (scripts/docs/samples.ts). A README that promises an
 * output the kit no longer prints, or a command that no longer works, fails here.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { siteFacts } from '#app/guides/source/site-facts.ts'
import type { SandboxServer } from '#gateway/server.ts'
import { archivePlans, type ArchivePlan } from '#scripts/build/downloads/archive-plan.ts'
import { materializeArchive } from '#scripts/build/downloads/zip-archive.ts'
import { extractSamples, matchesOutput, type Sample } from '#scripts/docs/samples.ts'
import { freePort, startApp } from './processes.ts'
import { sandboxSettings, startSandbox } from './sandbox.ts'
import type { Command, KitLanguage } from './types.ts'

const kitsDir = path.resolve(import.meta.dirname, '..')

/** The archives of one language: their core is kits/<language>/core. */
export function archivesOf(language: KitLanguage): ArchivePlan[] {
  const core = path.join(kitsDir, language.id, 'core')
  return archivePlans().filter((plan) => plan.entries.some((entry) => entry.from === core))
}

/** A README a reader of an archive opens: where it is in the archive, and its source here. */
export interface ArchiveReadme {
  plan: ArchivePlan
  /** Its path inside the unpacked archive: `README.md` or `core/README.md`. */
  file: string
  /** Its source in the repository. */
  source: string
}

/** The READMEs of some archives: each one's own, and its core's; each source once. */
export function readmesOf(plans: ArchivePlan[]): ArchiveReadme[] {
  const readmes = new Map<string, ArchiveReadme>()
  for (const plan of plans) {
    for (const file of ['README.md', 'core/README.md']) {
      const [folder, name] = file.includes('/') ? file.split('/') : ['.', file]
      const entry =
        plan.entries.find((candidate) => candidate.to === file) ??
        plan.entries.find((candidate) => candidate.to === folder)
      const source = entry?.to === file ? entry.from : entry && path.join(entry.from, name!)
      if (source && existsSync(source) && !readmes.has(source)) {
        readmes.set(source, { plan, file, source })
      }
    }
  }
  return [...readmes.values()]
}

/** The variables of an env file (`KEY=value` lines; comments and blank lines skipped). */
export function envFileVariables(text: string): Record<string, string> {
  const variables: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
    if (match) variables[match[1]!] = match[2]!.trim()
  }
  return variables
}

interface Outcome {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs a block to its end, without blocking: the sandbox it calls answers from this process. */
function run(command: Command, cwd: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command.command, command.args, { cwd, env: { ...process.env, ...env } })
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', (error) => (stderr += `\n${error.message}`))
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({ status, stdout, stderr })
    })
  })
}

const shell = {
  extension: '.sh',
  run: (file: string): Command => ({ command: 'bash', args: ['-e', file] }),
  check: (file: string): Command => ({ command: 'bash', args: ['-n', file] }),
}

type SampleTools = NonNullable<KitLanguage['samples']>

function toolsFor(sample: Sample, tools: SampleTools | undefined) {
  if (sample.language === 'sh') return shell
  if (!tools) throw new Error(`${where(sample)}: no runner for ${sample.language} blocks here`)
  return tools
}

const where = (sample: Sample) => `${sample.file}:${sample.line}`

/** Runs one sample in the unpacked archive `root`; throws with what went wrong. */
async function runSample(
  sample: Sample,
  index: number,
  tools: SampleTools | undefined,
  root: string,
  env: NodeJS.ProcessEnv,
) {
  if (sample.kind === 'example') {
    if (sample.language === 'json') JSON.parse(sample.code)
    return
  }
  const runner = toolsFor(sample, tools)
  const file = path.join(root, sample.options.file ?? `sample-${index}${runner.extension}`)
  writeFileSync(file, `${sample.code}\n`)
  if (sample.kind === 'serve') {
    const port = await freePort()
    const app = await startApp(
      runner.run(file),
      root,
      { ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
      port,
      60_000,
    )
    await app.stop()
    return
  }
  const outcome = await run(
    sample.kind === 'run' ? runner.run(file) : runner.check(file),
    root,
    env,
  )
  if (outcome.status !== 0) {
    throw new Error(
      `${where(sample)}: "${sample.kind}" exited ${outcome.status}:\n${outcome.stdout}${outcome.stderr}`.slice(
        0,
        6000,
      ),
    )
  }
  if (sample.kind === 'run' && sample.prints) {
    const match = matchesOutput(sample.prints.code, outcome.stdout)
    if (!match.ok) {
      throw new Error(
        `${where(sample)}: the output is not what ${sample.prints.file}:${sample.prints.line} says it prints: ${match.reason}\n--- printed ---\n${outcome.stdout}${outcome.stderr}`,
      )
    }
  }
}

/** Every README of the language's archives, run with its samples runner. */
export function describeReadmeSamples(language: KitLanguage) {
  describeArchiveReadmes(
    `${language.name} READMEs, run as a reader would`,
    readmesOf(archivesOf(language)),
    language.samples,
  )
}

/**
 * One test per README, its blocks run in order in a folder where its archive is unpacked as the
 * site builds it for a sandbox of the test's own: the README and the env example carry that
 * sandbox's address and its facts.
 */
export function describeArchiveReadmes(
  title: string,
  readmes: ArchiveReadme[],
  tools: SampleTools | undefined,
) {
  describe(title, () => {
    let sandbox: SandboxServer
    const folders: string[] = []

    beforeAll(async () => {
      sandbox = await startSandbox()
    }, 60_000)
    afterAll(async () => {
      await sandbox?.close()
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    })

    for (const readme of readmes) {
      const name = path.relative(path.dirname(kitsDir), readme.source)
      test(`${name}: every block does what it says`, async () => {
        // The facts of this sandbox: its address and its settings, as the site's build states them.
        const facts = siteFacts({ ...sandboxSettings, SITE_URL: new URL(sandbox.url).origin })
        const folder = mkdtempSync(path.join(tmpdir(), 'paystra-readme-'))
        folders.push(folder)
        const root = materializeArchive(readme.plan, folder, facts)
        const envExample = path.join(root, 'paystra.env.example')
        const text = readFileSync(path.join(root, readme.file), 'utf8')
        const env = {
          ...(existsSync(envExample) ? envFileVariables(readFileSync(envExample, 'utf8')) : {}),
          PAYSTRA_BASE_URL: sandbox.url,
          PAYSTRA_DATA_DIR: path.join(folder, 'data'),
        }
        const samples = extractSamples(text, name)
        for (const [index, sample] of samples.entries()) {
          await runSample(sample, index, tools, root, env)
        }
      }, 600_000)
    }
  })
}
