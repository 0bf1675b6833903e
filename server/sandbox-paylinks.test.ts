/**
 * Payment links over HTTP, on the site's database (PGlite, and PostgreSQL in CI's data stage):
 * made, paid once through the hosted page, expired when the account's clock passes EXPIRE_BY,
 * cancelled, each with its signed webhook; bad input refused with its own code and nothing
 * stored; the link's charge a FEE line of the next settlement; another account sees none of it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import type { WebhookEvent } from '#core/protocol/webhook.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { accountsDemo } from '#tests/support/sandbox-accounts.ts'
import { accountSandboxSuite } from '#tests/support/account-sandbox-suite.ts'
import { verifiedEvent } from '#tests/support/webhook-receiver.ts'

const suite = accountSandboxSuite()
const { makeAccount, ask } = suite

const clockOf = async (merchant: SandboxMerchant) =>
  new Date((await ask(merchant, '/pgws/clock')).NOW!)

/** EXPIRE_BY `minutes` after the account's clock, as an ISO 8601 date-time in IST. */
async function expiryIn(merchant: SandboxMerchant, minutes: number): Promise<string> {
  const at = new Date((await clockOf(merchant)).getTime() + minutes * 60_000)
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19)
  return `${ist}+05:30`
}

const newLink = (merchant: SandboxMerchant, fields: Fields = {}) =>
  ask(merchant, '/pgws/paylink', {
    AMOUNT: '150000',
    CURRENCY_CODE: '356',
    DESCRIPTION: 'Invoice 42: two cotton shirts',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha@example.com',
    CUST_PHONE: '9876543210',
    NOTIFY_URL: suite.receiver.url,
    ...fields,
  })

/** The path of the short URL on the test sandbox (its origin is the request's). */
const pathOf = (shortUrl: string) => new URL(shortUrl).pathname.replace(/^\/sandbox/, '')

const page = (path: string, init?: RequestInit) =>
  fetch(`${suite.sandbox.url}${path}`, { redirect: 'manual', ...init })

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

/** Opens a payment attempt from the link's page: the hosted payment's path. */
async function startAttempt(shortUrl: string): Promise<string> {
  const response = await page(`${pathOf(shortUrl)}/pay`, form({ lang: 'en' }))
  expect(response.status).toBe(303)
  const location = response.headers.get('location')!
  expect(location).toMatch(/\/pay\/[0-9a-f-]{36}$/)
  return location.replace(/^\/sandbox/, '')
}

/** Pays an attempt by card: the result page's text. */
async function payByCard(attempt: string, number = '4111111111111111'): Promise<string> {
  const response = await page(
    `${attempt}/card`,
    form({ number, expiry: '12/30', cvv: '123', name: 'Asha Verma' }),
  )
  expect(response.status).toBe(200)
  return response.text()
}

async function storedLinks(payId: string): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    suite.store.db,
    sql`SELECT
      (SELECT count(*)::int FROM sandbox_paylinks WHERE pay_id = ${payId}) AS links,
      (SELECT count(*)::int FROM sandbox_charges WHERE pay_id = ${payId}) AS charges,
      (SELECT count(*)::int FROM sandbox_transactions WHERE pay_id = ${payId}) AS payments`,
  )
  return row!
}

/** The verified webhook events of one link that reached the receiver, at least `count`. */
async function eventsOfLink(
  merchant: SandboxMerchant,
  paylinkId: string,
  count: number,
): Promise<WebhookEvent[]> {
  const mine = () =>
    suite.receiver.received
      .map((delivery) => ({ delivery, event: JSON.parse(delivery.body) as WebhookEvent }))
      .filter(
        ({ event }) =>
          event.data.PAYLINK_ID === paylinkId || event.data.ORDER_ID?.startsWith(`${paylinkId}-`),
      )
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return mine().map(({ delivery }) => verifiedEvent(delivery, merchant))
}

