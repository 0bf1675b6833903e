/**
 * `POST /pgws/trigger` over HTTP, on the site's database (PGlite, and PostgreSQL in CI's data
 * stage): each EVENT makes real records of a sandbox account whose webhooks reach a real
 * receiver signed with the account's secret, the account's APIs show the records and another
 * account sees none of them; a bad EVENT or NOTIFY_URL stores nothing; on a public sandbox the
 * demo merchant's clock-moving triggers are refused (362).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import { verifyWebhook, type WebhookEvent } from '#core/protocol/webhook.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { triggerEvents, type TriggerEvent } from '#gateway/api/trigger-events.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { call, type SettlementSandbox } from '#tests/support/sandbox-settlements.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import {
  accountSandbox,
  accountsDemo,
  askAs,
  onPublicSite,
  makeAccount as makeAccountAt,
} from '#tests/support/sandbox-accounts.ts'
import { type Receiver, startReceiver, verifiedEvent } from '#tests/support/webhook-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'

const demo = accountsDemo
const TRIGGER_ID = /^trigger_[0-9a-f]{16}$/

let store: DataStore
let sandbox: SettlementSandbox
let receiver: Receiver
/** An account that triggers nothing: it must see none of the others' records. */
let other: SandboxMerchant

const makeAccount = async (url: string) => (await makeAccountAt(url, store.db)).merchant

const trigger = (url: string, merchant: SandboxMerchant, fields: Fields) =>
  call(`${url}/pgws/trigger`, merchant, { PAY_ID: merchant.payId, ...fields })

const clockOf = async (url: string, merchant: SandboxMerchant) =>
  new Date((await call(`${url}/pgws/clock`, merchant, { PAY_ID: merchant.payId })).json.NOW!)

/** A signed call of `merchant` to `path` on the main sandbox: its answer's fields. */
const ask = (merchant: SandboxMerchant, path: string, fields: Fields) =>
  askAs(sandbox.url, merchant, path, fields)

/** What the account's trigger left in the database, table by table. */
async function storedOf(payId: string): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    store.db,
    sql`SELECT
      (SELECT count(*)::int FROM sandbox_transactions WHERE pay_id = ${payId}) AS payments,
      (SELECT count(*)::int FROM sandbox_refunds WHERE pay_id = ${payId}) AS refunds,
      (SELECT count(*)::int FROM sandbox_payouts WHERE pay_id = ${payId}) AS payouts,
      (SELECT count(*)::int FROM sandbox_settlements WHERE pay_id = ${payId}) AS settlements,
      (SELECT count(*)::int FROM sandbox_disputes WHERE pay_id = ${payId}) AS disputes,
      (SELECT count(*)::int FROM sandbox_webhook_events WHERE pay_id = ${payId}) AS events`,
  )
  return row!
}

const nothingStored = {
  payments: 0,
  refunds: 0,
  payouts: 0,
  settlements: 0,
  disputes: 0,
  events: 0,
}

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await accountSandbox(store.db, {
    // The bank confirms late@upi half a second after it is made.
    settleDelayMs: 500,
    // The receiver listens on 127.0.0.1, and the tests call from this machine.
    webhooks: { allowPrivate: 'loopback', pollMs: 100 },
  })
  receiver = await startReceiver()
  other = await makeAccount(sandbox.url)
})

afterAll(async () => {
  await sandbox?.close()
  await receiver?.close()
  await store?.close()
})

/** The deliveries to the receiver of one account's events, at least `count`, verified. */
async function eventsOf(merchant: SandboxMerchant, count: number): Promise<WebhookEvent[]> {
  const mine = () =>
    receiver.received.filter(
      (delivery) => (JSON.parse(delivery.body) as WebhookEvent).data.PAY_ID === merchant.payId,
    )
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  // Signed with the account's own secret: the demo merchant's does not verify them.
  for (const delivery of mine()) {
    const signature = delivery.headers['x-paystra-signature'] as string
    expect(verifyWebhook(delivery.body, signature, demo.webhookSecret).ok).toBe(false)
  }
  return mine().map((delivery) => verifiedEvent(delivery, merchant))
}

/** What each EVENT makes, and the events that reach NOTIFY_URL because of it. */
const sent: Record<TriggerEvent, string[]> = {
  'payment.captured': ['payment.captured'],
  'payment.failed': ['payment.failed'],
  // The bank confirms it after the settle delay.
  'payment.pending': ['payment.pending', 'payment.captured'],
  'refund.processed': ['payment.captured', 'refund.processed'],
  'payout.processed': ['payout.processed'],
  'payout.failed': ['payout.failed'],
  'settlement.processed': ['payment.captured', 'settlement.processed'],
  'dispute.created': ['payment.captured', 'settlement.processed', 'dispute.created'],
}

