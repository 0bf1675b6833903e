/**
 * Sandbox accounts over HTTP on the site's database (PGlite, and PostgreSQL in CI's data
 * stage): made in one call with keys of their own, each seeing only its own payments, refunds,
 * settlements, limits and console; bad names, the per-address limit and the cap refused with
 * nothing stored; an account deleted from its console, or left idle, gone with its data.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveMerchantHostedKey } from '#core/protocol/cipher.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import { accountMerchant } from '#gateway/accounts/directory.ts'
import { findAccount } from '#gateway/accounts/store.ts'
import { call, capture, type SettlementSandbox } from '#tests/support/sandbox-settlements.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import {
  accountSandbox,
  accountsDemo,
  onPublicSite,
  type MadeAccount,
  makeAccount as makeAccountAt,
} from '#tests/support/sandbox-accounts.ts'
import { type DataStore, openDatabase } from './db/database.ts'
import { prune } from './retention/prune.ts'
import { defaultRetentionPeriods } from './retention/periods.ts'

const demo = accountsDemo

let store: DataStore
let sandbox: SettlementSandbox

type Made = MadeAccount

const makeAccount = (url: string, body: unknown = {}) => makeAccountAt(url, store.db, body)

async function countAccounts(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    store.db,
    sql`SELECT count(*)::int AS n FROM sandbox_accounts`,
  )
  return row!.n
}

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await accountSandbox(store.db, {
    publicUrl: 'https://pay.paystra.example/sandbox',
  })
})

afterAll(async () => {
  await sandbox?.close()
  await store?.close()
})

describe('a sandbox account', () => {
  it('is made in one call: its own PAY_ID and keys, a console link and a paystra.env, kept by no cache', async () => {
    const response = await fetch(`${sandbox.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ NAME: 'Chai & Co.' }),
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    const json = (await response.json()) as Fields
    expect(json.PAY_ID).toMatch(/^[1-9]\d{15}$/)
    expect(json.PAY_ID).not.toBe(demo.payId)
    expect(json.SALT).toMatch(/^[0-9a-f]{16}$/)
    expect(json.KEY_SALT).toMatch(/^[0-9a-f]{16}$/)
    expect(json.MERCHANT_HOSTED_KEY).toBe(deriveMerchantHostedKey(json.KEY_SALT!, json.PAY_ID!))
    expect(json.WEBHOOK_SECRET).toMatch(/^wh_[0-9a-f]{32}$/)
    expect(json.NAME).toBe('Chai & Co.')
    // Every absolute address is the configured public one, never the request's Host.
    expect(json.CONSOLE_URL).toMatch(
      /^https:\/\/pay\.paystra\.example\/sandbox\/console\/[\w-]{43}$/,
    )
    expect(json.PAYSTRA_ENV_URL).toBe(`${json.CONSOLE_URL}/paystra.env`)
    expect(json.PAYSTRA_ENV).toContain(`PAYSTRA_PAY_ID=${json.PAY_ID}\n`)
    expect(json.PAYSTRA_ENV).toContain(`PAYSTRA_SALT=${json.SALT}\n`)
    expect(json.PAYSTRA_ENV).toContain(`PAYSTRA_KEY_SALT=${json.KEY_SALT}\n`)
    expect(json.PAYSTRA_ENV).toContain('PAYSTRA_BASE_URL=https://pay.paystra.example/sandbox\n')
    // The stored row keeps only the console token's hash.
    const token = json.CONSOLE_URL!.split('/').pop()!
    const [row] = await rowsOf<{ console_token_hash: string }>(
      store.db,
      sql`SELECT console_token_hash FROM sandbox_accounts WHERE pay_id = ${json.PAY_ID}`,
    )
    expect(row!.console_token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.console_token_hash).not.toContain(token)
  })

  it('is made from the plain form too, answering a page with its keys and console link', async () => {
    const form = await fetch(`${sandbox.url}/accounts/new`)
    expect(form.status).toBe(200)
    const page = await form.text()
    expect(page).toMatch(/<label class="gw-field__label" for="gw-account-name"\s*>/)
    const response = await fetch(`${sandbox.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=',
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('Your sandbox account is ready')
    expect(html).toMatch(/Test store \(PAY_ID <code class="gw-mono">\d{16}<\/code>\)/)
    expect(html).toMatch(/href="https:\/\/pay\.paystra\.example\/sandbox\/console\/[\w-]{43}"/)
  })

  it('refuses a bad name with 360 and stores nothing', async () => {
    const before = await countAccounts()
    for (const NAME of ['x'.repeat(61), 'tab\there', '<script>', 7]) {
      const response = await fetch(`${sandbox.url}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ NAME }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ STATUS: 'Failed', RESPONSE_CODE: '360' })
    }
    const page = await fetch(`${sandbox.url}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=%3Cb%3E',
    })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('value="&lt;b&gt;"')
    expect(await countAccounts()).toBe(before)
  })

  it("finds none of another account's payments: status, refund, recon and settlement runs stay its own", async () => {
    const a = await makeAccount(sandbox.url)
    const b = await makeAccount(sandbox.url)
    const paidAt = new Date(Date.now() - 5 * 24 * 60 * 60_000)
    await capture(store.db, a.merchant, { orderId: 'SHARED-ORDER-1', amount: 50_000, at: paidAt })
    await capture(store.db, b.merchant, { orderId: 'B-ONLY-1', amount: 20_000, at: paidAt })

    const status = (who: Made, orderId: string) =>
      call(`${sandbox.url}/pgws/transact`, who.merchant, {
        PAY_ID: who.merchant.payId,
        ORDER_ID: orderId,
        TXNTYPE: 'STATUS',
      })
    expect((await status(a, 'SHARED-ORDER-1')).json).toMatchObject({ RESPONSE_CODE: '000' })
    expect((await status(b, 'SHARED-ORDER-1')).json).toMatchObject({ RESPONSE_CODE: '328' })

    const refund = await call(`${sandbox.url}/pgws/transact`, b.merchant, {
      PAY_ID: b.merchant.payId,
      ORDER_ID: 'SHARED-ORDER-1',
      REFUND_ORDER_ID: 'RF-SHARED-1',
      AMOUNT: '100',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    })
    expect(refund.json.RESPONSE_CODE).not.toBe('000')
    expect((await status(a, 'SHARED-ORDER-1')).json.REFUNDED_AMOUNT).toBeUndefined()

    const recon = await call(`${sandbox.url}/pgws/recon`, b.merchant, {
      PAY_ID: b.merchant.payId,
      ORDER_ID: 'SHARED-ORDER-1',
    })
    expect(recon.json.RECON ?? '[]').toBe('[]')

    // B's test run settles B's payment and nothing of A's.
    const run = await call(`${sandbox.url}/pgws/settlement/run`, b.merchant, {
      PAY_ID: b.merchant.payId,
      AS_OF: new Date().toISOString(),
    })
    expect(run.json.RESPONSE_CODE).toBe('000')
    const settled = JSON.parse(run.json.SETTLEMENTS!) as Fields[]
    expect(settled).toHaveLength(1)
    expect(settled[0]!.GROSS_AMOUNT).toBe('20000')
    const unsettled = await rowsOf<{ pay_id: string }>(
      store.db,
      sql`SELECT pay_id FROM sandbox_transactions
        WHERE order_id = 'SHARED-ORDER-1' AND settlement_id IS NULL`,
    )
    expect(unsettled).toEqual([{ pay_id: a.merchant.payId }])
    // A's signature does not open B's settlement either.
    const other = await call(`${sandbox.url}/pgws/settlement`, a.merchant, {
      PAY_ID: a.merchant.payId,
      SETTLEMENT_ID: settled[0]!.SETTLEMENT_ID!,
    })
    expect(other.json.RESPONSE_CODE).toBe('338')
  })

  it("is signed with its own salt: the demo merchant's salt under its PAY_ID is 323", async () => {
    const a = await makeAccount(sandbox.url)
    const forged = await call(
      `${sandbox.url}/pgws/transact`,
      { ...a.merchant, salt: demo.salt },
      { PAY_ID: a.merchant.payId, ORDER_ID: 'ANY-1', TXNTYPE: 'STATUS' },
    )
    expect(forged.json.RESPONSE_CODE).toBe('323')
  })

  it('shows its console only to its own link, which a new link replaces, and is deleted from it with its data', async () => {
    const a = await makeAccount(sandbox.url, { NAME: 'Console Shop' })
    await capture(store.db, a.merchant, {
      orderId: 'CONSOLE-ORDER-1',
      amount: 12_345,
      at: new Date(),
    })
    const consoleUrl = a.json.CONSOLE_URL!.replace(
      'https://pay.paystra.example/sandbox',
      sandbox.url,
    )
    const page = await fetch(consoleUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    // The document's own policy outranks the header's: it must say no referrer too.
    expect(html).toContain('<meta name="referrer" content="no-referrer">')
    expect(html).toContain('Console Shop: sandbox console')
    expect(html).toContain('CONSOLE-ORDER-1')
    expect(html).toContain('₹123.45')

    const env = await fetch(`${consoleUrl}/paystra.env`)
    expect(env.headers.get('content-disposition')).toContain('paystra.env')
    expect(await env.text()).toContain(`PAYSTRA_PAY_ID=${a.merchant.payId}`)

    // A link of the right shape that is no one's, and a malformed one: the same 404.
    expect((await fetch(`${sandbox.url}/console/${'A'.repeat(43)}`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/console/short`)).status).toBe(404)

    const renewed = await fetch(`${consoleUrl}/link`, { method: 'POST', redirect: 'manual' })
    expect(renewed.status).toBe(303)
    const newUrl = renewed.headers
      .get('location')!
      .replace('https://pay.paystra.example/sandbox', sandbox.url)
    expect(newUrl).not.toBe(consoleUrl)
    expect((await fetch(consoleUrl)).status).toBe(404)
    expect((await fetch(newUrl)).status).toBe(200)

    const wrong = await fetch(`${newUrl}/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'confirm=123',
    })
    expect(wrong.status).toBe(400)
    expect(await findAccount(store.db, a.merchant.payId)).toBeDefined()
    const deleted = await fetch(`${newUrl}/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `confirm=${a.merchant.payId}`,
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.text()).toContain('Account deleted')
    expect(await findAccount(store.db, a.merchant.payId)).toBeUndefined()
    const left = await rowsOf(
      store.db,
      sql`SELECT 1 FROM sandbox_transactions WHERE pay_id = ${a.merchant.payId}`,
    )
    expect(left).toEqual([])
    // Its keys no longer sign anything.
    const after = await call(`${sandbox.url}/pgws/transact`, a.merchant, {
      PAY_ID: a.merchant.payId,
      ORDER_ID: 'CONSOLE-ORDER-1',
      TXNTYPE: 'STATUS',
    })
    expect(after.json.RESPONSE_CODE).toBe('324')
  })

  it('left unused for its period is removed with its data by the retention pass; a used one stays', async () => {
    const idle = await makeAccount(sandbox.url)
    const used = await makeAccount(sandbox.url)
    await capture(store.db, idle.merchant, { orderId: 'IDLE-1', amount: 100, at: new Date() })
    // A running subscription outlives the sandbox's period: only its account's removal takes it.
    for (const { merchant } of [idle, used]) {
      const id = `sub_${merchant.payId.slice(-14)}`
      await store.db.execute(sql`INSERT INTO sandbox_subscriptions (id, code, auth_url, pay_id,
          reference, method, max_amount, frequency, start_date, description, cust_name,
          cust_email, cust_phone, return_url, status, created_at)
        VALUES (${id}, ${id}, ${`https://pay.example/m/${id}`}, ${merchant.payId}, 'PLAN-1',
          'UPI', 49900, 'MONTHLY', '2026-12-07', 'Plan', 'Asha', 'asha@example.com',
          '9876543210', 'https://shop.example/return', 'ACTIVE', now())`)
      await store.db.execute(sql`INSERT INTO sandbox_subscription_debits (id, subscription_id,
          pay_id, cycle, attempt, amount, notified_at, debit_at, status)
        VALUES (${`sdeb_${merchant.payId.slice(-14)}`}, ${id}, ${merchant.payId}, 0, 1, 49900,
          now(), now(), 'CHARGED')`)
    }
    const later = new Date(
      Date.now() + (defaultRetentionPeriods.sandboxAccountDays + 1) * 86_400_000,
    )
    await store.db.execute(
      sql`UPDATE sandbox_accounts SET last_active_at = ${later.toISOString()}
        WHERE pay_id = ${used.merchant.payId}`,
    )
    const result = await prune(store, defaultRetentionPeriods, { now: later })
    expect(result.counts.sandboxAccounts).toBeGreaterThanOrEqual(1)
    expect(await findAccount(store.db, idle.merchant.payId)).toBeUndefined()
    expect(await findAccount(store.db, used.merchant.payId)).toBeDefined()
    const left = await rowsOf(
      store.db,
      sql`SELECT 1 FROM sandbox_transactions WHERE pay_id = ${idle.merchant.payId}`,
    )
    expect(left).toEqual([])
    expect(result.counts.sandboxSubscriptions).toBeGreaterThanOrEqual(1)
    expect(result.counts.sandboxSubscriptionDebits).toBeGreaterThanOrEqual(1)
    const subscriptions = await rowsOf<{ pay_id: string; debits: number }>(
      store.db,
      sql`SELECT s.pay_id, (SELECT count(*)::int FROM sandbox_subscription_debits d
          WHERE d.subscription_id = s.id) AS debits
        FROM sandbox_subscriptions s
        WHERE s.pay_id IN (${idle.merchant.payId}, ${used.merchant.payId})`,
    )
    expect(subscriptions).toEqual([{ pay_id: used.merchant.payId, debits: 1 }])
    const debits = await rowsOf(
      store.db,
      sql`SELECT 1 FROM sandbox_subscription_debits WHERE pay_id = ${idle.merchant.payId}`,
    )
    expect(debits).toEqual([])
  })
})

describe('sandbox accounts under their limits', () => {
  it('refuses an address its fourth account in an hour with 344, and a full sandbox with 361, storing nothing', async () => {
    const limited = await accountSandbox(store.db, {
      accounts: { perHour: 3, max: 0 },
    })
    try {
      for (let n = 0; n < 3; n++) await makeAccount(limited.url)
      const before = await countAccounts()
      const refused = await fetch(`${limited.url}/accounts`, {
        method: 'POST',
        headers: { accept: 'application/json' },
      })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await refused.json()).toMatchObject({ RESPONSE_CODE: '344' })
      expect(await countAccounts()).toBe(before)
    } finally {
      await limited.close()
    }
    const full = await accountSandbox(store.db, {
      accounts: { max: await countAccounts() },
    })
    try {
      const before = await countAccounts()
      const refused = await fetch(`${full.url}/accounts`, {
        method: 'POST',
        headers: { accept: 'application/json' },
      })
      expect(refused.status).toBe(503)
      expect(await refused.json()).toMatchObject({ RESPONSE_CODE: '361' })
      const page = await fetch(`${full.url}/accounts`, { method: 'POST' })
      expect(page.status).toBe(503)
      expect(await page.text()).toContain('No room for new accounts')
      expect(await countAccounts()).toBe(before)
    } finally {
      await full.close()
    }
  })

  it("counts one account's API limit apart from another's", async () => {
    const limited = await accountSandbox(store.db, {
      limits: { perMerchant: 3, perIp: 0 },
    })
    try {
      const a = await makeAccount(limited.url)
      const b = await makeAccount(limited.url)
      const status = (who: Made) =>
        call(`${limited.url}/pgws/transact`, who.merchant, {
          PAY_ID: who.merchant.payId,
          ORDER_ID: 'NONE-1',
          TXNTYPE: 'STATUS',
        })
      for (let n = 0; n < 3; n++) expect((await status(a)).json.RESPONSE_CODE).toBe('328')
      expect((await status(a)).status).toBe(429)
      expect((await status(b)).json.RESPONSE_CODE).toBe('328')
    } finally {
      await limited.close()
    }
  })

  it("on a public sandbox refuses to move the demo merchant's clock (362, naming the account page), and moves an account's", async () => {
    const publicSandbox = await accountSandbox(store.db, {
      ...onPublicSite,
    })
    try {
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString()
      const refused = await call(`${publicSandbox.url}/pgws/settlement/run`, demo, {
        PAY_ID: demo.payId,
        AS_OF: future,
      })
      expect(refused.json).toMatchObject({
        RESPONSE_CODE: '362',
        ACCOUNT_URL: 'https://pay.paystra.example/sandbox/accounts/new',
      })
      // Now (what is already due) stays the demo merchant's to run.
      const now = await call(`${publicSandbox.url}/pgws/settlement/run`, demo, {
        PAY_ID: demo.payId,
        AS_OF: new Date().toISOString(),
      })
      expect(now.json.RESPONSE_CODE).toBe('000')
      const account = await makeAccount(publicSandbox.url)
      const moved = await call(`${publicSandbox.url}/pgws/settlement/run`, account.merchant, {
        PAY_ID: account.merchant.payId,
        AS_OF: future,
      })
      expect(moved.json.RESPONSE_CODE).toBe('000')
    } finally {
      await publicSandbox.close()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  'sandbox accounts on two instances sharing one PostgreSQL (skipped: DATABASE_URL is unset; PGlite is one session, where creations cannot race)',
  () => {
    it('never passes the cap when creations race on both, and an account made on one signs on the other at once', async () => {
      const other = await openDatabase(testDatabaseOptions())
      const room = 3
      const cap = (await countAccounts()) + room
      const instances = [
        await accountSandbox(store.db, {
          accounts: { max: cap },
        }),
        await accountSandbox(other.db, {
          accounts: { max: cap },
        }),
      ]
      try {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, n) =>
            fetch(`${instances[n % 2]!.url}/accounts`, {
              method: 'POST',
              headers: { accept: 'application/json' },
            }).then(async (response) => ({
              status: response.status,
              json: (await response.json()) as Fields,
            })),
          ),
        )
        const made = answers.filter((answer) => answer.status === 201)
        expect(made).toHaveLength(room)
        expect(answers.filter((answer) => answer.status === 503)).toHaveLength(10 - room)
        expect(await countAccounts()).toBe(cap)
        // Made through the first instance, it signs through the second with no delay.
        const first = answers.findIndex((answer) => answer.status === 201)
        const account = await findAccount(store.db, answers[first]!.json.PAY_ID!)
        const merchant = accountMerchant(account!, { returnOrigins: [], eventsPerDay: 0 })
        const elsewhere = instances[(first + 1) % 2]!
        const status = await call(`${elsewhere.url}/pgws/transact`, merchant, {
          PAY_ID: merchant.payId,
          ORDER_ID: 'NONE-2',
          TXNTYPE: 'STATUS',
        })
        expect(status.json.RESPONSE_CODE).toBe('328')
      } finally {
        for (const instance of instances) await instance.close()
        await other.close()
      }
    })
  },
)
