/**
 * A sandbox account's console over HTTP on the site's database (PGlite, and PostgreSQL in CI's
 * data stage), with a real HTTP receiver for its webhooks: the webhook secret rotated (both
 * signatures for a day, then one), a default NOTIFY_URL set, refused and cleared, an event sent
 * again, a settlement's CSV downloaded, disputes accepted and contested with an uploaded file,
 * a subscription listed with its debits and revoked as its customer would; every action a plain
 * form answered by a 303 back to the console, every bad input a message and nothing stored, and
 * no console acting on another account's events, settlements, disputes or subscriptions.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { istDateOf } from '#core/calendar/business-calendar.ts'
import { formatRupees } from '#core/currency/paise.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { withHash } from '#core/protocol/hash.ts'
import { parseSignatureHeader, verifyWebhook } from '#core/protocol/webhook.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { findAccount } from '#gateway/accounts/store.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import { deliveryNotePdf } from '#tests/support/evidence-files.ts'
import {
  accountSandbox,
  askAs,
  type MadeAccount,
  makeAccount as makeAccountAt,
} from '#tests/support/sandbox-accounts.ts'
import { payOnHostedPage } from '#tests/support/sandbox-disputes.ts'
import { csvOf, type SettlementSandbox } from '#tests/support/sandbox-settlements.ts'
import { type Receiver, type Received, startReceiver } from '#tests/support/webhook-receiver.ts'
import { type DataStore, openDatabase } from './db/database.ts'

const CARD = '4111111111111111'
const NOT_RECEIVED_CARD = '4000000000001976'
const FRAUD_CARD = '4000000000000259'
const DAY_MS = 24 * 60 * 60_000

let store: DataStore
let sandbox: SettlementSandbox
let receiver: Receiver

const makeAccount = () => makeAccountAt(sandbox.url, store.db)
const consoleOf = (account: MadeAccount) => account.json.CONSOLE_URL!

/** A console form posted as a browser posts it, the redirect left to the test. */
function post(url: string, fields: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })
}

/** The contest form as multipart, a browser's way: the evidence, then the file (or none). */
function contest(url: string, evidence: string, file?: { name: string; content: Buffer }) {
  const form = new FormData()
  form.append('evidence', evidence)
  form.append('file', new Blob([new Uint8Array(file?.content ?? [])]), file?.name ?? '')
  return fetch(url, { method: 'POST', body: form, redirect: 'manual' })
}

async function page(account: MadeAccount): Promise<string> {
  const response = await fetch(consoleOf(account))
  expect(response.status).toBe(200)
  return response.text()
}

