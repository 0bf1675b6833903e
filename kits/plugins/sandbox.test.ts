/**
 * The plugins' payment round trip against a sandbox started here: the signed request every
 * plugin builds (shared layer + PHP core, with each platform's order reference and return URL)
 * is accepted by the gateway, paid by a customer played over HTTP, and the gateway's response
 * verifies into the right outcome; a tampered one is rejected. The platform glue itself is
 * covered by each plugin's own tests (php kits/plugins/run-tests.php).
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SandboxServer } from '#gateway/server.ts'
import {
  type CustomerChoice,
  gatewayResponse,
  pay,
  submit,
  tamper,
  testCards,
} from '../harness/customer.ts'
import { onPath } from '../harness/processes.ts'
import { startSandbox } from '../harness/sandbox.ts'

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
    ref: '12_48213',
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

  beforeAll(async () => {
    if (!onPath('php')) throw new Error('The plugins need php on PATH (.ci/run installs it)')
    sandbox = await startSandbox()
  }, 120_000)
  afterAll(async () => sandbox?.close())

  /** The plugin's form, submitted and paid; returns the response the customer brings back. */
  async function payWith(plugin: Plugin, choice: CustomerChoice) {
    const form = php<{ action: string; fields: Record<string, string> }>(sandbox.url, [
      'request',
      plugin.prefix,
      plugin.ref,
      plugin.total,
      plugin.returnUrl,
    ])
    expect(form.action).toBe(`${sandbox.url}/paymentrequest`)
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
  }
})