describe('POST /pgws/trigger', () => {
  it('takes every event of code 368', () => {
    expect(Object.keys(sent).sort()).toEqual([...triggerEvents].sort())
  })

  it.each([...triggerEvents])(
    '%s: real records of the account, its webhooks signed with its secret, none of it seen by another account',
    async (event) => {
      const account = await makeAccount(sandbox.url)
      const before = await clockOf(sandbox.url, account)
      const { status, json } = await trigger(sandbox.url, account, {
        EVENT: event,
        NOTIFY_URL: receiver.url,
      })
      expect(status).toBe(200)
      expect(json).toMatchObject({ PAY_ID: account.payId, EVENT: event, RESPONSE_CODE: '000' })
      expect(verifyHash(json, account.salt), 'the answer is signed').toBe(true)
      const reference = json.ORDER_ID ?? json.PAYOUT_ID!
      expect(reference).toMatch(TRIGGER_ID)

      const events = await eventsOf(account, sent[event].length)
      expect(events.map((received) => received.type).sort()).toEqual([...sent[event]].sort())
      // Once each, and nothing else of the account came.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect((await eventsOf(account, 0)).length).toBe(sent[event].length)
      // The deliveries API lists them by the order (a settlement's by its SETTLEMENT_ID).
      const listed = JSON.parse(
        (await ask(account, '/pgws/webhook/events', { ORDER_ID: reference })).EVENTS!,
      ) as Array<{ type: string; notify_url: string }>
      expect(listed.map((listedEvent) => listedEvent.type).sort()).toEqual(
        sent[event].filter((type) => type !== 'settlement.processed').sort(),
      )
      for (const listedEvent of listed) expect(listedEvent.notify_url).toBe(receiver.url)

      // The records, as the account's own APIs show them.
      const now = new Date(json.NOW!)
      if (json.PAYOUT_ID) {
        const payout = await ask(account, '/pgws/payout/status', { PAYOUT_ID: json.PAYOUT_ID })
        expect(payout).toMatchObject({
          AMOUNT: '100',
          RESPONSE_CODE: event === 'payout.processed' ? '000' : '004',
        })
        expect(events[0]!.data).toMatchObject({ PAYOUT_ID: json.PAYOUT_ID, AMOUNT: '100' })
        expect(
          (await ask(other, '/pgws/payout/status', { PAYOUT_ID: json.PAYOUT_ID })).RESPONSE_CODE,
        ).toBe('328')
      } else {
        const payment = await ask(account, '/pgws/transact', {
          ORDER_ID: json.ORDER_ID!,
          TXNTYPE: 'STATUS',
        })
        // A pending payment was confirmed by the bank: its payment.captured has come.
        expect(payment).toMatchObject({
          AMOUNT: '100',
          CURRENCY_CODE: '356',
          RESPONSE_CODE: event === 'payment.failed' ? '004' : '000',
        })
        const first = events.find((received) => received.type === sent[event][0])!
        expect(first.data.ORDER_ID).toBe(json.ORDER_ID)
        const answered = await ask(other, '/pgws/transact', {
          ORDER_ID: json.ORDER_ID!,
          TXNTYPE: 'STATUS',
        })
        expect(answered.RESPONSE_CODE).toBe('328')
        expect(
          (await ask(other, '/pgws/webhook/events', { ORDER_ID: json.ORDER_ID! })).RESPONSE_CODE,
        ).toBe('337')
      }
      if (event === 'payment.pending') {
        const pending = events.find((received) => received.type === 'payment.pending')!
        expect(pending.data).toMatchObject({ RESPONSE_CODE: '026', PAYMENT_TYPE: 'UP' })
      }
      if (event === 'refund.processed') {
        expect(json.REFUND_ORDER_ID).toBe(`${json.ORDER_ID}-refund`)
        const payment = await ask(account, '/pgws/transact', {
          ORDER_ID: json.ORDER_ID!,
          TXNTYPE: 'STATUS',
        })
        expect(payment.REFUNDED_AMOUNT).toBe('100')
        const refunded = events.find((received) => received.type === 'refund.processed')!
        expect(refunded.data).toMatchObject({
          REFUND_ORDER_ID: json.REFUND_ORDER_ID,
          AMOUNT: '100',
          RESPONSE_CODE: '000',
        })
      }
      if (event === 'settlement.processed' || event === 'dispute.created') {
        // The clock was moved to the settlement run that settled the payment.
        expect(now.getTime()).toBeGreaterThan(before.getTime() + 60 * 60_000)
        expect(
          Math.abs((await clockOf(sandbox.url, account)).getTime() - now.getTime()),
        ).toBeLessThan(60_000)
        const settled = events.find((received) => received.type === 'settlement.processed')!
        expect(settled.data.SETTLEMENT_ID).toBe(json.SETTLEMENT_ID)
        const settlement = await ask(account, '/pgws/settlement', {
          SETTLEMENT_ID: json.SETTLEMENT_ID!,
        })
        expect(settlement.RESPONSE_CODE).toBe('000')
        const lines = JSON.parse(settlement.LINES!) as Fields[]
        expect(lines).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ TYPE: 'PAYMENT', ORDER_ID: json.ORDER_ID, AMOUNT: '100' }),
          ]),
        )
        expect(
          (await ask(other, '/pgws/settlement', { SETTLEMENT_ID: json.SETTLEMENT_ID! }))
            .RESPONSE_CODE,
        ).toBe('338')
      } else {
        // Nothing moved the clock.
        expect(now.getTime() - before.getTime()).toBeLessThan(60_000)
      }
      if (event === 'dispute.created') {
        const disputes = JSON.parse(
          (await ask(account, '/pgws/disputes', { ORDER_ID: json.ORDER_ID! })).DISPUTES!,
        ) as Fields[]
        expect(disputes).toEqual([
          expect.objectContaining({ DISPUTE_ID: json.DISPUTE_ID, STATUS: 'OPEN', AMOUNT: '100' }),
        ])
        const raised = events.find((received) => received.type === 'dispute.created')!
        expect(raised.data.DISPUTE_ID).toBe(json.DISPUTE_ID)
        expect((await ask(other, '/pgws/disputes', { ORDER_ID: json.ORDER_ID! })).DISPUTES).toBe(
          '[]',
        )
      }
      // The other account stored nothing and its clock did not move.
      expect(await storedOf(other.payId)).toEqual(nothingStored)
      expect(Math.abs((await clockOf(sandbox.url, other)).getTime() - Date.now())).toBeLessThan(
        60_000,
      )
    },
    30_000,
  )

  it("without NOTIFY_URL, queues the events for the account's default NOTIFY_URL", async () => {
    const account = await makeAccount(sandbox.url)
    const byDefault = 'https://hooks.shop.paystra.example/paystra'
    await store.db.execute(
      sql`UPDATE sandbox_accounts SET notify_url = ${byDefault} WHERE pay_id = ${account.payId}`,
    )
    const { json } = await trigger(sandbox.url, account, { EVENT: 'refund.processed' })
    expect(json.RESPONSE_CODE).toBe('000')
    const listed = JSON.parse(
      (await ask(account, '/pgws/webhook/events', { ORDER_ID: json.ORDER_ID! })).EVENTS!,
    ) as Array<{ type: string; notify_url: string }>
    expect(listed.map((event) => event.type).sort()).toEqual([
      'payment.captured',
      'refund.processed',
    ])
    for (const event of listed) expect(event.notify_url).toBe(byDefault)
  })

  it('refuses an EVENT it does not make (368) or a NOTIFY_URL it may not call (357), and stores nothing', async () => {
    const account = await makeAccount(sandbox.url)
    const before = await clockOf(sandbox.url, account)
    for (const [fields, code] of [
      [{}, '368'],
      [{ EVENT: '' }, '368'],
      [{ EVENT: 'payment.refunded' }, '368'],
      [{ EVENT: 'dispute.won' }, '368'],
      [{ EVENT: 'PAYMENT.CAPTURED' }, '368'],
      [{ EVENT: 'settlement.processed', NOTIFY_URL: 'ftp://shop.paystra.example/hook' }, '357'],
      [{ EVENT: 'payment.captured', NOTIFY_URL: 'not a url' }, '357'],
    ] as const) {
      const { status, json } = await trigger(sandbox.url, account, fields)
      expect(status).toBe(200)
      expect(json, JSON.stringify(fields)).toMatchObject({
        STATUS: 'Failed',
        RESPONSE_CODE: code,
        ...('EVENT' in fields ? { EVENT: fields.EVENT } : {}),
      })
      expect(verifyHash(json, account.salt)).toBe(true)
    }
    expect(await storedOf(account.payId)).toEqual(nothingStored)
    expect((await clockOf(sandbox.url, account)).getTime() - before.getTime()).toBeLessThan(60_000)
  })

  it("on a public sandbox refuses the demo merchant's clock-moving triggers (362) and stores nothing; an account's run, and the demo's payments, go ahead", async () => {
    const publicSandbox = await accountSandbox(store.db, {
      ...onPublicSite,
    })
    try {
      const demoTriggers = async () =>
        (
          await rowsOf<{ n: number }>(
            store.db,
            sql`SELECT count(*)::int AS n FROM sandbox_transactions
              WHERE pay_id = ${demo.payId} AND order_id LIKE 'trigger\\_%'`,
          )
        )[0]!.n
      const stored = await demoTriggers()
      for (const event of ['settlement.processed', 'dispute.created']) {
        const refused = await trigger(publicSandbox.url, demo, { EVENT: event })
        expect(refused.json).toMatchObject({
          EVENT: event,
          RESPONSE_CODE: '362',
          ACCOUNT_URL: 'https://pay.paystra.example/sandbox/accounts/new',
        })
      }
      expect(await demoTriggers()).toBe(stored)
      expect(
        Math.abs((await clockOf(publicSandbox.url, demo)).getTime() - Date.now()),
      ).toBeLessThan(60_000)

      const paid = await trigger(publicSandbox.url, demo, { EVENT: 'payment.captured' })
      expect(paid.json.RESPONSE_CODE).toBe('000')
      expect(await demoTriggers()).toBe(stored + 1)

      const account = await makeAccount(publicSandbox.url)
      const run = await trigger(publicSandbox.url, account, { EVENT: 'settlement.processed' })
      expect(run.json.RESPONSE_CODE).toBe('000')
      expect(run.json.SETTLEMENT_ID).toMatch(/^setl_[0-9a-f]{20}$/)
    } finally {
      await publicSandbox.close()
    }
  })
})