/** The row of one event, settlement or dispute on the console page. */
function rowOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`)
  expect(start, `${id} is on the page`).toBeGreaterThan(-1)
  const tag = /^<(\w+)/.exec(html.slice(html.lastIndexOf('<', start)))![1]
  return html.slice(start, html.indexOf(`</${tag}>`, start))
}

async function eventsOf(payId: string) {
  return rowsOf<{ id: string; type: string; reference: string; state: string; attempts: number }>(
    store.db,
    sql`SELECT id, type, reference, state, attempts FROM sandbox_webhook_events
      WHERE pay_id = ${payId} ORDER BY created_at, id`,
  )
}

/** The account's events once `count` of them are recorded as delivered (after the receiver's answer). */
function deliveredEvents(payId: string, count: number) {
  return vi.waitFor(async () => {
    const events = await eventsOf(payId)
    expect(events.filter((event) => event.state === 'delivered')).toHaveLength(count)
    return events
  })
}

function verifies(delivery: Received, secret: string, salt: string): boolean {
  const header = delivery.headers['x-paystra-signature'] as string
  return verifyWebhook(delivery.body, header, secret, { salt }).ok
}

const signaturesOf = (delivery: Received) =>
  parseSignatureHeader(delivery.headers['x-paystra-signature'] as string)!.signatures

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await accountSandbox(store.db, {
    webhooks: { allowPrivate: true },
  })
  receiver = await startReceiver()
})

afterAll(async () => {
  await receiver?.close()
  await sandbox?.close()
  await store?.close()
})

describe("a sandbox account's webhooks in its console", () => {
  it('rotates the secret: both signatures on every delivery for 24 hours, then the new one alone', async () => {
    const account = await makeAccount()
    const { payId, salt } = account.merchant
    const oldSecret = account.merchant.webhookSecret
    await payOnHostedPage(sandbox.url, account.merchant, {
      orderId: 'ROTATE-1',
      amount: '10000',
      card: CARD,
      notifyUrl: receiver.url,
    })
    const before = receiver.received.length
    const [first] = (await receiver.waitFor(before + 1)).slice(before)
    expect(signaturesOf(first!)).toHaveLength(1)

    const startedAt = Date.now()
    const rotated = await post(`${consoleOf(account)}/webhook-secret`)
    expect(rotated.status).toBe(303)
    expect(rotated.headers.get('location')).toBe(`${consoleOf(account)}#keys`)
    expect(rotated.headers.get('cache-control')).toBe('no-store')
    expect(rotated.headers.get('referrer-policy')).toBe('no-referrer')
    const stored = (await findAccount(store.db, payId))!
    const newSecret = stored.webhookSecret
    expect(newSecret).toMatch(/^wh_[0-9a-f]{32}$/)
    expect(newSecret).not.toBe(oldSecret)
    expect(stored.previousWebhookSecret).toBe(oldSecret)
    const until = stored.previousWebhookSecretUntil!.getTime()
    expect(until).toBeGreaterThanOrEqual(startedAt + DAY_MS - 1000)
    expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS)

    const html = await page(account)
    expect(html).toContain(newSecret)
    expect(html).not.toContain(oldSecret)
    expect(html).toMatch(/Until <strong>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} IST<\/strong>/)
    const env = await (await fetch(`${consoleOf(account)}/paystra.env`)).text()
    expect(env).toContain(newSecret)
    expect(env).not.toContain(oldSecret)

    // Sent again now, the event carries a v1 for each secret, and each verifies it.
    const [event] = await deliveredEvents(payId, 1)
    const resent = await post(`${consoleOf(account)}/events/${event!.id}/resend`)
    expect(resent.status).toBe(303)
    expect(resent.headers.get('location')).toBe(`${consoleOf(account)}#${event!.id}`)
    const [both] = (await receiver.waitFor(before + 2)).slice(before + 1)
    expect(both!.headers['x-paystra-event-id']).toBe(event!.id)
    expect(signaturesOf(both!)).toHaveLength(2)
    expect(verifies(both!, newSecret, salt)).toBe(true)
    expect(verifies(both!, oldSecret, salt)).toBe(true)

    // Once the day is over, the new secret alone signs.
    await deliveredEvents(payId, 1)
    await store.db.execute(sql`UPDATE sandbox_accounts
      SET previous_webhook_secret_until = ${new Date(Date.now() - 1000).toISOString()}::timestamptz
      WHERE pay_id = ${payId}`)
    expect(await post(`${consoleOf(account)}/events/${event!.id}/resend`)).toHaveProperty(
      'status',
      303,
    )
    const [one] = (await receiver.waitFor(before + 3)).slice(before + 2)
    expect(signaturesOf(one!)).toHaveLength(1)
    expect(verifies(one!, newSecret, salt)).toBe(true)
    expect(verifies(one!, oldSecret, salt)).toBe(false)
    expect(await page(account)).not.toContain('Until <strong>')
  })

  it('sends a payment without a NOTIFY_URL to the default one, which is refused when malformed and can be cleared', async () => {
    const account = await makeAccount()
    const { payId } = account.merchant
    for (const bad of [
      'ftp://hooks.example.com/in',
      'not a url',
      'https://user:pw@hooks.example.com/',
    ]) {
      const refused = await post(`${consoleOf(account)}/notify-url`, { notify_url: bad })
      expect(refused.status).toBe(200)
      const html = await refused.text()
      expect(html).toContain('Invalid notify URL: give an absolute http or https address')
      expect(html).toContain('aria-invalid="true"')
      expect(html).toContain(`value="${bad.replace('&', '&amp;')}"`)
      expect((await findAccount(store.db, payId))!.notifyUrl).toBeUndefined()
    }

    const set = await post(`${consoleOf(account)}/notify-url`, { notify_url: ` ${receiver.url} ` })
    expect(set.status).toBe(303)
    expect(set.headers.get('location')).toBe(`${consoleOf(account)}#webhooks`)
    expect((await findAccount(store.db, payId))!.notifyUrl).toBe(receiver.url)
    expect(await page(account)).toContain(`value="${receiver.url}"`)

    const before = receiver.received.length
    await payOnHostedPage(sandbox.url, account.merchant, {
      orderId: 'DEFAULT-URL-1',
      amount: '25000',
      card: CARD,
    })
    const delivered = (await receiver.waitFor(before + 1)).slice(before)
    const body = JSON.parse(delivered[0]!.body) as { type: string; data: Fields }
    expect(body).toMatchObject({ type: 'payment.captured', data: { ORDER_ID: 'DEFAULT-URL-1' } })
    expect(verifies(delivered[0]!, account.merchant.webhookSecret, account.merchant.salt)).toBe(
      true,
    )
    const [event] = await deliveredEvents(payId, 1)
    const html = await page(account)
    expect(rowOf(html, event!.id)).toContain(receiver.url)
    expect(rowOf(html, event!.id)).toMatch(/HTTP 200, \d+ ms/)

    const cleared = await post(`${consoleOf(account)}/notify-url`, { notify_url: '' })
    expect(cleared.status).toBe(303)
    expect((await findAccount(store.db, payId))!.notifyUrl).toBeUndefined()
  })

  it('on a sandbox that sends nothing to private addresses, judges the default NOTIFY_URL as a request’s and says where its events go', async () => {
    const strict = await accountSandbox(store.db, {
      webhooks: { allowPrivate: false },
    })
    try {
      const account = await makeAccountAt(strict.url, store.db)
      const refused = await post(`${consoleOf(account)}/notify-url`, { notify_url: 'http://' })
      expect(await refused.text()).toContain('Invalid notify URL: give an absolute http')
      const local = await post(`${consoleOf(account)}/notify-url`, {
        notify_url: 'http://localhost:8000/webhook',
      })
      expect(local.status).toBe(303)
      const html = await (await fetch(consoleOf(account))).text()
      expect(html).toContain('events for this address reach you through paystra listen only')
    } finally {
      await strict.close()
    }
  })

  it('shows an event for paystra listen as going there, and resends only its own account’s events', async () => {
    const owner = await makeAccount()
    const other = await makeAccount()
    await store.db.execute(sql`INSERT INTO sandbox_webhook_events
        (id, pay_id, reference, type, notify_url, channel, body, state, attempts)
      VALUES ('evt_0123456789abcdef01234567', ${owner.merchant.payId}, 'STREAM-1',
        'payment.captured', '', 'stream', '{}', 'delivered', 1)`)
    const row = rowOf(await page(owner), 'evt_0123456789abcdef01234567')
    expect(row).toContain('paystra listen')
    expect(row).toContain('Resend')

    // Another account's console finds no such event, and leaves it as it was.
    const refused = await post(`${consoleOf(other)}/events/evt_0123456789abcdef01234567/resend`)
    expect(refused.status).toBe(404)
    expect(await refused.text()).toContain('This account has no webhook event of that id')
    const [event] = await eventsOf(owner.merchant.payId)
    expect(event).toMatchObject({ state: 'delivered', attempts: 1 })
    expect((await post(`${consoleOf(other)}/events/evt_nope/resend`)).status).toBe(404)
    expect(
      (await post(`${consoleOf(owner)}/events/evt_0123456789abcdef01234567/resend`)).status,
    ).toBe(303)
    // A link that is no one's opens nothing.
    expect((await post(`${sandbox.url}/console/${'A'.repeat(43)}/webhook-secret`)).status).toBe(404)
  })
})