describe('POST /pgws/paylink', () => {
  it('makes a link with its short URL and charge, read back by id and by reference', async () => {
    const account = await makeAccount()
    const link = await newLink(account, { REFERENCE_ID: 'INV-42' })
    expect(verifyHash(link, account.salt), 'the answer is signed').toBe(true)
    expect(link).toMatchObject({
      PAY_ID: account.payId,
      REFERENCE_ID: 'INV-42',
      AMOUNT: '150000',
      CURRENCY_CODE: '356',
      STATUS: 'CREATED',
      VALIDATE_BENEFICIARY: 'N',
      LINK_FEE: '100',
      LINK_GST: '18',
      TXNTYPE: 'PAYLINK',
      RESPONSE_CODE: '000',
    })
    expect(link.PAYLINK_ID).toMatch(/^plink_[A-Za-z0-9]{14}$/)
    expect(link.SHORT_URL).toMatch(new RegExp(`^${suite.sandbox.url}/l/[A-Za-z0-9]{16}$`))
    const byId = await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })
    const byReference = await ask(account, '/pgws/paylink/status', { REFERENCE_ID: 'INV-42' })
    for (const answer of [byId, byReference]) {
      expect(answer).toMatchObject({ PAYLINK_ID: link.PAYLINK_ID, STATUS: 'CREATED' })
    }
    // Validated: ₹1 and the ₹5 beneficiary validation, with GST.
    const validated = await newLink(account, { VALIDATE_BENEFICIARY: 'Y' })
    expect(validated).toMatchObject({ LINK_FEE: '600', LINK_GST: '108' })
  })

  it('refuses bad input with its own code and stores nothing', async () => {
    const account = await makeAccount()
    await newLink(account, { REFERENCE_ID: 'TAKEN' })
    const before = await storedLinks(account.payId)
    const cases: Array<[Fields, string]> = [
      [{ AMOUNT: '0' }, '320'],
      [{ AMOUNT: '12.50' }, '320'],
      [{ CURRENCY_CODE: '999' }, '319'],
      [{ DESCRIPTION: '' }, '370'],
      [{ DESCRIPTION: 'x'.repeat(256) }, '370'],
      [{ DESCRIPTION: 'line\nbreak' }, '370'],
      [{ CUST_EMAIL: 'not-an-address' }, '375'],
      [{ CUST_PHONE: '12345' }, '375'],
      [{ CUST_NAME: '12 Monkeys' }, '375'],
      [{ REFERENCE_ID: 'has space' }, '321'],
      [{ REFERENCE_ID: 'TAKEN' }, '374'],
      [{ EXPIRE_BY: '2020-01-01T00:00:00+05:30' }, '371'],
      [{ EXPIRE_BY: await expiryIn(account, 5) }, '371'],
      [{ EXPIRE_BY: await expiryIn(account, 367 * 24 * 60) }, '371'],
      [{ EXPIRE_BY: '2026-02-30T10:00:00+05:30' }, '371'],
      [{ EXPIRE_BY: 'tomorrow' }, '371'],
      [{ VALIDATE_BENEFICIARY: 'yes' }, '378'],
      [{ NOTIFY_URL: 'ftp://example.com/hook' }, '357'],
    ]
    for (const [fields, code] of cases) {
      const answer = await newLink(account, fields)
      expect(answer.RESPONSE_CODE, JSON.stringify(fields)).toBe(code)
      expect(answer.STATUS).toBe('Failed')
      expect(verifyHash(answer, account.salt)).toBe(true)
    }
    expect(await storedLinks(account.payId)).toEqual(before)
  })

  it("another account's link is not found (372), by id, by reference or to cancel", async () => {
    const owner = await makeAccount()
    const other = await makeAccount()
    const link = await newLink(owner, { REFERENCE_ID: 'MINE-1' })
    for (const [path, fields] of [
      ['/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! }],
      ['/pgws/paylink/status', { REFERENCE_ID: 'MINE-1' }],
      ['/pgws/paylink/cancel', { PAYLINK_ID: link.PAYLINK_ID! }],
    ] as const) {
      expect((await ask(other, path, fields)).RESPONSE_CODE).toBe('372')
    }
    expect(
      (await ask(owner, '/pgws/paylink/status', { PAYLINK_ID: 'plink_short' })).RESPONSE_CODE,
    ).toBe('321')
    expect(
      (await ask(owner, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })).STATUS,
    ).toBe('CREATED')
  })
})

