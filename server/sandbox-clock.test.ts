/**
 * A sandbox account's clock over HTTP, on the site's database (PGlite, and PostgreSQL in CI's
 * data stage): advanced four days, it runs on the way the late payment and the working days'
 * settlements, in order, and every record of the account agrees with it; another account's
 * clock stays where it was; bad advances are refused with their codes; two advances racing to
 * one time settle each date once.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fields } from '#core/protocol/fields.ts'
import { rowsOf } from '#jobs/sql-rows.ts'
import type { SandboxMerchant } from '#gateway/merchants.ts'
import { payByUpi } from '#tests/support/sandbox-api.ts'
import { call, type SettlementSandbox } from '#tests/support/sandbox-settlements.ts'
import { testDatabaseOptions } from '#tests/support/database.ts'
import {
  accountSandbox,
  accountsDemo,
  onPublicSite,
  makeAccount as makeAccountAt,
} from '#tests/support/sandbox-accounts.ts'
import { type DataStore, openDatabase } from './db/database.ts'

const demo = accountsDemo
const HOUR_MS = 3_600_000

let store: DataStore
let sandbox: SettlementSandbox

const makeAccount = async (url: string) => (await makeAccountAt(url, store.db)).merchant

const clockOf = async (url: string, merchant: SandboxMerchant) =>
  new Date((await call(`${url}/pgws/clock`, merchant, { PAY_ID: merchant.payId })).json.NOW!)

const status = async (url: string, merchant: SandboxMerchant, orderId: string) =>
  (
    await call(`${url}/pgws/transact`, merchant, {
      PAY_ID: merchant.payId,
      ORDER_ID: orderId,
      TXNTYPE: 'STATUS',
    })
  ).json

/** An IST `YYYY-MM-DD HH:mm:ss` as an instant. */
const istTime = (text: string) => new Date(`${text.replace(' ', 'T')}+05:30`)

beforeAll(async () => {
  store = await openDatabase(testDatabaseOptions())
  sandbox = await accountSandbox(store.db, {
    settleDelayMs: 60_000,
  })
})

afterAll(async () => {
  await sandbox?.close()
  await store?.close()
})

