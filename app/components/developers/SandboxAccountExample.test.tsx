import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { siteUrl } from '#app/config/public-config.ts'
import { newSandboxAccountPath, sandboxAccountsPath } from '#app/content/developers.ts'
import { curlSandboxFor, shownCode } from '#tests/support/curl-sandbox.ts'
import { SandboxAccountExample } from './SandboxAccountExample.tsx'

/**
 * The "Your own sandbox account" block of /developers: its link opens the account page, and its
 * command, read from the rendered page and run by bash and curl untouched, makes an account on
 * this site's sandbox and prints it as JSON (tests/support/curl-sandbox.ts).
 */
const target = curlSandboxFor(siteUrl(sandboxAccountsPath), { accounts: {} })

it('links to the account page and shows a command that makes an account, answered as JSON', async () => {
  const markup = renderToStaticMarkup(<SandboxAccountExample />)
  expect(markup).toContain(`href="${newSandboxAccountPath}"`)
  const command = shownCode(markup, 'account-command')
  expect(command).toBe(`curl -X POST -H 'Accept: application/json' ${siteUrl('/sandbox/accounts')}`)
  const account = JSON.parse(await target.runCommand(command)) as Record<string, string>
  expect(account).toMatchObject({ STATUS: 'Created', NAME: 'Test store' })
  expect(account.PAY_ID).toMatch(/^\d{16}$/)
  expect(account.PAYSTRA_ENV).toContain(`PAYSTRA_PAY_ID=${account.PAY_ID}\n`)
})
