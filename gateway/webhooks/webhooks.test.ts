/**
 * The sandbox's webhooks end to end: a real sandbox over HTTP, real merchant endpoints on
 * 127.0.0.1, and the events checked as a merchant's server would check them.
 */
import type { LookupAddress, lookup } from 'node:dns'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  expectSigned,
  merchant,
  payByUpi,
  postJson,
  postPaymentRequest,
  statusOf,
  uniqueId,
} from '#tests/support/sandbox-api.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { JITTER } from '#core/retry/backoff.ts'
import { type SandboxServer, startSandboxServer } from '#gateway/server.ts'
import { deliver } from './deliver.ts'
import {
  answer,
  type Received,
  type Receiver,
  startReceiver,
  verifiedEvent,
} from '#tests/support/webhook-receiver.ts'

const fast = { allowPrivate: true, baseDelayMs: 100, pollMs: 50, timeoutMs: 1500 }

let sandbox: SandboxServer
let receiver: Receiver

beforeAll(async () => {
  sandbox = await startSandboxServer({
    merchants: [merchant],
    webhooks: fast,
    settleDelayMs: 400,
    // Many payments a minute from one address: the page limit has its own tests.
    limits: { pages: 0 },
  })
})
afterAll(async () => {
  await sandbox?.close()
})
afterEach(async () => {
  await receiver?.close()
})

const verified = (delivery: Received) => verifiedEvent(delivery, merchant)

const eventsOf = (reference: string) =>
  postJson(`${sandbox.url}/pgws/webhook/events`, { PAY_ID: merchant.payId, ORDER_ID: reference })

interface ListedEvent {
  id: string
  type: string
  state: string
  attempts: Array<{ http_status: number | null; error: string | null; duration_ms: number }>
}
const listedEvents = (fields: Record<string, string>) => JSON.parse(fields.EVENTS!) as ListedEvent[]