describe("a sandbox account's resends", () => {
  it('are limited as the operator limits the resend API (3 a minute here), refused with a page saying so', async () => {
    const limited = await accountSandbox(store.db, { limits: { resend: 3 } })
    try {
      const account = await makeAccountAt(limited.url, store.db)
      const consoleUrl = consoleOf(account)
      const id = 'evt_00000000000000000000abcd'
      await store.db.execute(sql`INSERT INTO sandbox_webhook_events
          (id, pay_id, reference, type, notify_url, channel, body, state, attempts)
        VALUES (${id}, ${account.merchant.payId}, 'LIMIT-1', 'payment.captured', '', 'stream', '{}',
          'delivered', 1)`)
      for (let n = 0; n < 3; n++) {
        expect((await post(`${consoleUrl}/events/${id}/resend`)).status).toBe(303)
      }
      const refused = await post(`${consoleUrl}/events/${id}/resend`)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await refused.text()).toContain('An account can resend 3 webhook events a minute')
    } finally {
      await limited.close()
    }
  })
})

describe("a sandbox account's settlements and disputes in its console", () => {
  let account: MadeAccount
  let other: MadeAccount
  let settlements: { id: string; gross: string; net: string }[]
  let disputes: { id: string; order_id: string }[]

  beforeAll(async () => {
    account = await makeAccount()
    other = await makeAccount()
    const pay = (orderId: string, card: string) =>
      payOnHostedPage(sandbox.url, account.merchant, { orderId, amount: '150000', card })
    await pay('PAID-1', CARD)
    await pay('DISPUTED-1', NOT_RECEIVED_CARD)
    await pay('DISPUTED-2', NOT_RECEIVED_CARD)
    await pay('DISPUTED-3', FRAUD_CARD)
    await pay('DISPUTED-4', NOT_RECEIVED_CARD)
    // A week on the account's clock settles them, and the run that does makes the disputes.
    expect((await post(`${consoleOf(account)}/clock`, { by: '7d' })).status).toBe(303)
    settlements = await rowsOf(
      store.db,
      sql`SELECT id, gross_amount::text AS gross, net_amount::text AS net FROM sandbox_settlements
        WHERE pay_id = ${account.merchant.payId}`,
    )
    disputes = await rowsOf(
      store.db,
      sql`SELECT id, order_id FROM sandbox_disputes WHERE pay_id = ${account.merchant.payId}
        ORDER BY order_id`,
    )
  })

  const disputeOf = (orderId: string) => disputes.find((dispute) => dispute.order_id === orderId)!
  const storedDispute = async (id: string) =>
    (
      await rowsOf<{
        status: string
        answer: string
        evidence: string
        evidence_file_name: string
      }>(
        store.db,
        sql`SELECT status, answer, evidence, evidence_file_name FROM sandbox_disputes
          WHERE id = ${id}`,
      )
    )[0]!

  it('lists the settlements with their figures and downloads each one’s CSV, the settlement API’s file', async () => {
    expect(settlements.length).toBeGreaterThan(0)
    const html = await page(account)
    const [settlement] = settlements
    const row = rowOf(html, settlement!.id)
    expect(row).toContain(formatRupees(BigInt(settlement!.gross)))
    expect(row).toContain(formatRupees(BigInt(settlement!.net)))
    expect(row).toContain(`/settlements/${settlement!.id}.csv`)

    const download = await fetch(`${consoleOf(account)}/settlements/${settlement!.id}.csv`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename=${settlement!.id}.csv`,
    )
    expect(download.headers.get('cache-control')).toBe('no-store')
    const fromApi = await csvOf(`${sandbox.url}/pgws/settlement`, account.merchant, {
      PAY_ID: account.merchant.payId,
      SETTLEMENT_ID: settlement!.id,
    })
    expect(await download.text()).toBe(await fromApi.text())

    // Another account's console, and ids of no settlement, find nothing.
    const elsewhere = await fetch(`${consoleOf(other)}/settlements/${settlement!.id}.csv`)
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.text()).toContain('This account has no settlement of that id')
    for (const file of ['setl_00000000000000000000.csv', `${settlement!.id}.pdf`, 'x']) {
      expect((await fetch(`${consoleOf(account)}/settlements/${file}`)).status).toBe(404)
    }
  })

  it('accepts a dispute with a plain form: lost at once, and no longer answerable', async () => {
    const { id } = disputeOf('DISPUTED-1')
    expect(rowOf(await page(account), id)).toContain(`/disputes/${id}/accept`)
    const accepted = await post(`${consoleOf(account)}/disputes/${id}/accept`)
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toBe(`${consoleOf(account)}#${id}`)
    expect(await storedDispute(id)).toMatchObject({ status: 'LOST', answer: 'ACCEPTED' })
    const row = rowOf(await page(account), id)
    expect(row).toContain('Lost: Accepted by the merchant')
    expect(row).not.toContain('/accept')

    const again = await post(`${consoleOf(account)}/disputes/${id}/accept`)
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('This dispute has already been answered')
  })

  it('contests a dispute with an uploaded file, as multipart', async () => {
    const { id } = disputeOf('DISPUTED-2')
    const contested = await contest(
      `${consoleOf(account)}/disputes/${id}/contest`,
      'Delivered on 30 November, signed for by the customer.',
      { name: 'delivery-note.pdf', content: deliveryNotePdf() },
    )
    expect(contested.status).toBe(303)
    expect(contested.headers.get('location')).toBe(`${consoleOf(account)}#${id}`)
    expect(await storedDispute(id)).toMatchObject({
      status: 'UNDER_REVIEW',
      answer: 'CONTESTED',
      evidence: 'Delivered on 30 November, signed for by the customer.',
      evidence_file_name: 'delivery-note.pdf',
    })
    expect(rowOf(await page(account), id)).toContain('Under review')
  })

  it('refuses bad evidence with the dispute API’s reasons, keeping what was typed and storing nothing', async () => {
    const { id } = disputeOf('DISPUTED-3')
    const url = `${consoleOf(account)}/disputes/${id}/contest`
    const cases: { evidence: string; file?: { name: string; content: Buffer }; says: string }[] = [
      { evidence: '   ', says: 'Invalid evidence: explain in 1 to 5,000 characters' },
      { evidence: 'x'.repeat(5001), says: 'Invalid evidence: explain in 1 to 5,000 characters' },
      {
        evidence: 'Too large',
        file: { name: 'big.pdf', content: Buffer.alloc(2 * 1024 * 1024 + 1, 0x20) },
        says: 'Evidence file too large: at most 2 MB',
      },
      {
        evidence: 'Not a PDF',
        file: { name: 'note.pdf', content: Buffer.from('just text') },
        says: 'Invalid evidence file: choose one whole PDF, PNG or JPEG file',
      },
      {
        evidence: 'A name the API would refuse',
        file: { name: 'nöte.pdf', content: deliveryNotePdf() },
        says: 'Invalid evidence file',
      },
    ]
    for (const { evidence, file, says } of cases) {
      const refused = await contest(url, evidence, file)
      expect(refused.status, says).toBe(200)
      const html = await refused.text()
      expect(html).toContain(says)
      expect(rowOf(html, id)).toContain('role="alert"')
      if (evidence === 'Not a PDF') expect(html).toContain('>\nNot a PDF</textarea>')
      expect(await storedDispute(id)).toMatchObject({ status: 'OPEN', answer: '' })
    }
    const notMultipart = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'evidence=Sent as text',
    })
    expect(notMultipart.status).toBe(400)
    expect(await notMultipart.text()).toContain('The evidence did not arrive')
    expect(await storedDispute(id)).toMatchObject({ status: 'OPEN', answer: '' })
  })

  it("cannot accept or contest another account's dispute", async () => {
    const { id } = disputeOf('DISPUTED-4')
    const accepted = await post(`${consoleOf(other)}/disputes/${id}/accept`)
    expect(accepted.status).toBe(404)
    expect(await accepted.text()).toContain('This account has no dispute of that id')
    const contested = await contest(`${consoleOf(other)}/disputes/${id}/contest`, 'Not mine', {
      name: 'delivery-note.pdf',
      content: deliveryNotePdf(),
    })
    expect(contested.status).toBe(404)
    expect(await storedDispute(id)).toMatchObject({ status: 'OPEN', answer: '' })
    expect((await post(`${consoleOf(account)}/disputes/dsp_nope/accept`)).status).toBe(404)
  })
})

