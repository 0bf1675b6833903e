/**
 * `paystra listen` against a sandbox that sends nothing to private addresses, as a public one:
 * the command line (kits/nodejs/core/paystra.mjs, run with node as a developer runs it) holds
 * the account's signed event stream, forwards each event to a local receiver byte for byte with
 * its signature, and reports the answer, which the account's events then show. A dropped stream
 * reconnects and gets what was sent meanwhile; the sandbox itself never posts to the private
 * URL; one account's stream carries nothing of another's; bad streams and reports are refused
 * with their codes. On PGlite, and on PostgreSQL in CI's data stage.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { payByUpi } from '#tests/support/sandbox-api.ts'
import type { SettlementSandbox } from '#tests/support/sandbox-settlements.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import {
  accountSandbox,
  accountsDemo,
  makeAccount as makeAccountAt,
} from '#tests/support/sandbox-accounts.ts'
import {
  answer,
  type Receiver,
  startReceiver,
  verifiedEvent,
} from '#tests/support/webhook-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'

const CLI = resolve('kits/nodejs/core/paystra.mjs')
const demo = accountsDemo

let store: DataStore
let sandbox: SettlementSandbox
const running: ChildProcess[] = []
const receivers: Receiver[] = []

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await accountSandbox(store.db, {
    // As on a public sandbox: no webhook may go to a private address.
    webhooks: { allowPrivate: false, pollMs: 100 },
  })
})

/** Stops every command line still running, as Ctrl-C does. */
async function stopClis() {
  for (const child of running.splice(0)) {
    child.kill('SIGINT')
    await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(null)))
  }
}

afterEach(async () => {
  await stopClis()
  for (const receiver of receivers.splice(0)) await receiver.close()
})

afterAll(async () => {
  await sandbox?.close()
  await store?.close()
})

const makeAccount = async () => (await makeAccountAt(sandbox.url, store.db)).merchant

async function receiver(respond = answer(200)) {
  const started = await startReceiver(respond)
  receivers.push(started)
  return started
}

