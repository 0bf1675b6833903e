/**
 * npm run lock:check [-- --quick]   (from the repository; tools/lock-check.ts)
 *
 * Whether the committed package-lock.json installs the same on every machine
 * (docs/decisions/020-reproducible-installs.md): first what the file itself says (every
 * platform's optional binaries locked, no dependency on a dist-tag, package.json and the lock in
 * step, the workspaces' package.json too), then, unless --quick, what a fresh clone does:
 * `npm ci` in a folder holding only the package.json files and the lockfile must succeed, and
 * `npm install` there must leave the lockfile byte for byte as it was. Run it after adding, removing or upgrading a package and after merging
 * a branch that changed the lockfile.
 */
import { spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Lockfile, lockfileProblems, type PackageJson } from './lockfile/complete.ts'
import { optionsOrExit, readFlags } from './measure/command-line.ts'
import { repositoryRoot } from './measure/repository.ts'

const repair = `To repair: run npm install (it locks every platform's optional binaries again), then
npm run lock:check. A dist-tag dependency comes with a package version: pin a version of the
package that brings none (docs/decisions/020-reproducible-installs.md).`

function npm(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, output }))
  })
}

/** package.json, the lockfile and each workspace's package.json: what npm ci reads. */
function installFiles(manifest: PackageJson): string[] {
  const workspaces = (manifest.workspaces ?? []).map((folder) => `${folder}/package.json`)
  return ['package.json', 'package-lock.json', ...workspaces]
}

async function freshInstallProblems(root: string, manifest: PackageJson): Promise<string[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'paystra-lock-check-'))
  try {
    for (const file of installFiles(manifest)) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true })
      await copyFile(path.join(root, file), path.join(folder, file))
    }
    const committed = await readFile(path.join(folder, 'package-lock.json'), 'utf8')
    console.log(`npm ci in ${folder} …`)
    const clean = await npm(['ci'], folder)
    if (clean.code !== 0) return [`npm ci refused the lockfile:\n${clean.output.trim()}`]
    console.log('npm install on top of it …')
    const install = await npm(['install'], folder)
    if (install.code !== 0) return [`npm install failed:\n${install.output.trim()}`]
    const after = await readFile(path.join(folder, 'package-lock.json'), 'utf8')
    return after === committed ? [] : ['npm install on a fresh install rewrote package-lock.json']
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function main(quick: boolean): Promise<number> {
  const root = repositoryRoot
  const read = async (file: string): Promise<unknown> =>
    JSON.parse(await readFile(path.join(root, file), 'utf8'))
  const manifest = (await read('package.json')) as PackageJson
  const lock = (await read('package-lock.json')) as Lockfile
  const workspaces: Record<string, PackageJson> = {}
  for (const folder of manifest.workspaces ?? []) {
    workspaces[folder] = (await read(`${folder}/package.json`)) as PackageJson
  }
  let problems = lockfileProblems(lock, manifest, workspaces)
  if (problems.length === 0 && !quick) problems = await freshInstallProblems(root, manifest)
  if (problems.length === 0) {
    console.log(
      quick
        ? 'package-lock.json is complete (read from the file; without --quick a fresh install is tried too).'
        : 'package-lock.json is complete: npm ci accepts it and npm install leaves it unchanged.',
    )
    return 0
  }
  console.error(`package-lock.json is not complete:\n  ${problems.join('\n  ')}\n\n${repair}`)
  return 1
}

const usage = `npm run lock:check [-- --quick]

Whether package-lock.json installs the same on every machine; --quick reads the file alone,
without trying a fresh install.`

const options = optionsOrExit(
  (args) => readFlags(args, { quick: { type: 'boolean' } }, 'npm run lock:check'),
  usage,
)
main(options.quick === true).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 2
  },
)
