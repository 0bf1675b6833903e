/**
 * A new developer's first run (issue 25, statement 1): download the Node.js kit from this site's
 * home page, unzip it, run its README's first commands with the env example as shipped
 * (`cp paystra.env.example paystra.env`, nothing overridden but where the app listens, as the
 * README allows), pay an order through it, and get 000 from the sandbox of the site it came
 * from. An archive still saying localhost:3000 while the site runs elsewhere fails here.
 *
 * The site must be built with SITE_URL set to the address it serves at, as `npm run test:e2e`
 * does: the archive states the site it was built for.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { zipFiles } from '#scripts/build/downloads/zip-read.ts'
import { extractSamples } from '#scripts/docs/samples.ts'
import { freePort } from '#tests/support/server-process.ts'
import { integrationKits } from '#app/content/downloads.ts'
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures.ts'

const kit = integrationKits.find((download) => download.href.endsWith('/pg-nodejs.zip'))!

/** Unzips as a reader's unzip does: every entry under the folder, in its own path. */
async function unzip(file: string, into: string): Promise<string[]> {
  const files = await zipFiles(readFileSync(file))
  for (const entry of files) {
    const target = path.resolve(into, entry.name)
    if (!target.startsWith(path.resolve(into) + path.sep)) throw new Error(entry.name)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, entry.bytes)
  }
  return files.map((entry) => entry.name)
}

/**
 * The README's first commands: its shell blocks up to the one that starts the app (marked
 * `<!-- sample: serve -->`), or its first shell block when it marks none.
 */
function firstCommands(readme: string): string {
  const blocks = extractSamples(readme, 'README.md').filter((block) => block.language === 'sh')
  if (blocks.length === 0) throw new Error('The README has no shell block to run first')
  const serve = blocks.findIndex((block) => block.kind === 'serve')
  return blocks
    .slice(0, serve === -1 ? 1 : serve + 1)
    .map((block) => block.code)
    .join('\n')
}

async function answers(url: string, within: number, app: { output: () => string }) {
  const deadline = Date.now() + within
  while (Date.now() < deadline) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer 200 within ${within} ms:\n${app.output()}`)
}

const envValue = (file: string, key: string) =>
  new RegExp(`^${key}=(.*)$`, 'm').exec(readFileSync(file, 'utf8'))?.[1]

interface KitRun {
  /** The unzipped kit's folder and the README's first commands. */
  root: string
  commands: string
}

/** Downloads the Node.js kit from the home page and unzips it into `dir`. */
async function downloadKit(page: Page, dir: string): Promise<KitRun> {
  // The integration kits are listed on the home page; the rest show after "Show More".
  await gotoHydrated(page, '/')
  const link = page.locator(`a[href="${kit.href}"]`).first()
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Show More' }).click()
  const saved = page.waitForEvent('download')
  await link.click()
  const download = await saved
  expect(download.suggestedFilename()).toBe(kit.fileName)
  const zipFile = path.join(dir, kit.fileName)
  await download.saveAs(zipFile)
  const names = await unzip(zipFile, dir)
  const root = path.join(dir, names[0]!.split('/')[0]!)
  const commands = firstCommands(readFileSync(path.join(root, 'README.md'), 'utf8'))
  expect(commands).toContain('cp paystra.env.example paystra.env')
  return { root, commands }
}

/**
 * Runs `commands` in the kit as a reader runs them: nothing of ours in the environment but the
 * port the app listens at (the README's own way of moving it off 8000). Answers the app's URL.
 */
async function startKit(
  root: string,
  commands: string,
  dir: string,
  started: (app: ChildProcess) => void,
): Promise<string> {
  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  let output = ''
  const app = spawn('bash', ['-e', '-c', commands], {
    cwd: root,
    detached: true,
    env: { PATH: process.env.PATH, HOME: dir, PORT: String(port), APP_URL: appUrl },
  })
  started(app)
  app.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  app.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await answers(`${appUrl}/`, 60_000, { output: () => output })
  return appUrl
}

/** Pays an order through the kit with success@upi on this site's sandbox: its ORDER_ID. */
async function payThroughKit(page: Page, appUrl: string, sandboxUrl: string): Promise<string> {
  await page.goto(`${appUrl}/`)
  const sent = page.waitForRequest(`${sandboxUrl}/paymentrequest`)
  await page.getByRole('button', { name: 'Pay securely with Paystra' }).click()
  const orderId = new URLSearchParams((await sent).postData() ?? '').get('ORDER_ID')
  expect(orderId).toBeTruthy()
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/`))
  await page.getByRole('tab', { name: 'UPI' }).click()
  await page.getByRole('textbox', { name: 'UPI ID' }).fill('success@upi')
  await page.getByRole('button', { name: 'Verify and pay' }).click()
  await page.waitForURL(`${appUrl}/response`)
  await expect(page.getByText('000').first()).toBeVisible()
  return orderId!
}

