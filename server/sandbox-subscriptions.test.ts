/**
 * Subscriptions over HTTP, on the site's database (PGlite, and PostgreSQL in CI's data stage):
 * made by the signed call, registered by the customer on the mandate page (the virtual UPI app,
 * a card's standing instruction with its OTP, the bank's e-mandate page), then noticed and
 * debited on the account's clock: a notice at least 24 h before each debit, a captured payment
 * charged by the Subscription row and settled, retries then a halt, an approval above ₹15,000,
 * the customer's revocation, one debit a cycle when two instances walk the clock at once, and
 * bad input refused with its own code and nothing stored.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addDays, istDateOf } from '#core/calendar/business-calendar.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import type { WebhookEvent } from '#core/protocol/webhook.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { accountSandbox, askAs } from '#tests/support/sandbox-accounts.ts'
import { accountSandboxSuite } from '#tests/support/account-sandbox-suite.ts'
import { verifiedEvent } from '#tests/support/webhook-receiver.ts'

const suite = accountSandboxSuite()
const { makeAccount, ask } = suite
const HOUR_MS = 3_600_000

const clockOf = async (merchant: SandboxMerchant) =>
  new Date((await ask(merchant, '/pgws/clock')).NOW!)

/** The account clock's IST date, `days` on. */
const dateIn = async (merchant: SandboxMerchant, days = 0) =>
  addDays(istDateOf(await clockOf(merchant)), days)

const subscribe = async (merchant: SandboxMerchant, fields: Fields = {}) =>
  ask(merchant, '/pgws/subscription', {
    SUBSCRIPTION_REF: `PLAN-${Math.random().toString(36).slice(2, 10)}`,
    METHOD: 'UPI',
    AMOUNT: '49900',
    MAX_AMOUNT: '49900',
    FREQUENCY: 'MONTHLY',
    START_DATE: await dateIn(merchant),
    DESCRIPTION: 'Monthly plan: 1 GB cloud storage',
    CUST_NAME: 'Asha Verma',
    CUST_EMAIL: 'asha@example.com',
    CUST_PHONE: '9876543210',
    RETURN_URL: 'http://localhost:3000/subscription/return',
    NOTIFY_URL: suite.receiver.url,
    ...fields,
  })

/** The mandate page's path on the test sandbox (its origin is the request's). */
const pathOf = (authUrl: string) => new URL(authUrl).pathname.replace(/^\/sandbox/, '')

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${suite.sandbox.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ lang: 'en', ...fields }).toString(),
  })

/** Approves a UPI mandate on the virtual UPI app: the UPI ID, then the PIN. */
async function approveUpi(authUrl: string, vpa = 'success@upi'): Promise<void> {
  const path = pathOf(authUrl)
  const pin = await post(`${path}/upi`, { vpa, decision: 'approve' })
  expect(pin.status).toBe(200)
  expect(await pin.text()).toContain('UPI PIN')
  const done = await post(`${path}/upi/pin`, { vpa, pin: '1234' })
  expect(done.status).toBe(303)
}

const status = (merchant: SandboxMerchant, id: string) =>
  ask(merchant, '/pgws/subscription/status', { SUBSCRIPTION_ID: id })

const debitsOf = (answer: Fields) => JSON.parse(answer.DEBITS!) as Fields[]

type Happening = { AT: string; TYPE: string; REFERENCE: string }
const advance = async (merchant: SandboxMerchant, by: string) =>
  JSON.parse((await ask(merchant, '/pgws/clock/advance', { BY: by })).HAPPENED!) as Happening[]

/** Moves the account's clock to `time` IST on `date`. */
const advanceTo = async (merchant: SandboxMerchant, date: string, time: string) =>
  JSON.parse(
    (await ask(merchant, '/pgws/clock/advance', { TO: `${date}T${time}:00+05:30` })).HAPPENED!,
  ) as Happening[]

/** The verified events of one subscription, in the order sent, once at least `count` arrived. */
async function eventsOf(merchant: SandboxMerchant, id: string, count: number) {
  const mine = () =>
    suite.receiver.received.filter(
      (delivery) => (JSON.parse(delivery.body) as WebhookEvent).data.SUBSCRIPTION_ID === id,
    )
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  return mine().map((delivery) => verifiedEvent(delivery, merchant))
}