describe('paying a link', () => {
  it('by card on the hosted page: PAID once, with its payment, paylink.paid and payment.captured', async () => {
    const account = await makeAccount()
    const link = await newLink(account)
    const shown = await (await page(pathOf(link.SHORT_URL!))).text()
    expect(shown).toContain('Invoice 42: two cotton shirts')
    expect(shown).toContain('₹1,500.00')
    expect(shown).toContain(`action="/sandbox${pathOf(link.SHORT_URL!)}/pay"`)

    const attempt = await startAttempt(link.SHORT_URL!)
    const result = await payByCard(attempt)
    expect(result).toContain(`${link.PAYLINK_ID}-1`)
    expect(result).toContain(`href="/sandbox${attempt}/link"`)

    const paid = await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })
    expect(paid).toMatchObject({ STATUS: 'PAID', ORDER_ID: `${link.PAYLINK_ID}-1` })
    expect(paid.TXN_ID).toMatch(/^\d{16}$/)
    const payment = await ask(account, '/pgws/transact', {
      ORDER_ID: paid.ORDER_ID!,
      TXNTYPE: 'STATUS',
    })
    expect(payment).toMatchObject({ RESPONSE_CODE: '000', AMOUNT: '150000', TXN_ID: paid.TXN_ID })

    const events = await eventsOfLink(account, link.PAYLINK_ID!, 2)
    expect(events.map((event) => event.type).sort()).toEqual(['paylink.paid', 'payment.captured'])
    const linkEvent = events.find((event) => event.type === 'paylink.paid')!
    expect(linkEvent.data).toMatchObject({
      PAYLINK_ID: link.PAYLINK_ID,
      STATUS: 'PAID',
      ORDER_ID: paid.ORDER_ID,
      TXN_ID: paid.TXN_ID,
      SHORT_URL: link.SHORT_URL,
    })

    // A second visit shows it paid, without a Pay button; posting Pay makes no new attempt.
    const again = await (await page(pathOf(link.SHORT_URL!))).text()
    expect(again).toContain('This link is paid')
    expect(again).not.toContain('/pay"')
    const before = await storedLinks(account.payId)
    const refused = await page(`${pathOf(link.SHORT_URL!)}/pay`, form({ lang: 'en' }))
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toContain(pathOf(link.SHORT_URL!))
    expect(await storedLinks(account.payId)).toEqual(before)
  })

  it('two attempts paid at once: one captures the money, the other ends 373 with none taken', async () => {
    const account = await makeAccount()
    const link = await newLink(account)
    const first = await startAttempt(link.SHORT_URL!)
    const second = await startAttempt(link.SHORT_URL!)
    const pages = await Promise.all([payByCard(first), payByCard(second)])
    const codes = await rowsOf<{ order_id: string; response_code: string }>(
      suite.store.db,
      sql`SELECT order_id, response_code FROM sandbox_transactions
        WHERE pay_id = ${account.payId} ORDER BY order_id`,
    )
    expect(codes.map((row) => row.response_code).sort()).toEqual(['000', '373'])
    expect(
      pages.filter((text) => text.includes('This payment link is paid, expired or cancelled')),
    ).toHaveLength(1)
    const paid = await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })
    const winner = codes.find((row) => row.response_code === '000')!
    expect(paid).toMatchObject({ STATUS: 'PAID', ORDER_ID: winner.order_id })
    const events = await eventsOfLink(account, link.PAYLINK_ID!, 2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(
      (await eventsOfLink(account, link.PAYLINK_ID!, 0)).filter(
        (event) => event.type === 'paylink.paid',
      ),
    ).toHaveLength(1)
    expect(events.filter((event) => event.type === 'payment.captured')).toHaveLength(1)
  })

  it('an attempt cancelled while its card was paid either captured or leaves the link open', async () => {
    const account = await makeAccount()
    const links = await Promise.all(Array.from({ length: 6 }, () => newLink(account)))
    for (const link of links) {
      const attempt = await startAttempt(link.SHORT_URL!)
      await Promise.all([payByCard(attempt), page(`${attempt}/cancel`, form({}))])
    }
    const rows = await rowsOf<{
      id: string
      status: string
      payment_id: string | null
      code: string
    }>(
      suite.store.db,
      sql`SELECT l.id, l.status, l.payment_id, t.response_code AS code
        FROM sandbox_paylinks l JOIN sandbox_transactions t ON t.order_id = l.id || '-1'
        WHERE l.pay_id = ${account.payId}`,
    )
    expect(rows).toHaveLength(links.length)
    for (const row of rows) {
      // Captured: the link is paid by it. Cancelled first: the link is held by nothing.
      if (row.code === '000') expect(row.status).toBe('PAID')
      else expect(row).toMatchObject({ status: 'CREATED', payment_id: null, code: '010' })
    }
    const open = links.find(
      (link) => rows.find((row) => row.id === link.PAYLINK_ID)!.status === 'CREATED',
    )
    if (open) {
      await payByCard(await startAttempt(open.SHORT_URL!))
      expect(
        (await ask(account, '/pgws/paylink/status', { PAYLINK_ID: open.PAYLINK_ID! })).STATUS,
      ).toBe('PAID')
    }
  })

  it("the demo merchant's settlement test run does not expire its links before its own clock does", async () => {
    const demo = accountsDemo
    const link = await newLink(demo, { EXPIRE_BY: await expiryIn(demo, 30) })
    const run = await ask(demo, '/pgws/settlement/run', {
      AS_OF: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    })
    expect(run.RESPONSE_CODE).toBe('000')
    expect((await ask(demo, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })).STATUS).toBe(
      'CREATED',
    )
  })

  it("a validated link is paid only from an account its bank confirms is the customer's", async () => {
    const account = await makeAccount()
    const link = await newLink(account, { VALIDATE_BENEFICIARY: 'Y', CUST_NAME: 'Asha Verma' })
    const shown = await (await page(pathOf(link.SHORT_URL!))).text()
    expect(shown).toContain('name="account"')
    expect(shown).toContain('name="ifsc"')
    const pay = (fields: Record<string, string>) =>
      page(`${pathOf(link.SHORT_URL!)}/pay`, form({ lang: 'en', ...fields }))
    for (const [fields, message] of [
      [{}, 'Enter your account number'],
      [{ account: '12345', ifsc: 'HDFC0001234' }, 'Enter your account number'],
      [{ account: '000000000004', ifsc: 'HDFC0001234' }, 'Your bank has no account'],
      [{ account: '000000000013', ifsc: 'HDFC0001234' }, 'not in the name this link was made for'],
    ] as const) {
      const refused = await pay(fields)
      expect(refused.status, JSON.stringify(fields)).toBe(200)
      const text = await refused.text()
      expect(text).toContain(message)
      expect(text).toContain('aria-invalid="true"')
    }
    expect((await storedLinks(account.payId)).payments).toBe(0)

    const accepted = await pay({ account: '1234 5678 9012', ifsc: 'hdfc0001234' })
    expect(accepted.status).toBe(303)
    await payByCard(accepted.headers.get('location')!.replace(/^\/sandbox/, ''))
    expect(
      await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! }),
    ).toMatchObject({
      STATUS: 'PAID',
      PAYER_ACCOUNT: 'XXXXXXXX9012',
      PAYER_NAME: 'Asha Verma',
    })
  })

  it('a failed attempt leaves the link open for another', async () => {
    const account = await makeAccount()
    const link = await newLink(account)
    await payByCard(await startAttempt(link.SHORT_URL!), '4000000000000002')
    expect(
      (await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })).STATUS,
    ).toBe('CREATED')
    await payByCard(await startAttempt(link.SHORT_URL!))
    expect(
      await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! }),
    ).toMatchObject({
      STATUS: 'PAID',
      ORDER_ID: `${link.PAYLINK_ID}-2`,
    })
  })
})