describe("a sandbox account's payment links and virtual accounts in its console", () => {
  const signed = (account: MadeAccount, path: string, fields: Fields) =>
    fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        withHash({ PAY_ID: account.merchant.payId, ...fields }, account.merchant.salt),
      ),
    }).then((response) => response.json() as Promise<Fields>)

  it('lists the links with their short URL and state, and the virtual accounts with their numbers', async () => {
    const account = await makeAccount()
    const link = await signed(account, '/pgws/paylink', {
      AMOUNT: '99900',
      CURRENCY_CODE: '356',
      DESCRIPTION: 'Yoga mat, blue',
      REFERENCE_ID: 'ORDER-77',
    })
    const va = await signed(account, '/pgws/virtual-account', { CUST_NAME: 'Asha Verma' })
    const html = await page(account)
    expect(html).toContain(`href="${link.SHORT_URL}"`)
    expect(html).toContain('Yoga mat, blue')
    expect(html).toContain('ORDER-77')
    const row = rowOf(html, va.VA_ID!)
    expect(row).toContain(va.ACCOUNT_NUMBER)
    expect(row).toContain('PYST0000001')
    expect(row).toContain(va.VPA)
    expect(row).toContain('No credits yet.')
  })

  it('makes a test credit with a plain form, typed in rupees: credited, by webhook, and listed', async () => {
    const account = await makeAccount()
    const va = await signed(account, '/pgws/virtual-account', {
      CUST_NAME: 'Asha Verma',
      NOTIFY_URL: receiver.url,
    })
    const form = `${consoleOf(account)}/virtual-accounts/${va.VA_ID}/credit`
    const answer = await post(form, { amount: '15,000', mode: 'IMPS', payer_name: 'Ravi Kumar' })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${consoleOf(account)}#${va.VA_ID}`)
    const [credit] = await rowsOf<{ amount: string; mode: string; payer_name: string }>(
      store.db,
      sql`SELECT amount::text, mode, payer_name FROM sandbox_va_credits WHERE va_id = ${va.VA_ID!}`,
    )
    expect(credit).toEqual({ amount: '1500000', mode: 'IMPS', payer_name: 'Ravi Kumar' })
    await vi.waitFor(async () => {
      const events = await eventsOf(account.merchant.payId)
      expect(events.map((event) => event.type)).toContain('virtual_account.credited')
    })
    expect(rowOf(await page(account), va.VA_ID!)).toContain('₹15,000.00 by IMPS from Ravi Kumar')
  })

  it('refuses a bad credit with its reason, keeping what was typed and storing nothing', async () => {
    const account = await makeAccount()
    const va = await signed(account, '/pgws/virtual-account', { CUST_NAME: 'Asha Verma' })
    const form = `${consoleOf(account)}/virtual-accounts/${va.VA_ID}/credit`
    for (const [fields, message] of [
      [{ amount: 'ten', mode: 'IMPS' }, 'Use digits only'],
      [{ amount: '100', mode: 'RTGS' }, "Amount outside the transfer mode's limits"],
      [{ amount: '100', mode: 'CASH' }, 'Invalid transfer mode'],
      [{ amount: '100', mode: 'UPI', payer_name: '1234' }, 'Invalid customer or payer details'],
    ] as const) {
      const answer = await post(form, fields)
      expect(answer.status).toBe(200)
      const row = rowOf(await answer.text(), va.VA_ID!)
      expect(row).toContain(message.replaceAll("'", '&#39;'))
      expect(row).toContain(`value="${fields.amount}"`)
      expect(row).toContain('aria-invalid="true"')
    }
    const [left] = await rowsOf<{ credits: number }>(
      store.db,
      sql`SELECT count(*)::int AS credits FROM sandbox_va_credits WHERE va_id = ${va.VA_ID!}`,
    )
    expect(left).toEqual({ credits: 0 })
    // Another account's console cannot credit it.
    const other = await makeAccount()
    const refused = await post(`${consoleOf(other)}/virtual-accounts/${va.VA_ID}/credit`, {
      amount: '100',
      mode: 'IMPS',
    })
    expect(refused.status).toBe(404)
  })
})

