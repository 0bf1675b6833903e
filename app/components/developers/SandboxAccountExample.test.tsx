import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { siteUrl } from '#app/config/public-config.ts'
import { newSandboxAccountPath, sandboxAccountsPath } from '#app/content/developers.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { SandboxAccountExample } from './SandboxAccountExample.tsx'

/**
 * The "Your own sandbox account" block of /developers: its link opens the account page, and its
 * command, read from the rendered page and run by bash and curl untouched, makes an account on
 * this site's sandbox and prints it as JSON. As in StatusEnquiryExample.test.tsx, only curl's
 * own configuration (`connect-to`) takes the page's host to a sandbox started here.
 */

const run = promisify(execFile)
let sandbox: SandboxServer
let curlHome: string

beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [demoMerchant({ siteUrl: 'http://localhost:3000' })],
    accounts: {},
  })
  const page = new URL(siteUrl(sandboxAccountsPath))
  const port = page.port || (page.protocol === 'https:' ? '443' : '80')
  curlHome = mkdtempSync(path.join(tmpdir(), 'sandbox-account-'))
  writeFileSync(
    path.join(curlHome, '.curlrc'),
    `connect-to = ${page.hostname}:${port}:127.0.0.1:${new URL(sandbox.origin).port}\n`,
  )
})

afterAll(async () => {
  await sandbox?.close()
  if (curlHome) rmSync(curlHome, { recursive: true, force: true })
})

const decoded = (html: string) =>
  html
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

it('links to the account page and shows a command that makes an account, answered as JSON', async () => {
  const markup = renderToStaticMarkup(<SandboxAccountExample />)
  expect(markup).toContain(`href="${newSandboxAccountPath}"`)
  const command = decoded(/<code data-account-command="true">([^<]*)<\/code>/.exec(markup)![1]!)
  expect(command).toBe(`curl -X POST -H 'Accept: application/json' ${siteUrl('/sandbox/accounts')}`)
  const { stdout } = await run('bash', ['-e', '-c', command], {
    env: { PATH: process.env.PATH, HOME: curlHome, CURL_HOME: curlHome },
    timeout: 20_000,
  })
  const account = JSON.parse(stdout) as Record<string, string>
  expect(account).toMatchObject({ STATUS: 'Created', NAME: 'Test store' })
  expect(account.PAY_ID).toMatch(/^\d{16}$/)
  expect(account.PAYSTRA_ENV).toContain(`PAYSTRA_PAY_ID=${account.PAY_ID}\n`)
})