describe('expiry and cancelling', () => {
  it('expires when the account clock passes EXPIRE_BY: paylink.expired, and no payment taken', async () => {
    const account = await makeAccount()
    const link = await newLink(account, { EXPIRE_BY: await expiryIn(account, 60) })
    const open = await (await page(pathOf(link.SHORT_URL!))).text()
    expect(open).toContain('Pay by')
    // An attempt opened before the expiry cannot capture after it.
    const attempt = await startAttempt(link.SHORT_URL!)
    const advanced = await ask(account, '/pgws/clock/advance', { BY: '2h' })
    expect(advanced.RESPONSE_CODE).toBe('000')
    const happened = JSON.parse(advanced.HAPPENED!) as Array<{ TYPE: string; REFERENCE: string }>
    expect(happened).toContainEqual(
      expect.objectContaining({ TYPE: 'PAYLINK_EXPIRED', REFERENCE: link.PAYLINK_ID }),
    )
    const expired = await ask(account, '/pgws/paylink/status', { PAYLINK_ID: link.PAYLINK_ID! })
    expect(expired.STATUS).toBe('EXPIRED')
    expect(expired.EXPIRED_AT).toBeTruthy()
    const [event] = await eventsOfLink(account, link.PAYLINK_ID!, 1)
    expect(event).toMatchObject({ type: 'paylink.expired' })
    expect(event!.data).toMatchObject({ STATUS: 'EXPIRED' })

    expect(await payByCard(attempt)).toContain('This payment link is paid, expired or cancelled')
    expect(await (await page(pathOf(link.SHORT_URL!))).text()).toContain('This link has expired')
    const captured = await rowsOf(
      suite.store.db,
      sql`SELECT 1 FROM sandbox_transactions WHERE pay_id = ${account.payId} AND response_code = '000'`,
    )
    expect(captured).toHaveLength(0)
    expect(
      (await ask(account, '/pgws/paylink/cancel', { PAYLINK_ID: link.PAYLINK_ID! })).RESPONSE_CODE,
    ).toBe('373')
  })

  it("the sandbox's own runs expire a link whose time has come, once, two of them racing", async () => {
    const account = await makeAccount()
    const link = await newLink(account, { EXPIRE_BY: await expiryIn(account, 30) })
    // Its time comes without a clock advance: as if half an hour had passed.
    await suite.store.db
      .execute(sql`UPDATE sandbox_paylinks SET expire_at = now() - interval '1 second'
      WHERE id = ${link.PAYLINK_ID!}`)
    await Promise.all([
      suite.sandbox.gateway.settlements.runDue(),
      suite.sandbox.gateway.settlements.runDue(),
    ])
    // A run skips the merchants while another run holds the lock (the two racing, or another
    // sandbox on this database): the next interval's run takes the link.
    const statusOf = async () => {
      const [row] = await rowsOf<{ status: string }>(
        suite.store.db,
        sql`SELECT status FROM sandbox_paylinks WHERE id = ${link.PAYLINK_ID!}`,
      )
      return row?.status
    }
    await expect
      .poll(async () => {
        if ((await statusOf()) !== 'EXPIRED') await suite.sandbox.gateway.settlements.runDue()
        return statusOf()
      })
      .toBe('EXPIRED')
    const [event] = await eventsOfLink(account, link.PAYLINK_ID!, 1)
    expect(event).toMatchObject({ type: 'paylink.expired' })
    const [stored] = await rowsOf<{ events: number }>(
      suite.store.db,
      sql`SELECT count(*)::int AS events FROM sandbox_webhook_events
        WHERE pay_id = ${account.payId} AND type = 'paylink.expired'`,
    )
    expect(stored).toEqual({ events: 1 })
  })

  it('a cancelled link says so and takes no payment; a second cancel is 373', async () => {
    const account = await makeAccount()
    const link = await newLink(account)
    const cancelled = await ask(account, '/pgws/paylink/cancel', { PAYLINK_ID: link.PAYLINK_ID! })
    expect(cancelled).toMatchObject({ STATUS: 'CANCELLED', RESPONSE_CODE: '000' })
    expect(cancelled.CANCELLED_AT).toBeTruthy()
    const [event] = await eventsOfLink(account, link.PAYLINK_ID!, 1)
    expect(event).toMatchObject({ type: 'paylink.cancelled' })
    expect(await (await page(pathOf(link.SHORT_URL!))).text()).toContain('This link was cancelled')
    await page(`${pathOf(link.SHORT_URL!)}/pay`, form({ lang: 'en' }))
    expect((await storedLinks(account.payId)).payments).toBe(0)
    expect(
      (await ask(account, '/pgws/paylink/cancel', { PAYLINK_ID: link.PAYLINK_ID! })).RESPONSE_CODE,
    ).toBe('373')
  })
})