describe("a sandbox account's clock", () => {
  it('advanced four days, captures the late payment and settles each working day in order, and every record agrees with it', async () => {
    const account = await makeAccount(sandbox.url)
    const other = await makeAccount(sandbox.url)
    const start = await clockOf(sandbox.url, account)
    expect(Math.abs(start.getTime() - Date.now())).toBeLessThan(60_000)

    const paid = await payByUpi(`${sandbox.url}`, '50000', 'success@upi', {}, account)
    const late = await payByUpi(`${sandbox.url}`, '20000', 'late@upi', {}, account)
    expect((await status(sandbox.url, account, late)).RESPONSE_CODE).toBe('026')
    const refund = await call(`${sandbox.url}/pgws/transact`, account, {
      PAY_ID: account.payId,
      ORDER_ID: paid,
      REFUND_ORDER_ID: `RF${paid}`,
      AMOUNT: '10000',
      CURRENCY_CODE: '356',
      TXNTYPE: 'REFUND',
    })
    expect(refund.json.RESPONSE_CODE).toBe('000')

    const advanced = await call(`${sandbox.url}/pgws/clock/advance`, account, {
      PAY_ID: account.payId,
      BY: '4d',
    })
    expect(advanced.json.RESPONSE_CODE).toBe('000')
    const from = new Date(advanced.json.FROM!)
    const now = new Date(advanced.json.NOW!)
    expect(Math.abs(now.getTime() - from.getTime() - 4 * 24 * HOUR_MS)).toBeLessThan(1000)
    const happened = JSON.parse(advanced.json.HAPPENED!) as {
      AT: string
      TYPE: string
      REFERENCE: string
    }[]
    // In time order: the late payment first (a minute after it was made), then the settlements.
    const times = happened.map((entry) => istTime(entry.AT).getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(happened[0]).toMatchObject({ TYPE: 'PAYMENT_CAPTURED', REFERENCE: late })
    expect(happened.filter((entry) => entry.TYPE === 'SETTLEMENT').length).toBeGreaterThanOrEqual(1)
    for (const entry of happened) {
      expect(istTime(entry.AT).getTime()).toBeGreaterThan(from.getTime() - 1000)
      expect(istTime(entry.AT).getTime()).toBeLessThanOrEqual(now.getTime())
    }

    // The clock reads the new time, and a payment made now is made at it.
    const after = await clockOf(sandbox.url, account)
    expect(after.getTime()).toBeGreaterThanOrEqual(now.getTime())
    const later = await payByUpi(`${sandbox.url}`, '30000', 'success@upi', {}, account)
    const laterAt = istTime((await status(sandbox.url, account, later)).RESPONSE_DATE_TIME!)
    expect(Math.abs(laterAt.getTime() - now.getTime())).toBeLessThan(60_000)

    // The late payment was captured when it fell due on the account's clock, a minute after it
    // was made, before the settlement that paid it; the settlements are dated by the clock.
    const lateAnswer = await status(sandbox.url, account, late)
    expect(lateAnswer.RESPONSE_CODE).toBe('000')
    const lateAt = istTime(lateAnswer.RESPONSE_DATE_TIME!)
    expect(lateAt.getTime()).toBeGreaterThan(from.getTime())
    expect(lateAt.getTime()).toBeLessThan(from.getTime() + 5 * 60_000)
    const settlements = JSON.parse(advanced.json.SETTLEMENTS!) as Fields[]
    const rows = await rowsOf<{ id: string; created_at: Date | string; settlement_date: string }>(
      store.db,
      sql`SELECT id, created_at, settlement_date::text FROM sandbox_settlements
        WHERE pay_id = ${account.payId} ORDER BY created_at`,
    )
    expect(rows.map((row) => row.id)).toEqual(settlements.map((made) => made.SETTLEMENT_ID))
    for (const row of rows) {
      const made = new Date(row.created_at)
      expect(made.getTime()).toBeGreaterThan(from.getTime())
      expect(made.getTime()).toBeLessThanOrEqual(now.getTime())
      const lines = await rowsOf<{ date: string }>(
        store.db,
        sql`SELECT date FROM sandbox_settlement_lines WHERE settlement_id = ${row.id}`,
      )
      for (const line of lines)
        expect(istTime(line.date).getTime()).toBeLessThanOrEqual(made.getTime())
    }
    // Both payments and the refund are in a settlement now; the one made after the advance is not.
    const recon = async (orderId: string) =>
      JSON.parse(
        (
          await call(`${sandbox.url}/pgws/recon`, account, {
            PAY_ID: account.payId,
            ORDER_ID: orderId,
          })
        ).json.RECON!,
      ) as Fields[]
    for (const entry of [...(await recon(paid)), ...(await recon(late))]) {
      expect(entry.STATE).toBe('SETTLED')
    }
    expect((await recon(later))[0]!.STATE).toBe('UNSETTLED')

    // The other account's clock did not move.
    const untouched = await clockOf(sandbox.url, other)
    expect(Math.abs(untouched.getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('refuses a bad advance with its code, and moves nothing', async () => {
    const account = await makeAccount(sandbox.url)
    const advance = (fields: Fields) =>
      call(`${sandbox.url}/pgws/clock/advance`, account, { PAY_ID: account.payId, ...fields })
    const before = await clockOf(sandbox.url, account)
    const past = new Date(Date.now() - HOUR_MS).toISOString()
    const far = new Date(Date.now() + 401 * 24 * HOUR_MS).toISOString()
    for (const [fields, code] of [
      [{}, '363'],
      [{ BY: '1d', TO: far }, '363'],
      [{ BY: '0d' }, '363'],
      [{ BY: '1w' }, '363'],
      [{ BY: '-1d' }, '363'],
      [{ BY: '401d' }, '364'],
      [{ TO: past }, '364'],
      // Past the bank holidays the sandbox knows, as for AS_OF.
      [{ TO: far }, '359'],
      [{ TO: '2026-13-01T00:00:00+05:30' }, '341'],
    ] as const) {
      expect((await advance(fields)).json.RESPONSE_CODE, JSON.stringify(fields)).toBe(code)
    }
    const after = await clockOf(sandbox.url, account)
    expect(after.getTime() - before.getTime()).toBeLessThan(60_000)
  })

  it('moves with a test run: settlement/run AS_OF in the future is an advance to it', async () => {
    const account = await makeAccount(sandbox.url)
    const asOf = new Date(Date.now() + 3 * 24 * HOUR_MS)
    const run = await call(`${sandbox.url}/pgws/settlement/run`, account, {
      PAY_ID: account.payId,
      AS_OF: asOf.toISOString(),
    })
    expect(run.json.RESPONSE_CODE).toBe('000')
    const now = await clockOf(sandbox.url, account)
    expect(now.getTime()).toBeGreaterThanOrEqual(asOf.getTime())
    expect(now.getTime() - asOf.getTime()).toBeLessThan(60_000)
  })

  it('two advances to one time, sent at once, settle each date once and leave the clock at that time', async () => {
    const account = await makeAccount(sandbox.url)
    await payByUpi(`${sandbox.url}`, '40000', 'success@upi', {}, account)
    const to = new Date(Date.now() + 5 * 24 * HOUR_MS).toISOString()
    const answers = await Promise.all(
      [0, 1].map(() =>
        call(`${sandbox.url}/pgws/clock/advance`, account, { PAY_ID: account.payId, TO: to }),
      ),
    )
    // One moves the clock; the other either raced it and did nothing twice, or came after it
    // and found the time already reached (364).
    const codes = answers.map((answer) => answer.json.RESPONSE_CODE).sort()
    expect(codes[0]).toBe('000')
    expect(['000', '364']).toContain(codes[1])
    const rows = await rowsOf<{ settlement_date: string; n: number }>(
      store.db,
      sql`SELECT settlement_date::text, count(*)::int AS n FROM sandbox_settlements
        WHERE pay_id = ${account.payId} GROUP BY settlement_date`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(1)
    for (const row of rows) expect(row.n).toBe(1)
    const now = await clockOf(sandbox.url, account)
    expect(now.getTime() - new Date(to).getTime()).toBeLessThan(60_000)
  })

  it("on a public sandbox refuses to move the demo merchant's clock (362)", async () => {
    const publicSandbox = await accountSandbox(store.db, {
      ...onPublicSite,
    })
    try {
      const refused = await call(`${publicSandbox.url}/pgws/clock/advance`, demo, {
        PAY_ID: demo.payId,
        BY: '1d',
      })
      expect(refused.json).toMatchObject({
        RESPONSE_CODE: '362',
        ACCOUNT_URL: 'https://pay.paystra.example/sandbox/accounts/new',
      })
      const now = await clockOf(publicSandbox.url, demo)
      expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(60_000)
    } finally {
      await publicSandbox.close()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  "a sandbox account's clock on two instances sharing one PostgreSQL (skipped: DATABASE_URL is unset; PGlite is one session, where advances cannot race)",
  () => {
    it('advanced to one time on both instances at once, settles each date once and ends at that time', async () => {
      const other = await openDatabase(testDatabaseOptions())
      const second = await accountSandbox(other.db)
      try {
        const account = await makeAccount(sandbox.url)
        for (let n = 0; n < 3; n++) await payByUpi(sandbox.url, '25000', 'success@upi', {}, account)
        const to = new Date(Date.now() + 6 * 24 * HOUR_MS).toISOString()
        const answers = await Promise.all(
          [sandbox, second, sandbox, second].map((instance) =>
            call(`${instance.url}/pgws/clock/advance`, account, { PAY_ID: account.payId, TO: to }),
          ),
        )
        const codes = answers.map((answer) => answer.json.RESPONSE_CODE)
        expect(codes).toContain('000')
        for (const code of codes) expect(['000', '364']).toContain(code)
        const rows = await rowsOf<{ settlement_date: string; n: number }>(
          store.db,
          sql`SELECT settlement_date::text, count(*)::int AS n FROM sandbox_settlements
            WHERE pay_id = ${account.payId} GROUP BY settlement_date`,
        )
        expect(rows.length).toBeGreaterThanOrEqual(1)
        for (const row of rows) expect(row.n).toBe(1)
        const payments = await rowsOf<{ n: number }>(
          store.db,
          sql`SELECT count(*)::int AS n FROM sandbox_settlement_lines l
            JOIN sandbox_settlements s ON s.id = l.settlement_id
            WHERE s.pay_id = ${account.payId} AND l.type = 'PAYMENT'`,
        )
        expect(payments[0]!.n).toBe(3)
        const now = await clockOf(second.url, account)
        expect(now.getTime() - new Date(to).getTime()).toBeLessThan(60_000)
      } finally {
        await second.close()
        await other.close()
      }
    })
  },
)
