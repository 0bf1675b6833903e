import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { siteUrl } from '#app/config/public-config.ts'
import { statusEnquiryPath } from '#app/content/developers.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { StatusEnquiryExample } from './StatusEnquiryExample.tsx'

/**
 * Statement 2 of issue 25: the "Try it now" command on /developers runs as it is against this
 * site's sandbox and prints what the page says. The page is rendered; the command is read from
 * it and run by bash and curl, untouched: only curl's own configuration file (a .curlrc in
 * CURL_HOME, `connect-to`) takes the page's host to a sandbox started here on 127.0.0.1.
 */

const run = promisify(execFile)
let sandbox: SandboxServer
let curlHome: string

beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
  })
  const page = new URL(siteUrl(statusEnquiryPath))
  const port = page.port || (page.protocol === 'https:' ? '443' : '80')
  curlHome = mkdtempSync(path.join(tmpdir(), 'try-it-now-'))
  writeFileSync(
    path.join(curlHome, '.curlrc'),
    `connect-to = ${page.hostname}:${port}:127.0.0.1:${new URL(sandbox.origin).port}\n`,
  )
})

afterAll(async () => {
  await sandbox?.close()
  if (curlHome) rmSync(curlHome, { recursive: true, force: true })
})

/** The text of an element marked `data-<name>` in React's static markup, entities decoded. */
function shown(markup: string, name: string): string {
  const inner = new RegExp(`<code data-${name}="true">([\\s\\S]*?)</code>`).exec(markup)?.[1]
  if (inner === undefined) throw new Error(`no data-${name} on the page`)
  return inner
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

it('the command shown prints, against the sandbox, exactly the answer shown', async () => {
  const markup = renderToStaticMarkup(<StatusEnquiryExample />)
  const command = shown(markup, 'try-command')
  const output = shown(markup, 'try-output')
  expect(command).toContain(siteUrl('/sandbox/pgws/transact'))
  const { stdout } = await run('bash', ['-e', '-c', command], {
    env: { PATH: process.env.PATH, HOME: curlHome, CURL_HOME: curlHome },
    timeout: 20_000,
  })
  expect(stdout).toBe(output)
})