/** The command line as a developer runs it, in an empty folder, with the account's keys. */
function cli(merchant: SandboxMerchant, args: string[], baseUrl = sandbox.url) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: mkdtempSync(join(tmpdir(), 'paystra-cli-')),
    env: {
      PATH: process.env.PATH,
      PAYSTRA_BASE_URL: baseUrl,
      PAYSTRA_PAY_ID: merchant.payId,
      PAYSTRA_SALT: merchant.salt,
      PAYSTRA_WEBHOOK_SECRET: merchant.webhookSecret,
    },
  })
  running.push(child)
  let output = ''
  const seen: Array<() => void> = []
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    for (const wake of seen.splice(0)) wake()
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return {
    child,
    output: () => output,
    /** Resolves once the output matches (each chunk of output is a chance to look). */
    async waitFor(pattern: RegExp, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      while (!pattern.test(output)) {
        if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${output}`)
        await new Promise<void>((wake) => {
          seen.push(wake)
          setTimeout(wake, 100)
        })
      }
    },
    exited: () =>
      new Promise<number>((done) =>
        child.exitCode === null
          ? child.once('exit', (code) => done(code ?? 1))
          : done(child.exitCode),
      ),
  }
}

/** `paystra listen` forwarding the merchant's events to `url`, once it says it is ready. */
async function listenTo(merchant: SandboxMerchant, url: string, baseUrl = sandbox.url) {
  const listening = cli(merchant, ['listen', '--forward-to', url], baseUrl)
  await listening.waitFor(/Ready: forwarding account \d{16}/)
  return listening
}

/** The account's events as stored, oldest first. */
const eventsOf = (payId: string) =>
  rowsOf<{ id: string; type: string; channel: string; state: string; copy_of: string | null }>(
    store.db,
    sql`SELECT id, type, channel, state, copy_of FROM sandbox_webhook_events
      WHERE pay_id = ${payId} ORDER BY created_at, id`,
  )

const attemptsOf = (eventId: string) =>
  rowsOf<{ http_status: number | null; error: string | null }>(
    store.db,
    sql`SELECT http_status, error FROM sandbox_webhook_attempts WHERE event_id = ${eventId}
      ORDER BY id`,
  )

/** A signed stream request's query. */
function streamQuery(merchant: SandboxMerchant, timestamp = Math.floor(Date.now() / 1000)) {
  return new URLSearchParams(
    withHash({ PAY_ID: merchant.payId, TIMESTAMP: String(timestamp) }, merchant.salt),
  )
}

async function postSigned(path: string, merchant: SandboxMerchant, fields: Fields) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(withHash({ PAY_ID: merchant.payId, ...fields }, merchant.salt)),
  })
  return { status: response.status, json: (await response.json()) as Fields }
}

describe('paystra listen', () => {
  it('forwards a signed payment.captured to a local URL the sandbox itself may not reach, and reports the answer', async () => {
    const account = await makeAccount()
    const local = await receiver()
    const listening = await listenTo(account, local.url)

    // The kits' own NOTIFY_URL, on localhost: accepted for the listener, never posted to.
    const orderId = await payByUpi(
      sandbox.url,
      '49900',
      'success@upi',
      { NOTIFY_URL: local.url },
      account,
    )
    const [delivery] = await local.waitFor(1)
    const event = verifiedEvent(delivery!, account)
    expect(event.type).toBe('payment.captured')
    expect(event.data.ORDER_ID).toBe(orderId)
    expect(delivery!.headers['x-paystra-event-id']).toBe(event.id)
    expect(delivery!.headers['user-agent']).toContain('paystra listen')
    await listening.waitFor(new RegExp(`payment\\.captured\\s+${event.id}\\s+→ 200`))

    // The report is the event's delivery: the account's events show it delivered with 200.
    await expect
      .poll(async () => (await eventsOf(account.payId)).map((row) => [row.channel, row.state]))
      .toEqual([['stream', 'delivered']])
    const [stored] = await eventsOf(account.payId)
    expect(stored!.id).toBe(event.id)
    expect(await attemptsOf(stored!.id)).toEqual([{ http_status: 200, error: null }])
    const events = cli(account, ['events'])
    expect(await events.exited()).toBe(0)
    expect(events.output()).toContain(event.id)
    expect(events.output()).toMatch(/200\s+delivered/)
    // Every request the receiver got came from the command line.
    expect(
      local.received.every((each) => String(each.headers['user-agent']).includes('paystra listen')),
    ).toBe(true)
  })

  it('forwards what paystra trigger makes: refund.processed after its payment.captured', async () => {
    const account = await makeAccount()
    const local = await receiver()
    const listening = await listenTo(account, local.url)
    const trigger = cli(account, ['trigger', 'refund.processed'])
    expect(await trigger.exited()).toBe(0)
    const orderId = /ORDER_ID: (\S+)/.exec(trigger.output())![1]
    const deliveries = await local.waitFor(2)
    const events = deliveries.map((each) => verifiedEvent(each, account))
    expect(events.map((event) => event.type).sort()).toEqual([
      'payment.captured',
      'refund.processed',
    ])
    expect(events.every((event) => event.data.ORDER_ID === orderId)).toBe(true)
    await listening.waitFor(/refund\.processed\s+evt_\w+\s+→ 200/)
  })

  it('gets a listening account’s events that name no NOTIFY_URL, and a copy of those sent to a public one', async () => {
    const account = await makeAccount()
    const local = await receiver()
    await listenTo(account, local.url)
    const orderId = await payByUpi(sandbox.url, '10000', 'success@upi', {}, account)
    const [delivery] = await local.waitFor(1)
    expect(verifiedEvent(delivery!, account).data.ORDER_ID).toBe(orderId)

    // To a public NOTIFY_URL the worker delivers (or tries); the listener gets a copy with the
    // same id and body.
    await payByUpi(
      sandbox.url,
      '10000',
      'success@upi',
      { NOTIFY_URL: 'https://merchant.invalid/webhook' },
      account,
    )
    const [, copy] = await local.waitFor(2)
    const rows = await eventsOf(account.payId)
    const original = rows.find((row) => row.channel === 'url')!
    expect(rows.find((row) => row.copy_of === original.id)).toMatchObject({ channel: 'stream' })
    expect(verifiedEvent(copy!, account).id).toBe(original.id)
    expect(copy!.headers['x-paystra-event-id']).toBe(original.id)
  })

  it('reconnects after a drop and gets what was sent meanwhile; a failed forward is retried as a webhook is', async () => {
    const account = await makeAccount()
    let failFirst = true
    const local = await receiver((_index, _received, res) => {
      const status = failFirst ? 500 : 200
      failFirst = false
      res.writeHead(status).end(status === 200 ? 'ok' : 'database down')
    })
    const proxy = await cuttableProxy(new URL(sandbox.url).port)
    const listening = await listenTo(account, local.url, `http://127.0.0.1:${proxy.port}/sandbox`)

    proxy.cut()
    await listening.waitFor(/Stream lost|Reconnecting/)
    const orderId = await payByUpi(
      sandbox.url,
      '25000',
      'success@upi',
      { NOTIFY_URL: local.url },
      account,
    )
    proxy.open()
    const [first] = await local.waitFor(1, 20_000)
    expect(verifiedEvent(first!, account).data.ORDER_ID).toBe(orderId)
    await listening.waitFor(/→ failed: HTTP 500: database down/)
    const [row] = await eventsOf(account.payId)
    await expect.poll(async () => (await attemptsOf(row!.id)).length).toBe(1)
    expect(await attemptsOf(row!.id)).toEqual([
      { http_status: 500, error: 'HTTP 500: database down' },
    ])
    const [pending] = await rowsOf<{ state: string; next_attempt_at: Date | string }>(
      store.db,
      sql`SELECT state, next_attempt_at FROM sandbox_webhook_events WHERE id = ${row!.id}`,
    )
    expect(pending!.state).toBe('pending')
    // Due again after the webhooks' first backoff (a minute, up to a fifth shorter).
    expect(new Date(pending!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 30_000)

    // Made due now, as the next retry, it is handed out again and delivered.
    await store.db.execute(
      sql`UPDATE sandbox_webhook_events SET next_attempt_at = now() WHERE id = ${row!.id}`,
    )
    const [, second] = await local.waitFor(2, 20_000)
    expect(second!.body).toBe(first!.body)
    await expect.poll(async () => (await eventsOf(account.payId))[0]!.state).toBe('delivered')
    await proxy.close()
  })

  it('carries nothing of another account', async () => {
    const mine = await makeAccount()
    const theirs = await makeAccount()
    const local = await receiver()
    await listenTo(mine, local.url)
    const their = await receiver()
    await payByUpi(sandbox.url, '10000', 'success@upi', { NOTIFY_URL: their.url }, theirs)
    const ours = await payByUpi(
      sandbox.url,
      '10000',
      'success@upi',
      { NOTIFY_URL: local.url },
      mine,
    )
    const [delivery] = await local.waitFor(1)
    expect(verifiedEvent(delivery!, mine).data.ORDER_ID).toBe(ours)
    expect(local.received).toHaveLength(1)
    // Their event waits for their own listener.
    expect((await eventsOf(theirs.payId)).map((row) => row.state)).toEqual(['pending'])

    // A report on their delivery, signed with my keys, finds nothing.
    const [theirEvent] = await eventsOf(theirs.payId)
    const report = await postSigned('/pgws/events/stream/result', mine, {
      DELIVERY_ID: theirEvent!.id,
      HTTP_STATUS: '200',
      DURATION_MS: '5',
    })
    expect(report.json.RESPONSE_CODE).toBe('367')
    expect((await eventsOf(theirs.payId)).map((row) => row.state)).toEqual(['pending'])
  })
})

