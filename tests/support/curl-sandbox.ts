/**
 * A command the site shows, run as a reader runs it: bash and curl, untouched, against a sandbox
 * started here on 127.0.0.1. Only curl's own configuration file (a .curlrc in CURL_HOME,
 * `connect-to`) takes the page's host there.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll } from 'vitest'
import { demoMerchant } from '#gateway/merchants.ts'
import {
  type SandboxServerOptions,
  startSandboxServer,
  type SandboxServer,
} from '#gateway/server.ts'

const run = promisify(execFile)

/**
 * Starts, for the calling test file, a sandbox that curl reaches at the host of `pageUrl`, and
 * answers a runner of shell commands against it.
 */
export function curlSandboxFor(
  pageUrl: string,
  options: Partial<SandboxServerOptions> = {},
): { readonly sandbox: SandboxServer; runCommand(command: string): Promise<string> } {
  let sandbox: SandboxServer | undefined
  let curlHome = ''
  beforeAll(async () => {
    sandbox = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
      ...options,
    })
    const page = new URL(pageUrl)
    const port = page.port || (page.protocol === 'https:' ? '443' : '80')
    curlHome = mkdtempSync(path.join(tmpdir(), 'curl-sandbox-'))
    writeFileSync(
      path.join(curlHome, '.curlrc'),
      `connect-to = ${page.hostname}:${port}:127.0.0.1:${new URL(sandbox.origin).port}\n`,
    )
  })
  afterAll(async () => {
    await sandbox?.close()
    if (curlHome) rmSync(curlHome, { recursive: true, force: true })
  })
  return {
    get sandbox() {
      if (!sandbox) throw new Error('The sandbox starts in beforeAll: use it inside a test')
      return sandbox
    },
    async runCommand(command) {
      const { stdout } = await run('bash', ['-e', '-c', command], {
        env: { PATH: process.env.PATH, HOME: curlHome, CURL_HOME: curlHome },
        timeout: 20_000,
      })
      return stdout
    },
  }
}

/** The text of a `<code data-<name>>` element in React's static markup, entities decoded. */
export function shownCode(markup: string, name: string): string {
  const inner = new RegExp(`<code data-${name}="true">([\\s\\S]*?)</code>`).exec(markup)?.[1]
  if (inner === undefined) throw new Error(`no data-${name} on the page`)
  return inner
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}
