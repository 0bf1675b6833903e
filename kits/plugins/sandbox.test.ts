/**
 * The plugins' payment round trip against a sandbox started here: the signed request every
 * plugin builds (shared layer + PHP core, with each platform's order reference and return URL)
 * is accepted by the gateway, paid by a customer played over HTTP, and the gateway's response
 * verifies into the right outcome; a tampered one is rejected. And the webhook: with the
 * browser's return dropped, the order is paid by the signed event the sandbox delivers to the
 * NOTIFY_URL, received by the plugins' shared webhook code under PHP's built-in server. Then the
 * settlement: the sandbox's settlement run pays the orders out, and its signed
 * settlement.processed event, handed to each plugin's webhook, records the order's UTR and
 * settlement date once. And the disputes: a payment with the sandbox's dispute card, settled by a
 * run, is disputed, and the signed dispute.created the sandbox delivers to the order's NOTIFY_URL
 * puts the order on hold with the deadline, once; a run past the deadline decides it:
 * dispute.won (contested with a document) releases the order, dispute.lost adds its note. The platform glue itself is covered by each plugin's own tests
 * (php kits/plugins/run-tests.php).
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
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

/** Paid (000), then disputed for reason 13.1 by the settlement run that settles it. */
const disputeCard = '4000000000001976'

/** An order's dispute as the test shop keeps it (sandbox-roundtrip.php). */
interface Dispute {
  disputeId: string
  record: string
  status: string
  respondBy: string
  onHold: boolean
  notes: string[]
}

/** A PAYMENT or REFUND entry of the gateway's recon answer. */
interface ReconEntry {
  TYPE: string
  STATE: string
  SETTLEMENT_ID: string
  UTR: string
  SETTLEMENT_DATE: string
  EXPECTED_SETTLEMENT_DATE: string
}

/** A webhook delivery as the sandbox posted it: the raw body and its signature header. */
interface Delivery {
  body: string
  signature: string
}

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

/**
 * The PHP side of a call to the sandbox (recon, the settlement run): run without blocking, since
 * the sandbox answers from this very process.
 */
async function phpCalling<T>(baseUrl: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      'php',
      [script, ...args],
      { env: { ...process.env, PAYSTRA_BASE_URL: baseUrl }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`php ${args.join(' ')}: ${stdout}${stderr}`))
        else resolve(JSON.parse(stdout) as T)
      },
    )
  })
}

