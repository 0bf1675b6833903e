import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { expect, gotoHydrated, test } from './fixtures.ts'

/**
 * The Checkout Js demo against a gateway on another origin, as with a real PG_BASE_URL: the
 * sandbox runs on its own server (127.0.0.1, a port of its own) and a second site process is
 * started with PG_BASE_URL pointing at it. The frame's messages then cross origins, and the
 * page must take them from the gateway's origin only.
 */

const dev = process.env.E2E_DEV === '1'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the site did not answer ${url} within ${timeoutMs} ms`)
}

let sandbox: SandboxServer
let site: ChildProcess
let siteUrl: string
let dataDir: string
let siteOutput = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const port = await freePort()
  siteUrl = `http://localhost:${port}`
  sandbox = await startSandboxServer({
    merchants: [demoMerchant({ siteUrl })],
    host: '127.0.0.1',
    basePath: '/sandbox',
    // The demo's NOTIFY_URL is the site on localhost: a sandbox refuses that (357) unless allowed.
    webhooks: { allowPrivate: true },
    limits: { pages: 0 },
  })
  dataDir = `data/e2e-${port}-cross-origin`
  rmSync(dataDir, { recursive: true, force: true })
  site = spawn(
    process.execPath,
    dev ? ['--import', 'tsx', 'server/index.ts'] : ['build/server.js'],
    {
      env: {
        ...process.env,
        NODE_ENV: dev ? 'development' : 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        FORM_RATE_LIMIT: '0',
        PG_BASE_URL: sandbox.url,
        VITE_CACHE_DIR: `${process.env.VITE_CACHE_DIR ?? 'node_modules/.vite'}-cross-origin`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  site.stdout?.on('data', (chunk: Buffer) => (siteOutput += chunk.toString()))
  site.stderr?.on('data', (chunk: Buffer) => (siteOutput += chunk.toString()))
  try {
    await waitUntilUp(`${siteUrl}/robots.txt`, site, 150_000)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${siteOutput.slice(-2000)}`, { cause: error })
  }
})

test.afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((resolve) => site.once('exit', resolve))
    site.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
  await sandbox?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('the checkout frame comes from the gateway origin and its result is verified', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await gotoHydrated(page, `${siteUrl}/checkout-demo`)
  await page.waitForFunction(() => typeof window.PaystraCheckout?.open === 'function')
  expect(await page.evaluate(() => window.PaystraCheckout?.origin)).toBe(sandbox.origin)
  expect(sandbox.origin).not.toBe(new URL(siteUrl).origin)

  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  const popup = page.getByRole('dialog', { name: 'Paystra secure checkout' })
  const frameElement = popup.locator('iframe[name="paystra-checkout-frame"]')
  await expect(frameElement).toBeVisible()
  const frame = page.frameLocator('iframe[name="paystra-checkout-frame"]')
  await expect(frame.getByText('Paystra Demo Store')).toBeVisible()
  expect(page.frames().some((entry) => entry.url().startsWith(`${sandbox.url}/`))).toBe(true)

  await frame.getByRole('tab', { name: 'UPI' }).click()
  await frame.getByRole('textbox', { name: 'UPI ID' }).fill('success@upi')
  await frame.getByRole('button', { name: 'Verify and pay' }).click()

  const result = page.getByRole('dialog', { name: 'Payment Successful' })
  await expect(result).toBeVisible()
  await expect(popup).toBeHidden()
  await expect(result.locator('dt', { hasText: 'Response code' }).locator('+ dd')).toHaveText('000')
  await result.getByRole('button', { name: 'Ok' }).click()
  await expect(result).toBeHidden()
})

test('the hosted page on the other origin posts the failure back to the site', async ({ page }) => {
  test.setTimeout(60_000)
  await gotoHydrated(page, `${siteUrl}/pg-hosted-demo`)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`^${sandbox.url}/pay/`))
  await page.getByRole('tab', { name: 'UPI' }).click()
  await page.getByRole('textbox', { name: 'UPI ID' }).fill('failure@upi')
  await page.getByRole('button', { name: 'Verify and pay' }).click()
  await expect(page).toHaveURL(new RegExp(`^${siteUrl}/demo/response\\?payment=`))
  await expect(page.locator('main h1')).toHaveText('Payment Failed')
})
