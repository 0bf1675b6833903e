/**
 * The plugins' payment round trip against a sandbox started here: the signed request every
 * plugin builds (shared layer + PHP core, with each platform's order reference and return URL)
 * is accepted by the gateway, paid by a customer played over HTTP, and the gateway's response
 * verifies into the right outcome; a tampered one is rejected. And the webhook: with the
 * browser's return dropped, the order is paid by the signed event the sandbox delivers to the
 * NOTIFY_URL, received by the plugins' shared webhook code under PHP's built-in server. The
 * platform glue itself is covered by each plugin's own tests (php kits/plugins/run-tests.php).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import {
  type CustomerChoice,
  gatewayResponse,
  pay,
  submit,
  tamper,
  testCards,
} from '#kits/harness/customer.ts'
import { freePort, onPath, type RunningApp, startApp } from '#kits/harness/processes.ts'

const script = resolve(import.meta.dirname, 'sandbox-roundtrip.php')

/** Each plugin's ORDER_ID prefix, order reference, total as the platform stores it, return URL. */
const plugins = [
  {
    id: 'woocommerce',
    prefix: 'WC',
    ref: '42',
    total: '1499.50',
    returnUrl: 'http://localhost:8080/?wc-api=wc_gateway_paystra',
  },
  {
    id: 'magento',
    prefix: 'MG',
    ref: '000000123',
    total: '1499.5000',
    returnUrl: 'http://localhost:8080/paystra/payment/response/',
  },
  {
    id: 'oscommerce',
    prefix: 'OS',
    ref: '501',
    total: '1499.5',
    returnUrl: 'http://localhost:8080/catalog/ext/modules/payment/paystra/return.php',
  },
  {
    id: 'opencart',
    prefix: 'OC',
    ref: '77',
    total: '1499.5',
    returnUrl: 'http://localhost:8080/extension/paystra/return.php',
  },
  {
    id: 'prestashop',
    prefix: 'PS',
    ref: '31',
    total: '1499.5',
    returnUrl: 'http://localhost:8080/index.php?fc=module&module=paystra&controller=validation',
  },
] as const

type Plugin = (typeof plugins)[number]

interface Outcome {
  state?: string
  ref?: string
  orderId?: string
  txnId?: string
  code?: string
  rejected?: string
}