/** The status enquiry the README shows, server to server: 000 from the site's sandbox. */
async function expectCapturedByStatus(appUrl: string, orderId: string) {
  const status = await fetch(`${appUrl}/status?order_id=${orderId}`, {
    headers: { Accept: 'application/json' },
  })
  const answer = (await status.json()) as {
    verified: boolean
    fields: Record<string, string>
  }
  expect(answer.verified).toBe(true)
  expect(answer.fields).toMatchObject({ ORDER_ID: orderId, RESPONSE_CODE: '000' })
}

function stop(app: ChildProcess | undefined) {
  if (!app?.pid) return
  try {
    process.kill(-app.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

test('a kit downloaded from this site gets 000 from its sandbox on the first run', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'first-run-'))
  let app: ChildProcess | undefined
  try {
    const { root, commands } = await downloadKit(page, dir)
    // As shipped, the example names the sandbox of the site it was downloaded from.
    const sandboxUrl = `${baseURL}/sandbox`
    expect(envValue(path.join(root, 'paystra.env.example'), 'PAYSTRA_BASE_URL')).toBe(sandboxUrl)
    const appUrl = await startKit(root, commands, dir, (started) => (app = started))
    expect(envValue(path.join(root, 'paystra.env'), 'PAYSTRA_BASE_URL')).toBe(sandboxUrl)
    const orderId = await payThroughKit(page, appUrl, sandboxUrl)
    await expectCapturedByStatus(appUrl, orderId)
  } finally {
    stop(app)
    rmSync(dir, { recursive: true, force: true })
  }
})

test("a kit run with a new sandbox account's paystra.env gets 000, and the payment shows in that account's console", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'first-run-account-'))
  let app: ChildProcess | undefined
  try {
    const { root, commands } = await downloadKit(page, dir)
    const sandboxUrl = `${baseURL}/sandbox`

    await page.goto(`${sandboxUrl}/accounts/new`)
    await page.getByLabel('Business name on your payment pages').fill('First Run Store')
    await page.getByRole('button', { name: 'Create a sandbox account' }).click()
    await expect(page.getByRole('heading', { name: 'Your sandbox account is ready' })).toBeVisible()
    const consoleUrl = await page.getByRole('link', { name: /\/console\// }).getAttribute('href')
    const saved = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download paystra.env' }).click()
    const download = await saved
    expect(download.suggestedFilename()).toBe('paystra.env')
    await download.saveAs(path.join(root, 'paystra.env'))
    const payId = envValue(path.join(root, 'paystra.env'), 'PAYSTRA_PAY_ID')
    expect(payId).toMatch(/^\d{16}$/)
    expect(payId).not.toBe(envValue(path.join(root, 'paystra.env.example'), 'PAYSTRA_PAY_ID'))

    // The README's commands, with the account's paystra.env in place of the example's copy.
    const ownKeys = commands.replace('cp paystra.env.example paystra.env\n', '')
    expect(ownKeys).not.toContain('paystra.env.example')
    const appUrl = await startKit(root, ownKeys, dir, (started) => (app = started))
    const orderId = await payThroughKit(page, appUrl, sandboxUrl)
    await expectCapturedByStatus(appUrl, orderId)

    // The account's console lists the payment, captured, with its timeline.
    await page.goto(consoleUrl!)
    await expect(
      page.getByRole('heading', { name: 'First Run Store: sandbox console' }),
    ).toBeVisible()
    const payment = page
      .getByRole('region', { name: 'Payments' })
      .getByRole('row', { name: orderId })
    await expect(payment).toContainText('Captured (000)')
    await expect(payment).toContainText('UPI')
    await expect(payment.getByRole('listitem')).toHaveCount(2)
  } finally {
    stop(app)
    rmSync(dir, { recursive: true, force: true })
  }
})
