/**
 * A developer on a laptop, end to end: paystra.mjs downloaded from the Developers page, a new
 * sandbox account's paystra.env beside it, `listen` forwarding to a local app, `trigger` making a
 * payment whose signed payment.captured reaches that app, and the account's console showing the
 * delivery to paystra listen with the app's answer.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { verifyWebhook } from '#core/protocol/webhook.ts'
import { startWebhookEndpoint } from '#tests/support/webhook-endpoint.ts'
import { expect, test } from './fixtures.ts'

/** `node paystra.mjs …` in the developer's folder; its output so far. */
function paystra(dir: string, args: string[]) {
  const child = spawn(process.execPath, ['paystra.mjs', ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return {
    child,
    output: () => output,
    exited: () =>
      new Promise<number | null>((resolve) =>
        child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode),
      ),
  }
}

test('paystra.mjs from the Developers page brings a triggered payment.captured to a local app, and the console shows the delivery', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'paystra-listen-'))
  const app = await startWebhookEndpoint()
  let listening: ChildProcess | undefined
  try {
    await page.goto('/developers')
    const cli = page.waitForEvent('download')
    await page.getByRole('link', { name: 'paystra.mjs', exact: true }).click()
    expect((await cli).suggestedFilename()).toBe('paystra.mjs')
    await (await cli).saveAs(path.join(dir, 'paystra.mjs'))

    await page.goto(`${baseURL}/sandbox/accounts/new`)
    await page.getByLabel('Business name on your payment pages').fill('Laptop Store')
    await page.getByRole('button', { name: 'Create a sandbox account' }).click()
    const consoleUrl = await page.getByRole('link', { name: /\/console\// }).getAttribute('href')
    const env = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download paystra.env' }).click()
    await (await env).saveAs(path.join(dir, 'paystra.env'))
    const envText = readFileSync(path.join(dir, 'paystra.env'), 'utf8')
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(envText)?.[1] ?? ''

    const listen = paystra(dir, ['listen', '--forward-to', app.url])
    listening = listen.child
    await expect.poll(listen.output, { timeout: 15_000 }).toMatch(/Ready: forwarding account/)
    const trigger = paystra(dir, ['trigger', 'payment.captured'])
    expect(await trigger.exited(), trigger.output()).toBe(0)
    const orderId = /ORDER_ID: (\S+)/.exec(trigger.output())![1]!

    await expect.poll(() => app.received.length, { timeout: 15_000 }).toBe(1)
    const [delivery] = app.received
    const verified = verifyWebhook(
      delivery!.body,
      delivery!.signature,
      setting('PAYSTRA_WEBHOOK_SECRET'),
      { salt: setting('PAYSTRA_SALT') },
    )
    expect(verified).toMatchObject({ ok: true, event: { type: 'payment.captured' } })
    const eventId = verified.ok ? verified.event.id : ''
    expect(delivery!.eventId).toBe(eventId)
    await expect.poll(listen.output).toMatch(new RegExp(`${eventId}\\s+→ 200`))

    // The console shows the event, delivered to paystra listen with the app's 200.
    await page.goto(consoleUrl!)
    const event = page.getByRole('row', { name: new RegExp(eventId) })
    await expect(event).toContainText('paystra listen')
    await expect(event).toContainText('HTTP 200')
    await expect(
      page.getByRole('region', { name: 'Payments' }).getByRole('row', { name: orderId }),
    ).toContainText('Captured (000)')
  } finally {
    listening?.kill('SIGINT')
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