function php<T>(baseUrl: string, args: string[], input?: unknown): T {
  const result = spawnSync('php', [script, ...args], {
    env: { ...process.env, PAYSTRA_BASE_URL: baseUrl },
    input: input === undefined ? '' : JSON.stringify(input),
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`php ${args.join(' ')}: ${result.stdout}${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

describe('plugins against the sandbox', () => {
  let sandbox: SandboxServer
  /** The shop's webhook endpoint (sandbox-roundtrip.php under php -S) and its order file. */
  let shop: RunningApp
  let ordersDir: string
  let ordersFile: string

  beforeAll(async () => {
    if (!onPath('php')) throw new Error('The plugins need php on PATH (.ci/run installs it)')
    // The shop listens on 127.0.0.1, so the sandbox must be allowed to deliver there; retries
    // come quickly rather than after a minute.
    sandbox = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'http://127.0.0.1:1' })],
      webhooks: { allowPrivate: true, baseDelayMs: 500 },
    } as Parameters<typeof startSandboxServer>[0])
    ordersDir = mkdtempSync(join(tmpdir(), 'plugin-webhooks-'))
    ordersFile = join(ordersDir, 'orders.json')
    writeFileSync(ordersFile, '{}')
    const port = await freePort()
    shop = await startApp(
      { command: 'php', args: ['-S', `127.0.0.1:${port}`, script] },
      import.meta.dirname,
      { PAYSTRA_BASE_URL: sandbox.url, PAYSTRA_ORDERS_FILE: ordersFile },
      port,
    )
  }, 120_000)
  afterAll(async () => {
    await shop?.stop()
    await sandbox?.close()
    if (ordersDir) rmSync(ordersDir, { recursive: true, force: true })
  })

  /** The plugin's form, submitted and paid; returns the response the customer brings back. */
  async function payWith(plugin: Plugin, choice: CustomerChoice, notifyUrl?: string) {
    const form = php<{ action: string; fields: Record<string, string> }>(sandbox.url, [
      'request',
      plugin.prefix,
      plugin.ref,
      plugin.total,
      plugin.returnUrl,
      ...(notifyUrl ? [notifyUrl] : []),
    ])
    expect(form.action).toBe(`${sandbox.url}/paymentrequest`)
    expect(form.fields.NOTIFY_URL).toBe(notifyUrl)
    expect(form.fields.AMOUNT).toBe('149950')
    expect(form.fields.RETURN_URL).toBe(plugin.returnUrl)
    const page = await pay(await submit({ ...form, method: 'post', html: '' }), choice)
    const response = gatewayResponse(page)
    expect(response.action).toBe(plugin.returnUrl)
    return { orderId: form.fields.ORDER_ID!, posted: response.fields }
  }

  const outcome = (plugin: Plugin, posted: Record<string, string>) =>
    php<Outcome>(sandbox.url, ['response', plugin.prefix, plugin.total], posted)

  for (const plugin of plugins) {
    test(`${plugin.id}: paid by card 4111 → paid with the TXN_ID; tampered → rejected`, async () => {
      const { orderId, posted } = await payWith(plugin, {
        method: 'card',
        number: testCards.success,
      })
      const paid = outcome(plugin, posted)
      expect(paid).toMatchObject({ state: 'paid', ref: plugin.ref, orderId, code: '000' })
      expect(paid.txnId).toMatch(/^\d{16}$/)
      const tampered = outcome(plugin, { ...posted, ENCDATA: tamper(posted.ENCDATA!) })
      expect(tampered.rejected).toBeTruthy()
    }, 60_000)

    test(`${plugin.id}: declined card → failed 004`, async () => {
      const { posted } = await payWith(plugin, { method: 'card', number: testCards.declined })
      expect(outcome(plugin, posted)).toMatchObject({ state: 'failed', code: '004' })
    }, 60_000)

    test(`${plugin.id}: paid, the customer never returns → the sandbox's webhook pays the order, once`, async () => {
      const ref = `${plugin.ref}-wh`.replace(/[^A-Za-z0-9_-]/g, '')
      const orders = JSON.parse(readFileSync(ordersFile, 'utf8')) as Record<string, unknown>
      orders[`${plugin.prefix}/${ref}`] = { total: plugin.total, state: 'created' }
      writeFileSync(ordersFile, JSON.stringify(orders))
      const form = php<{ fields: Record<string, string> }>(sandbox.url, [
        'request',
        plugin.prefix,
        ref,
        plugin.total,
        plugin.returnUrl,
        `${shop.url}/${plugin.prefix}/webhook`,
      ])
      expect(form.fields.NOTIFY_URL).toBe(`${shop.url}/${plugin.prefix}/webhook`)
      const page = await pay(
        await submit({
          action: `${sandbox.url}/paymentrequest`,
          fields: form.fields,
          method: 'post',
          html: '',
        }),
        {
          method: 'card',
          number: testCards.success,
        },
      )
      // The browser's return is dropped here: only the webhook can tell the shop.
      expect(gatewayResponse(page).action).toBe(plugin.returnUrl)
      const order = await waitForOrder(`${shop.url}/orders/${plugin.prefix}/${ref}`, 'paid')
      expect(order).toMatchObject({ state: 'paid', updates: 1 })
      expect(order.txnId).toMatch(/^\d{16}$/)
    }, 60_000)
  }

  /** Polls the shop's order until it reaches the state (the webhook arrives asynchronously). */
  async function waitForOrder(url: string, state: string) {
    const deadline = Date.now() + 30_000
    let last: Record<string, unknown> = {}
    while (Date.now() < deadline) {
      const answer = await fetch(url)
      last = (await answer.json()) as Record<string, unknown>
      if (last.state === state) return last
      await new Promise((done) => setTimeout(done, 200))
    }
    throw new Error(
      `The order at ${url} is still ${JSON.stringify(last)} (shop log: ${shop.output().slice(-2000)})`,
    )
  }
})