const typesOf = (events: WebhookEvent[]) => events.map((event) => event.type)

/** IST `YYYY-MM-DD HH:mm:ss` as an instant. */
const instant = (ist: string) => new Date(`${ist.replace(' ', 'T')}+05:30`)

async function stored(payId: string): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    suite.store.db,
    sql`SELECT
      (SELECT count(*)::int FROM sandbox_subscriptions WHERE pay_id = ${payId}) AS subscriptions,
      (SELECT count(*)::int FROM sandbox_subscription_debits WHERE pay_id = ${payId}) AS debits,
      (SELECT count(*)::int FROM sandbox_transactions WHERE pay_id = ${payId}) AS payments`,
  )
  return row!
}

describe('subscriptions', () => {
  it('refuses bad input with its own code, storing nothing', async () => {
    const account = await makeAccount()
    const other = await makeAccount()
    const refusals: Array<[Fields, string]> = [
      [{ FREQUENCY: 'DAILY' }, '379'],
      [{ MAX_AMOUNT: '10000001', AMOUNT: '10000001' }, '380'],
      [{ AMOUNT: '50000' }, '380'],
      [{ METHOD: 'EMANDATE', MAX_AMOUNT: '1000000001', AMOUNT: '49900' }, '380'],
      [{ AMOUNT: '0' }, '320'],
      [{ FREQUENCY: 'AS_PRESENTED' }, '320'],
      [{ START_DATE: await dateIn(account, -1) }, '388'],
      [{ START_DATE: '2027-02-30' }, '388'],
      [{ START_DATE: await dateIn(account, 367) }, '388'],
      [{ END_DATE: await dateIn(account) }, '388'],
      [{ METHOD: 'NETBANKING' }, '327'],
      [{ CATEGORY: 'GROCERIES' }, '326'],
      [{ CUST_EMAIL: '' }, '375'],
      [{ DESCRIPTION: '' }, '370'],
      [{ RETURN_URL: 'https://elsewhere.example/return' }, '325'],
    ]
    for (const [fields, code] of refusals) {
      const refused = await subscribe(account, fields)
      expect({ fields, code: refused.RESPONSE_CODE }).toEqual({ fields, code })
      expect(refused.SUBSCRIPTION_ID).toBeUndefined()
    }
    expect(await stored(account.payId)).toEqual({ subscriptions: 0, debits: 0, payments: 0 })

    // Another account's subscription is none of this one's.
    const theirs = await subscribe(other)
    expect(theirs.RESPONSE_CODE).toBe('000')
    for (const path of ['/status', '/cancel', '/resume']) {
      const answer = await ask(account, `/pgws/subscription${path}`, {
        SUBSCRIPTION_ID: theirs.SUBSCRIPTION_ID!,
      })
      expect(answer.RESPONSE_CODE).toBe('387')
    }
    const acted = await ask(account, '/pgws/subscription/customer', {
      SUBSCRIPTION_ID: theirs.SUBSCRIPTION_ID!,
      ACTION: 'REVOKE',
    })
    expect(acted.RESPONSE_CODE).toBe('387')
    expect((await status(other, theirs.SUBSCRIPTION_ID!)).STATUS).toBe('CREATED')
    const duplicate = await subscribe(other, { SUBSCRIPTION_REF: theirs.SUBSCRIPTION_REF! })
    expect(duplicate.RESPONSE_CODE).toBe('374')
    expect(await stored(other.payId)).toMatchObject({ subscriptions: 1, debits: 0 })
  })

  it('a UPI mandate of ₹499 a month: approved on the UPI app, noticed 36 h ahead, debited and charged ₹7 + GST', async () => {
    const account = await makeAccount()
    const made = await subscribe(account)
    expect(verifyHash(made, account.salt)).toBe(true)
    expect(made).toMatchObject({
      STATUS: 'CREATED',
      METHOD: 'UPI',
      FREQUENCY: 'MONTHLY',
      AMOUNT: '49900',
      REGISTRATION_FEE: '700',
      REGISTRATION_GST: '126',
      TXNTYPE: 'SUBSCRIPTION',
    })
    expect(made.SUBSCRIPTION_ID).toMatch(/^sub_[A-Za-z0-9]{14}$/)
    const page = await fetch(`${suite.sandbox.url}${pathOf(made.AUTH_URL!)}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('UPI app (sandbox)')

    await approveUpi(made.AUTH_URL!)
    const active = await status(account, made.SUBSCRIPTION_ID!)
    expect(active).toMatchObject({ STATUS: 'ACTIVE', INSTRUMENT: 'success@upi', PAID_CYCLES: '1' })
    const [first] = debitsOf(active)
    expect(first).toMatchObject({ CYCLE: '0', STATUS: 'CHARGED', FEE: '700', GST: '126' })

    const happened = await advance(account, '32d')
    const notice = happened.find((happening) => happening.TYPE === 'SUBSCRIPTION_NOTIFIED')!
    const debit = happened.find((happening) => happening.TYPE === 'SUBSCRIPTION_CHARGED')!
    expect(instant(debit.AT).getTime() - instant(notice.AT).getTime()).toBe(36 * HOUR_MS)
    expect(happened.indexOf(notice)).toBeLessThan(happened.indexOf(debit))
    expect(debit.REFERENCE).toBe(`${made.SUBSCRIPTION_ID}-1-1`)

    const events = await eventsOf(account, made.SUBSCRIPTION_ID!, 4)
    const count = (type: string) => typesOf(events).filter((each) => each === type).length
    expect([count('subscription.activated'), count('subscription.notified')]).toEqual([1, 1])
    expect(count('subscription.charged')).toBe(2)
    const notified = events.find((event) => event.type === 'subscription.notified')!
    const charged = events.filter((event) => event.type === 'subscription.charged')[1]!
    expect(notified.data).toMatchObject({
      AMOUNT: '49900',
      CYCLE: '1',
      APPROVAL_REQUIRED: 'N',
      MERCHANT_NAME: account.name,
    })
    const ahead =
      instant(notified.data.DEBIT_AT!).getTime() - instant(notified.data.NOTIFIED_AT!).getTime()
    expect(ahead).toBeGreaterThanOrEqual(24 * HOUR_MS)
    expect(charged.data.CHARGED_AT).toBe(notified.data.DEBIT_AT)
    expect(
      instant(notified.data.DEBIT_AT!).getUTCHours() * 60 +
        instant(notified.data.DEBIT_AT!).getUTCMinutes(),
    ).toBe(90) // 07:00 IST

    // The debit settles as a PAYMENT line priced by the UPI AutoPay row: ₹7 + ₹1.26 GST.
    const settled = happened.filter((happening) => happening.TYPE === 'SETTLEMENT')
    const lines: Fields[] = []
    for (const settlement of settled) {
      const answer = await ask(account, '/pgws/settlement', { SETTLEMENT_ID: settlement.REFERENCE })
      lines.push(...(JSON.parse(answer.LINES!) as Fields[]))
    }
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          TYPE: 'PAYMENT',
          ORDER_ID: `${made.SUBSCRIPTION_ID}-1-1`,
          AMOUNT: '49900',
          FEE: '700',
          GST: '126',
          NET: '49074',
        }),
        expect.objectContaining({
          TYPE: 'FEE',
          TXN_ID: made.SUBSCRIPTION_ID,
          FEE: '700',
          GST: '126',
        }),
      ]),
    )
  })

  it('nofunds@upi: the debit is retried three times, each noticed a day ahead, then halted', async () => {
    const account = await makeAccount()
    const made = await subscribe(account)
    await approveUpi(made.AUTH_URL!, 'nofunds@upi')
    const happened = await advance(account, '35d')
    const failed = happened.filter((happening) => happening.TYPE === 'SUBSCRIPTION_DEBIT_FAILED')
    expect(failed.map((happening) => happening.REFERENCE)).toEqual(
      [1, 2, 3, 4].map((attempt) => `${made.SUBSCRIPTION_ID}-1-${attempt}`),
    )
    const times = failed.map((happening) => instant(happening.AT).getTime())
    expect(times.slice(1).map((time, index) => time - times[index]!)).toEqual([
      24 * HOUR_MS,
      24 * HOUR_MS,
      24 * HOUR_MS,
    ])
    expect(happened.filter((happening) => happening.TYPE === 'SUBSCRIPTION_HALTED')).toHaveLength(1)
    const halted = await status(account, made.SUBSCRIPTION_ID!)
    expect(halted.STATUS).toBe('HALTED')
    expect(debitsOf(halted).filter((debit) => debit.STATUS === 'FAILED')).toEqual(
      [4, 3, 2, 1].map((attempt) =>
        expect.objectContaining({ CYCLE: '1', ATTEMPT: String(attempt), RESPONSE_CODE: '020' }),
      ),
    )
    const events = await eventsOf(account, made.SUBSCRIPTION_ID!, 10)
    expect(typesOf(events).filter((type) => type === 'subscription.notified')).toHaveLength(4)
    expect(typesOf(events).filter((type) => type === 'subscription.pending')).toHaveLength(3)
    expect(typesOf(events)).toContain('subscription.halted')

    // Halted: no notice the next month, until the merchant resumes it.
    const later = await advance(account, '31d')
    expect(later.filter((happening) => happening.TYPE.startsWith('SUBSCRIPTION'))).toEqual([])
    const resumed = await ask(account, '/pgws/subscription/resume', {
      SUBSCRIPTION_ID: made.SUBSCRIPTION_ID!,
    })
    expect(resumed).toMatchObject({ STATUS: 'ACTIVE', RESPONSE_CODE: '000' })
    const again = await ask(account, '/pgws/subscription/resume', {
      SUBSCRIPTION_ID: made.SUBSCRIPTION_ID!,
    })
    expect(again.RESPONSE_CODE).toBe('385')
  })

  it('a debit of ₹20,000 waits for the approval on the mandate page', async () => {
    const account = await makeAccount()
    const made = await subscribe(account, {
      AMOUNT: '2000000',
      MAX_AMOUNT: '2500000',
      START_DATE: await dateIn(account, 4),
    })
    await approveUpi(made.AUTH_URL!)
    expect((await status(account, made.SUBSCRIPTION_ID!)).PAID_CYCLES).toBe('0')
    const day = await dateIn(account)
    await advanceTo(account, addDays(day, 3), '12:00')
    const noticed = await status(account, made.SUBSCRIPTION_ID!)
    const [open] = debitsOf(noticed)
    expect(open).toMatchObject({
      CYCLE: '0',
      STATUS: 'NOTIFIED',
      APPROVAL_REQUIRED: 'Y',
      APPROVED: 'N',
    })
    expect(noticed.NEXT_DEBIT_AT).toBe(open!.DEBIT_AT)

    // Not approved by DEBIT_AT: 383, and a retry with a new notice and a new chance.
    const missed = await advanceTo(account, addDays(day, 4), '12:00')
    expect(missed.map((happening) => happening.TYPE)).toContain('SUBSCRIPTION_DEBIT_FAILED')
    const pending = await status(account, made.SUBSCRIPTION_ID!)
    expect(pending.STATUS).toBe('PENDING')
    expect(
      debitsOf(pending).map((debit) => [debit.ATTEMPT, debit.STATUS, debit.RESPONSE_CODE]),
    ).toEqual([
      ['2', 'NOTIFIED', ''],
      ['1', 'FAILED', '383'],
    ])
    const page = await (await fetch(`${suite.sandbox.url}${pathOf(made.AUTH_URL!)}`)).text()
    expect(page).toContain('above the limit for automatic debits')
    const approved = await post(`${pathOf(made.AUTH_URL!)}/action`, { action: 'APPROVE' })
    expect(approved.status).toBe(303)
    const paid = await advanceTo(account, addDays(day, 5), '12:00')
    expect(paid.find((happening) => happening.TYPE === 'SUBSCRIPTION_CHARGED')?.REFERENCE).toBe(
      `${made.SUBSCRIPTION_ID}-0-2`,
    )
    expect((await status(account, made.SUBSCRIPTION_ID!)).STATUS).toBe('ACTIVE')
  })

  it("the customer's revocation stops the next debit", async () => {
    const account = await makeAccount()
    const made = await subscribe(account, { FREQUENCY: 'WEEKLY' })
    await approveUpi(made.AUTH_URL!)
    await advance(account, '6d')
    const noticed = debitsOf(await status(account, made.SUBSCRIPTION_ID!))[0]!
    expect(noticed).toMatchObject({ CYCLE: '1', STATUS: 'NOTIFIED' })
    const revoked = await ask(account, '/pgws/subscription/customer', {
      SUBSCRIPTION_ID: made.SUBSCRIPTION_ID!,
      ACTION: 'REVOKE',
    })
    expect(revoked).toMatchObject({ STATUS: 'CANCELLED', CANCELLED_BY: 'CUSTOMER', INSTRUMENT: '' })
    expect(debitsOf(revoked)[0]).toMatchObject({
      CYCLE: '1',
      STATUS: 'STOPPED',
      RESPONSE_CODE: '385',
    })
    const later = await advance(account, '21d')
    expect(later.filter((happening) => happening.TYPE.startsWith('SUBSCRIPTION'))).toEqual([])
    expect(await stored(account.payId)).toMatchObject({ payments: 1 })
    const events = await eventsOf(account, made.SUBSCRIPTION_ID!, 4)
    expect(typesOf(events)).toContain('subscription.cancelled')
    expect(typesOf(events).filter((type) => type === 'subscription.charged')).toHaveLength(1)
  })

  it('a card by its OTP and an e-NACH mandate on the bank page, whose debits fail for account …0020', async () => {
    const account = await makeAccount()
    const card = await subscribe(account, { METHOD: 'CARD' })
    const cardPath = pathOf(card.AUTH_URL!)
    const otp = await post(`${cardPath}/card`, {
      number: '4111 1111 1111 1111',
      expiry: '12/39',
      cvv: '123',
    })
    expect(await otp.text()).toContain('One-time password')
    const wrong = await post(`${cardPath}/card/otp`, { card: '1111', otp: '000000' })
    expect(await wrong.text()).toContain('not right')
    expect((await post(`${cardPath}/card/otp`, { card: '1111', otp: '123456' })).status).toBe(303)
    expect(await status(account, card.SUBSCRIPTION_ID!)).toMatchObject({
      STATUS: 'ACTIVE',
      INSTRUMENT: '411111XXXXXX1111',
      PAID_CYCLES: '1',
      REGISTRATION_FEE: '600',
    })

    const enach = await subscribe(account, { METHOD: 'EMANDATE' })
    const enachPath = pathOf(enach.AUTH_URL!)
    const bank = await post(`${enachPath}/enach`, {
      bank: '1030',
      account: '000000000020',
      ifsc: 'SBIN0001234',
    })
    expect(await bank.text()).toContain('authorise the e-mandate')
    const done = await post(`${enachPath}/enach/bank`, {
      bank: '1030',
      account: '000000000020',
      ifsc: 'SBIN0001234',
      outcome: 'success',
    })
    expect(done.status).toBe(303)
    const registered = await status(account, enach.SUBSCRIPTION_ID!)
    expect(registered).toMatchObject({
      STATUS: 'ACTIVE',
      INSTRUMENT: 'XXXXXXXX0020',
      PAID_CYCLES: '0',
    })
    expect(registered.ANCHOR_DATE! > (await dateIn(account, 2))).toBe(true)
    await advance(account, '7d')
    const failed = debitsOf(await status(account, enach.SUBSCRIPTION_ID!)).filter(
      (debit) => debit.STATUS === 'FAILED',
    )
    expect(failed).toContainEqual(
      expect.objectContaining({ CYCLE: '0', ATTEMPT: '1', RESPONSE_CODE: '020' }),
    )
  })

  it('a charge presented on an AS_PRESENTED mandate is noticed, one at a time, then debited', async () => {
    const account = await makeAccount()
    const made = await subscribe(account, {
      FREQUENCY: 'AS_PRESENTED',
      AMOUNT: '',
      MAX_AMOUNT: '500000',
    })
    await approveUpi(made.AUTH_URL!)
    const id = made.SUBSCRIPTION_ID!
    const tooMuch = await ask(account, '/pgws/subscription/charge', {
      SUBSCRIPTION_ID: id,
      AMOUNT: '500001',
    })
    expect(tooMuch.RESPONSE_CODE).toBe('380')
    const presented = await ask(account, '/pgws/subscription/charge', {
      SUBSCRIPTION_ID: id,
      AMOUNT: '120000',
    })
    expect(debitsOf(presented)[0]).toMatchObject({ AMOUNT: '120000', STATUS: 'NOTIFIED' })
    const second = await ask(account, '/pgws/subscription/charge', {
      SUBSCRIPTION_ID: id,
      AMOUNT: '1000',
    })
    expect(second.RESPONSE_CODE).toBe('386')
    const happened = await advance(account, '3d')
    expect(happened.find((happening) => happening.TYPE === 'SUBSCRIPTION_CHARGED')?.REFERENCE).toBe(
      `${id}-0-1`,
    )
  })

  it('fails a registration not completed in 24 h, and completes after the last cycle before END_DATE', async () => {
    const account = await makeAccount()
    const waiting = await subscribe(account)
    const ending = await subscribe(account, {
      FREQUENCY: 'WEEKLY',
      END_DATE: await dateIn(account, 14),
    })
    await approveUpi(ending.AUTH_URL!)
    const happened = await advance(account, '20d')
    expect(
      happened
        .filter((happening) => happening.TYPE === 'SUBSCRIPTION_FAILED')
        .map((happening) => happening.REFERENCE),
    ).toEqual([waiting.SUBSCRIPTION_ID])
    expect(await status(account, waiting.SUBSCRIPTION_ID!)).toMatchObject({ STATUS: 'FAILED' })
    const page = await (await fetch(`${suite.sandbox.url}${pathOf(waiting.AUTH_URL!)}`)).text()
    expect(page).toContain('Not set up')
    expect(page).not.toContain('Your UPI ID')

    const ended = await status(account, ending.SUBSCRIPTION_ID!)
    expect(ended).toMatchObject({ STATUS: 'COMPLETED', PAID_CYCLES: '3' })
    expect(debitsOf(ended).map((debit) => debit.CYCLE)).toEqual(['2', '1', '0'])
    const failed = (await eventsOf(account, waiting.SUBSCRIPTION_ID!, 1))[0]!
    expect(failed).toMatchObject({
      type: 'subscription.failed',
      data: { STATUS: 'FAILED', REGISTRATION_RESPONSE_CODE: '385' },
    })
    const events = await eventsOf(account, ending.SUBSCRIPTION_ID!, 6)
    expect(typesOf(events)).toContain('subscription.completed')
  })

  it('takes one debit a cycle when two instances walk the clock at once', async () => {
    const account = await makeAccount()
    const made = await subscribe(account, { FREQUENCY: 'WEEKLY' })
    await approveUpi(made.AUTH_URL!)
    const other = await accountSandbox(suite.store.db, {
      webhooks: { allowPrivate: 'loopback', pollMs: 100 },
    })
    try {
      const to = new Date((await clockOf(account)).getTime() + 30 * 24 * HOUR_MS)
      const target = `${new Date(to.getTime() + 330 * 60_000).toISOString().slice(0, 19)}+05:30`
      const answers = await Promise.all([
        ask(account, '/pgws/clock/advance', { TO: target }),
        askAs(other.url, account, '/pgws/clock/advance', { TO: target }),
      ])
      expect(answers.some((answer) => answer.RESPONSE_CODE === '000')).toBe(true)
      const [row] = await rowsOf<{ cycles: number; charged: number; payments: number }>(
        suite.store.db,
        sql`SELECT count(DISTINCT cycle)::int AS cycles,
            count(*) FILTER (WHERE status = 'CHARGED')::int AS charged,
            (SELECT count(*)::int FROM sandbox_transactions WHERE pay_id = ${account.payId}) AS payments
          FROM sandbox_subscription_debits WHERE subscription_id = ${made.SUBSCRIPTION_ID!}`,
      )
      expect(row!.cycles).toBeGreaterThanOrEqual(5)
      expect(row!.charged).toBe(row!.cycles)
      expect(row!.payments).toBe(row!.cycles)
    } finally {
      await other.close()
    }
  })
})
