/**
 * Every code block of a language's READMEs, run the way the README tells a reader to, in the
 * archive the site hands out: each archive of the language is unpacked into a folder of its own
 * with its `{{…}}` facts filled for a sandbox of the test's own, and each block is run, served,
 * compiled or parsed as its marker says (scripts/docs/samples.ts). A README that promises an
 * output the kit no longer prints, or a command that no longer works, fails here.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillFacts } from '#app/guides/source/generated.ts'
import { siteFacts } from '#app/guides/source/site-facts.ts'
import type { SandboxServer } from '#gateway/server.ts'
import { archivePlans, type ArchivePlan } from '#scripts/build/downloads/archive-plan.ts'
import { stageArchive } from '#scripts/build/downloads/zip-archive.ts'
import { extractSamples, matchesOutput, type Sample } from '#scripts/docs/samples.ts'
import { freePort, startApp } from './processes.ts'
import { startSandbox } from './sandbox.ts'
import type { Command, KitLanguage } from './types.ts'

const kitsDir = path.resolve(import.meta.dirname, '..')

/** The archives of one language: their core is kits/<language>/core. */
export function archivesOf(language: KitLanguage): ArchivePlan[] {
  const core = path.join(kitsDir, language.id, 'core')
  return archivePlans().filter((plan) => plan.entries.some((entry) => entry.from === core))
}

/** The READMEs of an unpacked archive a reader opens: its own and its core's. */
const readmesIn = ['README.md', 'core/README.md']

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

function run(command: Command, cwd: string, env: NodeJS.ProcessEnv): Outcome {
  const result = spawnSync(command.command, command.args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: `${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`,
  }
}

const shell = {
  extension: '.sh',
  run: (file: string): Command => ({ command: 'bash', args: ['-e', file] }),
  check: (file: string): Command => ({ command: 'bash', args: ['-n', file] }),
}

function toolsFor(sample: Sample, language: KitLanguage) {
  if (sample.language === 'sh') return shell
  if (!language.samples) {
    throw new Error(`${language.name}: kits/${language.id}/kit.ts declares no "samples" runner`)
  }
  return language.samples
}

const where = (sample: Sample) => `${sample.file}:${sample.line}`

/** Runs one sample in the unpacked archive `root`; throws with what went wrong. */
async function runSample(
  sample: Sample,
  index: number,
  language: KitLanguage,
  root: string,
  env: NodeJS.ProcessEnv,
) {
  if (sample.kind === 'example') {
    if (sample.language === 'json') JSON.parse(sample.code)
    return
  }
  const tools = toolsFor(sample, language)
  const file = path.join(root, sample.options.file ?? `sample-${index}${tools.extension}`)
  writeFileSync(file, `${sample.code}\n`)
  if (sample.kind === 'serve') {
    const port = await freePort()
    const app = await startApp(
      tools.run(file),
      root,
      { ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
      port,
      60_000,
    )
    await app.stop()
    return
  }
  const outcome = run(sample.kind === 'run' ? tools.run(file) : tools.check(file), root, env)
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

/**
 * One test per README of each archive of the language (a core README once), its blocks run in
 * order in that archive's folder.
 */
export function describeReadmeSamples(language: KitLanguage) {
  describe(`${language.name} READMEs, run as a reader would`, () => {
    let sandbox: SandboxServer
    const folders: string[] = []

    beforeAll(async () => {
      sandbox = await startSandbox()
    }, 60_000)
    afterAll(async () => {
      await sandbox?.close()
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    })

    const seen = new Set<string>()
    for (const plan of archivesOf(language)) {
      const core = path.join(kitsDir, language.id, 'core')
      for (const readme of readmesIn.filter(
        (file) => file === 'README.md' || existsSync(path.join(core, 'README.md')),
      )) {
        const source =
          readme === 'README.md'
            ? plan.entries.find((entry) => entry.to === readme)!.from
            : path.join(core, 'README.md')
        const name = path.relative(path.dirname(kitsDir), source)
        if (seen.has(name)) continue
        seen.add(name)
        test(`${name}: every block does what it says`, async () => {
          const facts = siteFacts({ SITE_URL: new URL(sandbox.url).origin })
          const folder = mkdtempSync(path.join(tmpdir(), `paystra-readme-${language.id}-`))
          folders.push(folder)
          const root = stageArchive(plan, folder)
          // The archive as the site builds it for this sandbox: its README and env example
          // carry the sandbox's own address.
          for (const file of ['paystra.env.example', readme]) {
            const target = path.join(root, file)
            writeFileSync(target, fillFacts(readFileSync(target, 'utf8'), facts))
          }
          const text = readFileSync(path.join(root, readme), 'utf8')
          const unknown = /\{\{(\w+)\}\}/.exec(text)
          expect(unknown?.[0], `${name} names an unknown fact`).toBeUndefined()
          const env = {
            ...envFileVariables(readFileSync(path.join(root, 'paystra.env.example'), 'utf8')),
            PAYSTRA_BASE_URL: sandbox.url,
            PAYSTRA_DATA_DIR: path.join(folder, 'data'),
          }
          const samples = extractSamples(
            text,
            source ? path.relative(path.dirname(kitsDir), source) : name,
          )
          for (const [index, sample] of samples.entries()) {
            await runSample(sample, index, language, root, env)
          }
        }, 600_000)
      }
    }
  })
}
