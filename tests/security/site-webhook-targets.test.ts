/**
 * Issue 22, finding 1, as the site wires it (startServices): SITE_URL left at its localhost
 * default no longer lets any client aim the built-in sandbox's webhooks at this machine, and the
 * site's own demo keeps working, leaving NOTIFY_URL out where the sandbox would refuse it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { PAYMENT_REQUEST_PATH, type SignedForm } from '#app/content/demo-api.ts'
import { withHash } from '#core/protocol/hash.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { loadConfig } from '#server/config.ts'
import { type Services, siteOrigin, startServices } from '#server/services.ts'

const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

const dataDirs: string[] = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

let services: Services | undefined
let server: Server | undefined
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  await services?.close()
  server = undefined
  services = undefined
})

/** Where the demo's URLs point: the configured origin, whatever address a request came to. */
let demoOrigin = ''

/** The site's routers on every interface, as `npm start` serves them. */
async function site(env: Record<string, string>): Promise<number> {
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paystra-webhook-targets-'))
  dataDirs.push(dataDir)
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env })
  demoOrigin = siteOrigin(config)
  services = await startServices(config)
  const app = express().use(...services.routers)
  server = await new Promise<Server>((resolve) => {
    const listening = createServer(app).listen(0, '0.0.0.0', () => resolve(listening))
  })
  return (server.address() as AddressInfo).port
}

/** The demo's signed request for the hosted page, asked for from `host`, then posted to the sandbox. */
async function demoPayment(host: string, port: number) {
  const base = `http://${host}:${port}`
  const response = await fetch(`${base}${PAYMENT_REQUEST_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ flow: 'hosted' }),
  })
  expect(response.status).toBe(200)
  const form = (await response.json()) as SignedForm
  const sandbox = await fetch(`${base}${form.action}`, {
    method: 'POST',
    body: new URLSearchParams(form.fields),
    redirect: 'manual',
  })
  return { fields: form.fields, sandbox }
}

/** A signed QR request naming a target on this machine, from `host`: its RESPONSE_CODE. */
async function privateTarget(host: string, port: number): Promise<string> {
  const response = await fetch(`http://${host}:${port}/sandbox/pgws/qr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      withHash(
        {
          PAY_ID: demoMerchantDefaults.payId,
          ORDER_ID: `QR${Date.now()}${Math.floor(Math.random() * 1000)}`,
          AMOUNT: '100',
          CURRENCY_CODE: '356',
          QR_TYPE: 'UPI',
          NOTIFY_URL: `http://127.0.0.1:${port}/demo/webhook`,
        },
        demoMerchantDefaults.salt,
      ),
    ),
  })
  return ((await response.json()) as { RESPONSE_CODE: string }).RESPONSE_CODE
}

describe('the site with SITE_URL at its localhost default', { timeout: 90_000 }, () => {
  it('in production (npm start): no client may name this machine; the demo leaves NOTIFY_URL out and still pays', async () => {
    const port = await site({})
    expect(await privateTarget('127.0.0.1', port)).toBe('357')
    if (networkAddress) expect(await privateTarget(networkAddress, port)).toBe('357')
    const { fields, sandbox } = await demoPayment('127.0.0.1', port)
    expect(fields.NOTIFY_URL).toBeUndefined()
    expect(sandbox.status).toBe(303)
  })

  it.skipIf(!networkAddress)(
    'in development (npm run dev): this machine may, a remote client may not',
    async () => {
      const port = await site({ NODE_ENV: 'development' })
      expect(await privateTarget('127.0.0.1', port)).toBe('006')
      expect(await privateTarget(networkAddress!, port)).toBe('357')
      const local = await demoPayment('127.0.0.1', port)
      expect(local.fields.NOTIFY_URL).toBe(`${demoOrigin}/demo/webhook`)
      expect(local.sandbox.status).toBe(303)
      const remote = await demoPayment(networkAddress!, port)
      expect(remote.fields.NOTIFY_URL).toBeUndefined()
    },
  )

  it('with SANDBOX_WEBHOOK_ALLOW_PRIVATE=1: every client, as the operator said', async () => {
    const port = await site({ SANDBOX_WEBHOOK_ALLOW_PRIVATE: '1' })
    expect(await privateTarget('127.0.0.1', port)).toBe('006')
    if (networkAddress) expect(await privateTarget(networkAddress, port)).toBe('006')
    const { fields } = await demoPayment('127.0.0.1', port)
    expect(fields.NOTIFY_URL).toBe(`${demoOrigin}/demo/webhook`)
  })
})