describe('a payment with NOTIFY_URL', () => {
  it('is POSTed to it signed: t=<unix seconds>,v1=<hex HMAC of "t.body">, the event id in a header, the response fields with their HASH in data', async () => {
    receiver = await startReceiver()
    const before = Math.floor(Date.now() / 1000)
    const orderId = await payByUpi(sandbox.url, '2500', 'success@upi', {
      NOTIFY_URL: receiver.url,
      CUST_PHONE: '9123456780',
    })
    const [delivery] = await receiver.waitFor(1)
    expect(delivery!.headers['content-type']).toBe('application/json')
    expect(delivery!.headers['x-paystra-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    const t = Number(/^t=(\d+)/.exec(delivery!.headers['x-paystra-signature'] as string)![1])
    expect(t).toBeGreaterThanOrEqual(before)
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    const event = verified(delivery!)
    expect(delivery!.headers['x-paystra-event-id']).toBe(event.id)
    expect(event.id).toMatch(/^evt_[0-9a-f]{24}$/)
    expect(event.type).toBe('payment.captured')
    expect(verifyHash(event.data, merchant.salt)).toBe(true)
    // The same fields (and values) as the status enquiry answers.
    const enquiry = await statusOf(sandbox.url, orderId)
    expect(event.data).toEqual(enquiry.json)
    expect(event.data).toMatchObject({
      ORDER_ID: orderId,
      RESPONSE_CODE: '000',
      STATUS: 'Captured',
      CUST_PHONE: '9123456780',
      IS_STATUS_FINAL: 'Y',
    })
    expect(event.data.RRN).toMatch(/^\d{12}$/)
    expect(Object.keys(JSON.parse(delivery!.body))).toEqual(['id', 'type', 'created', 'data'])
  })

  it('sends payment.failed for a decline and nothing at all without NOTIFY_URL', async () => {
    receiver = await startReceiver()
    const declined = await payByUpi(sandbox.url, '100', 'failure@upi', { NOTIFY_URL: receiver.url })
    const silent = await payByUpi(sandbox.url, '100', 'success@upi')
    const [delivery] = await receiver.waitFor(1)
    expect(verified(delivery!)).toMatchObject({
      type: 'payment.failed',
      data: { ORDER_ID: declined, RESPONSE_CODE: '004' },
    })
    // Deliveries are made only from stored events, and none was stored for the silent payment.
    expect((await eventsOf(silent)).json.RESPONSE_CODE).toBe('337')
    expect(listedEvents((await eventsOf(declined)).json).map((event) => event.type)).toEqual([
      'payment.failed',
    ])
    expect(receiver.received.map((delivery) => verified(delivery).data.ORDER_ID)).toEqual([
      declined,
    ])
  })

  it('late@upi answers Pending at once and Captured after the settle delay, with an event for each; the enquiry follows', async () => {
    receiver = await startReceiver()
    const paidAt = Date.now()
    const orderId = await payByUpi(sandbox.url, '100', 'late@upi', { NOTIFY_URL: receiver.url })
    expect((await statusOf(sandbox.url, orderId)).json).toMatchObject({
      RESPONSE_CODE: '026',
      STATUS: 'Pending',
      IS_STATUS_FINAL: 'N',
    })
    const [pending, captured] = await receiver.waitFor(2, 5000)
    expect(verified(pending!)).toMatchObject({
      type: 'payment.pending',
      data: { RESPONSE_CODE: '026' },
    })
    expect(verified(captured!)).toMatchObject({
      type: 'payment.captured',
      data: { ORDER_ID: orderId, RESPONSE_CODE: '000', IS_STATUS_FINAL: 'Y' },
    })
    // The capture comes no sooner than the settle delay after the payment (the pending event's
    // own delivery may be late on a busy machine, so it is no yardstick).
    expect(captured!.at - paidAt).toBeGreaterThanOrEqual(300)
    expect((await statusOf(sandbox.url, orderId)).json).toMatchObject({
      RESPONSE_CODE: '000',
      STATUS: 'Captured',
    })
  })

  it('pending@upi stays pending: one event, and no capture later', async () => {
    receiver = await startReceiver()
    const orderId = await payByUpi(sandbox.url, '100', 'pending@upi', { NOTIFY_URL: receiver.url })
    // A late@upi payment made afterwards settles later than a late pending@upi would have: once
    // its capture is delivered, the settle pass that would have captured this one has run.
    const later = await payByUpi(sandbox.url, '100', 'late@upi', { NOTIFY_URL: receiver.url })
    await vi.waitFor(
      () =>
        expect(receiver.received.map((delivery) => verified(delivery).type)).toContain(
          'payment.captured',
        ),
      { timeout: 10_000, interval: 50 },
    )
    const byOrder = receiver.received.map((delivery) => {
      const event = verified(delivery)
      return [event.data.ORDER_ID, event.type]
    })
    expect(byOrder).toEqual(
      expect.arrayContaining([
        [orderId, 'payment.pending'],
        [later, 'payment.captured'],
      ]),
    )
    expect(byOrder.filter(([order]) => order === orderId)).toEqual([[orderId, 'payment.pending']])
    expect(listedEvents((await eventsOf(orderId)).json).map((event) => event.type)).toEqual([
      'payment.pending',
    ])
    expect((await statusOf(sandbox.url, orderId)).json.RESPONSE_CODE).toBe('026')
  })
})

describe('a merchant’s default notify URL', () => {
  it('receives the events of requests that name none; a request’s own NOTIFY_URL wins', async () => {
    receiver = await startReceiver()
    const own = await startReceiver()
    const withDefault = await startSandboxServer({
      merchants: [{ ...merchant, notifyUrl: receiver.url }],
      webhooks: fast,
    })
    try {
      const orderId = await payByUpi(withDefault.url, '100')
      const [delivery] = await receiver.waitFor(1)
      expect(verified(delivery!).data.ORDER_ID).toBe(orderId)
      const named = await payByUpi(withDefault.url, '100', 'success@upi', { NOTIFY_URL: own.url })
      const [ownDelivery] = await own.waitFor(1)
      expect(verified(ownDelivery!).data.ORDER_ID).toBe(named)
      expect(receiver.received).toHaveLength(1)
    } finally {
      await own.close()
      await withDefault.close()
    }
  })
})

describe('delivery', () => {
  it('retries a failing endpoint with the same event id and growing delays, and lists every attempt', async () => {
    receiver = await startReceiver((index, _received, res) => {
      res.writeHead(index < 2 ? 503 : 200).end(index < 2 ? 'down for maintenance' : 'ok')
    })
    const orderId = await payByUpi(sandbox.url, '100', 'success@upi', { NOTIFY_URL: receiver.url })
    // About 0.6 s of delays: the 8 s only keeps a broken retry from hanging the test.
    const deliveries = await receiver.waitFor(3, 8000)
    const ids = deliveries.map((delivery) => delivery.headers['x-paystra-event-id'])
    expect(new Set(ids).size).toBe(1)
    expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1)
    // The base delay, then five times longer (schedule.ts), each at least its delay less the most
    // jitter takes off. A busy machine only makes the waits longer, so no upper bound is asserted,
    // nor that the second measured wait beats the first. (Less one millisecond: the receiver's
    // clock counts whole ones.)
    const least = (delayMs: number) => delayMs * (1 - JITTER) - 1
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(least(fast.baseDelayMs))
    expect(deliveries[2]!.at - deliveries[1]!.at).toBeGreaterThanOrEqual(
      least(5 * fast.baseDelayMs),
    )

    // The receiver has the third attempt a moment before the sandbox records its answer.
    const listing = await vi.waitFor(async () => {
      const current = await eventsOf(orderId)
      expect(listedEvents(current.json)[0]).toMatchObject({ state: 'delivered' })
      return current
    })
    expectSigned(listing.json)
    const [event] = listedEvents(listing.json)
    expect(event).toMatchObject({ id: ids[0], type: 'payment.captured', state: 'delivered' })
    expect(event!.attempts.map((attempt) => attempt.http_status)).toEqual([503, 503, 200])
    expect(event!.attempts[0]!.error).toBe('HTTP 503: down for maintenance')
  })

  it('does not follow a redirect: the attempt fails and names where it pointed', async () => {
    const elsewhere = await startReceiver()
    receiver = await startReceiver(answer(302, { Location: elsewhere.url }))
    try {
      const orderId = await payByUpi(sandbox.url, '100', 'success@upi', {
        NOTIFY_URL: receiver.url,
      })
      await receiver.waitFor(2, 5000)
      expect(elsewhere.received).toHaveLength(0)
      const [event] = listedEvents((await eventsOf(orderId)).json)
      expect(event!.attempts[0]).toMatchObject({ http_status: 302 })
      expect(event!.attempts[0]!.error).toContain(`redirect to ${elsewhere.url} not followed`)
    } finally {
      await elsewhere.close()
    }
  })

  it('does not hold up the payment pages: payments answer while their deliveries hang', async () => {
    // The endpoint takes every delivery and answers none, and the sandbox would wait a minute
    // for it: a payment that waited for its webhook could not answer before the test ends.
    receiver = await startReceiver(() => {})
    const patient = await startSandboxServer({
      merchants: [merchant],
      webhooks: { ...fast, timeoutMs: 60_000 },
    })
    try {
      const attemptsOf = async (orderId: string) =>
        listedEvents(
          (
            await postJson(`${patient.url}/pgws/webhook/events`, {
              PAY_ID: merchant.payId,
              ORDER_ID: orderId,
            })
          ).json,
        )[0]!.attempts
      const first = await payByUpi(patient.url, '100', 'success@upi', {
        NOTIFY_URL: receiver.url,
      })
      await receiver.waitFor(1)
      const second = await payByUpi(patient.url, '100', 'success@upi', {
        NOTIFY_URL: receiver.url,
      })
      // Both payments answered while the first delivery still hangs; the second waits its turn.
      expect((await statusOf(patient.url, second)).json.RESPONSE_CODE).toBe('000')
      expect(await attemptsOf(first)).toEqual([])
      expect(await attemptsOf(second)).toEqual([])
    } finally {
      await receiver.close()
      await patient.close()
    }
  })

  it('cuts off an endpoint that never answers after the timeout, and records why', async () => {
    receiver = await startReceiver(() => {}) // never answers
    const orderId = await payByUpi(sandbox.url, '100', 'success@upi', { NOTIFY_URL: receiver.url })
    await receiver.waitFor(1)
    await expect
      .poll(async () => listedEvents((await eventsOf(orderId)).json)[0]!.attempts[0]?.error, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe('no answer within 1.5 s')
  })

  it('sends an event again on request, with the same id and body', async () => {
    receiver = await startReceiver()
    const orderId = await payByUpi(sandbox.url, '100', 'success@upi', { NOTIFY_URL: receiver.url })
    const [first] = await receiver.waitFor(1)
    const id = first!.headers['x-paystra-event-id'] as string
    const resend = await postJson(`${sandbox.url}/pgws/webhook/resend`, {
      PAY_ID: merchant.payId,
      EVENT_ID: id,
    })
    expect(resend.json).toMatchObject({
      PAY_ID: merchant.payId,
      EVENT_ID: id,
      RESPONSE_CODE: '000',
      RESPONSE_MESSAGE: 'Transaction successful',
    })
    // A delivery has no payment STATUS: a resent payment.failed is not "Captured".
    expect(resend.json).not.toHaveProperty('STATUS')
    expectSigned(resend.json)
    const [, second] = await receiver.waitFor(2)
    expect(second!.headers['x-paystra-event-id']).toBe(id)
    expect(second!.body).toBe(first!.body)
    expect(listedEvents((await eventsOf(orderId)).json)[0]!.attempts).toHaveLength(2)
  })

  it('answers the deliveries API with its codes: unknown event 337, malformed id 326, bad HASH 323', async () => {
    const unknown = await postJson(`${sandbox.url}/pgws/webhook/events`, {
      PAY_ID: merchant.payId,
      EVENT_ID: 'evt_000000000000000000000000',
    })
    expect(unknown.json).toMatchObject({
      RESPONSE_CODE: '337',
      RESPONSE_MESSAGE: 'No webhook event found',
    })
    const malformed = await postJson(`${sandbox.url}/pgws/webhook/resend`, {
      PAY_ID: merchant.payId,
      EVENT_ID: 'evt_../../etc',
    })
    expect(malformed.json.RESPONSE_CODE).toBe('326')
    const forged = await postJson(
      `${sandbox.url}/pgws/webhook/events`,
      { PAY_ID: merchant.payId, ORDER_ID: 'X1', HASH: '0'.repeat(64) },
      { raw: true },
    )
    expect(forged.json.RESPONSE_CODE).toBe('323')
  })
})

describe('refunds and payouts', () => {
  it('send refund.processed to the payment’s NOTIFY_URL, and payout.processed / payout.failed to theirs', async () => {
    receiver = await startReceiver()
    const orderId = await payByUpi(sandbox.url, '5000', 'success@upi', { NOTIFY_URL: receiver.url })
    await receiver.waitFor(1)
    const refund = await postJson(`${sandbox.url}/pgws/transact`, {
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      REFUND_ORDER_ID: uniqueId('RF'),
      AMOUNT: '2000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    })
    expect(refund.json.RESPONSE_CODE).toBe('000')
    const payout = (account: string) =>
      postJson(`${sandbox.url}/pgws/payout`, {
        PAY_ID: merchant.payId,
        PAYOUT_ID: uniqueId('PO'),
        AMOUNT: '150000',
        CURRENCY_CODE: '356',
        TRANSFER_MODE: 'IMPS',
        BENEFICIARY_NAME: 'Ravi Kumar',
        BENEFICIARY_ACCOUNT: account,
        BENEFICIARY_IFSC: 'HDFC0001234',
        NOTIFY_URL: receiver.url,
      })
    const paid = await payout('123456789012')
    const declined = await payout('000000000004')
    const pending = await payout('000000000026')
    expect(pending.json.RESPONSE_CODE).toBe('026')
    const deliveries = await receiver.waitFor(4)
    // A pending payout has no event yet: its answer and its event would be committed together.
    const pendingId = pending.json.PAYOUT_ID!
    expect((await eventsOf(pendingId)).json.RESPONSE_CODE).toBe('337')
    expect(deliveries.map((delivery) => verified(delivery).data.PAYOUT_ID)).not.toContain(pendingId)
    const events = deliveries.slice(1).map(verified)
    expect(events.map((event) => event.type).sort()).toEqual([
      'payout.failed',
      'payout.processed',
      'refund.processed',
    ])
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]))
    expect(byType['refund.processed']).toEqual(refund.json)
    expect(byType['payout.processed']).toEqual(paid.json)
    expect(byType['payout.failed']).toEqual(declined.json)
  })
})

describe('addresses', () => {
  let strict: SandboxServer
  beforeAll(async () => {
    strict = await startSandboxServer({
      merchants: [merchant],
      webhooks: { ...fast, allowPrivate: false },
    })
  })
  afterAll(async () => {
    await strict?.close()
  })

  it('refuses a NOTIFY_URL in a private range (357) unless the operator allows it, and accepts a public one', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://169.254.169.254/',
      'http://[::1]/x',
    ]) {
      const refused = await postJson(`${strict.url}/pgws/qr`, {
        PAY_ID: merchant.payId,
        ORDER_ID: uniqueId('QR'),
        AMOUNT: '100',
        CURRENCY_CODE: '356',
        QR_TYPE: 'UPI',
        NOTIFY_URL: url,
      })
      expect(refused.json.RESPONSE_CODE, url).toBe('357')
    }
    const publicUrl = await postJson(`${strict.url}/pgws/qr`, {
      PAY_ID: merchant.payId,
      ORDER_ID: uniqueId('QR'),
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      QR_TYPE: 'UPI',
      NOTIFY_URL: 'https://shop.paystra.example/paystra/webhook',
    })
    expect(publicUrl.json.RESPONSE_CODE).toBe('006')
  })

  it('refuses a hosted payment request with a private NOTIFY_URL on the refusal page (357)', async () => {
    const response = await postPaymentRequest(strict.url, { NOTIFY_URL: 'http://10.1.2.3/hook' })
    const page = await response.text()
    expect(page).toContain('357')
    expect(page).toContain('Invalid notify URL')
    expect(page).not.toContain('Invalid return URL')
  })
})

