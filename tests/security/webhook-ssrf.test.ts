/**
 * Issue 22, findings 1, 5 and 8 over HTTP: a sandbox listening on every interface, set up as the
 * site sets it up in development, a merchant's endpoint on 127.0.0.1 standing for a service
 * inside the operator's network, and a client that reaches the sandbox from another address
 * (this machine's own network address, so its socket is not loopback).
 */
import type { LookupAddress, lookup } from 'node:dns'
import { networkInterfaces } from 'node:os'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bankPayout, merchant, postJson, postPaymentRequest } from '#tests/support/sandbox-api.ts'
import { demoMerchant } from '#gateway/merchants.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { type Receiver, startReceiver } from '#tests/support/webhook-receiver.ts'
import { loadConfig } from '#server/config.ts'
import { privateTargetsOf } from '#gateway/settings.ts'

/** An address of this machine that is not loopback: requests to it come from it, not from 127/8. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

/** DNS that answers 127.0.0.1 for every name: a public-looking name pointing inside. */
const pointsInside = ((
  _host: string,
  _options: unknown,
  callback: (error: null, addresses: LookupAddress[]) => void,
) => {
  const addresses: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }]
  callback(null, addresses)
}) as unknown as typeof lookup

let sandbox: SandboxServer
let receiver: Receiver
let remote: string
let local: string

interface ListedEvent {
  state: string
  /** When the next attempt is due; empty once the event is delivered or failed. */
  next_attempt: string
  attempts: Array<{ http_status: number | null; error: string | null }>
}

const payout = (base: string, notifyUrl: string) =>
  postJson(`${base}/pgws/payout`, bankPayout({ NOTIFY_URL: notifyUrl }))

const eventsOf = async (base: string, reference: string): Promise<ListedEvent[]> => {
  const { json } = await postJson(`${base}/pgws/webhook/events`, {
    PAY_ID: merchant.payId,
    ORDER_ID: reference,
  })
  return JSON.parse(json.EVENTS ?? '[]') as ListedEvent[]
}

