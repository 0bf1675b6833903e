import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it } from 'vitest'
import { siteUrl } from '#app/config/public-config.ts'
import { statusEnquiryPath } from '#app/content/developers.ts'
import { curlSandboxFor, shownCode } from '#tests/support/curl-sandbox.ts'
import { StatusEnquiryExample } from './StatusEnquiryExample.tsx'

/**
 * Statement 2 of issue 25: the "Try it now" command on /developers runs as it is against this
 * site's sandbox and prints what the page says. The page is rendered; the command is read from
 * it and run by bash and curl, untouched: only curl's own configuration file (a .curlrc in
 * CURL_HOME, `connect-to`) takes the page's host to a sandbox started here on 127.0.0.1.
 */

const target = curlSandboxFor(siteUrl(statusEnquiryPath))

it('the command shown prints, against the sandbox, exactly the answer shown', async () => {
  const markup = renderToStaticMarkup(<StatusEnquiryExample />)
  const command = shownCode(markup, 'try-command')
  const output = shownCode(markup, 'try-output')
  expect(command).toContain(siteUrl('/sandbox/pgws/transact'))
  expect(await target.runCommand(command)).toBe(output)
})