describe('two instances on one database', () => {
  it('share an account’s events between its listeners, each once, and count its streams together', async () => {
    const second = await accountSandbox(store.db, {
      webhooks: { allowPrivate: false, pollMs: 100 },
    })
    try {
      const account = await makeAccount()
      const local = await receiver()
      await Promise.all([listenTo(account, local.url), listenTo(account, local.url, second.url)])
      const orders = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() =>
          payByUpi(sandbox.url, '10000', 'success@upi', { NOTIFY_URL: local.url }, account),
        ),
      )
      const deliveries = await local.waitFor(6, 20_000)
      const ordersForwarded = deliveries.map((each) => verifiedEvent(each, account).data.ORDER_ID)
      expect(ordersForwarded.sort()).toEqual([...orders].sort())
      await expect
        .poll(async () => (await eventsOf(account.payId)).map((row) => row.state))
        .toEqual(Array(6).fill('delivered'))
      const attempts = await rowsOf<{ n: number }>(
        store.db,
        sql`SELECT count(*)::int AS n FROM sandbox_webhook_attempts a
          JOIN sandbox_webhook_events e ON e.id = a.event_id WHERE e.pay_id = ${account.payId}`,
      )
      expect(attempts[0]!.n).toBe(6)
      expect(local.received).toHaveLength(6)

      // Two streams open (the listeners), one more on each instance reaches the cap of three.
      const streams = new AbortController()
      const open = (url: string) =>
        fetch(`${url}/pgws/events/stream?${streamQuery(account)}`, { signal: streams.signal })
      expect((await open(sandbox.url)).status).toBe(200)
      const fourth = await open(second.url)
      expect(fourth.status).toBe(429)
      expect(((await fourth.json()) as Fields).RESPONSE_CODE).toBe('366')
      streams.abort()
    } finally {
      await stopClis()
      await second.close()
    }
  })
})