describe.skipIf(!networkAddress)('a remote client cannot make the sandbox reach 127.0.0.1', () => {
  beforeAll(async () => {
    sandbox = await startSandboxServer({
      host: '0.0.0.0',
      merchants: [merchant],
      webhooks: {
        // As the site decides in development with SITE_URL on localhost (the README's default).
        allowPrivate: privateTargetsOf(loadConfig({ NODE_ENV: 'development' })),
        baseDelayMs: 100,
        pollMs: 50,
        timeoutMs: 1500,
        resolve: pointsInside,
      },
    })
    const port = new URL(sandbox.url).port
    remote = `http://${networkAddress}:${port}/sandbox`
    local = sandbox.url
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  afterEach(async () => {
    await receiver?.close()
  })

  it('refuses every spelling of this machine from a remote client (357), and nothing reaches it', async () => {
    receiver = await startReceiver()
    const port = new URL(receiver.url).port
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://localhost.:${port}/hook`,
      `http://[::127.0.0.1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://[2002:7f00:1::]:${port}/hook`,
      `http://[64:ff9b::7f00:1]:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f.1:${port}/hook`,
    ]) {
      const refused = bankPayout({ NOTIFY_URL: url })
      expect((await postJson(`${remote}/pgws/payout`, refused)).json.RESPONSE_CODE, url).toBe('357')
      expect(await eventsOf(remote, refused.PAYOUT_ID), url).toEqual([])
    }
    // A payout a developer on this machine makes afterwards is delivered: the worker has made
    // its passes since, and the receiver got that one delivery only.
    const control = await payout(local, receiver.url)
    await receiver.waitFor(1, 5000)
    expect(receiver.received).toHaveLength(1)
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      data: { PAYOUT_ID: control.json.PAYOUT_ID },
    })
  })

  it('fails a delivery to a name that resolves inside after one attempt, and relays nothing of the target', async () => {
    receiver = await startReceiver()
    const port = new URL(receiver.url).port
    const sent = await payout(remote, `http://hooks.shop.example:${port}/hook`)
    expect(sent.json.RESPONSE_CODE).toBe('000')
    const reference = sent.json.PAYOUT_ID!
    await expect
      .poll(async () => (await eventsOf(remote, reference))[0]?.state, { timeout: 5000 })
      .toBe('failed')
    // Failed for good after one attempt, refused before any connection: no retry is due.
    const [event] = await eventsOf(remote, reference)
    expect(event!.next_attempt).toBe('')
    expect(event!.attempts).toHaveLength(1)
    expect(event!.attempts[0]).toMatchObject({
      http_status: null,
      error:
        'hooks.shop.example resolves to 127.0.0.1, a private address: webhooks are not sent there',
    })
    expect(receiver.received).toHaveLength(0)

    // Sent again through the deliveries API: refused again, at once.
    const resent = await postJson(`${remote}/pgws/webhook/resend`, {
      PAY_ID: merchant.payId,
      EVENT_ID: (await postJson(`${remote}/pgws/webhook/events`, {
        PAY_ID: merchant.payId,
        ORDER_ID: reference,
      }).then(({ json }) => (JSON.parse(json.EVENTS!) as Array<{ id: string }>)[0]!.id))!,
    })
    expect(resent.json.RESPONSE_CODE).toBe('000')
    await expect
      .poll(async () => (await eventsOf(remote, reference))[0]?.attempts.length, { timeout: 5000 })
      .toBe(2)
    const [again] = await eventsOf(remote, reference)
    expect(again!.state).toBe('failed')
    expect(again!.attempts[1]).toMatchObject({
      http_status: null,
      error: event!.attempts[0]!.error,
    })
    expect(receiver.received).toHaveLength(0)
  })

  it('still delivers to 127.0.0.1 for a developer on this machine', async () => {
    receiver = await startReceiver()
    const sent = await payout(local, receiver.url)
    expect(sent.json.RESPONSE_CODE).toBe('000')
    await receiver.waitFor(1, 5000)
    await expect
      .poll(async () => (await eventsOf(local, sent.json.PAYOUT_ID!))[0]?.state, { timeout: 5000 })
      .toBe('delivered')
  })
})

describe('a public site: RETURN_URL and framing', () => {
  let publicSite: SandboxServer
  let siteOnly: SandboxServer
  beforeAll(async () => {
    // sandbox-api.ts's merchant is the demo merchant of https://shop.paystra.example.
    publicSite = await startSandboxServer({ merchants: [merchant] })
    // SANDBOX_LOCAL_RETURN_URLS=0: the operator keeps the customers on the site.
    siteOnly = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'https://shop.paystra.example', localOrigins: false })],
    })
  })
  afterAll(async () => {
    await publicSite?.close()
    await siteOnly?.close()
  })

  it("takes a RETURN_URL on localhost or 127.0.0.1 by default: a kit's first run from the site", async () => {
    for (const returnUrl of ['http://localhost:8000/response', 'http://127.0.0.1:8000/r']) {
      const response = await postPaymentRequest(publicSite.url, { RETURN_URL: returnUrl })
      expect(response.status, returnUrl).toBe(303)
    }
  })

  it('refuses a RETURN_URL on localhost or 127.0.0.1 (325) when the operator says so', async () => {
    for (const returnUrl of ['http://localhost:3000/demo/response', 'http://127.0.0.1:8000/r']) {
      const response = await postPaymentRequest(siteOnly.url, { RETURN_URL: returnUrl })
      expect(response.status, returnUrl).toBe(200)
      expect(await response.text(), returnUrl).toContain('325')
    }
    const accepted = await postPaymentRequest(siteOnly.url)
    expect(accepted.status).toBe(303)
  })

  it('lets only the site frame the sandbox’s pages when the operator says so', async () => {
    for (const path of ['/checkout.js', '/no-such-page']) {
      const response = await fetch(`${siteOnly.url}${path}`)
      const policy = response.headers.get('content-security-policy') ?? ''
      const ancestors = /frame-ancestors ([^;]*)/.exec(policy)?.[1]
      expect(ancestors, path).toBe('https://shop.paystra.example')
    }
  })
})