describe('after a restart', () => {
  it('delivers the events stored before it, by itself', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-webhooks-'))
    try {
      // The merchant's server is down when the payment is made: the first attempt fails and
      // the retry waits in the database, due a second later.
      const down = await startReceiver()
      const url = down.url
      await down.close()
      const first = await startSandboxServer({
        merchants: [merchant],
        dataDir,
        webhooks: { ...fast, baseDelayMs: 1000 },
      })
      const orderId = await payByUpi(first.url, '100', 'success@upi', { NOTIFY_URL: url })
      const attempts = async () =>
        listedEvents(
          (
            await postJson(`${first.url}/pgws/webhook/events`, {
              PAY_ID: merchant.payId,
              ORDER_ID: orderId,
            })
          ).json,
        )[0]?.attempts ?? []
      await expect
        .poll(async () => (await attempts())[0]?.error, { timeout: 5000, interval: 50 })
        .toBe('connection refused')
      await first.close()

      // The merchant's server is back, and a new sandbox opens the same data.
      receiver = await startReceiver(answer(200), Number(new URL(url).port))
      const second = await startSandboxServer({ merchants: [merchant], dataDir, webhooks: fast })
      try {
        const [delivery] = await receiver.waitFor(1, 10_000)
        expect(verified(delivery!)).toMatchObject({
          type: 'payment.captured',
          data: { ORDER_ID: orderId },
        })
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 30_000)
})

/** A resolver that answers every name with one address, as DNS would, and records the names asked. */
function resolvesTo(address: string) {
  const asked: string[] = []
  const resolve = ((
    hostname: string,
    options: { all?: boolean },
    callback: (error: null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    asked.push(hostname)
    if (options.all) callback(null, [{ address, family: 4 }])
    else callback(null, address, 4)
  }) as unknown as typeof lookup
  return { resolve, asked }
}

describe('delivery to a host name', () => {
  it('checks the addresses a name resolves to at each delivery, and refuses a private one', async () => {
    receiver = await startReceiver()
    const port = new URL(receiver.url).port
    const dns = resolvesTo('127.0.0.1')
    const refused = await deliver(
      { url: `http://shop.paystra.example:${port}/webhook`, body: '{}', headers: {} },
      { allowPrivate: false, resolve: dns.resolve },
    )
    expect(refused).toEqual({
      ok: false,
      error:
        'shop.paystra.example resolves to 127.0.0.1, a private address: webhooks are not sent there',
      durationMs: expect.any(Number),
      refused: true,
    })
    expect(dns.asked).toEqual(['shop.paystra.example'])
    expect(receiver.received).toHaveLength(0)
  })

  it('delivers to the address the name resolves to when private addresses are allowed', async () => {
    receiver = await startReceiver()
    const port = new URL(receiver.url).port
    const dns = resolvesTo('127.0.0.1')
    const allowed = await deliver(
      { url: `http://shop.paystra.example:${port}/webhook`, body: '{"a":1}', headers: {} },
      { allowPrivate: true, resolve: dns.resolve },
    )
    expect(allowed).toEqual({ ok: true, status: 200, durationMs: expect.any(Number) })
    expect(dns.asked).toEqual(['shop.paystra.example'])
    expect(receiver.received).toHaveLength(1)
    expect(receiver.received[0]!.headers.host).toBe(`shop.paystra.example:${port}`)
    expect(receiver.received[0]!.body).toBe('{"a":1}')
  })

  it('refuses a literal private address without asking DNS', async () => {
    receiver = await startReceiver()
    const dns = resolvesTo('127.0.0.1')
    const literal = await deliver(
      { url: receiver.url, body: '{}', headers: {} },
      { allowPrivate: false, resolve: dns.resolve },
    )
    expect(literal).toEqual({
      ok: false,
      error: '127.0.0.1 is a private address: webhooks are not sent there',
      durationMs: 0,
      refused: true,
    })
    expect(dns.asked).toEqual([])
    expect(receiver.received).toHaveLength(0)
  })
})