describe('plugins against the sandbox', () => {
  let sandbox: SandboxServer
  /** The shop's webhook endpoint (sandbox-roundtrip.php under php -S) and its order file. */
  let shop: RunningApp
  let ordersDir: string
  let ordersFile: string
  /** Where the settlement run's NOTIFY_URL points: every delivery, as it arrived. */
  let capture: { server: Server; url: string }
  const captured: Delivery[] = []

  beforeAll(async () => {
    if (!onPath('php')) throw new Error('The plugins need php on PATH (.ci/run installs it)')
    // The shop listens on 127.0.0.1, so the sandbox must be allowed to deliver there; retries
    // come quickly rather than after a minute.
    sandbox = await startSandboxServer({
      merchants: [demoMerchant({ siteUrl: 'http://127.0.0.1:1' })],
      webhooks: { allowPrivate: true, baseDelayMs: 500 },
      limits: { pages: 0 },
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
    const server = createServer((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (body += chunk))
      request.on('end', () => {
        const signature = request.headers['x-paystra-signature']
        captured.push({ body, signature: typeof signature === 'string' ? signature : '' })
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
      })
    })
    const capturePort = await freePort()
    await new Promise<void>((listening) => server.listen(capturePort, '127.0.0.1', listening))
    capture = { server, url: `http://127.0.0.1:${capturePort}/settlements` }
  }, 120_000)
  afterAll(async () => {
    await new Promise((closed) => (capture ? capture.server.close(closed) : closed(undefined)))
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
      const { order } = await paidThroughWebhook(plugin, `${plugin.ref}-wh`)
      expect(order).toMatchObject({ state: 'paid', updates: 1 })
      expect(order.txnId).toMatch(/^\d{16}$/)
    }, 60_000)
  }

  test('settled by the sandbox: each plugin records the UTR and settlement date of its paid order, once', async () => {
    const paid = []
    for (const plugin of plugins) {
      const ref = `${plugin.ref}-st`
      paid.push({ plugin, ref, ...(await paidThroughWebhook(plugin, ref)) })
    }
    // Each payment settles at 11:00 IST on the working day after it: the run's clock is past
    // the latest of those, so it settles them all.
    const expected: string[] = []
    for (const { orderId } of paid) {
      const payment = await paymentInRecon(orderId)
      expect(payment.STATE).toBe('UNSETTLED')
      expected.push(payment.EXPECTED_SETTLEMENT_DATE)
    }
    const due = expected.sort().at(-1)
    const run = await phpCalling<{ SETTLEMENTS: { SETTLEMENT_ID: string }[] }>(sandbox.url, [
      'settle',
      `${due}T11:05:00+05:30`,
      capture.url,
    ])
    const deliveries = await settlementDeliveries(run.SETTLEMENTS.map((s) => s.SETTLEMENT_ID))

    for (const { plugin, ref, orderId } of paid) {
      const settled = await paymentInRecon(orderId)
      expect(settled).toMatchObject({ STATE: 'SETTLED', SETTLEMENT_DATE: due })
      expect(settled.UTR).toMatch(/^PYSTN\d{11}$/)
      // The sandbox's signed deliveries, handed to the plugin's webhook as the gateway would.
      const results = await forwardAll(plugin, deliveries)
      expect(results[orderId], JSON.stringify(results)).toBe('recorded')
      const order = await orderAt(plugin, ref)
      expect(order).toMatchObject({
        state: 'paid',
        updates: 1,
        settlementId: settled.SETTLEMENT_ID,
        utr: settled.UTR,
        settlementDate: settled.SETTLEMENT_DATE,
      })
      expect(order.note).toContain(`UTR ${settled.UTR}`)

      // The same event again (the gateway's retry): nothing changes.
      expect((await forwardAll(plugin, deliveries))[orderId]).toBe('unchanged')
      expect(await orderAt(plugin, ref)).toEqual(order)
    }
  }, 240_000)

  test('disputed by the sandbox: each plugin puts its orders paid with card 4000 0000 0000 1976 on hold until the deadline, once; the one contested with a document is won and released, the unanswered one lost', async () => {
    const paid = []
    for (const plugin of plugins) {
      for (const answer of ['contested', 'unanswered'] as const) {
        const ref = `${plugin.ref}-${answer === 'contested' ? 'dw' : 'dl'}`
        paid.push({ plugin, ref, answer, ...(await paidThroughWebhook(plugin, ref, disputeCard)) })
      }
    }
    const expected: string[] = []
    for (const { orderId } of paid)
      expected.push((await paymentInRecon(orderId)).EXPECTED_SETTLEMENT_DATE)
    const due = expected.sort().at(-1)
    await phpCalling(sandbox.url, ['settle', `${due}T11:05:00+05:30`, capture.url])

    // The dispute events go to each payment's NOTIFY_URL: the shop's own webhook.
    let respondBy = ''
    for (const { plugin, ref, orderId, answer } of paid) {
      const order = await waitForOrder(
        `${shop.url}/orders/${plugin.prefix}/${ref}`,
        (o) => (o.dispute as Dispute | undefined)?.status === 'OPEN',
      )
      const dispute = order.dispute as Dispute
      expect(dispute).toMatchObject({ onHold: true, record: `${dispute.disputeId} created` })
      expect(dispute.disputeId).toMatch(/^dsp_[0-9a-f]{20}$/)
      expect(dispute.respondBy).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(dispute.respondBy > due!).toBe(true)
      expect(dispute.notes).toEqual([
        expect.stringContaining(
          `Paystra dispute ${dispute.disputeId} opened: 13.1 Merchandise or services not received. Respond by ${dispute.respondBy} in the Paystra dashboard.`,
        ),
      ])
      expect(dispute.notes[0]).toContain(`ORDER_ID ${orderId}`)
      respondBy = dispute.respondBy
      if (answer === 'contested') {
        const contested = await phpCalling<{ STATUS: string }>(sandbox.url, [
          'contest',
          dispute.disputeId,
        ])
        expect(contested.STATUS).toBe('UNDER_REVIEW')
      }
    }

    // The first run after the end of RESPOND_BY (IST) decides them by the documented rule.
    const after = new Date(`${respondBy}T12:00:00+05:30`)
    after.setUTCDate(after.getUTCDate() + 1)
    await phpCalling(sandbox.url, ['settle', after.toISOString(), capture.url])
    for (const { plugin, ref, answer } of paid) {
      const outcome = answer === 'contested' ? 'WON' : 'LOST'
      const order = await waitForOrder(
        `${shop.url}/orders/${plugin.prefix}/${ref}`,
        (o) => (o.dispute as Dispute | undefined)?.status === outcome,
      )
      const dispute = order.dispute as Dispute
      expect(dispute.notes).toHaveLength(2)
      if (answer === 'contested') {
        expect(dispute.onHold).toBe(false)
        expect(dispute.notes[1]).toContain(
          `Paystra dispute ${dispute.disputeId} won: Evidence accepted by the issuer.`,
        )
      } else {
        expect(dispute.onHold).toBe(true)
        expect(dispute.notes[1]).toContain(
          `Paystra dispute ${dispute.disputeId} lost: No answer by the deadline.`,
        )
      }
    }
  }, 240_000)

  /** A shop order paid by card with the browser's return dropped: only the webhook tells the shop. */
  async function paidThroughWebhook(plugin: Plugin, ref: string, card: string = testCards.success) {
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
      { method: 'card', number: card },
    )
    expect(gatewayResponse(page).action).toBe(plugin.returnUrl)
    const order = await waitForOrder(
      `${shop.url}/orders/${plugin.prefix}/${ref}`,
      (o) => o.state === 'paid',
    )
    return { orderId: form.fields.ORDER_ID!, order }
  }

  /** The order's PAYMENT entry in the gateway's signed recon answer. */
  async function paymentInRecon(orderId: string): Promise<ReconEntry> {
    const { RECON } = await phpCalling<{ RECON: ReconEntry[] }>(sandbox.url, ['recon', orderId])
    const payment = RECON.find((entry) => entry.TYPE === 'PAYMENT')
    if (!payment) throw new Error(`No PAYMENT for ${orderId} in ${JSON.stringify(RECON)}`)
    return payment
  }

  async function orderAt(plugin: Plugin, ref: string) {
    return (await (await fetch(`${shop.url}/orders/${plugin.prefix}/${ref}`)).json()) as Record<
      string,
      unknown
    >
  }

  /** Waits until the run's NOTIFY_URL has a settlement.processed delivery for each settlement. */
  async function settlementDeliveries(settlementIds: string[]) {
    expect(settlementIds.length).toBeGreaterThan(0)
    const deadline = Date.now() + 30_000
    const settlementOf = (delivery: Delivery) => {
      const event = JSON.parse(delivery.body) as { type: string; data: Record<string, string> }
      return event.type === 'settlement.processed' ? event.data.SETTLEMENT_ID : undefined
    }
    while (Date.now() < deadline) {
      const delivered = new Set(captured.map(settlementOf))
      if (settlementIds.every((id) => delivered.has(id))) {
        return captured.filter((delivery) => settlementOf(delivery) !== undefined)
      }
      await new Promise((done) => setTimeout(done, 200))
    }
    throw new Error(
      `The sandbox delivered no settlement.processed for each of ${settlementIds.join(', ')}: ${captured.map((d) => d.body).join('\n')}`,
    )
  }

  /**
   * Posts each delivery, byte for byte with its signature, to the plugin's webhook; returns
   * what the plugin did with each of its ORDER_IDs (recorded, unchanged, ignored).
   */
  async function forwardAll(plugin: Plugin, deliveries: Delivery[]) {
    const results: Record<string, string> = {}
    for (const delivery of deliveries) {
      const response = await fetch(`${shop.url}/${plugin.prefix}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystra-signature': delivery.signature },
        body: delivery.body,
      })
      const answer = (await response.json()) as {
        orders?: { order_id: string; result: string }[]
      }
      expect(response.status, JSON.stringify(answer)).toBe(200)
      for (const entry of answer.orders ?? []) results[entry.order_id] = entry.result
    }
    return results
  }

  /** Polls the shop's order until it is as expected (the webhook arrives asynchronously). */
  async function waitForOrder(url: string, reached: (order: Record<string, unknown>) => boolean) {
    const deadline = Date.now() + 30_000
    let last: Record<string, unknown> = {}
    while (Date.now() < deadline) {
      const answer = await fetch(url)
      last = (await answer.json()) as Record<string, unknown>
      if (reached(last)) return last
      await new Promise((done) => setTimeout(done, 200))
    }
    throw new Error(
      `The order at ${url} is still ${JSON.stringify(last)} (shop log: ${shop.output().slice(-2000)})`,
    )
  }
})
