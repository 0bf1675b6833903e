/**
 * Issue 22, finding 2, on the artefact itself: `build/server.js` as `npm run build` bundles it
 * (scripts/build/server.ts), started with `node build/server.js` as `npm start` and
 * `npm run serve` start it, runs in production mode when NODE_ENV is not set, and keeps the
 * operator's NODE_ENV when it is.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleServer } from '#scripts/build/server.ts'
import { freePort, makeWorkDir, repoRoot, spawnServer } from '#tests/support/server-process.ts'

let workDir = ''
const children: ChildProcess[] = []

beforeAll(async () => {
  // A working folder with an empty page build; the bundle goes where the build puts it.
  workDir = makeWorkDir()
  // The bundled server reads the sandbox's stylesheet and script from the working folder, as it
  // reads the migrations.
  mkdirSync(path.join(workDir, 'gateway'), { recursive: true })
  symlinkSync(path.join(repoRoot, 'gateway/assets'), path.join(workDir, 'gateway/assets'))
  await bundleServer(path.join(workDir, 'build'))
})

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

/** `node build/server.js` in the working folder; resolves to its output once it is ready. */
async function serve(nodeEnv: string | undefined): Promise<{ output: string; url: string }> {
  const port = await freePort()
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(workDir, `data-${port}`),
    NODE_ENV: nodeEnv,
  }
  if (nodeEnv === undefined) delete env.NODE_ENV
  const { child, output } = await spawnServer(['build/server.js'], { cwd: workDir, env })
  children.push(child)
  return { output: output(), url: `http://127.0.0.1:${port}` }
}

// Slow by nature: each case starts a server process that opens PGlite and applies both migration
// histories, 15 to 30 s on a busy 2-core machine.
describe('build/server.js', { timeout: 120_000 }, () => {
  it('runs in production mode when NODE_ENV is not set, and answers errors with our own page', async () => {
    const { output, url } = await serve(undefined)
    expect(output).toContain('"msg":"Mode: production"')
    const answer = await fetch(`${url}/%E0%A4%A`)
    expect(answer.status).toBe(400)
    const body = await answer.text()
    expect(body).toContain('This address could not be read.')
    expect(body).not.toMatch(/node_modules|\bat .+:\d+:\d+|URIError/)
  })

  it("keeps the operator's NODE_ENV", async () => {
    const { output } = await serve('test')
    expect(output).toContain('"msg":"Mode: test"')
  })
})