describe('the charges in the settlement', () => {
  it("each link is a FEE line of the next settlement, from the Paylinks rows, and a paid link's payment its PAYMENT line", async () => {
    const account = await makeAccount()
    const normal = await newLink(account, { REFERENCE_ID: 'LINK-N' })
    const validated = await newLink(account, { VALIDATE_BENEFICIARY: 'Y' })
    await payByCard(await startAttempt(normal.SHORT_URL!))
    await ask(account, '/pgws/clock/advance', { BY: '4d' })
    const from = new Date((await clockOf(account)).getTime() - 10 * 86_400_000)
      .toISOString()
      .slice(0, 10)
    const to = (await clockOf(account)).toISOString().slice(0, 10)
    const settlements = JSON.parse(
      (await ask(account, '/pgws/settlements', { FROM: from, TO: to })).SETTLEMENTS!,
    ) as Fields[]
    expect(settlements).toHaveLength(1)
    const settlement = await ask(account, '/pgws/settlement', {
      SETTLEMENT_ID: settlements[0]!.SETTLEMENT_ID!,
    })
    const lines = JSON.parse(settlement.LINES!) as Fields[]
    const fees = lines.filter((line) => line.TYPE === 'FEE')
    expect(fees).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ORDER_ID: 'LINK-N',
          TXN_ID: normal.PAYLINK_ID,
          AMOUNT: '0',
          FEE: '100',
          GST: '18',
          NET: '-118',
          DESCRIPTION: 'Paylinks fees: Normal link',
        }),
        expect.objectContaining({
          ORDER_ID: validated.PAYLINK_ID,
          TXN_ID: validated.PAYLINK_ID,
          FEE: '600',
          GST: '108',
          NET: '-708',
        }),
      ]),
    )
    const payment = lines.find((line) => line.TYPE === 'PAYMENT')!
    // ₹1,500 by credit card: 2.00 % is ₹30.00, GST ₹5.40.
    expect(payment).toMatchObject({ ORDER_ID: `${normal.PAYLINK_ID}-1`, FEE: '3000', GST: '540' })
    expect(settlement).toMatchObject({
      GROSS_AMOUNT: '150000',
      FEES_AMOUNT: String(3000 + 100 + 600),
      GST_AMOUNT: String(540 + 18 + 108),
      NET_AMOUNT: String(150000 - 3000 - 540 - 118 - 708),
    })
  })
})