describe('the event stream refuses', () => {
  it('a wrong HASH (323), a stale TIMESTAMP (365), the demo merchant (369), and a fourth stream (429, 366)', async () => {
    const account = await makeAccount()
    const open = (query: URLSearchParams) => fetch(`${sandbox.url}/pgws/events/stream?${query}`)
    const read = async (response: Response) => (await response.json()) as Fields

    const forged = streamQuery(account)
    forged.set('HASH', 'A'.repeat(64))
    expect((await read(await open(forged))).RESPONSE_CODE).toBe('323')
    const stale = await read(await open(streamQuery(account, Math.floor(Date.now() / 1000) - 3600)))
    expect(stale.RESPONSE_CODE).toBe('365')
    const demoStream = await read(await open(streamQuery(demo)))
    expect(demoStream).toMatchObject({ RESPONSE_CODE: '369' })
    expect(demoStream.ACCOUNT_URL).toMatch(/\/sandbox\/accounts\/new$/)
    const bad = await open(new URLSearchParams({ PAY_ID: account.payId, OTHER: '1' }))
    expect(bad.status).toBe(400)
    expect((await read(bad)).RESPONSE_CODE).toBe('326')

    const streams = new AbortController()
    const opened = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${sandbox.url}/pgws/events/stream?${streamQuery(account)}`, {
          signal: streams.signal,
        }),
      ),
    )
    expect(opened.map((response) => response.headers.get('content-type'))).toEqual(
      Array(3).fill('text/event-stream; charset=utf-8'),
    )
    const fourth = await open(streamQuery(account))
    expect(fourth.status).toBe(429)
    expect((await read(fourth)).RESPONSE_CODE).toBe('366')
    streams.abort()
    // Closed streams count no more.
    const again = new AbortController()
    await expect
      .poll(async () => {
        const response = await fetch(`${sandbox.url}/pgws/events/stream?${streamQuery(account)}`, {
          signal: again.signal,
        })
        return response.status
      })
      .toBe(200)
    again.abort()
  })

  it('an address over its limit (429, 344), unsigned, before the stream is opened', async () => {
    const limited = await accountSandbox(store.db, { limits: { perIp: 1 } })
    try {
      const account = await makeAccount()
      const open = () => fetch(`${limited.url}/pgws/events/stream?${streamQuery(account)}`)
      const first = await open()
      expect(first.status).toBe(200)
      await first.body?.cancel()
      const over = await open()
      expect(over.status).toBe(429)
      const refusal = (await over.json()) as Fields
      expect(refusal).toMatchObject({ RESPONSE_CODE: '344' })
      expect(refusal.HASH).toBeUndefined()
    } finally {
      await limited.close()
    }
  })

  it('a report that is not one (326) or names no delivery handed out (367)', async () => {
    const account = await makeAccount()
    const report = (fields: Fields) => postSigned('/pgws/events/stream/result', account, fields)
    expect((await report({ DELIVERY_ID: 'evt_1', HTTP_STATUS: '200' })).json.RESPONSE_CODE).toBe(
      '326',
    )
    expect(
      (await report({ DELIVERY_ID: `evt_${'a'.repeat(24)}`, HTTP_STATUS: '999' })).json
        .RESPONSE_CODE,
    ).toBe('326')
    expect((await report({ DELIVERY_ID: `evt_${'a'.repeat(24)}` })).json.RESPONSE_CODE).toBe('326')
    expect(
      (await report({ DELIVERY_ID: `evt_${'a'.repeat(24)}`, HTTP_STATUS: '200' })).json
        .RESPONSE_CODE,
    ).toBe('367')
  })
})

/** A TCP relay to the sandbox whose connections can be cut, and new ones refused, at will. */
async function cuttableProxy(targetPort: string) {
  const sockets = new Set<Socket>()
  let accepting = true
  const server: Server = createServer((client) => {
    if (!accepting) return void client.destroy()
    const upstream = connect(Number(targetPort), '127.0.0.1')
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      accepting = false
      for (const socket of sockets) socket.destroy()
    },
    open() {
      accepting = true
    },
    close() {
      accepting = false
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((done) => server.close(() => done()))
    },
  }
}