describe("a sandbox account's subscriptions in its console", () => {
  const ask = (account: MadeAccount, path: string, fields: Fields = {}) =>
    askAs(sandbox.url, account.merchant, path, fields)

  /** A monthly UPI subscription starting on the account's today, waiting on its mandate page. */
  const subscribe = async (account: MadeAccount, fields: Fields = {}) => {
    const today = istDateOf(new Date((await ask(account, '/pgws/clock')).NOW!))
    const made = await ask(account, '/pgws/subscription', {
      SUBSCRIPTION_REF: `PLAN-${Math.random().toString(36).slice(2, 10)}`,
      METHOD: 'UPI',
      AMOUNT: '49900',
      MAX_AMOUNT: '49900',
      FREQUENCY: 'MONTHLY',
      START_DATE: today,
      DESCRIPTION: 'Monthly plan: 1 GB cloud storage',
      CUST_NAME: 'Asha Verma',
      CUST_EMAIL: 'asha@example.com',
      CUST_PHONE: '9876543210',
      RETURN_URL: 'http://localhost:3000/subscription/return',
      ...fields,
    })
    expect(made.RESPONSE_CODE).toBe('000')
    return made
  }

  /** The customer approves the UPI mandate on its page: the UPI ID, then the PIN. */
  const register = async (authUrl: string) => {
    const mandatePage = `${sandbox.url}${new URL(authUrl).pathname.replace(/^\/sandbox/, '')}`
    const vpa = 'success@upi'
    const pin = await post(`${mandatePage}/upi`, { vpa, decision: 'approve', lang: 'en' })
    expect(pin.status).toBe(200)
    const done = await post(`${mandatePage}/upi/pin`, { vpa, pin: '1234', lang: 'en' })
    expect(done.status).toBe(303)
  }

  it('lists a subscription with its mandate, its debits, its mandate page and the actions allowed now', async () => {
    const account = await makeAccount()
    expect(await page(account)).toContain('No subscriptions yet.')
    const made = await subscribe(account)
    const id = made.SUBSCRIPTION_ID!
    const waiting = rowOf(await page(account), id)
    expect(waiting).toContain('CREATED: waiting for the customer on the mandate page')
    expect(waiting).toContain('No notices or debits yet.')

    await register(made.AUTH_URL!)
    const row = rowOf(await page(account), id)
    expect(row).toContain(made.SUBSCRIPTION_REF)
    expect(row).toContain('Monthly plan: 1 GB cloud storage')
    expect(row).toContain('₹499.00 each')
    expect(row).toContain('MONTHLY')
    expect(row).toContain('<dd>ACTIVE</dd>')
    expect(row).toContain('success@upi')
    expect(row).toContain(`href="${made.AUTH_URL}"`)
    expect(row).toContain("Open the customer's mandate page")
    // UPI takes cycle 0 with the registration: one captured debit, its payment's ORDER_ID.
    expect(row).toContain(`${id}-0-1`)
    expect(row).toContain('CHARGED (000)')
    expect(row).toContain(`aria-labelledby="${id}-debits-caption"`)
    // No notice is out: the customer may pause or revoke, not skip or approve.
    expect(row).toContain(`action="${consoleOf(account)}/subscriptions/${id}/act"`)
    expect(row).toMatch(
      new RegExp(`value="PAUSE"[^>]*>\\s*Pause<span class="gw-visually-hidden"> ${id}</span>`),
    )
    expect(row).toContain('value="REVOKE"')
    expect(row).not.toContain('value="SKIP"')
    expect(row).not.toContain('value="APPROVE"')
  })

  it('revokes a mandate as the customer with a plain form, and shows a refusal with its reason', async () => {
    const account = await makeAccount()
    const made = await subscribe(account, { NOTIFY_URL: receiver.url })
    const id = made.SUBSCRIPTION_ID!
    await register(made.AUTH_URL!)
    const form = `${consoleOf(account)}/subscriptions/${id}/act`

    const revoked = await post(form, { action: 'REVOKE' })
    expect(revoked.status).toBe(303)
    expect(revoked.headers.get('location')).toBe(`${consoleOf(account)}#${id}`)
    const status = await ask(account, '/pgws/subscription/status', { SUBSCRIPTION_ID: id })
    expect(status).toMatchObject({ STATUS: 'CANCELLED', CANCELLED_BY: 'CUSTOMER', INSTRUMENT: '' })
    await vi.waitFor(async () => {
      const events = await eventsOf(account.merchant.payId)
      expect(events.map((event) => event.type)).toContain('subscription.cancelled')
    })
    const row = rowOf(await page(account), id)
    expect(row).toContain('CANCELLED by the customer')
    expect(row).toContain('Nothing now: the subscription has ended.')
    expect(row).not.toContain('name="action"')

    // Sent again (a second click, an old tab): the refusal's message beside the subscription.
    for (const [action, code] of [
      ['REVOKE', '385'],
      ['DELETE', '326'],
    ] as const) {
      const refused = await post(form, { action })
      expect(refused.status).toBe(200)
      const shown = rowOf(await refused.text(), id)
      expect(shown).toContain('role="alert"')
      expect(shown).toContain(responseCodes[code].message.replaceAll("'", '&#39;'))
    }

    // Another account's console cannot act on it, nor on an id of the wrong shape.
    const other = await makeAccount()
    expect(
      (await post(`${consoleOf(other)}/subscriptions/${id}/act`, { action: 'PAUSE' })).status,
    ).toBe(404)
    expect(
      (await post(`${consoleOf(account)}/subscriptions/sub_nope/act`, { action: 'PAUSE' })).status,
    ).toBe(404)
  })
})
